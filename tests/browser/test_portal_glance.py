"""The portal's 'At a glance' charts in Chromium, on a phone and a desktop, in the light and the dark theme."""

import re

import pytest
from playwright.sync_api import Page, expect

from app.models.types import utcnow
from app.pages.glance import short_date
from app.services import glance
from tests.browser.contrast import contrast_ratio, parse_color
from tests.browser.test_portal import open_portal, sign_in_as_admin

pytestmark = pytest.mark.browser

# What a chart's label and line read against in both themes: the colours the browser computed.
COLOURS = """figure => {
  const card = figure.closest('.card');
  const label = figure.querySelector('.chart__label');
  const line = figure.querySelector('.chart__line, .chart__bars');
  return {
    background: getComputedStyle(card).backgroundColor,
    label: getComputedStyle(label).fill,
    series: getComputedStyle(line).color,
    labelHeight: label.getBoundingClientRect().height,
  };
}"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_portal_shows_the_catalog_at_a_glance(device_page: Page, device, admin, catalog, theme):
    page = device_page
    glance.backfill()
    glance.take_snapshot()
    # Every frame runs the script; the player's frames may not touch the site's storage.
    page.add_init_script(f"try {{ localStorage.setItem('theme', {theme!r}) }} catch {{}}")
    sign_in_as_admin(page)
    open_portal(page)

    section = page.get_by_role("region", name="At a glance")
    section.scroll_into_view_if_needed()
    charts = section.get_by_role("img")
    expect(charts).to_have_count(5)
    expect(charts.first).to_have_accessible_name("Videos added per day")
    today = short_date(utcnow().date())
    expect(charts.first).to_have_accessible_description(f"Videos added on {today}: {catalog.created}.")
    width = page.viewport_size["width"]
    for index in range(5):
        box = charts.nth(index).bounding_box()
        assert box and 250 <= box["width"] <= width, "as wide as its column, never wider than the screen"
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "nothing scrolls sideways"

    colours = section.locator("figure.chart").first.evaluate(COLOURS)
    background = parse_color(colours["background"])
    assert contrast_ratio(parse_color(colours["label"]), background) >= 4.5, colours
    assert contrast_ratio(parse_color(colours["series"]), background) >= 3, colours
    assert colours["labelHeight"] >= 10, "axis labels a phone can read"

    # The first choice is made before htmx has loaded: it waits for htmx rather than loading the page again at its
    # top, where the section sits a screen or more down. The address keeps the range for a reload.
    top = "document.getElementById('at-a-glance').getBoundingClientRect().top"
    for days in ("30", "365"):
        page.locator("#at-a-glance").get_by_role("link", name=f"{days} days").scroll_into_view_if_needed()
        before = page.evaluate(top)
        page.locator("#at-a-glance").get_by_role("link", name=f"{days} days").click()
        chosen = page.locator("#at-a-glance").get_by_role("link", name=f"{days} days")
        expect(chosen).to_have_attribute("aria-current", "true")
        expect(page.locator("#at-a-glance").get_by_role("img")).to_have_count(5)
        expect(page).to_have_url(re.compile(rf"/developer-portal\?days={days}$"))
        after = page.evaluate(top)
        assert abs(after - before) < 100, f"the section moved from {before} to {after}: the page did not stay put"
    expect(page.locator("html")).to_have_attribute("data-theme", theme)

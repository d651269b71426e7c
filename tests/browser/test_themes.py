"""Themes in Chromium: light, dark and the system's, chosen in the sidebar, remembered, applied before the first
paint, and every main screen readable (WCAG AA contrast) in both."""

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import select

from app.extensions import db
from app.models import Creator
from tests.browser.conftest import open_dialog, sign_in
from tests.browser.contrast import Layer, gradient_colors, parse_color, required_ratio, worst_contrast
from tests.conftest import DEFAULT_PASSWORD

pytestmark = pytest.mark.browser

PAGE_BACKGROUND = {"light": "rgb(247, 247, 250)", "dark": "rgb(11, 11, 15)"}


@pytest.fixture(autouse=True)
def player_server(fake_tiktok):
    fake_tiktok.reset()
    return fake_tiktok


def remember_theme(page: Page, theme: str) -> None:
    """Every page this context opens finds `theme` remembered, as if chosen before."""
    page.add_init_script(f"localStorage.setItem('theme', {theme!r})")


def body_background(page: Page) -> str:
    return page.evaluate("getComputedStyle(document.body).backgroundColor")


def chooser_option(page: Page, name: str):
    return page.get_by_role("radiogroup", name="Theme").get_by_role("radio", name=name)


def choose(page: Page, name: str) -> None:
    """Click the option's label, as a visitor would (the radio itself is there for keyboards)."""
    page.get_by_role("radiogroup", name="Theme").get_by_text(name, exact=True).click()


# What the page looks like when its body first exists (nothing can have painted before) and when parsing ends.
_RECORD_FIRST_PAINT = """
window.themeAtFirstPaint = {};
new MutationObserver((_, observer) => {
  if (!document.body) return;
  observer.disconnect();
  window.themeAtFirstPaint.atBody = document.documentElement.dataset.theme ?? null;
}).observe(document, { childList: true, subtree: true });
document.addEventListener("DOMContentLoaded", () => {
  window.themeAtFirstPaint.background = getComputedStyle(document.body).backgroundColor;
  window.themeAtFirstPaint.scheme = getComputedStyle(document.documentElement).colorScheme;
});
"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_remembered_theme_is_there_at_the_first_paint(page: Page, catalog, theme):
    remember_theme(page, theme)
    page.add_init_script(_RECORD_FIRST_PAINT)
    # Without the site's bundle only the inline script in <head> can apply the theme.
    page.route("**/static/dist/main-*.js", lambda route: route.abort())
    page.emulate_media(color_scheme="dark" if theme == "light" else "light")
    page.goto("/")
    first_paint = page.evaluate("window.themeAtFirstPaint")
    assert first_paint == {"atBody": theme, "background": PAGE_BACKGROUND[theme], "scheme": theme}


@pytest.mark.parametrize("system", ["light", "dark"])
def test_without_a_choice_the_page_follows_the_system(page: Page, system):
    page.emulate_media(color_scheme=system)
    page.goto("/about-us")
    assert body_background(page) == PAGE_BACKGROUND[system]
    expect(chooser_option(page, "System")).to_be_checked()
    page.emulate_media(color_scheme="light" if system == "dark" else "dark")
    assert body_background(page) != PAGE_BACKGROUND[system]


def test_a_visitor_chooses_a_theme_in_the_drawer_and_it_is_remembered(device_page: Page, device):
    page = device_page
    page.emulate_media(color_scheme="dark")
    page.goto("/about-us")
    if device == "phone":
        page.get_by_role("button", name="Open navigation").click()
    choose(page, "Light")
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    assert body_background(page) == PAGE_BACKGROUND["light"]

    page.reload()
    assert body_background(page) == PAGE_BACKGROUND["light"]
    expect(chooser_option(page, "Light")).to_be_checked()

    if device == "phone":
        page.get_by_role("button", name="Open navigation").click()
    choose(page, "System")
    expect(page.locator("html")).not_to_have_attribute("data-theme", "light")
    assert body_background(page) == PAGE_BACKGROUND["dark"]
    assert page.evaluate("localStorage.getItem('theme')") is None


def test_a_signed_in_user_chooses_with_the_keyboard(page: Page, user):
    page.emulate_media(color_scheme="light")
    sign_in(page, user.email, DEFAULT_PASSWORD)
    expect(page.locator(".topbar .user-menu-trigger")).to_be_visible()
    page.goto("/settings")
    chooser_option(page, "System").focus()
    page.keyboard.press("ArrowUp")  # radios move with the arrow keys: System → Dark
    expect(chooser_option(page, "Dark")).to_be_checked()
    expect(chooser_option(page, "Dark")).to_be_focused()
    assert body_background(page) == PAGE_BACKGROUND["dark"]
    page.goto(f"/profile/{user.username}")
    assert body_background(page) == PAGE_BACKGROUND["dark"]


# ---- contrast ------------------------------------------------------------------------------------------------

# Every rendered element with text of its own, with its colours and the backgrounds of it and its ancestors.
_TEXT_COLOURS = """() => {
  const phone = matchMedia("(max-width: 640px)").matches;
  const found = [];
  for (const element of document.body.querySelectorAll("*")) {
    if (element.closest("svg, script, style, template, option, [aria-hidden='true'], .visually-hidden")) continue;
    const isField = element.matches("input:not([type=hidden], [type=radio], [type=checkbox]), textarea");
    const ownText = Array.from(element.childNodes).some((node) => node.nodeType === 3 && node.textContent.trim());
    if (!ownText && !isField) continue;
    const box = element.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;
    if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    // Disabled controls need no contrast (WCAG 1.4.3). On phones the caption and the rail sit over the video
    // itself, with a shadow, and what is behind them is the video's own picture, which no stylesheet decides.
    if (element.closest(":disabled, [aria-disabled='true']")) continue;
    if (phone && element.closest(".feed-details")) continue;
    const style = getComputedStyle(element);
    const placeholder = isField && !element.value && element.placeholder;
    let opacity = 1;
    const layers = [];
    for (let node = element; node; node = node.parentElement) {
      const nodeStyle = getComputedStyle(node);
      opacity *= Number(nodeStyle.opacity);
      layers.push({ color: nodeStyle.backgroundColor, image: nodeStyle.backgroundImage });
    }
    found.push({
      where: `${element.tagName.toLowerCase()}.${Array.from(element.classList).join(".")}`,
      text: (placeholder || (isField ? element.value : element.textContent)).trim().slice(0, 60),
      color: placeholder ? getComputedStyle(element, "::placeholder").color : style.color,
      size: parseFloat(style.fontSize),
      weight: Number(style.fontWeight),
      opacity,
      layers,
    });
  }
  return found;
}"""


def contrast_failures(page: Page, screen: str) -> list[str]:
    """Each text element below AA, described."""
    failures = []
    for text in page.evaluate(_TEXT_COLOURS):
        if any("url(" in layer["image"] for layer in text["layers"]):
            failures.append(f"{screen}: {text['where']} {text['text']!r} is over an image; decide its contrast")
            continue
        layers = [Layer(parse_color(layer["color"]), gradient_colors(layer["image"])) for layer in text["layers"]]
        ratio = worst_contrast(parse_color(text["color"]), layers, text["opacity"])
        needed = required_ratio(text["size"], text["weight"])
        if ratio < needed:
            failures.append(f"{screen}: {text['where']} {text['text']!r} {ratio:.2f} < {needed} ({text['color']})")
    return failures


def settle(page: Page) -> None:
    """Wait until every island the page mounts at once has mounted and nothing says it is loading."""
    page.wait_for_function(
        """() => Array.from(document.querySelectorAll("[data-island]:not([data-island-on])"))
              .every((node) => node.dataset.islandMounted === "true")
            && !document.querySelector(".loading-state, .player-skeleton")"""
    )
    page.wait_for_timeout(200)


@pytest.fixture
def creator_username(catalog) -> str:
    return db.session.scalars(select(Creator.username).limit(1)).first()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_main_screen_has_aa_contrast(device_page: Page, theme, catalog, creator_username, user, admin):
    page = device_page
    remember_theme(page, theme)
    visitor_screens = {
        "home": "/",
        "dance trends": "/dance-trends",
        "categories": "/categories",
        "search results": f"/search?q={creator_username[:4]}",
        "creator page": f"/user/{creator_username}",
        "error page": "/no-such-page",
    }
    failures = []
    for screen, path in visitor_screens.items():
        page.goto(path)
        settle(page)
        failures += contrast_failures(page, screen)
        if screen == "dance trends":
            page.locator(".trend-curve > summary").click()
            expect(page.locator(".trend-curve .chart")).to_be_visible()
            failures += contrast_failures(page, "dance trends with a trend's curve open")

    page.goto("/about-us")
    open_dialog(page)
    expect(page.get_by_role("dialog")).to_be_visible()
    failures += contrast_failures(page, "sign-in dialog")

    sign_in(page, user.email, DEFAULT_PASSWORD)
    expect(page.locator(".topbar .user-menu-trigger")).to_be_visible()
    for screen, path in {"settings": "/settings", "profile": f"/profile/{user.username}"}.items():
        page.goto(path)
        settle(page)
        failures += contrast_failures(page, screen)

    page.context.clear_cookies()
    sign_in(page, admin.email, DEFAULT_PASSWORD)
    expect(page.get_by_role("link", name="Developer")).to_be_attached()
    page.goto("/developer-portal")
    settle(page)
    failures += contrast_failures(page, "developer portal")
    assert not failures, "\n".join(failures)

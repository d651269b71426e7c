"""Switching to Vietnamese: the shell and a feed island speak it, and a reload remembers it."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import SCREENS
from tests.browser.test_following import signed_in

pytestmark = pytest.mark.browser


@SCREENS
def test_switching_to_vietnamese_translates_the_shell_and_the_feed_and_is_remembered(page: Page, catalog, tmp_path):
    page.goto("/")
    page.get_by_role("button", name="Tiếng Việt").click()
    page.wait_for_url("**/")
    expect(page.locator("html")).to_have_attribute("lang", "vi")
    page.wait_for_selector("[data-island='home-feed'][data-island-mounted='true']", state="attached")
    expect(page.get_by_role("link", name="Xu hướng nhảy").first).to_be_attached()
    expect(page.get_by_role("button", name="Tiếp")).to_be_visible()
    expect(page.get_by_role("button", name="Chia sẻ")).to_be_visible()
    expect(page.locator(".feed-creator-views").first).to_contain_text("lượt xem")
    page.screenshot(path=str(tmp_path / "vietnamese.png"))

    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "vi")
    expect(page.get_by_role("button", name="Tiếng Việt")).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("button", name="Next")).to_be_visible()


def test_a_signed_in_user_keeps_the_language_in_the_account_and_finds_it_in_another_browser(
    page: Page, browser, live_server, user
):
    signed_in(page, user)
    page.goto("/settings")
    page.wait_for_selector("[data-island='settings'][data-island-mounted='true']", state="attached")
    page.get_by_role("region", name="Language").get_by_label("Language").select_option("vi")
    expect(page.locator("html")).to_have_attribute("lang", "vi")
    expect(page.get_by_role("heading", name="Ngôn ngữ")).to_be_visible()

    elsewhere = browser.new_context(base_url=live_server, locale="en-US", service_workers="block")
    other = elsewhere.new_page()
    signed_in(other, user)
    other.goto("/")
    expect(other.locator("html")).to_have_attribute("lang", "vi")
    elsewhere.close()


@pytest.mark.parametrize("language", ["en", "vi"])
def test_on_the_smallest_phone_the_top_bar_fits_in_either_language(browser, live_server, catalog, language):
    """At 320 px Vietnamese's 'Đăng nhập' pushed the login button past the screen's edge."""
    context = browser.new_context(
        base_url=live_server, service_workers="block", locale=language, viewport={"width": 320, "height": 640}
    )
    page = context.new_page()
    page.goto("/about-us")
    login = page.locator(".topbar").get_by_role("link", name="Đăng nhập" if language == "vi" else "Login")
    expect(login).to_be_visible()
    expect(page.locator(".topbar").get_by_role("link", name="Danza")).to_be_visible()
    edges = [box["x"] + box["width"] for box in (e.bounding_box() for e in page.locator(".topbar > *").all()) if box]
    assert max(edges) <= 320, edges
    context.close()


def test_on_a_phone_the_search_tabs_and_the_categories_sort_fit_in_vietnamese(browser, live_server, catalog):
    """'Nhà sáng tạo' ran into 'Xu hướng' and 'Người dùng' lost its first letter; 'Dùng nhiều nhất' was cut."""
    context = browser.new_context(
        base_url=live_server, service_workers="block", locale="vi", viewport={"width": 375, "height": 812}
    )
    page = context.new_page()
    page.goto("/search?q=zzzxxqq")
    tabs = [tab.bounding_box() for tab in page.get_by_role("tab").all()]
    assert len(tabs) == 5
    for tab, label in zip(tabs, page.locator(".search-tab > span:first-child").all(), strict=True):
        assert tab is not None and tab["x"] >= 0 and tab["x"] + tab["width"] <= 375
        assert label.evaluate("span => span.scrollWidth <= span.parentElement.clientWidth"), label.text_content()
    page.goto("/categories")
    page.wait_for_selector("[data-island='categories'][data-island-mounted='true']", state="attached")
    sort = page.get_by_label("Sắp xếp theo")
    expect(sort).to_have_value("count")
    width = sort.evaluate("select => select.clientWidth")
    needed = sort.evaluate(
        """select => {
            const probe = document.createElement("span");
            probe.style.font = getComputedStyle(select).font;
            probe.textContent = select.selectedOptions[0].textContent;
            document.body.append(probe);
            const width = probe.getBoundingClientRect().width;
            probe.remove();
            return width;
        }"""
    )
    assert needed + 28 <= width, (needed, width)  # the text, the inset and the arrow
    context.close()

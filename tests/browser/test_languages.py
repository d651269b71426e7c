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

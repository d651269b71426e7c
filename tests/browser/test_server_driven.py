"""The htmx parts, which load on first use: the sidebar's user search and the contact form."""

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def test_the_sidebar_search_loads_on_first_use_and_finds_users(page: Page, make_user):
    make_user("dancequeen")
    page.goto("/about-us")
    assert page.evaluate("typeof window.htmx") == "undefined"
    search = page.locator("#sidebar-search-input")
    search.click()
    search.press_sequentially("dancequ", delay=30)
    expect(page.locator("#sidebar-search-results")).to_contain_text("dancequeen")


def test_a_search_typed_before_htmx_arrives_still_runs(page: Page, make_user):
    make_user("dancequeen")
    page.route("**/chunks/htmx-setup-*.js", lambda route: (page.wait_for_timeout(500), route.continue_()))
    page.goto("/about-us")
    page.locator("#sidebar-search-input").fill("dancequ")  # one input event, before the library is there
    expect(page.locator("#sidebar-search-results")).to_contain_text("dancequeen")


def test_the_contact_form_shows_its_errors_in_place(page: Page):
    page.goto("/contact-us")
    page.get_by_label("Name*").fill("Ana")
    page.get_by_role("button", name="Send Message").click()
    expect(page.locator("#contact-email-error")).to_be_visible()
    expect(page).to_have_url("/contact-us")

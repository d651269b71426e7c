"""The site as an installable app in Chromium: the browser finds nothing that stops installing (the check Lighthouse's
installability audit ran, asked of Chromium directly: Lighthouse 12 no longer has that audit), the service worker
takes control, and a page opened offline is the offline page, never a stale copy."""

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


@pytest.fixture
def page(browser, live_server):
    """A page whose service worker runs; each test waits until it is ready, so its shell is fetched before closing."""
    context = browser.new_context(base_url=live_server, viewport={"width": 375, "height": 812}, service_workers="allow")
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


# A browser context of the tests is a fresh, incognito-like profile, where Chromium never installs; that is the one
# reason allowed here, and it is about the browser, not the site.
INCOGNITO = {"errorId": "in-incognito", "errorArguments": []}


def test_chromium_finds_the_site_installable(page: Page):
    page.goto("/about-us")
    page.evaluate("navigator.serviceWorker.ready")
    session = page.context.new_cdp_session(page)
    errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [error for error in errors if error != INCOGNITO] == []
    manifest = session.send("Page.getAppManifest")
    assert manifest["errors"] == [] and manifest["url"].endswith("/manifest.webmanifest")


def test_offline_a_page_is_the_offline_page_and_online_again_the_real_one(page: Page, catalog):
    page.goto("/about-us")
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()  # now the worker controls the page
    expect(page.locator("body")).to_contain_text("About")
    page.context.set_offline(True)
    page.goto("/dance-trends")
    expect(page.get_by_role("heading", name="You're offline")).to_be_visible()
    page.context.set_offline(False)
    page.get_by_role("link", name="Try Again").click()
    expect(page.get_by_role("link", name="Dance Trends").first).to_be_visible()

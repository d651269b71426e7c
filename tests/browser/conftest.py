"""Browser tests: the app served on a local port, driven by Playwright in Debian's Chromium."""

import logging
import threading

import pytest
from playwright.sync_api import Locator, Page, sync_playwright
from werkzeug.serving import make_server

from tests.browser.fake_tiktok import fake_tiktok  # noqa: F401  (a fixture for every browser test)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def live_server(app):
    """The test app on 127.0.0.1, in a thread; yields its base URL."""
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


DESKTOP = (1280, 800)
PHONE = (375, 812, "touch")  # a phone's screen, with touch events
SCREENS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], indirect=True, ids=["desktop", "phone"])


@pytest.fixture
def viewport(request):
    """1280×800 unless a test parametrizes it (indirect) with (width, height), or PHONE for a touch screen."""
    width, height, *options = getattr(request, "param", DESKTOP)
    return {"width": width, "height": height, "touch": "touch" in options}


@pytest.fixture
def page(browser, live_server, viewport) -> Page:
    # The service worker is tested on its own (test_installable.py): elsewhere it would fetch the shell beside each
    # test and hide requests from Playwright.
    size = {"width": viewport["width"], "height": viewport["height"]}
    context = browser.new_context(
        base_url=live_server, viewport=size, has_touch=viewport["touch"], service_workers="block"
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


_WORDS_SPLIT_ACROSS_LINES = """element => {
  const split = [];
  const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let text = texts.nextNode(); text; text = texts.nextNode()) {
    const range = document.createRange();
    range.selectNodeContents(text);
    const lines = new Set(Array.from(range.getClientRects(), (box) => Math.round(box.top)));
    if (lines.size > 1 && !/\\s/.test(text.textContent.trim())) split.push(text.textContent);
  }
  return split;
}"""


def words_split_across_lines(element) -> list[str]:
    """The words (runs of text without a space) of an element that the browser broke over two lines or more."""
    return element.evaluate(_WORDS_SPLIT_ACROSS_LINES)


def assert_count_and_sort_beside(page: Page, control: Locator) -> None:
    """A channel feed on a phone (a creator's, Following): the video count and the video sort share the row of
    `control`, right of it, leaving the row under it to the video."""
    left = control.bounding_box()
    for item in (page.locator(".category-meta"), page.get_by_label("Sort videos")):
        box = item.bounding_box()
        assert box["x"] >= left["x"] + left["width"], item
        assert left["y"] <= box["y"] + box["height"] / 2 <= left["y"] + left["height"], item


DEVICES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 375, "height": 812}, "has_touch": True, "is_mobile": True},
}


@pytest.fixture(params=list(DEVICES))
def device(request) -> str:
    """Each test that asks for it runs on a desktop (1280×800) and on a phone (375×812, a touch screen)."""
    return request.param


@pytest.fixture
def device_page(browser, live_server, device) -> Page:
    """Like `page`, on the test's device."""
    context = browser.new_context(base_url=live_server, service_workers="block", **DEVICES[device])
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def swipe(page: Page, from_y: float, to_y: float, x: float | None = None, steps: int = 10, hold_ms: int = 0) -> None:
    """A one-finger drag on the touch screen, as Chromium receives it from the device (so scrolling and snapping
    happen as they would on a phone), then the finger lifts: at once (a flick, which carries on with the finger's
    speed) or after resting `hold_ms` where it stopped (a drag, which carries on with none)."""
    x = page.viewport_size["width"] / 2 if x is None else x
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": from_y}]})
    for step in range(1, steps + 1):
        y = from_y + (to_y - from_y) * step / steps
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        page.wait_for_timeout(16)
    if hold_ms:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": to_y}]})
        page.wait_for_timeout(hold_ms)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def open_dialog(page: Page, mode: str = "login") -> None:
    """Open the login or register dialog from the top bar."""
    page.locator(".topbar [data-open-auth='login']").click()
    if mode == "register":
        page.get_by_role("dialog").get_by_role("button", name="Register", exact=True).click()


def sign_in(page: Page, email: str, password: str) -> None:
    page.goto("/")
    open_dialog(page)
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Email").fill(email)
    dialog.get_by_label("Password", exact=True).fill(password)
    dialog.get_by_role("button", name="Sign In").click()


def pytest_collection_modifyitems(items):
    """When the browser drops a connection mid-file (it navigated away), the live server's open file is closed by
    the garbage collector, which pytest reports as an unraisable exception in whatever test runs then. Only that
    one message is ignored, and only in browser tests."""
    ignore = pytest.mark.filterwarnings(
        "ignore:Exception ignored in. <_io.FileIO:pytest.PytestUnraisableExceptionWarning"
    )
    for item in items:
        if "/tests/browser/" in str(item.path):
            item.add_marker(ignore)

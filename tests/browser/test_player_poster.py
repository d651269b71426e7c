"""The player never shows an empty box: the poster until the embed is ready, the failure screen when it never is."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.fake_tiktok import fake_tiktok  # noqa: F401
from tests.browser.test_home_feed import player, seed

pytestmark = pytest.mark.browser

READY_TIMEOUT_MS = 10_000


@pytest.fixture(autouse=True)
def player_server(fake_tiktok):  # noqa: F811
    fake_tiktok.reset()
    return fake_tiktok


@pytest.fixture
def watcher(device_page: Page) -> Page:
    """A desktop's or a phone's page whose clock the test may move forward."""
    device_page.clock.install()
    return device_page


def current_player(page: Page):
    return page.locator(".feed-slide-current .player-frame")


def open_home(page: Page) -> None:
    page.goto("/")
    page.wait_for_selector("[data-island='home-feed'][data-island-mounted='true']", state="attached")


def shown_id(page: Page) -> str:
    href = page.locator(".feed-creator").get_by_role("link", name="View on TikTok").get_attribute("href")
    return href.rsplit("/", 1)[-1]


def test_the_poster_fills_the_box_until_the_embed_is_ready_then_a_silent_embed_fails_with_retry(
    watcher: Page, player_server
):
    for video in seed():
        player_server.stall(video.video_id)
    open_home(watcher)
    frame = current_player(watcher)
    poster, iframe = frame.locator("img.player-poster"), frame.locator("iframe")
    expect(poster).to_have_attribute("src", re.compile(r"^/thumbs/\d+\.jpg$"))
    expect(player(watcher).locator("#state")).to_have_text("stalled")
    expect(iframe).to_have_css("opacity", "0")
    assert poster.evaluate("img => img.complete && img.naturalWidth > 0")
    assert poster.bounding_box() == frame.bounding_box()

    watcher.clock.run_for(READY_TIMEOUT_MS)
    screen = frame.locator(".player-screen")
    expect(screen.get_by_role("heading", name="Video Preview Unavailable")).to_be_visible()
    expect(screen.get_by_text("Failed to load TikTok embed")).to_be_visible()
    expect(screen.get_by_role("link", name="View on TikTok")).to_have_attribute(
        "href", re.compile(f"/video/{shown_id(watcher)}$")
    )
    expect(poster).to_be_visible()  # dimmed behind the screen, not a grey box
    assert "blur" in screen.evaluate("element => getComputedStyle(element).backdropFilter")  # its words stay legible

    screen.get_by_role("button", name="Retry").click()
    expect(player(watcher).locator("#state")).to_have_text("ready")
    expect(frame.locator("iframe")).to_have_css("opacity", "1")
    expect(frame.locator(".player-screen")).to_have_count(0)
    assert player_server.loads(shown_id(watcher)) == 2


def test_an_embed_a_content_blocker_stops_shows_the_failure_screen_after_the_timeout(watcher: Page, player_server):
    seed()
    watcher.route(f"{player_server.origin}/player/**", lambda route: route.abort("blockedbyclient"))
    open_home(watcher)
    frame = current_player(watcher)
    expect(frame.locator("img.player-poster")).to_be_visible()
    expect(frame.locator(".player-screen")).to_have_count(0)

    watcher.clock.run_for(READY_TIMEOUT_MS)
    screen = frame.locator(".player-screen")
    expect(screen.get_by_role("heading", name="Video Preview Unavailable")).to_be_visible()
    expect(screen.get_by_role("link", name="View on TikTok")).to_be_visible()
    expect(screen.get_by_role("button", name="Retry")).to_be_visible()


def test_the_next_videos_poster_is_fetched_before_the_viewer_moves_to_it(watcher: Page):
    seed()
    requested: list[str] = []
    watcher.on("request", lambda request: requested.append(request.url))
    open_home(watcher)
    first = shown_id(watcher)
    next_poster = watcher.locator(".feed-slide-next img.player-poster")
    expect(next_poster).to_have_attribute("src", re.compile(r"^/thumbs/\d+\.jpg$"))
    src = next_poster.get_attribute("src")
    assert src != f"/thumbs/{first}.jpg"
    watcher.wait_for_load_state("networkidle")
    assert any(url.endswith(src) for url in requested), requested
    watcher.get_by_role("button", name="Next").click()
    expect(current_player(watcher).locator("img.player-poster")).to_have_attribute("src", src)


def overlaps(one: dict, other: dict) -> bool:
    return (
        one["x"] < other["x"] + other["width"]
        and other["x"] < one["x"] + one["width"]
        and one["y"] < other["y"] + other["height"]
        and other["y"] < one["y"] + one["height"]
    )


@pytest.mark.parametrize("language", ["en", "vi"])
def test_on_a_phone_the_failure_screen_keeps_clear_of_the_rail_and_the_caption(
    browser, live_server, player_server, language
):
    """Its Vietnamese title wraps: centred, it pushed Retry under the rail's View on TikTok."""
    for video in seed():
        player_server.stall(video.video_id)
    context = browser.new_context(
        base_url=live_server,
        service_workers="block",
        locale=language,
        viewport={"width": 375, "height": 812},
        has_touch=True,
        is_mobile=True,
    )
    page = context.new_page()
    page.clock.install()
    open_home(page)
    page.clock.run_for(READY_TIMEOUT_MS)
    screen = current_player(page).locator(".player-screen")
    expect(screen.get_by_role("heading")).to_be_visible()
    buttons = [box for box in (b.bounding_box() for b in screen.locator(".btn").all()) if box]
    assert len(buttons) == 2
    details = page.locator(".feed-details:visible")
    covered = [
        *(b.bounding_box() for b in details.locator(".feed-creator-actions > *").all()),
        details.locator(".feed-creator-identity").bounding_box(),
    ]
    assert not [(b, c) for b in buttons for c in covered if c and overlaps(b, c)]
    context.close()

"""Auto-advance: a video that plays to its end (TikTok's ended state) moves the feed on, unless the viewer turned it
off (remembered in this browser) or the player loops."""

import json

import pytest
from playwright.sync_api import Page, expect

from tests.browser.fake_tiktok import fake_tiktok  # noqa: F401
from tests.browser.test_home_feed import player, seed, shown_video_id

pytestmark = pytest.mark.browser

SECONDS = 0.75


@pytest.fixture(autouse=True)
def player_server(fake_tiktok):  # noqa: F811
    fake_tiktok.reset()
    return fake_tiktok


@pytest.fixture
def short_videos(player_server):
    """The small catalog, every video three quarters of a second long."""
    for video in seed():
        player_server.set_duration(video.video_id, SECONDS)


def open_home(page: Page) -> None:
    page.goto("/")
    page.wait_for_selector("[data-island='home-feed'][data-island-mounted='true']", state="attached")


def press(page: Page, device: str, name: str) -> None:
    button = page.get_by_role("button", name=name, exact=True)
    button.tap() if device == "phone" else button.click()


def test_an_ended_video_moves_the_feed_to_the_next_one(device_page: Page, device, short_videos):
    page = device_page
    open_home(page)
    first = shown_video_id(page)
    expect(page.get_by_role("button", name="Auto-advance")).to_have_attribute("aria-pressed", "true")

    press(page, device, "Play")
    expect(player(page).locator("#video-id")).not_to_have_text(first)
    second = shown_video_id(page)
    expect(player(page).locator("#state")).to_have_text("playing")  # the next one plays at once
    expect(player(page).locator("#video-id")).not_to_have_text(second, timeout=5_000)
    expect(page.get_by_role("button", name="Previous")).to_be_enabled()


def test_the_viewer_turns_auto_advance_off_and_the_choice_is_remembered(device_page: Page, device, short_videos):
    page = device_page
    open_home(page)
    press(page, device, "Auto-advance")
    expect(page.get_by_role("button", name="Auto-advance")).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("localStorage.getItem('feedAutoAdvance')") == "false"

    page.reload()
    page.wait_for_selector("[data-island='home-feed'][data-island-mounted='true']", state="attached")
    toggle = page.get_by_role("button", name="Auto-advance")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    first = shown_video_id(page)
    press(page, device, "Play")
    expect(player(page).locator("#state")).to_have_text("ended")
    page.wait_for_timeout(1_000)
    expect(player(page).locator("#video-id")).to_have_text(first)

    press(page, device, "Auto-advance")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    page.wait_for_timeout(1_000)
    expect(player(page).locator("#video-id")).to_have_text(first)  # the switch acts on the next end, not this one
    press(page, device, "Play")
    expect(player(page).locator("#video-id")).not_to_have_text(first)


def test_a_looping_player_keeps_the_video(page: Page, short_videos):
    page.add_init_script(f"localStorage.setItem('tiktok-player-settings', {json.dumps(json.dumps({'loop': True}))})")
    open_home(page)
    assert "loop=1" in page.locator(".feed-slide-current iframe").get_attribute("src")
    first = shown_video_id(page)
    page.get_by_role("button", name="Play", exact=True).click()
    expect(player(page).locator("#state")).to_have_text("playing")
    page.wait_for_timeout(int(SECONDS * 3 * 1000))
    expect(player(page).locator("#video-id")).to_have_text(first)
    expect(player(page).locator("#state")).to_have_text("playing")

"""The home feed in Chromium, with TikTok's player replaced by the fake one in fake_tiktok.py."""

import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import FrameLocator, Page, expect
from sqlalchemy import select

from app.catalog import trend_header
from app.extensions import db
from app.models import Video
from app.services.catalog_files import ReadStats, read_catalog
from app.services.ingest import ingest_records
from tests.browser.conftest import SCREENS
from tests.browser.fake_tiktok import fake_tiktok  # noqa: F401

pytestmark = pytest.mark.browser

CATALOG = Path("tests/fixtures/catalog_small.jsonl")
LONG_TRACK = "Bắc Bling (Bắc Ninh) (Prod. by Masew)"


@pytest.fixture(autouse=True)
def player_server(fake_tiktok):  # noqa: F811
    fake_tiktok.reset()
    return fake_tiktok


def seed(track_prefix: str | None = None) -> list[Video]:
    """Load the small catalog (or only its videos whose track starts with `track_prefix`)."""
    records = read_catalog(CATALOG, ReadStats())
    ingest_records(r for r in records if track_prefix is None or (r.track or "").startswith(track_prefix))
    return list(db.session.scalars(select(Video)))


def open_feed(page: Page) -> FrameLocator:
    page.goto("/")
    page.wait_for_selector("[data-island='home-feed'][data-island-mounted='true']", state="attached")
    return player(page)


def player(page: Page) -> FrameLocator:
    return page.frame_locator(".player-frame iframe")


def shown_video_id(page: Page) -> str:
    frame = player(page)
    expect(frame.locator("#video-id")).not_to_be_empty()
    return frame.locator("#video-id").inner_text()


def creator_tiktok_link(page: Page):
    return page.locator(".feed-creator").get_by_role("link", name="View on TikTok")


def test_next_and_previous_buttons_change_the_video(page: Page):
    seed()
    open_feed(page)
    first = shown_video_id(page)
    previous, following = page.get_by_role("button", name="Previous"), page.get_by_role("button", name="Next")
    expect(previous).to_be_disabled()

    following.click()
    expect(player(page).locator("#video-id")).not_to_have_text(first)
    second = shown_video_id(page)
    expect(creator_tiktok_link(page)).to_have_attribute("href", re.compile(f"/video/{second}$"))
    expect(previous).to_be_enabled()

    previous.click()
    expect(player(page).locator("#video-id")).to_have_text(first)


def test_wheel_and_keys_move_through_the_feed(page: Page):
    seed()
    open_feed(page)
    first = shown_video_id(page)

    page.locator(".feed-stage").hover(position={"x": 8, "y": 120})
    page.mouse.wheel(0, 150)
    expect(player(page).locator("#video-id")).not_to_have_text(first)
    second = shown_video_id(page)
    page.wait_for_timeout(600)  # past the wheel buffer
    page.mouse.wheel(0, -150)
    expect(player(page).locator("#video-id")).to_have_text(first)

    page.keyboard.press("j")
    expect(player(page).locator("#video-id")).to_have_text(second)
    page.keyboard.press("ArrowDown")
    expect(player(page).locator("#video-id")).not_to_have_text(second)
    page.keyboard.press("k")
    expect(player(page).locator("#video-id")).to_have_text(second)
    page.keyboard.press("ArrowUp")
    expect(player(page).locator("#video-id")).to_have_text(first)


def test_first_video_is_muted_and_later_ones_get_play_after_an_interaction(page: Page):
    seed()
    frame = open_feed(page)
    expect(frame.locator("#commands li")).to_have_text(["mute"])
    expect(page.get_by_role("button", name="Unmute")).to_be_visible()
    page.wait_for_timeout(300)
    expect(frame.locator("#commands li")).to_have_text(["mute"])

    page.get_by_role("button", name="Next").click()
    expect(player(page).locator("#commands li")).to_have_text(["play", "mute"])
    expect(player(page).locator("#state")).to_have_text("playing")
    expect(page.get_by_role("button", name="Pause")).to_be_visible()

    page.get_by_role("button", name="Unmute").click()
    expect(player(page).locator("#commands li")).to_have_text(["play", "mute", "unMute"])
    expect(page.get_by_role("button", name="Mute", exact=True)).to_be_visible()
    assert page.evaluate("localStorage.getItem('userMutePreference')") == "false"

    page.get_by_role("button", name="Next").click()
    expect(player(page).locator("#commands li")).to_have_text(["play", "unMute"])


def test_embed_failure_1004_retries_once_then_stays_unavailable(page: Page, player_server):
    for video in seed():
        player_server.fail(video.video_id, 1004, times=2)
    open_feed(page)
    screen = page.locator(".player-screen")
    expect(screen.get_by_text("Video embed failed - this video may be restricted or unavailable")).to_be_visible()
    expect(screen.get_by_role("button", name="Retry")).to_be_visible()
    first = creator_tiktok_link(page).get_attribute("href").rsplit("/", 1)[-1]

    expect(screen.get_by_text("Retry attempt 1/1")).to_be_visible(timeout=10_000)
    expect(screen.get_by_text("Video embed failed - this video may be restricted or unavailable")).to_be_visible()
    expect(screen.get_by_role("button", name="Retry")).to_have_count(0)
    page.wait_for_timeout(4_500)
    assert player_server.loads(first) == 2


def test_not_found_1001_shows_the_failure_screen_with_a_link_to_tiktok(page: Page, player_server):
    videos = seed()
    for video in videos:
        player_server.fail(video.video_id, 1001)
    open_feed(page)
    screen = page.locator(".player-screen")
    expect(screen.get_by_role("heading", name="Video Preview Unavailable")).to_be_visible()
    expect(screen.get_by_text("Video not found or has been removed")).to_be_visible()
    link = screen.get_by_role("link", name="View on TikTok")
    expect(link).to_have_attribute("href", re.compile(r"^https://www\.tiktok\.com/@[^/]+/video/\d+$"))
    expect(link).to_have_attribute("target", "_blank")
    expect(link).to_have_attribute("rel", re.compile("noopener"))

    screen.get_by_role("button", name="Retry").click()
    expect(player(page).locator("#state")).to_have_text("ready")
    expect(page.locator(".player-screen")).to_have_count(0)


def test_header_is_truncated_to_36_characters_and_links_to_the_trend(page: Page):
    seed(LONG_TRACK)
    open_feed(page)
    video = db.session.scalars(select(Video).where(Video.video_id == shown_video_id(page))).one()
    expected = trend_header(video.trend.track, video.trend.artist)
    assert expected.endswith("...") and len(expected) == 39

    expect(page.locator(".feed-trend-name")).to_have_text(expected)
    link = page.get_by_role("link", name="(See More of This Trend)")
    href = urlsplit(link.get_attribute("href"))
    assert href.path == "/dance-trends"
    assert parse_qs(href.query)["search"] == [video.trend.search_term]
    expect(page.locator(".feed-trend-stats")).to_contain_text("views")


@SCREENS
def test_back_from_a_creator_page_and_a_reload_return_to_the_video_the_feed_was_on(page: Page):
    """Back from a creator page started the feed over at a new first video; a new visit to '/' still does."""
    seed()
    open_feed(page)
    watched = [shown_video_id(page)]
    for _ in range(2):
        page.get_by_role("button", name="Next").click()
        expect(player(page).locator("#video-id")).not_to_have_text(watched[-1])
        watched.append(shown_video_id(page))

    page.locator(".feed-creator-link").click()
    page.wait_for_url(re.compile(r"/user/"))
    page.go_back()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(player(page).locator("#video-id")).to_have_text(watched[2])
    page.get_by_role("button", name="Previous").click()
    expect(player(page).locator("#video-id")).to_have_text(watched[1])

    page.reload()
    expect(player(page).locator("#video-id")).to_have_text(watched[1])
    page.get_by_role("button", name="Previous").click()
    expect(player(page).locator("#video-id")).to_have_text(watched[0])
    expect(page.get_by_role("button", name="Previous")).to_be_disabled()
    page.get_by_role("button", name="Next").click()  # off the first video, where a feed picked up again would stay

    open_feed(page)  # the address shown, opened anew: Chromium keeps the entry's state for it, the feed starts over
    shown_video_id(page)
    expect(page.get_by_role("button", name="Previous")).to_be_disabled()


def test_a_click_beside_the_player_opens_the_dance_trends(page: Page):
    seed()
    open_feed(page)
    page.locator(".feed-stage").click(position={"x": 8, "y": 120})
    expect(page).to_have_url(re.compile(r"/dance-trends$"))


def test_a_visitor_reports_a_video_and_it_leaves_the_feed(page: Page):
    seed()
    open_feed(page)
    reported = shown_video_id(page)
    messages: list[str] = []
    page.on("dialog", lambda dialog: (messages.append(dialog.message), dialog.accept()))
    page.get_by_role("button", name="Report Unavailable").click()
    expect(player(page).locator("#video-id")).not_to_have_text(reported)
    assert messages and messages[0]


@pytest.mark.parametrize("viewport", [(375, 812)], indirect=True, ids=["phone"])
def test_phone_layout_keeps_the_controls_under_the_video(page: Page):
    seed()
    open_feed(page)
    frame_box = page.locator(".feed-slide-current .player-frame").bounding_box()
    controls = page.get_by_role("group", name="Video controls")
    expect(controls).to_be_in_viewport()
    for name in ("Previous", "Play", "Unmute", "Next"):
        box = controls.get_by_role("button", name=name, exact=True).bounding_box()
        assert box["y"] >= frame_box["y"] + frame_box["height"]
        assert box["width"] >= 44 and box["height"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert abs(frame_box["width"] * 16 / 9 - frame_box["height"]) < 2


def test_player_url_carries_the_global_settings_and_a_visitors_local_overrides(page: Page, player_server):
    seed()
    page.add_init_script(
        "localStorage.setItem('tiktok-player-settings', JSON.stringify({controls: false, loop: 'yes'}))"
    )
    open_feed(page)
    src = urlsplit(page.locator(".player-frame iframe").get_attribute("src"))
    assert f"{src.scheme}://{src.netloc}" == player_server.origin
    assert re.fullmatch(r"/player/v1/\d{6,}", src.path)
    assert src.query == (
        "controls=0&progress_bar=1&play_button=1&volume_control=1&fullscreen_button=1&timestamp=1&loop=0"
        "&autoplay=1&music_info=1&description=1&rel=1&native_context_menu=1&closed_caption=1"
    )


@SCREENS
def test_a_long_header_keeps_the_spec_cut_on_phones_and_shows_the_whole_title_where_there_is_room(page: Page):
    seed(LONG_TRACK)
    open_feed(page)
    video = db.session.scalars(select(Video).where(Video.video_id == shown_video_id(page))).one()
    whole = f"{video.trend.track} by {video.trend.artist}"
    cut = trend_header(video.trend.track, video.trend.artist)
    assert cut != whole and video.trend.artist not in cut  # the cut drops the artist

    header = page.locator(".feed-trend-title")
    on_a_phone = page.viewport_size["width"] <= 640
    expect(header.get_by_text(cut, exact=True)).to_be_visible(visible=on_a_phone)
    expect(header.get_by_text(whole, exact=True)).to_be_visible(visible=not on_a_phone)
    expect(header.locator(".feed-trend-name")).to_have_attribute("title", whole)  # the tooltip on every screen
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    if not on_a_phone:  # whole, not cut short by its ellipsis: the artist too
        assert header.locator(".feed-trend-full").evaluate("full => full.scrollWidth <= full.clientWidth")

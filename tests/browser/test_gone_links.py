"""Shared links to videos that are gone, and to playlists that do not exist: the feed they belonged to, and a word
about why (issue: a removed video's link showed a bare 404 page, an unknown playlist a silent 'Select a Category')."""

import re

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import select

from app.extensions import db
from app.models import Hashtag, Video, VideoHashtag
from app.services.videos import video_card
from tests.browser.conftest import SCREENS
from tests.browser.fake_tiktok import fake_tiktok  # noqa: F401
from tests.browser.test_home_feed import player


@pytest.fixture(autouse=True)
def player_server(fake_tiktok):  # noqa: F811
    fake_tiktok.reset()
    return fake_tiktok


def remove_a_trend_video():
    """A video of the busiest hashtag (so its trend and hashtag keep other videos), taken out of the catalog."""
    busiest = db.session.scalar(select(Hashtag).order_by(Hashtag.video_count.desc()).limit(1))
    video = db.session.scalar(
        select(Video)
        .join(VideoHashtag, VideoHashtag.video_id == Video.id)
        .where(VideoHashtag.hashtag_id == busiest.id, Video.trend_id.isnot(None))
        .order_by(Video.id)
    )
    card = video_card(video)
    video.is_active = False
    db.session.commit()
    return card


def assert_the_notice_leaves_the_video_on_the_first_screen(page: Page) -> None:
    """The notice takes its room from the video: the creator's row and the controls stay on the first screen."""
    height = page.viewport_size["height"]
    for element in (page.locator(".feed-creator-link"), page.get_by_role("button", name="Next", exact=True)):
        expect(element).to_be_visible()
        box = element.bounding_box()
        assert box["y"] + box["height"] <= height, (element, box)


def active_ids_of_trend(trend_id: int) -> set[str]:
    return set(db.session.scalars(select(Video.video_id).where(Video.trend_id == trend_id, Video.is_active.is_(True))))


@SCREENS
def test_a_removed_videos_link_plays_its_dance_trend_and_says_why(page: Page, catalog):
    card = remove_a_trend_video()
    others = active_ids_of_trend(card.trend.id)
    assert others

    page.goto(card.trend_path)
    expect(page.get_by_role("status").filter(has_text="That video is no longer available.")).to_contain_text(
        "Here are more videos of its dance trend."
    )
    expect(player(page).locator("#video-id")).to_have_text(re.compile("|".join(sorted(others))))
    expect(page.locator(".trend-item[aria-pressed='true']")).to_contain_text(card.trend.track)
    assert_the_notice_leaves_the_video_on_the_first_screen(page)


@SCREENS
def test_a_removed_videos_category_link_plays_its_hashtag_and_says_why(page: Page, catalog):
    card = remove_a_trend_video()
    tag = db.session.scalar(select(Hashtag.name).order_by(Hashtag.video_count.desc()).limit(1))

    page.goto(f"/categories/{tag}/{card.creator.username}-{card.video.video_id}")
    expect(page.get_by_role("status").filter(has_text="That video is no longer available.")).to_contain_text(f"#{tag}")
    expect(page.locator(".category-title")).to_have_text(f"#{tag}")
    expect(player(page).locator("#video-id")).not_to_have_text(card.video.video_id)
    expect(player(page).locator("#video-id")).to_have_text(re.compile(r"\d{19}"))
    assert_the_notice_leaves_the_video_on_the_first_screen(page)


@SCREENS
@pytest.mark.parametrize("playlist", ["987654", "abc"])
def test_an_unknown_playlist_link_says_so(page: Page, catalog, playlist):
    page.goto(f"/categories?playlist={playlist}")
    page.wait_for_selector("[data-island='categories'][data-island-mounted='true']", state="attached")
    expect(page.get_by_role("status").filter(has_text="Playlist not found")).to_be_in_viewport()
    expect(page.get_by_role("tab", name="Playlists")).to_have_attribute("aria-selected", "true")  # as the server drew

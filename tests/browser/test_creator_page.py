"""A creator's page in Chromium: the card, the Trends/Categories/All filters, the sort, Back and the empty state."""

import re
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import select

from app.catalog.records import VideoRecord
from app.extensions import db
from app.models import Creator, Video
from app.services.catalog_files import ReadStats, read_catalog
from app.services.ingest import ingest_records
from tests.browser.conftest import DESKTOP, PHONE, SCREENS, assert_count_and_sort_beside, words_split_across_lines
from tests.browser.fake_tiktok import fake_tiktok  # noqa: F401
from tests.browser.test_following import signed_in
from tests.browser.test_home_feed import player

pytestmark = pytest.mark.browser

CATALOG = Path("tests/fixtures/catalog_small.jsonl")


@pytest.fixture(autouse=True)
def player_server(fake_tiktok):  # noqa: F811
    fake_tiktok.reset()
    return fake_tiktok


@pytest.fixture
def prolific() -> list[VideoRecord]:
    """One creator with three videos: the catalog's own, an older one with the most views and a newer one."""
    original = next(record for record in read_catalog(CATALOG, ReadStats()) if record.hashtags and record.track)
    older = replace(
        original,
        video_id=str(int(original.video_id) - 10_000),
        posted_at=original.posted_at - timedelta(days=30),
        view_count=(original.view_count or 0) + 5_000_000,
    )
    newer = replace(
        original, video_id=str(int(original.video_id) + 10_000), posted_at=original.posted_at + timedelta(days=3)
    )
    records = [original, older, newer]
    ingest_records(records)
    return records


def open_creator(page: Page, username: str) -> None:
    page.goto(f"/user/{username}")
    page.wait_for_selector("[data-island='creator'][data-island-mounted='true']", state="attached")


def test_the_card_and_the_tabs_filter_the_creators_videos(page: Page, prolific):
    newer = prolific[2]
    open_creator(page, newer.username)
    card = page.locator(".creator-card")
    expect(card.get_by_role("heading", name=f"@{newer.username}")).to_be_visible()
    expect(card.locator(".creator-stats")).to_contain_text("videos3")
    expect(card.locator(".creator-stats")).to_contain_text("Danza Followers0")
    expect(card.get_by_role("button", name="Follow")).to_have_count(0)  # visitors get no Follow button
    expect(player(page).locator("#video-id")).to_have_text(newer.video_id)
    expect(page.locator(".category-title")).to_have_text("All Videos")

    trends = page.get_by_role("list", name="Dance trends").get_by_role("button")
    expect(trends).to_have_count(1)
    expect(trends.first).to_contain_text(re.compile(r"First: [A-Z][a-z]{2} \d{1,2}, \d{4}"))
    page.get_by_label("Sort trends").select_option(label="Views")
    trends.first.click()
    expect(trends.first).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".category-meta")).to_have_text("3 videos")

    page.get_by_role("tab", name="Categories").click()
    tag = newer.hashtags[0].lower()
    page.get_by_role("list", name="Hashtags").get_by_role("button", name=f"#{tag}").click()
    expect(page.locator(".category-title")).to_have_text(f"#{tag}")
    page.get_by_role("tab", name="Playlists").click()
    expect(page.locator(".channel-sidebar-filters").get_by_text("No playlists found")).to_be_visible()

    page.get_by_role("tab", name="All").click()
    page.get_by_role("button", name="Show All Videos").click()
    expect(page.locator(".category-title")).to_have_text("All Videos")
    expect(page.locator(".feed-tags li").last).to_have_text(re.compile(r"^(#\S+|\+\d+ more)$"))


def test_the_sort_orders_the_videos_and_previous_and_next_stop_at_the_ends(page: Page, prolific):
    original, older, newer = prolific
    open_creator(page, original.username)
    expect(player(page).locator("#video-id")).to_have_text(newer.video_id)
    expect(page.get_by_role("button", name="Previous")).to_be_disabled()

    page.get_by_label("Sort videos").select_option(label="Most Views")
    expect(player(page).locator("#video-id")).to_have_text(older.video_id)
    page.get_by_label("Sort videos").select_option(label="Oldest")
    expect(player(page).locator("#video-id")).to_have_text(older.video_id)
    page.get_by_role("button", name="Next").click()
    page.get_by_role("button", name="Next").click()
    expect(player(page).locator("#video-id")).to_have_text(newer.video_id)
    expect(page.get_by_role("button", name="Next")).to_be_disabled()


def test_a_reload_or_back_returns_to_the_video_on_stage(page: Page, prolific):
    """The creator's videos started again at the first after a reload, or Back from another page."""
    original, older, newer = prolific
    open_creator(page, original.username)
    expect(player(page).locator("#video-id")).to_have_text(newer.video_id)
    page.get_by_role("button", name="Next").click()
    page.get_by_role("button", name="Next").click()
    expect(player(page).locator("#video-id")).to_have_text(older.video_id)

    page.reload()
    page.wait_for_selector("[data-island='creator'][data-island-mounted='true']", state="attached")
    expect(player(page).locator("#video-id")).to_have_text(older.video_id)
    expect(page.get_by_role("button", name="Next")).to_be_disabled()  # in its place: the last of three

    page.goto("/dance-trends")
    page.go_back()
    page.wait_for_selector("[data-island='creator'][data-island-mounted='true']", state="attached")
    expect(player(page).locator("#video-id")).to_have_text(older.video_id)
    page.get_by_role("button", name="Previous").click()
    expect(player(page).locator("#video-id")).to_have_text(original.video_id)


@pytest.mark.parametrize("button", ["card", "video"])
def test_a_signed_in_viewer_follows_and_the_cards_count_moves(page: Page, prolific, user, button):
    """From the card's Follow or the one beside the video: both show Following, and the card counts the follow."""
    username = prolific[0].username
    signed_in(page, user)
    open_creator(page, username)
    card = page.locator(".creator-card")
    place = card if button == "card" else page.locator(".feed-creator")
    place.get_by_role("button", name="Follow", exact=True).click()
    for where in (card, page.locator(".feed-creator")):
        expect(where.get_by_role("button", name="Following", exact=True)).to_be_visible()
    expect(card.locator(".creator-stats")).to_contain_text("Danza Follower1")
    place.get_by_role("button", name="Following", exact=True).click()
    expect(card.locator(".creator-stats")).to_contain_text("Danza Followers0")


def test_a_creator_without_videos_says_so(page: Page):
    db.session.add(Creator(username="quiet_dancer", display_name="Quiet", is_active=True))
    db.session.commit()
    open_creator(page, "quiet_dancer")
    expect(page.get_by_text("No videos found for @quiet_dancer")).to_be_visible()
    expect(page.get_by_text("This user doesn't have any videos in our database yet.")).to_be_visible()
    expect(page.get_by_role("tabpanel", name="Trends").get_by_text("No dance trends found")).to_be_visible()


@pytest.mark.parametrize(
    ("viewport", "handle"),
    [
        (DESKTOP, "the.longest.dance_handle"),  # TikTok allows 24 characters
        (DESKTOP, "nguyenquangtruong.sky190"),  # a part of 18 characters: it takes a smaller size
        (PHONE, "the.longest.dance_handle"),
        (PHONE, "abcdefghijklmnopqrstuvwx"),  # no part to wrap between: a phone's card gives it the whole width
    ],
    indirect=["viewport"],
    ids=["desktop", "desktop-long-part", "phone", "phone-one-part"],
)
def test_a_long_handle_wraps_between_its_parts_never_inside_one(page: Page, handle):
    db.session.add(Creator(username=handle, display_name="A Rather Long Display Name For A Creator"))
    db.session.commit()
    open_creator(page, handle)
    name = page.get_by_role("heading", name=f"@{handle}", level=1)
    expect(name).to_be_visible()
    assert words_split_across_lines(name) == []
    assert name.evaluate("element => element.scrollWidth <= element.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


@pytest.mark.parametrize("viewport", [DESKTOP], indirect=True)
def test_a_handle_that_fits_at_a_smaller_size_keeps_to_one_line(page: Page):
    db.session.add(Creator(username="hoaminzy_hoadambut"))
    db.session.commit()
    open_creator(page, "hoaminzy_hoadambut")
    name = page.get_by_role("heading", name="@hoaminzy_hoadambut", level=1)
    lines = name.evaluate(
        "element => { const range = document.createRange(); range.selectNodeContents(element);"
        " return new Set(Array.from(range.getClientRects(), (box) => Math.round(box.top))).size; }"
    )
    assert lines == 1
    size = name.evaluate("element => parseFloat(getComputedStyle(element).fontSize)")
    assert 16 <= size < 24  # smaller than a short handle's, never below the body's


@pytest.mark.parametrize("viewport", [PHONE], indirect=True)
def test_a_long_handle_over_the_video_ends_in_an_ellipsis_before_the_buttons(page: Page, prolific):
    video_id = str(int(prolific[0].video_id) + 1)
    ingest_records([replace(prolific[0], video_id=video_id, username="nguyenquangtruong.sky190")])
    open_creator(page, "nguyenquangtruong.sky190")
    link = page.locator(".feed-creator-link")
    expect(link).to_have_text("@nguyenquangtruong.sky190")
    assert link.evaluate("element => element.scrollWidth > element.clientWidth")  # too long for the row
    # Text is cut with an ellipsis only in a block of text: a flex box clips it bare.
    assert link.evaluate("element => getComputedStyle(element).display") == "block"
    assert link.evaluate("element => getComputedStyle(element).textOverflow") == "ellipsis"
    rail = page.get_by_role("button", name="Share").bounding_box()
    box = link.bounding_box()
    assert box["x"] + box["width"] <= rail["x"]


def test_an_unknown_creator_gets_a_404_page(page: Page):
    response = page.goto("/user/nobody_here")
    assert response is not None and response.status == 404
    expect(page.get_by_role("heading", name="Creator not found")).to_be_visible()


def test_back_shows_only_after_coming_from_another_page_of_this_site(page: Page, catalog):
    first, second = db.session.scalars(select(Creator).join(Video).order_by(Creator.username).limit(2))
    open_creator(page, first.username)
    expect(page.get_by_role("button", name="Back")).to_have_count(0)  # typed in: no referrer

    page.goto("/search")
    page.evaluate(f"location.href = '/user/{first.username}'")
    page.wait_for_url(re.compile(f"/user/{re.escape(first.username)}$"))
    back = page.get_by_role("button", name="Back")
    expect(back).to_be_visible()

    page.evaluate(f"location.href = '/user/{second.username}'")
    page.wait_for_url(re.compile(f"/user/{re.escape(second.username)}$"))
    page.wait_for_selector("[data-island='creator'][data-island-mounted='true']", state="attached")
    expect(page.get_by_role("button", name="Back")).to_have_count(0)  # came from a creator page

    page.go_back()
    page.wait_for_url(re.compile(f"/user/{re.escape(first.username)}$"))
    page.get_by_role("button", name="Back").click()
    page.wait_for_url(re.compile(r"/search$"))


@pytest.mark.parametrize("viewport", [(375, 740)], indirect=True, ids=["phone"])
def test_on_a_phone_the_filters_are_menus_and_the_player_fits_the_first_screen(page: Page, prolific):
    newer = prolific[2]
    open_creator(page, newer.username)
    expect(player(page).locator("#video-id")).to_have_text(newer.video_id)
    expect(page.get_by_role("list", name="Dance trends")).to_be_hidden()
    # The card, the menus and the video with its buttons share the first screen, as on the other feeds.
    for button in ("Next", "Share", "Add to playlist"):
        box = page.get_by_role("button", name=button, exact=True).bounding_box()
        assert box["y"] + box["height"] <= 740, button
    assert page.evaluate("document.documentElement.scrollWidth") <= 375

    filters = page.get_by_role("group", name="Filter videos")
    filters.get_by_label("Type", exact=True).select_option(label="Trends")
    picker = filters.get_by_label("Trend", exact=True)
    # The count and the video sort share the picker's row: a row more for the video.
    assert_count_and_sort_beside(page, picker)
    # Half the row still shows "Select Trend" whole; the phone's own list shows a trend's full name.
    assert picker.bounding_box()["width"] >= filters.bounding_box()["width"] * 0.45
    picker.select_option(index=1)
    expect(page.locator(".category-meta")).to_have_text("3 videos")
    assert page.locator(".watch-stage").bounding_box()["height"] >= 740 * 0.55
    filters.get_by_label("Type", exact=True).select_option(label="Categories")
    assert_count_and_sort_beside(page, filters.get_by_label("Category", exact=True))
    filters.get_by_label("Type", exact=True).select_option(label="All")
    assert_count_and_sort_beside(page, filters.get_by_label("Type", exact=True))
    filters.get_by_role("button", name="Show All Videos").click()
    expect(page.locator(".category-title")).to_have_text("All Videos")


@SCREENS
def test_the_filter_and_the_sorts_are_in_the_address_so_a_reload_or_a_shared_link_keeps_them(page: Page, prolific):
    """A reload, or the address shared, showed all the creator's videos newest first whatever had been chosen."""
    original, older, newer = prolific
    open_creator(page, original.username)
    if page.viewport_size["width"] <= 640:  # the filters are menus
        filters = page.get_by_role("group", name="Filter videos")
        filters.get_by_label("Type", exact=True).select_option(label="Trends")
        filters.get_by_label("Trend", exact=True).select_option(index=1)
    else:
        page.get_by_role("list", name="Dance trends").get_by_role("button").first.click()
    page.get_by_label("Sort videos").select_option(label="Oldest")
    expect(page).to_have_url(re.compile(rf"/user/{re.escape(original.username)}\?trend=[^&]+&videoSort=oldest$"))
    expect(player(page).locator("#video-id")).to_have_text(older.video_id)

    page.reload()
    page.wait_for_selector("[data-island='creator'][data-island-mounted='true']", state="attached")
    expect(page.locator(".category-title")).to_have_text(original.track)
    expect(page.get_by_label("Sort videos")).to_have_value("oldest")
    expect(player(page).locator("#video-id")).to_have_text(older.video_id)

    response = page.goto(f"/user/{original.username}?trend=no%7Csuch&videoSort=sideways&trendSort=likes")
    assert response is not None and response.status == 200
    page.wait_for_selector("[data-island='creator'][data-island-mounted='true']", state="attached")
    expect(page.locator(".category-title")).to_have_text("All Videos")
    expect(player(page).locator("#video-id")).to_have_text(newer.video_id)
    expect(page).to_have_url(re.compile(rf"/user/{re.escape(original.username)}$"))

"""The categories page in Chromium: choosing hashtags and playlists, filters, deep links, Share, empty states."""

import json
import re
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import select

from app.api.schemas import VideoOut
from app.extensions import db
from app.models import Hashtag, Video, VideoHashtag
from app.services import playlists, reports
from app.services.feeds import suggested_hashtag
from app.services.videos import video_card
from tests.browser.conftest import PHONE, SCREENS, sign_in
from tests.browser.fake_tiktok import fake_tiktok  # noqa: F401
from tests.browser.test_home_feed import player

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def player_server(fake_tiktok):  # noqa: F811
    fake_tiktok.reset()
    return fake_tiktok


def open_categories(page: Page, path: str = "/categories") -> None:
    page.goto(path)
    page.wait_for_selector("[data-island='categories'][data-island-mounted='true']", state="attached")


def hashtag_list(page: Page):
    return page.get_by_role("list", name="Hashtags").get_by_role("button")


def hashtag_button(page: Page, tag: str):
    """A hashtag row, named '#tag N videos' (its description may mention other hashtags)."""
    return page.get_by_role("list", name="Hashtags").get_by_role("button", name=re.compile(rf"^#{tag} \d"))


def tagged_videos(tag: str) -> list[Video]:
    return list(
        db.session.scalars(
            select(Video)
            .join(VideoHashtag, VideoHashtag.video_id == Video.id)
            .join(Hashtag, Hashtag.id == VideoHashtag.hashtag_id)
            .where(Hashtag.name == tag, Video.is_active.is_(True))
            .order_by(Video.posted_at.desc())
        )
    )


def api_hashtags(client, **query) -> list[str]:
    params = "&".join(f"{key}={quote(str(value))}" for key, value in {"page": 1, "limit": 1000, **query}.items())
    return [entry["hashtag"] for entry in client.get(f"/api/tiktok/hashtags?{params}").get_json()["hashtags"]]


def shown_hashtags(page: Page) -> list[str]:
    return [text.strip() for text in page.locator(".hashtag-item .watch-item-name").all_inner_texts()]


def test_choosing_a_hashtag_plays_its_videos_and_the_address_follows(page: Page, catalog):
    dance = tagged_videos("dance")
    assert len(dance) >= 2
    open_categories(page)
    expect(page.get_by_text("Select a Category")).to_be_visible()

    hashtag_button(page, "dance").click()
    expect(page.get_by_role("heading", name="#dance")).to_be_visible()
    expect(page.locator(".category-meta")).to_have_text(f"{len(dance)} videos")
    expect(player(page).locator("#video-id")).to_have_text(dance[0].video_id)
    expect(page).to_have_url(re.compile(rf"/categories/dance/{dance[0].creator.username}-{dance[0].video_id}$"))
    expect(page.locator(".feed-creator-link")).to_have_attribute("href", f"/user/{dance[0].creator.username}")
    expect(page.locator(".hashtag-item .watch-item-name").first).to_have_text("#dance")

    page.get_by_role("button", name="Next").click()
    expect(player(page).locator("#video-id")).to_have_text(dance[1].video_id)
    expect(page).to_have_url(re.compile(rf"/categories/dance/{dance[1].creator.username}-{dance[1].video_id}$"))


def test_the_year_filter_and_sort_reload_the_hashtags(page: Page, client, catalog):
    requests: list = []
    page.on("request", lambda request: requests.append(request) if "/api/tiktok/hashtags" in request.url else None)
    open_categories(page)
    expect(hashtag_list(page).first).to_be_visible()
    assert shown_hashtags(page) == api_hashtags(client, sortBy="count")[:50]
    first = parse_qs(urlsplit(requests[0].url).query)
    assert (first["page"], first["limit"], first["sortBy"]) == (["1"], ["1000"], ["count"])
    assert requests[0].headers["cache-control"] == "no-cache"

    page.get_by_label("Year").select_option(label="2020")
    date_range = json.dumps({"start": "2020-01-01", "end": "2021-01-01"}, separators=(",", ":"))
    expected = api_hashtags(client, sortBy="count", dateRange=date_range)
    expect(page.locator(".hashtag-item .watch-item-name")).to_have_text(expected[:50])
    # Each caption is of a video of 2020: the year's most viewed with the tag, not the tag's of all time.
    captions, of_all_time = [], []
    for name in expected[:8]:
        of_2020 = [v for v in tagged_videos(name[1:]) if v.posted_at.year == 2020]
        captions.append(max(of_2020, key=lambda v: (v.view_count, -v.id)).description)
        of_all_time.append(db.session.scalar(select(Hashtag.example_description).where(Hashtag.name == name[1:])))
    assert captions != of_all_time
    expect(page.locator(".hashtag-item .watch-item-subtitle").nth(7)).to_be_visible()
    assert page.locator(".hashtag-item .watch-item-subtitle").all_text_contents()[:8] == captions
    query = parse_qs(urlsplit(requests[-1].url).query)
    assert json.loads(query["dateRange"][0]) == {"start": "2020-01-01", "end": "2021-01-01"}
    assert query["_t"][0].isdigit()

    page.get_by_label("Sort by").select_option(label="Most Views")
    expected = api_hashtags(client, sortBy="views", dateRange=date_range)
    expect(page.locator(".hashtag-item .watch-item-name")).to_have_text(expected[:50])

    page.get_by_label("Year").select_option(label="All Time")
    page.get_by_label("Sort by").select_option(label="Most Recent")
    expect(page.locator(".hashtag-item .watch-item-name")).to_have_text(api_hashtags(client, sortBy="recent")[:50])


@SCREENS
def test_the_year_sort_and_video_order_are_in_the_address_and_a_reload_or_shared_link_keeps_them(
    page: Page, client, catalog
):
    open_categories(page)
    on_a_phone = page.viewport_size["width"] <= 640
    page.get_by_label("Year").select_option(label="2020")
    page.get_by_label("Sort by").select_option(label="Most Views")
    expect(page).to_have_url(re.compile(r"/categories\?hashtagSort=views&year=2020$"))
    date_range = json.dumps({"start": "2020-01-01", "end": "2021-01-01"}, separators=(",", ":"))
    listed = api_hashtags(client, sortBy="views", dateRange=date_range)[:50]
    expect(page.locator(".hashtag-item .watch-item-name")).to_have_text(listed)

    hashtag_button(page, "dance").click()
    page.get_by_label("Sort videos").select_option(label="Oldest")
    oldest = tagged_videos("dance")[-1]
    expect(player(page).locator("#video-id")).to_have_text(oldest.video_id)
    expect(page).to_have_url(
        re.compile(
            rf"/categories/dance/{oldest.creator.username}-{oldest.video_id}\?hashtagSort=views&year=2020&videoSort=oldest$"
        )
    )

    page.reload()
    page.wait_for_selector("[data-island='categories'][data-island-mounted='true']", state="attached")
    expect(page.get_by_label("Sort videos")).to_have_value("oldest")
    expect(player(page).locator("#video-id")).to_have_text(oldest.video_id)
    if on_a_phone:
        page.locator(".watch-panel-toggle").click()
    expect(page.get_by_label("Year")).to_have_value("2020")
    expect(page.get_by_label("Sort by")).to_have_value("views")
    expect(page.locator(".hashtag-item .watch-item-name").first).to_have_text("#dance")  # the chosen hashtag first
    expect(page.locator(".hashtag-item .watch-item-name").nth(1)).to_have_text(next(h for h in listed if h != "#dance"))

    open_categories(page, "/categories?year=1999&hashtagSort=likes")
    expect(page.get_by_label("Year")).to_have_value("")
    expect(page.get_by_label("Sort by")).to_have_value("count")
    expect(page).to_have_url(re.compile(r"/categories$"))


def test_a_deep_link_opens_its_hashtag_at_that_video_with_the_hashtag_first(page: Page, catalog):
    dance = tagged_videos("dance")
    linked = VideoOut.of(video_card(dance[-1])).as_props()
    open_categories(page, f"/categories/dance/{linked['username']}-{linked['videoId']}")
    expect(player(page).locator("#video-id")).to_have_text(linked["videoId"])
    expect(page.get_by_role("heading", name="#dance")).to_be_visible()
    expect(hashtag_list(page).first).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".hashtag-item .watch-item-name").first).to_have_text("#dance")


def test_a_deep_link_without_a_hashtag_opens_under_the_suggested_one(page: Page, catalog):
    video = db.session.scalars(select(Video).join(VideoHashtag).order_by(Video.id)).first()
    suggested = suggested_hashtag(video)
    open_categories(page, f"/categories/{video.creator.username}-{video.video_id}")
    expect(player(page).locator("#video-id")).to_have_text(video.video_id)
    expect(page.get_by_role("heading", name=f"#{suggested}")).to_be_visible()
    expect(page).to_have_url(re.compile(rf"/categories/{quote(suggested)}/{video.creator.username}-{video.video_id}$"))


def test_share_copies_the_categories_link(page: Page, live_server, catalog):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server)
    video = tagged_videos("dance")[0]
    open_categories(page, "/categories/dance")
    expect(player(page).locator("#video-id")).to_have_text(video.video_id)
    page.locator(".feed-creator").get_by_role("button", name="Share").click()
    expect(page.locator(".feed-share")).to_have_text("Copied!")
    expected = f"{live_server}/categories/dance/{video.creator.username}-{video.video_id}"
    assert page.evaluate("navigator.clipboard.readText()") == expected


def test_a_hashtag_without_active_videos_shows_no_videos_found(page: Page, catalog):
    for video in tagged_videos("dance"):
        video.is_active = False
    db.session.commit()
    open_categories(page, "/categories/dance")
    expect(page.get_by_role("heading", name="#dance")).to_be_visible()
    expect(page.get_by_text("No Videos Found")).to_be_visible()
    expect(page.locator(".player-frame iframe")).to_have_count(0)


def test_public_playlists_are_listed_and_play(page: Page, make_user, catalog):
    owner = make_user("curator")
    videos = tagged_videos("billieeilish")
    created = playlists.create_playlist(owner, "Billie moves", "Every Billie dance", True)
    for video in videos:
        playlists.add_video(owner, created.id, video.video_id)
    db.session.commit()

    open_categories(page)
    page.get_by_role("tab", name="Playlists").click()
    row = page.get_by_role("list", name="Public playlists").get_by_role("button", name=re.compile("Billie moves"))
    expect(row).to_contain_text(f"{len(videos)} videos")
    expect(row).to_contain_text("by @curator")
    expect(row).to_contain_text("Every Billie dance")
    row.click()
    expect(page.get_by_role("heading", name="Billie moves")).to_be_visible()
    expect(player(page).locator("#video-id")).to_have_text(videos[0].video_id)
    link = f"/categories?playlist={created.id}"
    expect(page).to_have_url(re.compile(rf"{re.escape(link)}$"))
    page.get_by_role("button", name="Next").click()
    expect(player(page).locator("#video-id")).to_have_text(videos[1].video_id)
    page.go_back()
    expect(page.get_by_text("Select a Category")).to_be_visible()
    page.go_forward()  # the playlist again, at the video it was left on, as a hashtag resumes
    expect(page.get_by_role("heading", name="Billie moves")).to_be_visible()
    expect(player(page).locator("#video-id")).to_have_text(videos[1].video_id)
    page.get_by_role("button", name="Next").click()  # in the playlist's order: on to the next, not back to the first
    expect(player(page).locator("#video-id")).to_have_text(videos[2].video_id)

    page.goto("/")
    page.goto(link)  # the address, shared, opens the playlist again
    expect(page.get_by_role("heading", name="Billie moves")).to_be_visible()
    expect(player(page).locator("#video-id")).to_have_text(videos[0].video_id)
    linked_row = page.get_by_role("list", name="Public playlists").get_by_role(
        "button", name=re.compile("Billie moves")
    )
    expect(linked_row).to_be_visible()


@SCREENS
def test_a_signed_in_viewer_finds_their_own_playlists_private_ones_too_and_plays_one(page: Page, make_user, catalog):
    """A private playlist was listed nowhere: the overlay only adds to it, and Categories listed public ones."""
    viewer, curator = make_user("walker"), make_user("curator")
    videos = tagged_videos("billieeilish")
    private = playlists.create_playlist(viewer, "Late night moves", "", False)
    shared = playlists.create_playlist(viewer, "Walker shares", "", True)
    others = playlists.create_playlist(curator, "Billie moves", "", True)
    for playlist, owner in ((private, viewer), (shared, viewer), (others, curator)):
        for video in videos[:2]:
            playlists.add_video(owner, playlist.id, video.video_id)
    db.session.commit()

    open_categories(page)  # signed out: the public ones only
    page.get_by_role("tab", name="Playlists").click()
    public = page.get_by_role("list", name="Public playlists").get_by_role("button")
    expect(public.filter(has_text="Billie moves")).to_be_visible()
    expect(public.filter(has_text="Late night moves")).to_have_count(0)

    sign_in(page, viewer.email, "secret123")
    expect(page.locator(".user-menu-trigger")).to_be_visible()
    open_categories(page)
    page.get_by_role("tab", name="Playlists").click()
    listed = page.get_by_role("list", name="Playlists")
    expect(listed.locator(".watch-list-heading")).to_have_text(["Your playlists", "Public playlists"])
    rows = listed.get_by_role("button")
    expect(rows).to_have_count(3)  # their public one once, among their own
    expect(rows.nth(0)).to_contain_text("Walker shares")
    expect(rows.nth(1)).to_contain_text("Late night moves")
    expect(rows.nth(1)).to_contain_text("Private")
    expect(rows.nth(0)).not_to_contain_text("Private")
    expect(rows.nth(2)).to_contain_text("Billie moves")
    rows.nth(1).click()
    expect(page.get_by_role("heading", name="Late night moves")).to_be_visible()
    expect(player(page).locator("#video-id")).to_have_text(videos[0].video_id)
    expect(page).to_have_url(re.compile(rf"/categories\?playlist={private.id}$"))


@SCREENS
def test_the_playlists_tab_is_kept_in_the_address(page: Page, make_user, catalog):
    """A reload or a shared link went back to the hashtags."""
    owner = make_user("curator")
    created = playlists.create_playlist(owner, "Billie moves", "", True)
    playlists.add_video(owner, created.id, tagged_videos("billieeilish")[0].video_id)
    db.session.commit()

    open_categories(page)
    page.get_by_role("tab", name="Playlists").click()
    expect(page).to_have_url(re.compile(r"/categories\?tab=playlists$"))
    drawn = page.request.get("/categories?tab=playlists").text()
    assert "Billie moves" in drawn, "the server draws that tab too: no hashtags first, and links for crawlers"
    page.reload()
    page.wait_for_selector("[data-island='categories'][data-island-mounted='true']", state="attached")
    expect(page.get_by_role("tab", name="Playlists")).to_have_attribute("aria-selected", "true")
    listed = page.get_by_role("list", name="Public playlists").get_by_role("button", name=re.compile("Billie moves"))
    expect(listed).to_be_visible()
    page.get_by_role("tab", name="Hashtags").click()
    expect(page).to_have_url(re.compile(r"/categories$"))
    expect(hashtag_list(page).first).to_be_visible()

    open_categories(page, "/categories?tab=nonsense")  # a value the page does not offer: the hashtags
    expect(page.get_by_role("tab", name="Hashtags")).to_have_attribute("aria-selected", "true")


@SCREENS
def test_a_playlist_card_counts_only_videos_that_still_play(page: Page, make_user, admin, catalog):
    owner = make_user("curator")
    videos = tagged_videos("billieeilish")
    solo = playlists.create_playlist(owner, "Solo spin", "", True)
    playlists.add_video(owner, solo.id, videos[0].video_id)
    mix = playlists.create_playlist(owner, "Billie moves", "", True)
    for video in videos:
        playlists.add_video(owner, mix.id, video.video_id)
    reports.mark_unavailable(videos[0].video_id, admin)  # its only video no longer plays

    open_categories(page)
    page.get_by_role("tab", name="Playlists").click()
    cards = page.get_by_role("list", name="Public playlists").get_by_role("button")
    expect(cards.filter(has_text="Billie moves")).to_contain_text(f"{len(videos) - 1} videos")
    expect(cards.filter(has_text="Solo spin")).to_have_count(0)


def test_a_signed_in_viewer_returns_to_the_remembered_position(page: Page, api, user, catalog):
    dance = tagged_videos("dance")
    sign_in(page, user.email, "secret123")
    expect(page.locator(".user-menu-trigger")).to_be_visible()
    open_categories(page, "/categories/dance")
    expect(player(page).locator("#video-id")).to_have_text(dance[0].video_id)
    page.get_by_role("button", name="Next").click()
    expect(player(page).locator("#video-id")).to_have_text(dance[1].video_id)
    page.wait_for_timeout(300)  # the position is saved as the viewer moves

    open_categories(page, "/categories/dance")
    expect(player(page).locator("#video-id")).to_have_text(dance[1].video_id)


@pytest.mark.parametrize("viewport", [PHONE], indirect=True)
def test_on_a_phone_before_a_category_is_chosen_the_footer_follows_the_invitation_to_choose(page: Page, catalog):
    # No stage to fill a screen yet: it left a screen of blank page between them.
    assert "Select a Category" in page.request.get("/categories").text()  # drawn by the server, as the island draws it
    open_categories(page)
    expect(hashtag_list(page).first).to_be_visible()
    card = page.locator(".feed-empty-state").bounding_box()
    assert page.locator(".site-footer").bounding_box()["y"] - (card["y"] + card["height"]) < 80
    # The invitation is a line under the list, within the first screen, not a panel running past it.
    assert card["y"] + card["height"] <= page.viewport_size["height"]


@SCREENS
def test_back_from_a_chosen_hashtag_returns_to_the_list_and_forward_to_the_hashtag(page: Page, catalog):
    """On a phone the list and the chosen hashtag's feed are two screens: Back from the feed left the section."""
    dance = tagged_videos("dance")
    page.goto("/")
    open_categories(page)
    hashtag_button(page, "dance").click()
    expect(page.get_by_role("heading", name="#dance")).to_be_visible()
    expect(player(page).locator("#video-id")).to_have_text(dance[0].video_id)
    page.get_by_role("button", name="Next").click()
    expect(page).to_have_url(re.compile(rf"/categories/dance/{dance[1].creator.username}-{dance[1].video_id}$"))

    page.go_back()
    expect(page).to_have_url(re.compile(r"/categories$"))
    expect(page.get_by_text("Select a Category")).to_be_visible()
    expect(hashtag_button(page, "dance")).to_be_visible()
    # The Next button that had the focus went with the feed: the list's heading takes it, not the page's body.
    expect(page.get_by_role("heading", name="Categories", level=1)).to_be_focused()
    page.go_forward()  # back at the video it was left on
    expect(page.get_by_role("heading", name="#dance")).to_be_visible()
    expect(player(page).locator("#video-id")).to_have_text(dance[1].video_id)
    expect(page).to_have_url(re.compile(rf"/categories/dance/{dance[1].creator.username}-{dance[1].video_id}$"))
    expect(page.get_by_role("button", name="Previous")).to_be_enabled()  # its place in the list, not first of it

    page.reload()  # a new page on the same entries
    expect(player(page).locator("#video-id")).to_have_text(dance[1].video_id)
    page.go_back()
    expect(page).to_have_url(re.compile(r"/categories$"))
    expect(page.get_by_text("Select a Category")).to_be_visible()
    page.go_back()
    expect(page).to_have_url(re.compile(r"/$"))


@SCREENS
def test_a_reload_mid_list_picks_up_at_the_video_in_its_place(page: Page, catalog):
    """Reloaded on the fourth video, the list started over with it first: Previous was off and Next replayed the
    three before it."""
    fyp = tagged_videos("fyp")
    assert len(fyp) >= 5
    open_categories(page)
    hashtag_button(page, "fyp").click()
    for _ in range(3):
        page.get_by_role("button", name="Next").click()
    expect(player(page).locator("#video-id")).to_have_text(fyp[3].video_id)
    page.reload()
    expect(player(page).locator("#video-id")).to_have_text(fyp[3].video_id)
    page.get_by_role("button", name="Previous").click()
    expect(player(page).locator("#video-id")).to_have_text(fyp[2].video_id)
    page.get_by_role("button", name="Next").click()
    page.get_by_role("button", name="Next").click()
    expect(player(page).locator("#video-id")).to_have_text(fyp[4].video_id)


@pytest.mark.parametrize("viewport", [PHONE], indirect=True)
def test_on_a_phone_the_focus_goes_to_the_folded_lists_toggle_after_a_choice(page: Page, catalog):
    """The chosen row is hidden as the list folds: the focus was left on nothing."""
    open_categories(page)
    hashtag_button(page, "dance").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="#dance")).to_be_visible()
    toggle = page.get_by_role("button", name="#dance", exact=True)
    expect(toggle).to_be_focused()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    page.keyboard.press("Enter")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(hashtag_button(page, "dance")).to_be_visible()


@pytest.mark.parametrize("viewport", [PHONE], indirect=True)
def test_on_a_phone_the_list_opened_again_shows_the_hashtag_chosen_from_far_down_it(page: Page, catalog):
    """The chosen hashtag moves to the top of the list (spec), and the folded list kept its scroll: opened again,
    the chosen hashtag lay above its view."""
    open_categories(page)
    rows = page.locator(".hashtag-item")
    far = rows.nth(30)
    far.scroll_into_view_if_needed()
    name = far.locator(".watch-item-name").inner_text()
    far.tap()
    expect(page.get_by_role("heading", name=name)).to_be_visible()
    page.locator(".watch-panel-toggle").tap()
    chosen = page.locator(".hashtag-item[aria-pressed='true']")
    expect(chosen).to_contain_text(name)
    expect(chosen).to_be_in_viewport()
    view, card = page.locator(".watch-list").bounding_box(), chosen.bounding_box()
    assert view["y"] <= card["y"] + 1 and card["y"] + card["height"] <= view["y"] + view["height"] + 1, (view, card)


@SCREENS
def test_removing_the_playing_video_from_ones_own_playlist_counts_it_again(page: Page, make_user, catalog, viewport):
    """The playlist dialog said '1 video'; the heading and the card still said 2 until a reload."""
    owner = make_user("walker")
    videos = tagged_videos("billieeilish")[:2]
    mine = playlists.create_playlist(owner, "Walker shares", "", True)
    for video in videos:
        playlists.add_video(owner, mine.id, video.video_id)
    db.session.commit()
    sign_in(page, owner.email, "secret123")
    expect(page.locator(".user-menu-trigger")).to_be_visible()
    open_categories(page, f"/categories?playlist={mine.id}")
    expect(page.locator(".category-meta")).to_contain_text("2 videos")
    expect(player(page).locator("#video-id")).to_have_text(videos[0].video_id)

    page.locator(".feed-creator").get_by_role("button", name="Add to playlist").click()
    dialog = page.get_by_role("dialog", name="Add to Playlist")
    dialog.get_by_role("button", name="Remove from Walker shares").click()
    expect(dialog.locator(".playlist-row", has_text="Walker shares")).to_contain_text("1 video")
    page.keyboard.press("Escape")
    expect(page.locator(".category-meta")).to_contain_text("1 video")
    expect(page.locator(".category-meta")).not_to_contain_text("1 videos")
    if viewport["width"] > 640:
        card = page.get_by_role("list", name="Playlists").get_by_role("button", name=re.compile("Walker shares"))
        expect(card).to_contain_text("1 video")

"""The Following page in Chromium: the welcome, the discovery grid, the feed of followed creators and its filters."""

import re

import pytest
from playwright.sync_api import Locator, Page, expect
from sqlalchemy import select

from app.extensions import db
from app.models import Creator, Follow, Trend, Video
from app.services import follows
from app.services.ingest import ingest_records
from app.tiktok.fixtures import FixturesSource
from app.tiktok.mapping import record_from_info
from tests.browser.conftest import SCREENS, assert_count_and_sort_beside, sign_in
from tests.browser.fake_tiktok import fake_tiktok  # noqa: F401
from tests.browser.test_categories import tagged_videos
from tests.browser.test_home_feed import player, shown_video_id
from tests.conftest import DEFAULT_PASSWORD, TIKTOK_FIXTURES

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def player_server(fake_tiktok):  # noqa: F811
    fake_tiktok.reset()
    return fake_tiktok


def signed_in(page: Page, user) -> None:
    sign_in(page, user.email, DEFAULT_PASSWORD)
    expect(page.locator("[data-island='user-menu']")).to_be_attached()


def open_following(page: Page) -> None:
    page.goto("/following")
    page.wait_for_selector("[data-island='following'][data-island-mounted='true']", state="attached")


def follow_everyone(user) -> list[str]:
    return follows.follow_many(user, list(db.session.scalars(select(Creator.username))))


def followed_by(user) -> set[str]:
    rows = db.session.scalars(select(Creator.username).join(Follow).where(Follow.user_id == user.id))
    return set(rows)


def phone_filters(page: Page, user) -> Locator:
    """The phone's filter menus of the Following feed, every creator followed."""
    follow_everyone(user)
    signed_in(page, user)
    open_following(page)
    return page.get_by_role("group", name="Filter videos")


def shown_creator(page: Page) -> str:
    return page.locator(".feed-creator-link").inner_text().removeprefix("@")


def test_a_visitor_gets_the_welcome_with_sign_in_and_sign_up(page: Page):
    page.goto("/following")
    main = page.locator("main")
    expect(main.get_by_role("heading", name="Welcome to Danza")).to_be_visible()
    expect(main.get_by_role("button", name="Sign In")).to_be_visible()
    expect(main.get_by_role("button", name="Sign up")).to_be_visible()
    expect(page.locator("[data-island='following']")).to_have_count(0)


def test_a_creator_followed_on_the_home_feed_shows_up_in_the_following_feed(page: Page, catalog, user):
    signed_in(page, user)
    page.wait_for_selector("[data-island='home-feed'][data-island-mounted='true']", state="attached")
    creator = shown_creator(page)
    page.locator(".feed-creator").get_by_role("button", name="Follow", exact=True).click()
    expect(page.locator(".feed-creator").get_by_role("button", name="Following", exact=True)).to_be_visible()
    assert followed_by(user) == {creator}

    open_following(page)
    expect(page.locator(".feed-creator-link")).to_have_text(f"@{creator}")
    expect(page.get_by_text("You've reached the end of your feed")).to_be_visible()
    expect(page.get_by_role("button", name="Next")).to_be_disabled()
    expect(page.get_by_role("button", name="Previous")).to_be_disabled()


@pytest.mark.parametrize("viewport", [(1280, 800)], indirect=True, ids=["desktop"])
def test_beside_the_suggestions_the_video_controls_fit_their_narrower_column(page: Page, catalog, user):
    follows.follow_many(user, [db.session.scalars(select(Creator.username).order_by(Creator.id)).first()])
    signed_in(page, user)
    open_following(page)
    expect(page.locator(".channel-suggestions")).to_be_visible()
    controls = page.get_by_role("group", name="Video controls")
    expect(controls.get_by_role("button", name="Next")).to_be_visible()
    for control in controls.locator(".btn").all():
        name = control.get_attribute("aria-label")
        assert control.evaluate("button => button.scrollWidth <= button.clientWidth"), f"{name}'s words overflow it"
        assert control.is_visible(), name
    for button in page.locator(".feed-creator-actions > .btn").all():  # and the creator's buttons still fit the screen
        box = button.bounding_box()
        assert box["y"] + box["height"] <= 800, (button.inner_text(), box)


def test_a_video_without_metadata_gets_it_from_tiktok_while_it_plays(page: Page, user):
    entry = next(iter(FixturesSource(TIKTOK_FIXTURES).list_profile("timmytimmadome", 1, 1).entries))
    ingest_records([record_from_info(entry)])
    stored = db.session.scalar(select(Video).where(Video.video_id == entry["id"]))
    stored.title = stored.description = stored.track = stored.duration = None
    db.session.commit()
    follows.follow_many(user, ["timmytimmadome"])
    signed_in(page, user)

    with page.expect_response(lambda response: "/videos/extract-metadata/" in response.url) as answer:
        open_following(page)
    assert answer.value.status == 200
    expect(page.locator(".feed-description")).to_contain_text("Hope this helps!")
    expect(page.locator(".feed-song")).to_contain_text(entry["track"])
    db.session.expire_all()
    stored = db.session.scalar(select(Video).where(Video.video_id == entry["id"]))
    assert (stored.duration, stored.metadata_extracted_at is not None) == (entry["duration"], True)


@SCREENS
def test_the_discovery_grid_keeps_its_toggles_until_done(page: Page, catalog, user):
    signed_in(page, user)
    open_following(page)
    grid = page.get_by_role("list", name="Suggested creators")
    expect(page.get_by_role("heading", name="Discover New Creators")).to_be_visible()
    expect(grid.get_by_role("listitem")).to_have_count(3)
    done = page.get_by_role("button", name="Done")
    expect(done).to_be_disabled()

    first, second = grid.get_by_role("button").nth(0), grid.get_by_role("button").nth(1)
    first.click()
    second.click()
    second.click()
    expect(first).to_have_attribute("aria-pressed", "true")
    expect(second).to_have_attribute("aria-pressed", "false")
    assert followed_by(user) == set()

    chosen = first.get_attribute("aria-label").removeprefix("Following @")
    done.click()
    expect(page.locator(".feed-creator-link")).to_have_text(f"@{chosen}")
    assert followed_by(user) == {chosen}
    assert page.evaluate("window.scrollY") == 0  # the feed opens at its top, wherever Done was


def test_the_feed_comes_five_at_a_time_and_asks_for_more_near_the_end(page: Page, catalog, user):
    follow_everyone(user)
    signed_in(page, user)
    feed_requests: list[str] = []
    page.on(
        "request", lambda request: feed_requests.append(request.url) if "/videos/following/" in request.url else None
    )
    open_following(page)
    first = shown_video_id(page)
    assert len(feed_requests) == 1 and "limit=5&offset=0" in feed_requests[0]

    next_button = page.get_by_role("button", name="Next")
    next_button.click()
    with page.expect_request(lambda request: "limit=5&offset=5" in request.url):
        next_button.click()
    expect(player(page).locator("#video-id")).not_to_have_text(first)
    expect(page.get_by_role("button", name="Previous")).to_be_enabled()


def test_a_reload_or_back_returns_to_the_video_on_stage_and_a_new_visit_starts_over(page: Page, catalog, user):
    """The feed started again at its first video after a reload, or Back from another page."""
    follow_everyone(user)
    signed_in(page, user)
    open_following(page)
    first = shown_video_id(page)
    for _ in range(6):  # into the second page of five
        page.get_by_role("button", name="Next").click()
    expect(player(page).locator("#video-id")).not_to_have_text(first)
    watched = shown_video_id(page)

    page.reload()
    page.wait_for_selector("[data-island='following'][data-island-mounted='true']", state="attached")
    expect(player(page).locator("#video-id")).to_have_text(watched)
    page.get_by_role("button", name="Previous").click()  # the list around it is there again
    expect(player(page).locator("#video-id")).not_to_have_text(watched)
    page.get_by_role("button", name="Next").click()
    expect(player(page).locator("#video-id")).to_have_text(watched)

    page.goto("/dance-trends")
    page.go_back()
    page.wait_for_selector("[data-island='following'][data-island-mounted='true']", state="attached")
    expect(player(page).locator("#video-id")).to_have_text(watched)

    page.goto("/dance-trends")
    open_following(page)  # a new visit, in a new history entry
    expect(player(page).locator("#video-id")).to_have_text(first)


def test_picking_a_trend_or_a_hashtag_filters_the_feed(page: Page, catalog, user):
    follow_everyone(user)
    trend = db.session.scalars(select(Trend).where(Trend.artist == "Billie Eilish")).one()
    in_trend = set(db.session.scalars(select(Video.video_id).where(Video.trend_id == trend.id)))
    signed_in(page, user)
    open_following(page)

    page.get_by_role("list", name="Dance trends").get_by_role("button", name=re.compile(trend.track)).click()
    expect(page.locator(".category-title")).to_have_text(trend.track)
    expect(page.locator(".category-meta")).to_have_text(f"{len(in_trend)} videos")
    assert shown_video_id(page) in in_trend

    page.get_by_role("tab", name="Categories").click()
    page.get_by_role("list", name="Hashtags").get_by_role("button", name="#billieeilish").click()
    expect(page.locator(".category-title")).to_have_text("#billieeilish")
    expect(page.locator(".feed-tags")).to_contain_text("#billieeilish")

    page.get_by_role("tab", name="All").click()
    expect(page.locator(".category-title")).to_have_text("All videos from creators you follow")
    active = len(db.session.scalars(select(Video.id).where(Video.is_active.is_(True))).all())
    expect(page.locator(".category-meta")).to_have_text(f"{active} videos")


def test_the_filter_and_the_sorts_are_in_the_address_so_a_reload_or_a_shared_link_keeps_them(page: Page, catalog, user):
    follow_everyone(user)
    signed_in(page, user)
    open_following(page)
    page.get_by_role("tab", name="Categories").click()
    page.get_by_role("list", name="Hashtags").get_by_role("button", name="#billieeilish").click()
    page.get_by_label("Sort videos").select_option(label="Oldest")
    expect(page).to_have_url(re.compile(r"/following\?hashtag=billieeilish&videoSort=oldest$"))
    tagged = tagged_videos("billieeilish")
    oldest = min(tagged, key=lambda video: (video.posted_at, video.id))
    expect(player(page).locator("#video-id")).to_have_text(oldest.video_id)

    page.reload()
    page.wait_for_selector("[data-island='following'][data-island-mounted='true']", state="attached")
    expect(page.locator(".category-title")).to_have_text("#billieeilish")
    expect(page.get_by_label("Sort videos")).to_have_value("oldest")
    expect(player(page).locator("#video-id")).to_have_text(oldest.video_id)

    page.goto("/following?trend=no%7Csuch&videoSort=sideways")
    page.wait_for_selector("[data-island='following'][data-island-mounted='true']", state="attached")
    expect(page.locator(".category-title")).to_have_text("All videos from creators you follow")
    expect(page).to_have_url(re.compile(r"/following$"))
    page.goto("/following?hashtag=nosuch")  # the sidebar falls back with the feed, as /following opens it
    page.wait_for_selector("[data-island='following'][data-island-mounted='true']", state="attached")
    expect(page.locator(".category-title")).to_have_text("All videos from creators you follow")
    expect(page.get_by_role("tab", name="Trends")).to_have_attribute("aria-selected", "true")


@pytest.mark.parametrize("viewport", [(375, 812)], indirect=True, ids=["phone"])
def test_on_a_phone_the_filters_are_menus_that_really_sort_and_pick(page: Page, catalog, user):
    filters = phone_filters(page, user)
    expect(page.get_by_role("tablist", name="Filter videos")).to_be_hidden()

    filters.get_by_label("Type", exact=True).select_option(label="Trends")
    filters.get_by_label("Sort", exact=True).select_option(label="Views")
    picker = filters.get_by_label("Trend", exact=True)
    expect(picker.locator("option").nth(1)).to_contain_text(" by ")  # "track by artist"
    # The count and the video sort share the picker's row, a row more for the video; "Select Trend" still shows whole
    # (the phone's own list shows a trend's full name).
    assert_count_and_sort_beside(page, picker)
    assert picker.bounding_box()["width"] >= filters.bounding_box()["width"] * 0.45
    assert page.locator(".watch-stage").bounding_box()["height"] >= 812 * 0.7
    controls = page.get_by_role("button", name="Next").bounding_box()
    assert controls["y"] + controls["height"] <= 812
    picker.select_option(index=1)
    expect(page.locator(".category-meta")).to_have_text(re.compile(r"\d+ videos?"))
    shown_video_id(page)

    filters.get_by_label("Type", exact=True).select_option(label="Categories")
    # Categories have no sort menu: the Hashtags/Playlists toggle sits beside the type, and the player still fits.
    toggle_box = filters.get_by_role("button", name="Hashtags").bounding_box()
    type_box = filters.get_by_label("Type", exact=True).bounding_box()
    assert toggle_box["y"] < type_box["y"] + type_box["height"] and toggle_box["x"] > type_box["x"] + type_box["width"]
    filters.get_by_role("button", name="Hashtags").click()
    category = filters.get_by_label("Category", exact=True)
    expect(category.locator("option").first).to_have_text("Select Category")
    category.select_option(index=1)
    expect(page.locator(".category-title")).to_have_text(re.compile(r"^#"))
    assert_count_and_sort_beside(page, category)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    next_box = page.get_by_role("button", name="Next").bounding_box()
    assert next_box["y"] + next_box["height"] <= 812
    expect(player(page).locator("#video-id")).not_to_be_empty()

    # All: the type alone, the count and the sort beside it.
    filters.get_by_label("Type", exact=True).select_option(label="All")
    assert_count_and_sort_beside(page, filters.get_by_label("Type", exact=True))


@pytest.mark.parametrize("viewport", [(320, 640)], indirect=True, ids=["small-phone"])
def test_on_a_small_phone_the_category_toggle_and_the_rail_fit(page: Page, catalog, user):
    filters = phone_filters(page, user)
    filters.get_by_label("Type", exact=True).select_option(label="Categories")
    for name in ("Hashtags", "Playlists"):
        button = filters.get_by_role("button", name=name)
        assert button.evaluate("b => b.scrollWidth <= b.clientWidth"), f"{name} is cut short"
    filters.get_by_role("button", name="Hashtags").click()
    filters.get_by_label("Category", exact=True).select_option(index=1)
    expect(player(page).locator("#video-id")).not_to_be_empty()
    # The rail's five buttons stay within the video, below the sort menu (taller, the rail rose behind it).
    stage = page.locator(".watch-stage").bounding_box()
    rail = page.locator(".feed-creator-actions").bounding_box()
    sort = page.locator(".watch-heading select").bounding_box()
    assert rail["y"] >= stage["y"] >= sort["y"] + sort["height"]
    next_box = page.get_by_role("button", name="Next").bounding_box()
    assert next_box["y"] + next_box["height"] <= 640

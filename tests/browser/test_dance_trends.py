"""The dance-trends page in Chromium: deep links, the address bar, Share, search and the phone layout."""

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import select

from app.api.schemas import VideoOut
from app.catalog import trend_header
from app.extensions import db
from app.models import Trend, Video
from app.services.videos import video_cards
from tests.browser.conftest import SCREENS
from tests.browser.fake_tiktok import fake_tiktok  # noqa: F401
from tests.browser.test_home_feed import player, shown_video_id

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def player_server(fake_tiktok):  # noqa: F811
    fake_tiktok.reset()
    return fake_tiktok


def open_trends(page: Page, path: str) -> None:
    page.goto(path)
    page.wait_for_selector("[data-island='dance-trends'][data-island-mounted='true']", state="attached")


def busiest_trend() -> Trend:
    return db.session.scalars(select(Trend).order_by(Trend.video_count.desc(), Trend.id)).first()


def trend_videos_newest_first(trend: Trend) -> list[dict]:
    videos = db.session.scalars(
        select(Video).where(Video.trend_id == trend.id, Video.is_active.is_(True)).order_by(Video.posted_at.desc())
    ).all()
    return [VideoOut.of(card).as_props() for card in video_cards(videos)]


def test_a_deep_link_plays_that_video_first_and_next_moves_the_address_bar(page: Page, catalog):
    trend = busiest_trend()
    videos = trend_videos_newest_first(trend)
    assert len(videos) >= 3
    linked = videos[-1]  # the oldest, which Newest would otherwise put last
    open_trends(page, linked["paths"]["trend"])

    expect(player(page).locator("#video-id")).to_have_text(linked["videoId"])
    expect(page.locator(".trend-item[aria-pressed='true']")).to_contain_text(trend.track)
    expect(page).to_have_url(re.compile(re.escape(linked["paths"]["trend"]) + "$"))

    page.get_by_role("button", name="Next").click()
    expect(player(page).locator("#video-id")).to_have_text(videos[0]["videoId"])
    expect(page).to_have_url(re.compile(re.escape(videos[0]["paths"]["trend"]) + "$"))
    page.get_by_role("button", name="Previous").click()
    expect(page).to_have_url(re.compile(re.escape(linked["paths"]["trend"]) + "$"))


@SCREENS
def test_a_reload_mid_list_picks_up_at_the_video_in_its_place(page: Page, catalog):
    """Reloaded on a trend's third video, the list started over with it first: Previous was off and Next replayed
    the two before it. A deep link still plays its video first."""
    trend = busiest_trend()
    videos = trend_videos_newest_first(trend)
    assert len(videos) >= 4
    open_trends(page, videos[0]["paths"]["trend"])
    page.get_by_role("button", name="Next").click()
    page.get_by_role("button", name="Next").click()
    expect(player(page).locator("#video-id")).to_have_text(videos[2]["videoId"])
    page.reload()
    expect(player(page).locator("#video-id")).to_have_text(videos[2]["videoId"])
    page.get_by_role("button", name="Next").click()
    expect(player(page).locator("#video-id")).to_have_text(videos[3]["videoId"])
    page.get_by_role("button", name="Previous").click()
    page.get_by_role("button", name="Previous").click()
    expect(player(page).locator("#video-id")).to_have_text(videos[1]["videoId"])


def test_share_copies_the_trend_link_and_says_copied_for_two_seconds(page: Page, live_server, catalog):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server)
    video = trend_videos_newest_first(busiest_trend())[1]
    open_trends(page, video["paths"]["trend"])
    share = page.locator(".feed-creator").get_by_role("button", name="Share")

    share.click()
    expect(page.locator(".feed-share")).to_have_text("Copied!")
    assert page.evaluate("navigator.clipboard.readText()") == f"{live_server}{video['paths']['trend']}"
    expect(page.locator(".feed-share")).to_have_text("Share", timeout=3_000)


def test_the_search_from_the_address_fills_the_box_and_filters_the_trends(page: Page, catalog):
    open_trends(page, "/dance-trends?search=Billie")
    expect(page.get_by_role("searchbox", name="Search dance trends")).to_have_value("Billie")
    trends = page.get_by_role("list", name="Dance trends").get_by_role("button")
    expect(trends).to_have_count(1)
    expect(trends.first).to_contain_text("Therefore I Am")
    expect(trends.first).to_contain_text("Billie Eilish")
    expect(trends.first).to_contain_text(re.compile(r"First: [A-Z][a-z]{2} \d{1,2}, \d{4}"))

    billie = {v.video_id for v in db.session.scalars(select(Video).join(Trend).where(Trend.artist == "Billie Eilish"))}
    assert shown_video_id(page) in billie
    url = urlsplit(page.url)
    assert url.path.startswith("/dance-trends/") and parse_qs(url.query)["search"] == ["Billie"]

    page.get_by_role("searchbox", name="Search dance trends").fill("no such song anywhere")
    expect(page.get_by_text("No dance trends found")).to_be_visible()


def test_choosing_a_trend_and_a_sort_plays_its_videos_in_that_order(page: Page, catalog):
    trend = busiest_trend()
    oldest = trend_videos_newest_first(trend)[-1]
    open_trends(page, "/dance-trends")
    page.get_by_label("Sort trends").select_option(label="Featured")
    page.get_by_role("list", name="Dance trends").get_by_role("button").first.click()
    page.get_by_label("Sort videos").select_option(label="Oldest")
    expect(player(page).locator("#video-id")).to_have_text(oldest["videoId"])
    expect(page).to_have_url(re.compile(re.escape(oldest["paths"]["trend"]) + r"\?videoSort=oldest$"))


@pytest.mark.parametrize("viewport", [(375, 812)], indirect=True, ids=["phone"])
def test_on_a_phone_the_list_folds_behind_a_toggle_above_the_stage(page: Page, catalog):
    open_trends(page, "/dance-trends")
    first = shown_video_id(page)
    toggle = page.locator(".watch-panel-toggle")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(page.get_by_role("list", name="Dance trends")).to_be_hidden()
    controls = page.get_by_role("group", name="Video controls")
    expect(controls).to_be_in_viewport()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375

    toggle.click()
    choices = page.get_by_role("list", name="Dance trends").get_by_role("button")
    expect(choices.first).to_be_visible()
    choices.nth(1).click()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(player(page).locator("#video-id")).not_to_have_text(first)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


@pytest.mark.parametrize("viewport", [(375, 812), (320, 640)], indirect=True, ids=["phone", "small-phone"])
def test_on_a_phone_the_trend_totals_feed_link_and_sort_sit_side_by_side(page: Page, catalog):
    open_trends(page, "/dance-trends")
    heading = page.locator(".watch-heading")
    totals = heading.get_by_role("list", name="Trend totals").get_by_role("listitem")
    feed, sort = heading.get_by_role("link", name="Feed").bounding_box(), heading.locator("select").bounding_box()
    for total in totals.all():
        box = total.bounding_box()
        assert box["x"] + box["width"] <= feed["x"], (total.inner_text(), box, feed)
    assert feed["x"] + feed["width"] <= sort["x"] and sort["x"] + sort["width"] <= page.viewport_size["width"]


def test_a_long_trend_header_shows_the_whole_title_beside_the_trend_list(page: Page, catalog):
    trend = db.session.scalars(select(Trend).where(Trend.track == "Bắc Bling (Bắc Ninh) (Prod. by Masew)")).first()
    video = trend_videos_newest_first(trend)[0]
    open_trends(page, video["paths"]["trend"])
    whole = f"{trend.track} by {trend.artist}"
    cut = trend_header(trend.track, trend.artist)
    assert cut == "Bắc Bling (Bắc Ninh) (Prod. by Masew..."

    header = page.locator(".watch-heading .feed-trend-title")  # on phones the trend menu names the trend instead
    expect(header.get_by_text(whole, exact=True)).to_be_visible()
    expect(header.get_by_text(cut, exact=True)).to_be_hidden()
    expect(header.locator(".feed-trend-name")).to_have_attribute("title", whole)
    assert header.evaluate(ARTIST_SHOWN), "the artist is cut off beside the sort menu"
    expect(page.locator(".feed-details .feed-creator")).to_be_in_viewport()  # two lines of title leave it on screen


# Whether the artist's first letter (after the last ' by ') lies inside the title's box, not under its ellipsis.
ARTIST_SHOWN = """title => {
  const text = title.querySelector(".feed-trend-full").firstChild;
  const at = text.data.lastIndexOf(" by ") + 4;
  const range = document.createRange();
  range.setStart(text, at);
  range.setEnd(text, at + 1);
  const letter = range.getBoundingClientRect(), box = title.getBoundingClientRect();
  return letter.bottom <= box.bottom + 1 && letter.right <= box.right + 1;
}"""


def test_a_chosen_trends_curve_opens_under_its_heading_and_rising_sorts_the_list(device_page: Page, device, catalog):
    page = device_page
    open_trends(page, "/dance-trends")
    if device == "phone":
        page.locator(".watch-panel-toggle").click()
    cards = page.get_by_role("list", name="Dance trends").get_by_role("button")
    expect(cards.first.get_by_role("img", name=re.compile(r"^Videos in each of the last 8 weeks: "))).to_be_visible()

    therefore = db.session.scalars(select(Trend).where(Trend.track == "Therefore I Am")).one()
    cards.filter(has_text="Therefore I Am").click()
    curve = page.locator("details.trend-curve")
    if device == "desktop":  # folded, the curve leaves the creator row on the first screen
        expect(page.locator(".feed-creator")).to_be_in_viewport()
    curve.locator("summary").click()
    chart = curve.get_by_role("img", name="Videos per week and views so far")
    expect(chart).to_be_visible()
    expect(curve.locator(".chart__summary")).to_contain_text(f"{therefore.video_count} videos over")
    starters = curve.locator(".trend-curve-starters a")
    expect(starters).not_to_have_count(0)
    assert starters.first.get_attribute("href").startswith("/user/")
    box = chart.bounding_box()
    assert box["width"] >= 250 and box["x"] + box["width"] <= page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    curve.locator("summary").click()

    if device == "phone":
        page.locator(".watch-panel-toggle").click()
    page.get_by_label("Sort trends").select_option(label="Rising")
    rising = db.session.scalars(select(Trend).order_by(Trend.rising_score.desc(), Trend.trend_score.desc())).first()
    expect(cards.first).to_contain_text(rising.track)  # a trend chosen from the list is not pinned


def test_a_shared_trend_further_down_the_list_is_scrolled_into_the_lists_view(page: Page, catalog):
    listed = db.session.scalars(select(Trend).where(Trend.video_count > 0).order_by(Trend.video_count.desc(), Trend.id))
    trend = listed.all()[11]  # well below the first screen of the list
    open_trends(page, trend_videos_newest_first(trend)[0]["paths"]["trend"])
    chosen = page.locator(".watch-list [aria-pressed='true']")
    expect(chosen).to_contain_text(trend.track)
    view, card = page.locator(".watch-list").bounding_box(), chosen.bounding_box()
    assert view["y"] <= card["y"] and card["y"] + card["height"] <= view["y"] + view["height"], (view, card)
    assert page.evaluate("window.scrollY") == 0  # the list scrolled, not the page


@SCREENS
def test_a_shared_trend_the_lists_first_page_does_not_reach_heads_the_list(page: Page, catalog):
    """A trend's shared address (`/dance-trends/{track}_{artist}`) played it, but the list of 20 did not show it."""
    featured = db.session.scalars(
        select(Trend).where(Trend.video_count > 0, Trend.track != "").order_by(Trend.video_count.desc(), Trend.id)
    ).all()
    assert len(featured) > 20
    shared = featured[-1]
    open_trends(page, f"/dance-trends/{shared.slug}")
    if page.viewport_size["width"] <= 640:
        page.locator(".watch-panel-toggle").click()
    cards = page.get_by_role("list", name="Dance trends").get_by_role("button")
    expect(cards.first).to_contain_text(shared.track)
    expect(cards.first).to_have_attribute("aria-pressed", "true")
    expect(cards.first).to_be_in_viewport()
    expect(cards.filter(has_text=shared.track)).to_have_count(1)

    # Sorted again, the list keeps the shared trend at its head while it plays, as a reload of the address shows it.
    page.get_by_label("Sort trends").select_option(label="Views")
    most_viewed = db.session.scalars(
        select(Trend).where(Trend.id != shared.id).order_by(Trend.total_views.desc(), Trend.id)
    ).first()
    expect(cards.nth(1)).to_contain_text(most_viewed.track)
    expect(cards.first).to_contain_text(shared.track)
    expect(cards.first).to_have_attribute("aria-pressed", "true")
    address = page.url
    page.reload()
    page.wait_for_selector("[data-island='dance-trends'][data-island-mounted='true']", state="attached")
    if page.viewport_size["width"] <= 640:
        page.locator(".watch-panel-toggle").click()
    expect(cards.nth(1)).to_contain_text(most_viewed.track)
    expect(cards.first).to_contain_text(shared.track)
    assert page.url == address


@SCREENS
def test_the_sorts_are_in_the_address_and_a_reload_or_shared_link_keeps_them(page: Page, catalog):
    open_trends(page, "/dance-trends")
    on_a_phone = page.viewport_size["width"] <= 640  # where the list folds behind a toggle
    if on_a_phone:
        page.locator(".watch-panel-toggle").click()
    page.get_by_label("Sort trends").select_option(label="Rising")
    if on_a_phone:
        page.locator(".watch-panel-toggle").click()
    page.get_by_label("Sort videos").select_option(label="Oldest")
    expect(page).to_have_url(re.compile(r"\?trendSort=rising&videoSort=oldest$"))
    shown = shown_video_id(page)

    page.reload()
    expect(page.get_by_label("Sort trends")).to_have_value("rising")
    expect(page.get_by_label("Sort videos")).to_have_value("oldest")
    expect(player(page).locator("#video-id")).to_have_text(shown)

    response = page.goto("/dance-trends?trendSort=sideways&videoSort=mostLikes&seed=x")
    assert response is not None and response.status == 200
    page.wait_for_selector("[data-island='dance-trends'][data-island-mounted='true']", state="attached")
    expect(page.get_by_label("Sort trends")).to_have_value("videoCount")
    expect(page.get_by_label("Sort videos")).to_have_value("mostRecent")
    expect(page).to_have_url(re.compile(r"/dance-trends/[^?]+$"))

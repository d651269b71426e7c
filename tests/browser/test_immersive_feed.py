"""The feeds as a visitor watches them: one video filling a phone's screen, swiped like TikTok, with the creator and the
buttons over it; on a desktop the creator row on the first screen and the wheel anywhere around the video."""

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import select

from app.extensions import db
from app.models import Trend
from tests.browser.conftest import swipe
from tests.browser.fake_tiktok import fake_tiktok  # noqa: F401
from tests.browser.test_categories import tagged_videos
from tests.browser.test_creator_page import prolific  # noqa: F401
from tests.browser.test_following import follow_everyone, signed_in
from tests.browser.test_home_feed import player

pytestmark = pytest.mark.browser

FEEDS = ["home", "dance-trends", "categories", "following", "creator"]


@pytest.fixture(autouse=True)
def player_server(fake_tiktok):  # noqa: F811
    fake_tiktok.reset()
    return fake_tiktok


@pytest.fixture
def open_feed(catalog, prolific, user):  # noqa: F811
    """Opens one of the five feeds on a page, on a list of at least two videos."""

    def open_(page: Page, feed: str) -> None:
        if feed == "following":
            follow_everyone(user)
            signed_in(page, user)
        page.goto(feed_path(feed, prolific[0].username))
        page.wait_for_selector("[data-island-mounted='true'] .feed-slide-current iframe", state="attached")

    return open_


def feed_path(feed: str, creator: str) -> str:
    if feed == "dance-trends":
        trend = db.session.scalars(select(Trend).order_by(Trend.video_count.desc(), Trend.id)).first()
        return f"/dance-trends?search={trend.search_term}"
    if feed == "categories":
        first = tagged_videos("dance")[0]
        return f"/categories/dance/{first.creator.username}-{first.video_id}"
    return {"home": "/", "following": "/following", "creator": f"/user/{creator}"}[feed]


def shown_id(page: Page) -> str:
    frame = player(page).locator("#video-id")
    expect(frame).not_to_be_empty()
    return frame.inner_text()


def within(inner: dict, outer: dict) -> bool:
    return (
        inner["x"] >= outer["x"] - 1
        and inner["y"] >= outer["y"] - 1
        and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 1
        and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 1
    )


@pytest.mark.parametrize("device", ["phone"])
@pytest.mark.parametrize("feed", FEEDS)
def test_on_a_phone_one_video_fills_the_screen_with_the_creator_and_buttons_over_it(device_page: Page, open_feed, feed):
    page = device_page
    open_feed(page, feed)
    stage = page.locator(".watch-stage")
    stage.scroll_into_view_if_needed()
    reel = page.locator(".feed-reel").bounding_box()
    video = page.locator(".feed-slide-current .player-frame").bounding_box()
    assert reel["width"] == 375 and reel["y"] >= 0 and reel["y"] + reel["height"] <= 812, reel
    assert reel["height"] >= (0.7 if feed in ("home", "dance-trends", "categories") else 0.55) * 812, reel
    assert abs(video["width"] * 16 / 9 - video["height"]) < 2
    assert abs(video["height"] - reel["height"]) < 1 or abs(video["width"] - reel["width"]) < 1, (reel, video)

    over_video = [
        page.locator(".feed-creator-identity .avatar"),
        page.locator(".feed-creator-link"),
        page.locator(".feed-creator-meta"),
        page.get_by_role("button", name="Report Unavailable"),
        page.locator(".feed-creator").get_by_role("link", name="View on TikTok"),
        page.get_by_role("button", name="Add to playlist"),
        page.get_by_role("button", name="Share"),
    ]
    if feed == "following":
        over_video.append(page.locator(".feed-creator").get_by_role("button", name="Follow"))
    for element in over_video:
        expect(element).to_be_visible()
        assert within(element.bounding_box(), reel), element
    controls = page.get_by_role("group", name="Video controls").bounding_box()
    assert controls["y"] >= reel["y"] + reel["height"] and controls["y"] + controls["height"] <= 812
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


@pytest.mark.parametrize("device", ["phone"])
@pytest.mark.parametrize("feed", FEEDS)
def test_on_a_phone_a_swipe_up_or_down_moves_to_the_next_or_previous_video(device_page: Page, open_feed, feed):
    page = device_page
    open_feed(page, feed)
    page.locator(".watch-stage").scroll_into_view_if_needed()
    first = shown_id(page)
    next_poster = page.locator(".feed-slide-next img").get_attribute("src")

    reel = page.locator(".feed-reel").bounding_box()
    x = reel["x"] + reel["width"] * 0.4  # over TikTok's player, clear of the caption and the rail
    swipe(page, reel["y"] + reel["height"] * 0.6, reel["y"] + reel["height"] * 0.05, x=x)
    expect(player(page).locator("#video-id")).not_to_have_text(first)
    second = shown_id(page)
    expect(page.locator(".feed-slide-current img.player-poster")).to_have_attribute("src", next_poster)
    expect(page.get_by_role("button", name="Previous")).to_be_enabled()

    reel = page.locator(".feed-reel").bounding_box()
    swipe(page, reel["y"] + reel["height"] * 0.1, reel["y"] + reel["height"] * 0.65, x=x)
    expect(player(page).locator("#video-id")).to_have_text(first)

    swipe(page, reel["y"] + reel["height"] * 0.6, reel["y"] + reel["height"] * 0.05, x=x)
    expect(player(page).locator("#video-id")).to_have_text(second)


@pytest.mark.parametrize("device", ["phone"])
@pytest.mark.parametrize("feed", FEEDS)
def test_on_a_phone_a_reload_opens_the_feed_at_the_top_of_the_page_on_the_same_video(
    device_page: Page, open_feed, feed
):
    page = device_page
    open_feed(page, feed)
    page.locator(".watch-stage").scroll_into_view_if_needed()
    reel = page.locator(".feed-reel").bounding_box()
    x = reel["x"] + reel["width"] * 0.4
    first = shown_id(page)
    swipe(page, reel["y"] + reel["height"] * 0.6, reel["y"] + reel["height"] * 0.05, x=x)
    expect(player(page).locator("#video-id")).not_to_have_text(first)
    second = shown_id(page)

    page.reload()
    page.wait_for_selector("[data-island-mounted='true'] .feed-slide-current iframe", state="attached")
    expect(player(page).locator("#video-id")).to_have_text(second)
    assert page.evaluate("scrollY") == 0  # the browser's own restoration scrolled Following part way down
    controls = page.get_by_role("group", name="Video controls").bounding_box()
    assert controls["y"] + controls["height"] <= 812


@pytest.mark.parametrize("device", ["phone"])
@pytest.mark.parametrize("start", ["hashtag", "rail button", "creator link"])
def test_on_a_phone_a_swipe_that_starts_on_the_caption_or_the_rail_moves_the_feed_not_the_page(
    device_page: Page, open_feed, start
):
    page = device_page
    open_feed(page, "categories")
    page.locator(".watch-stage").scroll_into_view_if_needed()
    scrolled = page.evaluate("window.scrollY")
    first = shown_id(page)
    on = {
        "hashtag": page.locator(".feed-details .feed-tag").first,
        "rail button": page.locator(".feed-creator-actions").get_by_role("button", name="Share"),
        "creator link": page.locator(".feed-creator-link"),
    }[start].bounding_box()
    x, y = on["x"] + on["width"] / 2, on["y"] + on["height"] / 2
    swipe(page, y, y - 250, x=x)
    expect(player(page).locator("#video-id")).not_to_have_text(first)
    assert page.evaluate("window.scrollY") == scrolled
    second = shown_id(page)

    on = page.locator(".feed-creator-link").bounding_box()
    swipe(page, on["y"] + on["height"] / 2, on["y"] + 200, x=on["x"] + on["width"] / 2)  # down: the one before
    expect(player(page).locator("#video-id")).to_have_text(first)
    assert second != first and page.evaluate("window.scrollY") == scrolled


@pytest.mark.parametrize("device", ["phone"])
def test_on_a_phone_a_short_drag_springs_back_to_the_same_video(device_page: Page, open_feed):
    # The finger rests before it lifts: a short flick (lifted while moving) carries on to the next video, as on TikTok.
    page = device_page
    open_feed(page, "home")
    first = shown_id(page)
    reel = page.locator(".feed-reel").bounding_box()
    swipe(page, reel["y"] + reel["height"] * 0.6, reel["y"] + reel["height"] * 0.5, x=reel["x"] + 100, hold_ms=300)
    expect(player(page).locator("#video-id")).to_have_text(first)
    # The snap back is an animation: it ends when it ends, on a busy machine later.
    page.wait_for_function(
        "() => { const reel = document.querySelector('.feed-reel');"
        " return Math.abs(reel.scrollTop - reel.querySelector('.feed-slide-current').offsetTop) < 2; }"
    )
    expect(player(page).locator("#video-id")).to_have_text(first)


@pytest.mark.parametrize("device", ["desktop"])
@pytest.mark.parametrize(
    ("feed", "viewer"),
    [(feed, "visitor") for feed in FEEDS if feed != "following"] + [(feed, "signed in") for feed in FEEDS],
)
def test_on_a_desktop_the_creator_row_shows_without_scrolling(device_page: Page, open_feed, feed, viewer, user):
    """Its buttons too: a signed-in viewer's Follow puts them on a row of their own, which the video leaves room for."""
    page = device_page
    if viewer == "signed in" and feed != "following":  # open_feed signs in for the Following feed
        signed_in(page, user)
    open_feed(page, feed)
    assert page.evaluate("window.scrollY") == 0
    buttons = page.locator(".feed-creator-actions > .btn")
    expect(buttons.first).to_be_visible()
    for element in [
        page.locator(".feed-creator-identity .avatar"),
        page.locator(".feed-creator-link"),
        page.locator(".feed-creator-meta time"),
        page.locator(".feed-creator-views"),
        *buttons.all(),
    ]:
        box = element.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 800, (element, box)
    controls = page.get_by_role("group", name="Video controls")
    box = controls.bounding_box()
    assert box["y"] + box["height"] <= 800
    for control in controls.locator(".btn").all():  # a narrow column shows icons rather than squeeze the words
        assert control.evaluate("button => button.scrollWidth <= button.clientWidth"), control.get_attribute(
            "aria-label"
        )
    expect(page.locator(".feed-slide-next")).to_be_hidden()  # one video at a time; its neighbours wait off screen


@pytest.mark.parametrize("device", ["desktop"])
@pytest.mark.parametrize("feed", ["home", "dance-trends", "creator"])
def test_on_a_desktop_the_wheel_moves_the_feed_anywhere_around_the_video_but_scrolls_over_the_details(
    device_page: Page, open_feed, feed
):
    page = device_page
    open_feed(page, feed)
    first = shown_id(page)
    stage = page.locator(".feed-stage").bounding_box()
    video = page.locator(".feed-slide-current .player-frame").bounding_box()
    page.mouse.move(video["x"] + video["width"] + 20, stage["y"] + stage["height"] - 20)  # beside the video
    page.mouse.wheel(0, 150)
    expect(player(page).locator("#video-id")).not_to_have_text(first)

    page.wait_for_timeout(600)  # past the wheel buffer
    controls = page.get_by_role("group", name="Video controls").bounding_box()
    page.mouse.move(controls["x"] + 2, controls["y"] + controls["height"] / 2)  # the controls' row, off its buttons
    page.mouse.wheel(0, -150)
    expect(player(page).locator("#video-id")).to_have_text(first)

    page.wait_for_timeout(600)
    heading = page.locator(".feed-header, .watch-heading").first.bounding_box()
    page.mouse.move(heading["x"] + 4, heading["y"] + 4)  # the trend or sort heading above the video
    page.mouse.wheel(0, 150)
    expect(player(page).locator("#video-id")).not_to_have_text(first)

    second = shown_id(page)
    page.wait_for_timeout(600)
    page.locator(".feed-description").hover()
    page.mouse.wheel(0, 200)
    page.wait_for_timeout(600)
    expect(player(page).locator("#video-id")).to_have_text(second)


@pytest.mark.parametrize("device", ["phone"])
def test_turning_the_phone_sideways_and_back_keeps_the_same_video(device_page: Page, open_feed):
    page = device_page
    open_feed(page, "home")
    page.get_by_role("button", name="Next").tap()
    second = shown_id(page)
    page.set_viewport_size({"width": 812, "height": 375})
    page.wait_for_timeout(300)
    page.set_viewport_size({"width": 375, "height": 812})
    page.wait_for_timeout(600)
    expect(player(page).locator("#video-id")).to_have_text(second)
    assert page.locator(".feed-reel").evaluate(
        "reel => Math.abs(reel.scrollTop - reel.querySelector('.feed-slide-current').offsetTop) < 2"
    )


_META_FACTS = """meta => {
  const inset = getComputedStyle(meta).clipPath.match(/^inset\\(([^)]*)\\)$/);
  const shownFrom = meta.getBoundingClientRect().left + (inset ? parseFloat(inset[1].split(" ")[3] ?? "0") : 0);
  return Array.from(meta.children).filter((item) => getComputedStyle(item).display !== "none").map((item) => {
    const box = item.getBoundingClientRect();
    const dot = getComputedStyle(item, "::before").content;
    return { text: item.textContent, top: Math.round(box.top), dot: dot !== "none" && box.left >= shownFrom - 0.5 };
  });
}"""


@pytest.mark.parametrize("viewport", [(320, 640, "touch"), (375, 812, "touch")], indirect=True)
def test_the_date_and_views_wrap_on_a_narrow_phone_with_no_dot_left_hanging(page: Page, open_feed):
    open_feed(page, "home")
    facts = page.locator(".feed-slide-current .feed-creator-meta, .feed-details .feed-creator-meta").first.evaluate(
        _META_FACTS
    )
    assert [fact["text"] for fact in facts][1].endswith("views"), facts
    lines = [fact["top"] for fact in facts]
    # A fact that starts a line shows no dot; one that follows another on its line shows the dot between them.
    for before, fact in zip([None, *lines], facts, strict=False):
        assert fact["dot"] == (fact["top"] == before), facts
    assert len(set(lines)) == (2 if page.viewport_size["width"] == 320 else 1), facts

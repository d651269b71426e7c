"""Nothing jumps while a screen's island arrives: cumulative layout shift on a phone and a desktop.

Each screen is watched for 1.5 s after load: its island, lists and player have arrived by then here."""

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import select

from app.extensions import db
from app.models import Creator, Video
from app.services import accounts, playlists
from app.services.videos import video_card
from tests.browser.conftest import DEVICES, sign_in
from tests.conftest import DEFAULT_PASSWORD

pytestmark = pytest.mark.browser

CLS_BUDGET = 0.05  # Lighthouse's "good" is 0.1

LAYOUT_SHIFT = """() => new Promise(resolve => {
  let total = 0;
  new PerformanceObserver(list => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) total += entry.value;
  }).observe({type: "layout-shift", buffered: true});
  setTimeout(() => resolve(total), 1500);
})"""


@pytest.mark.parametrize("viewport", [(375, 812), (1280, 800)], indirect=True)
@pytest.mark.parametrize("path", ["/", "/categories", "/dance-trends", "creator", "shared hashtag video", "playlist"])
def test_a_screen_does_not_shift_while_it_loads(page: Page, catalog, path):
    if path == "playlist":  # /categories?playlist={id}: the island starts from the playlist the page carries
        path = video_page("playlist")
    elif path == "creator":
        path = f"/user/{db.session.scalar(select(Creator.username).order_by(Creator.id).limit(1))}"
    elif path == "shared hashtag video":  # /categories/{user}-{id}: the island plays it under the server's hashtag
        path = video_page("hashtag")
    page.goto(path)
    assert page.evaluate(LAYOUT_SHIFT) <= CLS_BUDGET


# The stage's parts as the server draws them and as the island does: the poster, the button over the video and the
# creator row's buttons.
STAGE_PARTS = {
    "poster": ".feed-slide-current .player-poster",
    "report": ".feed-slide-current .feed-report",
    "view on tiktok": ".feed-creator-actions a",
    "playlist": ".feed-creator-actions .feed-add-to-playlist",
    "share": ".feed-creator-actions .feed-share",
    "description": ".feed-description",
}
STAGE_BOXES = """(parts) => Object.fromEntries(Object.entries(parts).map(([name, selector]) => {
  const element = document.querySelector(selector);
  const box = element && element.getBoundingClientRect();
  return [name, box && [box.x, box.y, box.width, box.height].map(Math.round)];
}))"""


def video_page(kind: str) -> str:
    card = video_card(db.session.scalar(select(Video).where(Video.trend_id.is_not(None)).order_by(Video.id).limit(1)))
    if kind == "playlist":
        owner = accounts.register("curator", "curator@example.com", "correct-horse-9")
        playlist = playlists.create_playlist(owner, "Friday moves", "", is_public=True)
        playlists.add_video(owner, playlist.id, card.video.video_id)
        return f"/categories?playlist={playlist.id}"
    if kind == "creator":
        return f"/user/{card.creator.username}"
    return card.trend_path if kind == "trend" else f"/categories/{card.trend_path.rsplit('/', 1)[-1]}"


@pytest.mark.parametrize("device", list(DEVICES))
@pytest.mark.parametrize("kind", ["trend", "hashtag", "creator", "playlist"])
def test_a_shared_videos_stage_is_drawn_where_the_island_will_draw_it(browser, live_server, catalog, device, kind):
    """On a slow phone the server's HTML is on screen for a while: it is drawn in the island's layout, the poster
    where the player will be and each button where the island puts it."""
    path, boxes = video_page(kind), []
    for script in (False, True):
        context = browser.new_context(base_url=live_server, java_script_enabled=script, **DEVICES[device])
        page = context.new_page()
        page.goto(path)
        if script:
            page.wait_for_selector("[data-island-mounted='true'] .feed-slide-current .player-poster")
        boxes.append(page.evaluate(STAGE_BOXES, STAGE_PARTS))
        context.close()
    server, island = boxes
    assert None not in server.values(), f"{path}: the server draws no {server}"
    assert server == island, f"{path}: server {server}, island {island}"


@pytest.mark.parametrize("device", list(DEVICES))
def test_a_creator_pages_back_button_is_there_from_the_first_paint(browser, live_server, catalog, device):
    """Back shows to visitors who came from this site: decided before the first paint, not when the island mounts
    (it pushed the page down)."""
    path, boxes = video_page("creator"), []
    for island in (False, True):
        context = browser.new_context(base_url=live_server, **DEVICES[device])
        page = context.new_page()
        if not island:  # the server's HTML and its inline script, as a slow phone shows them before the bundle runs
            page.route("**/*.js", lambda route: route.abort())
        page.goto(path, referer=f"{live_server}/dance-trends")
        if island:
            page.wait_for_selector("[data-island-mounted='true'] .feed-slide-current .player-poster")
        expect(page.locator(".creator-back")).to_be_visible()
        boxes.append(page.evaluate(STAGE_BOXES, {"poster": STAGE_PARTS["poster"]}))
        page.goto(path)  # opened from elsewhere: no Back
        expect(page.locator(".creator-back")).to_be_hidden()
        context.close()
    server, island = boxes
    assert server["poster"] is not None and server == island, f"server poster {server}, island's {island}"


def test_an_admins_buttons_on_a_creator_page_keep_their_place_before_their_code_arrives(
    browser, live_server, catalog, admin
):
    """Download All and Delete come in a chunk of their own, which visitors never load: the server draws them
    disabled, and the island holds their place until their code arrives."""
    path, heights = video_page("creator"), {}
    # No service worker: it would fetch the admin's chunk past the page's routes.
    context = browser.new_context(
        base_url=live_server, viewport={"width": 1280, "height": 800}, service_workers="block"
    )
    page = context.new_page()
    sign_in(page, "boss@example.com", DEFAULT_PASSWORD)
    expect(page.locator("[data-island='user-menu']")).to_be_attached()  # the page reloads signed in

    def card_height() -> float:
        page.wait_for_function("document.querySelector('.creator-card')?.getBoundingClientRect().height > 0")
        return page.locator(".creator-card").evaluate("card => card.getBoundingClientRect().height")

    page.route("**/*.js", lambda route: route.abort())  # the server's HTML, as a slow connection shows it first
    page.goto(path)
    expect(page.get_by_role("button", name="Delete")).to_be_disabled()
    heights["server"] = card_height()
    page.unroute("**/*.js")

    held = []
    page.route("**/AdminActions-*.js", lambda route: held.append(route))  # the admin's code on its way
    page.goto(path)
    expect(page.locator(".creator-admin-buttons:empty")).to_be_attached()  # the place held, the buttons not yet
    heights["waiting"] = card_height()
    page.wait_for_function("() => true")  # one more round trip, in which the route's handler gets the request
    assert held, "the admin's chunk was not asked for through the page"
    for route in held:
        route.continue_()
    expect(page.get_by_role("button", name="Delete")).to_be_enabled()
    heights["island"] = card_height()
    context.close()
    assert heights["server"] == heights["waiting"] == heights["island"], heights

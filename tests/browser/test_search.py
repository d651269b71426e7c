"""Search in Chromium: the sidebar's box and /search, the tabs with their counts, and an address that keeps the
search through Back, reload and a shared link, on a desktop and on a touch phone."""

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from app.services import search
from tests.services.test_search import ingest, row

pytestmark = pytest.mark.browser

QUERY = "Hoà"
SEARCH_BOX = "Search users, creators, dance trends, hashtags and videos"
PHONE = {"viewport": {"width": 375, "height": 812}, "is_mobile": True, "has_touch": True}


@pytest.fixture
def catalog_with_hoa(catalog):
    ingest(*(row(n, f"Hòa nhịp cùng Thanh Hoá {n} #nhảy") for n in range(1, 4)))
    return search.counts(QUERY)


@pytest.fixture
def phone(browser, live_server) -> Page:
    context = browser.new_context(base_url=live_server, **PHONE)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def address(page: Page) -> dict[str, list[str]]:
    url = urlsplit(page.url)
    assert url.path == "/search"
    return parse_qs(url.query)


def expect_tabs(page: Page, counts: dict, selected: str) -> None:
    tabs = page.get_by_role("tablist", name="Kinds of results").get_by_role("tab")
    expect(tabs).to_have_count(len(search.KINDS))
    for kind, count in counts.items():
        expect(page.locator(f"#search-tab-{kind} .search-tab-count")).to_have_text(str(count))
    expect(page.get_by_role("tab", selected=True)).to_have_id(f"search-tab-{selected}")
    expect(page.get_by_role("tabpanel")).to_be_visible()


def test_the_sidebar_search_opens_every_kind_in_tabs_and_back_keeps_it(page: Page, catalog_with_hoa):
    counts = catalog_with_hoa
    assert counts["creators"] and counts["trends"] and counts["videos"] == 3
    page.goto("/about-us")
    page.get_by_role("searchbox", name="Search", exact=True).fill(QUERY)
    page.get_by_role("searchbox", name="Search", exact=True).press("Enter")
    expect(page.get_by_role("tablist")).to_be_visible()
    assert address(page) == {"q": [QUERY]}
    expect_tabs(page, counts, "creators")  # no user matches: the first kind that has some

    page.get_by_role("tab", name=re.compile("Videos")).click()
    expect_tabs(page, counts, "videos")
    assert address(page) == {"q": [QUERY], "type": ["videos"]}
    videos = page.get_by_role("list", name="Videos").get_by_role("link")
    expect(videos).to_have_count(3)
    expect(videos.first).to_contain_text("Thanh Hoá 3")  # the most viewed first
    videos.first.click()
    expect(page).to_have_url(re.compile(r"/dance-trends/"))

    page.go_back()
    expect(page.get_by_role("searchbox", name=SEARCH_BOX)).to_have_value(QUERY)
    expect_tabs(page, counts, "videos")
    page.reload()
    expect_tabs(page, counts, "videos")
    assert address(page) == {"q": [QUERY], "type": ["videos"]}


def test_the_sidebars_live_results_point_to_the_kinds_that_match_when_no_person_does(page: Page, catalog_with_hoa):
    word = "nhịp"  # in the captions only: no user or creator has it in their name
    counts = search.counts(word)
    assert counts["users"] == counts["creators"] == 0 and counts["videos"] == 3
    page.goto("/about-us")
    page.get_by_role("searchbox", name="Search", exact=True).fill(word)
    results = page.locator("#sidebar-search-results")
    expect(results.get_by_text("No users found")).to_be_visible()
    expect(results.get_by_text(f"“{word}” matches these instead:")).to_be_visible()
    expect(results.get_by_text("Try a different search term")).to_have_count(0)
    results.get_by_role("link", name=re.compile(r"^Videos 3$")).click()
    expect(page.get_by_role("tablist")).to_be_visible()
    assert address(page) == {"q": [word], "type": ["videos"]}
    expect_tabs(page, counts, "videos")

    page.goto("/about-us")  # a new search, with no tab chosen, that nothing of any kind matches
    page.get_by_role("searchbox", name="Search", exact=True).fill("zzzz")
    page.get_by_role("searchbox", name="Search", exact=True).press("Enter")
    expect(page.get_by_role("tabpanel")).to_contain_text("Nothing matches “zzzz”")
    expect(page.get_by_role("tabpanel")).to_contain_text("Try a different search term")


@pytest.mark.parametrize(("where", "box_name"), [("/search", SEARCH_BOX), ("/about-us", "Search")])
def test_typing_on_while_a_search_is_on_its_way_waits_for_it_and_logs_no_error(
    page: Page, catalog_with_hoa, where, box_name
):
    # htmx cancelled the search on its way when the next was typed, and logged each cancel as an error.
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    held: list = []
    page.goto(where)
    page.route(re.compile(r"/(search|partials/user-search)\?"), lambda route: held.append(route))

    def sent() -> int:
        page.wait_for_timeout(600)  # the boxes wait 300 ms after the last key
        return len(held)

    box = page.get_by_role("searchbox", name=box_name, exact=True)
    box.press_sequentially("Ho", delay=40)
    assert sent() == 1
    box.press_sequentially("à", delay=40)
    assert sent() == 1  # 'Hoà' waits for 'Ho'
    held.pop().continue_()
    assert sent() == 1  # and goes once 'Ho' has answered
    held.pop().continue_()
    if where == "/search":
        expect(page).to_have_url(re.compile(r"q=Ho%C3%A0"))
        expect(page.get_by_role("tablist", name="Kinds of results")).to_be_visible()
    else:
        expect(page.locator("#sidebar-search-results")).to_contain_text("All results for “Hoà”")
    assert not errors, errors


def test_a_shared_link_opens_its_tab(page: Page, catalog_with_hoa):
    page.goto("/search?q=thanh+hoa&type=hashtags")
    expect_tabs(page, search.counts("thanh hoa"), "hashtags")
    expect(page.get_by_role("tabpanel")).to_contain_text("No hashtags found")
    page.get_by_role("tab", name=re.compile("Trends")).click()
    expect(page.get_by_role("tab", selected=True)).to_have_id("search-tab-trends")


def test_a_long_handle_in_the_results_is_shown_whole(page: Page, make_user):
    """A card is a third of the row at 1280 px: '@a_rather_lon…' hid which user it was."""
    handle = "a_rather_long_username_here_x"
    make_user(handle)
    page.goto("/search?q=rather&type=users")
    name = page.get_by_role("list", name="Users").locator(".user-result-name")
    expect(name).to_have_text(f"@{handle}")
    # The text as laid out ends inside its box (an ellipsis cuts the box, not the layout).
    assert name.evaluate(
        """span => {
            const range = document.createRange();
            range.selectNodeContents(span);
            return range.getBoundingClientRect().right <= span.getBoundingClientRect().right + 0.5;
        }"""
    )


def test_on_a_phone_typing_searches_and_the_address_follows(phone: Page, catalog_with_hoa):
    counts = catalog_with_hoa
    phone.goto("/")
    phone.get_by_role("link", name="Search", exact=True).tap()
    expect(phone.get_by_text("Search for Users")).to_be_visible()
    box = phone.get_by_role("searchbox", name=SEARCH_BOX)
    box.tap()
    box.press_sequentially(QUERY, delay=40)
    expect_tabs(phone, counts, "creators")
    expect(phone).to_have_url(
        re.compile(r"/search\?q=Ho%C3%A0")
    )  # replaced as it was typed, so Back and reload keep it

    tabs = phone.get_by_role("tab")
    for index in range(tabs.count()):  # every tab in view, none scrolled off
        box_of = tabs.nth(index).bounding_box()
        assert box_of is not None and box_of["x"] >= 0 and box_of["x"] + box_of["width"] <= 375
        assert box_of["height"] >= 44  # a finger's target
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375

    phone.get_by_role("tab", name=re.compile("Videos")).tap()
    expect_tabs(phone, counts, "videos")
    phone.get_by_role("list", name="Videos").get_by_role("link").first.tap()
    expect(phone).to_have_url(re.compile(r"/dance-trends/"))
    phone.go_back()
    expect_tabs(phone, counts, "videos")
    assert address(phone) == {"q": [QUERY], "type": ["videos"]}
    phone.go_back()
    expect_tabs(phone, counts, "creators")
    assert address(phone) == {"q": [QUERY]}


PLACEHOLDER_FITS = """input => {
  const box = getComputedStyle(input), hint = getComputedStyle(input, "::placeholder");
  const context = document.createElement("canvas").getContext("2d");
  context.font = `${hint.fontWeight} ${hint.fontSize} ${hint.fontFamily}`;
  const room = input.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight);
  return [Math.ceil(context.measureText(input.placeholder).width), Math.floor(room)];
}"""


def test_on_a_phone_the_search_pages_placeholder_is_read_whole(phone: Page):
    phone.goto("/search")
    field = phone.get_by_placeholder("Search users by username or bio...")
    text_width, room = field.evaluate(PLACEHOLDER_FITS)
    assert text_width <= room, f"the placeholder needs {text_width}px, the field has {room}px"


def test_on_a_phone_in_vietnamese_the_tabs_counts_line_up_under_names_of_two_lines(
    browser, live_server, catalog_with_hoa
):
    context = browser.new_context(base_url=live_server, locale="vi", service_workers="block", **PHONE)
    page = context.new_page()
    page.goto(f"/search?q={QUERY}&type=creators")
    expect(page.get_by_role("tab", selected=True)).to_have_id("search-tab-creators")
    names = [page.locator(f"#search-tab-{kind} > span:first-child").bounding_box() for kind in search.KINDS]
    assert max(name["height"] for name in names) > min(name["height"] for name in names), "some name takes two lines"
    tops = {round(page.locator(f"#search-tab-{kind} .search-tab-count").bounding_box()["y"]) for kind in search.KINDS}
    assert len(tops) == 1, f"the counts sit at {sorted(tops)}"
    context.close()

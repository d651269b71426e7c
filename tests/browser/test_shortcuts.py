"""The keyboard shortcuts list: '?' or the keyboard button under the video opens it, Escape or Close shuts it."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE
from tests.browser.fake_tiktok import fake_tiktok  # noqa: F401
from tests.browser.test_home_feed import open_feed, player, seed, shown_video_id

pytestmark = pytest.mark.browser

SHORTCUTS = [
    ("↓ J", "Next video"),
    ("↑ K", "Previous video"),
    ("Space", "Play or pause"),
    ("M", "Mute or unmute"),
    ("?", "Show these shortcuts"),
]


@pytest.fixture(autouse=True)
def player_server(fake_tiktok):  # noqa: F811
    fake_tiktok.reset()
    return fake_tiktok


def shortcuts_dialog(page: Page):
    return page.get_by_role("dialog", name="Keyboard shortcuts")


def test_question_mark_opens_the_list_and_escape_closes_it(page: Page):
    seed()
    open_feed(page)
    first = shown_video_id(page)
    page.keyboard.press("?")
    dialog = shortcuts_dialog(page)
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("aria-modal", "true")
    for keys, description in SHORTCUTS:
        row = dialog.locator(".shortcuts-row").filter(has=page.get_by_text(description, exact=True))
        expect(row.locator("kbd")).to_have_text(keys.split(" "))
    expect(dialog.get_by_role("button", name="Close")).to_be_focused()

    page.keyboard.press("j")  # the feed's keys wait while the list is open
    page.keyboard.press("Tab")
    expect(dialog.get_by_role("button", name="Close")).to_be_focused()  # focus stays inside
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(player(page).locator("#video-id")).to_have_text(first)
    page.keyboard.press("j")
    expect(player(page).locator("#video-id")).not_to_have_text(first)


def test_typing_a_question_mark_in_a_field_does_not_open_the_list(page: Page):
    seed()
    open_feed(page)
    search = page.get_by_role("searchbox").first
    search.fill("")
    search.type("who?")
    expect(search).to_have_value("who?")
    expect(shortcuts_dialog(page)).to_have_count(0)


def test_the_keyboard_button_under_the_video_opens_the_list(page: Page):
    seed()
    open_feed(page)
    button = page.get_by_role("group", name="Video controls").get_by_role("button", name="Keyboard shortcuts")
    expect(button).to_be_visible()
    box = button.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    button.click()
    dialog = shortcuts_dialog(page)
    expect(dialog).to_be_visible()
    dialog_box = dialog.bounding_box()
    assert dialog_box["x"] >= 0 and dialog_box["x"] + dialog_box["width"] <= page.viewport_size["width"]
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_have_count(0)
    expect(button).to_be_focused()


@pytest.mark.parametrize("viewport", [PHONE], indirect=True)
def test_a_touch_phone_offers_no_keyboard_button_but_a_plugged_in_keyboard_still_opens_the_list(page: Page):
    seed()
    open_feed(page)
    controls = page.get_by_role("group", name="Video controls")
    expect(controls.get_by_role("button", name="Auto-advance")).to_be_visible()
    expect(controls.get_by_role("button", name="Keyboard shortcuts")).to_be_hidden()
    page.keyboard.press("?")
    expect(shortcuts_dialog(page)).to_be_visible()

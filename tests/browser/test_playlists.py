"""The 'Add to Playlist' overlay in Chromium: the visitor prompt, creating, adding, privacy and deletion."""

import re

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import select

from app.extensions import db
from app.models import Playlist, Video
from tests.browser.conftest import sign_in
from tests.conftest import DEFAULT_PASSWORD

pytestmark = pytest.mark.browser

OPEN_OVERLAY = "videoId => document.dispatchEvent(new CustomEvent('app:open-playlists', { detail: { videoId } }))"


def a_video_id() -> str:
    return db.session.scalar(select(Video.video_id).where(Video.is_active.is_(True)).order_by(Video.id).limit(1))


def open_overlay(page: Page, video_id: str):
    page.goto("/about-us")
    page.evaluate(OPEN_OVERLAY, video_id)  # the overlay loads on first use; the app's own requests wait for it
    page.wait_for_selector("[data-island='playlist-overlay'][data-island-mounted='true']", state="attached")
    page.evaluate(OPEN_OVERLAY, video_id)
    dialog = page.get_by_role("dialog", name="Add to Playlist")
    expect(dialog).to_be_visible()
    return dialog


def test_visitors_are_asked_to_sign_in(page: Page, catalog):
    dialog = open_overlay(page, a_video_id())
    expect(dialog.get_by_role("button", name="Login")).to_be_visible()
    expect(dialog.get_by_role("button", name="Close", exact=True).last).to_be_visible()
    dialog.get_by_role("button", name="Register").click()
    expect(page.get_by_role("dialog").get_by_text("Create your account")).to_be_visible()

    page.keyboard.press("Escape")
    page.evaluate(OPEN_OVERLAY, a_video_id())
    dialog = page.get_by_role("dialog", name="Add to Playlist")
    dialog.get_by_role("button", name="Close", exact=True).last.click()
    expect(dialog).to_have_count(0)


def tap(page: Page, target) -> None:
    """A click where the visitor sees `target`, on whatever lies on top there."""
    box = target.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def test_create_add_remove_toggle_privacy_share_and_delete(page: Page, live_server, user, catalog):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server)
    video_id = a_video_id()
    sign_in(page, "dancer@example.com", DEFAULT_PASSWORD)
    expect(page.locator(".topbar .user-menu-trigger")).to_be_visible()
    dialog = open_overlay(page, video_id)
    expect(dialog.get_by_text("No playlists yet")).to_be_visible()

    dialog.get_by_role("button", name="Create New Playlist").click()
    create = dialog.get_by_role("button", name="Create Playlist")
    expect(create).to_be_disabled()
    dialog.get_by_label("Playlist Name").fill("  Salsa nights  ")
    dialog.get_by_label("Description (optional)").fill("Sunday practice")
    create.click()
    row = dialog.locator(".playlist-row", has_text="Salsa nights")
    expect(row).to_contain_text("Private · 1 video")  # made from this video's overlay: it holds the video
    expect(row.get_by_role("button", name="Remove from Salsa nights")).to_be_visible()
    expect(dialog.get_by_role("button", name="Create New Playlist")).to_be_visible()

    row.get_by_role("button", name="Remove from Salsa nights").click()
    expect(row).to_contain_text("0 videos")
    row.get_by_role("button", name="Add to Salsa nights").click()
    expect(row.get_by_role("button", name="Remove from Salsa nights")).to_be_visible()
    expect(row).to_contain_text("1 video")
    tap(page, row.locator(".playlist-name"))  # the whole row is its button, not only the button's own box
    expect(row.get_by_role("button", name="Add to Salsa nights")).to_be_visible()
    expect(row).to_contain_text("0 videos")
    tap(page, row.locator(".playlist-meta"))
    expect(row.get_by_role("button", name="Remove from Salsa nights")).to_be_visible()
    expect(row).to_contain_text("1 video")
    playlist = db.session.scalar(select(Playlist).where(Playlist.name == "Salsa nights"))
    assert playlist is not None and not playlist.is_public and playlist.description == "Sunday practice"

    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    page.evaluate(OPEN_OVERLAY, video_id)
    row = page.get_by_role("dialog").locator(".playlist-row", has_text="Salsa nights")
    row.get_by_role("button", name="Remove from Salsa nights").click()
    expect(row.get_by_role("button", name="Add to Salsa nights")).to_be_visible()
    expect(row).to_contain_text("0 videos")

    dialog = page.get_by_role("dialog")
    dialog.get_by_role("button", name="Edit").click()
    switch = row.get_by_role("switch", name=re.compile("Public"))
    expect(switch).to_have_attribute("aria-checked", "false")
    expect(row.get_by_role("button", name="Share Salsa nights")).to_have_count(0)  # a private one has no page
    switch.click()
    expect(switch).to_have_attribute("aria-checked", "true")
    expect(row).to_contain_text("Public · 0 videos")
    share = row.get_by_role("button", name="Share Salsa nights")
    share.click()
    expect(share).to_have_text("Copied!")
    playlist_id = db.session.scalar(select(Playlist.id).where(Playlist.name == "Salsa nights"))
    assert page.evaluate("navigator.clipboard.readText()") == f"{live_server}/categories?playlist={playlist_id}"

    page.once("dialog", lambda confirm: confirm.dismiss())
    row.get_by_role("button", name="Delete Salsa nights").click()
    expect(row).to_be_visible()
    page.once("dialog", lambda confirm: confirm.accept())
    row.get_by_role("button", name="Delete Salsa nights").click()
    expect(dialog.get_by_text("No playlists yet")).to_be_visible()
    db.session.expire_all()
    assert db.session.scalar(select(Playlist).where(Playlist.name == "Salsa nights")) is None


@pytest.mark.parametrize("viewport", [(375, 812)], indirect=True, ids=["phone"])
def test_the_overlay_fits_a_phone(page: Page, user, catalog):
    sign_in(page, "dancer@example.com", DEFAULT_PASSWORD)
    expect(page.locator(".topbar .user-menu-trigger")).to_be_visible()
    for index in range(8):
        db.session.add(Playlist(user_id=user.id, name=f"Playlist number {index}", description=""))
    db.session.commit()
    dialog = open_overlay(page, a_video_id())
    expect(dialog.locator(".playlist-row")).to_have_count(8)
    box = dialog.bounding_box()
    assert box["height"] <= 812 * 0.8 + 1 and box["width"] <= 375
    assert dialog.locator(".playlist-list-area").bounding_box()["height"] <= 16 * 16 + 1
    for button in dialog.get_by_role("button").all():
        if button.is_visible():
            assert button.bounding_box()["height"] >= 44, button.inner_text()


@pytest.mark.parametrize("viewport", [(1280, 800), (375, 812)], indirect=True, ids=["desktop", "phone"])
def test_in_edit_mode_a_row_keeps_its_name_and_status_readable(page: Page, user, catalog):
    sign_in(page, "dancer@example.com", DEFAULT_PASSWORD)
    expect(page.locator(".topbar .user-menu-trigger")).to_be_visible()
    db.session.add(Playlist(user_id=user.id, name="Nightly moves", description="", is_public=True, video_count=3))
    db.session.commit()
    dialog = open_overlay(page, a_video_id())
    dialog.get_by_role("button", name="Edit").click()
    row = dialog.locator(".playlist-row", has_text="Nightly moves")
    expect(row.get_by_role("switch", name="Public: Nightly moves")).to_be_visible()
    name, meta = row.locator(".playlist-name"), row.locator(".playlist-meta")
    assert name.evaluate("element => element.scrollWidth <= element.clientWidth"), "the name is cut"
    expect(meta).to_have_text("Public · 3 videos")
    line = meta.evaluate("element => parseFloat(getComputedStyle(element).lineHeight) || 20")
    assert meta.bounding_box()["height"] < 1.5 * line, "the status wraps"
    switch = row.get_by_role("switch", name="Public: Nightly moves").bounding_box()
    info = row.locator(".playlist-info").bounding_box()
    assert switch["x"] >= info["x"] + info["width"] or switch["y"] >= info["y"] + info["height"], "controls overlap"
    edge = row.bounding_box()
    for control in row.locator(".playlist-edit-actions > *").all():  # Share makes five: none is cut off
        box = control.bounding_box()
        assert edge["x"] <= box["x"] and box["x"] + box["width"] <= edge["x"] + edge["width"] + 1, control.inner_text()


@pytest.mark.parametrize("viewport", [(1280, 800), (375, 812)], indirect=True, ids=["desktop", "phone"])
def test_in_edit_mode_a_playlist_is_renamed_in_its_row(page: Page, user, catalog):
    sign_in(page, "dancer@example.com", DEFAULT_PASSWORD)
    expect(page.locator(".topbar .user-menu-trigger")).to_be_visible()
    db.session.add(Playlist(user_id=user.id, name="Nightly moves", description="Old notes", is_public=True))
    db.session.commit()
    dialog = open_overlay(page, a_video_id())
    dialog.get_by_role("button", name="Edit").click()
    dialog.get_by_role("button", name="Rename Nightly moves").click()
    form = dialog.get_by_role("form", name="Rename Nightly moves")
    expect(form.get_by_label("Playlist Name")).to_have_value("Nightly moves")
    expect(form.get_by_label("Playlist Name")).to_be_focused()
    expect(form.get_by_label("Description (optional)")).to_have_value("Old notes")
    form.get_by_label("Playlist Name").fill("  Salsa nights ")
    form.get_by_label("Description (optional)").fill("Fridays at the studio")
    form.get_by_role("button", name="Save").click()

    row = dialog.locator(".playlist-row", has_text="Salsa nights")
    expect(row.get_by_role("button", name="Rename Salsa nights")).to_be_visible()
    expect(form).to_have_count(0)
    playlist = db.session.scalar(select(Playlist).where(Playlist.user_id == user.id))
    db.session.refresh(playlist)
    assert (playlist.name, playlist.description) == ("Salsa nights", "Fridays at the studio")
    for button in row.get_by_role("button").all():  # the row's controls still fit it
        box, edge = button.bounding_box(), row.bounding_box()
        assert edge["x"] <= box["x"] and box["x"] + box["width"] <= edge["x"] + edge["width"] + 1, button.inner_text()

    row.get_by_role("button", name="Rename Salsa nights").click()
    dialog.get_by_label("Playlist Name").fill("Never saved")
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog.locator(".playlist-row", has_text="Salsa nights")).to_be_visible()

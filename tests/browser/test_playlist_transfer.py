"""Taking a playlist away and bringing it back in Chromium: export from the overlay's edit mode, import the file
(and pasted links) as a new playlist, and 'Download my data' from the profile."""

import json

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import select

from app.extensions import db
from app.models import User, Video
from app.services import playlists
from tests.browser.conftest import SCREENS, sign_in
from tests.browser.test_playlists import open_overlay
from tests.conftest import DEFAULT_PASSWORD

pytestmark = pytest.mark.browser
UNKNOWN_URL = "https://www.tiktok.com/@someone/video/7000000000000000001"


def signed_in(page: Page) -> None:
    sign_in(page, "dancer@example.com", DEFAULT_PASSWORD)
    expect(page.locator(".topbar .user-menu-trigger")).to_be_visible()


@SCREENS
def test_a_playlist_exported_from_the_overlay_imports_back(page: Page, user, catalog, tmp_path):
    videos = db.session.scalars(select(Video).where(Video.is_active.is_(True)).order_by(Video.id).limit(3)).all()
    owner = db.session.get(User, user.id)
    made = playlists.create_playlist(owner, "Salsa nights", "", False)
    for video in videos:
        playlists.add_video(owner, made.id, video.video_id)
    signed_in(page)
    dialog = open_overlay(page, videos[0].video_id)
    dialog.get_by_role("button", name="Edit").click()
    with page.expect_download() as download:
        dialog.get_by_role("link", name="Export Salsa nights as JSON").click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name == "salsa-nights.json"
    assert [v["videoId"] for v in json.loads(saved.read_text())["videos"]] == [v.video_id for v in videos]

    dialog.get_by_role("button", name="Done").click()
    dialog.get_by_role("button", name="Import").click()
    dialog.get_by_label("Exported file (JSON or CSV)").set_input_files(saved)
    dialog.get_by_label("Name (optional)").fill("Salsa again")
    dialog.locator("form.playlist-import").get_by_role("button", name="Import").click()
    expect(dialog.get_by_role("status").filter(has_text="Imported 3 of 3 videos")).to_be_visible()
    expect(dialog.locator(".playlist-row", has_text="Salsa again")).to_contain_text("3 videos")


@pytest.mark.parametrize("viewport", [(1280, 800), (375, 812)], indirect=True, ids=["desktop", "phone"])
def test_pasted_links_import_and_the_unknown_are_named(page: Page, user, catalog):
    video = db.session.scalar(select(Video).where(Video.is_active.is_(True)).order_by(Video.id))
    signed_in(page)
    dialog = open_overlay(page, video.video_id)
    dialog.get_by_role("button", name="Import").click()
    dialog.get_by_label("Or paste TikTok links, one per line").fill(
        f"https://www.tiktok.com/@{video.creator.username}/video/{video.video_id}\n{UNKNOWN_URL}"
    )
    dialog.locator("form.playlist-import").get_by_role("button", name="Import").click()
    status = dialog.get_by_role("status").filter(has_text="Imported 1 of 2 videos")
    expect(status).to_contain_text("1 link is not in the catalog yet:")
    missed = status.get_by_role("listitem")
    expect(missed).to_have_text([UNKNOWN_URL])
    assert missed.evaluate("item => item.scrollWidth <= item.clientWidth"), "a long link runs out of its box"
    expect(dialog.get_by_label("Or paste TikTok links, one per line")).to_have_value("")  # not imported twice


def test_download_my_data_from_the_profile(page: Page, user, catalog, tmp_path):
    signed_in(page)
    page.goto("/profile/dancer")
    page.wait_for_selector("[data-island='profile'][data-island-mounted='true']", state="attached")
    page.get_by_role("tab", name="Your Data", exact=True).click()
    with page.expect_download() as download:
        page.get_by_role("link", name="Download My Data").click()
    saved = tmp_path / "data.json"
    download.value.save_as(saved)
    data = json.loads(saved.read_text())
    assert data["account"]["username"] == "dancer" and "password" not in saved.read_text().lower()

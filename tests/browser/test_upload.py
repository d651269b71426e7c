"""The upload screen in Chromium: the drop area's checks, the thumbnail picker, and a real upload with progress."""

import base64
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import select

from app.extensions import db
from app.models import Upload
from tests.browser.conftest import SCREENS, sign_in
from tests.conftest import DEFAULT_PASSWORD
from tests.fakes import videos

pytestmark = pytest.mark.browser

# A 1×1 transparent PNG.
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
)


def open_upload(page: Page, email: str = "dancer@example.com") -> None:
    sign_in(page, email, DEFAULT_PASSWORD)
    expect(page.locator(".user-menu-trigger")).to_be_visible()
    page.goto("/upload")
    page.wait_for_selector("[data-island='upload'][data-island-mounted='true']", state="attached")


def video_input(page: Page):
    return page.locator(".dropzone input[type=file]")


def small_mp4(folder: Path, name: str = "routine.mp4") -> Path:
    path = folder / name
    path.write_bytes(videos.mp4(bytes(64 * 1024)))
    return path


def test_visitors_see_the_sign_in_prompt_and_no_form(page: Page):
    page.goto("/upload")
    expect(page.get_by_role("heading", name="Upload Video", exact=True)).to_be_visible()
    expect(page.get_by_text("Share your creativity with the world")).to_be_visible()
    expect(page.get_by_text("Please sign in to upload videos")).to_be_visible()
    expect(page.get_by_text("You need to be logged in to access this page.")).to_be_visible()
    expect(page.locator("[data-island='upload']")).to_have_count(0)


def test_the_drop_area_refuses_a_too_large_and_a_wrong_type_file(page: Page, user, tmp_path):
    open_upload(page)
    expect(page.get_by_text("Supports MP4, AVI, MOV, WMV, FLV, WebM (Max 100MB)")).to_be_visible()
    submit = page.get_by_role("button", name="Upload Video")
    expect(submit).to_be_disabled()

    huge = tmp_path / "huge.mp4"
    with huge.open("wb") as file:
        file.truncate(101 * 1024 * 1024)  # sparse: no 101 MB written to disk
    video_input(page).set_input_files(huge)
    expect(page.locator(".dropzone-errors")).to_have_text("huge.mp4: File is larger than 104857600 bytes")
    expect(submit).to_be_disabled()

    notes = tmp_path / "notes.txt"
    notes.write_text("not a video")
    video_input(page).set_input_files(notes)
    expect(page.locator(".dropzone-errors")).to_have_text(
        "notes.txt: File type must be one of .mp4, .avi, .mov, .wmv, .flv, .webm"
    )
    expect(submit).to_be_disabled()


@SCREENS
def test_a_video_uploads_with_progress_and_reaches_the_portal(page: Page, user, admin, tmp_path):
    open_upload(page)
    video_input(page).set_input_files(small_mp4(tmp_path))
    expect(page.locator(".dropzone")).to_contain_text("routine.mp4")
    thumbnail = tmp_path / "cover.png"
    thumbnail.write_bytes(PNG)
    page.locator(".thumbnail-picker input[type=file]").set_input_files(thumbnail)
    expect(page.get_by_role("img", name="Thumbnail preview")).to_be_visible()

    page.get_by_label("Title").fill("Friday routine")
    page.get_by_label("Description").fill("Our new choreography")
    page.get_by_label("Category").select_option("fitness")
    page.get_by_label("Tags").fill("dance, friday")
    page.get_by_label("Unlisted").check()
    page.get_by_role("button", name="Upload Video").click()

    expect(page.get_by_role("heading", name="Upload complete!")).to_be_visible()
    expect(page.get_by_role("progressbar", name="Upload progress")).to_have_attribute("aria-valuenow", "100")
    expect(page).to_have_url(re.compile(r"/$"))
    notice = page.locator("#page-notices")
    expect(notice).to_have_text('Upload complete! "Friday routine" is pending review. See your uploads')
    notice.get_by_role("link", name="See your uploads").click()
    expect(page).to_have_url(re.compile(r"/profile/dancer#uploads$"))
    mine = page.get_by_role("region", name="Your Uploads")
    expect(mine.get_by_role("listitem").filter(has_text="Friday routine")).to_contain_text("Pending review")
    page.wait_for_selector("[data-island='profile'][data-island-mounted='true']", state="attached")
    expect(mine.get_by_role("heading", name="Your Uploads")).to_be_in_viewport()  # the link lands on them
    page.reload()
    expect(page.locator("#page-notices")).to_be_empty()  # said once

    stored = db.session.scalars(select(Upload)).one()
    assert (stored.title, stored.category, stored.visibility, stored.tags) == (
        "Friday routine",
        "fitness",
        "unlisted",
        "dance, friday",
    )
    assert stored.thumbnail_name

    page.context.clear_cookies()
    sign_in(page, "boss@example.com", DEFAULT_PASSWORD)
    expect(page.get_by_role("link", name="Developer")).to_be_visible()
    page.goto("/developer-portal")
    uploads = page.get_by_role("region", name="Uploads")
    row = uploads.get_by_role("listitem").filter(has_text="Friday routine")
    expect(row).to_contain_text("routine.mp4")
    expect(row.get_by_role("link", name="Download Friday routine")).to_have_attribute(
        "href", f"/api/admin/uploads/{stored.id}/file"
    )


@SCREENS
def test_the_portal_shows_two_lines_of_an_uploads_tags_however_many_it_has(page: Page, user, admin):
    tags = ", ".join(f"tag{number}" for number in range(2000))  # as an upload from before the 500-character limit
    db.session.add(
        Upload(
            user_id=user.id,
            title="Many tags",
            tags=tags,
            file_name="x.mp4",
            original_name="x.mp4",
            content_type="video/mp4",
            size_bytes=1000,
        )
    )
    db.session.commit()
    sign_in(page, "boss@example.com", DEFAULT_PASSWORD)
    expect(page.get_by_role("link", name="Developer")).to_be_visible()
    page.goto("/developer-portal")
    line = page.get_by_role("region", name="Uploads").locator(".inbox-tags")
    expect(line).to_contain_text("Tags: tag0, tag1")
    size = line.evaluate("element => parseFloat(getComputedStyle(element).lineHeight) || 18")
    assert line.bounding_box()["height"] <= 2 * size + 1


@SCREENS
def test_the_servers_refusal_of_the_video_shows_once_on_a_red_drop_area(page: Page, user, tmp_path):
    open_upload(page)
    fake = tmp_path / "fake.mp4"
    fake.write_bytes(b"this is text, not a video" * 100)
    video_input(page).set_input_files(fake)
    expect(page.locator(".dropzone")).to_have_attribute("data-state", "chosen")
    page.get_by_label("Title").fill("Not really a video")
    page.get_by_role("button", name="Upload Video").click()

    refusal = "The file must be a video (MP4, AVI, MOV, WMV, FLV or WebM)"
    expect(page.locator(".dropzone-errors")).to_have_text(refusal)
    expect(page.get_by_text(refusal)).to_have_count(1)
    expect(page.locator(".dropzone")).to_have_attribute("data-state", "invalid")
    expect(page.get_by_role("button", name="Upload Video")).to_be_enabled()
    assert db.session.scalars(select(Upload)).all() == []
    page.goto("/profile/dancer")
    expect(page.get_by_role("region", name="Your Uploads")).to_have_count(0)


def test_the_title_is_required_before_anything_is_sent(page: Page, user, tmp_path):
    open_upload(page)
    video_input(page).set_input_files(small_mp4(tmp_path))
    page.get_by_role("button", name="Upload Video").click()
    expect(page.get_by_text("Title is required")).to_be_visible()
    expect(page.get_by_label("Title")).to_be_focused()


@pytest.mark.parametrize("viewport", [(375, 812)], indirect=True, ids=["phone"])
def test_the_upload_form_fits_a_phone(page: Page, user):
    open_upload(page)
    expect(page.get_by_role("button", name="Choose Image")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375

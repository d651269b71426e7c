"""Uploads: checked again on the server, stored as pending submissions, handled by admins."""

import io
from pathlib import Path

import pytest
from sqlalchemy import select

from app.extensions import db
from app.models import ContactMessage, Upload
from tests.fakes import videos

MP4 = videos.mp4(b"\x00" * 64)
# Made by Chromium's MediaRecorder: what a browser's own recording looks like.
RECORDINGS = Path(__file__).parents[1] / "fixtures" / "videos"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32


def post_upload(api, video=MP4, name="dance.mp4", thumbnail=None, **fields):
    data = {
        "title": "My dance",
        "description": "",
        "category": "",
        "tags": "dance, fun",
        "visibility": "public",
        **fields,
    }
    if video is not None:
        data["video"] = (io.BytesIO(video), name)
    if thumbnail is not None:
        data["thumbnail"] = (io.BytesIO(thumbnail), "thumb.png")
    return api.post("/api/uploads", None, data=data, content_type="multipart/form-data")


def test_upload_is_stored_pending(app, api, user):
    api.login("dancer@example.com")
    response = post_upload(api, thumbnail=PNG, category="music")
    assert response.status_code == 201
    body = response.get_json()
    assert body["message"] == "Upload complete!"
    assert (body["upload"]["status"], body["upload"]["hasThumbnail"]) == ("pending", True)
    stored = db.session.scalar(select(Upload))
    assert stored.file_name.endswith(".mp4") and stored.size_bytes == len(MP4)


@pytest.mark.parametrize(
    ("kwargs", "field", "message"),
    [
        ({"title": "  "}, "title", "Title is required"),
        ({"title": "t" * 101}, "title", "Title must be at most 100 characters long"),
        ({"description": "d" * 5001}, "description", "Description must be at most 5000 characters long"),
        ({"tags": "t," * 251}, "tags", "Tags must be at most 500 characters long"),
        ({"category": "cooking"}, "category", "Category is not valid"),
        ({"visibility": "friends"}, "visibility", "Visibility must be public, unlisted or private"),
        ({"video": None}, "video", "Choose a video file to upload"),
        (
            {"video": b"not a video at all, just text", "name": "fake.mp4"},
            "video",
            "The file must be a video (MP4, AVI, MOV, WMV, FLV or WebM)",
        ),
        (
            {"thumbnail": b"<svg></svg>"},
            "thumbnail",
            "The thumbnail must be an image (PNG, JPEG, GIF or WebP) of at most 10 MB",
        ),
    ],
)
def test_upload_refuses_bad_input(api, user, kwargs, field, message):
    api.login("dancer@example.com")
    response = post_upload(api, **kwargs)
    assert response.status_code == 400
    assert response.get_json()["errors"] == {field: message}
    assert db.session.scalar(select(Upload)) is None


@pytest.mark.parametrize(
    ("video", "name", "suffix"),
    [
        (videos.mp4(), "dance.mp4", ".mp4"),
        (videos.mov(), "dance.mov", ".mov"),
        (videos.avi(), "dance.avi", ".avi"),
        (videos.wmv(), "dance.wmv", ".wmv"),
        (videos.flv(), "dance.flv", ".flv"),
        (videos.webm(), "dance.webm", ".webm"),
        ((RECORDINGS / "chromium-recording.mp4").read_bytes(), "recording.mp4", ".mp4"),
        ((RECORDINGS / "chromium-recording.webm").read_bytes(), "recording.webm", ".webm"),
    ],
)
def test_every_supported_container_is_stored_under_its_own_kind(api, user, video, name, suffix):
    api.login("dancer@example.com")
    assert post_upload(api, video=video, name=name).status_code == 201
    assert db.session.scalar(select(Upload.file_name)).endswith(suffix)


def test_the_stored_media_type_is_the_kind_the_file_was_checked_to_be_not_the_senders_claim(api, user):
    api.login("dancer@example.com")
    data = {"title": "My dance", "video": (io.BytesIO(videos.webm()), "dance.mp4", "video/" + "x" * 300)}
    assert api.post("/api/uploads", None, data=data, content_type="multipart/form-data").status_code == 201
    assert db.session.scalar(select(Upload.content_type)) == "video/webm"


HTML = b"<!DOCTYPE html><html><body><script>fetch('/api/auth/me')</script></body></html>"


@pytest.mark.parametrize(
    "video",
    [
        pytest.param(b"\x00\x00\x00\x18ftypmp42" + HTML, id="ftyp-prefixed-html"),
        pytest.param(b"\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom" + HTML, id="ftyp-box-then-html"),
        pytest.param(videos.mp4(bytes(200) + HTML), id="html-inside-the-head"),
        pytest.param(videos.mp4(bytes(200) + b"<svg onload=alert(1)>"), id="svg-inside-the-head"),
        pytest.param(videos.mp4(b"<SCRIPT SRC=//evil.example/x.js></SCRIPT>"), id="upper-case-script"),
        pytest.param(b"\xff\xff\xff\xf0ftypisom\x00\x00\x02\x00isomiso2" + bytes(64), id="absurd-first-box-size"),
        pytest.param(b"\x00\x00\x00\x05ftypisom" + bytes(64), id="first-box-too-small"),
        pytest.param(b"\x00\x00\x00\x10ftypHTML\x00\x00\x00\x00" + bytes(64), id="unknown-major-brand"),
        pytest.param(b"\x00\x00\x00\x10ftypisom\x00\x00\x00\x00", id="nothing-after-the-ftyp-box"),
        pytest.param(b"RIFF\x00\x10\x00\x00AVI " + HTML, id="avi-magic-then-html"),
        pytest.param(b"FLV\x01\x05\x00\x00\x00\x09" + HTML, id="flv-magic-then-html"),
        pytest.param(b"FLV" + bytes(64), id="flv-magic-only"),
        pytest.param(videos.ASF_HEADER_GUID + bytes(64), id="asf-guid-only"),
        pytest.param(b"\x1a\x45\xdf\xa3" + bytes(64), id="ebml-magic-only"),
        pytest.param(videos.webm().replace(b"webm", b"html"), id="ebml-not-webm"),
    ],
)
def test_a_file_that_only_starts_like_a_video_is_refused(api, user, video):
    api.login("dancer@example.com")
    response = post_upload(api, video=video)
    assert response.status_code == 400
    assert response.get_json()["errors"] == {"video": "The file must be a video (MP4, AVI, MOV, WMV, FLV or WebM)"}
    assert db.session.scalar(select(Upload)) is None


def test_a_thumbnail_carrying_markup_is_refused(api, user):
    api.login("dancer@example.com")
    response = post_upload(api, thumbnail=b"\x89PNG\r\n\x1a\n<html><script>alert(1)</script></html>")
    assert response.get_json()["errors"] == {
        "thumbnail": "The thumbnail must be an image (PNG, JPEG, GIF or WebP) of at most 10 MB"
    }


def test_upload_refuses_files_over_100_mb(api, user, monkeypatch):
    from app.services import uploads

    monkeypatch.setattr(uploads, "MAX_VIDEO_BYTES", len(MP4) - 1)
    api.login("dancer@example.com")
    assert post_upload(api).get_json()["errors"] == {"video": f"File is larger than {len(MP4) - 1} bytes"}


def stored_files(app) -> list[Path]:
    folder = Path(app.config["MEDIA_DIR"]) / "uploads"
    return sorted(folder.iterdir()) if folder.is_dir() else []


def test_one_user_cannot_upload_without_pause(app, api, user, make_user, monkeypatch):
    monkeypatch.setitem(app.config, "UPLOAD_RATE_LIMIT", "3 per minute")
    api.login("dancer@example.com")
    statuses = [post_upload(api).status_code for _ in range(4)]
    assert statuses == [201, 201, 201, 429]
    refused = post_upload(api)
    assert refused.get_json()["message"] == "Too many requests. Please wait a moment and try again."
    assert int(refused.headers["Retry-After"]) > 0
    assert len(db.session.scalars(select(Upload)).all()) == 3

    make_user("other_dancer")
    api.login("other_dancer@example.com")
    assert post_upload(api).status_code == 201  # the limit is per account


def test_a_user_cannot_store_past_the_quota(app, api, user, make_user, monkeypatch):
    monkeypatch.setitem(app.config, "UPLOAD_QUOTA_BYTES", 2 * len(MP4) + 10)
    api.login("dancer@example.com")
    assert [post_upload(api).status_code for _ in range(2)] == [201, 201]
    files_before = stored_files(app)
    refused = post_upload(api, thumbnail=PNG)
    assert refused.status_code == 403
    message = f"Your uploads may take up at most {2 * len(MP4) + 10} bytes in all; this video would go past that"
    assert refused.get_json()["errors"] == {"video": message}
    assert refused.get_json()["message"] == message
    assert stored_files(app) == files_before
    assert len(db.session.scalars(select(Upload)).all()) == 2

    make_user("other_dancer")
    api.login("other_dancer@example.com")
    assert post_upload(api).status_code == 201  # the quota is per account


def test_the_quota_is_shown_in_megabytes_when_it_is_whole(app, api, user, monkeypatch):
    monkeypatch.setitem(app.config, "UPLOAD_QUOTA_BYTES", 0)
    api.login("dancer@example.com")
    assert post_upload(api).status_code == 403
    monkeypatch.setitem(app.config, "UPLOAD_QUOTA_BYTES", 1024 * 1024 * 1024)
    db.session.add(
        Upload(
            user_id=user.id,
            title="big",
            file_name="x.mp4",
            original_name="x.mp4",
            content_type="video/mp4",
            size_bytes=2**30,
        )
    )
    db.session.commit()
    assert post_upload(api).get_json()["errors"]["video"] == (
        "Your uploads may take up at most 1024 MB in all; this video would go past that"
    )


def test_the_default_limits_are_set():
    from app.config import Config

    config = Config()
    assert config.UPLOAD_RATE_LIMIT == "5 per minute;30 per day"
    assert config.UPLOAD_QUOTA_BYTES == 1024 * 1024 * 1024


def test_upload_needs_a_user(api):
    assert post_upload(api).status_code == 401


def test_admins_list_download_and_delete_uploads(app, api, user, admin):
    api.login("dancer@example.com")
    upload_id = post_upload(api).get_json()["upload"]["_id"]
    api.login("boss@example.com")
    listed = api.get("/api/admin/uploads").get_json()
    assert [u["_id"] for u in listed["uploads"]] == [upload_id]
    with api.get(f"/api/admin/uploads/{upload_id}/file") as download:
        assert download.data == MP4
        assert "attachment" in download.headers["Content-Disposition"]
    assert api.delete(f"/api/admin/uploads/{upload_id}").get_json()["success"] is True
    assert api.get("/api/admin/uploads").get_json()["uploads"] == []
    assert api.get(f"/api/admin/uploads/{upload_id}/file").status_code == 404


def test_an_upload_whose_account_row_is_gone_is_still_listed(api, user, admin):
    """The uploader's key is SET NULL when a user row is removed outside the app (deleting an account in the app
    deletes its uploads): the list still answers, naming no uploader."""
    api.login("dancer@example.com")
    post_upload(api)
    db.session.scalar(select(Upload)).user_id = None
    db.session.commit()
    api.login("boss@example.com")
    response = api.get("/api/admin/uploads")
    assert response.status_code == 200
    assert response.get_json()["uploads"][0]["uploadedBy"] is None


def test_an_upload_is_served_as_the_video_it_is_whatever_its_name(api, user, admin):
    api.login("dancer@example.com")
    upload_id = post_upload(api, name="page.html").get_json()["upload"]["_id"]
    api.login("boss@example.com")
    with api.get(f"/api/admin/uploads/{upload_id}/file") as download:
        assert download.headers["Content-Type"] == "video/mp4"
        assert download.headers["Content-Disposition"].startswith("attachment")
        assert download.headers["X-Content-Type-Options"] == "nosniff"


def test_admins_read_contact_messages(api, admin):
    db.session.add(ContactMessage(name="Ana", email="ana@example.com", subject="support", message="Hi"))
    db.session.commit()
    api.login("boss@example.com")
    assert api.get("/api/admin/contact-messages").get_json()["messages"][0]["name"] == "Ana"


@pytest.mark.parametrize("path", ["/api/admin/uploads", "/api/admin/contact-messages"])
def test_inbox_is_for_admins(api, user, path):
    api.login("dancer@example.com")
    assert api.get(path).status_code == 403

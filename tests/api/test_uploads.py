"""Uploads: checked again on the server, stored as pending submissions, handled by admins."""

import io

import pytest
from sqlalchemy import select

from app.extensions import db
from app.models import ContactMessage, Upload

MP4 = b"\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom" + b"\x00" * 64
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


def test_upload_refuses_files_over_100_mb(api, user, monkeypatch):
    from app.services import uploads

    monkeypatch.setattr(uploads, "MAX_VIDEO_BYTES", len(MP4) - 1)
    api.login("dancer@example.com")
    assert post_upload(api).get_json()["errors"] == {"video": f"File is larger than {len(MP4) - 1} bytes"}


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


def test_admins_read_contact_messages(api, admin):
    db.session.add(ContactMessage(name="Ana", email="ana@example.com", subject="support", message="Hi"))
    db.session.commit()
    api.login("boss@example.com")
    assert api.get("/api/admin/contact-messages").get_json()["messages"][0]["name"] == "Ana"


@pytest.mark.parametrize("path", ["/api/admin/uploads", "/api/admin/contact-messages"])
def test_inbox_is_for_admins(api, user, path):
    api.login("dancer@example.com")
    assert api.get(path).status_code == 403

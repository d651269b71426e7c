"""Deleting an account leaves no row of it anywhere: every table is searched for it afterwards."""

import json
import re
from pathlib import Path

import pyotp
from sqlalchemy import JSON, String, Text, select

from app.extensions import db
from app.models import Creator, Upload, Video
from tests.api.test_uploads import post_upload
from tests.conftest import DEFAULT_PASSWORD

NAME, EMAIL = "zzleaver", "zzleaver@example.com"


def leave_traces_everywhere(app, api, outbox) -> int:
    """Sign in and use every feature that stores something about the account."""
    uid = int(api.login(EMAIL).get_json()["user"]["_id"])
    video = db.session.scalar(select(Video).order_by(Video.id).limit(1))
    creator = db.session.scalar(select(Creator).order_by(Creator.id).limit(1))
    assert api.post("/api/tiktok/toggle-follow", {"username": creator.username}).status_code == 200
    playlist = api.post("/api/playlists", {"name": "Mine", "description": "", "isPublic": False}).get_json()
    assert api.post(f"/api/playlists/{playlist['_id']}/videos", {"videoId": video.video_id}).status_code in (200, 201)
    assert api.put("/api/user/video-position", {"videoIndex": 3, "page": "categories"}).status_code == 200
    assert api.post("/api/tiktok/videos/user-report", {"videoId": video.video_id}).status_code == 200
    assert post_upload(api).status_code == 201
    page = api.client.get("/contact-us").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    contact = {"name": NAME, "email": EMAIL, "subject": "general", "message": "Hello there, team!", "csrf_token": csrf}
    assert api.client.post("/contact-us", data=contact).status_code == 200
    secret = api.post("/api/auth/2fa/setup").get_json()["secret"]
    code = pyotp.TOTP(secret).now()
    assert api.post("/api/auth/2fa/enable", {"code": code, "password": DEFAULT_PASSWORD}).status_code == 200
    assert api.post("/api/tiktok/extract-user-videos/timmytimmadome", {"maxVideos": 5}).status_code == 202
    api.post("/api/auth/forgot-password", {"email": EMAIL})
    outbox.deliver()
    renamed = {"username": f"{NAME}_two", "email": EMAIL, "bio": "bye"}
    assert api.put("/api/auth/profile", renamed).status_code == 200
    return uid


def rows_mentioning(uid: int) -> list[str]:
    """Every row, in every table, that points at the account or names it."""
    marks = (NAME, EMAIL, f"user:{uid}")
    found = []
    for table in db.metadata.sorted_tables:
        for row in db.session.execute(select(table)).mappings():
            for column in table.columns:
                value = row[column.name]
                points_at_user = any(fk.column.table.name == "users" for fk in column.foreign_keys)
                if points_at_user and value == uid:
                    found.append(f"{table.name}.{column.name}")
                elif isinstance(column.type, String | Text | JSON) and value is not None:
                    text = value if isinstance(value, str) else json.dumps(value)
                    if any(mark in text.lower() for mark in marks):
                        found.append(f"{table.name}.{column.name} = {text[:60]!r}")
    return found


def test_deleting_an_account_leaves_no_row_of_it_anywhere(app, api, catalog, make_user, outbox):
    make_user(NAME, email=EMAIL)
    uid = leave_traces_everywhere(app, api, outbox)
    assert len(rows_mentioning(uid)) >= 10, "the account left traces in the tables this test searches"
    folder = Path(app.config["MEDIA_DIR"]) / "uploads"
    files = [
        folder / name
        for upload in db.session.scalars(select(Upload))
        for name in (upload.file_name, upload.thumbnail_name)
        if name
    ]
    assert files and all(path.exists() for path in files)

    assert api.delete("/api/auth/account", json_body={"password": DEFAULT_PASSWORD}).status_code == 200

    left = rows_mentioning(uid)
    assert left == [], left
    assert not any(path.exists() for path in files), "the account's uploaded files are gone too"

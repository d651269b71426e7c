"""Playlists taken away (JSON, CSV of TikTok URLs) and brought back (those files or pasted URLs), and 'Download my
data'. An import adds what the catalog has, reports the rest, and fetches nothing."""

import csv
import io
import json

from sqlalchemy import select

from app.catalog.records import video_url
from app.extensions import db
from app.models import Playlist, User, Video
from app.services import reports

UNKNOWN_URL = "https://www.tiktok.com/@someone/video/7000000000000000001"


def active_videos(count: int) -> list[Video]:
    return db.session.scalars(select(Video).where(Video.is_active.is_(True)).order_by(Video.id).limit(count)).all()


def url_of(video: Video) -> str:
    return video_url(video.creator.username, video.video_id)


def make_playlist(api, videos, name="Moves", public=False) -> int:
    playlist_id = int(
        api.post("/api/playlists", {"name": name, "description": "Mine", "isPublic": public}).get_json()["_id"]
    )
    for video in videos:
        assert api.post(f"/api/playlists/{playlist_id}/videos", {"videoId": video.video_id}).status_code == 200
    return playlist_id


def test_a_playlist_exports_as_json_and_as_csv_in_playlist_order(api, user, catalog):
    videos = active_videos(3)
    api.login("dancer@example.com")
    playlist_id = make_playlist(api, videos)

    response = api.get(f"/api/playlists/{playlist_id}/export?format=json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert response.headers["Content-Disposition"] == 'attachment; filename="moves.json"'
    document = json.loads(response.get_data())
    assert (document["format"], document["name"], document["description"]) == ("danza-playlist", "Moves", "Mine")
    assert [v["url"] for v in document["videos"]] == [url_of(v) for v in videos]

    response = api.get(f"/api/playlists/{playlist_id}/export?format=csv")
    assert response.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows[0] == ["url", "videoId", "username", "title"]
    assert [row[0] for row in rows[1:]] == [url_of(v) for v in videos]
    assert api.get(f"/api/playlists/{playlist_id}/export?format=xml").status_code == 400


def test_a_csv_cell_a_spreadsheet_would_run_is_kept_as_text(api, user, catalog):
    video = active_videos(1)[0]
    video.title = '=HYPERLINK("http://evil.example")'
    db.session.commit()
    api.login("dancer@example.com")
    playlist_id = make_playlist(api, [video])
    rows = list(
        csv.reader(io.StringIO(api.get(f"/api/playlists/{playlist_id}/export?format=csv").get_data(as_text=True)))
    )
    assert rows[1][3].startswith("'=")


def test_a_private_playlist_exports_for_its_owner_only(api, client, user, make_user, catalog):
    api.login("dancer@example.com")
    private_id = make_playlist(api, active_videos(1))
    public_id = make_playlist(api, active_videos(1), name="Shared", public=True)
    make_user("other")
    api.login("other@example.com")
    assert api.get(f"/api/playlists/{private_id}/export").status_code == 404
    assert client.get(f"/api/playlists/{private_id}/export").status_code == 404
    assert client.get(f"/api/playlists/{public_id}/export").status_code == 200


def test_an_export_imports_back_as_the_same_playlist(api, user, catalog):
    videos = active_videos(4)
    api.login("dancer@example.com")
    exported = api.get(f"/api/playlists/{make_playlist(api, videos)}/export").get_data(as_text=True)

    response = api.post("/api/playlists/import", {"format": "json", "content": exported})
    assert response.status_code == 201
    body = response.get_json()
    assert (body["added"], body["unknownCount"], body["invalidCount"]) == (4, 0, 0)
    assert body["message"] == "Imported 4 of 4 videos"
    assert (body["playlist"]["name"], body["playlist"]["isPublic"], body["playlist"]["videoCount"]) == (
        "Moves",
        False,
        4,
    )
    again = api.get(f"/api/playlists/{body['playlist']['_id']}/videos").get_json()["videos"]
    assert [v["videoId"] for v in again] == [v.video_id for v in videos]


def test_pasted_urls_and_csv_import_what_the_catalog_has_and_report_the_rest(api, user, catalog):
    first, second, gone = active_videos(3)
    gone.is_active = False
    db.session.commit()
    api.login("dancer@example.com")
    pasted = "\n".join(
        [url_of(first), "not a link", UNKNOWN_URL, first.video_id, url_of(gone), f"  {second.video_id}  "]
    )

    body = api.post(
        "/api/playlists/import", {"format": "urls", "content": pasted, "name": "From links", "isPublic": True}
    ).get_json()
    assert (body["added"], body["playlist"]["name"], body["playlist"]["isPublic"]) == (2, "From links", True)
    assert body["unknown"] == [UNKNOWN_URL, url_of(gone)] and body["unknownCount"] == 2
    assert body["invalid"] == ["not", "a", "link"]  # pasted text splits on spaces as well as lines

    table = f"url,title\n{url_of(second)},Second\n{UNKNOWN_URL},Unknown\n"
    body = api.post("/api/playlists/import", {"format": "csv", "content": table}).get_json()
    assert (body["added"], body["unknownCount"], body["playlist"]["name"]) == (1, 1, "Imported playlist")


def test_a_bad_import_is_refused_with_a_clear_error_and_makes_nothing(api, user, catalog):
    api.login("dancer@example.com")
    cases = [
        ({"format": "json", "content": "{not json"}, "The file is not valid JSON"),
        ({"format": "json", "content": '{"name": "x"}'}, "The JSON file has no list of videos"),
        (
            {"format": "urls", "content": " ".join(["7000000000000000001"] * 1001)},
            "A playlist can be imported with at most 1000 videos",
        ),
        ({"format": "yaml", "content": "x"}, None),
        ({"format": "urls", "content": ""}, None),
    ]
    for body, message in cases:
        response = api.post("/api/playlists/import", body)
        assert response.status_code == 400, body
        if message:
            assert response.get_json()["errors"]["content"] == message
    assert db.session.scalar(select(Playlist)) is None


def test_an_import_file_a_parser_chokes_on_is_refused_not_a_server_error(api, user, catalog):
    """The file's text is parsed by the server itself: what the request checks refuse in a body (nesting that
    recurses without end, a NUL, a lone surrogate) must be refused inside it too, and a CSV cell past the csv
    module's own limit is a bad file, not a crash."""
    api.login("dancer@example.com")
    video_id = active_videos(1)[0].video_id
    cases = [
        ({"format": "json", "content": "[" * 50_000 + "]" * 50_000}, "JSON body is nested too deeply"),
        ({"format": "json", "content": '{"videos": ["\\ud800"]}'}, "Request text must be valid Unicode"),
        (
            {"format": "json", "content": json.dumps({"videos": [video_id], "name": "feed\u0000name"})},
            "Requests may not contain NUL characters",
        ),
        ({"format": "csv", "content": "url\n" + "a" * 140_000}, "The file is not valid CSV"),
        ({"format": "csv", "content": '"unclosed\n' + "a" * 140_000}, "The file is not valid CSV"),
    ]
    for body, message in cases:
        response = api.post("/api/playlists/import", body)
        assert response.status_code == 400, (body["content"][:40], response.status_code)
        assert response.get_json()["errors"]["content"] == message
    assert db.session.scalar(select(Playlist)) is None


def test_import_needs_a_sign_in(api):
    assert api.post("/api/playlists/import", {"format": "urls", "content": UNKNOWN_URL}).status_code == 401


def test_download_my_data_has_the_account_follows_playlists_reports_and_uploads_and_no_secret(api, user, catalog):
    video = active_videos(1)[0]
    api.login("dancer@example.com")
    assert api.post("/api/tiktok/toggle-follow", {"username": video.creator.username}).status_code == 200
    make_playlist(api, [video])
    reports.report_video(video.video_id, db.session.get(User, user.id), "198.51.100.9")
    api.get("/api/following-feed")  # makes the private feed key, which must not be exported

    response = api.get("/api/auth/export")
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert response.headers["Content-Disposition"] == 'attachment; filename="danza-dancer.json"'
    text = response.get_data(as_text=True)
    data = json.loads(text)
    assert data["account"]["username"] == "dancer" and data["account"]["email"] == "dancer@example.com"
    assert [f["username"] for f in data["follows"]] == [video.creator.username]
    assert data["playlists"][0]["videos"][0]["url"] == url_of(video)
    assert [r["videoId"] for r in data["reports"]] == [video.video_id]
    assert data["uploads"] == []
    stored = db.session.get(User, user.id)
    for secret in (stored.password_hash, stored.following_feed_key):
        assert secret and secret not in text
    assert api.get("/api/auth/export").status_code == 200

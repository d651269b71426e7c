"""The download calls: admins only, TikTok video links only, files served by download id only."""

from pathlib import Path

import pytest
from flask import current_app
from sqlalchemy import select

from app.extensions import db
from app.jobs import get_queue
from app.models import Creator, Download, Job, Video
from app.services import player_settings
from app.tiktok.fixtures import fake_mp4
from app.tiktok.urls import SHORT_LINK_MESSAGE, VIDEO_URL_MESSAGE
from tests.unit.test_tiktok_urls import HOSTILE_URLS

VIDEO_ID = "7481154741926497543"
LINK = f"https://www.tiktok.com/@chuechuche/video/{VIDEO_ID}"

CALLS = [
    ("POST", "/api/download-tiktok", {"url": LINK}),
    ("GET", "/api/download-status/1", None),
    ("GET", "/api/download-file?id=1", None),
    ("POST", "/api/download-user-videos/chuechuche", {"skipExisting": True}),
    ("GET", "/api/download-progress/some-id", None),
    ("GET", "/api/active-downloads/chuechuche", None),
]


# Calls here queue real jobs (TestConfig reads TikTok from the shipped fixtures) that no worker runs.
pytestmark = pytest.mark.usefixtures("queues")


@pytest.fixture
def as_admin(api, admin):
    api.login("boss@example.com")
    return api


def finished_download(video_id: str = VIDEO_ID, username: str = "chuechuche") -> Download:
    """A download as the worker leaves it: the file in MEDIA_DIR/downloads and a finished row."""
    folder = Path(current_app.config["MEDIA_DIR"]) / "downloads"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{video_id}.mp4").write_bytes(fake_mp4(video_id))
    download = Download(video_id=video_id, username=username, status="finished", file_name=f"{video_id}.mp4")
    db.session.add(download)
    db.session.commit()
    return download


@pytest.mark.parametrize(("method", "path", "body"), CALLS)
def test_downloads_are_for_admins_only(api, user, method, path, body):
    assert api.request(method, path, body).status_code == 401
    api.login("dancer@example.com")
    assert api.request(method, path, body).status_code == 403


def test_a_video_download_is_queued_once(as_admin, admin):
    started = as_admin.post("/api/download-tiktok", {"url": LINK, "addToSite": False, "tags": [], "ageVerified": True})
    assert started.status_code == 202
    body = started.get_json()
    assert body == {"success": True, "downloadId": body["downloadId"], "status": "queued"}
    download = db.session.get(Download, body["downloadId"])
    assert (download.video_id, download.username, download.requested_by_id) == (VIDEO_ID, "chuechuche", admin.id)
    job = db.session.get(Job, download.job_id)
    assert (job.queue, job.kind, job.params) == ("downloads", "download-video", {"downloadId": download.id})
    again = as_admin.post("/api/download-tiktok", {"url": LINK + "?lang=en"}).get_json()
    assert again["downloadId"] == body["downloadId"]
    assert get_queue("downloads").count == 1


def test_a_bearer_token_works_without_a_cookie_or_csrf_token(app, api, admin):
    bearer = {"Authorization": f"Bearer {api.login('boss@example.com').get_json()['token']}"}
    client = app.test_client(use_cookies=False)
    response = client.post("/api/download-tiktok", json={"url": LINK}, headers=bearer)
    assert response.status_code == 202
    status = client.get(f"/api/download-status/{response.get_json()['downloadId']}", headers=bearer)
    assert status.get_json()["status"] == "queued"


def test_status_of_a_queued_download(as_admin):
    download_id = as_admin.post("/api/download-tiktok", {"url": LINK}).get_json()["downloadId"]
    body = as_admin.get(f"/api/download-status/{download_id}").get_json()
    assert body == {
        "success": True,
        "downloadId": download_id,
        "videoId": VIDEO_ID,
        "username": "chuechuche",
        "status": "queued",
        "progress": {"downloadedBytes": 0, "totalBytes": None, "percent": 0},
        "fileName": None,
        "fileUrl": None,
        "error": None,
    }
    assert as_admin.get("/api/download-status/999").status_code == 404


def test_a_link_without_handle_takes_the_catalogs(as_admin, catalog):
    body = as_admin.post("/api/download-tiktok", {"url": f"https://m.tiktok.com/v/{VIDEO_ID}.html"}).get_json()
    assert db.session.get(Download, body["downloadId"]).username == "chuechuche"


def test_adding_to_the_site_needs_the_age_check(as_admin):
    response = as_admin.post("/api/download-tiktok", {"url": LINK, "addToSite": True, "ageVerified": False})
    assert response.status_code == 400 and "ageVerified" in response.get_json()["errors"]
    tagged = as_admin.post(
        "/api/download-tiktok", {"url": LINK, "addToSite": True, "ageVerified": True, "tags": "Dance, #Fun"}
    )
    assert db.session.get(Download, tagged.get_json()["downloadId"]).tags == "dance,fun"


def test_downloads_follow_the_show_download_buttons_setting(as_admin, admin, catalog):
    player_settings.save_global({"showDownloadButtons": False}, admin.id)
    for path, body in [("/api/download-tiktok", {"url": LINK}), ("/api/download-user-videos/chuechuche", {})]:
        response = as_admin.post(path, body)
        assert response.status_code == 403
        assert response.get_json()["message"] == "Downloads are turned off in the player settings"


@pytest.mark.parametrize("url", HOSTILE_URLS)
def test_hostile_links_are_refused(as_admin, url):
    response = as_admin.post("/api/download-tiktok", {"url": url})
    assert response.status_code == 400
    assert "url" in response.get_json()["errors"]
    assert db.session.scalar(select(Download.id)) is None and get_queue("downloads").count == 0


@pytest.mark.parametrize("url", [None, 42, ["x"], {"href": LINK}])
def test_links_must_be_text(as_admin, url):
    assert as_admin.post("/api/download-tiktok", {"url": url}).status_code == 400


def test_short_links_and_other_pages_say_what_to_paste(as_admin):
    short = as_admin.post("/api/download-tiktok", {"url": "https://vm.tiktok.com/ZTR45GpSF/"}).get_json()
    assert short["errors"] == {"url": SHORT_LINK_MESSAGE}
    tag = as_admin.post("/api/download-tiktok", {"url": "https://www.tiktok.com/tag/dance"}).get_json()
    assert tag["errors"] == {"url": VIDEO_URL_MESSAGE}


def test_a_finished_file_is_served_by_id_under_its_save_name(as_admin):
    download = finished_download()
    response = as_admin.get(f"/api/download-file?id={download.id}")
    assert response.status_code == 200
    assert response.data == fake_mp4(VIDEO_ID)
    assert response.headers["Content-Disposition"] == f"attachment; filename=chuechuche_{VIDEO_ID}.mp4"
    response.close()
    status = as_admin.get(f"/api/download-status/{download.id}").get_json()
    assert status["fileUrl"] == f"/api/download-file?id={download.id}"
    assert status["fileName"] == f"chuechuche_{VIDEO_ID}.mp4" and status["progress"]["percent"] == 100


TRAVERSALS = [
    "path=../secret.txt",
    "path=/etc/passwd&filename=passwd",
    "id=../secret.txt",
    "id=..%2Fsecret.txt",
    "id=%2e%2e%2fsecret.txt",
    "id=%2e%2e/%2e%2e/etc/passwd",
    "id=%252e%252e%252fsecret.txt",
    "id=/etc/passwd",
    "id=..%5Csecret.txt",
    "id=..\\..\\secret.txt",
    "id=C:%5Cwindows%5Cwin.ini",
    "id=1%00",
    "id=1%00.mp4",
    "id=1/../../secret.txt",
    "id=1.mp4",
    "id=-1",
    "id=0",
    "id=",
    "",
    "id=99999999999999999999999999",
    "id=file:///etc/passwd",
    "id={ok}&path=../secret.txt",
    "id={ok}&filename=../../secret.txt",
    "id={tampered}",
    "id={other}",
]


@pytest.mark.parametrize("query", TRAVERSALS)
def test_path_traversal_attempts_on_download_file_are_refused(as_admin, query):
    secret = Path(current_app.config["MEDIA_DIR"]) / "secret.txt"
    secret.write_text("not for download")
    ok = finished_download()
    tampered = finished_download("7481154741926497544")
    tampered.file_name = "../secret.txt"
    other = finished_download("7481154741926497545")
    other.file_name = f"{VIDEO_ID}.mp4"  # another video's file
    db.session.commit()
    response = as_admin.get("/api/download-file?" + query.format(ok=ok.id, tampered=tampered.id, other=other.id))
    assert response.status_code in (400, 404)
    assert b"not for download" not in response.data and response.get_json()["success"] is False


def test_a_creator_download_is_planned_and_queued_once(as_admin, catalog):
    creator = db.session.scalar(select(Creator).where(Creator.username == "chuechuche"))
    total = db.session.scalar(select(db.func.count(Video.id)).where(Video.creator_id == creator.id))
    finished_download()
    started = as_admin.post("/api/download-user-videos/chuechuche", {"skipExisting": True})
    assert started.status_code == 202
    body = started.get_json()
    assert body == {
        "success": True,
        "message": f"Downloading {total - 1} videos of @chuechuche (1 already downloaded)",
        "totalVideos": total,
        "skippedCount": 1,
        "progressId": body["progressId"],
    }
    again = as_admin.post("/api/download-user-videos/ChueChuChe", {}).get_json()
    assert again["progressId"] == body["progressId"] and "already being downloaded" in again["message"]
    assert (again["totalVideos"], again["skippedCount"]) == (total, 1)

    # Before a worker takes the job, its progress already has the planned counts (not zeros).
    progress = as_admin.get(f"/api/download-progress/{body['progressId']}").get_json()
    assert progress == {
        "success": True,
        "progress": {
            "totalVideos": total,
            "completed": 0,
            "errors": 0,
            "skippedCount": 1,
            "status": "starting",
            "currentVideo": None,
            "error": None,
            "progressId": body["progressId"],
            "username": "chuechuche",
        },
    }
    active = as_admin.get("/api/active-downloads/chuechuche").get_json()
    assert active["success"] is True and active["activeDownload"]["progressId"] == body["progressId"]
    assert (active["activeDownload"]["totalVideos"], active["activeDownload"]["skippedCount"]) == (total, 1)


def test_creator_download_errors(as_admin, catalog):
    assert as_admin.post("/api/download-user-videos/nobody_here", {}).status_code == 404
    assert as_admin.post("/api/download-user-videos/a", {}).status_code == 400
    assert as_admin.post("/api/download-user-videos/chuechuche", {"skipExisting": "yes please"}).status_code == 400
    assert as_admin.get("/api/download-progress/unknown").status_code == 404
    assert as_admin.get("/api/active-downloads/chuechuche").get_json() == {"success": True, "activeDownload": None}
    assert as_admin.get("/api/active-downloads/bad%20name").status_code == 400

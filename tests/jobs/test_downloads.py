"""Downloads run by a real worker, with the fixtures source writing the file."""

import json
from dataclasses import replace
from pathlib import Path

import pytest
from flask import current_app
from sqlalchemy import select

from app.extensions import db
from app.jobs import ingest as ingest_jobs
from app.jobs import redis_connection
from app.models import Download, Video
from app.services.ingest import ingest_records
from app.services.profiles import monitored_creator
from app.tiktok.fixtures import fake_mp4
from app.tiktok.mapping import record_from_info
from app.tiktok.source import BLOCK_ADVICE
from tests.conftest import TIKTOK_FIXTURES

IP_BLOCKED = f"TikTok is blocking this server's address. {BLOCK_ADVICE}"

pytestmark = pytest.mark.jobs

DNKHAII = json.loads((TIKTOK_FIXTURES / "dnkhaii.json").read_text(encoding="utf-8"))["entries"]


@pytest.fixture(autouse=True)
def forget_blocking():
    """A test's bot detection must not hold back the next test's downloads."""
    yield
    redis_connection().delete(ingest_jobs.redis_key(ingest_jobs.BLOCKED_KEY))


@pytest.fixture
def as_admin(api, admin):
    api.login("boss@example.com")
    return api


def test_one_video_is_downloaded_and_served(as_admin, run_worker):
    entry = DNKHAII[2]
    download_id = as_admin.post("/api/download-tiktok", {"url": entry["url"]}).get_json()["downloadId"]
    run_worker("downloads")

    status = as_admin.get(f"/api/download-status/{download_id}").get_json()
    assert (status["status"], status["error"], status["progress"]["percent"]) == ("finished", None, 100)
    assert status["progress"]["downloadedBytes"] == status["progress"]["totalBytes"] == len(fake_mp4(entry["id"]))
    assert status["fileName"] == f"dnkhaii_{entry['id']}.mp4"
    assert (Path(current_app.config["MEDIA_DIR"]) / "downloads" / f"{entry['id']}.mp4").is_file()

    served = as_admin.get(status["fileUrl"])
    assert served.status_code == 200 and served.data.startswith(b"\x00\x00\x00\x18ftypmp42")
    assert served.headers["Content-Disposition"] == f"attachment; filename=dnkhaii_{entry['id']}.mp4"
    served.close()
    assert db.session.scalar(select(Video.id)) is None  # not added to the site unless asked


def test_a_video_added_to_the_site_gets_its_metadata_and_tags(as_admin, run_worker):
    entry = DNKHAII[4]
    link = f"https://m.tiktok.com/v/{entry['id']}.html"  # no handle: learnt from the download
    body = {"url": link, "addToSite": True, "ageVerified": True, "tags": ["Bắc Bling", "#Dance"]}
    download_id = as_admin.post("/api/download-tiktok", body).get_json()["downloadId"]
    run_worker("downloads")

    status = as_admin.get(f"/api/download-status/{download_id}").get_json()
    assert (status["status"], status["username"], status["error"]) == ("finished", "dnkhaii", None)
    video = db.session.scalar(select(Video).where(Video.video_id == entry["id"]))
    assert video.creator.username == "dnkhaii" and video.title == record_from_info(entry).title
    assert {"dance", "bắcbling"} <= {tag.name for tag in video.hashtags}


def test_a_video_tiktok_does_not_have_fails_with_its_reason(as_admin, run_worker):
    download_id = as_admin.post(
        "/api/download-tiktok", {"url": "https://www.tiktok.com/@dnkhaii/video/7000000000000000001"}
    ).get_json()["downloadId"]
    run_worker("downloads")
    status = as_admin.get(f"/api/download-status/{download_id}").get_json()
    assert status["status"] == "failed"
    assert status["error"] == (
        "TikTok says this video is not available: removed, or never there. Nothing to do: it stays out of the feeds."
    )
    assert status["fileUrl"] is None and as_admin.get(f"/api/download-file?id={download_id}").status_code == 404


def test_all_videos_of_a_creator_then_again_skipping_them(as_admin, run_worker):
    monitored_creator("dnkhaii", None, None)
    ingest_records(record_from_info(entry) for entry in DNKHAII)
    started = as_admin.post("/api/download-user-videos/dnkhaii", {"skipExisting": True}).get_json()
    assert (started["totalVideos"], started["skippedCount"]) == (17, 0)
    run_worker("downloads")

    progress = as_admin.get(f"/api/download-progress/{started['progressId']}").get_json()["progress"]
    assert {
        k: progress[k] for k in ("totalVideos", "completed", "errors", "skippedCount", "status", "currentVideo")
    } == {
        "totalVideos": 17,
        "completed": 17,
        "errors": 0,
        "skippedCount": 0,
        "status": "completed",
        "currentVideo": None,
    }
    assert db.session.scalar(select(db.func.count(Download.id)).where(Download.status == "finished")) == 17
    assert as_admin.get("/api/active-downloads/dnkhaii").get_json()["activeDownload"] is None

    again = as_admin.post("/api/download-user-videos/dnkhaii", {"skipExisting": True}).get_json()
    assert (again["totalVideos"], again["skippedCount"]) == (17, 17)
    run_worker("downloads")
    progress = as_admin.get(f"/api/download-progress/{again['progressId']}").get_json()["progress"]
    assert (progress["completed"], progress["skippedCount"], progress["status"]) == (0, 17, "completed")


def download_all(as_admin, run_worker, handle: str, records) -> dict:
    """Download All for `handle` (a monitored creator with these records), run by the worker; answers the progress."""
    monitored_creator(handle, None, None)
    ingest_records(records)
    started = as_admin.post(f"/api/download-user-videos/{handle}", {}).get_json()
    run_worker("downloads")
    return as_admin.get(f"/api/download-progress/{started['progressId']}").get_json()["progress"]


def fixture_videos_of(handle: str, count: int) -> list:
    """The first `count` dnkhaii videos, as posted by the fixture profile `handle` (which fails in its own way)."""
    records = [record_from_info(entry) for entry in DNKHAII[:count]]
    return [replace(r, username=handle, video_url=r.video_url.replace("dnkhaii", "x")) for r in records]


def test_a_creator_download_where_every_video_fails_ends_in_error_with_the_reason(as_admin, run_worker):
    progress = download_all(as_admin, run_worker, "private.fixture", fixture_videos_of("private.fixture", 3))
    assert (progress["status"], progress["completed"], progress["errors"]) == ("error", 0, 3)
    failed = db.session.scalars(select(Download.error).where(Download.status == "failed")).all()
    assert len(failed) == 3 and progress["error"] == failed[-1], "the reason the videos failed, as each one says"


def test_a_creator_download_where_some_videos_fail_completes_and_says_why_they_failed(as_admin, run_worker):
    records = [record_from_info(entry) for entry in DNKHAII[:2]]
    gone = replace(
        records[0], video_id="7000000000000000001", video_url=records[0].video_url[:-19] + "7000000000000000001"
    )
    progress = download_all(as_admin, run_worker, "dnkhaii", [*records, gone])
    assert (progress["status"], progress["completed"], progress["errors"]) == ("completed", 2, 1)
    assert progress["error"] == db.session.scalar(select(Download.error).where(Download.status == "failed"))


def test_a_creator_download_stops_when_tiktok_cannot_be_reached_three_times_running(as_admin, run_worker):
    """Each video that cannot be reached takes its three retries (85 s in all): a batch of a hundred would take
    hours to learn what the first three said."""
    progress = download_all(as_admin, run_worker, "unreachable.fixture", fixture_videos_of("unreachable.fixture", 5))
    assert (progress["status"], progress["completed"], progress["errors"]) == ("error", 0, 3)
    assert progress["error"].startswith("TikTok could not be reached.")
    assert db.session.scalar(select(db.func.count(Download.id))) == 3


def test_bot_detection_stops_a_creator_download(as_admin, run_worker):
    progress = download_all(as_admin, run_worker, "blocked.fixture", fixture_videos_of("blocked.fixture", 3))
    assert (progress["status"], progress["error"]) == ("error", IP_BLOCKED)
    assert (progress["completed"], progress["errors"]) == (0, 0)
    assert db.session.scalar(select(db.func.count(Download.id))) == 1  # stopped at the first video
    assert ingest_jobs.blocked_recently()

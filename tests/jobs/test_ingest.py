"""Profile extraction and the creator refresh, run by a real worker on the fixtures source."""

import json
import os
import signal
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from rq.job import Job as RqJob
from rq.serializers import JSONSerializer
from sqlalchemy import func, select

from app.extensions import db
from app.jobs import STALE_AFTER, get_queue, redis_connection, watched_key
from app.jobs import ingest as ingest_jobs
from app.models import Creator, Job, Video
from app.models.types import utcnow
from app.services import profiles
from tests.conftest import TIKTOK_FIXTURES, wait_for

pytestmark = pytest.mark.jobs

PROJECT_ROOT = Path(__file__).resolve().parents[2]
BOT_DETECTION = (
    "Video extraction failed due to TikTok bot detection. "
    "The profile can still be added, and videos can be extracted later..."
)


@pytest.fixture(autouse=True)
def forget_blocking():
    """A test's bot detection (or refresh lock) must not hold back the next test's work."""
    yield
    redis_connection().delete(
        ingest_jobs.redis_key(ingest_jobs.BLOCKED_KEY), ingest_jobs.redis_key(ingest_jobs.REFRESH_LOCK)
    )


@pytest.fixture
def signed_in(api, user):
    api.login("dancer@example.com")
    return api


def extract(api, username: str, **options) -> str:
    response = api.post(f"/api/tiktok/extract-user-videos/{username}", options)
    assert response.status_code == 202
    return response.get_json()["jobId"]


def test_a_big_profile_is_extracted_in_pages_and_confirmed_once(signed_in, run_worker):
    job_id = extract(signed_in, "sampler.fixture", pageSize=20)
    run_worker("ingest")

    progress = signed_in.get("/api/tiktok/extraction-progress/sampler.fixture").get_json()
    assert (progress["isComplete"], progress["status"], progress["step"]) == (
        True,
        "completed",
        "Extraction completed!",
    )
    assert (progress["extractedVideos"], progress["totalVideos"]) == (75, 75)
    result = progress["result"]
    assert (result["success"], result["displayName"], result["videosProcessed"]) == (True, "Fixture Sampler", 75)
    assert len(result["videos"]) == 75 and all(v["valid"] for v in result["videos"])
    db.session.expire_all()
    row = db.session.get(Job, job_id)
    assert "videos" not in row.result  # the list lives in the job's file, not in the row
    assert profiles.extraction_path(job_id).is_file()

    chosen = result["videos"][:60]
    first = signed_in.post("/api/tiktok/confirm-profile", {"username": "sampler.fixture", "videos": chosen}).get_json()
    second = signed_in.post("/api/tiktok/confirm-profile", {"username": "sampler.fixture", "videos": chosen}).get_json()
    assert (first["videosAdded"], second["videosAdded"]) == (60, 0)
    assert db.session.scalar(select(func.count(Video.id))) == 60


def test_max_videos_and_a_repeat_extraction_keep_only_the_newest_file(signed_in, run_worker):
    first = extract(signed_in, "dnkhaii", maxVideos=5, pageSize=2)
    run_worker("ingest")
    second = extract(signed_in, "dnkhaii")
    assert second != first
    run_worker("ingest")
    progress = signed_in.get("/api/tiktok/extraction-progress/dnkhaii").get_json()
    assert progress["jobId"] == second and progress["totalVideos"] == 17
    assert not profiles.extraction_path(first).exists() and profiles.extraction_path(second).exists()


def test_save_to_database_adds_the_profile_from_the_job(signed_in, run_worker):
    job_id = extract(signed_in, "timmytimmadome", saveToDatabase=True)
    run_worker("ingest")
    db.session.expire_all()
    row = db.session.get(Job, job_id)
    assert row.status == "finished" and row.result["saved"]["videosAdded"] == 28
    creator = db.session.scalar(select(Creator).where(Creator.username == "timmytimmadome"))
    assert (creator.display_name, creator.video_count, creator.is_active) == ("Tim Thebodeau", 28, True)


def test_bot_detection_fails_the_extraction_with_the_spec_message_and_backs_off(signed_in, run_worker):
    extract(signed_in, "blocked.fixture")
    run_worker("ingest")
    progress = signed_in.get("/api/tiktok/extraction-progress/blocked.fixture").get_json()
    assert (progress["isComplete"], progress["status"], progress["step"]) == (True, "failed", "Extraction failed")
    result = progress["result"]
    assert (result["success"], result["videoExtractionFailed"], result["message"]) == (False, True, BOT_DETECTION)
    assert ingest_jobs.blocked_recently()
    confirmed = signed_in.post("/api/tiktok/confirm-profile", {"username": "blocked.fixture", "videos": []}).get_json()
    assert confirmed["success"] is True and confirmed["videosAdded"] == 0


def test_a_search_nobody_waits_for_stops_and_the_searches_after_it_go_on(signed_in, run_worker):
    closed = extract(signed_in, "unreachable.fixture")
    kept = extract(signed_in, "dnkhaii")
    saving = extract(signed_in, "timmytimmadome", saveToDatabase=True)
    # No poll for 30 s: the screens that started the first and the third search were closed.
    redis_connection().delete(watched_key(closed), watched_key(saving))
    run_worker("ingest")

    stopped = signed_in.get("/api/tiktok/extraction-progress/unreachable.fixture").get_json()
    assert (stopped["jobId"], stopped["status"], stopped["step"]) == (closed, "failed", "Extraction failed")
    assert stopped["result"]["failureCause"] == "abandoned" and stopped["result"]["videosExtracted"] == 0
    assert stopped["result"]["message"] == (
        "Could not list the videos of @unreachable.fixture: "
        "The search stopped, as nobody was waiting for its result any more."
    )
    assert stopped["result"]["suggestion"] == "Find the videos again."
    done = signed_in.get("/api/tiktok/extraction-progress/dnkhaii").get_json()
    assert (done["jobId"], done["status"], done["totalVideos"]) == (kept, "completed", 17)
    db.session.expire_all()
    saved = db.session.get(Job, saving)  # a search that saves what it finds is not for a screen: it goes on
    assert saved.status == "finished" and saved.result["saved"]["videosAdded"] == 28


def _worker_env(app, fixtures_dir: Path, instance_dir: Path) -> dict:
    return {
        **os.environ,
        "DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"],
        "REDIS_URL": app.config["REDIS_URL"],
        "RQ_QUEUE_PREFIX": app.config["RQ_QUEUE_PREFIX"],
        "INSTANCE_DIR": str(instance_dir),
        "MEDIA_DIR": app.config["MEDIA_DIR"],
        "TIKTOK_SOURCE": "fixtures",
        "TIKTOK_FIXTURES_DIR": str(fixtures_dir),
    }


def _slow_profile(directory: Path) -> None:
    sampler = json.loads((TIKTOK_FIXTURES / "sampler.fixture.json").read_text(encoding="utf-8"))
    entries = [{**entry, "uploader": "slow.fixture"} for entry in sampler["entries"]]
    slow = {**sampler, "title": "slow.fixture", "entries": entries, "_page_delay": 0.4}
    (directory / "slow.fixture.json").write_text(json.dumps(slow), encoding="utf-8")


def test_a_worker_killed_mid_job_leaves_the_job_failed_not_running(app, signed_in, queues, tmp_path):
    _slow_profile(tmp_path)
    job_id = extract(signed_in, "slow.fixture", pageSize=5)
    worker = subprocess.Popen(
        [sys.executable, "-m", "flask", "--app", "wsgi", "jobs", "worker", "--burst", "--queue", "ingest"],
        cwd=PROJECT_ROOT,
        env=_worker_env(app, tmp_path, tmp_path),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(lambda: (db.session.get(Job, job_id).progress or {}).get("extractedVideos", 0) >= 5)
    finally:
        worker.send_signal(signal.SIGKILL)
        worker.wait(timeout=30)

    running = signed_in.get("/api/tiktok/extraction-progress/slow.fixture").get_json()
    assert running["isComplete"] is False and running["status"] == "running"  # its heartbeat is still recent
    assert running["step"].startswith("Finding videos... (") and running["extractedVideos"] < 75

    row = db.session.get(Job, job_id)
    row.heartbeat_at = utcnow() - STALE_AFTER - timedelta(seconds=1)
    db.session.commit()
    failed = signed_in.get("/api/tiktok/extraction-progress/slow.fixture").get_json()
    assert (failed["isComplete"], failed["status"], failed["step"]) == (True, "failed", "Extraction failed")
    assert failed["result"]["success"] is False and failed["result"]["videos"] == []
    db.session.expire_all()
    assert (db.session.get(Job, job_id).status, db.session.get(Job, job_id).error) == (
        "failed",
        "The worker stopped responding",
    )
    RqJob.fetch(job_id, connection=redis_connection(), serializer=JSONSerializer).delete()


def test_the_refresh_lists_monitored_creators_and_stops_at_bot_detection(run_worker):
    for name in ("dnkhaii", "blocked.fixture", "timmytimmadome"):
        profiles.monitored_creator(name, None, None)
    job = get_queue("ingest").enqueue(ingest_jobs.refresh_creators)
    run_worker("ingest")

    db.session.expire_all()
    result = RqJob.fetch(job.id, connection=redis_connection(), serializer=JSONSerializer).return_value()
    assert result == {"creators": 1, "videosAdded": 17, "failed": 0, "blocked": True}
    listed = dict(db.session.execute(select(Creator.username, Creator.last_listed_at)).all())
    assert listed["dnkhaii"] is not None and listed["blocked.fixture"] is None and listed["timmytimmadome"] is None
    assert ingest_jobs.blocked_recently()


def test_the_scheduled_refresh_waits_out_a_block_and_schedules_the_next(queues):
    ingest_jobs.note_blocked()
    registry = get_queue("ingest").scheduled_job_registry
    try:
        assert ingest_jobs.scheduled_creator_refresh() == {"skipped": "TikTok blocked recent requests"}
        assert registry.count == 1
        assert ingest_jobs.schedule_creator_refresh() is False  # one schedule across all workers
    finally:
        for job_id in registry.get_job_ids():
            registry.remove(job_id, delete_job=True)


def fixture_sec_uid(handle: str) -> str:
    return json.loads((TIKTOK_FIXTURES / f"{handle}.json").read_text())["id"]


def test_the_refresh_lists_a_known_creator_by_its_sec_uid_and_follows_a_new_handle(queues):
    """The account once called dnkhaii_old is listed by its secUid; its videos now carry @dnkhaii: it was renamed."""
    renamed = profiles.monitored_creator("dnkhaii_old", None, None)
    renamed.sec_uid = fixture_sec_uid("dnkhaii")
    stale = profiles.monitored_creator("timmytimmadome", None, None)
    stale.sec_uid = "MS4wLjABAAAA" + "x" * 64  # TikTok knows no such secUid: listed by handle instead
    db.session.commit()

    result = ingest_jobs.refresh_creators()

    assert result == {"creators": 2, "videosAdded": 17 + 28, "failed": 0, "blocked": False}
    db.session.expire_all()
    creator = db.session.get(Creator, renamed.id)
    assert creator.username == "dnkhaii"
    urls = db.session.scalars(select(Video.video_url).where(Video.creator_id == creator.id)).all()
    assert len(urls) == 17 and all(url.startswith("https://www.tiktok.com/@dnkhaii/video/") for url in urls)
    assert db.session.get(Creator, stale.id).username == "timmytimmadome"

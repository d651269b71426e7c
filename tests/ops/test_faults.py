"""Faults: Redis stopped and started while pages are served, SQLite locked by another writer, a PostgreSQL
connection dropped. (A worker killed mid-job: tests/jobs/test_ingest.py.)"""

import os
import sqlite3
import subprocess
import sys
import threading
import time

import pytest
import requests
from redis import Redis
from rq import Queue
from sqlalchemy import create_engine, func, make_url, select, text

from app import config, create_app
from app.api.errors import DATABASE_BUSY_MESSAGE
from app.extensions import db
from app.jobs import JOBS_UNAVAILABLE
from app.models import Playlist, PlaylistEntry, Video
from app.services import feeds, mailer, thumbnails
from app.services.videos import category_path
from tests.conftest import DEFAULT_PASSWORD, PROJECT_ROOT, ApiClient
from tests.fakes.oembed import JPEG
from tests.ops.server import OwnRedis, gunicorn


def backend(app) -> str:
    return make_url(app.config["SQLALCHEMY_DATABASE_URI"]).get_backend_name()


def first_videos(count: int) -> list[Video]:
    return list(db.session.scalars(select(Video).order_by(Video.id).limit(count)))


# ---- Redis -------------------------------------------------------------------------------------------------


@pytest.mark.jobs
def test_pages_keep_serving_while_redis_is_down_and_jobs_resume_after(app, catalog, user, fake_oembed, tmp_path):
    redis = OwnRedis(tmp_path / "redis")
    queued_before, queued_after = first_videos(2)
    for video in (queued_before, queued_after):
        thumbnails.thumbnail_file(video.video_id).unlink(missing_ok=True)
    video_page = feeds_path(queued_before)
    settings = {
        "DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"],
        "REDIS_URL": redis.url,
        "RQ_QUEUE_PREFIX": app.config["RQ_QUEUE_PREFIX"],
        "INSTANCE_DIR": str(tmp_path),
        "MEDIA_DIR": app.config["MEDIA_DIR"],
        "SITE_URL": "http://localhost",
        "TIKTOK_SOURCE": "fixtures",
        "TIKTOK_OEMBED_URL": fake_oembed.url,
    }
    redis.start()
    try:
        with gunicorn(settings, workers=1) as (base, _):
            assert requests.get(f"{base}/thumbs/{queued_before.video_id}.jpg", timeout=10).status_code == 200
            redis.stop()

            during = requests.Session()
            for path in (
                "/",
                "/dance-trends",
                "/categories",
                video_page,
                f"/thumbs/{queued_after.video_id}.jpg",
                "/api/tiktok/random-video?count=5",
                "/api/tiktok/hashtags?limit=50",
            ):
                assert during.get(base + path, timeout=20).status_code == 200, path
            csrf = during.get(f"{base}/api/auth/csrf", timeout=10).json()["csrfToken"]
            signed = during.post(
                f"{base}/api/auth/login",
                json={"email": "dancer@example.com", "password": DEFAULT_PASSWORD},
                headers={"X-CSRFToken": csrf},
                timeout=20,
            )
            assert signed.status_code == 200, "sign-in is rate limited in memory while Redis is away"
            mail = during.post(
                f"{base}/api/auth/forgot-password",
                json={"email": "dancer@example.com"},
                headers={"X-CSRFToken": signed.json()["csrfToken"]},
                timeout=20,
            )
            assert (mail.status_code, mail.json()["message"]) == (503, mailer.MAIL_UNAVAILABLE)
            extraction = during.post(
                f"{base}/api/tiktok/extract-user-videos/timmytimmadome",
                json={"maxVideos": 5},
                headers={"X-CSRFToken": signed.json()["csrfToken"]},
                timeout=20,
            )
            assert (extraction.status_code, extraction.json()["message"]) == (503, JOBS_UNAVAILABLE)

            redis.start()
            assert requests.get(f"{base}/thumbs/{queued_after.video_id}.jpg", timeout=10).status_code == 200
        queue = Queue(app.config["RQ_QUEUE_PREFIX"] + "maintenance", connection=Redis.from_url(redis.url))
        assert queue.count == 2, "the job queued before the outage survived it, and one queued after joined it"
        run_worker_on(redis.url, settings)
    finally:
        redis.stop()
    for video in (queued_before, queued_after):
        assert thumbnails.thumbnail_file(video.video_id).read_bytes() == JPEG
        thumbnails.thumbnail_file(video.video_id).unlink()


def feeds_path(video: Video) -> str:
    return category_path(feeds.suggested_hashtag(video), video.creator.username, video.video_id)


def run_worker_on(redis_url: str, settings: dict) -> None:
    command = [sys.executable, "-m", "flask", "--app", "wsgi", "jobs", "worker", "--burst", "--queue", "maintenance"]
    subprocess.run(
        command, cwd=PROJECT_ROOT, env={**os.environ, **settings}, check=True, timeout=120, capture_output=True
    )


# ---- SQLite locked -----------------------------------------------------------------------------------------


def test_a_locked_sqlite_database_answers_503_and_writes_nothing_half(app, catalog, user, tmp_path):
    if backend(app) != "sqlite":
        pytest.skip("a SQLite lock")
    settings = config.TestConfig(app.config["SQLALCHEMY_DATABASE_URI"], str(tmp_path / "media"))
    settings.SQLITE_BUSY_TIMEOUT = 0.2
    busy_app = create_app(settings)
    video = first_videos(1)[0].video_id
    with busy_app.app_context():
        visitor = ApiClient(busy_app.test_client())
        visitor.login("dancer@example.com")
        playlist = visitor.post("/api/playlists", {"name": "Mine", "isPublic": False}).get_json()["_id"]
        writer = sqlite3.connect(make_url(app.config["SQLALCHEMY_DATABASE_URI"]).database)
        writer.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        try:
            added = visitor.post(f"/api/playlists/{playlist}/videos", {"videoId": video})
            assert (added.status_code, added.get_json()["message"]) == (503, DATABASE_BUSY_MESSAGE)
            assert added.headers["Retry-After"] == "5"
            page = visitor.client.post(
                "/contact-us",
                data={
                    "name": "A",
                    "email": "a@example.com",
                    "subject": "general",
                    "message": "Hello there!",
                    "csrf_token": visitor.csrf_token,
                },
            )
            assert page.status_code == 503 and DATABASE_BUSY_MESSAGE in page.get_data(as_text=True)
            assert visitor.get("/api/tiktok/random-video?count=5").status_code == 200, "readers go on"
        finally:
            writer.rollback()
            writer.close()
        stored = db.session.get(Playlist, int(playlist))
        assert stored.video_count == 0
        assert db.session.scalar(select(func.count()).select_from(PlaylistEntry)) == 0
        assert visitor.post(f"/api/playlists/{playlist}/videos", {"videoId": video}).status_code in (200, 201)
        db.session.remove()
        db.engine.dispose()


# ---- PostgreSQL dropped ------------------------------------------------------------------------------------


def drop_connections(app, matching: str = "") -> int:
    """Terminate the app's connections to its database (those running `matching`, when given)."""
    admin = create_engine(app.config["SQLALCHEMY_DATABASE_URI"])
    with admin.connect() as conn:
        dropped = conn.execute(
            text(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE :q"
            ),
            {"q": f"%{matching}%"},
        ).scalar()
    admin.dispose()
    return dropped


def test_a_dropped_postgresql_connection_is_replaced_and_a_request_caught_in_it_answers_503(
    app, api, catalog, monkeypatch
):
    if backend(app) != "postgresql":
        pytest.skip("a PostgreSQL connection")
    monkeypatch.setitem(app.config, "CACHE_ENABLED", False)  # every request below must reach the database
    video = first_videos(1)[0].video_id
    assert api.get(f"/api/tiktok/videos/find-by-id/{video}").status_code == 200
    db.session.remove()  # what the end of every real request does; the tests' client shares one app context
    assert drop_connections(app) >= 1
    assert api.get(f"/api/tiktok/videos/find-by-id/{video}").status_code == 200, "the pool replaced it"

    find = feeds.video_by_id

    def slow_find(video_id: str):
        db.session.execute(text("SELECT pg_sleep(5)"))
        return find(video_id)

    monkeypatch.setattr(feeds, "video_by_id", slow_find)
    dropper = threading.Timer(0.5, drop_connections, args=(app, "pg_sleep"))
    dropper.start()
    started = time.monotonic()
    caught = api.get(f"/api/tiktok/videos/find-by-id/{video}")
    dropper.join()
    assert time.monotonic() - started < 4
    assert (caught.status_code, caught.get_json()["message"]) == (503, DATABASE_BUSY_MESSAGE)
    monkeypatch.setattr(feeds, "video_by_id", find)
    assert api.get(f"/api/tiktok/videos/find-by-id/{video}").status_code == 200

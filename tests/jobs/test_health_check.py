"""The health check, run by a real worker against a fake TikTok oEmbed endpoint."""

from datetime import timedelta

import pytest
from sqlalchemy import select

from app.catalog import metadata_tier
from app.extensions import db
from app.models import Job, Trend, Video
from app.models.types import utcnow
from app.services import health
from app.services.health import sound_from_embed

pytestmark = pytest.mark.jobs


def test_health_check_job(api, admin, catalog, fake_oembed, run_worker):
    api.login("boss@example.com")
    videos = list(db.session.scalars(select(Video).where(Video.trend_id.isnot(None)).order_by(Video.id).limit(5)))
    gone, limited, challenge, forbidden, untitled = videos
    fake_oembed.answers.update(
        {
            gone.video_id: "gone",
            limited.video_id: "rate-limited",
            challenge.video_id: "challenge",
            forbidden.video_id: "forbidden",
        }
    )
    untitled.title, untitled.description = None, None
    db.session.commit()
    trend_count = db.session.get(Trend, gone.trend_id).video_count

    started = api.post("/api/tiktok/videos/enhanced-health-check", {"batchSize": 50, "delayBetweenRequests": 0})
    assert started.status_code == 202
    job_id = started.get_json()["jobId"]
    run_worker("maintenance")

    result = api.get(f"/api/tiktok/videos/enhanced-health-check/{job_id}").get_json()
    assert result["status"] == "finished", result
    summary = result["summary"]
    assert summary["total"] == 42
    assert (summary["unavailable"], summary["rateLimited"], summary["blocked"], summary["unknownErrors"]) == (
        1,
        1,
        2,
        0,
    )
    assert summary["available"] == 42 - 4 and summary["failed"] == 3 and summary["stoppedEarly"] is False
    assert result["outcome"] == "warning"
    assert result["outcomeMessage"].startswith(
        "Enhanced health check completed with problems: 3 of 42 checks got no answer; those videos were left as they "
        "were."
    )
    assert summary["metadataExtracted"] >= 1
    assert result["progress"]["checked"] == 42
    assert result["danceTrendsUpdate"].startswith("Dance trends updated")
    db.session.expire_all()
    assert db.session.get(Video, gone.id).is_active is False
    for video in (limited, challenge, forbidden):
        assert db.session.get(Video, video.id).is_active is True
    assert db.session.get(Trend, gone.trend_id).video_count == trend_count - 1
    assert db.session.get(Video, untitled.id).title


def test_sound_is_read_from_the_embed_link():
    embed = (
        '<a title="♬ Bắc Bling - Hòa Minzy" href="https://www.tiktok.com/music/bac-bling-123?refer=embed">'
        "♬ Bắc Bling (Bắc Ninh) - Hòa Minzy &amp; Xuân Hinh</a>"
    )
    assert sound_from_embed(embed) == ("Bắc Bling (Bắc Ninh)", "Hòa Minzy & Xuân Hinh")
    assert sound_from_embed("<p>no sound</p>") == (None, None)


def test_a_run_whose_checks_fail_the_same_way_stops_early_and_removes_nothing(app, catalog, fake_oembed):
    videos = list(db.session.scalars(select(Video).order_by(Video.id)))
    fake_oembed.answers.update({video.video_id: "rate-limited" for video in videos[1:]})
    result = health.run_check(health.videos_to_check(50), 0)
    summary = result["summary"]
    assert (summary["total"], summary["successful"], summary["rateLimited"]) == (10, 1, 9)
    assert summary["stoppedEarly"] is True and len(fake_oembed.requests) == 10, "TikTok is asked no more"
    assert result["outcome"] == "failure"
    assert result["outcomeMessage"] == (
        "Enhanced health check stopped early: 9 of 10 checks failed because TikTok is limiting how often this server "
        "may ask. Wait an hour, and check fewer videos or with a longer delay."
    )
    assert db.session.scalar(select(db.func.count(Video.id)).where(Video.is_active.is_(False))) == 0


@pytest.mark.parametrize(
    ("answers", "expected"),
    [
        ({}, ("success", "Enhanced health check completed!")),
        ({0: "gone", 1: "gone"}, ("success", "Enhanced health check completed!")),  # TikTok answered every check
        ({0: "error", 1: "forbidden"}, ("warning", "completed with problems: 2 of 5 checks")),
        (
            dict.fromkeys(range(5), "forbidden"),
            ("failure", "failed: TikTok answered none of 5 checks. Set TIKTOK_PROXY"),
        ),
    ],
)
def test_the_outcome_follows_the_counts(app, catalog, fake_oembed, answers, expected):
    ids = health.videos_to_check(5)
    videos = [db.session.get(Video, video_id) for video_id in ids]
    fake_oembed.answers.update({videos[i].video_id: answer for i, answer in answers.items()})
    result = health.run_check(ids, 0)
    assert result["outcome"] == expected[0]
    assert expected[1] in result["outcomeMessage"]


def test_extract_missing_metadata_checks_only_basic_and_none_videos(api, admin, catalog, queues):
    videos = db.session.scalars(select(Video).where(Video.is_active.is_(True)).order_by(Video.id)).all()
    videos[0].duration, videos[1].title = None, ""  # basic (no duration), none (no title)
    db.session.commit()
    lacking = {v.id for v in videos if metadata_tier(v.title, v.duration, v.track, v.artist) in ("basic", "none")}
    assert {videos[0].id, videos[1].id} <= lacking < {v.id for v in videos}
    assert set(health.videos_to_check(500, missing_metadata_only=True)) == lacking
    assert len(health.videos_to_check(500)) == len(videos)

    api.login("boss@example.com")
    for batch, only_missing in ((500, True), (50, False)):
        api.post("/api/tiktok/videos/enhanced-health-check", {"batchSize": batch, "delayBetweenRequests": 0})
        job = db.session.scalars(select(Job).order_by(Job.created_at.desc())).first()
        assert job.params["missingMetadataOnly"] is only_missing, batch


def test_the_newest_check_is_there_after_a_reload(api, admin, catalog, fake_oembed, run_worker):
    api.login("boss@example.com")
    none_yet = api.get("/api/tiktok/videos/enhanced-health-check/latest")  # not a 404 the browser logs as an error
    assert (none_yet.status_code, none_yet.get_json()["check"]) == (200, None)
    first = api.post("/api/tiktok/videos/enhanced-health-check", {"batchSize": 50, "delayBetweenRequests": 0})
    run_worker("maintenance")
    latest = api.get("/api/tiktok/videos/enhanced-health-check/latest").get_json()["check"]
    assert (latest["jobId"], latest["status"], latest["outcome"]) == (first.get_json()["jobId"], "finished", "success")
    assert latest["summary"]["total"] == 42


def test_a_check_whose_worker_died_shows_as_failed_not_running_forever(api, admin, catalog, queues):
    api.login("boss@example.com")
    started = api.post("/api/tiktok/videos/enhanced-health-check", {"batchSize": 50, "delayBetweenRequests": 0})
    job = db.session.get(Job, started.get_json()["jobId"])
    job.status, job.started_at = "running", utcnow() - timedelta(hours=1)
    job.heartbeat_at = job.started_at  # a worker that took the job, then went silent
    db.session.commit()
    progress = api.get(f"/api/tiktok/videos/enhanced-health-check/{job.id}").get_json()
    latest = api.get("/api/tiktok/videos/enhanced-health-check/latest").get_json()["check"]
    for body in (progress, latest):
        assert (body["status"], body["error"]) == ("failed", "The worker stopped responding")

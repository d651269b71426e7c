"""The health check, run by a real worker against a fake TikTok oEmbed endpoint."""

import pytest
from sqlalchemy import select

from app.extensions import db
from app.models import Trend, Video
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
    assert (summary["unavailable"], summary["rateLimited"], summary["unknownErrors"]) == (1, 1, 2)
    assert summary["available"] == 42 - 4 and summary["failed"] == 3
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

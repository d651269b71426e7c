"""The developer portal's calls: admins only, checked on the server for every one."""

import pytest
from sqlalchemy import select

from app.extensions import db
from app.models import PLAYER_SETTING_DEFAULTS, Creator, Trend, Video, VideoReport

ADMIN_CALLS = [
    ("GET", "/api/tiktok/stats", None),
    ("DELETE", "/api/tiktok/usernames/someone", None),
    ("GET", "/api/admin/video-reports", None),
    ("GET", "/api/admin/video-reports/stats", None),
    ("PUT", "/api/admin/video-reports/1", {"status": "reviewed"}),
    ("GET", "/api/tiktok/videos/enhanced-health-status", None),
    ("GET", "/api/tiktok/videos/reset-metadata-counts", None),
    ("POST", "/api/tiktok/videos/enhanced-health-check", {"batchSize": 50}),
    ("GET", "/api/tiktok/videos/enhanced-health-check/x", None),
    ("PUT", "/api/player-settings/global", {"loop": True}),
    ("POST", "/api/player-settings/global/reset", None),
    ("POST", "/api/tiktok/videos/report-unavailable", {"videoId": "7000000000000000000"}),
]


@pytest.mark.parametrize(("method", "path", "body"), ADMIN_CALLS)
def test_admin_calls_refuse_visitors_and_users(api, user, method, path, body):
    assert api.request(method, path, body).status_code == 401
    api.login("dancer@example.com")
    assert api.request(method, path, body).status_code == 403


@pytest.fixture
def as_admin(api, admin):
    api.login("boss@example.com")
    return api


def file_reports(catalog) -> list[Video]:
    videos = list(db.session.scalars(select(Video).where(Video.trend_id.isnot(None)).order_by(Video.id).limit(3)))
    for n, video in enumerate(videos):
        db.session.add(
            VideoReport(
                video_id=video.video_id,
                video_pk=video.id,
                username=video.creator.username,
                reporter_key=f"ip:10.0.0.{n}",
                reported_by_ip=f"10.0.0.{n}",
            )
        )
    db.session.commit()
    return videos


def test_reports_list_stats_and_review(as_admin, catalog):
    file_reports(catalog)
    listed = as_admin.get("/api/admin/video-reports").get_json()
    assert listed["pagination"] == {"page": 1, "limit": 20, "total": 3, "pages": 1}
    assert {r["status"] for r in listed["reports"]} == {"pending"}
    report = listed["reports"][0]
    assert set(report) >= {
        "_id",
        "username",
        "videoId",
        "reason",
        "status",
        "createdAt",
        "reportedBy",
        "reportedByIp",
        "reviewedBy",
        "reviewedAt",
        "notes",
    }
    reviewed = as_admin.put(f"/api/admin/video-reports/{report['_id']}", {"status": "rejected", "notes": "Plays fine"})
    assert reviewed.get_json()["message"] == "Report rejected successfully!"
    assert reviewed.get_json()["report"]["reviewedBy"] == {"username": "boss"}
    stats = as_admin.get("/api/admin/video-reports/stats").get_json()
    assert stats["statusBreakdown"] == {"pending": 2, "reviewed": 0, "approved": 0, "rejected": 1}
    assert (stats["totalReports"], stats["recentReports"]) == (3, 3)
    assert len(as_admin.get("/api/admin/video-reports?status=all").get_json()["reports"]) == 3
    assert as_admin.get("/api/admin/video-reports?status=odd").status_code == 400
    assert as_admin.put("/api/admin/video-reports/999", {"status": "reviewed"}).status_code == 404


def test_approving_a_report_removes_the_video_and_recounts_its_trend(as_admin, catalog):
    videos = file_reports(catalog)
    trend = db.session.get(Trend, videos[0].trend_id)
    count = trend.video_count
    report_id = db.session.scalar(select(VideoReport.id).where(VideoReport.video_id == videos[0].video_id))
    as_admin.put(f"/api/admin/video-reports/{report_id}", {"status": "approved", "notes": ""})
    db.session.expire_all()
    assert db.session.get(Video, videos[0].id).is_active is False
    assert db.session.get(Trend, trend.id).video_count == count - 1


def test_stats_and_deleting_a_username(as_admin, catalog):
    stats = as_admin.get("/api/tiktok/stats").get_json()["stats"]
    creator = db.session.scalar(select(Creator).order_by(Creator.video_count.desc()))
    deleted = as_admin.delete(f"/api/tiktok/usernames/{creator.username}").get_json()
    assert deleted["message"] == f"@{creator.username} has been deleted successfully!"
    assert deleted["videosDeleted"] == creator.video_count
    after = as_admin.get("/api/tiktok/stats").get_json()["stats"]
    assert after["totalUsernames"] == stats["totalUsernames"] - 1
    assert after["totalVideos"] == stats["totalVideos"] - creator.video_count
    missing = as_admin.delete("/api/tiktok/usernames/nobody_here")
    assert missing.status_code == 404


def test_player_settings_save_and_reset(as_admin, api):
    saved = as_admin.put("/api/player-settings/global", {"loop": True, "controls": False}).get_json()
    assert (saved["loop"], saved["controls"]) == (True, False)
    assert api.get("/api/player-settings/global").get_json() == saved
    assert as_admin.put("/api/player-settings/global", {"loop": "yes please"}).status_code == 400
    assert as_admin.post("/api/player-settings/global/reset").get_json() == PLAYER_SETTING_DEFAULTS


def test_health_status_counts_metadata_tiers(as_admin, catalog):
    videos = list(db.session.scalars(select(Video).order_by(Video.id).limit(3)))
    videos[0].track = None
    videos[1].duration = None
    videos[2].title = ""
    videos[2].is_active = False
    db.session.commit()
    status = as_admin.get("/api/tiktok/videos/enhanced-health-status").get_json()
    assert status["total"] == 42 and (status["active"], status["inactive"]) == (41, 1)
    tiers = [status[k] for k in ("completeMetadata", "partialMetadata", "basicMetadata", "noMetadata")]
    assert sum(tiers) == 42
    assert status["basicMetadata"] >= 1 and status["noMetadata"] >= 1
    assert status["withMetadata"] + status["withoutMetadata"] == 42
    assert status["metadataPercentage"] == round(100 * status["completeMetadata"] / 42, 1)


@pytest.mark.parametrize("body", [{"batchSize": 51}, {"batchSize": 50, "delayBetweenRequests": -1}])
def test_health_check_bad_input(as_admin, body):
    assert as_admin.post("/api/tiktok/videos/enhanced-health-check", body).status_code == 400

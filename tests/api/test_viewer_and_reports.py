"""Saved feed positions, toggle-follow, reports and the global player settings."""

import pytest
from sqlalchemy import select

from app.extensions import db
from app.models import PLAYER_SETTING_DEFAULTS, Creator, Trend, Video, VideoReport


def some_video() -> Video:
    return db.session.scalar(select(Video).where(Video.trend_id.isnot(None)).order_by(Video.id))


def test_video_position_round_trip(api, user):
    assert api.get("/api/user/video-position?page=categories").get_json() == {"lastVideoPosition": None}
    api.login("dancer@example.com")
    assert api.put("/api/user/video-position", {"videoIndex": 7, "page": "categories"}).status_code == 200
    assert api.get("/api/user/video-position?page=categories").get_json() == {
        "lastVideoPosition": {"videoIndex": 7, "page": "categories"}
    }
    api.put("/api/user/video-position", {"videoIndex": 9, "page": "categories"})
    assert api.get("/api/user/video-position").get_json()["lastVideoPosition"]["videoIndex"] == 9


@pytest.mark.parametrize("body", [{"videoIndex": -1}, {"videoIndex": "x"}, {}, {"videoIndex": 1, "page": "nope"}])
def test_video_position_bad_input(api, user, body):
    api.login("dancer@example.com")
    assert api.put("/api/user/video-position", body).status_code == 400


def test_video_position_needs_a_user(api):
    assert api.put("/api/user/video-position", {"videoIndex": 1}).status_code == 401


def test_toggle_follow(api, user, catalog):
    creator = db.session.scalar(select(Creator).order_by(Creator.username))
    api.login("dancer@example.com")
    first = api.post("/api/tiktok/toggle-follow", {"username": creator.username.upper()}).get_json()
    assert first == {"isFollowing": True, "subscribedTo": [creator.username]}
    assert api.get("/api/tiktok/following-count").get_json() == {
        "subscribedTo": [creator.username],
        "followingCount": 1,
    }
    second = api.post("/api/tiktok/toggle-follow", {"username": creator.username}).get_json()
    assert second == {"isFollowing": False, "subscribedTo": []}
    missing = api.post("/api/tiktok/toggle-follow", {"username": "ghost_creator"})
    assert missing.status_code == 404
    assert api.post("/api/tiktok/toggle-follow", {"username": ""}).status_code == 400


def test_toggle_follow_with_a_bearer_token(app, api, user, catalog):
    token = api.login("dancer@example.com").get_json()["token"]
    creator = db.session.scalar(select(Creator).order_by(Creator.username))
    response = app.test_client().post(
        "/api/tiktok/toggle-follow", json={"username": creator.username}, headers={"Authorization": f"Bearer {token}"}
    )
    assert response.get_json()["isFollowing"] is True
    assert api.post("/api/tiktok/toggle-follow", {"username": creator.username}, csrf=False).status_code == 400


def test_visitor_report_once_per_ip(api, catalog):
    video = some_video()
    body = {"videoId": video.video_id, "username": video.creator.username}
    first = api.post("/api/tiktok/videos/user-report", body).get_json()
    assert first["alreadyReported"] is False and first["success"] is True
    second = api.post("/api/tiktok/videos/user-report", body).get_json()
    assert second["alreadyReported"] is True
    # Whoever shares the address (a household, an office) may not be the one who reported it.
    assert second["message"] == "This video has already been reported from your network."
    report = db.session.scalar(select(VideoReport))
    assert (report.status, report.reporter_key, report.reported_by_ip) == ("pending", "ip:127.0.0.1", "127.0.0.1")
    assert db.session.get(Video, video.id).is_active is True


def test_user_report_is_keyed_by_account(api, user, catalog):
    video = some_video()
    api.post("/api/tiktok/videos/user-report", {"videoId": video.video_id, "username": "x"})
    api.login("dancer@example.com")
    as_user = api.post("/api/tiktok/videos/user-report", {"videoId": video.video_id, "username": "x"}).get_json()
    assert as_user["alreadyReported"] is False
    again = api.post("/api/tiktok/videos/user-report", {"videoId": video.video_id, "username": "x"}).get_json()
    assert (again["alreadyReported"], again["message"]) == (True, "You have already reported this video.")
    assert db.session.scalar(select(VideoReport.reported_by_id).where(VideoReport.reporter_key == f"user:{user.id}"))


@pytest.mark.parametrize("claimed", ["someone_else", '"><svg onload=alert(1)>', ""])
def test_a_report_names_the_videos_creator_whatever_the_body_claims(api, catalog, claimed):
    video = some_video()
    api.post("/api/tiktok/videos/user-report", {"videoId": video.video_id, "username": claimed})
    assert db.session.scalar(select(VideoReport.username)) == video.creator.username


def test_report_of_an_unknown_video(api):
    response = api.post("/api/tiktok/videos/user-report", {"videoId": "7000000000000000001", "username": "x"})
    assert response.status_code == 404
    assert api.post("/api/tiktok/videos/user-report", {"username": "x"}).status_code == 400


def test_admin_report_removes_the_video_and_updates_its_trend(api, admin, catalog):
    video = some_video()
    trend = db.session.get(Trend, video.trend_id)
    count = trend.video_count
    api.login("boss@example.com")
    response = api.post("/api/tiktok/videos/report-unavailable", {"videoId": video.video_id})
    assert response.get_json() == {"success": True, "message": "Video marked as unavailable"}
    db.session.expire_all()
    assert db.session.get(Video, video.id).is_active is False
    assert db.session.get(Trend, trend.id).video_count == count - 1
    assert db.session.scalar(select(VideoReport.status)) == "approved"
    feed = api.get("/api/tiktok/videos?limit=100").get_json()["videos"]
    assert video.video_id not in [v["videoId"] for v in feed]


@pytest.mark.parametrize(("who", "status"), [(None, 401), ("dancer@example.com", 403)])
def test_report_unavailable_is_for_admins(api, user, catalog, who, status):
    if who:
        api.login(who)
    response = api.post("/api/tiktok/videos/report-unavailable", {"videoId": some_video().video_id})
    assert response.status_code == status


def test_global_player_settings_defaults(api):
    settings = api.get("/api/player-settings/global").get_json()
    assert settings == PLAYER_SETTING_DEFAULTS
    assert all(settings[name] for name in settings if name != "loop")
    assert settings["loop"] is False

"""Follows, suggestions, creator pages, the Following feed, and playlists (spec §7)."""

import pytest
from sqlalchemy import func, select

from app.extensions import db
from app.models import Creator, Follow, Hashtag, Playlist, Trend, Video
from tests.conftest import DEFAULT_PASSWORD


def creator_with_most_videos() -> Creator:
    return db.session.scalar(select(Creator).order_by(Creator.video_count.desc(), Creator.username))


# ---- follows ------------------------------------------------------------------------------------


def test_follow_many_following_list_and_suggestions(api, user, catalog):
    api.login("dancer@example.com")
    before = [s["username"] for s in api.get("/api/tiktok/suggestions?limit=3").get_json()["suggestions"]]
    assert len(before) == 3
    body = api.post("/api/tiktok/follow", {"followedUsers": [*before[:2], "ghost_creator", " "]}).get_json()
    assert sorted(body["subscribedTo"]) == sorted(before[:2])
    listed = api.get("/api/tiktok/following-list").get_json()["followingUsers"]
    assert [f["username"] for f in listed] == body["subscribedTo"]
    assert set(listed[0]) == {"_id", "username", "displayName"}
    after = [s["username"] for s in api.get("/api/tiktok/suggestions?limit=20").get_json()["suggestions"]]
    assert not set(before[:2]) & set(after)
    again = api.post("/api/tiktok/follow", {"followedUsers": before[:2]}).get_json()
    assert sorted(again["subscribedTo"]) == sorted(before[:2])


def test_suggestions_put_the_most_followed_first(api, make_user, catalog):
    star = creator_with_most_videos()
    fan = make_user("fan")
    db.session.add(Follow(user_id=fan.id, creator_id=star.id))
    db.session.commit()
    assert api.get("/api/tiktok/suggestions?limit=1").get_json()["suggestions"][0]["username"] == star.username
    assert api.get("/api/tiktok/suggestions?limit=21").status_code == 400


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("POST", "/api/tiktok/follow"),
        ("GET", "/api/tiktok/following-list"),
        ("GET", "/api/tiktok/videos/following/trends"),
        ("GET", "/api/tiktok/dance-trends/following/metadata"),
        ("GET", "/api/tiktok/categories/following/hashtags"),
    ],
)
def test_following_calls_need_a_user(api, method, path):
    assert api.request(method, path, {"followedUsers": []}).status_code == 401


# ---- creator pages ------------------------------------------------------------------------------


def test_creator_profile_and_followers(api, user, catalog):
    star = creator_with_most_videos()
    db.session.add(Follow(user_id=user.id, creator_id=star.id))
    db.session.commit()
    profile = api.get(f"/api/tiktok/usernames/{star.username.upper()}").get_json()
    assert (profile["username"], profile["videoCount"], profile["danzaFollowers"]) == (
        star.username,
        star.video_count,
        1,
    )
    assert api.get(f"/api/tiktok/usernames/{star.username}/followers").get_json()["danzaFollowers"] == 1
    assert api.get("/api/tiktok/usernames/nobody_at_all").status_code == 404


@pytest.mark.parametrize(
    ("order", "key", "reverse"),
    [("latest", "postingDate", True), ("oldest", "postingDate", False), ("popular", "viewCount", True)],
)
def test_creator_videos(api, catalog, order, key, reverse):
    star = creator_with_most_videos()
    body = api.get(f"/api/tiktok/videos/{star.username}?sortOrder={order}&limit=20").get_json()
    assert body["total"] == star.video_count and all(v["username"] == star.username for v in body["videos"])
    values = [v["postingDate"] if key == "postingDate" else v["metadata"][key] for v in body["videos"]]
    assert values == sorted(values, reverse=reverse)
    one = api.get(f"/api/tiktok/videos/{star.username}?limit=1").get_json()
    assert one["total"] == star.video_count and len(one["videos"]) == 1


def test_creator_trends_are_counted_over_their_videos(api, catalog):
    trend = db.session.scalar(select(Trend).where(Trend.creator_count >= 2).order_by(Trend.id))
    video = db.session.scalar(select(Video).where(Video.trend_id == trend.id).order_by(Video.id))
    username = video.creator.username
    mine = db.session.scalar(
        select(func.count(Video.id)).where(Video.trend_id == trend.id, Video.creator_id == video.creator_id)
    )
    trends = api.get(f"/api/tiktok/dance-trends/user/{username}?sortBy=videoCount").get_json()["trends"]
    entry = next(t for t in trends if t["songKey"] == trend.song_key)
    assert entry["videoCount"] == mine < trend.video_count
    assert entry["trendScore"] == pytest.approx(trend.trend_score, abs=0.001)
    videos = api.get(f"/api/tiktok/videos/user/{username}/trend/{trend.song_key}?sortBy=mostViews").get_json()
    assert videos["total"] == mine and all(v["username"] == username for v in videos["videos"])
    rising = api.get(f"/api/tiktok/dance-trends/user/{username}?sortBy=rising").get_json()["trends"]
    scores = [t["risingScore"] for t in rising]  # the trend's own, like its trend score
    assert scores == sorted(scores, reverse=True) and len(rising) == len(trends)
    assert all(len(t["recentWeeks"]) == 8 for t in rising)
    assert api.get(f"/api/tiktok/dance-trends/user/{username}?sortBy=bad").status_code == 400
    assert api.get(f"/api/tiktok/videos/user/{username}/trend/no such key").status_code == 404


def test_creator_hashtags_and_hashtag_videos(api, catalog):
    video = db.session.scalar(select(Video).where(Video.description.like("%#%")).order_by(Video.id))
    username = video.creator.username
    tags = api.get(f"/api/tiktok/categories/user/{username}/hashtags").get_json()["hashtags"]
    assert tags and all(t["hashtag"].startswith("#") and t["count"] >= 1 for t in tags)
    name = tags[0]["hashtag"][1:]
    body = api.get(f"/api/tiktok/videos/user/{username}/hashtag/{name}?sortBy=latest").get_json()
    assert body["total"] == tags[0]["count"]
    assert all(name in v["tags"] for v in body["videos"])


def test_a_creators_hashtags_show_a_caption_of_their_own_most_viewed_video(api, catalog):
    """Not the hashtag's example over every creator's videos: each creator has a #fyp of their own."""
    shown_elsewhere = 0
    for creator in db.session.scalars(select(Creator).where(Creator.video_count > 0)):
        tags = api.get(f"/api/tiktok/categories/user/{creator.username}/hashtags").get_json()["hashtags"]
        for entry in tags:
            tag = db.session.scalar(select(Hashtag).where(Hashtag.name == entry["hashtag"][1:]))
            theirs = [v for v in creator.videos if v.is_active and tag in v.hashtags]
            assert entry["exampleDescription"] == max(theirs, key=lambda v: (v.view_count, -v.id)).description
            shown_elsewhere += entry["exampleDescription"] != tag.example_description
    assert shown_elsewhere


# ---- the Following feed ------------------------------------------------------------------------


@pytest.fixture
def follower(api, user, catalog):
    stars = list(db.session.scalars(select(Creator).order_by(Creator.video_count.desc(), Creator.username).limit(3)))
    db.session.add_all(Follow(user_id=user.id, creator_id=s.id) for s in stars)
    db.session.commit()
    api.login("dancer@example.com")
    return stars


def test_following_feed_pages_of_five_without_duplicates(api, follower):
    total = sum(s.video_count for s in follower)
    seen, offset = [], 0
    while True:
        body = api.get(f"/api/tiktok/videos/following/trends?limit=5&offset={offset}&sortBy=newest").get_json()
        seen += [v["videoId"] for v in body["videos"]]
        offset += 5
        if not body["hasMore"]:
            break
    assert body["total"] == total == len(seen) == len(set(seen))
    names = {s.username for s in follower}
    assert all(v["username"] in names for v in body["videos"])


@pytest.mark.parametrize("sort", ["shuffle", "mostRecent", "newest", "oldest", "mostViews", "trendScore", "mostVideos"])
def test_following_feed_sorts(api, follower, sort):
    body = api.get(f"/api/tiktok/videos/following/trends?limit=50&sortBy={sort}").get_json()
    assert body["videos"]
    if sort == "mostViews":
        views = [v["metadata"]["viewCount"] for v in body["videos"]]
        assert views == sorted(views, reverse=True)
    if sort in ("mostRecent", "newest"):
        posted = [v["postingDate"] for v in body["videos"]]
        assert posted == sorted(posted, reverse=True)


def test_a_creator_s_trend_videos_by_video_count_are_newest_first_not_most_viewed(api, catalog):
    """Within one trend every video has its trend's count: the order under it is newest first, as on the
    Following feed's Most Videos."""
    videos = list(db.session.scalars(select(Video).where(Video.trend_id.isnot(None)).order_by(Video.id).limit(3)))
    for video in videos:  # one creator's videos in one trend, the oldest the most viewed
        video.creator_id, video.trend_id, video.is_active = videos[0].creator_id, videos[0].trend_id, True
    oldest = min(videos, key=lambda v: v.posted_at)
    oldest.view_count = max(v.view_count for v in videos) + 1
    db.session.commit()
    db.session.refresh(videos[0])
    path = f"/api/tiktok/videos/user/{videos[0].creator.username}/trend/{videos[0].trend.song_key}?sortBy=videoCount"
    posted = [v["postingDate"] for v in api.get(path).get_json()["videos"]]
    assert len(posted) == len(videos) and posted == sorted(posted, reverse=True)


def test_following_trends_hashtags_and_filters(api, follower):
    trends = api.get("/api/tiktok/dance-trends/following/metadata?sortBy=trendScore").get_json()["trends"]
    assert trends
    rising = api.get("/api/tiktok/dance-trends/following/metadata?sortBy=rising").get_json()["trends"]
    assert sorted(t["songKey"] for t in rising) == sorted(t["songKey"] for t in trends)
    key = trends[0]["songKey"]
    filtered = api.get("/api/tiktok/videos/following/trends", query_string={"trendFilter": key, "limit": 50}).get_json()
    assert filtered["total"] == trends[0]["videoCount"]
    assert all(v["trendInfo"]["songKey"] == key for v in filtered["videos"])
    tags = api.get("/api/tiktok/categories/following/hashtags").get_json()["hashtags"]
    if tags:
        name = tags[0]["hashtag"][1:]
        by_tag = api.get(f"/api/tiktok/videos/following/hashtag/{name}?limit=50").get_json()
        assert by_tag["total"] == tags[0]["count"]


# ---- playlists ---------------------------------------------------------------------------------


def a_video() -> Video:
    return db.session.scalar(select(Video).order_by(Video.id))


def test_playlist_lifecycle(api, user, catalog):
    api.login("dancer@example.com")
    created = api.post("/api/playlists", {"name": "  Warm-up  ", "description": "Easy ones"})
    assert created.status_code == 201
    playlist = created.get_json()
    assert (playlist["name"], playlist["isPublic"], playlist["videoCount"]) == ("Warm-up", False, 0)
    pid, video = playlist["_id"], a_video()
    assert api.post(f"/api/playlists/{pid}/videos", {"videoId": video.video_id}).get_json()["videoCount"] == 1
    assert api.post(f"/api/playlists/{pid}/videos", {"videoId": video.video_id}).get_json()["videoCount"] == 1
    assert [p["_id"] for p in api.get(f"/api/videos/{video.video_id}/playlists").get_json()["playlists"]] == [pid]
    assert api.request("PATCH", f"/api/playlists/{pid}", {"isPublic": True}).get_json()["isPublic"] is True
    assert [p["name"] for p in api.get("/api/playlists/public").get_json()["playlists"]] == ["Warm-up"]
    assert api.get("/api/playlists/my").get_json()["playlists"][0]["_id"] == pid
    assert api.delete(f"/api/playlists/{pid}/videos/{video.video_id}").get_json()["videoCount"] == 0
    assert api.delete(f"/api/playlists/{pid}/videos/{video.video_id}").status_code == 404
    assert api.delete(f"/api/playlists/{pid}").get_json()["success"] is True
    assert api.get("/api/playlists/my").get_json()["playlists"] == []


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"name": "   "}, "name", "Please enter a playlist name"),
        ({}, "name", "Name is required"),
        ({"name": "x" * 101}, "name", "Name must be at most 100 characters long"),
        ({"name": "ok", "description": "d" * 501}, "description", "Description must be at most 500 characters long"),
        ({"name": "ok", "isPublic": "sometimes"}, "isPublic", "Public is not valid"),
    ],
)
def test_playlist_bad_input(api, user, body, field, message):
    api.login("dancer@example.com")
    response = api.post("/api/playlists", body)
    assert response.status_code == 400
    assert response.get_json()["errors"][field] == message


def test_only_the_owner_may_change_a_playlist(app, api, user, make_user, catalog):
    make_user("intruder")
    api.login("dancer@example.com")
    pid = api.post("/api/playlists", {"name": "Mine"}).get_json()["_id"]
    intruder = type(api)(app.test_client())
    intruder.login("intruder@example.com", DEFAULT_PASSWORD)
    video = a_video()
    for method, path, body in [
        ("PATCH", f"/api/playlists/{pid}", {"isPublic": True}),
        ("DELETE", f"/api/playlists/{pid}", None),
        ("POST", f"/api/playlists/{pid}/videos", {"videoId": video.video_id}),
        ("DELETE", f"/api/playlists/{pid}/videos/{video.video_id}", None),
    ]:
        assert intruder.request(method, path, body).status_code == 404
    assert intruder.get(f"/api/playlists/{pid}/videos").status_code == 404
    assert db.session.get(Playlist, int(pid)).is_public is False


def test_adding_an_unknown_video(api, user):
    api.login("dancer@example.com")
    pid = api.post("/api/playlists", {"name": "Mine"}).get_json()["_id"]
    assert api.post(f"/api/playlists/{pid}/videos", {"videoId": "7000000000000000000"}).status_code == 404

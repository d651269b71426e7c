"""Spec §7 "Feeds": every call, its paging and caps, and bad input."""

from datetime import UTC, datetime
from itertools import pairwise
from urllib.parse import quote

import pytest
from sqlalchemy import func, select

from app.config import Config
from app.extensions import db
from app.models import Creator, Hashtag, Trend, Video, VideoHashtag
from tests.services.test_search import ingest, row


def active_trend_ids() -> set[int]:
    return set(db.session.scalars(select(Trend.id).where(Trend.video_count > 0)))


def test_random_video_gives_distinct_trends_one_active_video_each(api, catalog):
    body = api.get("/api/tiktok/random-video?count=10").get_json()
    assert body["success"] is True
    assert body["totalTrends"] == len(active_trend_ids())
    songs = [v["trendInfo"]["songKey"] for v in body["videos"]]
    assert len(songs) == len(set(songs)) == min(10, body["totalTrends"])
    assert all(v["isActive"] for v in body["videos"])


def test_random_video_count_is_capped_and_checked(api, catalog):
    assert len(api.get("/api/tiktok/random-video?count=500").get_json()["videos"]) <= 50
    for bad in ("0", "-1", "abc", "501"):
        response = api.get(f"/api/tiktok/random-video?count={bad}")
        assert response.status_code == 400
        assert "count" in response.get_json()["errors"]


def test_random_video_on_an_empty_catalog(api):
    body = api.get("/api/tiktok/random-video?count=5").get_json()
    assert body == {"success": False, "videos": [], "totalTrends": 0}


def test_random_video_skips_inactive_videos(api, catalog):
    db.session.execute(Video.__table__.update().values(is_active=False))
    db.session.commit()
    assert api.get("/api/tiktok/random-video?count=10").get_json()["videos"] == []


def test_random_video_is_rate_limited(app, api, catalog):
    app.config["FEED_RATE_LIMIT"] = "3 per minute"
    try:
        statuses = [api.get("/api/tiktok/random-video?count=5").status_code for _ in range(4)]
    finally:
        app.config["FEED_RATE_LIMIT"] = "120 per minute"
    assert statuses == [200, 200, 200, 429]


def test_video_shape(api, catalog):
    video = api.get("/api/tiktok/random-video?count=1").get_json()["videos"][0]
    assert set(video) >= {
        "videoId",
        "username",
        "videoUrl",
        "thumbnail",
        "title",
        "postingDate",
        "duration",
        "tags",
        "isActive",
        "isPhotoPost",
        "metadata",
        "trendInfo",
        "paths",
    }
    assert set(video["metadata"]) == {
        "track",
        "artist",
        "description",
        "viewCount",
        "likeCount",
        "commentCount",
        "shareCount",
        "uploadDate",
    }
    assert set(video["trendInfo"]) >= {"track", "artist", "uniqueUserCount", "totalViews", "totalLikes"}
    assert video["thumbnail"] == f"/thumbs/{video['videoId']}.jpg"
    assert video["paths"]["trend"].endswith(f"/{video['username']}-{video['videoId']}")
    assert datetime.fromisoformat(video["postingDate"]).tzinfo is not None


@pytest.mark.parametrize(
    "sort", ["trendScore", "totalViews", "videoCount", "firstVideoDate", "lastVideoDate", "rising"]
)
def test_dance_trends_sorts(api, catalog, sort):
    key = {"rising": "risingScore"}.get(sort, sort)
    trends = api.get(f"/api/tiktok/dance-trends?sortBy={sort}&limit=100").get_json()["trends"]
    values = [t[key] for t in trends]
    assert values == sorted(values, reverse=True)
    assert len(trends) == len(active_trend_ids())


def test_dance_trends_search_matches_track_or_artist(api, catalog):
    trend = db.session.scalar(select(Trend).order_by(Trend.video_count.desc(), Trend.id))
    found = api.get(f"/api/tiktok/dance-trends?search={trend.track[:5].upper()}").get_json()["trends"]
    assert trend.song_key in [t["songKey"] for t in found]
    assert api.get("/api/tiktok/dance-trends?search=zzzzqqq").get_json()["trends"] == []


@pytest.mark.parametrize("search", ["bac bling", "Bắc Bling", "BAC", "hoa minzy", "Hòa", "ninh) hoa"])
def test_dance_trends_search_ignores_accents_and_case_as_search_does(api, search):
    ingest(row(1, "#fyp"), row(2, "#fyp", music_title="Thanh xẩm", music_author="nhạc nền"))
    found = api.get(f"/api/tiktok/dance-trends?search={quote(search)}").get_json()["trends"]
    assert [trend["track"] for trend in found] == ["Bắc Bling (Bắc Ninh)"]


def test_dance_trends_search_of_no_words_finds_only_the_trend_it_is_the_search_term_of(api):
    ingest(row(1, "#fyp"), row(2, "#fyp", music_title="son original", music_author="🪐"))
    assert api.get(f"/api/tiktok/dance-trends?search={quote('💃 -')}").get_json()["trends"] == []
    listed = api.get("/api/tiktok/dance-trends?limit=50").get_json()["trends"]
    (original,) = (trend for trend in listed if trend["artist"] == "🪐")
    assert original["searchTerm"] == "🪐"  # its '(See More of This Trend)' asks for it by that
    found = api.get(f"/api/tiktok/dance-trends?search={quote(original['searchTerm'])}").get_json()["trends"]
    assert [trend["songKey"] for trend in found] == [original["songKey"]]


def test_dance_trends_paging(api, catalog):
    first = api.get("/api/tiktok/dance-trends?limit=5&page=1").get_json()
    second = api.get("/api/tiktok/dance-trends?limit=5&page=2").get_json()
    assert first["total"] == second["total"] == len(active_trend_ids())
    assert not {t["songKey"] for t in first["trends"]} & {t["songKey"] for t in second["trends"]}
    assert first["hasMore"] is True and first["totalPages"] == -(-first["total"] // 5)


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("sortBy=popularity", "sortBy"),
        ("limit=101", "limit"),
        ("limit=0", "limit"),
        ("page=0", "page"),
        ("page=x", "page"),
    ],
)
def test_dance_trends_bad_input(api, query, field):
    response = api.get(f"/api/tiktok/dance-trends?{query}")
    assert response.status_code == 400
    assert field in response.get_json()["errors"]


def test_unknown_sort_names_the_allowed_values(api):
    message = api.get("/api/tiktok/dance-trends?sortBy=x").get_json()["errors"]["sortBy"]
    assert message == (
        "Sort by must be one of 'trendScore', 'totalViews', 'videoCount', 'firstVideoDate', 'lastVideoDate' or 'rising'"
    )


def test_rising_puts_growing_trends_first_then_the_rest_by_trend_score(api, catalog):
    trends = api.get("/api/tiktok/dance-trends?sortBy=rising&limit=100").get_json()["trends"]
    rising = [t for t in trends if t["risingScore"] > 0]
    assert rising and trends[: len(rising)] == rising
    rest = [t["trendScore"] for t in trends[len(rising) :]]
    assert rest == sorted(rest, reverse=True)


def test_listed_trends_carry_their_last_eight_weeks(api, catalog):
    trends = api.get("/api/tiktok/dance-trends?sortBy=lastVideoDate&limit=100").get_json()["trends"]
    assert all(len(t["recentWeeks"]) == 8 for t in trends)
    newest = trends[0]
    assert newest["recentWeeks"][-1] >= 1  # the newest video's week is the last one
    assert sum(sum(t["recentWeeks"]) for t in trends) <= sum(t["videoCount"] for t in trends)


def test_trend_series(api, catalog):
    trend = db.session.scalar(select(Trend).order_by(Trend.video_count.desc(), Trend.id))
    body = api.get(f"/api/tiktok/dance-trends/{quote(trend.song_key, safe='')}/series").get_json()
    assert body["songKey"] == trend.song_key and body["capped"] is False
    weeks = body["weeks"]
    assert sum(w["videos"] for w in weeks) == trend.video_count
    assert weeks[-1]["cumulativeViews"] == sum(w["views"] for w in weeks) == trend.total_views
    days = [datetime.fromisoformat(w["weekStart"]) for w in weeks]
    assert all(day.weekday() == 0 for day in days) and len(days) == body["totalWeeks"]
    assert all((b - a).days == 7 for a, b in pairwise(days))
    assert body["firstVideoAt"] == trend.first_video_at.isoformat()
    firsts = db.session.execute(
        select(Creator.username, func.min(Video.posted_at))
        .join(Video, Video.creator_id == Creator.id)
        .where(Video.trend_id == trend.id, Video.is_active.is_(True))
        .group_by(Creator.id, Creator.username)
        .order_by(func.min(Video.posted_at), Creator.id)
    ).all()
    assert [s["username"] for s in body["starters"]] == [name for name, _ in firsts[:3]]


def test_trend_series_of_a_key_with_a_slash_and_of_none(api, catalog):
    trend = db.session.scalar(select(Trend).order_by(Trend.id))
    trend.song_key = "ac/dc|back in black"
    db.session.commit()
    body = api.get(f"/api/tiktok/dance-trends/{quote(trend.song_key, safe='')}/series").get_json()
    assert body["songKey"] == "ac/dc|back in black"
    missing = api.get("/api/tiktok/dance-trends/no%7Csuch/series")
    assert missing.status_code == 404 and missing.get_json()["message"] == "Dance trend not found"


def test_trend_videos(api, catalog):
    trend = db.session.scalar(select(Trend).order_by(Trend.video_count.desc(), Trend.id))
    body = api.get(
        "/api/tiktok/dance-trends/videos", query_string={"songKey": trend.song_key, "sortBy": "mostViews"}
    ).get_json()
    assert body["trend"]["songKey"] == trend.song_key
    assert body["total"] == trend.video_count == len(body["videos"])
    views = [v["metadata"]["viewCount"] for v in body["videos"]]
    assert views == sorted(views, reverse=True)
    missing = api.get("/api/tiktok/dance-trends/videos?songKey=nothing")
    assert missing.status_code == 404


def test_shuffle_is_stable_per_seed_and_covers_everything(api, catalog):
    trend = db.session.scalar(select(Trend).order_by(Trend.video_count.desc(), Trend.id))
    params = {"songKey": trend.song_key, "sortBy": "shuffle", "seed": 42, "limit": 2}
    pages = [api.get("/api/tiktok/dance-trends/videos", query_string={**params, "page": p}).get_json() for p in (1, 2)]
    again = api.get("/api/tiktok/dance-trends/videos", query_string={**params, "page": 1}).get_json()
    assert [v["videoId"] for v in pages[0]["videos"]] == [v["videoId"] for v in again["videos"]]
    seen = [v["videoId"] for page in pages for v in page["videos"]]
    assert len(seen) == len(set(seen)) == min(4, trend.video_count)


def most_used_tag() -> Hashtag:
    return db.session.scalar(select(Hashtag).order_by(Hashtag.video_count.desc(), Hashtag.name))


def test_hashtags_list_with_counts_and_examples(api, catalog):
    body = api.get("/api/tiktok/hashtags?page=1&limit=1000").get_json()
    first = body["hashtags"][0]
    tag = most_used_tag()
    assert first == {
        "hashtag": f"#{tag.name}",
        "count": tag.video_count,
        "totalViews": tag.total_views,
        "exampleDescription": tag.example_description,
    }
    assert body["total"] == len(body["hashtags"])
    assert api.get("/api/tiktok/hashtags?limit=50").get_json()["hashtags"] == body["hashtags"][:50]


@pytest.mark.parametrize(("sort", "key"), [("count", "count"), ("views", "totalViews")])
def test_hashtags_sorts(api, catalog, sort, key):
    values = [h[key] for h in api.get(f"/api/tiktok/hashtags?sortBy={sort}&limit=1000").get_json()["hashtags"]]
    assert values == sorted(values, reverse=True)


def test_hashtags_by_year_count_only_that_year(api, catalog):
    body = api.get("/api/tiktok/hashtags?year=2020&limit=1000").get_json()
    start, end = datetime(2020, 1, 1, tzinfo=UTC), datetime(2021, 1, 1, tzinfo=UTC)
    for entry in body["hashtags"]:
        expected = db.session.scalar(
            select(func.count(Video.id))
            .join(VideoHashtag, VideoHashtag.video_id == Video.id)
            .join(Hashtag, Hashtag.id == VideoHashtag.hashtag_id)
            .where(Hashtag.name == entry["hashtag"][1:], Video.posted_at >= start, Video.posted_at < end)
        )
        assert entry["count"] == expected > 0
    same = api.get('/api/tiktok/hashtags?limit=1000&dateRange={"start":"2020-01-01","end":"2021-01-01"}').get_json()
    assert same["hashtags"] == body["hashtags"]


@pytest.mark.parametrize(
    "query",
    [
        "year=2015",
        "year=2026",
        "sortBy=newest",
        "limit=1001",
        "dateRange=nope",
        'dateRange={"start":"2025-02-01","end":"2025-01-01"}',
        'dateRange={"start":"yesterday"}',
    ],
)
def test_hashtags_bad_input(api, query):
    assert api.get(f"/api/tiktok/hashtags?{query}").status_code == 400


@pytest.mark.parametrize(
    ("sort", "key", "reverse"),
    [
        ("mostRecent", "postingDate", True),
        ("oldest", "postingDate", False),
        ("mostViews", "viewCount", True),
        ("mostLikes", "likeCount", True),
    ],
)
def test_videos_by_hashtag_sorts(api, catalog, sort, key, reverse):
    tag = most_used_tag()
    body = api.get(f"/api/tiktok/videos/hashtag/{tag.name}?sortBy={sort}&limit=20").get_json()
    assert body["total"] == tag.video_count
    values = [v["postingDate"] if key == "postingDate" else v["metadata"][key] for v in body["videos"]]
    assert values == sorted(values, reverse=reverse)
    assert all(tag.name in v["tags"] for v in body["videos"])


def test_videos_by_hashtag_accepts_the_hash_and_case(api, catalog):
    tag = most_used_tag()
    body = api.get(f"/api/tiktok/videos/hashtag/%23{tag.name.upper()}").get_json()
    assert body["total"] == tag.video_count
    assert api.get("/api/tiktok/videos/hashtag/nosuchtag").get_json()["videos"] == []


def test_videos_by_tags_and_by_id(api, catalog):
    tag = most_used_tag()
    body = api.get(f"/api/tiktok/videos?tags={tag.name}&sortOrder=popular").get_json()
    assert body["total"] == tag.video_count
    one = body["videos"][0]["videoId"]
    assert [v["videoId"] for v in api.get(f"/api/tiktok/videos?limit=1&videoId={one}").get_json()["videos"]] == [one]
    assert api.get("/api/tiktok/videos?limit=20").get_json()["total"] == 42


def test_videos_by_several_tags_carry_every_one(api, catalog):
    pairs = db.session.execute(
        select(VideoHashtag.video_id, Hashtag.name).join(Hashtag, Hashtag.id == VideoHashtag.hashtag_id)
    ).all()
    tags_of: dict[int, set[str]] = {}
    for video, name in pairs:
        tags_of.setdefault(video, set()).add(name)
    first, second = next(sorted(tags)[:2] for tags in tags_of.values() if len(tags) >= 2)
    both = {video for video, tags in tags_of.items() if {first, second} <= tags}
    for order in ("latest", "popular"):
        body = api.get(f"/api/tiktok/videos?tags={first},%23{second.upper()}&sortOrder={order}&limit=50").get_json()
        assert body["total"] == len(both)
        assert {first, second} <= set(body["videos"][0]["tags"]) and len(body["videos"]) == min(50, len(both))


@pytest.mark.parametrize(
    "path",
    [
        "/api/tiktok/videos?limit=100&page=101",
        "/api/tiktok/videos/hashtag/{tag}?sortBy=shuffle&limit=100&page=2375",
        "/api/tiktok/dance-trends/videos?songKey={key}&limit=20&page=501",
        "/api/tiktok/videos/{creator}?limit=50&page=201",
    ],
)
def test_a_list_of_videos_goes_at_most_10000_deep(api, catalog, path):
    # Each page deeper cost more (a shuffle of #fyp at page 2,375 held 237,500 ids: 1 s; OFFSET 500,000 1.6 s).
    trend = db.session.scalar(select(Trend).limit(1))
    creator = db.session.scalar(select(Creator.username).limit(1))
    url = path.format(tag=most_used_tag().name, key=quote(trend.song_key, safe=""), creator=creator)
    response = api.get(url)
    assert response.status_code == 400
    assert response.get_json()["errors"]["page"] == "A list of videos goes at most 10,000 videos deep"


def test_the_last_page_within_the_depth_has_no_next(api, catalog, monkeypatch):
    from app.services import feeds

    monkeypatch.setattr(feeds, "MOST_VIDEOS_DEEP", 4)
    first = api.get("/api/tiktok/videos?limit=2&page=1").get_json()
    last = api.get("/api/tiktok/videos?limit=2&page=2").get_json()
    assert first["hasNextPage"] is True and last["hasNextPage"] is False and last["total"] == 42
    assert api.get("/api/tiktok/videos?limit=2&page=3").status_code == 400


def test_find_by_id(api, catalog):
    video = db.session.scalar(select(Video).join(VideoHashtag, VideoHashtag.video_id == Video.id).limit(1))
    body = api.get(f"/api/tiktok/videos/find-by-id/{video.video_id}").get_json()
    assert body["success"] is True
    assert body["video"]["videoId"] == video.video_id
    assert body["suggestedHashtag"] in [h[1:] for h in body["hashtags"]]
    missing = api.get("/api/tiktok/videos/find-by-id/7000000000000000000")
    assert missing.status_code == 404
    assert missing.get_json()["success"] is False


def test_usernames(api, catalog):
    body = api.get("/api/tiktok/usernames?limit=5").get_json()
    assert len(body["usernames"]) == 5
    assert set(body["usernames"][0]) == {"username", "displayName", "isActive", "videoCount"}
    assert body["total"] > 5
    assert api.get("/api/tiktok/usernames?limit=501").status_code == 400


def test_usernames_searched_by_handle_or_display_name(api):
    db.session.add_all(
        [
            Creator(username="salsa_sam", display_name="Sam"),
            Creator(username="tango_tia", display_name="Tia, Salsa Queen"),
            Creator(username="hiphop_hal", display_name="Hal"),
            Creator(username="a100percent", display_name="100% real"),
            Creator(username="vu.dieu", display_name="Hòa Đặng"),
        ]
    )
    db.session.commit()

    def found(search: str) -> tuple[list[str], int]:
        body = api.get(f"/api/tiktok/usernames?limit=1&search={quote(search)}").get_json()
        return [entry["username"] for entry in body["usernames"]], body["total"]

    assert found("SALSA") == (["salsa_sam"], 2)  # handles or names containing it; the page is still capped
    assert found("@tango") == (["tango_tia"], 1)  # a pasted @handle
    assert found("%") == (["a100percent"], 1)  # LIKE's wildcards are plain characters
    assert found("Hoà dang") == (["vu.dieu"], 1)  # accents and case folded, as search folds them
    assert found("nobody") == ([], 0)
    assert api.get(f"/api/tiktok/usernames?search={'x' * 101}").status_code == 400


def test_hashtags_in_a_partial_year_range_count_live(api, catalog):
    body = api.get('/api/tiktok/hashtags?limit=1000&dateRange={"start":"2025-03-01","end":"2025-04-01"}').get_json()
    start, end = datetime(2025, 3, 1, tzinfo=UTC), datetime(2025, 4, 1, tzinfo=UTC)
    expected = db.session.scalar(
        select(func.count(func.distinct(VideoHashtag.hashtag_id)))
        .join(Video, Video.id == VideoHashtag.video_id)
        .where(Video.posted_at >= start, Video.posted_at < end)
    )
    assert body["total"] == expected
    for entry in body["hashtags"][:5]:
        count = db.session.scalar(
            select(func.count(Video.id))
            .join(VideoHashtag, VideoHashtag.video_id == Video.id)
            .join(Hashtag, Hashtag.id == VideoHashtag.hashtag_id)
            .where(Hashtag.name == entry["hashtag"][1:], Video.posted_at >= start, Video.posted_at < end)
        )
        assert entry["count"] == count


def test_only_a_tag_holding_a_large_share_of_the_videos_is_walked_by_the_sort_index(monkeypatch):
    from app.services import feeds

    monkeypatch.setattr(feeds, "_active_total_estimate", lambda: 1_000_000)
    # A tag of 15,000 videos, all old, was walked by date through a million newer ones (5.9 s on PostgreSQL).
    assert not feeds._walk_sort_index(15_000, 0, 20)
    assert feeds._walk_sort_index(237_500, 0, 20)  # #fyp: met at once, fetching it would read 237,500
    assert not feeds._walk_sort_index(237_500, 200_000, 20)  # deep in it the walk is no longer shorter


@pytest.mark.parametrize("sort", ["mostRecent", "oldest", "mostViews", "mostLikes", "mostUsed", "shuffle"])
def test_both_query_plans_give_the_same_pages(api, catalog, monkeypatch, sort):
    from app.services import feeds

    tag = most_used_tag()
    pages = {}
    for walk in (True, False):
        monkeypatch.setattr(feeds, "_walk_sort_index", lambda *args, walk=walk: walk)
        pages[walk] = [
            [
                v["videoId"]
                for v in api.get(
                    f"/api/tiktok/videos/hashtag/{tag.name}?sortBy={sort}&seed=77&limit=2&page={page}"
                ).get_json()["videos"]
            ]
            for page in (1, 2, 3)
        ]
    assert pages[True] == pages[False]
    seen = [video for page in pages[True] for video in page]
    assert len(seen) == len(set(seen)) == min(6, tag.video_count)


def test_random_video_picks_vary(api, catalog):
    picks = {
        tuple(v["videoId"] for v in api.get("/api/tiktok/random-video?count=3").get_json()["videos"]) for _ in range(8)
    }
    assert len(picks) > 1


def test_ranges_counted_from_their_videos_are_rate_limited_and_whole_years_are_not(app, api, catalog):
    """Such a range reads every video posted in it (seconds for a busy month of a million videos), and each new
    range is a new address the cache cannot answer: one visitor asking for range after range would keep a
    worker busy. Years are read from their table, and the categories page asks only for them."""
    app.config["COUNTED_RANGE_RATE_LIMIT"] = "3 per minute"
    days = [f'dateRange={{"start":"2025-03-{day:02}","end":"2025-03-{day + 7:02}"}}' for day in range(1, 5)]
    years = [f"year={year}" for year in range(2019, 2025)]
    try:
        statuses = [api.get(f"/api/tiktok/hashtags?{query}").status_code for query in [*days, *years]]
    finally:
        app.config["COUNTED_RANGE_RATE_LIMIT"] = Config.COUNTED_RANGE_RATE_LIMIT
    assert statuses == [200, 200, 200, 429] + [200] * len(years)

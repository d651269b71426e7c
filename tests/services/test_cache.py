"""The shared cache: answers are kept until the content changes, and every change is visible on the next request."""

import json
import re

from sqlalchemy import event, select, text

from app.catalog import VideoRecord
from app.extensions import db
from app.models import Creator, Video
from app.services import cache
from app.services.ingest import ingest_records


def app_context_of(html: str) -> dict:
    return json.loads(re.search(r'<script id="app-context" type="application/json">(.*?)</script>', html, re.S)[1])


class QueryCount:
    def __init__(self) -> None:
        self.count = 0

    def __enter__(self):
        event.listen(db.engine, "before_cursor_execute", self._count)
        return self

    def __exit__(self, *_exc) -> None:
        event.remove(db.engine, "before_cursor_execute", self._count)

    def _count(self, *_args) -> None:
        self.count += 1


def some_video() -> Video:
    return db.session.scalar(select(Video).where(Video.is_active.is_(True)).order_by(Video.id).limit(1))


def test_a_visitors_page_and_a_catalog_list_come_from_the_cache_the_second_time(client, catalog):
    for path in ("/about-us", "/", "/api/tiktok/hashtags?limit=50", "/api/tiktok/dance-trends?limit=10"):
        first = client.get(path)
        with QueryCount() as queries:
            again = client.get(path)
        assert again.status_code == 200
        assert again.get_data() == first.get_data(), path
        assert queries.count == 0, path


def test_a_page_kept_before_a_new_build_of_the_styles_and_scripts_is_not_served_after_it(
    app, client, catalog, monkeypatch
):
    """A build deletes the files of the builds before the last, and hosts sharing the cache roll out one by one: a
    kept page must name the files of the build that serves it."""
    assets = app.extensions["assets"]
    before = client.get("/about-us").get_data(as_text=True)
    stylesheet = re.search(r'<link rel="stylesheet" href="/static/dist/([^"]+)">', before)[1]
    monkeypatch.setattr(assets, "_manifest", {**assets.manifest(), "site": "site-NEWBUILD.css"})
    with QueryCount() as queries:
        after = client.get("/about-us").get_data(as_text=True)
    assert "/static/dist/site-NEWBUILD.css" in after and stylesheet not in after
    assert queries.count > 0
    with QueryCount() as queries:
        assert client.get("/about-us").get_data(as_text=True) == after  # kept again, for this build
    assert queries.count == 0


def test_a_change_made_behind_the_apps_back_is_not_seen_until_the_content_changes(client, catalog):
    """Proves the answer was cached: plain SQL is not watched; a change through the app moves the generation."""
    video = some_video()
    path = f"/api/tiktok/videos/find-by-id/{video.video_id}"
    assert client.get(path).status_code == 200
    db.session.execute(text("UPDATE videos SET is_active = :off WHERE id = :id"), {"off": False, "id": video.id})
    db.session.commit()
    assert client.get(path).status_code == 200
    cache.content_changed()
    assert client.get(path).status_code == 404


def test_a_report_that_removes_a_video_is_visible_on_the_next_request(api, admin, catalog):
    video = some_video()
    path = f"/api/tiktok/videos/find-by-id/{video.video_id}"
    assert api.get(path).status_code == 200
    api.login("boss@example.com")
    assert api.post("/api/tiktok/videos/report-unavailable", {"videoId": video.video_id}).status_code == 200
    assert api.client.get(path, headers={"Cookie": ""}).status_code == 404


def test_ingestion_is_visible_on_the_next_request(client, catalog):
    first = client.get("/api/tiktok/usernames?limit=100").get_json()
    known = {u["username"] for u in first["usernames"]}
    template = some_video()
    record = VideoRecord(
        video_id="7400000000000000001",
        username="brandnewdancer",
        display_name="Brand New",
        author_id=None,
        description="#dance new moves",
        title=None,
        hashtags=("dance",),
        track=template.track,
        artist=template.artist,
        is_original_sound=False,
        song_key=template.song_key,
        music_id=None,
        posted_at=template.posted_at,
        duration=None,
        width=None,
        height=None,
        view_count=10,
        like_count=1,
        comment_count=0,
        share_count=0,
        save_count=None,
        video_url="https://www.tiktok.com/@brandnewdancer/video/7400000000000000001",
        source="test",
    )
    ingest_records([record])
    after = client.get("/api/tiktok/usernames?limit=100").get_json()
    assert {u["username"] for u in after["usernames"]} == known | {"brandnewdancer"}
    assert client.get("/api/tiktok/videos/find-by-id/7400000000000000001").status_code == 200


def test_a_player_settings_change_reaches_the_next_visitors_page(api, admin, client, catalog):
    before = app_context_of(client.get("/about-us").get_data(as_text=True))["playerSettings"]
    api.login("boss@example.com")
    changed = {"loop": not before["loop"]}
    assert api.put("/api/player-settings/global", changed).status_code == 200
    after = app_context_of(client.get("/about-us").get_data(as_text=True))["playerSettings"]
    assert after["loop"] is not before["loop"]


def test_deleting_a_creator_removes_its_page_at_once(api, admin, client, catalog):
    creator = db.session.scalar(select(Creator).order_by(Creator.id).limit(1))
    assert client.get(f"/user/{creator.username}").status_code == 200
    api.login("boss@example.com")
    assert api.delete(f"/api/tiktok/usernames/{creator.username}").status_code == 200
    assert client.get(f"/user/{creator.username}").status_code == 404


def test_a_made_up_session_or_remember_cookie_still_gets_the_visitors_kept_page(app, client, catalog):
    """A cookie that signs no one in must not make every request build the page anew: anyone could send one."""
    first = client.get("/about-us").get_data()
    for name in (app.config["SESSION_COOKIE_NAME"], "remember_token"):
        client.set_cookie(name, "made-up")
        with QueryCount() as queries:
            again = client.get("/about-us")
        client.delete_cookie(name)
        assert again.status_code == 200 and again.get_data() == first, name
        assert queries.count == 0, name


def test_signed_in_pages_are_never_served_from_a_visitors_cache(api, user, client, catalog):
    client.get("/about-us")  # a visitor's copy is kept
    api.login("dancer@example.com")
    page = api.get("/about-us").get_data(as_text=True)
    assert app_context_of(page)["user"]["username"] == "dancer"


def test_without_redis_answers_are_computed_and_nothing_fails(app, client, catalog, monkeypatch):
    monkeypatch.setitem(app.config, "REDIS_URL", "redis://127.0.0.1:1/0")
    monkeypatch.setattr(cache, "_redis", cache._Redis())
    assert client.get("/").status_code == 200
    assert client.get("/api/tiktok/hashtags?limit=50").status_code == 200


def random_feed(client, count: int) -> dict:
    answer = client.get(f"/api/tiktok/random-video?count={count}")
    assert answer.status_code == 200
    assert answer.headers["Cache-Control"] == "no-store"
    return answer.get_json()


def test_the_random_feed_draws_from_a_kept_pool_of_distinct_trends(client, catalog):
    first = random_feed(client, 5)
    with QueryCount() as queries:
        draws = [random_feed(client, 5) for _ in range(8)]
    assert queries.count == 0  # served from the pool
    for answer in (first, *draws):
        assert answer["success"] is True and len(answer["videos"]) == 5
        trends = [v["trendInfo"]["songKey"] for v in answer["videos"]]
        assert len(set(trends)) == 5
        assert answer["totalTrends"] == first["totalTrends"]
    assert len({tuple(v["videoId"] for v in answer["videos"]) for answer in draws}) > 1  # random each time


def test_a_removed_video_leaves_the_random_feed_at_once(api, admin, client, catalog):
    pool = {v["videoId"] for v in random_feed(client, 50)["videos"]}
    removed = sorted(pool)[0]
    api.login("boss@example.com")
    assert api.post("/api/tiktok/videos/report-unavailable", {"videoId": removed}).status_code == 200
    for _ in range(5):
        assert removed not in {v["videoId"] for v in random_feed(client, 50)["videos"]}


def test_the_random_feed_works_without_redis(app, client, catalog, monkeypatch):
    monkeypatch.setitem(app.config, "REDIS_URL", "redis://127.0.0.1:1/0")
    monkeypatch.setattr(cache, "_redis", cache._Redis())
    assert len(random_feed(client, 3)["videos"]) == 3


def test_while_another_request_refills_the_pool_the_feed_still_answers(client, catalog):
    assert cache.claim("random-feed:refill", 10)  # as if another worker were drawing the next pool
    assert not cache.claim("random-feed:refill", 10)
    with QueryCount() as queries:
        answer = random_feed(client, 4)
    assert queries.count > 0  # walked the indexes itself
    assert len({v["trendInfo"]["songKey"] for v in answer["videos"]}) == 4


def test_an_old_pool_is_redrawn_by_one_request_while_the_others_keep_drawing_from_it(client, catalog, monkeypatch):
    from app.api import random_feed as feed_module

    random_feed(client, 3)  # the pool is drawn
    later = feed_module.time.time() + feed_module.POOL_SECONDS + 1
    monkeypatch.setattr(feed_module.time, "time", lambda: later)
    assert not cache.claim("random-feed:refill", 10)  # the claim of whoever drew it holds for a few seconds more
    with QueryCount() as queries:
        assert len(random_feed(client, 3)["videos"]) == 3
    assert queries.count == 0  # served from the old pool meanwhile
    cache.content_changed()  # a new generation: no pool and no claim yet
    random_feed(client, 3)  # this request draws the new pool
    with QueryCount() as queries:
        random_feed(client, 3)
    assert queries.count == 0
    even_later = later + feed_module.POOL_SECONDS + 1
    monkeypatch.setattr(feed_module.time, "time", lambda: even_later)
    monkeypatch.setattr(cache, "claim", lambda name, seconds: True)  # the last claim has expired
    with QueryCount() as queries:
        random_feed(client, 3)  # old again, and nobody holds the claim: this request redraws it
    assert queries.count > 0


def test_an_expired_page_is_rebuilt_by_one_request_while_the_others_serve_the_kept_one(
    app, client, catalog, monkeypatch
):
    """When a popular page expires, the many requests for it at that moment do not all build it at once."""
    first = client.get("/")
    redis = cache._redis.get()
    kept = f"answer:{app.extensions['assets'].build_id()}:en:/?"
    assert redis.ttl(cache._key(cache._generation(redis), kept)) > cache.PAGE_SECONDS  # kept beyond freshness
    later = cache.time.time() + cache.PAGE_SECONDS + 1
    monkeypatch.setattr(cache.time, "time", lambda: later)
    monkeypatch.setattr(cache, "claim", lambda name, seconds: False)  # another request is rebuilding it
    with QueryCount() as queries:
        assert client.get("/").get_data() == first.get_data()
    assert queries.count == 0
    monkeypatch.setattr(cache, "claim", lambda name, seconds: True)  # this request rebuilds it
    with QueryCount() as queries:
        assert client.get("/").status_code == 200
    assert queries.count > 0
    monkeypatch.setattr(cache, "claim", lambda name, seconds: False)
    with QueryCount() as queries:
        client.get("/")  # the rebuilt page is fresh for the next minute
    assert queries.count == 0


def test_a_cache_buster_in_the_address_still_finds_the_kept_answer(client, catalog):
    """The categories screen adds `_t=<time>` (the spec's no-cache call); the server's copy is the same answer."""
    first = client.get("/api/tiktok/hashtags?page=1&limit=1000&_t=1")
    with QueryCount() as queries:
        again = client.get("/api/tiktok/hashtags?limit=1000&_t=2&page=1")
    assert again.get_data() == first.get_data()
    assert queries.count == 0
    assert again.headers["Cache-Control"] == "no-cache"


def test_a_visitors_report_leaves_the_cache_alone(api, client, catalog):
    """A report changes nothing shown until an admin removes the video, so reports cannot flush the cache."""
    client.get("/about-us")
    reported = api.post("/api/tiktok/videos/user-report", {"videoId": some_video().video_id})
    assert reported.status_code < 300, reported.get_json()
    with QueryCount() as queries:
        client.get("/about-us")
    assert queries.count == 0


def test_a_worker_samples_the_pool_it_holds_and_asks_each_second_whether_it_is_current(client, catalog, monkeypatch):
    from app.api import random_feed as feed_module

    reads = []
    read_pool = cache.read_pool

    def counted(name: str, held_meta: str = ""):
        answer = read_pool(name, held_meta)
        reads.append(None if answer is None else answer[0] is not None)  # whether the videos came again
        return answer

    monkeypatch.setattr(cache, "read_pool", counted)
    random_feed(client, 3)  # no pool yet: asked (none), drawn, held
    assert reads == [None]
    draws = [random_feed(client, 3) for _ in range(6)]
    assert reads == [None]  # sampled in memory
    assert len({tuple(v["videoId"] for v in answer["videos"]) for answer in draws}) > 1
    later = feed_module.time.monotonic() + feed_module.KEPT_SECONDS
    monkeypatch.setattr(feed_module.time, "monotonic", lambda: later)
    assert len(random_feed(client, 3)["videos"]) == 3
    assert reads == [None, False]  # still the current pool: asked, and the videos did not travel again


def test_a_change_made_by_another_worker_reaches_the_random_feed_within_a_second(
    api, admin, client, catalog, monkeypatch
):
    from app.api import random_feed as feed_module

    shown = {v["videoId"] for v in random_feed(client, 50)["videos"]}
    removed = sorted(shown)[0]
    elsewhere = feed_module.cache.changes_here()
    api.login("boss@example.com")
    assert api.post("/api/tiktok/videos/report-unavailable", {"videoId": removed}).status_code == 200
    # As in another worker: the generation moved in Redis, but not this process's own count of changes.
    monkeypatch.setattr(feed_module.cache, "changes_here", lambda: elsewhere)
    later = feed_module.time.monotonic() + feed_module.KEPT_SECONDS
    monkeypatch.setattr(feed_module.time, "monotonic", lambda: later)
    for _ in range(5):
        assert removed not in {v["videoId"] for v in random_feed(client, 50)["videos"]}


def test_an_address_naming_a_choice_twice_is_kept_apart_from_the_same_values_the_other_way_round(client, catalog):
    """A page reads the first value of a name, as its island does: `?trendSort=a&trendSort=b` and
    `?trendSort=b&trendSort=a` are different pages, and one must not be served for the other."""

    def label(path: str) -> str:
        html = client.get(path).get_data(as_text=True)
        return re.search(r'<select id="trend-sort" class="select" disabled><option>([^<]*)<', html)[1]

    assert label("/dance-trends?trendSort=totalViews&trendSort=rising") == "Views"
    assert label("/dance-trends?trendSort=rising&trendSort=totalViews") == "Rising"
    assert label("/dance-trends?search=&trendSort=rising&trendSort=totalViews") == "Rising"
    with QueryCount() as queries:  # the names in another order are the same page, kept once
        assert label("/dance-trends?trendSort=rising&search=&trendSort=totalViews") == "Rising"
    assert queries.count == 0

"""No N+1 queries: each page and list call runs a fixed number of queries, whatever the size of its page.

Counted with the shared cache off (what a cache miss costs). A new query on a page should be a choice: raise its
number here in the same change.
"""

import pytest
from sqlalchemy import event, select

from app.extensions import db
from app.models import Creator, Hashtag, Trend, Video
from app.services.videos import video_card

PAGES = {
    "/": 11,  # 10, and one more when the random pick of trends wraps around to the start of its index
    "trend video page": 20,  # 14, the sparklines of the first trends (2) and the trend's curve (its weeks, starters,
    # the catalog's newest video, where its two weeks end)
    "category video page": 10,  # 8, and the first hashtags of the list (their count and their page)
    "creator page": 14,  # 5, its first page of videos (count, ids, videos, their creators, trends and tags), and the
    # sidebar's first trends (count, page, their sparklines)
    "/categories": 5,  # 3, and the first hashtags of the list
    "/dance-trends": 21,  # 10, the first trends' sparklines (the latest week, the weeks), the first trend's curve (4),
    # and its first video, which the island plays (ids, the video, its creator, trend and tags)
    "/about-us": 3,
    "/search?q=dance&type=videos": 14,  # 3, the five counts, a page of videos (ids, videos, creators, trends, tags)
    "/search?q=hoa&type=trends": 15,  # 3, the five counts, a page of trends (ids, trends) and their top videos as cards
}
# A list call at two page sizes: the count must not grow with the page (one more query is a shuffle or a random
# pick wrapping around to the start of its index, not a query per item).
LISTS = {
    "/api/tiktok/random-video?count={n}": 8,
    "/api/tiktok/dance-trends?limit={n}": 4,  # count, trends, and for the sparklines the latest week and the weeks
    "/api/tiktok/dance-trends/videos?songKey={trend}&limit={n}": 6,
    "/api/tiktok/hashtags?limit={n}": 2,
    "/api/tiktok/videos/hashtag/{tag}?sortBy=mostRecent&limit={n}": 6,
    "/api/tiktok/videos/hashtag/{tag}?sortBy=shuffle&seed=3&limit={n}": 7,
    "/api/tiktok/videos/{creator}?limit={n}": 7,
    "/api/tiktok/videos?tags={tag}&limit={n}": 6,
    "/api/tiktok/usernames?limit={n}": 2,
    "/api/users?search=da&limit={n}": 1,
    "/api/search?q=dance&type=videos&limit={n}": 10,  # five counts, ids, videos, their creators, trends and tags
    "/api/search?q=hoa&type=users&limit={n}": 6,
}


def count_queries(client, path: str) -> int:
    statements = []

    def note(*_args) -> None:
        statements.append(1)

    event.listen(db.engine, "before_cursor_execute", note)
    try:
        response = client.get(path)
    finally:
        event.remove(db.engine, "before_cursor_execute", note)
    assert response.status_code == 200, path
    return len(statements)


@pytest.fixture
def uncached(app, monkeypatch):
    monkeypatch.setitem(app.config, "CACHE_ENABLED", False)


@pytest.fixture
def samples(catalog) -> dict[str, str]:
    video = db.session.scalar(select(Video).where(Video.trend_id.is_not(None)).order_by(Video.id).limit(1))
    creator = db.session.scalar(select(Creator).order_by(Creator.video_count.desc(), Creator.id).limit(1))
    tag = db.session.scalar(select(Hashtag).order_by(Hashtag.video_count.desc(), Hashtag.id).limit(1))
    trend = db.session.scalar(select(Trend).order_by(Trend.video_count.desc(), Trend.id).limit(1))
    return {
        "trend video page": video_card(video).trend_path,
        "category video page": f"/categories/{video.creator.username}-{video.video_id}",
        "creator page": f"/user/{creator.username}",
        "creator": creator.username,
        "tag": tag.name,
        "trend": trend.song_key.replace("|", "%7C"),
    }


@pytest.mark.parametrize(("page", "most"), PAGES.items())
def test_a_page_runs_a_fixed_number_of_queries(client, uncached, samples, page, most):
    path = samples.get(page, page)
    client.get(path)  # first-request work (the settings row) is not the page's
    assert count_queries(client, path) <= most


@pytest.mark.parametrize(("template", "most"), LISTS.items())
def test_a_list_call_runs_as_many_queries_for_20_items_as_for_5(client, uncached, samples, template, most):
    small, large = (template.format(n=n, **samples) for n in (5, 20))
    client.get(small)
    counts = count_queries(client, small), count_queries(client, large)
    assert counts[1] - counts[0] <= 1, counts
    assert max(counts) <= most

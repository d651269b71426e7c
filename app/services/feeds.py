"""The feeds people watch: random trend videos, dance trends, hashtags, tagged videos, a video by id."""

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Integer, Select, cast, func, or_, select

from app.catalog import normalize_hashtag
from app.extensions import db
from app.models import Creator, Hashtag, HashtagYear, Trend, Video, VideoHashtag

RANDOM_COUNT_CAP = 50
SHUFFLE_SPAN = 1_000_003

TREND_SORTS = {
    "trendScore": Trend.trend_score.desc(),
    "totalViews": Trend.total_views.desc(),
    "videoCount": Trend.video_count.desc(),
    "firstVideoDate": Trend.first_video_at.desc(),
    "lastVideoDate": Trend.last_video_at.desc(),
}
VIDEO_SORTS = {
    "mostRecent": (Video.posted_at.desc(),),
    "latest": (Video.posted_at.desc(),),
    "oldest": (Video.posted_at.asc(),),
    "mostViews": (Video.view_count.desc(),),
    "popular": (Video.view_count.desc(),),
    "mostLikes": (Video.like_count.desc(),),
    "mostUsed": (Video.view_count.desc(),),
    "videoCount": (Video.view_count.desc(),),
}
HASHTAG_SORTS = {
    "count": Hashtag.video_count.desc(),
    "recent": Hashtag.last_video_at.desc(),
    "views": Hashtag.total_views.desc(),
}


@dataclass(frozen=True)
class PageOf:
    items: list
    total: int


def _active() -> Select:
    return select(Video).where(Video.is_active.is_(True))


def _random_row(query: Select, key) -> object | None:
    """One row at a random point of an indexed random key (wrapping around), never ORDER BY RANDOM()."""
    point = random.random()
    row = db.session.scalars(query.where(key >= point).order_by(key).limit(1)).first()
    return row or db.session.scalars(query.where(key < point).order_by(key).limit(1)).first()


def count_live_trends() -> int:
    return db.session.scalar(select(func.count(Trend.id)).where(Trend.video_count > 0)) or 0


def random_videos(count: int) -> tuple[list[Video], int]:
    """Up to `count` videos from distinct random trends, one random active video each, and the trend total."""
    total = count_live_trends()
    wanted = min(max(count, 1), RANDOM_COUNT_CAP, total)
    live_trends = select(Trend.id).where(Trend.video_count > 0)
    trend_ids: list[int] = []
    for _ in range(wanted * 4):
        if len(trend_ids) == wanted:
            break
        trend_id = _random_row(live_trends, Trend.random_key)
        if trend_id is not None and trend_id not in trend_ids:
            trend_ids.append(trend_id)
    videos = [_random_row(_active().where(Video.trend_id == trend_id), Video.random_key) for trend_id in trend_ids]
    return [v for v in videos if v is not None], total


def _search_filter(search: str):
    pattern = f"%{search.strip().lower()}%"
    return or_(func.lower(Trend.track).like(pattern), func.lower(Trend.artist).like(pattern))


def list_trends(search: str, sort: str, offset: int, limit: int) -> PageOf:
    """Trends with active videos, optionally matching a track or artist, in the given order."""
    query = select(Trend).where(Trend.video_count > 0)
    if search.strip():
        query = query.where(_search_filter(search))
    total = db.session.scalar(select(func.count()).select_from(query.subquery())) or 0
    rows = db.session.scalars(query.order_by(TREND_SORTS[sort], Trend.id).offset(offset).limit(limit))
    return PageOf(list(rows), total)


def trend_by_key(song_key: str) -> Trend | None:
    return db.session.scalar(select(Trend).where(Trend.song_key == song_key))


def trend_by_slug(slug: str) -> Trend | None:
    """The biggest trend with this slug (slugs are decoration and may collide)."""
    return db.session.scalar(select(Trend).where(Trend.slug == slug).order_by(Trend.video_count.desc()).limit(1))


def _ordered(query: Select, sort: str, seed: int) -> Select:
    if sort == "shuffle":
        # A seeded order: stable across pages of one session, different per seed.
        return query.order_by((cast(Video.random_key * SHUFFLE_SPAN, Integer) + seed) % SHUFFLE_SPAN, Video.id)
    return query.order_by(*VIDEO_SORTS[sort], Video.id)


def _page(query: Select, sort: str, offset: int, limit: int, seed: int = 0) -> PageOf:
    total = db.session.scalar(select(func.count()).select_from(query.with_only_columns(Video.id).subquery())) or 0
    rows = db.session.scalars(_ordered(query, sort, seed).offset(offset).limit(limit))
    return PageOf(list(rows), total)


def trend_videos(trend: Trend, sort: str, offset: int, limit: int, seed: int = 0) -> PageOf:
    return _page(_active().where(Video.trend_id == trend.id), sort, offset, limit, seed)


def hashtag_by_name(name: str) -> Hashtag | None:
    return db.session.scalar(select(Hashtag).where(Hashtag.name == normalize_hashtag(name.lstrip("#"))))


def hashtag_videos(tag: Hashtag, sort: str, offset: int, limit: int, seed: int = 0) -> PageOf:
    query = _active().join(VideoHashtag, VideoHashtag.video_id == Video.id).where(VideoHashtag.hashtag_id == tag.id)
    return _page(query, sort, offset, limit, seed)


def tagged_videos(tags: Sequence[str], sort: str, offset: int, limit: int, video_id: str | None = None) -> PageOf:
    """Active videos carrying every one of the tags (all videos when there are none), or one video by id."""
    query = _active()
    if video_id:
        query = query.where(Video.video_id == video_id)
    for name in {normalize_hashtag(t.lstrip("#")) for t in tags if t.strip("# ")}:
        tagged = select(VideoHashtag.video_id).join(Hashtag, Hashtag.id == VideoHashtag.hashtag_id)
        query = query.where(Video.id.in_(tagged.where(Hashtag.name == name)))
    return _page(query, sort, offset, limit)


def _whole_year(start: datetime | None, end: datetime | None) -> int | None:
    """The year a range covers exactly (1 January to 1 January), if it does."""
    if start is None or end is None or start.replace(year=start.year + 1) != end:
        return None
    return start.year if (start.month, start.day, start.hour, start.minute, start.second) == (1, 1, 0, 0, 0) else None


def _hashtags_of_year(sort: str, offset: int, limit: int, year: int) -> PageOf:
    order = {
        "count": HashtagYear.video_count.desc(),
        "recent": HashtagYear.last_video_at.desc(),
        "views": HashtagYear.total_views.desc(),
    }[sort]
    in_year = (HashtagYear.year == year, HashtagYear.video_count > 0)
    total = db.session.scalar(select(func.count()).select_from(HashtagYear).where(*in_year)) or 0
    rows = db.session.execute(
        select(Hashtag, HashtagYear.video_count, HashtagYear.total_views)
        .join(HashtagYear, HashtagYear.hashtag_id == Hashtag.id)
        .where(*in_year)
        .order_by(order, Hashtag.id)
        .offset(offset)
        .limit(limit)
    )
    return PageOf([(tag, count, views) for tag, count, views in rows], total)


def list_hashtags(sort: str, offset: int, limit: int, start: datetime | None, end: datetime | None) -> PageOf:
    """Hashtags with active videos; within a date range the counts cover only videos posted in it."""
    year = _whole_year(start, end)
    if year is not None:
        return _hashtags_of_year(sort, offset, limit, year)
    if start is None and end is None:
        query = select(Hashtag, Hashtag.video_count, Hashtag.total_views).where(Hashtag.video_count > 0)
        total = db.session.scalar(select(func.count(Hashtag.id)).where(Hashtag.video_count > 0)) or 0
        rows = db.session.execute(query.order_by(HASHTAG_SORTS[sort], Hashtag.id).offset(offset).limit(limit))
        return PageOf([(tag, count, views) for tag, count, views in rows], total)
    return _hashtags_in_range(sort, offset, limit, start, end)


def _hashtags_in_range(sort: str, offset: int, limit: int, start: datetime | None, end: datetime | None) -> PageOf:
    in_range = [Video.is_active.is_(True)]
    if start is not None:
        in_range.append(Video.posted_at >= start)
    if end is not None:
        in_range.append(Video.posted_at < end)
    counts = (
        select(
            VideoHashtag.hashtag_id.label("hid"),
            func.count(Video.id).label("n"),
            func.coalesce(func.sum(Video.view_count), 0).label("views"),
            func.max(Video.posted_at).label("last"),
        )
        .join(Video, Video.id == VideoHashtag.video_id)
        .where(*in_range)
        .group_by(VideoHashtag.hashtag_id)
        .subquery()
    )
    order = {"count": counts.c.n.desc(), "recent": counts.c.last.desc(), "views": counts.c.views.desc()}[sort]
    total = db.session.scalar(select(func.count()).select_from(counts)) or 0
    rows = db.session.execute(
        select(Hashtag, counts.c.n, counts.c.views)
        .join(counts, counts.c.hid == Hashtag.id)
        .order_by(order, Hashtag.id)
        .offset(offset)
        .limit(limit)
    )
    return PageOf([(tag, count, views) for tag, count, views in rows], total)


def video_by_id(video_id: str) -> Video | None:
    return db.session.scalar(select(Video).where(Video.video_id == video_id))


def suggested_hashtag(video: Video) -> str | None:
    """The video's most used hashtag: where a categories deep link without one should open it."""
    return db.session.scalar(
        select(Hashtag.name)
        .join(VideoHashtag, VideoHashtag.hashtag_id == Hashtag.id)
        .where(VideoHashtag.video_id == video.id)
        .order_by(Hashtag.video_count.desc(), Hashtag.name)
        .limit(1)
    )


def tracked_usernames(offset: int, limit: int) -> PageOf:
    query = select(Creator).order_by(Creator.username)
    total = db.session.scalar(select(func.count(Creator.id))) or 0
    return PageOf(list(db.session.scalars(query.offset(offset).limit(limit))), total)

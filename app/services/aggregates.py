"""Totals that depend on many videos: trend fields and scores, hashtag counts, creator and playlist video counts.

Recomputed with set-based SQL for the rows a change touched, so they stay right as videos come and go. Newly
stored videos only add to their hashtags, so those are counted in (HashtagGrowth) without rereading the tens of
thousands of videos a popular hashtag holds.
"""

from collections import defaultdict
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sqlalchemy import Date, Integer, and_, case, delete, distinct, extract, func, insert, select, update
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.functions import FunctionElement

from app.catalog import RISING_WINDOW_DAYS, days_between, rising_score, trend_score
from app.extensions import db
from app.models import (
    Creator,
    Hashtag,
    HashtagYear,
    Playlist,
    PlaylistEntry,
    Trend,
    TrendStarter,
    TrendWeek,
    Video,
    VideoHashtag,
)
from app.models.types import as_utc

CHUNK = 500


def _chunks(ids: Collection[int]) -> Iterator[list[int]]:
    ordered = sorted(ids)
    for start in range(0, len(ordered), CHUNK):
        yield ordered[start : start + CHUNK]


def newest_video_date() -> datetime | None:
    """Posting date of the newest active video: the 'now' of trend scores, so scores don't drift with the clock."""
    return db.session.scalar(select(func.max(Video.posted_at)).where(Video.is_active.is_(True)))


class week_of(FunctionElement):
    """The Monday (UTC) of a timestamp's ISO week, as app.catalog.week_start computes it in Python."""

    type = Date()
    inherit_cache = True


@compiles(week_of, "sqlite")
def _week_of_sqlite(element, compiler, **kw) -> str:
    return f"date({compiler.process(element.clauses, **kw)}, 'weekday 0', '-6 days')"


@compiles(week_of, "postgresql")
def _week_of_postgresql(element, compiler, **kw) -> str:
    return f"CAST(date_trunc('week', ({compiler.process(element.clauses, **kw)}) AT TIME ZONE 'UTC') AS DATE)"


RisingWindows = tuple[int, int, int]  # (recent videos, recent creators, prior videos)
NOT_RECENT: RisingWindows = (0, 0, 0)


def rising_windows(newest: datetime | None, trend_ids: Collection[int] | None = None) -> dict[int, RisingWindows]:
    """Each trend's videos and distinct creators in the catalog's last 14 days and its videos in the 14 before, for
    the given trends or all: one GROUP BY over the videos of the last 28 days (a range of the posting-date index)."""
    if newest is None:
        return {}
    split = newest - timedelta(days=RISING_WINDOW_DAYS)
    recent = Video.posted_at > split
    query = (
        select(
            Video.trend_id,
            func.count(case((recent, Video.id))),
            func.count(distinct(case((recent, Video.creator_id)))),
            func.count(case((~recent, Video.id))),
        )
        .where(
            Video.is_active.is_(True),
            Video.posted_at > split - timedelta(days=RISING_WINDOW_DAYS),
            Video.posted_at <= newest,
            Video.trend_id.isnot(None),
        )
        .group_by(Video.trend_id)
    )
    if trend_ids is not None:
        query = query.where(Video.trend_id.in_(trend_ids))
    return {
        trend_id: (int(recent), int(creators), int(prior))
        for trend_id, recent, creators, prior in db.session.execute(query)
        if trend_id is not None  # as the query asks: said again for the type checker
    }


def _set_rising(trend: Trend, windows: RisingWindows) -> None:
    trend.recent_video_count, trend.recent_creator_count, trend.prior_video_count = windows
    trend.rising_score = rising_score(trend.recent_video_count, trend.prior_video_count, trend.recent_creator_count)


def _refresh_trend_weeks(chunk: list[int]) -> None:
    """The weekly rows behind the curves and sparklines, rebuilt for these trends."""
    week = week_of(Video.posted_at)
    db.session.execute(delete(TrendWeek).where(TrendWeek.trend_id.in_(chunk)))
    db.session.execute(
        insert(TrendWeek).from_select(
            ["trend_id", "week_start", "video_count", "view_count", "like_count"],
            select(
                Video.trend_id,
                week,
                func.count(Video.id),
                func.coalesce(func.sum(Video.view_count), 0),
                func.coalesce(func.sum(Video.like_count), 0),
            )
            .where(Video.trend_id.in_(chunk), Video.is_active.is_(True))
            .group_by(Video.trend_id, week),
        )
    )


STARTERS = 3


def _refresh_trend_starters(chunk: list[int]) -> None:
    """The first three creators of these trends, by their first active video in each (the lower id on a tie)."""
    firsts = (
        select(Video.trend_id, Video.creator_id, func.min(Video.posted_at).label("first_video_at"))
        .where(Video.trend_id.in_(chunk), Video.is_active.is_(True))
        .group_by(Video.trend_id, Video.creator_id)
        .subquery()
    )
    ranked = select(
        firsts,
        func.row_number()
        .over(partition_by=firsts.c.trend_id, order_by=(firsts.c.first_video_at, firsts.c.creator_id))
        .label("position"),
    ).subquery()
    db.session.execute(delete(TrendStarter).where(TrendStarter.trend_id.in_(chunk)))
    db.session.execute(
        insert(TrendStarter).from_select(
            ["trend_id", "creator_id", "first_video_at", "position"],
            select(ranked.c.trend_id, ranked.c.creator_id, ranked.c.first_video_at, ranked.c.position).where(
                ranked.c.position <= STARTERS
            ),
        )
    )


def refresh_trends(trend_ids: Collection[int]) -> None:
    """Recount and rescore the given trends from their active videos; rebuild their weekly rows and starters."""
    newest = newest_video_date()
    for chunk in _chunks(trend_ids):
        rows = db.session.execute(
            select(
                Video.trend_id,
                func.count(Video.id),
                func.count(func.distinct(Video.creator_id)),
                func.coalesce(func.sum(Video.view_count), 0),
                func.coalesce(func.sum(Video.like_count), 0),
                func.min(Video.posted_at),
                func.max(Video.posted_at),
            )
            .where(Video.trend_id.in_(chunk), Video.is_active.is_(True))
            .group_by(Video.trend_id)
        ).all()
        stats = {row[0]: row[1:] for row in rows}
        windows = rising_windows(newest, chunk)
        for trend in db.session.scalars(select(Trend).where(Trend.id.in_(chunk))):
            count, creators, views, likes, first, last = stats.get(trend.id, (0, 0, 0, 0, None, None))
            trend.video_count, trend.creator_count = int(count), int(creators)
            trend.total_views, trend.total_likes = int(views), int(likes)
            trend.first_video_at, trend.last_video_at = first, last
            trend.trend_score = _score(trend, newest)
            _set_rising(trend, windows.get(trend.id, NOT_RECENT))
        _refresh_trend_weeks(chunk)
        _refresh_trend_starters(chunk)
    db.session.commit()


def _score(trend: Trend, newest: datetime | None) -> float:
    if not trend.video_count or trend.last_video_at is None or newest is None:
        return 0.0
    days = max(0.0, days_between(trend.last_video_at, newest))
    return trend_score(trend.total_views, trend.total_likes, trend.creator_count, days)


def rescore_all_trends() -> None:
    """Rescore every trend and recount its rising windows: needed when the newest video in the catalog changes."""
    newest = newest_video_date()
    windows = rising_windows(newest)
    for trend in db.session.scalars(select(Trend).where(Trend.video_count > 0)):
        trend.trend_score = _score(trend, newest)
        _set_rising(trend, windows.get(trend.id, NOT_RECENT))
    db.session.commit()


# (views, video id, caption) of a hashtag's example video: its most viewed, the lower id on equal views.
Example = tuple[int, int, str | None]


def better_example(best: Example | None, views: int, video_id: int, caption: str | None) -> Example:
    """The example between `best` and another video, as a recount would choose it."""
    if best is None or views > best[0] or (views == best[0] and video_id < best[1]):
        return (views, video_id, caption)
    return best


def refresh_hashtags(hashtag_ids: Collection[int]) -> None:
    """Recount the given hashtags over active videos, over all of them and year by year; each example is the
    caption of the most viewed one (see better_example)."""
    for chunk in _chunks(hashtag_ids):
        active = and_(VideoHashtag.hashtag_id.in_(chunk), Video.is_active.is_(True))
        totals = {
            row[0]: row[1:]
            for row in db.session.execute(
                select(
                    VideoHashtag.hashtag_id,
                    func.count(Video.id),
                    func.coalesce(func.sum(Video.view_count), 0),
                    func.min(Video.posted_at),
                    func.max(Video.posted_at),
                )
                .join(Video, Video.id == VideoHashtag.video_id)
                .where(active)
                .group_by(VideoHashtag.hashtag_id)
            )
        }
        year_examples = _refresh_hashtag_years(chunk, active)
        examples: dict[int, Example] = {}
        for (hid, _), year_example in year_examples.items():
            examples[hid] = better_example(examples.get(hid), *year_example)
        for tag in db.session.scalars(select(Hashtag).where(Hashtag.id.in_(chunk))):
            count, views, first, last = totals.get(tag.id, (0, 0, None, None))
            tag.video_count, tag.total_views = int(count), int(views)
            tag.first_video_at, tag.last_video_at = first, last
            example = examples.get(tag.id)
            tag.example_views, tag.example_description = (example[0], example[2]) if example else (None, None)
    db.session.commit()


def _refresh_hashtag_years(chunk: list[int], active) -> dict[tuple[int, int], Example]:
    """Per-year counts and examples behind the categories year filter, rebuilt for these hashtags; answers each
    (hashtag, year)'s example."""
    year = extract("year", Video.posted_at)
    db.session.execute(delete(HashtagYear).where(HashtagYear.hashtag_id.in_(chunk)))
    examples = _examples_of_each_year(active, year)
    rows = db.session.execute(
        select(
            VideoHashtag.hashtag_id,
            year,
            func.count(Video.id),
            func.coalesce(func.sum(Video.view_count), 0),
            func.max(Video.posted_at),
        )
        .join(Video, Video.id == VideoHashtag.video_id)
        .where(active)
        .group_by(VideoHashtag.hashtag_id, year)
    ).all()
    if rows:
        db.session.execute(
            insert(HashtagYear),
            [
                {
                    "hashtag_id": hid,
                    "year": int(y),
                    "video_count": n,
                    "total_views": v,
                    "last_video_at": last,
                    "example_views": examples[hid, int(y)][0],
                    "example_description": examples[hid, int(y)][2],
                }
                for hid, y, n, v, last in rows
            ],
        )
    return examples


def _examples_of_each_year(active, year) -> dict[tuple[int, int], Example]:
    """The example of each hashtag and year among the `active` links (see better_example)."""
    ranked = (
        select(
            VideoHashtag.hashtag_id.label("hid"),
            year.label("year"),
            Video.view_count.label("views"),
            Video.id.label("video_id"),
            Video.description.label("caption"),
            func.row_number()
            .over(partition_by=(VideoHashtag.hashtag_id, year), order_by=(Video.view_count.desc(), Video.id))
            .label("place"),
        )
        .join(Video, Video.id == VideoHashtag.video_id)
        .where(active)
        .subquery()
    )
    rows = db.session.execute(
        select(ranked.c.hid, ranked.c.year, ranked.c.views, ranked.c.video_id, ranked.c.caption).where(
            ranked.c.place == 1
        )
    )
    return {(hid, int(y)): (int(views or 0), video_id, caption) for hid, y, views, video_id, caption in rows}


@dataclass(slots=True)
class Span:
    """A running count, sum of views and first and last posting dates of some videos."""

    count: int = 0
    views: int = 0
    first: datetime | None = None
    last: datetime | None = None

    def add(self, views: int, posted_at: datetime) -> None:
        self.count += 1
        self.views += views
        if self.first is None or posted_at < self.first:
            self.first = posted_at
        if self.last is None or posted_at > self.last:
            self.last = posted_at


def _earliest(a: datetime | None, b: datetime | None) -> datetime | None:
    return b if a is None else a if b is None else min(a, b)


def _latest(a: datetime | None, b: datetime | None) -> datetime | None:
    return b if a is None else a if b is None else max(a, b)


@dataclass
class HashtagGrowth:
    """What newly stored, active videos add to their hashtags, kept until they are counted in."""

    totals: dict[int, Span] = field(default_factory=lambda: defaultdict(Span))
    years: dict[int, dict[int, Span]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(Span)))
    # (hashtag, year) -> the example among its new videos
    examples: dict[tuple[int, int], Example] = field(default_factory=dict)

    def add(self, hashtag_id: int, video_id: int, views: int, posted_at: datetime, caption: str | None) -> None:
        posted_at = as_utc(posted_at)
        self.totals[hashtag_id].add(views, posted_at)
        self.years[hashtag_id][posted_at.year].add(views, posted_at)
        key = (hashtag_id, posted_at.year)
        self.examples[key] = better_example(self.examples.get(key), views, video_id, caption)


def count_in_new_videos(growth: HashtagGrowth, recounted: Collection[int] = ()) -> None:
    """Add new videos to their hashtags' totals, per-year counts and examples (not to those recounted in full).

    Right only for videos that were not in the totals before: stored just now, active, with ids above every
    video already counted (so an older video keeps the example on equal views).
    """
    skip = set(recounted)
    for chunk in _chunks([hid for hid in growth.totals if hid not in skip]):
        for tag in db.session.scalars(select(Hashtag).where(Hashtag.id.in_(chunk))):
            added = growth.totals[tag.id]
            tag.video_count = (tag.video_count or 0) + added.count
            tag.total_views = (tag.total_views or 0) + added.views
            tag.first_video_at = _earliest(tag.first_video_at, added.first)
            tag.last_video_at = _latest(tag.last_video_at, added.last)
            best: Example | None = None
            for year in growth.years[tag.id]:
                best = better_example(best, *growth.examples[tag.id, year])
            assert best is not None  # a hashtag grows by at least one video
            if tag.example_views is None or best[0] > tag.example_views:
                tag.example_views, tag.example_description = best[0], best[2]
        stored = {
            (row.hashtag_id, row.year): row
            for row in db.session.scalars(select(HashtagYear).where(HashtagYear.hashtag_id.in_(chunk)))
        }
        new_rows = []
        for hid in chunk:
            for year, added in growth.years[hid].items():
                views, _, caption = growth.examples[hid, year]
                row = stored.get((hid, year))
                if row is None:
                    new_rows.append(
                        {
                            "hashtag_id": hid,
                            "year": year,
                            "video_count": added.count,
                            "total_views": added.views,
                            "last_video_at": added.last,
                            "example_views": views,
                            "example_description": caption,
                        }
                    )
                    continue
                row.video_count += added.count
                row.total_views += added.views
                row.last_video_at = _latest(row.last_video_at, added.last)
                if row.example_views is None or views > row.example_views:
                    row.example_views, row.example_description = views, caption
        if new_rows:
            db.session.execute(insert(HashtagYear), new_rows)
    db.session.commit()


def refresh_creators(creator_ids: Collection[int]) -> None:
    """Recount the active videos of the given creators."""
    for chunk in _chunks(creator_ids):
        counts = (
            select(func.count(Video.id).cast(Integer))
            .where(Video.creator_id == Creator.id, Video.is_active.is_(True))
            .scalar_subquery()
        )
        db.session.execute(update(Creator).where(Creator.id.in_(chunk)).values(video_count=counts))
    db.session.commit()


def playlists_holding(video_ids: Collection[int]) -> set[int]:
    """The playlists any of these videos (by row id) are in: whose counts change when the videos go."""
    found: set[int] = set()
    for chunk in _chunks(video_ids):
        found |= set(
            db.session.scalars(select(PlaylistEntry.playlist_id).where(PlaylistEntry.video_id.in_(chunk)).distinct())
        )
    return found


def refresh_playlists(playlist_ids: Collection[int]) -> None:
    """Recount the active videos of the given playlists: a removed video no longer counts, as it no longer plays."""
    for chunk in _chunks(playlist_ids):
        counts = (
            select(func.count(PlaylistEntry.video_id).cast(Integer))
            .join(Video, Video.id == PlaylistEntry.video_id)
            .where(PlaylistEntry.playlist_id == Playlist.id, Video.is_active.is_(True))
            .scalar_subquery()
        )
        db.session.execute(update(Playlist).where(Playlist.id.in_(chunk)).values(video_count=counts))
    db.session.commit()


def refresh(
    trend_ids: Collection[int],
    hashtag_ids: Collection[int],
    creator_ids: Collection[int],
    growth: HashtagGrowth | None = None,
    playlist_ids: Collection[int] = (),
) -> None:
    """Refresh everything a change touched; rescore all trends when the catalog's newest date moved.

    `hashtag_ids` are recounted in full; `growth` adds new videos to the other hashtags they carry.
    """
    newest_before = db.session.scalar(select(func.max(Trend.last_video_at)))
    refresh_trends(trend_ids)
    refresh_hashtags(hashtag_ids)
    if growth is not None:
        count_in_new_videos(growth, recounted=hashtag_ids)
    refresh_creators(creator_ids)
    refresh_playlists(playlist_ids)
    if newest_video_date() != newest_before:
        rescore_all_trends()

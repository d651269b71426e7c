"""Totals that depend on many videos: trend fields and scores, hashtag counts, creator and playlist video counts.

Recomputed with set-based SQL for the rows a change touched, so they stay right as videos come and go. Newly
stored videos only add to their hashtags, so those are counted in (HashtagGrowth) without rereading the tens of
thousands of videos a popular hashtag holds.
"""

from collections import defaultdict
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import Integer, and_, delete, extract, func, insert, select, update

from app.catalog import days_between, trend_score
from app.extensions import db
from app.models import Creator, Hashtag, HashtagYear, Playlist, PlaylistEntry, Trend, Video, VideoHashtag
from app.models.types import as_utc

CHUNK = 500


def _chunks(ids: Collection[int]) -> Iterator[list[int]]:
    ordered = sorted(ids)
    for start in range(0, len(ordered), CHUNK):
        yield ordered[start : start + CHUNK]


def newest_video_date() -> datetime | None:
    """Posting date of the newest active video: the 'now' of trend scores, so scores don't drift with the clock."""
    return db.session.scalar(select(func.max(Video.posted_at)).where(Video.is_active.is_(True)))


def refresh_trends(trend_ids: Collection[int]) -> None:
    """Recount and rescore the given trends from their active videos."""
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
        for trend in db.session.scalars(select(Trend).where(Trend.id.in_(chunk))):
            count, creators, views, likes, first, last = stats.get(trend.id, (0, 0, 0, 0, None, None))
            trend.video_count, trend.creator_count = int(count), int(creators)
            trend.total_views, trend.total_likes = int(views), int(likes)
            trend.first_video_at, trend.last_video_at = first, last
            trend.trend_score = _score(trend, newest)
    db.session.commit()


def _score(trend: Trend, newest: datetime | None) -> float:
    if not trend.video_count or trend.last_video_at is None or newest is None:
        return 0.0
    days = max(0.0, days_between(trend.last_video_at, newest))
    return trend_score(trend.total_views, trend.total_likes, trend.creator_count, days)


def rescore_all_trends() -> None:
    """Rescore every trend: needed when the newest video in the catalog changes."""
    newest = newest_video_date()
    for trend in db.session.scalars(select(Trend).where(Trend.video_count > 0)):
        trend.trend_score = _score(trend, newest)
    db.session.commit()


def refresh_hashtags(hashtag_ids: Collection[int]) -> None:
    """Recount the given hashtags over active videos; the example is the caption of the most-viewed one."""
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
        ranked = (
            select(
                VideoHashtag.hashtag_id.label("hid"),
                Video.description.label("caption"),
                Video.view_count.label("views"),
                func.row_number()
                .over(partition_by=VideoHashtag.hashtag_id, order_by=(Video.view_count.desc(), Video.id))
                .label("rank"),
            )
            .join(Video, Video.id == VideoHashtag.video_id)
            .where(active)
            .subquery()
        )
        examples = {
            hid: (caption, views)
            for hid, caption, views in db.session.execute(
                select(ranked.c.hid, ranked.c.caption, ranked.c.views).where(ranked.c.rank == 1)
            )
        }
        for tag in db.session.scalars(select(Hashtag).where(Hashtag.id.in_(chunk))):
            count, views, first, last = totals.get(tag.id, (0, 0, None, None))
            tag.video_count, tag.total_views = int(count), int(views)
            tag.first_video_at, tag.last_video_at = first, last
            tag.example_description, tag.example_views = examples.get(tag.id, (None, None))
        _refresh_hashtag_years(chunk, active)
    db.session.commit()


def _refresh_hashtag_years(chunk: list[int], active) -> None:
    """Per-year counts behind the categories year filter, rebuilt for these hashtags."""
    year = extract("year", Video.posted_at)
    db.session.execute(delete(HashtagYear).where(HashtagYear.hashtag_id.in_(chunk)))
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
                {"hashtag_id": hid, "year": int(y), "video_count": n, "total_views": v, "last_video_at": last}
                for hid, y, n, v, last in rows
            ],
        )


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
    # hashtag -> (views, video id, caption) of its most viewed new video; the lower id wins a tie, as in a recount
    examples: dict[int, tuple[int, int, str | None]] = field(default_factory=dict)

    def add(self, hashtag_id: int, video_id: int, views: int, posted_at: datetime, caption: str | None) -> None:
        posted_at = as_utc(posted_at)
        self.totals[hashtag_id].add(views, posted_at)
        self.years[hashtag_id][posted_at.year].add(views, posted_at)
        best = self.examples.get(hashtag_id)
        if best is None or views > best[0] or (views == best[0] and video_id < best[1]):
            self.examples[hashtag_id] = (views, video_id, caption)


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
            views, _, caption = growth.examples[tag.id]
            if tag.example_views is None or views > tag.example_views:
                tag.example_views, tag.example_description = views, caption
        stored = {
            (row.hashtag_id, row.year): row
            for row in db.session.scalars(select(HashtagYear).where(HashtagYear.hashtag_id.in_(chunk)))
        }
        new_rows = []
        for hid in chunk:
            for year, added in growth.years[hid].items():
                row = stored.get((hid, year))
                if row is None:
                    new_rows.append(
                        {
                            "hashtag_id": hid,
                            "year": year,
                            "video_count": added.count,
                            "total_views": added.views,
                            "last_video_at": added.last,
                        }
                    )
                else:
                    row.video_count += added.count
                    row.total_views += added.views
                    row.last_video_at = _latest(row.last_video_at, added.last)
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

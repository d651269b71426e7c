"""Storing normalised video records: idempotent upserts by videoId, in batches, with trends and hashtags kept right."""

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import islice

from sqlalchemy import func, insert, select

from app.catalog import VideoRecord, trend_slug
from app.extensions import db
from app.models import Creator, Hashtag, Trend, Video, VideoHashtag
from app.services import aggregates
from app.services.database import refresh_planner_statistics

BATCH_SIZE = 2000
STATISTICS_AFTER = 1000  # new videos that make the query planner's statistics worth refreshing


@dataclass
class IngestResult:
    created: int = 0
    updated: int = 0
    creator_ids: set[int] = field(default_factory=set)
    trend_ids: set[int] = field(default_factory=set)
    # hashtags whose videos changed or left, recounted in full; new videos are counted in through `growth`
    recount_hashtag_ids: set[int] = field(default_factory=set)
    growth: aggregates.HashtagGrowth = field(default_factory=aggregates.HashtagGrowth)

    @property
    def total(self) -> int:
        return self.created + self.updated


def _batches(records: Iterable[VideoRecord], size: int) -> Iterator[list[VideoRecord]]:
    iterator = iter(records)
    while batch := list(islice(iterator, size)):
        yield batch


def _creators_for(batch: list[VideoRecord]) -> dict[str, Creator]:
    """Creators of the batch by lower-cased username, created when missing."""
    names = {r.username.lower(): r for r in batch}
    found = {
        c.username.lower(): c
        for c in db.session.scalars(select(Creator).where(func.lower(Creator.username).in_(names)))
    }
    for key, record in names.items():
        if key not in found:
            found[key] = Creator(
                username=record.username,
                display_name=record.display_name,
                tiktok_user_id=record.author_id,
                is_active=True,
            )
            db.session.add(found[key])
        elif record.display_name and not found[key].display_name:
            found[key].display_name = record.display_name
    db.session.flush()
    return found


def _insert_returning(model, key: str, rows: list[dict]) -> dict:
    """Insert rows a page per statement; answers key -> new id.

    Core, not the ORM: to SQLite the ORM sends one INSERT per row (it needs the ids in order), and its bulk form
    starts a new statement wherever the next row has None in other columns.
    """
    if not rows:
        return {}
    table = model.__table__
    return dict(db.session.execute(insert(table).returning(table.c[key], table.c.id), rows).all())


def _trends_for(batch: list[VideoRecord]) -> dict[str, int]:
    """Trend ids of the batch by song key, the trends created when missing."""
    songs = {r.song_key: r for r in batch if r.song_key}
    found = dict(db.session.execute(select(Trend.song_key, Trend.id).where(Trend.song_key.in_(songs))).all())
    new_rows = []
    for key, record in songs.items():
        if key not in found:
            track, artist = record.track or "", record.artist or ""
            new_rows.append(
                {
                    "song_key": key,
                    "track": track,
                    "artist": artist,
                    "is_original_sound": record.is_original_sound,
                    "search_term": (artist if record.is_original_sound else track) or artist or track,
                    "slug": trend_slug(track, artist, key),
                    "random_key": random.random(),
                }
            )
    return found | _insert_returning(Trend, "song_key", new_rows)


def _hashtags_for(batch: list[VideoRecord]) -> dict[str, int]:
    """Hashtag ids of the batch by name, the hashtags created when missing."""
    names = {tag for r in batch for tag in r.hashtags}
    found = dict(db.session.execute(select(Hashtag.name, Hashtag.id).where(Hashtag.name.in_(names))).all())
    return found | _insert_returning(Hashtag, "name", [{"name": name} for name in sorted(names - found.keys())])


_COPIED = (
    "video_url",
    "title",
    "description",
    "duration",
    "width",
    "height",
    "track",
    "artist",
    "music_id",
    "is_original_sound",
    "song_key",
    "posted_at",
    "source",
    "save_count",
)
_COUNTS = ("view_count", "like_count", "comment_count", "share_count")


def _columns(record: VideoRecord, creator_id: int, trend_id: int | None) -> dict:
    """The video's stored columns as the record gives them."""
    values = {name: getattr(record, name) for name in _COPIED}
    values.update({name: getattr(record, name) or 0 for name in _COUNTS})
    return values | {"creator_id": creator_id, "trend_id": trend_id}


def _link_hashtags(video_ids: dict[str, int], batch: list[VideoRecord], tags: dict[str, int]) -> set[int]:
    """Make each video's hashtag links those of its record; answers the hashtags that lost a video."""
    wanted = {(video_ids[r.video_id], tags[t]) for r in batch for t in r.hashtags}
    existing = set(
        db.session.execute(
            select(VideoHashtag.video_id, VideoHashtag.hashtag_id).where(
                VideoHashtag.video_id.in_(list(video_ids.values()))
            )
        )
    )
    for video_id, hashtag_id in existing - wanted:
        db.session.execute(
            VideoHashtag.__table__.delete().where(
                (VideoHashtag.video_id == video_id) & (VideoHashtag.hashtag_id == hashtag_id)
            )
        )
    new_links = [{"video_id": v, "hashtag_id": h} for v, h in wanted - existing]
    if new_links:
        db.session.execute(VideoHashtag.__table__.insert(), new_links)
    return {hashtag_id for _, hashtag_id in existing - wanted}


def _store_batch(batch: list[VideoRecord], result: IngestResult) -> None:
    batch = list({r.video_id: r for r in batch}.values())  # the last record of a repeated id wins
    creators, trends, tags = _creators_for(batch), _trends_for(batch), _hashtags_for(batch)
    stored = {
        v.video_id: v for v in db.session.scalars(select(Video).where(Video.video_id.in_([r.video_id for r in batch])))
    }
    new_rows, new_records = [], []
    for record in batch:
        trend_id = trends.get(record.song_key) if record.song_key else None
        values = _columns(record, creators[record.username.lower()].id, trend_id)
        video = stored.get(record.video_id)
        if video is None:
            new_rows.append(values | {"video_id": record.video_id, "random_key": random.random(), "is_active": True})
            new_records.append(record)
        else:
            if video.trend_id:
                result.trend_ids.add(video.trend_id)
            for name, value in values.items():
                setattr(video, name, value)
            result.recount_hashtag_ids |= {tags[t] for t in record.hashtags}
        if trend_id:
            result.trend_ids.add(trend_id)
    db.session.flush()
    video_ids = {video_id: video.id for video_id, video in stored.items()}
    video_ids |= _insert_returning(Video, "video_id", new_rows)
    result.created += len(new_rows)
    result.updated += len(batch) - len(new_rows)
    result.creator_ids |= {c.id for c in creators.values()}
    result.recount_hashtag_ids |= _link_hashtags(video_ids, batch, tags)
    for record in new_records:
        for tag in record.hashtags:
            result.growth.add(
                tags[tag], video_ids[record.video_id], record.view_count or 0, record.posted_at, record.description
            )


def ingest_records(records: Iterable[VideoRecord], batch_size: int = BATCH_SIZE) -> IngestResult:
    """Upsert records by videoId, then refresh the trends, hashtags and creators they touched."""
    result = IngestResult()
    for batch in _batches(records, batch_size):
        _store_batch(batch, result)
        db.session.commit()
    if result.created >= STATISTICS_AFTER:
        refresh_planner_statistics()
    aggregates.refresh(result.trend_ids, result.recount_hashtag_ids, result.creator_ids, result.growth)
    return result

"""Storing normalised video records: idempotent upserts by videoId, in batches, with trends and hashtags kept right."""

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import islice

from sqlalchemy import func, select

from app.catalog import VideoRecord, trend_slug
from app.extensions import db
from app.models import Creator, Hashtag, Trend, Video, VideoHashtag
from app.services import aggregates
from app.services.database import refresh_planner_statistics

BATCH_SIZE = 500
STATISTICS_AFTER = 1000  # new videos that make the query planner's statistics worth refreshing


@dataclass
class IngestResult:
    created: int = 0
    updated: int = 0
    creator_ids: set[int] = field(default_factory=set)
    trend_ids: set[int] = field(default_factory=set)
    hashtag_ids: set[int] = field(default_factory=set)

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


def _trends_for(batch: list[VideoRecord]) -> dict[str, Trend]:
    """Trends of the batch by song key, created when missing."""
    songs = {r.song_key: r for r in batch if r.song_key}
    found = {t.song_key: t for t in db.session.scalars(select(Trend).where(Trend.song_key.in_(songs)))}
    for key, record in songs.items():
        if key not in found:
            track, artist = record.track or "", record.artist or ""
            found[key] = Trend(
                song_key=key,
                track=track,
                artist=artist,
                is_original_sound=record.is_original_sound,
                search_term=(artist if record.is_original_sound else track) or artist or track,
                slug=trend_slug(track, artist, key),
                random_key=random.random(),
            )
            db.session.add(found[key])
    db.session.flush()
    return found


def _hashtags_for(batch: list[VideoRecord]) -> dict[str, Hashtag]:
    names = {tag for r in batch for tag in r.hashtags}
    found = {h.name: h for h in db.session.scalars(select(Hashtag).where(Hashtag.name.in_(names)))}
    for name in names - found.keys():
        found[name] = Hashtag(name=name)
        db.session.add(found[name])
    db.session.flush()
    return found


def _apply(video: Video, record: VideoRecord, creator: Creator, trend: Trend | None) -> None:
    video.creator_id = creator.id
    video.trend_id = trend.id if trend else None
    video.video_url = record.video_url
    for name in (
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
    ):
        setattr(video, name, getattr(record, name))
    for name in ("view_count", "like_count", "comment_count", "share_count"):
        setattr(video, name, getattr(record, name) or 0)


def _link_hashtags(videos: dict[str, Video], batch: list[VideoRecord], tags: dict[str, Hashtag]) -> None:
    wanted = {(videos[r.video_id].id, tags[t].id) for r in batch for t in r.hashtags}
    video_ids = [v.id for v in videos.values()]
    existing = set(
        db.session.execute(
            select(VideoHashtag.video_id, VideoHashtag.hashtag_id).where(VideoHashtag.video_id.in_(video_ids))
        ).all()
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


def _store_batch(batch: list[VideoRecord], result: IngestResult) -> None:
    batch = list({r.video_id: r for r in batch}.values())  # the last record of a repeated id wins
    creators, trends, tags = _creators_for(batch), _trends_for(batch), _hashtags_for(batch)
    videos = {
        v.video_id: v for v in db.session.scalars(select(Video).where(Video.video_id.in_([r.video_id for r in batch])))
    }
    for record in batch:
        video = videos.get(record.video_id)
        if video is None:
            video = videos[record.video_id] = Video(
                video_id=record.video_id, random_key=random.random(), is_active=True
            )
            db.session.add(video)
            result.created += 1
        else:
            result.updated += 1
            if video.trend_id:
                result.trend_ids.add(video.trend_id)
        trend = trends.get(record.song_key) if record.song_key else None
        _apply(video, record, creators[record.username.lower()], trend)
        if trend:
            result.trend_ids.add(trend.id)
    db.session.flush()
    result.hashtag_ids |= {t.id for t in tags.values()}
    result.creator_ids |= {c.id for c in creators.values()}
    _link_hashtags(videos, batch, tags)


def ingest_records(records: Iterable[VideoRecord], batch_size: int = BATCH_SIZE) -> IngestResult:
    """Upsert records by videoId, then refresh the trends, hashtags and creators they touched."""
    result = IngestResult()
    for batch in _batches(records, batch_size):
        _store_batch(batch, result)
        db.session.commit()
    if result.created >= STATISTICS_AFTER:
        refresh_planner_statistics()
    aggregates.refresh(result.trend_ids, result.hashtag_ids, result.creator_ids)
    return result

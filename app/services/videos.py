"""Videos with what their answers show beside them, loaded in bulk (creators, trends and tags in one query each)."""

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol, TypeVar

from sqlalchemy import bindparam, select

from app.catalog import video_slug
from app.extensions import db
from app.models import Creator, Hashtag, Trend, Video, VideoHashtag


def thumbnail_path(video_id: str) -> str:
    """Our stable thumbnail URL: TikTok's own thumbnail URLs expire within days."""
    return f"/thumbs/{video_id}.jpg"


def trend_path(trend: Trend, username: str, video_id: str) -> str:
    return f"/dance-trends/{trend.slug}/{video_slug(username, video_id)}"


def category_path(hashtag: str | None, username: str, video_id: str) -> str:
    prefix = f"/categories/{hashtag}" if hashtag else "/categories"
    return f"{prefix}/{video_slug(username, video_id)}"


class TrendTotals(Protocol):
    """A trend's counts: the catalog's (a Trend row) or those over a scope's videos."""

    video_count: int
    creator_count: int
    total_views: int
    total_likes: int
    first_video_at: datetime | None
    last_video_at: datetime | None


@dataclass(frozen=True)
class VideoCard:
    """A video with what its answer shows beside it: its creator, trend and hashtags."""

    video: Video
    creator: Creator
    trend: Trend | None
    tags: list[str]

    @property
    def thumbnail(self) -> str:
        return thumbnail_path(self.video.video_id)

    @property
    def trend_path(self) -> str | None:
        return trend_path(self.trend, self.creator.username, self.video.video_id) if self.trend else None

    @property
    def canonical_path(self) -> str:
        """One address per video for search engines: its dance-trend path, else its categories path."""
        return self.trend_path or category_path(None, self.creator.username, self.video.video_id)


# Built once: every list of videos asks it, and building a statement costs more than SQLite takes to run this one.
TAGS_OF_VIDEOS = (
    select(VideoHashtag.video_id, Hashtag.name)
    .join(Hashtag, Hashtag.id == VideoHashtag.hashtag_id)
    .where(VideoHashtag.video_id.in_(bindparam("videos", expanding=True)))
    .order_by(VideoHashtag.video_id, Hashtag.name)
)


def _tags_by_video(video_ids: Sequence[int]) -> dict[int, list[str]]:
    tags: dict[int, list[str]] = defaultdict(list)
    if video_ids:
        for video_id, name in db.session.connection().execute(TAGS_OF_VIDEOS, {"videos": list(video_ids)}):
            tags[video_id].append(name)
    return tags


Row = TypeVar("Row", Creator, Trend)


def _by_id(model: type[Row], ids: set[int]) -> dict[int, Row]:
    return {row.id: row for row in db.session.scalars(select(model).where(model.id.in_(ids)))} if ids else {}


def _loaded(videos: Sequence[Video], related: str) -> bool:
    """Whether the query of the videos loaded `related` with them (a loaded attribute is in the instance's dict)."""
    return all(related in vars(video) for video in videos)


def video_cards(videos: Sequence[Video]) -> list[VideoCard]:
    """The videos in order, with one query each for their creators, trends and tags; none for creators and trends
    the query of the videos loaded with them."""
    if _loaded(videos, "creator"):
        creators = {v.creator.id: v.creator for v in videos}
    else:
        creators = _by_id(Creator, {v.creator_id for v in videos})
    if _loaded(videos, "trend"):
        trends = {v.trend.id: v.trend for v in videos if v.trend is not None}
    else:
        trends = _by_id(Trend, {v.trend_id for v in videos if v.trend_id})
    tags = _tags_by_video([v.id for v in videos])
    return [
        VideoCard(v, creators[v.creator_id], trends.get(v.trend_id) if v.trend_id else None, tags.get(v.id, []))
        for v in videos
    ]


def video_card(video: Video) -> VideoCard:
    return video_cards([video])[0]

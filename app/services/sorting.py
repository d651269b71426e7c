"""The spec's sort names and the orderings they mean, in one place.

Each kind of list (videos, trends, hashtags, playlists) has one table from sort name to what it orders by. Where a
list's counts are computed over a subset (a creator's trends, the hashtags of a date range), the table names a
field and the list orders by that field of whatever source holds its counts: the rows themselves, or a subquery
whose columns carry the same names.
"""

from dataclasses import dataclass
from typing import Any, Literal

from sqlalchemy import ColumnElement, SQLColumnExpression, func

from app.models import Playlist, Trend, Video

# Video sorts. Several of the spec's callers name one order differently; each name means one order here.
VideoSort = Literal[
    "mostRecent",
    "latest",
    "newest",
    "oldest",
    "mostViews",
    "popular",
    "mostUsed",
    "mostLikes",
    "shuffle",
    "trendScore",
    "mostVideos",
    "videoCount",
]


@dataclass(frozen=True)
class VideoOrder:
    """What a video sort orders by: a column of the video, or (`by_trend`) its trend's, newest first within it."""

    column: Any
    descending: bool = True
    by_trend: bool = False

    @property
    def shuffled(self) -> bool:
        return self.column is Video.random_key


NEWEST = VideoOrder(Video.posted_at)
MOST_VIEWED = VideoOrder(Video.view_count)
BY_TREND_SIZE = VideoOrder(Trend.video_count, by_trend=True)
VIDEO_ORDERS: dict[str, VideoOrder] = {
    "mostRecent": NEWEST,
    "latest": NEWEST,
    "newest": NEWEST,
    "oldest": VideoOrder(Video.posted_at, descending=False),
    "mostViews": MOST_VIEWED,
    "popular": MOST_VIEWED,
    "mostUsed": MOST_VIEWED,
    "mostLikes": VideoOrder(Video.like_count),
    "shuffle": VideoOrder(Video.random_key, descending=False),
    "trendScore": VideoOrder(Trend.trend_score, by_trend=True),
    "mostVideos": BY_TREND_SIZE,
    "videoCount": BY_TREND_SIZE,
}

# Trend sorts: the field each orders by, largest or newest first. trendScore and rising are the trend's own,
# whatever the subset its other counts cover.
TrendSort = Literal["trendScore", "totalViews", "videoCount", "firstVideoDate", "lastVideoDate", "rising"]
TREND_FIELDS: dict[str, str] = {
    "trendScore": "trend_score",
    "totalViews": "total_views",
    "videoCount": "video_count",
    "firstVideoDate": "first_video_at",
    "lastVideoDate": "last_video_at",
    "rising": "rising_score",
}
OWN_TREND_SORTS = frozenset({"trendScore", "rising"})

HashtagSort = Literal["count", "recent", "views"]
HASHTAG_FIELDS: dict[str, str] = {"count": "video_count", "recent": "last_video_at", "views": "total_views"}

PlaylistSort = Literal["recent", "videos", "name"]
PLAYLIST_ORDERS: dict[str, tuple[SQLColumnExpression, ...]] = {
    "recent": (Playlist.created_at.desc(), Playlist.id.desc()),
    "videos": (Playlist.video_count.desc(), Playlist.id.desc()),
    "name": (func.lower(Playlist.name), Playlist.id),
}


def trend_order(sort: str, counts: Any = Trend) -> tuple[ColumnElement, ...]:
    """ORDER BY for a trend sort, over the trends' own counts or a subquery's columns (`.c`) of the same names.
    Trends that are not rising (all 0) follow in trend-score order."""
    order = getattr(Trend if sort in OWN_TREND_SORTS else counts, TREND_FIELDS[sort]).desc()
    return (order, Trend.trend_score.desc()) if sort == "rising" else (order,)


def hashtag_order(sort: str, counts: Any) -> ColumnElement:
    """ORDER BY for a hashtag sort, over a model with the count columns or a subquery's columns of those names."""
    return getattr(counts, HASHTAG_FIELDS[sort]).desc()


def video_ordering(order: VideoOrder) -> tuple[ColumnElement, ...]:
    """ORDER BY for a video order other than the shuffle (whose walk is its own), ties broken by id."""
    if order.by_trend:
        return order.column.desc(), Video.posted_at.desc(), Video.id.desc()
    if order.descending:
        return order.column.desc(), Video.id.desc()
    return order.column.asc(), Video.id.asc()

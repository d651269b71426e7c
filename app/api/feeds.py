"""Spec §7 "Feeds": random trend videos, usernames, hashtags, videos by hashtag or tags, find-by-id, dance trends."""

import json
from datetime import UTC, datetime
from typing import Literal, Self

from flask import Blueprint, current_app, request
from pydantic import Field, field_validator

from app.api.operations import operation
from app.api.paging import PageQuery, limit_field, page_envelope, video_page_envelope
from app.api.random_feed import random_feed
from app.api.schemas import (
    ApiModel,
    HashtagCount,
    HashtagPage,
    OutModel,
    PageOut,
    TrendOut,
    TrendPage,
    TrendSeries,
    VideoOut,
    VideoPage,
)
from app.extensions import limiter
from app.i18n import N_
from app.models import Creator
from app.ratelimit import configured_limit
from app.services import feeds, trend_curves
from app.services.cache import LIST_SECONDS, cached_response
from app.services.errors import NotFound
from app.services.sorting import HashtagSort, TrendSort
from app.services.videos import video_card, video_cards

bp = Blueprint("feeds_api", __name__, url_prefix="/api/tiktok")

FIRST_YEAR, LAST_YEAR = 2016, 2025


class RandomQuery(ApiModel):
    count: int = limit_field(5, 500, title="Count")


class TrendListQuery(PageQuery):
    search: str = Field(default="", max_length=100, title="Search")
    sortBy: TrendSort = Field(default="trendScore", title="Sort by")


class TrendVideosQuery(PageQuery):
    songKey: str = Field(min_length=1, max_length=700, title="Song key")
    sortBy: Literal["mostRecent", "oldest", "mostViews", "mostLikes", "videoCount", "shuffle"] = Field(
        default="mostViews", title="Sort by"
    )
    seed: int = Field(default=0, ge=0, le=1_000_000, title="Seed")


class HashtagListQuery(PageQuery):
    limit: int = limit_field(50, 1000)
    sortBy: HashtagSort = Field(default="count", title="Sort by")
    year: int | None = Field(default=None, ge=FIRST_YEAR, le=LAST_YEAR, title="Year")
    dateRange: str | None = Field(
        default=None,
        max_length=200,
        title="Date range",
        description='{"start": "YYYY-MM-DD", "end": "YYYY-MM-DD"}, the end excluded: whole years (either end may be'
        " left out), or a span of at most 31 days",
    )
    t: str | None = Field(default=None, alias="_t", max_length=40)

    @field_validator("dateRange")
    @classmethod
    def _range(cls, value: str | None) -> str | None:
        if value:
            start, end = parse_date_range(value)
            if start and end and start > end:
                raise ValueError("Date range must start before it ends")
        return value


class HashtagVideosQuery(PageQuery):
    sortBy: Literal["mostUsed", "mostRecent", "oldest", "mostViews", "mostLikes", "shuffle"] = Field(
        default="mostRecent", title="Sort by"
    )
    seed: int = Field(default=0, ge=0, le=1_000_000, title="Seed")


class TaggedVideosQuery(PageQuery):
    tags: str = Field(default="", max_length=500, title="Tags")
    sortOrder: Literal["latest", "popular", "oldest"] = Field(default="latest", title="Sort order")
    videoId: str | None = Field(default=None, max_length=32, title="Video id")


class UsernamesQuery(PageQuery):
    limit: int = limit_field(100, 500)
    search: str = Field(default="", max_length=100, title="Search", description="Part of a handle or display name")


class RandomVideos(OutModel):
    success: bool = Field(description="False when the catalog has no video to show")
    totalTrends: int
    videos: list[VideoOut]


class MonitoredCreator(OutModel):
    username: str
    displayName: str | None
    isActive: bool
    videoCount: int

    @classmethod
    def of(cls, creator: Creator) -> Self:
        return cls(
            username=creator.username,
            displayName=creator.display_name,
            isActive=creator.is_active,
            videoCount=creator.video_count,
        )


class MonitoredCreatorPage(PageOut):
    usernames: list[MonitoredCreator]


class TrendVideoPage(VideoPage):
    trend: TrendOut


class HashtagVideoPage(VideoPage):
    hashtag: str | None = Field(default=None, description="With its #; left out when no video carries it")


class FoundVideo(OutModel):
    success: bool
    video: VideoOut | None
    hashtags: list[str]
    suggestedHashtag: str | None = Field(description="The hashtag to open the video under")
    message: str


# Years a range may name: from the first possible posting date (ids count seconds since 1970) to far ahead.
FIRST_RANGE_YEAR, LAST_RANGE_YEAR = 1970, 2100
RANGE_SHAPE_MESSAGE = 'Date range must look like {"start": "YYYY-MM-DD", "end": "YYYY-MM-DD"}'
DATE_MESSAGE = N_("Date range dates must be ISO dates (YYYY-MM-DD)")


def _date(value: object) -> datetime | None:
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise ValueError(DATE_MESSAGE)
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError as exc:  # also an impossible date such as 2023-02-29
        raise ValueError(DATE_MESSAGE) from exc
    if not FIRST_RANGE_YEAR <= parsed.year <= LAST_RANGE_YEAR:
        raise ValueError(f"Date range dates must fall between {FIRST_RANGE_YEAR} and {LAST_RANGE_YEAR}")
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def parse_date_range(raw: str) -> tuple[datetime | None, datetime | None]:
    """`{"start": "2025-01-01", "end": "2026-01-01"}` (end exclusive) → the two datetimes."""
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ValueError(RANGE_SHAPE_MESSAGE) from exc
    if not isinstance(data, dict):
        raise ValueError(RANGE_SHAPE_MESSAGE)
    return _date(data.get("start")), _date(data.get("end"))


@bp.get("/random-video")
@limiter.limit(configured_limit("FEED_RATE_LIMIT"))
@operation("Videos from distinct random dance trends, one each", query=RandomQuery, response=RandomVideos, tag="feeds")
def random_video(query: RandomQuery):
    videos, total = random_feed(query.count)
    # The videos are JSON already (the pool keeps them so): joined, not decoded and encoded again.
    body = f'{{"success":{"true" if videos else "false"},"totalTrends":{total},"videos":[{",".join(videos)}]}}'
    return current_app.response_class(body, mimetype="application/json", headers={"Cache-Control": "no-store"})


@bp.get("/usernames")
@cached_response(LIST_SECONDS)
@operation("Monitored creators", query=UsernamesQuery, response=MonitoredCreatorPage, tag="feeds")
def usernames(query: UsernamesQuery):
    page = feeds.tracked_usernames(query.offset, query.limit, query.search)
    return {"usernames": [MonitoredCreator.of(c) for c in page.items], **page_envelope(page.total, query)}


@bp.get("/dance-trends")
@cached_response(LIST_SECONDS)
@operation(
    "Dance trends, optionally searched by track or artist", query=TrendListQuery, response=TrendPage, tag="feeds"
)
def dance_trends(query: TrendListQuery):
    page = feeds.list_trends(query.search, query.sortBy, query.offset, query.limit)
    return {"trends": TrendOut.listed([(t, None) for t in page.items]), **page_envelope(page.total, query)}


@bp.get("/dance-trends/<path:song_key>/series")
@cached_response(LIST_SECONDS)
@operation(
    "How a dance trend grew: its videos and views per week, its first and last dates and its first creators",
    response=TrendSeries,
    errors={404: None},
    tag="feeds",
)
def dance_trend_series(song_key: str):
    trend = feeds.trend_by_key(song_key)
    if trend is None:
        raise NotFound(N_("Dance trend not found"))
    return TrendSeries.of(trend_curves.trend_curve(trend))


@bp.get("/dance-trends/videos")
@cached_response(LIST_SECONDS)
@operation(
    "Videos of one dance trend", query=TrendVideosQuery, response=TrendVideoPage, errors={404: None}, tag="feeds"
)
def dance_trend_videos(query: TrendVideosQuery):
    trend = feeds.trend_by_key(query.songKey)
    if trend is None:
        raise NotFound(N_("Dance trend not found"))
    page = feeds.trend_videos(trend, query.sortBy, query.offset, query.limit, query.seed)
    videos = VideoOut.each(video_cards(page.items))
    return {"trend": TrendOut.of(trend), "videos": videos, **video_page_envelope(page.total, query)}


def _asks_for_counted_range() -> bool:
    """The request asks for hashtags over a range counted from its videos (a malformed one is answered 400)."""
    if request.args.get("year") or not request.args.get("dateRange"):
        return False
    try:
        return feeds.counted_from_videos(*parse_date_range(request.args["dateRange"]))
    except ValueError:
        return False


@bp.get("/hashtags")
@cached_response(LIST_SECONDS)
@limiter.limit(configured_limit("COUNTED_RANGE_RATE_LIMIT"), exempt_when=lambda: not _asks_for_counted_range())
@operation(
    "Hashtags with their counts; a year or date range counts only videos posted in it",
    query=HashtagListQuery,
    response=HashtagPage,
    tag="feeds",
)
def hashtags(query: HashtagListQuery):
    if query.year:
        start, end = feeds.year_span(query.year)
    else:
        start, end = parse_date_range(query.dateRange) if query.dateRange else (None, None)
    page = feeds.list_hashtags(query.sortBy, query.offset, query.limit, start, end)
    entries = [HashtagCount.of(tag, count, example, views) for tag, count, views, example in page.items]
    return {"hashtags": entries, **page_envelope(page.total, query)}, {"Cache-Control": "no-cache"}


@bp.get("/videos/hashtag/<path:hashtag>")
@cached_response(LIST_SECONDS)
@operation("Videos carrying a hashtag", query=HashtagVideosQuery, response=HashtagVideoPage, tag="feeds")
def hashtag_videos(hashtag: str, query: HashtagVideosQuery):
    tag = feeds.hashtag_by_name(hashtag)
    if tag is None:
        return {"videos": [], **video_page_envelope(0, query)}
    page = feeds.hashtag_videos(tag, query.sortBy, query.offset, query.limit, query.seed)
    videos = VideoOut.each(video_cards(page.items))
    return {"hashtag": f"#{tag.name}", "videos": videos, **video_page_envelope(page.total, query)}


@bp.get("/videos")
@cached_response(LIST_SECONDS)
@operation(
    "Videos carrying all the given tags (comma-separated), or one video by id",
    query=TaggedVideosQuery,
    response=VideoPage,
    tag="feeds",
)
def videos(query: TaggedVideosQuery):
    page = feeds.tagged_videos(query.tags.split(","), query.sortOrder, query.offset, query.limit, query.videoId)
    return {"videos": VideoOut.each(video_cards(page.items)), **video_page_envelope(page.total, query)}


@bp.get("/videos/find-by-id/<video_id>")
@cached_response(LIST_SECONDS)
@operation(
    "A video by its TikTok id, with its hashtags and the one to open it under",
    response=FoundVideo,
    errors={404: FoundVideo},
    tag="feeds",
)
def find_by_id(video_id: str):
    video = feeds.video_by_id(video_id)
    if video is None or not video.is_active:
        missing: dict[str, object] = {"success": False, "video": None, "hashtags": [], "suggestedHashtag": None}
        return {**missing, "message": N_("Video not found")}, 404
    card = video_card(video)
    return {
        "success": True,
        "video": VideoOut.of(card),
        "hashtags": [f"#{t}" for t in card.tags],
        "suggestedHashtag": feeds.suggested_hashtag(video),
        "message": "Video found",
    }

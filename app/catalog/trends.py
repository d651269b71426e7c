"""Trend statistics and the score that ranks trends."""

import math
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

SECONDS_PER_DAY = 86_400
RECENCY_HALF_LIFE_DAYS = 14


class TrendVideo(Protocol):
    """What a trend summary reads from each of its videos."""

    view_count: int | None
    like_count: int | None
    username: str
    posted_at: datetime


@dataclass(frozen=True)
class TrendSummary:
    """Aggregates of the videos sharing one song."""

    video_count: int
    creator_count: int
    total_views: int
    total_likes: int
    first_video_date: datetime | None
    last_video_date: datetime | None


def trend_score(total_views: int, total_likes: int, creators: int, days_since_last: float) -> float:
    """10·log10(1+views) + 5·log10(1+likes) + 20·log2(1+creators) + 30·0.5^(days/14)."""
    reach = 10 * math.log10(1 + max(total_views, 0)) + 5 * math.log10(1 + max(total_likes, 0))
    spread = 20 * math.log2(1 + max(creators, 0))
    recency = 30 * 0.5 ** (max(days_since_last, 0.0) / RECENCY_HALF_LIFE_DAYS)
    return reach + spread + recency


def days_between(earlier: datetime, later: datetime) -> float:
    """Fractional days from one moment to a later one."""
    return (later - earlier).total_seconds() / SECONDS_PER_DAY


def summarize_trend(videos: Iterable[TrendVideo]) -> TrendSummary:
    """Video count, distinct creators, summed views and likes, first and last posting dates."""
    items = list(videos)
    dates = [video.posted_at for video in items]
    return TrendSummary(
        video_count=len(items),
        creator_count=len({video.username.casefold() for video in items}),
        total_views=sum(video.view_count or 0 for video in items),
        total_likes=sum(video.like_count or 0 for video in items),
        first_video_date=min(dates, default=None),
        last_video_date=max(dates, default=None),
    )


def score_summary(summary: TrendSummary, newest_in_catalog: datetime) -> float:
    """Trend score of a summary, its recency measured against the catalog's newest video."""
    last = summary.last_video_date or newest_in_catalog
    days = days_between(last, newest_in_catalog)
    return trend_score(summary.total_views, summary.total_likes, summary.creator_count, days)

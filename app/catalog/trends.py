"""Trend statistics and the score that ranks trends."""

import math
from datetime import UTC, date, datetime, timedelta

SECONDS_PER_DAY = 86_400
RECENCY_HALF_LIFE_DAYS = 14


def trend_score(total_views: int, total_likes: int, creators: int, days_since_last: float) -> float:
    """10·log10(1+views) + 5·log10(1+likes) + 20·log2(1+creators) + 30·0.5^(days/14)."""
    reach = 10 * math.log10(1 + max(total_views, 0)) + 5 * math.log10(1 + max(total_likes, 0))
    spread = 20 * math.log2(1 + max(creators, 0))
    recency = 30 * 0.5 ** (max(days_since_last, 0.0) / RECENCY_HALF_LIFE_DAYS)
    return reach + spread + recency


def days_between(earlier: datetime, later: datetime) -> float:
    """Fractional days from one moment to a later one."""
    return (later - earlier).total_seconds() / SECONDS_PER_DAY


RISING_WINDOW_DAYS = 14
RISING_DAMPING = 5


def rising_score(recent_videos: int, prior_videos: int, recent_creators: int) -> float:
    """How fast a trend is picking up now: (recent − prior) / (prior + 5) · ln(1 + recent creators), or 0.

    `recent` and `prior` count its videos posted in the catalog's last 14 days and in the 14 before. The 5 damps
    tiny trends (one video after none is not a rush); the creators' log rewards many people joining in without
    letting sheer size win. A trend that is not growing, or has no recent videos, is not rising: 0."""
    if recent_videos <= prior_videos or recent_creators <= 0:
        return 0.0
    growth = (recent_videos - prior_videos) / (prior_videos + RISING_DAMPING)
    return growth * math.log(1 + recent_creators)


def week_start(moment: datetime) -> date:
    """The Monday (UTC) of the ISO week a moment falls in: the weekly rows' key."""
    day = moment.astimezone(UTC).date() if moment.tzinfo else moment.date()
    return day - timedelta(days=day.weekday())

"""Trend statistics and the score that ranks trends."""

import math
from datetime import datetime

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

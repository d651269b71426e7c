"""How trends grew: a trend's weekly curve and every trend's last weeks, read from the weekly rows (TrendWeek) that
the aggregates keep, never by scanning videos per request."""

from collections.abc import Collection
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlalchemy import func, select

from app.catalog import week_start
from app.extensions import db
from app.models import Creator, Trend, TrendStarter, TrendWeek

WEEK = timedelta(days=7)
SPARKLINE_WEEKS = 8
# A curve shows at most this many weeks (close to six years), the latest ones; older views still count in its
# cumulative line.
MAX_CURVE_WEEKS = 300


@dataclass(frozen=True)
class WeekPoint:
    week_start: date
    videos: int
    views: int
    cumulative_views: int


@dataclass(frozen=True)
class Starter:
    creator: Creator
    first_video_at: datetime


@dataclass(frozen=True)
class TrendCurve:
    """A trend's videos and views per week, every week from its first to its last (weeks without videos as 0)."""

    trend: Trend
    weeks: list[WeekPoint]
    starters: list[Starter]
    capped: bool  # the first weeks were left out: the curve starts MAX_CURVE_WEEKS before its last week
    total_weeks: int

    @property
    def peak_weeks(self) -> list[WeekPoint]:
        """The weeks with the most videos, in order: often more than one in a small trend."""
        most = max((week.videos for week in self.weeks), default=0)
        return [week for week in self.weeks if most and week.videos == most]


def _weeks_between(first: date, last: date) -> int:
    return (last - first).days // 7 + 1


def trend_curve(trend: Trend) -> TrendCurve:
    starters = [
        Starter(creator, first)
        for creator, first in db.session.execute(
            select(Creator, TrendStarter.first_video_at)
            .join(TrendStarter, TrendStarter.creator_id == Creator.id)
            .where(TrendStarter.trend_id == trend.id)
            .order_by(TrendStarter.position)
        )
    ]
    if trend.first_video_at is None or trend.last_video_at is None or not trend.video_count:
        return TrendCurve(trend, [], starters, capped=False, total_weeks=0)
    first, last = week_start(trend.first_video_at), week_start(trend.last_video_at)
    total_weeks = _weeks_between(first, last)
    shown_from = max(first, last - (MAX_CURVE_WEEKS - 1) * WEEK)
    capped = shown_from > first
    before = capped and db.session.scalar(
        select(func.coalesce(func.sum(TrendWeek.view_count), 0)).where(
            TrendWeek.trend_id == trend.id, TrendWeek.week_start < shown_from
        )
    )
    rows = {
        row.week_start: row
        for row in db.session.scalars(
            select(TrendWeek).where(TrendWeek.trend_id == trend.id, TrendWeek.week_start >= shown_from)
        )
    }
    cumulative, weeks = int(before or 0), []
    for index in range(_weeks_between(shown_from, last)):
        day = shown_from + index * WEEK
        row = rows.get(day)
        videos, views = (row.video_count, int(row.view_count)) if row else (0, 0)
        cumulative += views
        weeks.append(WeekPoint(day, videos, views, cumulative))
    return TrendCurve(trend, weeks, starters, capped=capped, total_weeks=total_weeks)


def latest_week() -> date | None:
    """The week of the catalog's newest video: sparklines end there, so every trend's line covers the same weeks."""
    newest = db.session.scalar(select(func.max(Trend.last_video_at)))
    return week_start(newest) if newest is not None else None


def recent_weeks(trend_ids: Collection[int]) -> dict[int, list[int]]:
    """Each trend's videos per week over the catalog's last 8 weeks, oldest first: one query for a page of trends."""
    last = latest_week()
    if last is None or not trend_ids:
        return {trend_id: [0] * SPARKLINE_WEEKS for trend_id in trend_ids}
    first = last - (SPARKLINE_WEEKS - 1) * WEEK
    counts = {trend_id: [0] * SPARKLINE_WEEKS for trend_id in trend_ids}
    rows = db.session.execute(
        select(TrendWeek.trend_id, TrendWeek.week_start, TrendWeek.video_count).where(
            TrendWeek.trend_id.in_(list(trend_ids)), TrendWeek.week_start >= first, TrendWeek.week_start <= last
        )
    )
    for trend_id, day, videos in rows:
        counts[trend_id][(day - first).days // 7] = videos
    return counts

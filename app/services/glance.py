"""The portal at a glance: daily catalog snapshots, and the history the portal's charts read.

What happened on a day (videos added, reports by status, health-check outcomes) is recounted from the stored rows
whenever a snapshot or a backfill runs; the state of the catalog (active and inactive videos, metadata tiers) can
only be read as it is now, so it starts with the first snapshot.
"""

from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from itertools import accumulate

from sqlalchemy import ColumnElement, func, select

from app.extensions import db
from app.models import CHECK_OUTCOMES, CatalogDay, Job, JobKind, Video, VideoReport
from app.models.report import REVIEW_STATUSES
from app.models.types import utcnow
from app.services import health

RANGES = (30, 90, 365)
DEFAULT_RANGE = 90
# A backfill goes no further back than the longest range the portal shows.
BACKFILL_DAYS = max(RANGES)
# A check summary's counts by outcome (app/services/health.py CheckSummary).
SUMMARY_FIELDS = {
    "available": "available",
    "unavailable": "unavailable",
    "rate_limited": "rateLimited",
    "blocked": "blocked",
    "network": "networkErrors",
    "unknown": "unknownErrors",
}
TIERS = ("complete", "partial", "basic", "none")


def _start(day: date) -> datetime:
    return datetime.combine(day, time(), tzinfo=UTC)


def _days(since: date, until: date) -> Iterator[date]:
    for offset in range((until - since).days + 1):
        yield since + timedelta(days=offset)


def _utc_day(column) -> ColumnElement:
    """The UTC calendar day of a timestamp column, in SQL (PostgreSQL would use the session's time zone)."""
    if db.engine.dialect.name == "postgresql":
        return func.date(func.timezone("UTC", column))
    return func.date(column)


def _as_date(value: date | str) -> date:
    return value if isinstance(value, date) else date.fromisoformat(value)


def videos_added(since: date, until: date) -> dict[date, int]:
    """Videos first stored on each day from since to until (UTC), by their creation time."""
    day = _utc_day(Video.created_at)
    rows = db.session.execute(
        select(day, func.count(Video.id))
        .where(Video.created_at >= _start(since), Video.created_at < _start(until + timedelta(days=1)))
        .group_by(day)
    )
    return {_as_date(when): total for when, total in rows}


def _reports_by_day(moment, since: date, until: date, *conditions) -> dict[tuple[date | None, str], int]:
    """Reports counted by (the day of `moment`, status); None as the day for everything before `since`."""
    end = _start(until + timedelta(days=1))
    day = _utc_day(moment)
    before = select(VideoReport.status, func.count(VideoReport.id)).where(moment < _start(since), *conditions)
    within = (
        select(day, VideoReport.status, func.count(VideoReport.id))
        .where(moment >= _start(since), moment < end, *conditions)
        .group_by(day, VideoReport.status)
    )
    counts: dict[tuple[date | None, str], int] = {}
    for status, total in db.session.execute(before.group_by(VideoReport.status)):
        counts[None, status] = total
    for when, status, total in db.session.execute(within):
        counts[_as_date(when), status] = total
    return counts


def report_statuses(since: date, until: date) -> dict[date, dict[str, int]]:
    """Reports by status at the end of each day. A report counts as pending from its creation and as its present
    status from its last review (the reports keep no earlier statuses)."""
    reviewed_at = func.coalesce(VideoReport.reviewed_at, VideoReport.created_at)
    created: Counter = Counter()
    for (day, _), total in _reports_by_day(VideoReport.created_at, since, until).items():
        created[day] += total
    reviewed = _reports_by_day(reviewed_at, since, until, VideoReport.status != "pending")
    days: list[date | None] = [None, *_days(since, until)]
    received = list(accumulate(created[day] for day in days))
    settled = {
        status: list(accumulate(reviewed.get((day, status), 0) for day in days))
        for status in REVIEW_STATUSES
        if status != "pending"
    }
    result: dict[date, dict[str, int]] = {}
    for position, day in enumerate(_days(since, until), start=1):
        by_status: dict[str, int] = {status: totals[position] for status, totals in settled.items()}
        result[day] = {"pending": received[position] - sum(by_status.values()), **by_status}
    return result


def check_outcomes(since: date, until: date) -> dict[date, Counter]:
    """Health-check outcomes by cause, summed over the checks that finished on each day (a handful a day)."""
    jobs = db.session.execute(
        select(Job.finished_at, Job.result).where(
            Job.kind == JobKind.HEALTH_CHECK,
            Job.status == "finished",
            Job.finished_at >= _start(since),
            Job.finished_at < _start(until + timedelta(days=1)),
        )
    )
    outcomes: dict[date, Counter] = defaultdict(Counter)
    for finished_at, result in jobs:
        summary = (result or {}).get("summary") or {}
        day = finished_at.astimezone(UTC).date()
        outcomes[day].update({outcome: int(summary.get(field) or 0) for outcome, field in SUMMARY_FIELDS.items()})
    return outcomes


def _recount(since: date, until: date) -> dict[date, CatalogDay]:
    """Write what happened on each day from since to until into its row (made when missing); the rows by day."""
    added = videos_added(since, until)
    reports = report_statuses(since, until)
    checks = check_outcomes(since, until)
    rows = {row.day: row for row in db.session.scalars(select(CatalogDay).where(CatalogDay.day.between(since, until)))}
    for day in _days(since, until):
        row = rows.get(day)
        if row is None:
            row = rows[day] = CatalogDay(day=day)
            db.session.add(row)
        row.videos_added = added.get(day, 0)
        for status, total in reports[day].items():
            setattr(row, f"reports_{status}", total)
        for outcome in CHECK_OUTCOMES:
            setattr(row, f"checks_{outcome}", checks[day][outcome] if day in checks else 0)
    return rows


def take_snapshot(now: datetime | None = None) -> CatalogDay:
    """Today's row: the catalog as it is now and what happened today; yesterday's row, if any, is finished."""
    now = now or utcnow()
    today = now.astimezone(UTC).date()
    yesterday = today - timedelta(days=1)
    # Yesterday is finished only where it was begun: a first snapshot starts the history today, not the day before.
    row = _recount(yesterday if db.session.get(CatalogDay, yesterday) else today, today)[today]
    status = health.health_status()
    row.active_videos, row.inactive_videos = status["active"], status["inactive"]
    row.tier_complete, row.tier_partial = status["completeMetadata"], status["partialMetadata"]
    row.tier_basic, row.tier_none = status["basicMetadata"], status["noMetadata"]
    row.snapshot_at = now
    db.session.commit()
    return row


def backfill(now: datetime | None = None) -> int:
    """Recount what happened on every day since the first stored video, report or health check (at most a year
    back); the days' snapshots of the catalog's state are left as they are. Answers how many days were written."""
    today = (now or utcnow()).astimezone(UTC).date()
    earliest = [
        db.session.scalar(select(func.min(Video.created_at))),
        db.session.scalar(select(func.min(VideoReport.created_at))),
        db.session.scalar(select(func.min(Job.finished_at)).where(Job.kind == JobKind.HEALTH_CHECK)),
    ]
    known = [moment.astimezone(UTC).date() for moment in earliest if moment is not None]
    since = max(min(known, default=today), today - timedelta(days=BACKFILL_DAYS - 1))
    _recount(since, today)
    db.session.commit()
    return (today - since).days + 1


@dataclass(frozen=True)
class History:
    days: list[date]
    rows: list[CatalogDay | None]

    def values(self, column: str) -> list[int]:
        """A counted column for every day; a day without a row counts nothing."""
        return [getattr(row, column) if row else 0 for row in self.rows]

    def snapshots(self) -> list[CatalogDay]:
        """The days whose snapshot of the catalog's state was taken."""
        return [row for row in self.rows if row is not None and row.snapshot_at is not None]

    def last_row(self) -> CatalogDay | None:
        """The newest day recorded: today's row is written only by the day's snapshot, late in the day."""
        return next((row for row in reversed(self.rows) if row is not None), None)


def history(days: int, now: datetime | None = None) -> History:
    """The last `days` days up to today, oldest first, from the first recorded one: at most max(RANGES) snapshot
    rows, nothing else read."""
    days = min(max(days, 1), max(RANGES))
    today = (now or utcnow()).astimezone(UTC).date()
    since = today - timedelta(days=days - 1)
    rows = {row.day: row for row in db.session.scalars(select(CatalogDay).where(CatalogDay.day.between(since, today)))}
    if not rows:
        return History([], [])
    # The history starts at its first row: before it nothing was counted, which is not the same as nothing happening.
    dates = list(_days(min(rows), today))
    return History(dates, [rows.get(day) for day in dates])

"""The developer portal's 'At a glance' section: charts of the daily catalog snapshots, drawn on the server."""

from datetime import UTC, date, datetime

from babel.dates import format_skeleton
from flask_babel import gettext
from pydantic import Field, field_validator

from app.api.schemas import ApiModel
from app.charts import Chart, Series
from app.i18n import current_language, exact_count
from app.services import glance
from app.services.glance import History


class GlanceRange(ApiModel):
    days: int = Field(default=glance.DEFAULT_RANGE, title="Days")

    @field_validator("days")
    @classmethod
    def one_of_the_ranges(cls, days: int) -> int:
        if days not in glance.RANGES:
            raise ValueError(f"Choose {', '.join(map(str, glance.RANGES[:-1]))} or {glance.RANGES[-1]} days")
        return days


def short_date(day: date) -> str:
    """'Nov 26' in English, '26 thg 11' in Vietnamese."""
    return format_skeleton("MMMd", day, locale=current_language())


def short_moment(moment: datetime) -> str:
    """'Nov 26 15:04' in English, '26 thg 11 15:04' in Vietnamese: in UTC, as the days are UTC days."""
    utc = moment.astimezone(UTC)
    return f"{short_date(utc.date())} {format_skeleton('Hm', utc, locale=current_language(), tzinfo=UTC)}"


def _videos_added(history: History) -> Chart:
    added = history.values("videos_added")
    total = exact_count(sum(added))
    if len(history.days) == 1:
        summary = gettext("Videos added on %(day)s: %(count)s.", day=short_date(history.days[0]), count=total)
    else:
        summary = gettext("Videos added in the last %(num)s days: %(count)s.", num=len(history.days), count=total)
    if any(added) and len(history.days) > 1:
        busiest = max(range(len(added)), key=lambda index: (added[index], index))
        summary += " " + gettext(
            "The most on %(day)s: %(count)s.", day=short_date(history.days[busiest]), count=exact_count(added[busiest])
        )
    return Chart(
        gettext("Videos added per day"),
        [short_date(day) for day in history.days],
        [Series(gettext("Videos added"), added, kind="bar")],
        summary,
    )


def _no_snapshot() -> str:
    return gettext("No snapshot yet: the first is taken at the end of the day, or with `flask catalog snapshot`.")


def _active_and_inactive(history: History) -> Chart:
    rows = history.snapshots()
    summary = (
        gettext(
            "On %(day)s: %(active)s active and %(inactive)s inactive videos.",
            day=short_date(rows[-1].day),
            active=exact_count(rows[-1].active_videos),
            inactive=exact_count(rows[-1].inactive_videos),
        )
        if rows
        else _no_snapshot()
    )
    return Chart(
        gettext("Active and inactive videos"),
        [short_date(row.day) for row in rows],
        [
            Series(gettext("Active"), [row.active_videos or 0 for row in rows]),
            Series(gettext("Inactive"), [row.inactive_videos or 0 for row in rows]),
        ],
        summary,
    )


# The colours the health checker's tier bar and the reports' status badges give them (static/css/portal.css).
TIER_TONES = {"complete": "success", "partial": "info", "basic": "warning", "none": "danger"}
STATUS_TONES = {"pending": "warning", "reviewed": "info", "approved": "success", "rejected": "danger"}


def _metadata_tiers(history: History) -> Chart:
    rows = history.snapshots()
    names = {
        "complete": gettext("Complete"),
        "partial": gettext("Partial"),
        "basic": gettext("Basic"),
        "none": gettext("None"),
    }
    summary = _no_snapshot()
    if rows:
        latest = ", ".join(f"{names[tier]} {exact_count(getattr(rows[-1], f'tier_{tier}'))}" for tier in glance.TIERS)
        summary = gettext("Videos by metadata tier on %(day)s: %(tiers)s.", day=short_date(rows[-1].day), tiers=latest)
    return Chart(
        gettext("Videos by metadata tier"),
        [short_date(row.day) for row in rows],
        [
            Series(names[tier], [getattr(row, f"tier_{tier}") or 0 for row in rows], tone=TIER_TONES[tier])
            for tier in glance.TIERS
        ],
        summary,
    )


def _reports(history: History) -> Chart:
    names = {
        "pending": gettext("Pending"),
        "reviewed": gettext("Reviewed"),
        "approved": gettext("Approved"),
        "rejected": gettext("Rejected"),
    }
    series = [
        Series(name, history.values(f"reports_{status}"), tone=STATUS_TONES[status]) for status, name in names.items()
    ]
    labels = [short_date(day) for day in history.days]
    last = history.last_row()
    day = short_date(last.day if last else history.days[-1])
    counts = {status: getattr(last, f"reports_{status}") if last else 0 for status in names}
    if not any(counts.values()):
        return Chart(gettext("Reports by status"), labels, series, gettext("No reports as of %(day)s.", day=day))
    latest = ", ".join(f"{name} {exact_count(counts[status])}" for status, name in names.items())
    summary = gettext("Reports by status on %(day)s: %(statuses)s.", day=day, statuses=latest)
    return Chart(gettext("Reports by status"), labels, series, summary)


def _health_checks(history: History) -> Chart:
    names = {
        "available": gettext("Available"),
        "unavailable": gettext("Unavailable"),
        "rate_limited": gettext("Rate limited"),
        "blocked": gettext("Blocked"),
        "network": gettext("Network errors"),
        "unknown": gettext("Unknown errors"),
    }
    series = [Series(name, history.values(f"checks_{outcome}")) for outcome, name in names.items()]
    labels = [short_date(day) for day in history.days]
    title = gettext("Health-check outcomes by cause")
    if not any(sum(one.values) for one in series):
        last = history.last_row()
        day = short_date(last.day if last else history.days[-1])
        return Chart(title, labels, series, gettext("No health checks up to %(day)s.", day=day))
    totals = ", ".join(f"{one.name} {exact_count(sum(one.values))}" for one in series)
    if len(history.days) == 1:
        summary = gettext(
            "Videos checked on %(day)s, by outcome: %(totals)s.", day=short_date(history.days[0]), totals=totals
        )
    else:
        summary = gettext(
            "Videos checked in the last %(num)s days, by outcome: %(totals)s.", num=len(history.days), totals=totals
        )
    return Chart(title, labels, series, summary)


def glance_context(days: int) -> dict:
    """What the section's template needs: the charts of the last `days` days, and the range choice."""
    history = glance.history(days)
    charts = (
        [
            _videos_added(history),
            _active_and_inactive(history),
            _metadata_tiers(history),
            _reports(history),
            _health_checks(history),
        ]
        if history.days
        else []
    )
    # A day's counts are those of its last snapshot: what happened since (a report filed) is not in them yet.
    snapshots = history.snapshots()
    newest = short_moment(snapshots[-1].snapshot_at) if snapshots and snapshots[-1].snapshot_at else None
    return {"glance_charts": charts, "glance_days": days, "glance_ranges": glance.RANGES, "glance_newest": newest}

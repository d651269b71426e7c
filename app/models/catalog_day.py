"""Daily snapshots of the catalog: the history the developer portal's 'At a glance' charts draw."""

from datetime import date, datetime

from sqlalchemy import Date, Integer
from sqlalchemy.orm import Mapped, mapped_column

from app.extensions import Model
from app.models.types import UTCDateTime

# Health-check outcomes by cause: an answer from TikTok (available or gone) or why there was none.
CHECK_OUTCOMES = ("available", "unavailable", "rate_limited", "blocked", "network", "unknown")


class CatalogDay(Model):
    """One UTC day. What happened that day (videos added, health-check outcomes) can be recounted at any time;
    the state at the end of the day (active and inactive videos, metadata tiers) only when that day's snapshot is
    taken, so it is null on days before the first one. Report statuses are known from the reports' own times."""

    __tablename__ = "catalog_days"

    day: Mapped[date] = mapped_column(Date, primary_key=True)
    videos_added: Mapped[int] = mapped_column(Integer, default=0)
    active_videos: Mapped[int | None] = mapped_column(Integer)
    inactive_videos: Mapped[int | None] = mapped_column(Integer)
    tier_complete: Mapped[int | None] = mapped_column(Integer)
    tier_partial: Mapped[int | None] = mapped_column(Integer)
    tier_basic: Mapped[int | None] = mapped_column(Integer)
    tier_none: Mapped[int | None] = mapped_column(Integer)
    reports_pending: Mapped[int] = mapped_column(Integer, default=0)
    reports_reviewed: Mapped[int] = mapped_column(Integer, default=0)
    reports_approved: Mapped[int] = mapped_column(Integer, default=0)
    reports_rejected: Mapped[int] = mapped_column(Integer, default=0)
    checks_available: Mapped[int] = mapped_column(Integer, default=0)
    checks_unavailable: Mapped[int] = mapped_column(Integer, default=0)
    checks_rate_limited: Mapped[int] = mapped_column(Integer, default=0)
    checks_blocked: Mapped[int] = mapped_column(Integer, default=0)
    checks_network: Mapped[int] = mapped_column(Integer, default=0)
    checks_unknown: Mapped[int] = mapped_column(Integer, default=0)
    snapshot_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

"""Reports of videos that no longer play."""

from datetime import datetime
from typing import TYPE_CHECKING, Literal, get_args

from sqlalchemy import ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from app.extensions import Model
from app.models.types import UTCDateTime, utcnow

if TYPE_CHECKING:
    from app.models.user import User

REPORT_STATUSES = ("pending", "reviewed", "approved", "rejected")


ReviewStatus = Literal["pending", "reviewed", "approved", "rejected"]
REVIEW_STATUSES: tuple[ReviewStatus, ...] = get_args(ReviewStatus)


class VideoReport(Model):
    """One report per video and reporter (an account, else an IP address)."""

    __tablename__ = "video_reports"
    __table_args__ = (
        UniqueConstraint("video_id", "reporter_key", name="uq_video_reports_video_reporter"),
        Index("ix_video_reports_status_created", "status", "created_at"),
        Index("ix_video_reports_created", "created_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    video_id: Mapped[str] = mapped_column(String(32))
    video_pk: Mapped[int | None] = mapped_column(ForeignKey("videos.id", ondelete="SET NULL"), index=True)
    username: Mapped[str] = mapped_column(String(64))
    reason: Mapped[str] = mapped_column(String(200), default="Video unavailable")
    status: Mapped[ReviewStatus] = mapped_column(String(16), default="pending")
    reporter_key: Mapped[str] = mapped_column(String(100))
    reported_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)
    reported_by_ip: Mapped[str | None] = mapped_column(String(64))
    reviewed_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    reviewed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    notes: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

    reported_by: Mapped["User | None"] = relationship("User", foreign_keys=[reported_by_id])
    reviewed_by: Mapped["User | None"] = relationship("User", foreign_keys=[reviewed_by_id])

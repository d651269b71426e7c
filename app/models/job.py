"""Background jobs (keyed by the RQ job id) and the video downloads they produce."""

from datetime import datetime
from enum import StrEnum
from typing import Literal, get_args

from sqlalchemy import JSON, BigInteger, Boolean, ForeignKey, Index, Integer, String, Text, select
from sqlalchemy.orm import Mapped, mapped_column

from app.extensions import Model, db
from app.models.types import UTCDateTime, utcnow

JobStatus = Literal["queued", "running", "finished", "failed"]
JOB_STATUSES: tuple[JobStatus, ...] = get_args(JobStatus)
DownloadStatus = Literal["queued", "downloading", "finished", "failed"]
ACTIVE_STATUSES = ("queued", "running")


class JobKind(StrEnum):
    """What a job does; its rows are found by kind (and target)."""

    PROFILE_EXTRACTION = "extract-profile"
    VIDEO_DOWNLOAD = "download-video"
    CREATOR_DOWNLOAD = "download-creator"
    HEALTH_CHECK = "health-check"
    TIKTOK_CANARY = "tiktok-canary"
    CATALOG_REFRESH = "refresh-catalog"


class Job(Model):
    __tablename__ = "jobs"
    __table_args__ = (
        Index("ix_jobs_kind_target_created", "kind", "target", "created_at"),
        Index("ix_jobs_status", "status"),
    )

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    kind: Mapped[str] = mapped_column(String(40))
    queue: Mapped[str] = mapped_column(String(40))
    target: Mapped[str | None] = mapped_column(String(200))
    status: Mapped[JobStatus] = mapped_column(String(16), default="queued")
    params: Mapped[dict] = mapped_column(JSON, default=dict)
    progress: Mapped[dict] = mapped_column(JSON, default=dict)
    result: Mapped[dict | None] = mapped_column(JSON)
    error: Mapped[str | None] = mapped_column(Text)
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    started_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    heartbeat_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    @property
    def is_active(self) -> bool:
        """Queued or running: not over yet."""
        return self.status in ACTIVE_STATUSES

    @classmethod
    def newest(cls, kind: JobKind, target: str | None = None, status: str | None = None) -> "Job | None":
        """The newest job of a kind, optionally for one target (kept lowercase) or with one status."""
        query = select(cls).where(cls.kind == kind)
        if target is not None:
            query = query.where(cls.target == target.lower())
        if status is not None:
            query = query.where(cls.status == status)
        return db.session.scalar(query.order_by(cls.created_at.desc(), cls.id.desc()).limit(1))


class Download(Model):
    """A video fetched into MEDIA_DIR; served by id, never by a client-supplied path."""

    __tablename__ = "downloads"
    __table_args__ = (Index("ix_downloads_video_created", "video_id", "created_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    video_id: Mapped[str] = mapped_column(String(32))
    username: Mapped[str] = mapped_column(String(64))
    status: Mapped[DownloadStatus] = mapped_column(String(16), default="queued")
    file_name: Mapped[str | None] = mapped_column(String(200))
    size_bytes: Mapped[int | None] = mapped_column(BigInteger)
    error: Mapped[str | None] = mapped_column(Text)
    add_to_site: Mapped[bool] = mapped_column(Boolean, default=False)
    tags: Mapped[str] = mapped_column(Text, default="")
    job_id: Mapped[str | None] = mapped_column(ForeignKey("jobs.id", ondelete="SET NULL"), index=True)
    requested_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

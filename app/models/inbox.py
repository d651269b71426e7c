"""What visitors send the team: uploaded videos awaiting review and contact messages."""

from datetime import datetime

from sqlalchemy import BigInteger, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from app.extensions import Model
from app.i18n import N_
from app.models.types import UTCDateTime, utcnow

CONTACT_SUBJECTS: dict[str, str] = {
    "general": N_("General Inquiry"),
    "support": N_("Technical Support"),
    "content-concern": N_("Content Concern"),
    "copyright": N_("Copyright Guidance"),
    "partnership": N_("Partnership/Business Inquiry"),
    "feedback": N_("Feedback/Suggestion"),
    "other": N_("Other"),
}


class Upload(Model):
    """A video submitted through /upload, stored under MEDIA_DIR as a pending submission."""

    __tablename__ = "uploads"
    __table_args__ = (Index("ix_uploads_status_created", "status", "created_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)
    title: Mapped[str] = mapped_column(String(100))
    description: Mapped[str] = mapped_column(Text, default="")
    category: Mapped[str] = mapped_column(String(32), default="")
    tags: Mapped[str] = mapped_column(Text, default="")
    visibility: Mapped[str] = mapped_column(String(16), default="public")
    file_name: Mapped[str] = mapped_column(String(200))
    original_name: Mapped[str] = mapped_column(String(300))
    content_type: Mapped[str] = mapped_column(String(100))
    size_bytes: Mapped[int] = mapped_column(BigInteger)
    thumbnail_name: Mapped[str | None] = mapped_column(String(200))
    status: Mapped[str] = mapped_column(String(16), default="pending")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class ContactMessage(Model):
    __tablename__ = "contact_messages"
    __table_args__ = (Index("ix_contact_messages_created", "created_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    email: Mapped[str] = mapped_column(String(254))
    subject: Mapped[str] = mapped_column(String(32))
    message: Mapped[str] = mapped_column(Text)
    ip: Mapped[str | None] = mapped_column(String(64))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    handled_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

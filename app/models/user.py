"""People with accounts."""

from datetime import datetime

from flask_login import UserMixin
from sqlalchemy import Boolean, Index, Integer, String, Text, func
from sqlalchemy.orm import Mapped, mapped_column

from app.extensions import db
from app.models.types import UTCDateTime, utcnow

ROLE_ADMIN = "admin"
ROLE_USER = "user"
PROFILE_VISIBILITIES = ("public", "private", "friends")


class User(UserMixin, db.Model):
    __tablename__ = "users"
    __table_args__ = (Index("ix_users_created_at", "created_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str] = mapped_column(String(30))
    email: Mapped[str] = mapped_column(String(254), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    role: Mapped[str] = mapped_column(String(16), default=ROLE_USER)
    display_name: Mapped[str | None] = mapped_column(String(100))
    bio: Mapped[str] = mapped_column(Text, default="")
    avatar: Mapped[str | None] = mapped_column(String(500))
    profile_visibility: Mapped[str] = mapped_column(String(16), default="public")
    email_notifications: Mapped[bool] = mapped_column(Boolean, default=True)
    session_version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)

    @property
    def is_admin(self) -> bool:
        return self.role == ROLE_ADMIN

    def get_id(self) -> str:
        """Session identity: id plus session version, so bumping the version ends every session."""
        return f"{self.id}:{self.session_version}"

    def end_all_sessions(self) -> None:
        """Invalidate every cookie session and bearer token of this user."""
        self.session_version = (self.session_version or 0) + 1

    def __repr__(self) -> str:
        return f"<User {self.username}>"


Index("uq_users_username_lower", func.lower(User.username), unique=True)

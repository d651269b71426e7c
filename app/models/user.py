"""People with accounts."""

from datetime import datetime
from typing import TYPE_CHECKING, Literal, get_args

from flask_login import UserMixin
from sqlalchemy import BigInteger, Boolean, ForeignKey, Index, Integer, String, Text, delete, func
from sqlalchemy.orm import Mapped, mapped_column

from app.extensions import Model, db
from app.models.creator import Creator, Follow
from app.models.search import Searchable, people_text
from app.models.types import UTCDateTime, utcnow

ROLE_ADMIN = "admin"
ROLE_USER = "user"
ProfileVisibility = Literal["public", "private", "friends"]
PROFILE_VISIBILITIES: tuple[str, ...] = get_args(ProfileVisibility)


class User(UserMixin, Searchable, Model):
    __tablename__ = "users"
    __table_args__ = (
        Index("ix_users_created_at", "created_at"),
        Index("uq_users_following_feed_key", "following_feed_key", unique=True),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str] = mapped_column(String(30))
    email: Mapped[str] = mapped_column(String(254), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    role: Mapped[str] = mapped_column(String(16), default=ROLE_USER)
    display_name: Mapped[str | None] = mapped_column(String(100))
    bio: Mapped[str] = mapped_column(Text, default="")
    avatar: Mapped[str | None] = mapped_column(String(500))
    profile_visibility: Mapped[ProfileVisibility] = mapped_column(String(16), default="public")
    email_notifications: Mapped[bool] = mapped_column(Boolean, default=True)
    language: Mapped[str | None] = mapped_column(String(8))  # the interface's language; none: the browser's
    totp_secret: Mapped[str | None] = mapped_column(String(64))
    totp_enabled: Mapped[bool] = mapped_column(Boolean, default=False)
    totp_last_step: Mapped[int | None] = mapped_column(BigInteger)  # the time step of the last code accepted
    # The key in the address of the user's private Atom feed of their Following videos; reset makes a new one.
    following_feed_key: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)

    # The sign-in (AuthSession key) this request is made under; not a column, so typed for the checker alone (the ORM
    # would take an annotation for a column).
    if TYPE_CHECKING:
        sign_in_key: str | None
    sign_in_key = None

    search_sources = ("username", "display_name", "bio")

    @classmethod
    def compose_search_text(cls, username: str | None, display_name: str | None, bio: str | None) -> str:
        """Found by any part of the username, the display name or the bio."""
        return people_text(username, display_name, bio)

    @property
    def is_admin(self) -> bool:
        return self.role == ROLE_ADMIN

    def follows(self, creator: Creator) -> bool:
        return db.session.get(Follow, (self.id, creator.id)) is not None

    def follow(self, creator: Creator) -> None:
        if not self.follows(creator):
            db.session.add(Follow(user_id=self.id, creator_id=creator.id))

    def unfollow(self, creator: Creator) -> None:
        db.session.execute(delete(Follow).where(Follow.user_id == self.id, Follow.creator_id == creator.id))

    def get_id(self) -> str | None:
        """What the session and remember cookies name: the sign-in, never the user id (see AuthSession)."""
        return self.sign_in_key

    def __repr__(self) -> str:
        return f"<User {self.username}>"


Index("uq_users_username_lower", func.lower(User.username), unique=True)


class UsernameRedirect(Model):
    """A username someone gave up: its old profile address redirects to the new one."""

    __tablename__ = "username_redirects"

    old_username: Mapped[str] = mapped_column(String(30), primary_key=True)  # lower-cased
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class PasswordReset(Model):
    """A one-time password reset link; only its hash is stored."""

    __tablename__ = "password_resets"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class PendingEmailChange(Model):
    """A new e-mail address waiting for the link mailed to it (one per account); only the link's hash is stored."""

    __tablename__ = "pending_email_changes"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True, unique=True)
    email: Mapped[str] = mapped_column(String(254))
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)


class RecoveryCode(Model):
    """A single-use two-factor recovery code; only its hash is stored."""

    __tablename__ = "recovery_codes"

    code_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class AuthSession(Model):
    """One sign-in. Its cookie session, remember cookie and bearer token all carry its random key, so ending it
    (logout), or every sign-in of the user (log out everywhere, a new password, deletion), ends all three.
    A key is random, so nothing issued to one account can ever name another; only its hash is stored."""

    __tablename__ = "auth_sessions"

    key_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)


class PendingRegistration(Model):
    """A registration waiting for the link mailed to its address; only the link's hash is stored."""

    __tablename__ = "pending_registrations"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    username: Mapped[str] = mapped_column(String(30))
    email: Mapped[str] = mapped_column(String(254), index=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)

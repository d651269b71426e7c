"""TikTok creators the site monitors, and the users who follow them."""

from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import Boolean, ForeignKey, Index, Integer, String, func, select
from sqlalchemy.orm import Mapped, mapped_column, relationship

from app.extensions import Model, db
from app.models.search import Searchable, people_text
from app.models.types import UTCDateTime, utcnow

if TYPE_CHECKING:
    from app.models.video import Video


class Creator(Searchable, Model):
    """A tracked (monitored) TikTok username; its videos go when it goes."""

    __tablename__ = "creators"
    __table_args__ = (Index("ix_creators_is_active_username", "is_active", "username"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str] = mapped_column(String(64))
    display_name: Mapped[str | None] = mapped_column(String(200))
    tiktok_user_id: Mapped[str | None] = mapped_column(String(64))
    sec_uid: Mapped[str | None] = mapped_column(String(200))
    avatar_url: Mapped[str | None] = mapped_column(String(1000))
    is_active: Mapped[bool] = mapped_column(Boolean, default=True)
    follower_count: Mapped[int] = mapped_column(Integer, default=0)  # on TikTok
    # Users of this site who follow it; kept by the database itself (migrations/versions/0017_site_followers.py).
    site_follower_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    video_count: Mapped[int] = mapped_column(Integer, default=0)
    added_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    last_listed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

    videos: Mapped[list["Video"]] = relationship("Video", back_populates="creator", passive_deletes=True)

    search_sources = ("username", "display_name")

    @classmethod
    def compose_search_text(cls, username: str | None, display_name: str | None) -> str:
        """Found by any part of its handle or name."""
        return people_text(username, display_name)

    def __repr__(self) -> str:
        return f"<Creator @{self.username}>"

    @classmethod
    def by_username(cls, username: str) -> "Creator | None":
        """The creator with this handle, whatever its case (handles are unique regardless of case)."""
        return db.session.scalar(select(cls).where(func.lower(cls.username) == username.strip().lower()))


Index("uq_creators_username_lower", func.lower(Creator.username), unique=True)
# The order of the creators directory and the follow suggestions, and the index they walk in it.
MOST_FOLLOWED_FIRST = (Creator.site_follower_count.desc(), Creator.video_count.desc(), Creator.username)
Index("ix_creators_by_site_followers", Creator.is_active, *MOST_FOLLOWED_FIRST)


class Follow(Model):
    """A user following a creator."""

    __tablename__ = "follows"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    creator_id: Mapped[int] = mapped_column(ForeignKey("creators.id", ondelete="CASCADE"), primary_key=True, index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

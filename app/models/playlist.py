"""User playlists of videos."""

from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import Boolean, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from app.extensions import Model
from app.models.types import UTCDateTime, utcnow

if TYPE_CHECKING:
    from app.models.user import User

PLAYLIST_NAME_MAX = 100
PLAYLIST_DESCRIPTION_MAX = 500


class Playlist(Model):
    __tablename__ = "playlists"
    __table_args__ = (
        Index("ix_playlists_public_created", "is_public", "created_at"),
        Index("ix_playlists_user_created", "user_id", "created_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(PLAYLIST_NAME_MAX))
    description: Mapped[str] = mapped_column(Text, default="")
    is_public: Mapped[bool] = mapped_column(Boolean, default=False)
    video_count: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)

    owner: Mapped["User"] = relationship("User")

    def __repr__(self) -> str:
        return f"<Playlist {self.name}>"


class PlaylistEntry(Model):
    __tablename__ = "playlist_entries"
    __table_args__ = (Index("ix_playlist_entries_playlist_position", "playlist_id", "position"),)

    playlist_id: Mapped[int] = mapped_column(ForeignKey("playlists.id", ondelete="CASCADE"), primary_key=True)
    video_id: Mapped[int] = mapped_column(ForeignKey("videos.id", ondelete="CASCADE"), primary_key=True, index=True)
    position: Mapped[int] = mapped_column(Integer, default=0)
    added_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

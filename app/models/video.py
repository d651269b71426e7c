"""TikTok videos, keyed by TikTok's own video id."""

from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import BigInteger, Boolean, Float, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from app.catalog import search_words
from app.extensions import Model
from app.models.search import Searchable
from app.models.types import UTCDateTime, utcnow

if TYPE_CHECKING:
    from app.models.creator import Creator
    from app.models.hashtag import Hashtag
    from app.models.trend import Trend


class Video(Searchable, Model):
    """One embedded TikTok video with its metadata; removal marks it inactive, deletion comes with its creator."""

    __tablename__ = "videos"
    __table_args__ = (
        Index("ix_videos_trend_active_random", "trend_id", "is_active", "random_key"),
        Index("ix_videos_trend_active_views", "trend_id", "is_active", "view_count"),
        Index("ix_videos_trend_active_posted", "trend_id", "is_active", "posted_at"),
        Index("ix_videos_trend_active_likes", "trend_id", "is_active", "like_count"),
        Index("ix_videos_creator_active_posted", "creator_id", "is_active", "posted_at"),
        Index("ix_videos_creator_active_views", "creator_id", "is_active", "view_count"),
        Index("ix_videos_creator_active_likes", "creator_id", "is_active", "like_count"),
        Index("ix_videos_active_posted", "is_active", "posted_at"),
        Index("ix_videos_active_views", "is_active", "view_count"),
        Index("ix_videos_active_likes", "is_active", "like_count"),
        Index("ix_videos_active_random", "is_active", "random_key"),
        Index("ix_videos_checked_at", "checked_at"),
        Index("ix_videos_created_at", "created_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    video_id: Mapped[str] = mapped_column(String(32), unique=True)
    creator_id: Mapped[int] = mapped_column(ForeignKey("creators.id", ondelete="CASCADE"))
    trend_id: Mapped[int | None] = mapped_column(ForeignKey("trends.id", ondelete="SET NULL"))
    video_url: Mapped[str] = mapped_column(String(300))
    direct_url: Mapped[str | None] = mapped_column(Text)
    thumbnail_url: Mapped[str | None] = mapped_column(Text)
    title: Mapped[str | None] = mapped_column(String(300))
    description: Mapped[str | None] = mapped_column(Text)
    duration: Mapped[int | None] = mapped_column(Integer)
    width: Mapped[int | None] = mapped_column(Integer)
    height: Mapped[int | None] = mapped_column(Integer)
    format: Mapped[str | None] = mapped_column(String(32))
    track: Mapped[str | None] = mapped_column(String(300))
    artist: Mapped[str | None] = mapped_column(String(300))
    music_id: Mapped[str | None] = mapped_column(String(64))
    is_original_sound: Mapped[bool] = mapped_column(Boolean, default=False)
    song_key: Mapped[str | None] = mapped_column(String(700), index=True)
    view_count: Mapped[int] = mapped_column(BigInteger, default=0)
    like_count: Mapped[int] = mapped_column(BigInteger, default=0)
    comment_count: Mapped[int] = mapped_column(BigInteger, default=0)
    share_count: Mapped[int] = mapped_column(BigInteger, default=0)
    save_count: Mapped[int | None] = mapped_column(BigInteger)
    posted_at: Mapped[datetime] = mapped_column(UTCDateTime)
    is_active: Mapped[bool] = mapped_column(Boolean, default=True)
    is_photo_post: Mapped[bool] = mapped_column(Boolean, default=False)
    random_key: Mapped[float] = mapped_column(Float)
    source: Mapped[str | None] = mapped_column(String(64))
    url_extracted_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    metadata_extracted_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    checked_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)

    creator: Mapped["Creator"] = relationship("Creator", back_populates="videos")
    trend: Mapped["Trend | None"] = relationship("Trend")
    hashtags: Mapped[list["Hashtag"]] = relationship("Hashtag", secondary="video_hashtags", viewonly=True)

    search_sources = ("title", "description")

    @classmethod
    def compose_search_text(cls, title: str | None, description: str | None) -> str:
        """Found by the words of its caption: the longer of title and description, as it is shown."""
        return search_words(max(title or "", description or "", key=len))

    def __repr__(self) -> str:
        return f"<Video {self.video_id}>"

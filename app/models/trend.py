"""Dance trends: videos grouped by song, with totals kept up to date as videos change."""

from datetime import date, datetime

from sqlalchemy import BigInteger, Boolean, Date, Float, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from app.catalog import search_words
from app.extensions import Model
from app.models.search import Searchable
from app.models.types import UTCDateTime, utcnow


class Trend(Searchable, Model):
    __tablename__ = "trends"
    __table_args__ = (
        Index("ix_trends_random", "random_key"),
        Index("ix_trends_score", "trend_score"),
        Index("ix_trends_views", "total_views"),
        Index("ix_trends_video_count", "video_count"),
        Index("ix_trends_first_video", "first_video_at"),
        Index("ix_trends_last_video", "last_video_at"),
        Index("ix_trends_rising", "rising_score"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    song_key: Mapped[str] = mapped_column(String(700), unique=True)
    slug: Mapped[str] = mapped_column(String(120), index=True)
    track: Mapped[str] = mapped_column(String(300))
    artist: Mapped[str] = mapped_column(String(300))
    search_term: Mapped[str] = mapped_column(String(300))
    is_original_sound: Mapped[bool] = mapped_column(Boolean, default=False)
    video_count: Mapped[int] = mapped_column(Integer, default=0)
    creator_count: Mapped[int] = mapped_column(Integer, default=0)
    total_views: Mapped[int] = mapped_column(BigInteger, default=0)
    total_likes: Mapped[int] = mapped_column(BigInteger, default=0)
    first_video_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    last_video_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    trend_score: Mapped[float] = mapped_column(Float, default=0.0)
    # Rising (app.catalog.rising_score): its videos and distinct creators in the catalog's last 14 days, and its
    # videos in the 14 before.
    recent_video_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    recent_creator_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    prior_video_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    rising_score: Mapped[float] = mapped_column(Float, default=0.0, server_default="0")
    random_key: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)

    search_sources = ("track", "artist")

    @classmethod
    def compose_search_text(cls, track: str | None, artist: str | None) -> str:
        """Found by the words of its song and artist."""
        return search_words(f"{track or ''} {artist or ''}")

    def __repr__(self) -> str:
        return f"<Trend {self.song_key}>"


class TrendWeek(Model):
    """A trend's active videos posted in one ISO week (Monday, UTC): the curve and sparkline points."""

    __tablename__ = "trend_weeks"

    trend_id: Mapped[int] = mapped_column(ForeignKey("trends.id", ondelete="CASCADE"), primary_key=True)
    week_start: Mapped[date] = mapped_column(Date, primary_key=True)
    video_count: Mapped[int] = mapped_column(Integer, default=0)
    view_count: Mapped[int] = mapped_column(BigInteger, default=0)
    like_count: Mapped[int] = mapped_column(BigInteger, default=0)


class TrendStarter(Model):
    """One of the first three creators of a trend, by their first active video in it (position 1 to 3)."""

    __tablename__ = "trend_starters"

    trend_id: Mapped[int] = mapped_column(ForeignKey("trends.id", ondelete="CASCADE"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    creator_id: Mapped[int] = mapped_column(ForeignKey("creators.id", ondelete="CASCADE"), index=True)
    first_video_at: Mapped[datetime] = mapped_column(UTCDateTime)

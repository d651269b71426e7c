"""Hashtags taken from captions, and which videos carry them."""

from datetime import datetime

from sqlalchemy import BigInteger, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from app.catalog import search_words
from app.extensions import Model
from app.models.search import Searchable
from app.models.types import UTCDateTime


class Hashtag(Searchable, Model):
    """A normalised tag (stored without '#'); counts cover active videos only."""

    __tablename__ = "hashtags"
    __table_args__ = (
        Index("ix_hashtags_video_count", "video_count"),
        Index("ix_hashtags_last_video", "last_video_at"),
        Index("ix_hashtags_total_views", "total_views"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)
    video_count: Mapped[int] = mapped_column(Integer, default=0)
    total_views: Mapped[int] = mapped_column(BigInteger, default=0)
    example_description: Mapped[str | None] = mapped_column(Text)
    # Views of the video the example caption comes from, so new videos can take its place without a recount.
    example_views: Mapped[int | None] = mapped_column(BigInteger)
    first_video_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    last_video_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    search_sources = ("name",)

    @classmethod
    def compose_search_text(cls, name: str | None) -> str:
        """Found by the words of its name ('dance_challenge' by 'challenge' too)."""
        return search_words(name)

    def __repr__(self) -> str:
        return f"<Hashtag #{self.name}>"


class VideoHashtag(Model):
    __tablename__ = "video_hashtags"
    # A tag's videos are read from the index alone (see migrations/versions/0019_tag_members_index.py).
    __table_args__ = (Index("ix_video_hashtags_hashtag_video", "hashtag_id", "video_id"),)

    video_id: Mapped[int] = mapped_column(ForeignKey("videos.id", ondelete="CASCADE"), primary_key=True)
    hashtag_id: Mapped[int] = mapped_column(ForeignKey("hashtags.id", ondelete="CASCADE"), primary_key=True)


class HashtagYear(Model):
    """A hashtag's counts over the active videos posted in one year (the categories year filter), and the caption of
    the year's most viewed one, shown as its example."""

    __tablename__ = "hashtag_years"
    __table_args__ = (
        Index("ix_hashtag_years_year_count", "year", "video_count"),
        Index("ix_hashtag_years_year_views", "year", "total_views"),
        Index("ix_hashtag_years_year_last", "year", "last_video_at"),
    )

    hashtag_id: Mapped[int] = mapped_column(ForeignKey("hashtags.id", ondelete="CASCADE"), primary_key=True)
    year: Mapped[int] = mapped_column(Integer, primary_key=True)
    video_count: Mapped[int] = mapped_column(Integer, default=0)
    total_views: Mapped[int] = mapped_column(BigInteger, default=0)
    last_video_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    example_description: Mapped[str | None] = mapped_column(Text)
    example_views: Mapped[int | None] = mapped_column(BigInteger)

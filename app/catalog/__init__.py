"""Pure domain rules of the catalog: ids, songs, trends, slugs, hashtags and display formats."""

from .formatting import (
    age,
    default_description,
    display_description,
    format_count,
    relative_date,
    trend_header,
    trend_title,
    truncate,
)
from .hashtags import display_hashtag, extract_hashtags, normalize_hashtag
from .ids import is_valid_video_id, posted_at
from .metadata import MetadataTier, metadata_tier
from .records import VideoRecord, record_from_catalog_row, title_from_caption, video_url
from .slugs import short_hash, slugify, trend_slug, video_id_from_slug, video_slug
from .songs import (
    SongInfo,
    artist_from_original_title,
    artist_names,
    display_artist,
    is_original_sound,
    original_sound_phrase,
    song_key,
    song_of,
)
from .text import fold, looked_for_as_start, normalize, search_words, strip_accents, transliterate
from .trends import RISING_WINDOW_DAYS, days_between, rising_score, trend_score, week_start

__all__ = [
    "RISING_WINDOW_DAYS",
    "MetadataTier",
    "SongInfo",
    "VideoRecord",
    "age",
    "artist_from_original_title",
    "artist_names",
    "days_between",
    "default_description",
    "display_artist",
    "display_description",
    "display_hashtag",
    "extract_hashtags",
    "fold",
    "format_count",
    "is_original_sound",
    "is_valid_video_id",
    "looked_for_as_start",
    "metadata_tier",
    "normalize",
    "normalize_hashtag",
    "original_sound_phrase",
    "posted_at",
    "record_from_catalog_row",
    "relative_date",
    "rising_score",
    "search_words",
    "short_hash",
    "slugify",
    "song_key",
    "song_of",
    "strip_accents",
    "title_from_caption",
    "transliterate",
    "trend_header",
    "trend_score",
    "trend_slug",
    "trend_title",
    "truncate",
    "video_id_from_slug",
    "video_slug",
    "video_url",
    "week_start",
]

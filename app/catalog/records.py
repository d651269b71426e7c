"""The normalised video record every entry point produces (catalog import, yt-dlp), and the one rule it is held to.

A record is checked when it is made: an id TikTok could have given, a TikTok handle, hashtags of a safe shape, counts
that fit a 64-bit column, text free of NUL characters and no longer than its column. The field readers below are
shared by every mapping, so a value is read the same way whatever its source; what does not fit raises InvalidRecord,
naming the field and the reason (what the catalog import counts skipped rows by).
"""

import math
import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypedDict

from .formatting import ELLIPSIS
from .hashtags import extract_hashtags, is_hashtag, normalize_hashtag
from .ids import is_tiktok_handle, is_valid_video_id, posted_at
from .songs import song_of

YTDLP_TITLE_LIMIT = 72
MAX_COUNT = 2**63 - 1  # BIGINT columns
MAX_SIZE = 2**31 - 1  # INTEGER columns: duration, width, height
MAX_HASHTAGS = 100
MAX_DIGITS = 20
# The longest text each field's column holds (the caption's column is unbounded: TikTok's own limit is 4,000).
TEXT_LIMITS = {
    "display_name": 200,
    "author_id": 64,
    "description": 5000,
    "title": 300,
    "track": 300,
    "artist": 300,
    "song_key": 700,
    "music_id": 64,
    "source": 64,
}
COUNT_FIELDS = ("view_count", "like_count", "comment_count", "share_count", "save_count")
SIZE_FIELDS = ("duration", "width", "height")
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")  # NUL, which PostgreSQL refuses, and lone surrogates (not UTF-8)


class InvalidRecord(ValueError):
    """A row or entry that cannot become a video: the field at fault and why."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field, self.problem = field, problem


@dataclass(frozen=True)
class VideoRecord:
    """One video with its creator, caption, song and counts; InvalidRecord when any field breaks the rule."""

    video_id: str
    username: str
    display_name: str | None
    author_id: str | None
    description: str
    title: str | None
    hashtags: tuple[str, ...]
    track: str | None
    artist: str | None
    is_original_sound: bool
    song_key: str | None
    music_id: str | None
    posted_at: datetime
    duration: int | None
    width: int | None
    height: int | None
    view_count: int | None
    like_count: int | None
    comment_count: int | None
    share_count: int | None
    save_count: int | None
    video_url: str
    source: str | None

    def __post_init__(self) -> None:
        if not is_valid_video_id(self.video_id):
            raise InvalidRecord("video_id", "not a TikTok video id")
        if not is_tiktok_handle(self.username):
            raise InvalidRecord("username", "not a TikTok handle")
        if len(self.hashtags) > MAX_HASHTAGS:
            raise InvalidRecord("hashtags", f"more than {MAX_HASHTAGS}")
        if not all(map(is_hashtag, self.hashtags)):
            raise InvalidRecord("hashtags", "not a hashtag")
        for name in COUNT_FIELDS:
            _check_range(name, getattr(self, name), 0, MAX_COUNT)
        for name in SIZE_FIELDS:
            _check_range(name, getattr(self, name), 1, MAX_SIZE)
        for name, limit in TEXT_LIMITS.items():
            _check_text(name, getattr(self, name), limit)


class SongFields(TypedDict):
    """A record's song fields, as every mapping reads them from its source."""

    track: str | None
    artist: str | None
    is_original_sound: bool
    song_key: str | None
    music_id: str | None


class CountFields(TypedDict):
    """A record's counts, as every mapping reads them from its source."""

    view_count: int | None
    like_count: int | None
    comment_count: int | None
    share_count: int | None
    save_count: int | None


def _check_range(field: str, value: int | None, low: int, high: int) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high):
        raise InvalidRecord(field, "out of range")


def _check_text(field: str, value: str | None, limit: int) -> None:
    if value is None:
        return
    if not isinstance(value, str):
        raise InvalidRecord(field, "not text")
    if len(value) > limit:
        raise InvalidRecord(field, f"longer than {limit} characters")
    if unstorable := _UNSTORABLE.search(value):
        raise InvalidRecord(field, "holds a NUL character" if unstorable.group() == "\x00" else "not valid text")


# ---- reading fields, the same way for every source ----------------------------------------------------------


def text_field(value: object, field: str) -> str | None:
    """Stripped text (a whole number as its digits); None when missing or blank; InvalidRecord for anything else."""
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**MAX_DIGITS:
        value = str(value)
    if not isinstance(value, str):
        raise InvalidRecord(field, "not text")
    return value.strip() or None


def display_name_field(value: object) -> str | None:
    """A creator's display name as a record would hold it; None when missing or when it does not fit."""
    try:
        name = text_field(value, "display_name")
        _check_text("display_name", name, TEXT_LIMITS["display_name"])
    except InvalidRecord:
        return None
    return name


def caption_field(value: object) -> str:
    """The caption as given ('' when missing); InvalidRecord when it is not text."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise InvalidRecord("description", "not text")
    return value


def handle_field(value: object) -> str:
    """A TikTok handle without '@' or surrounding whitespace (checked by the record); InvalidRecord when missing."""
    handle = value.strip().removeprefix("@").strip() if isinstance(value, str) else None
    if value is None or handle == "":
        raise InvalidRecord("username", "missing")
    if handle is None:
        raise InvalidRecord("username", "not a TikTok handle")
    return handle


def video_id_field(value: object) -> str:
    """A video id as text; InvalidRecord when missing or not one TikTok could have given."""
    if value is None or (isinstance(value, str) and not value.strip()):
        raise InvalidRecord("video_id", "missing")
    if not is_valid_video_id(value):
        raise InvalidRecord("video_id", "not a TikTok video id")
    return str(value).strip()


def number_field(value: object, field: str) -> int | None:
    """A whole number from a JSON number (fractions dropped) or a string of digits; None when missing or blank;
    InvalidRecord for anything else. Its range is the record's to check."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and math.isfinite(value):
        return int(value)
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        if len(value.strip()) > MAX_DIGITS:
            raise InvalidRecord(field, "out of range")
        return int(value.strip())
    raise InvalidRecord(field, "not a number")


def size_field(value: object, field: str) -> int | None:
    """A duration, width or height: a number, with zero read as missing."""
    return number_field(value, field) or None


def flag_field(value: object, field: str) -> bool | None:
    """True, False or None; InvalidRecord for anything else."""
    if value is None or isinstance(value, bool):
        return value
    raise InvalidRecord(field, "not true or false")


def artists_field(value: object) -> str | list[str] | None:
    """Artists as a '|'-separated string or a list of names; InvalidRecord for anything else."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(name, str) for name in value):
        return value
    raise InvalidRecord("artist", "not text")


def listed_hashtags(value: object) -> list[str]:
    """A row's own tag list, normalised; blank entries ignored; InvalidRecord when any entry is not a hashtag."""
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(tag, str) for tag in value):
        raise InvalidRecord("hashtags", "not a list of hashtags")
    tags = [tag for tag in map(normalize_hashtag, value) if tag]
    if not all(map(is_hashtag, tags)):
        raise InvalidRecord("hashtags", "not a hashtag")
    return tags


def video_url(username: str, video_id: str) -> str:
    """Canonical TikTok watch URL, rebuilt from handle and id."""
    return f"https://www.tiktok.com/@{username}/video/{video_id}"


def title_from_caption(caption: str | None) -> str | None:
    """yt-dlp's title: the caption, cut to 72 characters ending in '...'; None for a blank caption."""
    if not caption or not caption.strip():
        return None
    if len(caption) <= YTDLP_TITLE_LIMIT:
        return caption
    return caption[: YTDLP_TITLE_LIMIT - len(ELLIPSIS)] + ELLIPSIS


def parse_catalog_row(row: dict[str, Any]) -> VideoRecord:
    """Map one catalog row to a record; InvalidRecord naming the first field that does not fit."""
    video_id, username = video_id_field(row.get("video_id")), handle_field(row.get("author_unique_id"))
    caption = caption_field(row.get("description"))
    return VideoRecord(
        video_id=video_id,
        username=username,
        display_name=text_field(row.get("author_nickname"), "display_name"),
        author_id=text_field(row.get("author_id"), "author_id"),
        description=caption,
        title=title_from_caption(caption),
        hashtags=tuple(extract_hashtags(caption, listed_hashtags(row.get("hashtags")))),
        **_song_fields(row),
        posted_at=posted_at(video_id),
        duration=size_field(row.get("duration_s"), "duration"),
        width=size_field(row.get("width"), "width"),
        height=size_field(row.get("height"), "height"),
        **_count_fields(row),
        video_url=video_url(username, video_id),
        source=text_field(row.get("source"), "source"),
    )


def record_from_catalog_row(row: dict[str, Any]) -> VideoRecord | None:
    """Map one catalog row to a record; None when it breaks the rule."""
    try:
        return parse_catalog_row(row)
    except InvalidRecord:
        return None


def _song_fields(row: dict[str, Any]) -> SongFields:
    track, artists = text_field(row.get("music_title"), "track"), artists_field(row.get("music_author"))
    song = song_of(track, artists, flag_field(row.get("music_original"), "is_original_sound"))
    music_id = text_field(row.get("music_id"), "music_id")
    return {
        "track": song.track if song else None,
        "artist": song.artist if song else None,
        "is_original_sound": bool(song and song.is_original),
        "song_key": song.song_key if song else None,
        "music_id": music_id if music_id != "0" else None,
    }


def _count_fields(row: dict[str, Any]) -> CountFields:
    return {
        "view_count": number_field(row.get("play_count"), "view_count"),
        "like_count": number_field(row.get("digg_count"), "like_count"),
        "comment_count": number_field(row.get("comment_count"), "comment_count"),
        "share_count": number_field(row.get("share_count"), "share_count"),
        "save_count": number_field(row.get("save_count"), "save_count"),
    }

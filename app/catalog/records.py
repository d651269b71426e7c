"""The normalised video record every entry point produces (catalog import now, yt-dlp later)."""

import math
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from .formatting import ELLIPSIS
from .hashtags import extract_hashtags
from .ids import is_valid_video_id, posted_at
from .songs import song_of

YTDLP_TITLE_LIMIT = 72


@dataclass(frozen=True)
class VideoRecord:
    """One video with its creator, caption, song and counts."""

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


def clean_handle(value: object) -> str | None:
    """A TikTok handle without '@' or surrounding whitespace; None when blank."""
    if not isinstance(value, str):
        return None
    return value.strip().lstrip("@").strip() or None


def clean_text(value: object) -> str | None:
    """Stripped text, None when missing or blank."""
    if value is None or isinstance(value, bool):
        return None
    return str(value).strip() or None


def count_or_none(value: object) -> int | None:
    """A non-negative integer count, None when missing or not a count."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, int):
        number = value
    elif isinstance(value, float) and math.isfinite(value):
        number = int(value)
    elif isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        number = int(value.strip())
    else:
        return None
    return number if number >= 0 else None


def positive_or_none(value: object) -> int | None:
    """A positive integer (duration, width, height), None for zero or missing."""
    return count_or_none(value) or None


def record_from_catalog_row(row: dict[str, Any]) -> VideoRecord | None:
    """Map one catalog row to a record; None for an invalid id or a missing handle."""
    video_id = clean_text(row.get("video_id"))
    username = clean_handle(row.get("author_unique_id"))
    if video_id is None or not is_valid_video_id(video_id) or not username:
        return None
    caption = row["description"] if isinstance(row.get("description"), str) else ""
    return VideoRecord(
        video_id=video_id,
        username=username,
        display_name=clean_text(row.get("author_nickname")),
        author_id=clean_text(row.get("author_id")),
        description=caption,
        title=title_from_caption(caption),
        hashtags=tuple(extract_hashtags(caption, row.get("hashtags") or ())),
        **_song_fields(row),
        posted_at=posted_at(video_id),
        duration=positive_or_none(row.get("duration_s")),
        width=positive_or_none(row.get("width")),
        height=positive_or_none(row.get("height")),
        **_count_fields(row),
        video_url=video_url(username, video_id),
        source=clean_text(row.get("source")),
    )


def _song_fields(row: dict[str, Any]) -> dict[str, Any]:
    song = song_of(clean_text(row.get("music_title")), row.get("music_author"), row.get("music_original"))
    music_id = clean_text(row.get("music_id"))
    return {
        "track": song.track if song else None,
        "artist": song.artist if song else None,
        "is_original_sound": bool(song and song.is_original),
        "song_key": song.song_key if song else None,
        "music_id": music_id if music_id != "0" else None,
    }


def _count_fields(row: dict[str, Any]) -> dict[str, int | None]:
    return {
        "view_count": count_or_none(row.get("play_count")),
        "like_count": count_or_none(row.get("digg_count")),
        "comment_count": count_or_none(row.get("comment_count")),
        "share_count": count_or_none(row.get("share_count")),
        "save_count": count_or_none(row.get("save_count")),
    }

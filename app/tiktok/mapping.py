"""yt-dlp info dicts (flat playlist entries or full results) as the catalog's VideoRecord."""

import re
from typing import Any

from app.catalog import VideoRecord, extract_hashtags, posted_at, song_of, title_from_caption
from app.catalog.records import (
    CountFields,
    InvalidRecord,
    SongFields,
    artists_field,
    caption_field,
    handle_field,
    number_field,
    size_field,
    text_field,
    video_id_field,
    video_url,
)

SOURCE = "yt-dlp"


def parse_info(info: dict[str, Any]) -> VideoRecord:
    """Map one yt-dlp info dict to a record; InvalidRecord naming the first field that does not fit.

    The title is cut from the caption as yt-dlp cuts it; yt-dlp's placeholder title for a blank caption
    ('TikTok video #id') is never stored; thumbnails are ignored because TikTok's signed URLs expire.
    """
    video_id, username = video_id_field(info.get("id")), handle_field(info.get("uploader"))
    caption = caption_field(info.get("description"))
    return VideoRecord(
        video_id=video_id,
        username=username,
        display_name=text_field(info.get("channel"), "display_name") or text_field(info.get("creator"), "display_name"),
        author_id=text_field(info.get("uploader_id"), "author_id"),
        description=caption,
        title=title_from_caption(caption) or _own_title(info, video_id),
        hashtags=tuple(extract_hashtags(caption)),
        **_song_fields(info),
        posted_at=posted_at(video_id),
        duration=size_field(info.get("duration"), "duration"),
        width=size_field(info.get("width"), "width"),
        height=size_field(info.get("height"), "height"),
        **_count_fields(info),
        video_url=video_url(username, video_id),
        source=SOURCE,
    )


def record_from_info(info: dict[str, Any]) -> VideoRecord | None:
    """Map one yt-dlp info dict to a record; None when it breaks the rule (an entry TikTok should not give)."""
    try:
        return parse_info(info)
    except InvalidRecord:
        return None


def _song_fields(info: dict[str, Any]) -> SongFields:
    # `artists` is a list in listings and full results; older full results have `artist` (joined with ', ').
    artists = artists_field(info.get("artists")) or artists_field(info.get("artist"))
    song = song_of(text_field(info.get("track"), "track"), artists)
    return {
        "track": song.track if song else None,
        "artist": song.artist if song else None,
        "is_original_sound": bool(song and song.is_original),
        "song_key": song.song_key if song else None,
        "music_id": None,  # yt-dlp does not give the sound's id
    }


def _count_fields(info: dict[str, Any]) -> CountFields:
    return {
        "view_count": number_field(info.get("view_count"), "view_count"),
        "like_count": number_field(info.get("like_count"), "like_count"),
        "comment_count": number_field(info.get("comment_count"), "comment_count"),
        "share_count": number_field(info.get("repost_count"), "share_count"),
        "save_count": number_field(info.get("save_count"), "save_count"),
    }


def _own_title(info: dict[str, Any], video_id: str) -> str | None:
    """yt-dlp's title when there is no caption to cut one from, unless it is its '… video #id' placeholder."""
    title = text_field(info.get("title"), "title")
    return None if title is None or re.fullmatch(rf".* video #{video_id}", title) else title

"""yt-dlp info dicts (flat playlist entries or full results) as the catalog's VideoRecord."""

import re
from typing import Any

from app.catalog import VideoRecord, extract_hashtags, is_valid_video_id, posted_at, song_of, title_from_caption
from app.catalog.records import clean_handle, clean_text, count_or_none, positive_or_none, video_url

SOURCE = "yt-dlp"


def record_from_info(info: dict[str, Any]) -> VideoRecord | None:
    """Map one yt-dlp info dict to a record; None for an invalid id or a missing handle.

    The title is cut from the caption as yt-dlp cuts it; yt-dlp's placeholder title for a blank caption
    ('TikTok video #id') is never stored; thumbnails are ignored because TikTok's signed URLs expire.
    """
    video_id = clean_text(info.get("id"))
    username = clean_handle(info.get("uploader"))
    if video_id is None or not is_valid_video_id(video_id) or not username:
        return None
    caption = info["description"] if isinstance(info.get("description"), str) else ""
    return VideoRecord(
        video_id=video_id,
        username=username,
        display_name=clean_text(info.get("channel")) or clean_text(info.get("creator")),
        author_id=clean_text(info.get("uploader_id")),
        description=caption,
        title=title_from_caption(caption) or _own_title(info, video_id),
        hashtags=tuple(extract_hashtags(caption)),
        **_song_fields(info),
        posted_at=posted_at(video_id),
        duration=positive_or_none(info.get("duration")),
        width=positive_or_none(info.get("width")),
        height=positive_or_none(info.get("height")),
        **_count_fields(info),
        video_url=video_url(username, video_id),
        source=SOURCE,
    )


def _song_fields(info: dict[str, Any]) -> dict[str, Any]:
    # `artists` is a list in listings and full results; older full results have `artist` (joined with ', ').
    song = song_of(clean_text(info.get("track")), info.get("artists") or info.get("artist"))
    return {
        "track": song.track if song else None,
        "artist": song.artist if song else None,
        "is_original_sound": bool(song and song.is_original),
        "song_key": song.song_key if song else None,
        "music_id": None,  # yt-dlp does not give the sound's id
    }


def _count_fields(info: dict[str, Any]) -> dict[str, int | None]:
    return {
        "view_count": count_or_none(info.get("view_count")),
        "like_count": count_or_none(info.get("like_count")),
        "comment_count": count_or_none(info.get("comment_count")),
        "share_count": count_or_none(info.get("repost_count")),
        "save_count": count_or_none(info.get("save_count")),
    }


def _own_title(info: dict[str, Any], video_id: str) -> str | None:
    """yt-dlp's title when there is no caption to cut one from, unless it is its '… video #id' placeholder."""
    title = clean_text(info.get("title"))
    return None if title is None or re.fullmatch(rf".* video #{video_id}", title) else title

"""TikTok's identifiers: video ids (validity, the posting time encoded in them) and creator handles."""

import re
from datetime import UTC, datetime

MIN_VIDEO_ID_LENGTH = 6
MAX_VIDEO_ID_LENGTH = 20
VIDEO_ID_LIMIT = 2**64  # TikTok's ids are unsigned 64-bit numbers
TIMESTAMP_SHIFT = 32
_HANDLE = re.compile(r"[A-Za-z0-9_.]{2,24}")


def is_valid_video_id(value: object) -> bool:
    """True for an id made of more than five digits, other than '0', that fits in 64 bits."""
    if value is None or isinstance(value, bool) or not isinstance(value, str | int):
        return False
    text = value.strip() if isinstance(value, str) else str(value) if 0 < value < VIDEO_ID_LIMIT else ""
    if not text.isascii() or not text.isdigit() or not MIN_VIDEO_ID_LENGTH <= len(text) <= MAX_VIDEO_ID_LENGTH:
        return False
    return 0 < int(text) < VIDEO_ID_LIMIT


def posted_at(video_id: str | int) -> datetime:
    """The UTC upload time held in the top 32 bits of a video id."""
    return datetime.fromtimestamp(int(video_id) >> TIMESTAMP_SHIFT, tz=UTC)


def normalize_handle(text: object) -> str | None:
    """A TikTok handle from user input (trimmed, one leading '@' dropped), or None when it breaks TikTok's rules."""
    if not isinstance(text, str):
        return None
    handle = text.strip().removeprefix("@")
    if not _HANDLE.fullmatch(handle) or handle.endswith("."):
        return None
    return handle


def is_tiktok_handle(handle: object) -> bool:
    """A handle exactly as TikTok's rule allows it."""
    return isinstance(handle, str) and normalize_handle(handle) == handle

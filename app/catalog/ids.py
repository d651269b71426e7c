"""TikTok video ids: validity and the posting time encoded in them."""

from datetime import UTC, datetime

MIN_VIDEO_ID_LENGTH = 6
TIMESTAMP_SHIFT = 32


def is_valid_video_id(value: object) -> bool:
    """True for an id made of more than five digits, other than '0'."""
    if value is None or isinstance(value, bool):
        return False
    text = str(value).strip()
    if not text.isascii() or not text.isdigit():
        return False
    return len(text) >= MIN_VIDEO_ID_LENGTH and int(text) != 0


def posted_at(video_id: str | int) -> datetime:
    """The UTC upload time held in the top 32 bits of a video id."""
    return datetime.fromtimestamp(int(video_id) >> TIMESTAMP_SHIFT, tz=UTC)

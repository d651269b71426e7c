"""How complete a video's metadata is (the developer portal's tiers)."""

from typing import Literal

MetadataTier = Literal["complete", "partial", "basic", "none"]


def _present(value: str | None) -> bool:
    return bool(value and value.strip())


def metadata_tier(title: str | None, duration: float | None, track: str | None, artist: str | None) -> MetadataTier:
    """complete = title, duration, track and artist; partial = title and duration; basic = title; none = no title."""
    if not _present(title):
        return "none"
    if not duration or duration <= 0:
        return "basic"
    if _present(track) and _present(artist):
        return "complete"
    return "partial"

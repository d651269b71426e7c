"""URL slugs: /dance-trends/{track}_{artist}/{username}-{videoId}."""

import hashlib
import re

from .ids import is_valid_video_id
from .text import transliterate

SLUG_LIMIT = 50
SHORT_HASH_LENGTH = 8

DISALLOWED_CHARACTERS = re.compile(r"[^a-z0-9\s-]")
WHITESPACE_RUN = re.compile(r"\s+")
HYPHEN_RUN = re.compile(r"-{2,}")


def slugify(text: str | None, limit: int = SLUG_LIMIT) -> str:
    """ASCII, lowercase, hyphen-separated slug of at most `limit` characters; '' when nothing is left."""
    slug = DISALLOWED_CHARACTERS.sub("", transliterate(text).lower())
    slug = HYPHEN_RUN.sub("-", WHITESPACE_RUN.sub("-", slug.strip()))
    return slug.strip("-")[:limit].rstrip("-")


def short_hash(song_key: str) -> str:
    """First eight hex digits of the song key's SHA-1."""
    return hashlib.sha1(song_key.encode("utf-8")).hexdigest()[:SHORT_HASH_LENGTH]


def trend_slug(track: str | None, artist: str | None, song_key: str) -> str:
    """'{track}_{artist}' path segment; an empty part becomes the song key's short hash."""
    fallback = short_hash(song_key)
    return f"{slugify(track) or fallback}_{slugify(artist) or fallback}"


def video_slug(username: str, video_id: str | int) -> str:
    """'{username}-{videoId}' path segment, the username cut to 50 characters."""
    return f"{username.strip().lstrip('@')[:SLUG_LIMIT]}-{video_id}"


def video_id_from_slug(slug: str | None) -> str | None:
    """The video id after the last '-' of a slug (or a bare id); None when it is not a valid id."""
    if not slug:
        return None
    candidate = slug.strip().rsplit("-", 1)[-1]
    return candidate if is_valid_video_id(candidate) else None

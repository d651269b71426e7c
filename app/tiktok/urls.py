"""TikTok handles and URLs: what a user may type, and the only URLs we build for yt-dlp.

Nothing a client sends is passed on: a link is parsed down to a handle and a video id, both checked,
and the URL is rebuilt from them.
"""

import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from app.catalog import is_valid_video_id
from app.catalog.ids import normalize_handle

TIKTOK_ORIGIN = "https://www.tiktok.com"
UNKNOWN_HANDLE = "_"  # what yt-dlp itself puts in a watch URL when the creator is not known
MAX_URL_LENGTH = 2048
MAX_VIDEO_ID_LENGTH = 20

_URL_CHARACTERS = re.compile(r"[A-Za-z0-9._~:/?#\[\]@!$&'()*+,;=%-]+")
VIDEO_HOSTS = frozenset({"www.tiktok.com", "tiktok.com", "m.tiktok.com"})
SHORT_LINK_HOSTS = frozenset({"vm.tiktok.com", "vt.tiktok.com"})
_VIDEO_PATHS = (
    re.compile(r"/@(?P<handle>[^/]+)/video/(?P<id>\d+)/?"),
    re.compile(r"/share/video/(?P<id>\d+)/?"),
    re.compile(r"/v/(?P<id>\d+)\.html"),
)

VIDEO_URL_MESSAGE = "Enter a TikTok video link such as https://www.tiktok.com/@username/video/1234567890123456789"
SHORT_LINK_MESSAGE = (
    "Short TikTok links (vm.tiktok.com, vt.tiktok.com, tiktok.com/t/) cannot be resolved here: "
    "open the link and paste the full video address"
)


class InvalidVideoUrl(ValueError):
    """A link that is not a TikTok video page."""


@dataclass(frozen=True)
class VideoRef:
    """A TikTok video named by its id, with its creator's handle when the link gave one."""

    video_id: str
    handle: str | None

    @property
    def url(self) -> str:
        return watch_url(self.handle or UNKNOWN_HANDLE, self.video_id)


def is_video_id(text: object) -> bool:
    """A TikTok video id: digits only, at most 20 of them, valid by the catalog's rule."""
    return isinstance(text, str) and len(text) <= MAX_VIDEO_ID_LENGTH and is_valid_video_id(text)


def profile_url(handle: str) -> str:
    """A creator's profile page, from a checked handle."""
    return f"{TIKTOK_ORIGIN}/@{_checked_handle(handle)}"


# A profile's permanent id, as TikTok and yt-dlp spell it (yt-dlp's tiktok:user matches exactly this).
_SEC_UID = re.compile(r"MS4wLjABAAAA[\w-]{64}")


def is_sec_uid(text: object) -> bool:
    return isinstance(text, str) and _SEC_UID.fullmatch(text) is not None


def sec_uid_url(sec_uid: str) -> str:
    """yt-dlp's address of a profile by its secUid: it skips reading the id from the profile page (which fails for
    some profiles) and still finds the account after a change of handle."""
    if not is_sec_uid(sec_uid):
        raise ValueError(f"Not a TikTok secUid: {sec_uid!r}")
    return f"tiktokuser:{sec_uid}"


def watch_url(handle: str, video_id: str) -> str:
    """A video's watch page, from a checked handle (or yt-dlp's '_' placeholder) and id."""
    if handle != UNKNOWN_HANDLE:
        handle = _checked_handle(handle)
    if not is_video_id(video_id):
        raise ValueError(f"Not a TikTok video id: {video_id!r}")
    return f"{TIKTOK_ORIGIN}/@{handle}/video/{video_id}"


def _checked_handle(handle: str) -> str:
    if normalize_handle(handle) != handle:
        raise ValueError(f"Not a TikTok handle: {handle!r}")
    return handle


def parse_video_url(url: object) -> VideoRef:
    """The video a TikTok watch link points at; InvalidVideoUrl for anything else."""
    if not isinstance(url, str) or len(url) > MAX_URL_LENGTH or not _URL_CHARACTERS.fullmatch(url.strip()):
        raise InvalidVideoUrl(VIDEO_URL_MESSAGE)
    try:
        parts = urlsplit(url.strip())
        has_port = parts.port is not None
    except ValueError as exc:
        raise InvalidVideoUrl(VIDEO_URL_MESSAGE) from exc
    host = (parts.hostname or "").lower()
    if parts.scheme.lower() not in {"http", "https"} or "@" in parts.netloc or has_port:
        raise InvalidVideoUrl(VIDEO_URL_MESSAGE)
    if host in SHORT_LINK_HOSTS or (host in VIDEO_HOSTS and parts.path.startswith("/t/")):
        raise InvalidVideoUrl(SHORT_LINK_MESSAGE)
    if host not in VIDEO_HOSTS:
        raise InvalidVideoUrl(VIDEO_URL_MESSAGE)
    return _video_from_path(parts.path)


def _video_from_path(path: str) -> VideoRef:
    for pattern in _VIDEO_PATHS:
        match = pattern.fullmatch(path)
        if match is None:
            continue
        handle = match.groupdict().get("handle")
        if (handle is not None and normalize_handle(handle) != handle) or not is_video_id(match["id"]):
            break
        return VideoRef(video_id=match["id"], handle=handle)
    raise InvalidVideoUrl(VIDEO_URL_MESSAGE)

"""The TikTok source: one interface for listing a profile, reading a video and downloading it.

Two implementations share it: yt-dlp (production) and fixtures (tests and offline demos); TIKTOK_SOURCE picks one.
Every failure is one of three kinds, decided by `classify` from yt-dlp's own messages.
"""

import re
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

from flask import current_app

Progress = Callable[[int], None]
DownloadHook = Callable[[dict[str, Any]], None]
T = TypeVar("T")
RETRY_DELAYS = (5, 20, 60)  # seconds before each new attempt after a network failure


class SourceError(Exception):
    """TikTok did not give what was asked; the message is TikTok's reason, cleaned of yt-dlp's decorations."""


class Blocked(SourceError):
    """Bot detection, an IP block or a login wall: stop the whole batch and back off."""


class NotFound(SourceError):
    """The video or profile is missing, private or empty: this item fails, the batch goes on."""


class NetworkError(SourceError):
    """TikTok could not be reached or answered with a server error: worth retrying later."""


_NOT_FOUND = (
    "you do not have permission",
    "account is private",
    "account is likely either private",
    "does not have any videos posted",
    "unable to extract secondary user id",
    "may not be comfortable for some audiences",
    "video not available",
    "http error 404",
    "http error 410",
)
_BLOCKED = (
    "your ip address is blocked",
    "requiring login",
    "unable to extract universal data for rehydration",
    "unexpected response from webpage request",
    "unable to solve js challenge",
    "unable to extract challenge data",
    "http error 403",
    "http error 429",
    "too many requests",
)
_NETWORK = re.compile(
    r"timed? ?out|unable to download|connection|network is unreachable|name resolution|"
    r"remote end closed|incompleteread|ssl|http error 5\d\d|transporterror",
    re.IGNORECASE,
)
_DECORATION = re.compile(r"^(?:ERROR:\s*)?(?:\[[^\]]+\]\s*(?:[\w.@-]+:\s+)?)?")
_ADVICE = re.compile(r"[.;]?\s*(?:Log into an account|Use --cookies|please report this issue).*$", re.S | re.I)


def clean_message(raw: str) -> str:
    """TikTok's reason without yt-dlp's 'ERROR: [TikTok] id:' prefix or its advice to command-line users."""
    lines = (raw or "").strip().splitlines()
    text = _ADVICE.sub("", _DECORATION.sub("", lines[0] if lines else "", count=1))
    return text.strip().rstrip(".").strip() or "TikTok did not answer"


def classify(raw: str) -> SourceError:
    """The kind of a yt-dlp failure message: NotFound, Blocked, NetworkError, or a plain SourceError."""
    folded = (raw or "").lower()
    message = clean_message(raw)
    if any(marker in folded for marker in _NOT_FOUND):
        return NotFound(message)
    if any(marker in folded for marker in _BLOCKED):
        return Blocked(message)
    if _NETWORK.search(folded):
        return NetworkError(message)
    return SourceError(message)


@dataclass(frozen=True)
class ProfileListing:
    """A profile as the listing found it; `entries` are yt-dlp flat-playlist entries, read lazily."""

    username: str
    display_name: str | None
    sec_uid: str | None
    entries: Iterator[dict[str, Any]]


class TikTokSource(Protocol):
    def list_profile(
        self, username: str, max_videos: int, page_size: int, progress: Progress | None = None
    ) -> ProfileListing:
        """The profile's newest `max_videos` videos, fetched `page_size` at a time; `progress(found)` per page."""

    def video_metadata(self, video_id: str, username: str) -> dict[str, Any]:
        """One video's full yt-dlp info dict."""

    def download(self, video_id: str, username: str, dest_dir: Path, progress_hook: DownloadHook) -> Path:
        """Save the video as `{dest_dir}/{video_id}.{ext}` and answer its path; yt-dlp progress dicts on the way."""


def paged(entries: Iterable[dict], max_videos: int, page_size: int, progress: Progress | None) -> Iterator[dict]:
    """At most `max_videos` entries with an id, calling `progress(found)` at the end of every page and at the end."""
    found = 0
    for entry in entries:
        if not isinstance(entry, dict) or not entry.get("id"):
            continue
        found += 1
        yield entry
        if progress is not None and found % page_size == 0:
            progress(found)
        if found >= max_videos:
            break
    if progress is not None and found % page_size:
        progress(found)


def with_retries(call: Callable[[], T], sleep: Callable[[float], None] = time.sleep) -> T:
    """`call()`, tried again after each network failure with growing pauses; other failures are final."""
    for delay in RETRY_DELAYS:
        try:
            return call()
        except NetworkError:
            sleep(delay)
    return call()


def get_source(within_request: bool = False) -> TikTokSource:
    """The source the configuration names: 'ytdlp' or 'fixtures'.

    `within_request`: for a call a web request waits on, which must end well inside the web server's worker
    timeout: a shorter socket timeout (TIKTOK_REQUEST_TIMEOUT) and no extractor retries.
    """
    name = current_app.config["TIKTOK_SOURCE"]
    if name == "fixtures":
        from app.tiktok.fixtures import FixturesSource

        return FixturesSource(Path(current_app.config["TIKTOK_FIXTURES_DIR"]))
    if name == "ytdlp":
        from app.tiktok.ytdlp import YtDlpSource

        config = current_app.config
        if within_request:
            timeout = min(config["TIKTOK_SOCKET_TIMEOUT"], config["TIKTOK_REQUEST_TIMEOUT"])
            return YtDlpSource(socket_timeout=timeout, max_filesize=config["DOWNLOAD_MAX_BYTES"], retries=0)
        return YtDlpSource(socket_timeout=config["TIKTOK_SOCKET_TIMEOUT"], max_filesize=config["DOWNLOAD_MAX_BYTES"])
    raise RuntimeError(f"TIKTOK_SOURCE must be 'ytdlp' or 'fixtures', not {name!r}")

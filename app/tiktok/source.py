"""The TikTok source: one interface for listing a profile, reading a video and downloading it.

Two implementations share it: yt-dlp (production) and fixtures (tests and offline demos); TIKTOK_SOURCE picks one.
Every failure is one of three kinds, decided by `classify` from yt-dlp's own messages.
"""

import re
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol, TypeVar

from flask import current_app, has_app_context

from app.i18n import N_

Progress = Callable[[int], None]
DownloadHook = Callable[[dict[str, Any]], None]
T = TypeVar("T")
RETRY_DELAYS = (5, 20, 60)  # seconds before each new attempt after a network failure


@dataclass(frozen=True)
class Cause:
    """One way TikTok (or yt-dlp) fails, told as an admin can act on it."""

    key: str
    summary: str  # what happened
    suggestion: str  # what to do about it
    # What anyone can do about it, when the suggestion is not for them: None for the suggestion of its kind.
    everyone: str | None = None


class SourceError(Exception):
    """TikTok did not give what was asked. `str()` is TikTok's reason, cleaned of yt-dlp's decorations; `cause`
    (when yt-dlp's message was recognised) says it for an admin; `raw` is the message as yt-dlp gave it."""

    default_suggestion = N_("Try again later.")

    def __init__(self, message: str, cause: Cause | None = None, raw: str | None = None) -> None:
        super().__init__(message)
        self.cause, self.raw = cause, raw or message

    @property
    def key(self) -> str:
        return self.cause.key if self.cause else "other"

    @property
    def summary(self) -> str:
        return self.cause.summary if self.cause else f"{self}."

    @property
    def suggestion(self) -> str:
        return self.cause.suggestion if self.cause else self.default_suggestion

    @property
    def explained(self) -> str:
        return f"{self.summary} {self.suggestion}"

    def told(self, technical: bool) -> str:
        """What happened, and what to do about it: for the admin who runs the server when `technical`, else what
        anyone can do (see everyones_suggestion)."""
        return self.explained if technical else f"{self.summary} {_everyones(type(self), self.cause)}"


class Blocked(SourceError):
    """Bot detection, an IP block or a login wall: stop the whole batch and back off."""

    default_suggestion = N_("Try again in a few hours.")


class NotFound(SourceError):
    """The video or profile is missing, private or empty: this item fails, the batch goes on."""

    default_suggestion = N_("Check the username or the video.")


class NetworkError(SourceError):
    """TikTok could not be reached or answered with a server error: worth retrying later."""

    default_suggestion = N_("Try again in a few minutes.")


COOKIES_ADVICE = "a cookies file of a signed-in TikTok account that may see it (TIKTOK_COOKIES_FILE)"
BLOCK_ADVICE = "Set TIKTOK_PROXY or TIKTOK_COOKIES_FILE, or try again later."
UPDATE_ADVICE = "update yt-dlp (git pull && make upgrade)"

# (kind, lower-case markers of yt-dlp's message, the cause): the first cause with a marker in the message wins,
# so the more particular ones come first (a private account's message also says "log into an account").
CAUSES: list[tuple[type[SourceError], tuple[str, ...], Cause]] = [
    (
        Blocked,
        ("your ip address is blocked", "status code 10204"),
        Cause("ip-blocked", N_("TikTok is blocking this server's address."), BLOCK_ADVICE),
    ),
    (
        NotFound,
        ("account is private", "account is likely either private"),
        Cause(
            "private-account",
            N_("This account is private, or all of its videos are."),
            f"Only public videos can be listed, unless the site has {COOKIES_ADVICE}.",
            N_("Only public videos can be listed."),
        ),
    ),
    (
        NotFound,
        ("you do not have permission",),  # yt-dlp's words for TikTok's 10216 and 10222
        Cause(
            "private-post",
            N_("This post is private."),
            f"Nothing to do while it stays private, unless the site has {COOKIES_ADVICE}.",
        ),
    ),
    (
        NotFound,
        ("may not be comfortable for some audiences",),
        Cause(
            "age-restricted",
            N_("TikTok shows this post only to signed-in viewers."),
            f"The site can read it with {COOKIES_ADVICE}.",
        ),
    ),
    (
        NotFound,
        ("does not have any videos posted",),
        Cause(
            "no-videos",
            N_("This account has not posted any videos."),
            "Nothing to add until it posts.",
            N_("Nothing to add until it posts."),
        ),
    ),
    (
        NotFound,
        ("unable to extract secondary user id",),
        Cause(
            "no-profile-id",
            N_(
                "TikTok did not give this profile's id: the username may not exist, or yt-dlp cannot read this profile."
            ),
            f"Check the username. If the profile exists, {UPDATE_ADVICE} or try again later.",
            N_("Check the username, or try again later."),
        ),
    ),
    (
        NotFound,
        ("video not available", "http error 404", "http error 410"),
        Cause(
            "removed",
            N_("TikTok says this video is not available: removed, or never there."),
            "Nothing to do: it stays out of the feeds.",
        ),
    ),
    (
        Blocked,
        ("requiring login",),
        Cause("login-wall", N_("TikTok sends this server to its login page instead of the content."), BLOCK_ADVICE),
    ),
    (
        Blocked,
        ("no impersonate target is available", "--list-impersonate-targets"),
        Cause(
            "no-impersonation",
            N_("Browser impersonation does not work on this server (curl_cffi is missing or does not fit yt-dlp)."),
            "Run make upgrade: it installs the curl_cffi version yt-dlp pins.",
        ),
    ),
    (
        Blocked,
        (
            "unable to extract universal data for rehydration",
            "unexpected response from webpage request",
            "unable to solve js challenge",
            "unable to extract challenge data",
        ),
        Cause(
            "bot-check",
            N_("TikTok answered with a bot check instead of the page."),
            f"Try again in a few hours. If it persists, {UPDATE_ADVICE}, or set TIKTOK_PROXY or TIKTOK_COOKIES_FILE.",
        ),
    ),
    (
        Blocked,
        ("http error 429", "too many requests"),
        Cause(
            "rate-limited",
            N_("TikTok is limiting how often this server may ask."),
            "Wait an hour; a larger TIKTOK_SLEEP_REQUESTS makes the site ask more slowly.",
        ),
    ),
    (
        Blocked,
        ("http error 403",),
        Cause("forbidden", N_("TikTok refused this server's request (HTTP 403)."), BLOCK_ADVICE),
    ),
    (
        SourceError,
        ("keeps sending the same page",),
        Cause(
            "stuck-listing",
            N_("TikTok kept sending the same page of videos."),
            f"Run the extraction again; if it keeps happening, {UPDATE_ADVICE}.",
        ),
    ),
]
NETWORK_CAUSE = Cause(
    "network",
    N_("TikTok could not be reached."),
    "Check this server's connection (and TIKTOK_PROXY, if set), then try again: each request was already retried.",
)
UNKNOWN_CAUSE = Cause(
    "unrecognised",
    N_("yt-dlp could not read TikTok's answer."),
    f"TikTok may have changed its pages: {UPDATE_ADVICE}, then try again.",
)

# Not TikTok's doing: a search that only shows its result stops once nobody waits for it (see jobs.is_watched).
ABANDONED_CAUSE = Cause(
    "abandoned",
    N_("The search stopped, as nobody was waiting for its result any more."),
    N_("Find the videos again."),
    everyone=N_("Find the videos again."),
)

_KNOWN_CAUSES: dict[str, tuple[type[SourceError], Cause]] = {cause.key: (kind, cause) for kind, _, cause in CAUSES} | {
    NETWORK_CAUSE.key: (NetworkError, NETWORK_CAUSE),
    ABANDONED_CAUSE.key: (SourceError, ABANDONED_CAUSE),
}


def everyones_suggestion(cause_key: str | None) -> str:
    """What anyone can do about a failure of this cause (the suggestion is for the admin who runs the server: its
    proxy, cookies file, yt-dlp's version): the cause's own word for everyone, else its kind's suggestion."""
    return _everyones(*_KNOWN_CAUSES.get(cause_key or "", (SourceError, None)))


def _everyones(kind: type[SourceError], cause: Cause | None) -> str:
    return (cause and cause.everyone) or kind.default_suggestion


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


# Failures that only say yt-dlp found nothing: a warning before them that TikTok could not be reached is the cause.
_FOUND_NOTHING = ("no-profile-id", UNKNOWN_CAUSE.key)


def classify(raw: str, warnings: Sequence[str] = ()) -> SourceError:
    """The kind and cause of a yt-dlp failure message: NotFound, Blocked, NetworkError, or a plain SourceError.
    `warnings` are what yt-dlp warned of on the way: when TikTok blocked a request or could not be reached, a failure
    to find anything is that (a block first), not a missing profile."""
    error = _classified(raw)
    if error.key not in _FOUND_NOTHING:
        return error
    warned = [found for found in map(_classified, warnings) if isinstance(found, Blocked | NetworkError)]
    cause = next((found for found in warned if isinstance(found, Blocked)), None) or next(iter(warned), None)
    if cause is None:
        return error
    return type(cause)(str(cause), cause.cause, "\n".join([*warnings, raw]))


def _classified(raw: str) -> SourceError:
    folded = (raw or "").lower()
    message = clean_message(raw)
    for kind, markers, cause in CAUSES:
        if any(marker in folded for marker in markers):
            return kind(message, cause, raw)
    if _NETWORK.search(folded):
        return NetworkError(message, NETWORK_CAUSE, raw)
    return SourceError(message, UNKNOWN_CAUSE, raw)


@dataclass(frozen=True)
class ProfileListing:
    """A profile as the listing found it; `entries` are yt-dlp flat-playlist entries, read lazily."""

    username: str
    display_name: str | None
    sec_uid: str | None
    entries: Iterator[dict[str, Any]]


class TikTokSource(Protocol):
    def list_profile(
        self,
        username: str,
        max_videos: int,
        page_size: int,
        progress: Progress | None = None,
        sec_uid: str | None = None,
    ) -> ProfileListing:
        """The profile's newest `max_videos` videos, fetched `page_size` at a time; `progress(found)` per page.
        With `sec_uid` the profile is found by that id instead of the handle."""

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


def list_creator(
    username: str, sec_uid: str | None, max_videos: int, page_size: int, progress: Progress | None = None
) -> ProfileListing:
    """A known creator's listing: by secUid when one is stored, else (or when TikTok does not know that secUid)
    by handle."""
    source = get_source()
    if sec_uid:
        try:
            return source.list_profile(username, max_videos, page_size, progress, sec_uid=sec_uid)
        except NotFound:
            pass
    return source.list_profile(username, max_videos, page_size, progress)


def with_retries(call: Callable[[], T], sleep: Callable[[float], None] = time.sleep) -> T:
    """`call()`, tried again after each network failure with growing pauses (TIKTOK_RETRY_DELAYS); other failures
    are final."""
    delays = current_app.config["TIKTOK_RETRY_DELAYS"] if has_app_context() else RETRY_DELAYS
    for delay in delays:
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
        from app.tiktok.ytdlp import YtDlpSettings, YtDlpSource

        config = current_app.config
        cookies = config["TIKTOK_COOKIES_FILE"]
        if cookies and not Path(cookies).is_file():
            raise SourceError(f"TIKTOK_COOKIES_FILE names no file: {cookies}")
        settings = YtDlpSettings(
            socket_timeout=config["TIKTOK_SOCKET_TIMEOUT"],
            max_filesize=config["DOWNLOAD_MAX_BYTES"],
            sleep_requests=config["TIKTOK_SLEEP_REQUESTS"],
            cookies_file=cookies,
            proxy=config["TIKTOK_PROXY"],
        )
        if within_request:
            timeout = min(config["TIKTOK_SOCKET_TIMEOUT"], config["TIKTOK_REQUEST_TIMEOUT"])
            settings = replace(settings, socket_timeout=timeout, retries=0, listing_retries=0)
        return YtDlpSource(settings)
    raise RuntimeError(f"TIKTOK_SOURCE must be 'ytdlp' or 'fixtures', not {name!r}")

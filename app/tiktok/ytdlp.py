"""The yt-dlp implementation of the TikTok source.

Only TikTok's video and user extractors are loaded, so the generic extractor never fetches an arbitrary URL;
every URL is rebuilt from a checked handle and id; output names are built from the video id alone.
"""

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from yt_dlp import YoutubeDL
from yt_dlp.dependencies import curl_cffi
from yt_dlp.networking.impersonate import ImpersonateTarget
from yt_dlp.utils import YoutubeDLError

from app.tiktok.source import DownloadHook, ProfileListing, Progress, SourceError, classify, paged
from app.tiktok.urls import profile_url, sec_uid_url, watch_url

# yt-dlp matches these against lower-cased extractor names in full; 'TikTok.*' would also let in sound, tag,
# live and collection pages.
ALLOWED_EXTRACTORS = ["tiktok", "tiktok:user"]
DOWNLOAD_FORMAT = "best[ext=mp4]/best"
# yt-dlp's own tests of TikTok profiles retry the extractor 10 times: a listing pages TikTok's API many times.
LISTING_RETRIES = 10
logger = logging.getLogger(__name__)


class CallLog:
    """yt-dlp's logger for one call: its messages go to the site's log, and its warnings are also kept for the
    failure, whose own words can hide the cause (offline, a profile listing fails with 'Unable to extract secondary
    user ID' after a warning that TikTok's host could not be resolved)."""

    def __init__(self) -> None:
        self.warnings: list[str] = []

    def debug(self, message: str) -> None:
        logger.debug(message)

    def info(self, message: str) -> None:
        logger.info(message)

    def warning(self, message: str) -> None:
        self.warnings.append(message)
        logger.warning(message)

    def error(self, message: str) -> None:
        logger.error(message)


@contextmanager
def translated_errors(log: CallLog) -> Iterator[None]:
    """Turn yt-dlp's exceptions into the source's classified errors, read with the call's warnings."""
    try:
        yield
    except SourceError:
        raise
    except (YoutubeDLError, OSError) as exc:
        error = classify(str(exc), log.warnings)
        logger.warning("TikTok through yt-dlp failed (%s): %s", error.key, error.raw)
        raise error from exc


@dataclass(frozen=True)
class YtDlpSettings:
    """What every yt-dlp call is given, from the site's configuration."""

    socket_timeout: int
    max_filesize: int
    retries: int = 3
    listing_retries: int = LISTING_RETRIES
    sleep_requests: float = 0.75  # seconds between two requests to TikTok
    cookies_file: str = ""  # a Netscape cookies file of a signed-in browser
    proxy: str = ""


class YtDlpSource:
    """TikTok through yt-dlp as a library, with browser impersonation when curl_cffi is installed."""

    def __init__(self, settings: YtDlpSettings) -> None:
        self.settings = settings

    def options(self, log: CallLog | None = None, **extra: Any) -> dict[str, Any]:
        """yt-dlp options shared by every call."""
        settings = self.settings
        options = {
            "allowed_extractors": ALLOWED_EXTRACTORS,
            "skip_download": True,
            "extractor_retries": settings.retries,
            "sleep_interval_requests": settings.sleep_requests,
            "socket_timeout": settings.socket_timeout,
            "quiet": True,
            "no_warnings": True,
            "noprogress": True,
            "noplaylist": True,
            "logger": log or CallLog(),
        }
        if curl_cffi is not None:
            options["impersonate"] = ImpersonateTarget()
        if settings.cookies_file:
            options["cookiefile"] = settings.cookies_file
        if settings.proxy:
            options["proxy"] = settings.proxy
        return {**options, **extra}

    def list_profile(
        self,
        username: str,
        max_videos: int,
        page_size: int,
        progress: Progress | None = None,
        sec_uid: str | None = None,
    ) -> ProfileListing:
        """The profile's newest videos as flat entries, read lazily from one listing.

        Paging with `playlist_items` ranges would make yt-dlp walk the profile from its first video again for
        every page (it reaches item N by reading items 1..N), so the listing is extracted unprocessed and the
        extractor's own generator of flat entries is read once, `page_size` entries per progress step.
        """
        url = sec_uid_url(sec_uid) if sec_uid else profile_url(username)  # checked before yt-dlp is made
        log = CallLog()
        ydl = YoutubeDL(self.options(log, extractor_retries=self.settings.listing_retries))
        try:
            with translated_errors(log):
                info = ydl.extract_info(url, download=False, process=False)
        except BaseException:
            ydl.close()
            raise
        return ProfileListing(
            username=info.get("title") or username,
            display_name=info.get("channel"),
            sec_uid=info.get("id"),
            entries=paged(self._entries(ydl, log, info), max_videos, page_size, progress),
        )

    @staticmethod
    def _entries(ydl: YoutubeDL, log: CallLog, info: dict[str, Any]) -> Iterator[dict[str, Any]]:
        try:
            with translated_errors(log):
                yield from info.get("entries") or ()
        finally:
            ydl.close()

    def video_metadata(self, video_id: str, username: str) -> dict[str, Any]:
        """The full info dict of one video (photo posts included: they have no video formats)."""
        log = CallLog()
        with translated_errors(log), YoutubeDL(self.options(log, ignore_no_formats_error=True)) as ydl:
            return ydl.extract_info(watch_url(username, video_id), download=False)

    def download(self, video_id: str, username: str, dest_dir: Path, progress_hook: DownloadHook) -> Path:
        """Download one video into `{dest_dir}/{video_id}.{ext}`."""
        url = watch_url(username, video_id)  # checks the id before it reaches the output template
        log = CallLog()
        options = self.options(
            log,
            skip_download=False,
            format=DOWNLOAD_FORMAT,
            paths={"home": str(dest_dir), "temp": str(dest_dir)},
            outtmpl={"default": f"{video_id}.%(ext)s"},
            overwrites=True,
            max_filesize=self.settings.max_filesize,
            progress_hooks=[progress_hook],
        )
        with translated_errors(log), YoutubeDL(options) as ydl:
            info = ydl.extract_info(url, download=True)
        return self._downloaded_file(info, dest_dir, video_id)

    def _downloaded_file(self, info: dict[str, Any], dest_dir: Path, video_id: str) -> Path:
        files = [Path(d["filepath"]) for d in info.get("requested_downloads") or () if d.get("filepath")]
        path = files[0] if files else None
        if path is None or not path.is_file():
            raise SourceError(
                f"TikTok gave no file (larger than {self.settings.max_filesize} bytes, or no video format)"
            )
        if path.parent.resolve() != dest_dir.resolve() or not path.name.startswith(f"{video_id}."):
            raise SourceError("yt-dlp wrote the video outside the downloads folder")
        return path

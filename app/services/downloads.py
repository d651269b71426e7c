"""Video downloads for admins: one video from a TikTok link, or all of a creator's stored videos.

Files land in MEDIA_DIR/downloads/{videoId}.{ext} and are served by download id, never by a path from the client.
"""

import re
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from flask import current_app
from sqlalchemy import select

from app.catalog import extract_hashtags
from app.catalog.records import MAX_HASHTAGS
from app.extensions import db
from app.i18n import N_
from app.models import Creator, Download, Job, Video
from app.models.types import utcnow
from app.services import player_settings
from app.services.errors import Forbidden, NotFound, ServiceError
from app.services.ingest import ingest_records
from app.services.profiles import fetch_record
from app.tiktok import source as tiktok
from app.tiktok.urls import UNKNOWN_HANDLE, InvalidVideoUrl, VideoRef, normalize_handle, parse_video_url

ACTIVE = ("queued", "downloading")
DOWNLOADS_OFF_MESSAGE = N_("Downloads are turned off in the player settings")
AGE_MESSAGE = N_("Confirm the age check before adding a downloaded video to the site")
STOPPED_MESSAGE = N_("The download stopped before it finished")
PROGRESS_EVERY_SECONDS = 0.5
MAX_TAGS = 30
_FILE_NAME = re.compile(r"\d{6,20}\.[a-z0-9]{2,5}")
ProgressWriter = Callable[..., None]


def downloads_dir() -> Path:
    """MEDIA_DIR/downloads, created when missing."""
    path = Path(current_app.config["MEDIA_DIR"]) / "downloads"
    path.mkdir(parents=True, exist_ok=True)
    return path


def require_downloads_enabled() -> None:
    """Downloads follow the showDownloadButtons player setting."""
    if not player_settings.global_settings()["showDownloadButtons"]:
        raise Forbidden(DOWNLOADS_OFF_MESSAGE)


def video_ref(url: str) -> VideoRef:
    """The video a submitted link names, with its handle taken from our catalog when the link has none."""
    try:
        ref = parse_video_url(url)
    except InvalidVideoUrl as exc:
        raise ServiceError(str(exc), "url") from exc
    if ref.handle is None:
        stored = db.session.scalar(select(Video).where(Video.video_id == ref.video_id))
        handle = normalize_handle(stored.creator.username) if stored is not None else None
        ref = VideoRef(ref.video_id, handle)
    return ref


def clean_tags(tags: list[str] | str) -> list[str]:
    """Tags from a list or a comma-separated text, normalised like hashtags (which hold no spaces)."""
    items = tags.split(",") if isinstance(tags, str) else tags
    return extract_hashtags("", ("".join(item.split()) for item in items))[:MAX_TAGS]


def create_download(
    ref: VideoRef, add_to_site: bool, tags: list[str], user_id: int | None, job_id: str | None = None
) -> Download:
    """A queued download row for the video."""
    download = Download(
        job_id=job_id,
        video_id=ref.video_id,
        username=ref.handle or UNKNOWN_HANDLE,
        status="queued",
        add_to_site=add_to_site,
        tags=",".join(tags),
        requested_by_id=user_id,
    )
    db.session.add(download)
    db.session.commit()
    return download


def active_download(video_id: str) -> Download | None:
    """The video's download still queued or under way, if any."""
    return db.session.scalar(
        select(Download).where(Download.video_id == video_id, Download.status.in_(ACTIVE)).order_by(Download.id.desc())
    )


# ---- running one download --------------------------------------------------------------------------------


def _hook(download: Download, report: ProgressWriter | None) -> Callable[[dict[str, Any]], None]:
    """A yt-dlp progress hook writing bytes done (at most twice a second) and learning the creator's handle."""
    last = [0.0]

    def hook(status: dict[str, Any]) -> None:
        uploader = normalize_handle((status.get("info_dict") or {}).get("uploader"))
        if uploader and download.username == UNKNOWN_HANDLE:
            download.username = uploader
        finished = status.get("status") == "finished"
        if report is None or (not finished and time.monotonic() - last[0] < PROGRESS_EVERY_SECONDS):
            return
        last[0] = time.monotonic()
        total = status.get("total_bytes") or status.get("total_bytes_estimate")
        report(downloadedBytes=int(status.get("downloaded_bytes") or 0), totalBytes=int(total) if total else None)

    return hook


def _add_to_site(download: Download) -> None:
    record = tiktok.with_retries(lambda: fetch_record(download.video_id, download.username))
    tags = [t for t in download.tags.split(",") if t]
    hashtags = extract_hashtags(record.description, tags)[:MAX_HASHTAGS]  # the caption's first, then the admin's
    ingest_records([replace(record, hashtags=tuple(hashtags))])


def _finish(download: Download, path: Path) -> None:
    download.status, download.file_name, download.size_bytes = "finished", path.name, path.stat().st_size
    if download.add_to_site:
        try:
            _add_to_site(download)
        except tiktok.SourceError as exc:
            download.error = f"Downloaded, but not added to the site: {exc.explained}"


def run_download(
    download: Download, report: ProgressWriter | None = None, sleep=time.sleep
) -> tiktok.SourceError | None:
    """Download one video into the downloads folder; the failure, if any, is kept on the row and answered."""
    download.status = "downloading"
    db.session.commit()
    hook, failure = _hook(download, report), None
    try:
        path = tiktok.with_retries(
            lambda: tiktok.get_source().download(download.video_id, download.username, downloads_dir(), hook), sleep
        )
        _finish(download, path)
    except tiktok.SourceError as exc:
        failure = exc
        download.status = "failed"
        download.error = exc.explained
    download.finished_at = utcnow()
    db.session.commit()
    return failure


# ---- showing and serving a download ----------------------------------------------------------------------


def served_name(download: Download) -> str:
    """`{username}_{videoId}.mp4`, the name the browser saves."""
    return f"{download.username}_{download.video_id}{Path(download.file_name or '.mp4').suffix}"


def stop_if_job_failed(download: Download, job: Job | None) -> None:
    """A download whose job failed (or whose worker died) is failed too."""
    if download.status in ACTIVE and job is not None and job.status == "failed":
        download.status, download.error, download.finished_at = "failed", STOPPED_MESSAGE, utcnow()
        db.session.commit()


def downloaded_file(download_id: int) -> tuple[Path, str, str]:
    """(folder, file name, name to save as) of a finished download; only names this service wrote are served."""
    download = db.session.get(Download, download_id)
    if (
        download is None
        or download.status != "finished"
        or download.file_name is None
        or not _FILE_NAME.fullmatch(download.file_name)
    ):
        raise NotFound(N_("Download not found"), "id")
    folder = downloads_dir()
    if not download.file_name.startswith(f"{download.video_id}.") or not (folder / download.file_name).is_file():
        raise NotFound(N_("Download not found"), "id")
    return folder, download.file_name, served_name(download)


# ---- a creator's videos ----------------------------------------------------------------------------------


def monitored(handle: str) -> Creator:
    """The monitored creator with this handle, or a 404."""
    creator = Creator.by_username(handle)
    if creator is None:
        raise NotFound(N_("@{username} is not a monitored username").format(username=handle), "username")
    return creator


def downloaded_ids(video_ids: list[str]) -> set[str]:
    """Ids among these with a finished download whose file is still there."""
    folder, found = downloads_dir(), set()
    for start in range(0, len(video_ids), 500):
        rows = db.session.execute(
            select(Download.video_id, Download.file_name).where(
                Download.video_id.in_(video_ids[start : start + 500]), Download.status == "finished"
            )
        )
        found |= {video_id for video_id, name in rows if name and (folder / name).is_file()}
    return found


def plan_creator_download(creator: Creator, skip_existing: bool) -> tuple[list[str], int]:
    """The creator's active videos to download (newest first, capped) and how many are skipped as downloaded."""
    video_ids = list(
        db.session.scalars(
            select(Video.video_id)
            .where(Video.creator_id == creator.id, Video.is_active.is_(True))
            .order_by(Video.posted_at.desc())
            .limit(current_app.config["BULK_DOWNLOAD_MAX_VIDEOS"])
        )
    )
    done = downloaded_ids(video_ids) if skip_existing else set()
    return [v for v in video_ids if v not in done], len(done)


# Each such video has taken its retries (TIKTOK_RETRY_DELAYS, 85 s by default): the rest would fail the same way.
NETWORK_FAILURES_TO_STOP = 3


def run_creator_download(
    creator: Creator, skip_existing: bool, job: Job, report: ProgressWriter, sleep=time.sleep
) -> dict:
    """Download a creator's videos one by one; bot detection stops the batch, and so does TikTok out of reach for
    NETWORK_FAILURES_TO_STOP videos running. A batch whose every video failed ends in error; either way `error`
    says why the last video that failed did."""
    todo, skipped = plan_creator_download(creator, skip_existing)
    progress: dict[str, Any] = {
        "totalVideos": len(todo) + skipped,
        "completed": 0,
        "errors": 0,
        "skippedCount": skipped,
        "status": "downloading",
        "currentVideo": None,
        "error": None,
    }
    unreachable = 0  # videos running that TikTok could not be reached for
    for video_id in todo:
        report(**{**progress, "currentVideo": video_id})
        ref = VideoRef(video_id, normalize_handle(creator.username))
        download = create_download(ref, False, [], job.created_by_id, job.id)
        failure = run_download(download, sleep=sleep)
        if isinstance(failure, tiktok.Blocked):
            progress.update(status="error", error=failure.explained, blocked=True)
            break
        progress["errors" if failure else "completed"] += 1
        if failure:
            progress["error"] = failure.explained
        unreachable = unreachable + 1 if isinstance(failure, tiktok.NetworkError) else 0
        if unreachable == NETWORK_FAILURES_TO_STOP:
            progress["status"] = "error"
            break
    else:
        progress["status"] = "error" if progress["errors"] and not progress["completed"] else "completed"
    report(**{**progress, "currentVideo": None})
    return progress


def creator_progress(job: Job) -> dict:
    """The spec's 'Download progress' of a creator download job."""
    progress = {
        "totalVideos": 0,
        "completed": 0,
        "errors": 0,
        "skippedCount": 0,
        "status": "starting",
        "currentVideo": None,
        "error": None,
        **(job.progress or {}),
        "progressId": job.id,
        "username": job.params.get("username"),
    }
    if job.status == "failed" and progress["status"] not in ("completed", "error"):
        progress.update(status="error", error=STOPPED_MESSAGE)
    return progress

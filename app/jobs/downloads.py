"""Download jobs: one video from a TikTok link, or all of a monitored creator's videos, on the downloads queue."""

from flask import current_app

from app.extensions import db
from app.i18n import N_
from app.jobs import enqueue, fail_if_abandoned, newest_observed_job, observed_job, report_progress, tracked
from app.jobs.ingest import note_blocked
from app.models import Download, Job, JobKind
from app.services import downloads
from app.services.errors import NotFound, ServiceError
from app.services.profiles import require_handle
from app.tiktok import source as tiktok

CREATOR_DOWNLOAD_TIMEOUT = 12 * 60 * 60


def _settle(download: Download) -> Job | None:
    """The download's job, with a dead worker's job (and so the download) marked failed."""
    job = fail_if_abandoned(db.session.get(Job, download.job_id)) if download.job_id else None
    downloads.stop_if_job_failed(download, job)
    return job


def queue_video_download(
    url: str, add_to_site: bool, tags: list[str] | str, age_verified: bool, user_id: int
) -> Download:
    """Check the link and queue its download, or answer the download of that video already under way."""
    downloads.require_downloads_enabled()
    ref = downloads.video_ref(url)
    if add_to_site and not age_verified:
        raise ServiceError(downloads.AGE_MESSAGE, "ageVerified")
    running = downloads.active_download(ref.video_id)
    if running is not None:
        _settle(running)
        if running.status in downloads.ACTIVE:
            return running
    download = downloads.create_download(ref, add_to_site, downloads.clean_tags(tags), user_id)
    download.job_id = enqueue(
        download_video,
        queue="downloads",
        kind=JobKind.VIDEO_DOWNLOAD,
        target=ref.video_id,
        params={"downloadId": download.id},
        created_by_id=user_id,
        job_timeout=current_app.config["DOWNLOAD_TIMEOUT"],
    ).id
    db.session.commit()
    return download


@tracked
def download_video(row: Job | None, downloadId: int) -> dict:
    """Download one video, writing bytes done as it goes."""
    download = db.session.get(Download, downloadId)
    if download is None:
        raise NotFound(N_("Download not found"), "downloadId")
    failure = downloads.run_download(download, lambda **progress: report_progress(row, **progress))
    if isinstance(failure, tiktok.Blocked):
        note_blocked(failure.key)
    return {"status": download.status, "fileName": download.file_name, "error": download.error}


def download_status(download_id: int) -> tuple[Download, Job | None]:
    """A download and its job, for the HD button, with a dead worker's download marked failed."""
    download = db.session.get(Download, download_id)
    if download is None:
        raise NotFound(N_("Download not found"), "downloadId")
    return download, _settle(download)


def current_creator_download(handle: str) -> Job | None:
    """The creator download under way for this username, if any."""
    job = newest_observed_job(JobKind.CREATOR_DOWNLOAD, handle)
    return job if job is not None and job.is_active else None


def queue_creator_download(username: str, skip_existing: bool, user_id: int) -> dict:
    """Queue a download of the creator's videos (or answer the one under way) with its first counts."""
    downloads.require_downloads_enabled()
    creator = downloads.monitored(require_handle(username))
    running = current_creator_download(creator.username)
    if running is not None:
        progress = downloads.creator_progress(running)
        return {**progress, "message": f"The videos of @{creator.username} are already being downloaded"}
    todo, skipped = downloads.plan_creator_download(creator, skip_existing)
    counts = {"totalVideos": len(todo) + skipped, "skippedCount": skipped}
    job = enqueue(
        download_creator_videos,
        queue="downloads",
        kind=JobKind.CREATOR_DOWNLOAD,
        target=creator.username,
        params={"username": creator.username, "skipExisting": skip_existing},
        created_by_id=user_id,
        progress=counts,  # polls before the worker starts show these counts, not zeros
        job_timeout=CREATOR_DOWNLOAD_TIMEOUT,
    )
    message = f"Downloading {len(todo)} videos of @{creator.username} ({skipped} already downloaded)"
    return {**downloads.creator_progress(job), "message": message}


@tracked
def download_creator_videos(row: Job | None, username: str, skipExisting: bool) -> dict:
    """Download a creator's videos one by one, with the spec's progress."""
    creator = downloads.monitored(username)
    assert row is not None  # queued only through enqueue(), which records the row
    progress = downloads.run_creator_download(
        creator, skipExisting, row, lambda **fields: report_progress(row, **fields)
    )
    if progress.get("blocked"):
        note_blocked()
    return progress


def creator_download_progress(progress_id: str) -> dict:
    """The progress of one creator download, by its id."""
    job = observed_job(JobKind.CREATOR_DOWNLOAD, progress_id)
    if job is None:
        raise NotFound(N_("Download progress not found"), "progressId")
    return downloads.creator_progress(job)

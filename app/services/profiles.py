"""Adding a TikTok profile: preview, extraction of its videos, confirmation; and fresh metadata for one video.

An extraction streams the profile's flat entries into a per-job file (MEDIA_DIR/extractions/{jobId}.jsonl);
confirming reads them back from there, so video metadata never comes from the client.
"""

import json
import math
import re
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from flask import current_app
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from app.catalog import VideoRecord, video_url
from app.catalog.records import InvalidRecord, display_name_field
from app.extensions import db
from app.i18n import N_
from app.jobs import jobs_ahead, note_left, note_watched
from app.models import Creator, Job, JobKind, Video
from app.models.types import utcnow
from app.services.errors import Conflict, NotFound, ServiceError
from app.services.ingest import ingest_records
from app.tiktok import source as tiktok
from app.tiktok.mapping import parse_info, record_from_info
from app.tiktok.urls import is_sec_uid, normalize_handle

EXISTS_MESSAGE = N_("This TikTok username already exists in the database")
HANDLE_MESSAGE = N_("Enter a TikTok username: 2 to 24 letters, numbers, '_' or '.', not ending with '.'")
BOT_DETECTION_MESSAGE = N_(
    "Video extraction failed due to TikTok bot detection. "
    "The profile can still be added, and videos can be extracted later..."
)
METADATA_FIELDS = (
    "id",
    "title",
    "description",
    "timestamp",
    "duration",
    "width",
    "height",
    "view_count",
    "like_count",
    "comment_count",
    "repost_count",
    "save_count",
    "uploader",
    "uploader_id",
    "channel",
    "channel_id",
    "track",
    "album",
    "artists",
    "artist",
)
ID_FIELDS = ("id", "uploader", "uploader_id", "channel")
_JOB_ID = re.compile(r"[A-Za-z0-9-]{1,64}")


def require_handle(text: object) -> str:
    """A TikTok handle from user input, or a 400 naming the username field."""
    handle = normalize_handle(text)
    if handle is None:
        raise ServiceError(HANDLE_MESSAGE, "username")
    return handle


def preview(handle: str) -> dict:
    """Whether the handle can be added: an active monitored creator already exists, or not."""
    creator = Creator.by_username(handle)
    if creator is not None and creator.is_active:
        return {"existing": True, "success": False, "message": EXISTS_MESSAGE, "username": creator.username}
    message = N_("@{username} is not in the database yet. Find its videos to preview the profile.").format(
        username=handle
    )
    return {"existing": False, "success": True, "message": message, "username": handle}


# ---- extraction ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ListingOptions:
    max_videos: int
    page_size: int
    include_metadata: bool = True


@dataclass
class Extraction:
    """What a listing has found so far; kept across retries so nothing is stored twice."""

    username: str
    display_name: str | None = None
    found: int = 0
    valid: int = 0
    seen: set[str] = field(default_factory=set)
    sec_uid: str | None = None
    retries: int = 0  # network failures tried again so far
    retry_at: datetime | None = None  # when the next try after a network failure starts
    error: tiktok.SourceError | None = None


def stored_entry(entry: dict[str, Any], username: str, include_metadata: bool) -> dict[str, Any]:
    """The fields of a flat entry worth keeping (no thumbnails: they expire); the listed profile as uploader."""
    names = METADATA_FIELDS if include_metadata else ID_FIELDS
    kept = {name: entry[name] for name in names if entry.get(name) is not None}
    kept.setdefault("uploader", username)
    return kept


def _take(state: Extraction, entry: dict, include_metadata: bool, write: Callable[[dict], None]) -> None:
    video_id = str(entry.get("id"))
    if video_id in state.seen:
        return
    state.seen.add(video_id)
    state.found += 1
    kept = stored_entry(entry, state.username, include_metadata)
    record = record_from_info(kept)
    if record is None or record.username.lower() != state.username.lower():
        return
    if not state.valid:
        state.username = record.username  # TikTok's own spelling of the handle
    state.valid += 1
    state.display_name = state.display_name or record.display_name
    write(kept)


def _list_into(state: Extraction, options: ListingOptions, write, report) -> None:
    listing = tiktok.get_source().list_profile(
        state.username, options.max_videos, options.page_size, lambda _found: report(state)
    )
    state.sec_uid = listing.sec_uid if is_sec_uid(listing.sec_uid) else state.sec_uid
    listed = normalize_handle(listing.username)
    state.username = listed if listed and listed.lower() == state.username.lower() else state.username
    state.display_name = state.display_name or display_name_field(listing.display_name)
    for entry in listing.entries:
        _take(state, entry, options.include_metadata, write)


def run_extraction(
    handle: str,
    options: ListingOptions,
    write: Callable[[dict], None],
    report: Callable[[Extraction], None],
    wanted: Callable[[], bool] = lambda: True,
    sleep: Callable[[float], None] = time.sleep,
) -> Extraction:
    """List a profile's videos into `write`, retrying network failures; the outcome, error included.

    `report` hears of every page and every retry; the listing stops, failed, at the first page or pause (checked
    every second) at which nobody `wanted` it any more.
    """
    state = Extraction(handle)

    def still_wanted() -> None:
        if not wanted():
            raise tiktok.SourceError("nobody was waiting for the search", tiktok.ABANDONED_CAUSE)

    def progress(_state: Extraction) -> None:
        still_wanted()
        report(state)

    def pause_before_retry(seconds: float) -> None:
        state.retries += 1
        state.retry_at = utcnow() + timedelta(seconds=seconds)
        report(state)
        while seconds > 0:
            still_wanted()
            sleep(min(seconds, 1))
            seconds -= 1
        still_wanted()

    try:
        still_wanted()
        tiktok.with_retries(lambda: _list_into(state, options, write, progress), pause_before_retry)
    except tiktok.SourceError as exc:
        state.error = exc
    report(state)
    return state


def _failure_text(state: Extraction) -> tuple[str, str]:
    """The spec's bot-detection note when TikTok blocks; otherwise what went wrong, said for an admin."""
    error = state.error
    assert error is not None
    if isinstance(error, tiktok.Blocked):
        return BOT_DETECTION_MESSAGE, error.explained
    message = N_("Could not list the videos of @{username}: {cause}").format(
        username=state.username, cause=error.summary
    )
    return message, error.suggestion


def preview_result(state: Extraction) -> dict:
    """The spec's 'Extraction preview result', without its video list (read from the file when shown)."""
    if state.error is not None:
        message, suggestion = _failure_text(state)
    elif state.valid:
        message, suggestion = (
            N_("Found {count} videos for @{username}").format(count=state.valid, username=state.username),
            None,
        )
    else:
        message, suggestion = (
            N_("No videos found for @{username}").format(username=state.username),
            N_("Run the extraction again later."),
        )
    return {
        "success": state.error is None,
        "username": state.username,
        "displayName": state.display_name,
        "message": message,
        "videosExtracted": state.found,
        "videosProcessed": state.valid,
        "suggestion": suggestion,
        "videoExtractionFailed": state.error is not None,
        # Beyond the spec: the screen's bot-detection note, and adding the profile anyway, are for this failure only.
        "botDetected": isinstance(state.error, tiktok.Blocked),
        "secUid": state.sec_uid,  # beyond the spec: kept with the creator, so later listings need no handle
        # Beyond the spec: which failure it was, and yt-dlp's own words for the screen's details toggle.
        "failureCause": state.error.key if state.error else None,
        "details": state.error.raw if state.error else None,
    }


# ---- the per-job file ------------------------------------------------------------------------------------


def extraction_path(job_id: str) -> Path:
    """Where an extraction job keeps its entries: MEDIA_DIR/extractions/{jobId}.jsonl."""
    if not _JOB_ID.fullmatch(job_id):
        raise ValueError(f"Not a job id: {job_id!r}")
    return Path(current_app.config["MEDIA_DIR"]) / "extractions" / f"{job_id}.jsonl"


@contextmanager
def extraction_writer(job_id: str) -> Iterator[Callable[[dict], None]]:
    """A function that appends one entry to the job's file."""
    path = extraction_path(job_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as out:

        def write(entry: dict) -> None:
            out.write(json.dumps(entry, ensure_ascii=False) + "\n")

        yield write


def read_extraction(job_id: str) -> Iterator[dict]:
    """The entries a job stored, in listing order (none when the file is gone)."""
    path = extraction_path(job_id)
    if not path.is_file():
        return
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                yield json.loads(line)


def remove_older_extractions(handle: str, keep: str) -> None:
    """Delete the files of a profile's earlier extractions: confirming only ever reads the newest."""
    for job_id in db.session.scalars(
        select(Job.id).where(Job.kind == JobKind.PROFILE_EXTRACTION, Job.target == handle.lower(), Job.id != keep)
    ):
        extraction_path(job_id).unlink(missing_ok=True)


def extraction_progress(job: Job, technical: bool) -> dict:
    """What the Add TikTok Profile screen polls: counts, status, step text and, once done, the result; yt-dlp's own
    words, and a failure's advice (the server's connection, its proxy, yt-dlp's version), only when `technical` (an
    admin's): they can name the server's hosts, files and network, and no one else can act on them."""
    progress = job.progress or {}
    found = progress.get("extractedVideos", 0)
    if job.is_active:
        note_watched(job)
    if job.status == "queued":
        return _progress(job, False, found, found, job.status, _waiting_step(job), None)
    if job.status not in ("finished", "failed"):
        step = _finding_step(found, progress.get("retries", 0), progress.get("retryAt"))
        return _progress(job, False, found, found, job.status, step, None)
    result = extraction_result(job)
    if not technical:
        result["details"] = None
        if not result["success"]:
            result["suggestion"] = tiktok.everyones_suggestion(result["failureCause"])
    status = "completed" if result["success"] else "failed"
    step = N_("Extraction completed!") if result["success"] else N_("Extraction failed")
    return _progress(job, True, found, result["videosExtracted"], status, step, result)


def screen_left(job: Job, user_id: int) -> None:
    """The screen of the user who started the search closed (see note_left); another user's closing is not theirs."""
    if job.is_active and job.created_by_id == user_id:
        note_left(job)


def _waiting_step(job: Job) -> str:
    """A queued search's step: how many jobs go first, or that it waits for a worker to start."""
    ahead = jobs_ahead(job)
    if ahead is None:
        return N_("Waiting for other searches to finish...")
    if ahead == 0:
        return N_("Waiting for a background worker to start the search...")
    return N_("Waiting for other searches to finish... ({count} ahead)").format(count=ahead)


def _finding_step(found: int, retries: int, retry_at: str | None) -> str:
    """The spec's step; after a network failure, which try comes next, and in how many seconds while it waits."""
    if not retries:
        return N_("Finding videos... ({found} found so far)").format(found=found)
    attempts = len(current_app.config["TIKTOK_RETRY_DELAYS"]) + 1
    wait = math.ceil((datetime.fromisoformat(retry_at) - utcnow()).total_seconds()) if retry_at else 0
    if wait > 0:
        return N_(
            "Finding videos... ({found} found so far). TikTok did not answer: trying again in {seconds} s (attempt "
            "{attempt} of {attempts})..."
        ).format(found=found, seconds=wait, attempt=retries + 1, attempts=attempts)
    return N_(
        "Finding videos... ({found} found so far). TikTok did not answer: trying again (attempt {attempt} of "
        "{attempts})..."
    ).format(found=found, attempt=retries + 1, attempts=attempts)


def _progress(job: Job, done: bool, found: int, total: int, status: str, step: str, result: dict | None) -> dict:
    return {
        "jobId": job.id,
        "isComplete": done,
        "extractedVideos": found,
        "totalVideos": total,
        "status": status,
        "step": step,
        "result": result,
    }


def extraction_result(job: Job) -> dict:
    """A finished job's result with its video list; a failed job's as a failed preview."""
    if job.status == "finished" and job.result:
        videos = [
            {"videoId": e["id"], "url": video_url(e["uploader"], e["id"]), "valid": True}
            for e in read_extraction(job.id)
        ]
        return {**job.result, "videos": videos}
    state = Extraction(job.params.get("username") or job.target or "")
    state.found = (job.progress or {}).get("extractedVideos", 0)
    state.error = tiktok.SourceError("it stopped before it finished")
    return {**preview_result(state), "videos": []}


# ---- confirmation ----------------------------------------------------------------------------------------


def monitored_creator(handle: str, display_name: str | None, user_id: int | None) -> Creator:
    """The creator to monitor, created (or made active again) when needed."""
    creator = Creator.by_username(handle)
    if creator is None:
        creator = Creator(username=handle, display_name=display_name, is_active=True, added_by_id=user_id)
        db.session.add(creator)
    else:
        creator.is_active = True
        creator.display_name = creator.display_name or display_name
    try:
        db.session.commit()
    except IntegrityError:  # the same profile confirmed twice at once
        db.session.rollback()
        creator = Creator.by_username(handle)
        if creator is None:  # it was not that
            raise
    return creator


def stored_records(job: Job, handle: str, selected: set[str] | None) -> Iterator[VideoRecord]:
    """The records of a job's stored entries that belong to the profile and were selected."""
    for entry in read_extraction(job.id):
        record = record_from_info(entry)
        if record and record.username.lower() == handle.lower() and (selected is None or record.video_id in selected):
            yield record


def addable_extraction(handle: str) -> Job:
    """The profile's newest finished extraction, when it lets the profile be added: it listed the profile, or
    TikTok's bot detection stopped it (the spec lets that profile be added and its videos extracted later)."""
    job = Job.newest(JobKind.PROFILE_EXTRACTION, handle, status="finished")
    if job is None or not job.result:
        raise Conflict(
            N_("Find the videos of @{username} before adding the profile").format(username=handle), "username"
        )
    if not (job.result.get("success") or job.result.get("botDetected")):
        raise Conflict(
            job.result.get("message") or N_("@{username} cannot be added").format(username=handle), "username"
        )
    return job


def confirm_extracted_profile(
    handle: str, display_name: str | None, selected: Iterable[str] | None, user_id: int | None
) -> dict:
    """Confirm from the Add TikTok Profile screen: only a profile someone extracted, with videos of that extraction."""
    return confirm_profile(addable_extraction(handle), handle, display_name, selected, user_id)


def confirm_profile(
    job: Job, handle: str, display_name: str | None, selected: Iterable[str] | None, user_id: int | None
) -> dict:
    """Monitor the profile and store the chosen videos of its extraction (again: nothing is added twice)."""
    found = job.result or {}
    name = found.get("username") or handle
    creator = monitored_creator(name, found.get("displayName") or display_name, user_id)
    if is_sec_uid(found.get("secUid")):
        creator.sec_uid = found["secUid"]
    chosen = set(selected) if selected is not None else None
    result = ingest_records(stored_records(job, creator.username, chosen))
    trends = len(result.trend_ids)
    return {
        "success": True,
        "message": N_("@{username} has been added with {count} new videos").format(
            username=creator.username, count=result.created
        ),
        "username": creator.username,
        "videosAdded": result.created,
        "videosUpdated": result.updated,
        "danceTrendsUpdate": f"Dance trends updated: {trends} trend(s) recounted" if trends else None,
    }


# ---- one video's metadata --------------------------------------------------------------------------------


def fetch_record(video_id: str, handle: str, within_request: bool = False) -> VideoRecord:
    """A video's full metadata from TikTok as a record; the source's errors as they come."""
    try:
        record = parse_info(tiktok.get_source(within_request).video_metadata(video_id, handle))
    except InvalidRecord as exc:
        raise tiktok.SourceError(f"TikTok's answer does not fit ({exc})") from exc
    if record.video_id != video_id:
        raise tiktok.SourceError("TikTok answered with another video")
    return record


def _fresh_record(video_id: str, handle: str, technical: bool) -> VideoRecord:
    try:
        return fetch_record(video_id, handle, within_request=True)
    except tiktok.SourceError as exc:
        details: dict[str, Any] = {"failureCause": exc.key, **({"details": exc.raw} if technical else {})}
        told = exc.told(technical)
        if isinstance(exc, tiktok.Blocked):
            raise ServiceError(told, status=503, **details) from exc
        if isinstance(exc, tiktok.NotFound):
            raise NotFound(told, "videoId", **details) from exc
        raise ServiceError(f"Could not read the video from TikTok. {told}", status=502, **details) from exc


METADATA_FRESH_FOR = timedelta(hours=1)


def extract_metadata(video_id: str, handle: str, technical: bool) -> Video:
    """Fresh metadata for a stored video, merged into it (its trend and hashtags follow).

    The video is read under its stored creator's handle; `handle` (the caller's) only when that one is unusable.
    A refusal carries yt-dlp's own words only when `technical` (an admin's).
    """
    video = _stored_video(video_id)
    if video.metadata_extracted_at and utcnow() - video.metadata_extracted_at < METADATA_FRESH_FOR:
        return video  # read moments ago (say, for another viewer): TikTok is not asked again
    ingest_records([_fresh_record(video_id, normalize_handle(video.creator.username) or handle, technical)])
    video = _stored_video(video_id)
    video.metadata_extracted_at = utcnow()
    db.session.commit()
    return video


def _stored_video(video_id: str) -> Video:
    video = db.session.scalar(select(Video).where(Video.video_id == video_id))
    if video is None:
        raise NotFound(N_("Video not found"), "videoId")
    return video

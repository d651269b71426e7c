"""Ingest jobs: extracting a profile's videos, and the scheduled re-listing of monitored creators.

Also the two rules every TikTok job follows: a queued or running job whose worker died is marked failed when
someone looks at it, and TikTok's bot detection makes scheduled work back off for a while.
"""

from datetime import timedelta

from redis.exceptions import RedisError
from sqlalchemy import select

from app.extensions import db
from app.jobs import (
    enqueue,
    is_watched,
    newest_observed_job,
    note_watched,
    redis_connection,
    redis_key,
    release_schedule,
    report_progress,
    schedule_once,
    tracked,
)
from app.models import Creator, Job, JobKind
from app.models.types import utcnow
from app.services import creators, profiles
from app.services.ingest import ingest_records
from app.services.tiktok_status import Block
from app.tiktok import source as tiktok
from app.tiktok.mapping import record_from_info
from app.tiktok.urls import is_sec_uid, normalize_handle

EXTRACTION_TIMEOUT = 3 * 60 * 60
BLOCKED_KEY = "tiktok:blocked"
LAST_BLOCKED_KEY = "tiktok:last-blocked"
BLOCKED_BACKOFF = timedelta(hours=6)
REFRESH_LOCK = "tiktok:creator-refresh-scheduled"
REFRESH_EVERY = timedelta(hours=6)
REFRESH_CREATORS_PER_RUN = 25
REFRESH_VIDEOS_PER_CREATOR = 30


# ---- dead workers and bot detection ---------------------------------------------------------------------


def note_blocked(cause: str = "blocked") -> None:
    """Remember that TikTok blocked us, so scheduled work waits before trying again (and the portal says why)."""
    now = utcnow().isoformat()
    redis = redis_connection()
    redis.set(redis_key(BLOCKED_KEY), now, ex=int(BLOCKED_BACKOFF.total_seconds()))
    redis.hset(redis_key(LAST_BLOCKED_KEY), mapping={"at": now, "cause": cause})


def last_block() -> Block:
    """The newest block and the back-off in force; nothing known while Redis is away."""
    try:
        redis = redis_connection()
        # redis-py types a reply bytes | str; the connection is made without decode_responses, so it is bytes.
        fields = redis.hgetall(redis_key(LAST_BLOCKED_KEY)).items()
        last = {key.decode(): value.decode() for key, value in fields}  # type: ignore[union-attr]
        ttl = redis.ttl(redis_key(BLOCKED_KEY))
    except RedisError:
        return Block()
    until = (utcnow() + timedelta(seconds=ttl)).isoformat() if ttl and ttl > 0 else None
    return Block(last.get("at"), last.get("cause"), until)


def blocked_recently() -> bool:
    return bool(redis_connection().exists(redis_key(BLOCKED_KEY)))


# ---- profile extraction ----------------------------------------------------------------------------------


def current_extraction(handle: str) -> Job | None:
    """The newest extraction of a profile, as it stands."""
    return newest_observed_job(JobKind.PROFILE_EXTRACTION, handle)


def start_extraction(
    handle: str, options: profiles.ListingOptions, save: bool, user_id: int | None
) -> tuple[Job, bool]:
    """Queue an extraction of the profile (True), or answer the one already under way (False)."""
    running = current_extraction(handle)
    if running is not None and running.is_active:
        note_watched(running)
        return running, False
    params = {
        "username": handle,
        "maxVideos": options.max_videos,
        "pageSize": options.page_size,
        "includeMetadata": options.include_metadata,
        "saveToDatabase": save,
    }
    job = enqueue(
        extract_profile,
        queue="ingest",
        kind=JobKind.PROFILE_EXTRACTION,
        target=handle,
        params=params,
        created_by_id=user_id,
        job_timeout=EXTRACTION_TIMEOUT,
    )
    note_watched(job)
    return job, True


@tracked
def extract_profile(
    row: Job | None, username: str, maxVideos: int, pageSize: int, includeMetadata: bool, saveToDatabase: bool
) -> dict:
    """List a profile's videos into the job's file, with progress; save them too when asked. A search that only
    shows its result stops once nobody polls its progress (a closed screen), so the searches queued after it go on."""
    options = profiles.ListingOptions(maxVideos, pageSize, includeMetadata)
    assert row is not None  # queued only through enqueue(), which records the row
    job_id = row.id
    with profiles.extraction_writer(row.id) as write:
        state = profiles.run_extraction(
            username,
            options,
            write,
            lambda s: report_progress(
                row,
                extractedVideos=s.found,
                validVideos=s.valid,
                retries=s.retries,
                retryAt=s.retry_at.isoformat() if s.retry_at else None,
            ),
            wanted=(lambda: True) if saveToDatabase else (lambda: is_watched(job_id)),
        )
    if isinstance(state.error, tiktok.Blocked):
        note_blocked(state.error.key)
    result = profiles.preview_result(state)
    if saveToDatabase and (result["success"] or state.valid):
        result["saved"] = profiles.confirm_profile(row, state.username, state.display_name, None, row.created_by_id)
    profiles.remove_older_extractions(username, keep=row.id)
    return result


# ---- scheduled refresh of monitored creators ------------------------------------------------------------


def _refresh_creator(creator: Creator) -> int:
    """List the creator's newest videos (by its secUid when known) and store them; how many were new. A listing by
    secUid whose videos all carry another handle is the same account renamed: the creator follows the new handle."""
    listing = tiktok.list_creator(
        creator.username, creator.sec_uid, REFRESH_VIDEOS_PER_CREATOR, REFRESH_VIDEOS_PER_CREATOR
    )
    if is_sec_uid(listing.sec_uid):
        creator.sec_uid = listing.sec_uid
    entries = (profiles.stored_entry(entry, creator.username, True) for entry in listing.entries)
    records = [r for r in map(record_from_info, entries) if r]
    handles = {r.username for r in records}
    if creator.sec_uid and len(handles) == 1 and creator.username.lower() not in {h.lower() for h in handles}:
        creators.rename_creator(creator, handles.pop())
    return ingest_records(r for r in records if r.username.lower() == creator.username.lower()).created


def _creators_to_refresh() -> list[Creator]:
    return list(
        db.session.scalars(
            select(Creator)
            .where(Creator.is_active.is_(True))
            .order_by(Creator.last_listed_at.is_not(None), Creator.last_listed_at, Creator.id)
            .limit(REFRESH_CREATORS_PER_RUN)
        )
    )


def refresh_creators() -> dict:
    """Re-list the creators listed longest ago; bot detection stops the run and starts a back-off."""
    summary = {"creators": 0, "videosAdded": 0, "failed": 0, "blocked": False}
    for creator in _creators_to_refresh():
        try:
            if normalize_handle(creator.username) != creator.username:
                raise tiktok.NotFound("not a TikTok handle")
            summary["videosAdded"] += _refresh_creator(creator)
            summary["creators"] += 1
        except tiktok.Blocked as exc:
            note_blocked(exc.key)
            summary["blocked"] = True
            break
        except tiktok.SourceError:
            db.session.rollback()
            summary["failed"] += 1
        creator.last_listed_at = utcnow()
        db.session.commit()
    return summary


def scheduled_creator_refresh() -> dict:
    """The periodic refresh (skipped while TikTok's block lasts); schedules the next one."""
    try:
        return {"skipped": "TikTok blocked recent requests"} if blocked_recently() else refresh_creators()
    finally:
        release_schedule(REFRESH_LOCK)
        schedule_creator_refresh()


def schedule_creator_refresh() -> bool:
    """Make sure one creator refresh is scheduled (one across all workers); False if one already is."""
    return schedule_once(
        REFRESH_LOCK, "ingest", REFRESH_EVERY, scheduled_creator_refresh, job_timeout=EXTRACTION_TIMEOUT
    )

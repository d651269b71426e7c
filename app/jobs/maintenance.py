"""Maintenance jobs: keeping catalog totals right, checking video health, the daily TikTok canary and the daily
catalog snapshot."""

from datetime import UTC, datetime, time, timedelta

from sqlalchemy import select

from app.extensions import db
from app.jobs import enqueue, release_schedule, report_progress, schedule_once, tracked
from app.jobs.ingest import note_blocked
from app.models import Creator, Hashtag, Job, JobKind, Playlist, Trend
from app.services import aggregates, glance, health, tiktok_status
from app.services.database import refresh_planner_statistics


@tracked
def refresh_catalog_totals(row: Job | None) -> dict:
    """Recount every trend, hashtag, creator and playlist from the videos (after bulk changes or a repair)."""
    trend_ids = list(db.session.scalars(select(Trend.id)))
    hashtag_ids = list(db.session.scalars(select(Hashtag.id)))
    creator_ids = list(db.session.scalars(select(Creator.id)))
    playlist_ids = list(db.session.scalars(select(Playlist.id)))
    refresh_planner_statistics()
    report_progress(row, step="trends", total=len(trend_ids))
    aggregates.refresh_trends(trend_ids)
    report_progress(row, step="hashtags", total=len(hashtag_ids))
    aggregates.refresh_hashtags(hashtag_ids)
    report_progress(row, step="creators", total=len(creator_ids))
    aggregates.refresh_creators(creator_ids)
    report_progress(row, step="playlists", total=len(playlist_ids))
    aggregates.refresh_playlists(playlist_ids)
    aggregates.rescore_all_trends()
    return {
        "trends": len(trend_ids),
        "hashtags": len(hashtag_ids),
        "creators": len(creator_ids),
        "playlists": len(playlist_ids),
    }


@tracked
def health_check(row: Job | None, batchSize: int, delayBetweenRequests: int, missingMetadataOnly: bool = False) -> dict:
    """Check the least recently checked videos (or only those missing metadata) through oEmbed, with live progress."""
    video_ids = health.videos_to_check(batchSize, missingMetadataOnly)
    report_progress(row, checked=0, total=len(video_ids))
    return health.run_check(video_ids, delayBetweenRequests, lambda **progress: report_progress(row, **progress))


DAILY_BATCH = 500
DAILY_DELAY_MS = 1000
DAILY_LOCK = "health-check:daily-scheduled"


def daily_health_check() -> str:
    """Queue the daily recheck of the least recently checked videos and schedule the next one. It runs as a job of
    its own, so its outcome is kept like a check an admin starts (the portal's history counts them)."""
    job = enqueue(
        health_check,
        queue="maintenance",
        kind=JobKind.HEALTH_CHECK,
        params={"batchSize": DAILY_BATCH, "delayBetweenRequests": DAILY_DELAY_MS},
        job_timeout=60 * 60,
    )
    release_schedule(DAILY_LOCK)
    schedule_daily_health_check()
    return job.id


def schedule_daily_health_check() -> bool:
    """Make sure one daily health check is scheduled (one across all workers); False if one already is."""
    return schedule_once(DAILY_LOCK, "maintenance", timedelta(days=1), daily_health_check, job_timeout=60 * 60)


# ---- the daily TikTok canary ----------------------------------------------------------------------------------

CANARY_LOCK = "tiktok-canary:daily-scheduled"


@tracked
def tiktok_canary(row: Job | None) -> dict:
    """List one profile's newest videos on purpose, so a broken yt-dlp or a block shows before users meet it."""
    result = tiktok_status.run_canary()
    if result.get("blocked"):
        note_blocked(result["cause"])
    return result


def start_tiktok_canary(created_by_id: int | None = None) -> Job:
    return enqueue(tiktok_canary, queue="ingest", kind=JobKind.TIKTOK_CANARY, created_by_id=created_by_id)


def daily_tiktok_canary() -> str:
    """Queue today's canary (a job row of its own, which the portal reads) and schedule tomorrow's."""
    job = start_tiktok_canary()
    release_schedule(CANARY_LOCK)
    schedule_daily_tiktok_canary()
    return job.id


def schedule_daily_tiktok_canary() -> bool:
    """Make sure one canary is scheduled for the next day (one across all workers); False if one already is."""
    return schedule_once(CANARY_LOCK, "maintenance", timedelta(days=1), daily_tiktok_canary)


# ---- the daily catalog snapshot -------------------------------------------------------------------------------

SNAPSHOT_LOCK = "catalog-snapshot:daily-scheduled"
# Late in the UTC day, so a day's snapshot shows the catalog as the day ends.
SNAPSHOT_TIME = time(23, 50)


def daily_catalog_snapshot() -> str:
    """Write today's snapshot of the catalog (the portal's 'At a glance' history); schedules tomorrow's."""
    row = glance.take_snapshot()
    release_schedule(SNAPSHOT_LOCK)
    schedule_daily_catalog_snapshot()
    return row.day.isoformat()


def until_snapshot_time(now: datetime) -> timedelta:
    """From now to the next SNAPSHOT_TIME (UTC): later today, or tomorrow once it has passed."""
    moment = datetime.combine(now.astimezone(UTC).date(), SNAPSHOT_TIME, tzinfo=UTC)
    if moment <= now:
        moment += timedelta(days=1)
    return moment - now


def schedule_daily_catalog_snapshot() -> bool:
    """Make sure one snapshot is scheduled for the end of the day (one across all workers); False if one already is."""
    return schedule_once(SNAPSHOT_LOCK, "maintenance", until_snapshot_time(datetime.now(UTC)), daily_catalog_snapshot)

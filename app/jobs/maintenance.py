"""Maintenance jobs: keeping catalog totals right, checking video health, and the daily TikTok canary."""

from datetime import timedelta

from sqlalchemy import select

from app.extensions import db
from app.jobs import enqueue, release_schedule, report_progress, schedule_once, tracked
from app.jobs.ingest import note_blocked
from app.models import Creator, Hashtag, Job, JobKind, Playlist, Trend
from app.services import aggregates, health, tiktok_status
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
def health_check(row: Job | None, batchSize: int, delayBetweenRequests: int) -> dict:
    """Check the least recently checked videos through oEmbed, with live progress."""
    video_ids = health.videos_to_check(batchSize)
    report_progress(row, checked=0, total=len(video_ids))
    return health.run_check(video_ids, delayBetweenRequests, lambda **progress: report_progress(row, **progress))


DAILY_BATCH = 500
DAILY_DELAY_MS = 1000
DAILY_LOCK = "health-check:daily-scheduled"


def daily_health_check() -> dict:
    """The daily recheck of the least recently checked videos; schedules the next one."""
    result = health.run_check(health.videos_to_check(DAILY_BATCH), DAILY_DELAY_MS)
    release_schedule(DAILY_LOCK)
    schedule_daily_health_check()
    return result


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

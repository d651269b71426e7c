"""Video health: metadata tiers across the catalog, and availability checks through TikTok's oEmbed.

Videos with basic or no metadata get their full metadata from the TikTok source (yt-dlp); when it cannot say,
what oEmbed gives (caption, and the sound from the embed's ♬ link).
"""

import html
import re
import time
from dataclasses import asdict, dataclass

from sqlalchemy import and_, case, func, not_, select, true

from app.catalog import metadata_tier, title_from_caption
from app.extensions import db
from app.i18n import N_
from app.models import Video
from app.models.types import utcnow
from app.services import aggregates, profiles
from app.services.ingest import ingest_records
from app.tiktok import oembed
from app.tiktok import source as tiktok

_SOUND_LINK = re.compile(r'<a[^>]*href="https://www\.tiktok\.com/music/[^"]*"[^>]*>\s*♬\s*(.+?)\s*</a>', re.S)


def _present(column):
    return and_(column.isnot(None), column != "")


def _timed():
    return and_(Video.duration.isnot(None), Video.duration > 0)


def health_status() -> dict:
    """The §3 'Enhanced health status' counts: activity and metadata tiers over every stored video."""
    titled, timed = _present(Video.title), _timed()
    tier = case(
        (and_(titled, timed, _present(Video.track), _present(Video.artist)), "complete"),
        (and_(titled, timed), "partial"),
        (titled, "basic"),
        else_="none",
    )
    counts = dict.fromkeys(("complete", "partial", "basic", "none"), 0)
    counts.update(dict(db.session.execute(select(tier, func.count(Video.id)).group_by(tier)).all()))
    total = sum(counts.values())
    active = db.session.scalar(select(func.count(Video.id)).where(Video.is_active.is_(True))) or 0

    def percent(n: int) -> float:
        return round(100 * n / total, 1) if total else 0.0

    return {
        "total": total,
        "active": active,
        "inactive": total - active,
        "completeMetadata": counts["complete"],
        "partialMetadata": counts["partial"],
        "basicMetadata": counts["basic"],
        "noMetadata": counts["none"],
        "metadataPercentage": percent(counts["complete"]),
        "partialMetadataPercentage": percent(counts["partial"]),
        "withMetadata": counts["complete"] + counts["partial"],
        "withoutMetadata": counts["basic"] + counts["none"],
    }


@dataclass
class CheckSummary:
    total: int = 0
    successful: int = 0
    failed: int = 0
    available: int = 0
    unavailable: int = 0
    metadataExtracted: int = 0
    rateLimited: int = 0
    blocked: int = 0
    networkErrors: int = 0
    unknownErrors: int = 0
    stoppedEarly: bool = False


# Inconclusive answers by kind: the summary's count, and the cause as an admin reads it.
FAILURE_KINDS = {
    "rate-limited": ("rateLimited", N_("TikTok is limiting how often this server may ask")),
    "blocked": ("blocked", N_("TikTok is blocking this server (HTTP 403 or a bot check)")),
    "network": ("networkErrors", N_("TikTok could not be reached")),
    "unknown": ("unknownErrors", N_("TikTok answered with an error")),
}
FAILURE_ADVICE = {
    "rateLimited": N_("Wait an hour, and check fewer videos or with a longer delay."),
    "blocked": N_("Set TIKTOK_PROXY or try again in a few hours."),
    "networkErrors": N_("Check this server's connection, then run the check again."),
    "unknownErrors": N_("Run the check again later."),
}
# After this many checks, a run where one failure makes up more than half of them stops: TikTok is not answering,
# and asking on only makes a block worse.
EARLY_STOP_AFTER = 10


def _dominant_failure(summary: CheckSummary) -> tuple[str, str, int]:
    """(the summary's count name, the cause, how many) of the most common failure."""
    field, cause = max(FAILURE_KINDS.values(), key=lambda kind: getattr(summary, kind[0]))
    return field, cause, getattr(summary, field)


def should_stop(summary: CheckSummary) -> bool:
    return summary.total >= EARLY_STOP_AFTER and 2 * _dominant_failure(summary)[2] > summary.total


def outcome(summary: CheckSummary) -> tuple[str, str]:
    """'success', 'warning' or 'failure', and what it means for an admin. Only an answer from TikTok counts as a
    check: failures say nothing about the videos, which stay as they were. Each failure's count is beside the
    sentence, in the summary; the sentence is one of the catalogue's templates, its cause and advice texts of their
    own, so the portal says all of it in its language."""
    if not summary.failed:
        return "success", N_("Enhanced health check completed!")
    field, cause, count = _dominant_failure(summary)
    advice = FAILURE_ADVICE[field]
    if summary.stoppedEarly:
        return "failure", N_(
            "Enhanced health check stopped early: {count} of {total} checks failed because {cause}. {advice}"
        ).format(count=count, total=summary.total, cause=cause, advice=advice)
    if not summary.successful:
        return "failure", N_("Enhanced health check failed: TikTok answered none of {total} checks. {advice}").format(
            total=summary.total, advice=advice
        )
    return "warning", N_(
        "Enhanced health check completed with problems: {failed} of {total} checks got no answer; those videos were "
        "left as they were. {advice}"
    ).format(failed=summary.failed, total=summary.total, advice=advice)


# The portal's second check, the spec's 'Extract Missing Metadata (500 videos - Basic & None only)'.
METADATA_BACKFILL_BATCH = 500


def videos_to_check(batch_size: int, missing_metadata_only: bool = False) -> list[int]:
    """The active videos checked longest ago (never-checked first); with `missing_metadata_only`, only those of the
    basic and none tiers (no title, or no duration)."""
    missing = not_(and_(_present(Video.title), _timed())) if missing_metadata_only else true()
    return list(
        db.session.scalars(
            select(Video.id)
            .where(Video.is_active.is_(True), missing)
            .order_by(Video.checked_at.is_not(None), Video.checked_at, Video.id)
            .limit(batch_size)
        )
    )


def sound_from_embed(embed_html: str) -> tuple[str | None, str | None]:
    """('track', 'artist') from the embed's '♬ {track} - {artist}' link, when there is one."""
    match = _SOUND_LINK.search(embed_html or "")
    if not match:
        return None, None
    track, _, artist = html.unescape(match.group(1)).rpartition(" - ")
    return (track.strip() or None, artist.strip() or None) if track else (None, None)


@dataclass
class SourceUse:
    """Whether the TikTok source may still be asked this batch: bot detection ends that until the next check."""

    usable: bool = True


def _metadata_from_source(video: Video, source: SourceUse) -> bool:
    """Full metadata from the TikTok source (yt-dlp), merged like any ingest; False when it could not say."""
    if not source.usable:
        return False
    try:
        record = profiles.fetch_record(video.video_id, video.creator.username)
    except tiktok.Blocked:
        source.usable = False
        return False
    except tiktok.SourceError:
        return False
    ingest_records([record])
    video.metadata_extracted_at = utcnow()
    return True


def _fill_metadata(video: Video, found: oembed.OEmbed, source: SourceUse) -> bool:
    """Complete a basic/none-tier video from the TikTok source, else from what oEmbed knows."""
    if metadata_tier(video.title, video.duration, video.track, video.artist) not in ("basic", "none"):
        return False
    if _metadata_from_source(video, source):
        return True
    added = False
    if not video.title and found.title.strip():
        video.description = video.description or found.title
        video.title, added = title_from_caption(found.title), True
    track, artist = sound_from_embed(found.html)
    if track and artist and not (video.track and video.artist):
        video.track, video.artist, added = track, artist, True
    if added:
        video.metadata_extracted_at = utcnow()
    return added


def check_one(video: Video, summary: CheckSummary, source: SourceUse) -> bool:
    """Check one video; answers whether it went inactive. Only TikTok's 400 deactivates a video."""
    summary.total += 1
    try:
        found = oembed.fetch(video.video_url)
    except oembed.VideoGone:
        summary.successful += 1
        summary.unavailable += 1
        video.is_active, video.checked_at = False, utcnow()
        return True
    except oembed.Inconclusive as exc:
        summary.failed += 1
        field = FAILURE_KINDS.get(exc.kind, FAILURE_KINDS["unknown"])[0]
        setattr(summary, field, getattr(summary, field) + 1)
        return False
    summary.successful += 1
    summary.available += 1
    summary.metadataExtracted += _fill_metadata(video, found, source)
    video.checked_at = utcnow()
    return False


def run_check(video_ids: list[int], delay_ms: int, progress=None) -> dict:
    """Check the videos one by one, `delay_ms` apart, then recount what the removed ones belonged to."""
    summary, source, trends, hashtags, creators, removed = CheckSummary(), SourceUse(), set(), set(), set(), set()
    for position, video_id in enumerate(video_ids):
        if position and delay_ms:
            time.sleep(delay_ms / 1000)
        video = db.session.get(Video, video_id)
        if video is not None and check_one(video, summary, source):
            trends.add(video.trend_id)
            hashtags |= {tag.id for tag in video.hashtags}
            creators.add(video.creator_id)
            removed.add(video.id)
        db.session.commit()
        if progress is not None:
            progress(checked=position + 1, total=len(video_ids), summary=asdict(summary))
        if should_stop(summary):
            summary.stoppedEarly = True
            break
    trend_ids = {trend_id for trend_id in trends if trend_id is not None}
    aggregates.refresh(trend_ids, hashtags, creators, playlist_ids=aggregates.playlists_holding(removed))
    update = N_("Dance trends updated: {count} trend(s) recounted").format(count=len(trend_ids)) if trend_ids else None
    result, message = outcome(summary)
    return {"summary": asdict(summary), "danceTrendsUpdate": update, "outcome": result, "outcomeMessage": message}

"""Reports of videos that no longer play: one per video and reporter; an admin's report removes the video at once."""

from datetime import timedelta

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from app.extensions import db
from app.i18n import N_
from app.models import User, Video, VideoReport
from app.models.report import REVIEW_STATUSES, ReviewStatus
from app.models.types import utcnow
from app.services import aggregates
from app.services.errors import NotFound
from app.services.paging import PageOf, page_of

REPORTED = N_("Thank you! The video has been reported and will be reviewed.")
ALREADY_REPORTED = N_("You have already reported this video.")
# A visitor's report is known by its address, which others may share (a household, an office).
ALREADY_REPORTED_HERE = N_("This video has already been reported from your network.")
MARKED_UNAVAILABLE = N_("Video marked as unavailable")


def _video(video_id: str) -> Video:
    video = db.session.scalar(select(Video).where(Video.video_id == video_id))
    if video is None:
        raise NotFound(N_("Video not found"), "videoId")
    return video


def report_video(video_id: str, reporter: User | None, ip: str | None) -> tuple[str, bool]:
    """File a report for review, naming the video's own creator; a second report by the same account (or IP)
    answers alreadyReported."""
    video = _video(video_id)
    key = f"user:{reporter.id}" if reporter else f"ip:{ip or 'unknown'}"
    exists = db.session.scalar(
        select(VideoReport.id).where(VideoReport.video_id == video.video_id, VideoReport.reporter_key == key)
    )
    already = ALREADY_REPORTED if reporter else ALREADY_REPORTED_HERE
    if exists:
        return already, True
    db.session.add(
        VideoReport(
            video_id=video.video_id,
            video_pk=video.id,
            username=video.creator.username,
            reason=N_("Video unavailable"),
            status="pending",
            reporter_key=key,
            reported_by_id=reporter.id if reporter else None,
            reported_by_ip=ip,
        )
    )
    try:
        db.session.commit()
    except IntegrityError:  # the same reporter, twice at once
        db.session.rollback()
        return already, True
    return REPORTED, False


def deactivate_video(video: Video) -> None:
    """Take a video out of every feed (kept for history), and recount what it belonged to."""
    if not video.is_active:
        return
    video.is_active = False
    db.session.commit()
    hashtag_ids = [tag.id for tag in video.hashtags]
    playlist_ids = aggregates.playlists_holding([video.id])
    aggregates.refresh(
        [video.trend_id] if video.trend_id else [], hashtag_ids, [video.creator_id], playlist_ids=playlist_ids
    )


def mark_unavailable(video_id: str, admin: User) -> str:
    """An admin's report: the video goes inactive now, recorded as an approved report."""
    video = _video(video_id)
    deactivate_video(video)
    key = f"user:{admin.id}"
    report = db.session.scalar(
        select(VideoReport).where(VideoReport.video_id == video.video_id, VideoReport.reporter_key == key)
    )
    if report is None:
        report = VideoReport(
            video_id=video.video_id,
            video_pk=video.id,
            username=video.creator.username,
            reason=N_("Video unavailable"),
            reporter_key=key,
            reported_by_id=admin.id,
        )
        db.session.add(report)
    report.status, report.reviewed_by_id, report.reviewed_at = "approved", admin.id, utcnow()
    db.session.commit()
    return MARKED_UNAVAILABLE


RECENT_DAYS = 7


def list_reports(status: str, offset: int, limit: int) -> PageOf:
    """Reports newest first, filtered by status ('all' for every one)."""
    query = select(VideoReport).order_by(VideoReport.created_at.desc(), VideoReport.id.desc())
    if status != "all":
        query = query.where(VideoReport.status == status)
    return page_of(query, offset, limit)


def report_stats() -> dict:
    """statusBreakdown, totalReports, recentReports (the last 7 days)."""
    breakdown = dict.fromkeys(REVIEW_STATUSES, 0)
    breakdown.update(
        dict(
            db.session.execute(
                select(VideoReport.status, func.count(VideoReport.id)).group_by(VideoReport.status)
            ).all()
        )
    )
    recent = (
        db.session.scalar(
            select(func.count(VideoReport.id)).where(VideoReport.created_at >= utcnow() - timedelta(days=RECENT_DAYS))
        )
        or 0
    )
    return {"statusBreakdown": breakdown, "totalReports": sum(breakdown.values()), "recentReports": recent}


def review(report_id: int, status: ReviewStatus, notes: str, admin: User) -> VideoReport:
    """Set a report's status and notes; approving takes the video out of every feed."""
    report = db.session.get(VideoReport, report_id)
    if report is None:
        raise NotFound(N_("Report not found"))
    report.status, report.notes = status, notes
    report.reviewed_by_id, report.reviewed_at = admin.id, utcnow()
    db.session.commit()
    if status == "approved" and report.video_pk is not None:
        video = db.session.get(Video, report.video_pk)
        if video is not None:
            deactivate_video(video)
    return report

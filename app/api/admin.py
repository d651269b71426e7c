"""The developer portal's calls (spec §7 "Reports", "Admin and profile creation", "Player settings"), admins only."""

from typing import Literal

from flask import Blueprint, jsonify
from flask_login import current_user
from pydantic import Field
from sqlalchemy import select

from app.api.guards import admin_only
from app.api.paging import PageQuery
from app.api.schemas import ApiModel
from app.api.validation import operation
from app.extensions import db
from app.jobs import enqueue
from app.jobs.ingest import last_block
from app.jobs.maintenance import health_check, start_tiktok_canary
from app.models import Job
from app.services import creators, health, player_settings, reports, tiktok_status
from app.services.errors import NotFound

HEALTH_CHECK_KIND = "health-check"

bp = Blueprint("admin_api", __name__, url_prefix="/api")


class ReportListQuery(PageQuery):
    status: Literal["all", "pending", "reviewed", "approved", "rejected"] = Field(default="pending", title="Status")


class ReviewBody(ApiModel):
    status: Literal["pending", "reviewed", "approved", "rejected"] = Field(title="Status")
    notes: str = Field(default="", max_length=5000, title="Notes")


class HealthCheckBody(ApiModel):
    batchSize: Literal[50, 500] = Field(default=50, title="Batch size")
    delayBetweenRequests: int = Field(default=1000, ge=0, le=10_000, title="Delay between requests")


class PlayerSettingsBody(ApiModel):
    controls: bool | None = None
    progressBar: bool | None = None
    playButton: bool | None = None
    volumeControl: bool | None = None
    fullscreenButton: bool | None = None
    timestamp: bool | None = None
    loop: bool | None = None
    autoplay: bool | None = None
    musicInfo: bool | None = None
    description: bool | None = None
    rel: bool | None = None
    nativeContextMenu: bool | None = None
    closedCaption: bool | None = None
    showDownloadButtons: bool | None = None


@bp.get("/tiktok/stats")
@admin_only
@operation("Stat cards: monitored usernames and videos", tag="admin", auth="admin")
def stats():
    return jsonify({"success": True, "stats": creators.catalog_stats()})


@bp.delete("/tiktok/usernames/<username>")
@admin_only
@operation("Delete a monitored username and all its videos", tag="admin", auth="admin")
def delete_username(username: str):
    removed = creators.delete_creator(username)
    return jsonify(
        {"success": True, "message": f"@{username} has been deleted successfully!", "videosDeleted": removed}
    )


@bp.get("/admin/video-reports")
@admin_only
@operation("Video reports by status, newest first", query=ReportListQuery, tag="admin", auth="admin")
def video_reports(query: ReportListQuery):
    items, total = reports.list_reports(query.status, query.offset, query.limit)
    pages = -(-total // query.limit)
    return jsonify(
        {"reports": items, "pagination": {"page": query.page, "limit": query.limit, "total": total, "pages": pages}}
    )


@bp.get("/admin/video-reports/stats")
@admin_only
@operation("Report counts by status and over the last 7 days", tag="admin", auth="admin")
def video_report_stats():
    return jsonify(reports.report_stats())


@bp.put("/admin/video-reports/<int:report_id>")
@admin_only
@operation("Review a report; approving removes the video", body=ReviewBody, tag="admin", auth="admin")
def review_report(report_id: int, body: ReviewBody):
    report = reports.review(report_id, body.status, body.notes, current_user)
    return jsonify({"success": True, "message": f"Report {body.status} successfully!", "report": report})


@bp.get("/tiktok/videos/enhanced-health-status")
@admin_only
@operation("Activity and metadata tiers across the catalog", tag="admin", auth="admin")
def enhanced_health_status():
    return jsonify(health.health_status())


@bp.get("/tiktok/videos/reset-metadata-counts")
@admin_only
@operation("Recount the metadata tiers", tag="admin", auth="admin")
def reset_metadata_counts():
    return jsonify({"success": True, **health.health_status()})


@bp.post("/tiktok/videos/enhanced-health-check")
@admin_only
@operation("Queue a health check of the least recently checked videos", body=HealthCheckBody, tag="admin", auth="admin")
def enhanced_health_check(body: HealthCheckBody):
    job = enqueue(
        health_check,
        queue="maintenance",
        kind=HEALTH_CHECK_KIND,
        params=body.model_dump(),
        created_by_id=current_user.id,
        job_timeout=60 * 60,
    )
    return jsonify({"success": True, "jobId": job.id, "status": job.status}), 202


def _health_check_json(job: Job | None):
    if job is None or job.kind != HEALTH_CHECK_KIND:
        raise NotFound("Health check not found")
    return jsonify(
        {
            "jobId": job.id,
            "status": job.status,
            "progress": job.progress or {},
            **(job.result or {}),
            "error": job.error,
        }
    )


@bp.get("/tiktok/videos/enhanced-health-check/latest")
@admin_only
@operation("The newest health check (running or done), so its result outlives a reload", tag="admin", auth="admin")
def latest_health_check():
    newest = select(Job).where(Job.kind == HEALTH_CHECK_KIND).order_by(Job.created_at.desc(), Job.id.desc()).limit(1)
    return _health_check_json(db.session.scalar(newest))


@bp.get("/tiktok/videos/enhanced-health-check/<job_id>")
@admin_only
@operation("Progress and result of a health check", tag="admin", auth="admin")
def enhanced_health_check_progress(job_id: str):
    return _health_check_json(db.session.get(Job, job_id))


@bp.get("/admin/tiktok-status")
@admin_only
@operation(
    "How the site stands with TikTok: yt-dlp, settings, last successes, blocks, the canary", tag="admin", auth="admin"
)
def get_tiktok_status():
    return jsonify(tiktok_status.status(last_block()))


@bp.post("/admin/tiktok-status/canary")
@admin_only
@operation("List the canary profile's newest videos now", tag="admin", auth="admin")
def run_tiktok_canary():
    job = start_tiktok_canary(current_user.id)
    return jsonify({"success": True, "jobId": job.id, "status": job.status}), 202


@bp.put("/player-settings/global")
@admin_only
@operation("Save the global player settings", body=PlayerSettingsBody, tag="player-settings", auth="admin")
def save_player_settings(body: PlayerSettingsBody):
    return jsonify(player_settings.save_global(body.model_dump(exclude_none=True), current_user.id))


@bp.post("/player-settings/global/reset")
@admin_only
@operation("Reset the global player settings to the defaults", tag="player-settings", auth="admin")
def reset_player_settings():
    return jsonify(player_settings.reset_global(current_user.id))

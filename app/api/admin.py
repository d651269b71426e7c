"""The developer portal's calls (spec §7 "Reports", "Admin and profile creation"), admins only."""

from typing import Literal, Self

from flask import Blueprint
from flask_login import current_user
from pydantic import Field

from app.api.operations import operation
from app.api.paging import PageQuery, page_envelope
from app.api.schemas import ApiModel, JobStatus, Message, OutModel, QueuedJob, iso
from app.i18n import N_
from app.jobs import enqueue, newest_observed_job, observed_job
from app.jobs.ingest import last_block
from app.jobs.maintenance import health_check, start_tiktok_canary
from app.models import Job, JobKind, VideoReport
from app.models.report import ReviewStatus
from app.services import creators, health, reports, tiktok_status
from app.services.errors import NotFound

bp = Blueprint("admin_api", __name__, url_prefix="/api")


class ReportListQuery(PageQuery):
    status: ReviewStatus | Literal["all"] = Field(default="pending", title="Status")


REVIEWED: dict[str, str] = {
    "pending": N_("Report pending successfully!"),
    "reviewed": N_("Report reviewed successfully!"),
    "approved": N_("Report approved successfully!"),
    "rejected": N_("Report rejected successfully!"),
}


class ReviewBody(ApiModel):
    status: ReviewStatus = Field(title="Status")
    notes: str = Field(default="", max_length=5000, title="Notes")


class HealthCheckBody(ApiModel):
    batchSize: Literal[50, 500] = Field(default=50, title="Batch size")
    delayBetweenRequests: int = Field(default=1000, ge=0, le=10_000, title="Delay between requests")


class CatalogCounts(OutModel):
    totalUsernames: int
    activeUsernames: int
    totalVideos: int
    activeVideos: int


class CatalogStats(OutModel):
    success: bool
    stats: CatalogCounts


class DeletedCreator(Message):
    videosDeleted: int


class Reporter(OutModel):
    username: str
    email: str


class Reviewer(OutModel):
    username: str


class ReportOut(OutModel):
    id: str = Field(alias="_id")
    videoId: str
    username: str
    reason: str
    status: ReviewStatus
    createdAt: str
    reportedBy: Reporter | None = Field(description="The account that reported it; null for a visitor")
    reportedByIp: str | None
    reviewedBy: Reviewer | None
    reviewedAt: str | None
    notes: str

    @classmethod
    def of(cls, report: VideoReport) -> Self:
        reporter, reviewer = report.reported_by, report.reviewed_by
        return cls(
            _id=str(report.id),
            videoId=report.video_id,
            username=report.username,
            reason=report.reason,
            status=report.status,
            createdAt=report.created_at.isoformat(),
            reportedBy=Reporter(username=reporter.username, email=reporter.email) if reporter else None,
            reportedByIp=report.reported_by_ip,
            reviewedBy=Reviewer(username=reviewer.username) if reviewer else None,
            reviewedAt=iso(report.reviewed_at),
            notes=report.notes or "",
        )


class Pagination(OutModel):
    page: int
    limit: int
    total: int
    pages: int


class ReportList(OutModel):
    reports: list[ReportOut]
    pagination: Pagination


class ReviewedReport(Message):
    report: ReportOut


class StatusBreakdown(OutModel):
    pending: int
    reviewed: int
    approved: int
    rejected: int


class ReportStats(OutModel):
    statusBreakdown: StatusBreakdown
    totalReports: int
    recentReports: int = Field(description="Reports of the last 7 days")


class HealthStatus(OutModel):
    """Spec §3 'Enhanced health status'."""

    success: bool | None = None
    total: int
    active: int
    inactive: int
    completeMetadata: int
    partialMetadata: int
    basicMetadata: int
    noMetadata: int
    metadataPercentage: float
    partialMetadataPercentage: float
    withMetadata: int
    withoutMetadata: int


class CheckSummary(OutModel):
    total: int
    successful: int
    failed: int
    available: int
    unavailable: int
    metadataExtracted: int
    rateLimited: int
    blocked: int
    networkErrors: int
    unknownErrors: int
    stoppedEarly: bool


class CheckProgress(OutModel):
    checked: int | None = None
    total: int | None = None
    summary: CheckSummary | None = None


class HealthCheck(OutModel):
    jobId: str
    status: JobStatus
    progress: CheckProgress
    error: str | None
    summary: CheckSummary | None = None
    danceTrendsUpdate: str | None = None
    outcome: Literal["success", "warning", "failure"] | None = None
    outcomeMessage: str | None = None

    @classmethod
    def of(cls, job: Job) -> Self:
        """The check's job, with the result the finished check stored (its summary and outcome)."""
        stored = job.result or {}
        return cls(
            jobId=job.id,
            status=job.status,
            progress=CheckProgress.model_validate(job.progress or {}),
            error=job.error,
            **stored,
        )


class LatestHealthCheck(OutModel):
    success: bool
    check: HealthCheck | None


class Canary(OutModel):
    jobId: str
    status: JobStatus
    error: str | None
    ok: bool | None = None
    username: str | None = None
    videos: int | None = None
    blocked: bool | None = None
    cause: str | None = None
    message: str | None = None
    advice: str | None = Field(default=None, description="What an admin can do about a failure")
    details: str | None = None
    checkedAt: str | None = None


class TikTokStatus(OutModel):
    source: str
    ytdlpVersion: str
    ytdlpReleased: str | None
    ytdlpAgeDays: int | None
    curlCffiVersion: str | None
    curlCffiPinned: str | None
    impersonation: bool
    cookiesFile: bool
    cookiesFileReadable: bool
    proxy: bool
    sleepRequests: float
    lastListing: str | None
    lastMetadata: str | None
    lastDownload: str | None
    lastBlocked: str | None
    lastBlockCause: str | None
    backoffUntil: str | None
    canary: Canary | None
    updateCommand: str
    warnings: list[str]


@bp.get("/tiktok/stats")
@operation("Stat cards: monitored usernames and videos", response=CatalogStats, tag="admin", auth="admin")
def stats():
    return {"success": True, "stats": creators.catalog_stats()}


@bp.delete("/tiktok/usernames/<username>")
@operation(
    "Delete a monitored username and all its videos",
    response=DeletedCreator,
    errors={404: None},
    tag="admin",
    auth="admin",
)
def delete_username(username: str):
    removed = creators.delete_creator(username)
    return {
        "success": True,
        "message": N_("@{username} has been deleted successfully!").format(username=username),
        "videosDeleted": removed,
    }


@bp.get("/admin/video-reports")
@operation(
    "Video reports by status, newest first", query=ReportListQuery, response=ReportList, tag="admin", auth="admin"
)
def video_reports(query: ReportListQuery):
    page = reports.list_reports(query.status, query.offset, query.limit)
    totals = page_envelope(page.total, query)
    pagination = {"page": query.page, "limit": query.limit, "total": page.total, "pages": totals["totalPages"]}
    return {"reports": [ReportOut.of(r) for r in page.items], "pagination": pagination}


@bp.get("/admin/video-reports/stats")
@operation("Report counts by status and over the last 7 days", response=ReportStats, tag="admin", auth="admin")
def video_report_stats():
    return reports.report_stats()


@bp.put("/admin/video-reports/<int:report_id>")
@operation(
    "Review a report; approving removes the video",
    body=ReviewBody,
    response=ReviewedReport,
    errors={404: None},
    tag="admin",
    auth="admin",
)
def review_report(report_id: int, body: ReviewBody):
    report = reports.review(report_id, body.status, body.notes, current_user)
    return {"success": True, "message": REVIEWED[body.status], "report": ReportOut.of(report)}


@bp.get("/tiktok/videos/enhanced-health-status")
@operation("Activity and metadata tiers across the catalog", response=HealthStatus, tag="admin", auth="admin")
def enhanced_health_status():
    return health.health_status()


@bp.get("/tiktok/videos/reset-metadata-counts")
@operation("Recount the metadata tiers", response=HealthStatus, tag="admin", auth="admin")
def reset_metadata_counts():
    return {"success": True, **health.health_status()}


@bp.post("/tiktok/videos/enhanced-health-check")
@operation(
    "Queue a health check of the least recently checked videos (500: of those missing metadata only)",
    body=HealthCheckBody,
    response=QueuedJob,
    status=202,
    tag="admin",
    auth="admin",
)
def enhanced_health_check(body: HealthCheckBody):
    backfill = body.batchSize == health.METADATA_BACKFILL_BATCH  # the spec's button for basic and none tiers only
    job = enqueue(
        health_check,
        queue="maintenance",
        kind=JobKind.HEALTH_CHECK,
        params={**body.model_dump(), "missingMetadataOnly": backfill},
        created_by_id=current_user.id,
        job_timeout=60 * 60,
    )
    return {"success": True, "jobId": job.id, "status": job.status}


def _health_check(job: Job | None) -> HealthCheck:
    if job is None:
        raise NotFound(N_("Health check not found"))
    return HealthCheck.of(job)


@bp.get("/tiktok/videos/enhanced-health-check/latest")
@operation(
    "The newest health check (running or done), so its result outlives a reload; null before the first",
    response=LatestHealthCheck,
    tag="admin",
    auth="admin",
)
def latest_health_check():
    job = newest_observed_job(JobKind.HEALTH_CHECK)
    return {"success": True, "check": HealthCheck.of(job) if job else None}


@bp.get("/tiktok/videos/enhanced-health-check/<job_id>")
@operation("Progress and result of a health check", response=HealthCheck, errors={404: None}, tag="admin", auth="admin")
def enhanced_health_check_progress(job_id: str):
    return _health_check(observed_job(JobKind.HEALTH_CHECK, job_id))


@bp.get("/admin/tiktok-status")
@operation(
    "How the site stands with TikTok: yt-dlp, settings, last successes, blocks, the canary",
    response=TikTokStatus,
    tag="admin",
    auth="admin",
)
def get_tiktok_status():
    return tiktok_status.status(last_block)


@bp.post("/admin/tiktok-status/canary")
@operation("List the canary profile's newest videos now", response=QueuedJob, status=202, tag="admin", auth="admin")
def run_tiktok_canary():
    job = start_tiktok_canary(current_user.id)
    return {"success": True, "jobId": job.id, "status": job.status}

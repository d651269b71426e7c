"""Spec §7 "Reports": reporting a video that no longer plays."""

from flask import Blueprint, jsonify
from flask_login import current_user
from pydantic import Field

from app.api.guards import admin_only
from app.api.schemas import ApiModel
from app.api.validation import operation
from app.extensions import limiter
from app.ratelimit import client_ip, configured_limit
from app.services import reports

bp = Blueprint("reports_api", __name__, url_prefix="/api/tiktok/videos")


class UserReportBody(ApiModel):
    videoId: str = Field(min_length=1, max_length=32, title="Video id")
    # Sent by the spec's client; the report names the video's creator whatever it says.
    username: str = Field(default="", max_length=64, title="Username")


class AdminReportBody(ApiModel):
    videoId: str = Field(min_length=1, max_length=32, title="Video id")


@bp.post("/user-report")
@limiter.limit(configured_limit("REPORT_RATE_LIMIT"))
@operation(
    "Report a video that no longer plays (visitors too; once per account or IP)", body=UserReportBody, tag="reports"
)
def user_report(body: UserReportBody):
    reporter = current_user if current_user.is_authenticated else None
    message, already = reports.report_video(body.videoId, reporter, client_ip())
    return jsonify({"success": True, "message": message, "alreadyReported": already})


@bp.post("/report-unavailable")
@admin_only
@operation("Admin: mark a video unavailable at once", body=AdminReportBody, tag="reports", auth="admin")
def report_unavailable(body: AdminReportBody):
    message = reports.mark_unavailable(body.videoId, current_user)
    return jsonify({"success": True, "message": message})

"""Spec §7 "Reports": reporting a video that no longer plays."""

from flask import Blueprint
from flask_login import current_user
from pydantic import Field

from app.api.operations import operation
from app.api.schemas import ApiModel, Message
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


class ReportAnswer(Message):
    alreadyReported: bool = Field(description="This account or address had reported the video before")


@bp.post("/user-report")
@limiter.limit(configured_limit("REPORT_RATE_LIMIT"))
@operation(
    "Report a video that no longer plays (visitors too; once per account or IP)",
    body=UserReportBody,
    response=ReportAnswer,
    errors={404: None},
    tag="reports",
)
def user_report(body: UserReportBody):
    reporter = current_user if current_user.is_authenticated else None
    message, already = reports.report_video(body.videoId, reporter, client_ip())
    return {"success": True, "message": message, "alreadyReported": already}


@bp.post("/report-unavailable")
@operation(
    "Admin: mark a video unavailable at once",
    body=AdminReportBody,
    response=Message,
    errors={404: None},
    tag="reports",
    auth="admin",
)
def report_unavailable(body: AdminReportBody):
    message = reports.mark_unavailable(body.videoId, current_user)
    return {"success": True, "message": message}

"""Spec §7 "Downloads", admins only: the HD button and a creator's Download All, with progress.

The spec's synchronous `file_path` is replaced by a download id the client polls; the file is then fetched with
`/api/download-file?id=`, looked up on the server (a `path` is never accepted).
"""

from typing import Annotated

from flask import Blueprint, jsonify, request, send_from_directory
from flask_login import current_user
from pydantic import Field

from app.api.errors import error_response
from app.api.guards import admin_only
from app.api.inputs import MAX_ID
from app.api.schemas import ApiModel
from app.api.validation import operation
from app.jobs import downloads as download_jobs
from app.services import downloads
from app.services.profiles import require_handle

bp = Blueprint("downloads_api", __name__, url_prefix="/api")

Tag = Annotated[str, Field(max_length=100)]
Tags = Annotated[list[Tag], Field(max_length=downloads.MAX_TAGS)] | Annotated[str, Field(max_length=3000)]


class DownloadBody(ApiModel):
    url: str = Field(max_length=2048, title="URL")
    addToSite: bool = Field(default=False, title="Add to site")
    tags: Tags = Field(default_factory=list, title="Tags")
    ageVerified: bool = Field(default=False, title="Age verified")


class DownloadFileQuery(ApiModel):
    id: int = Field(ge=1, le=MAX_ID, title="Download id")


class CreatorDownloadBody(ApiModel):
    skipExisting: bool = Field(default=True, title="Skip existing")


@bp.post("/download-tiktok")
@admin_only
@operation("Queue the download of one TikTok video by its link", body=DownloadBody, tag="downloads", auth="admin")
def download_tiktok(body: DownloadBody):
    download = download_jobs.queue_video_download(
        body.url, body.addToSite, body.tags, body.ageVerified, current_user.id
    )
    return jsonify({"success": True, "downloadId": download.id, "status": download.status}), 202


@bp.get("/download-status/<int:download_id>")
@admin_only
@operation("A download's status and bytes done; the file's URL once finished", tag="downloads", auth="admin")
def download_status(download_id: int):
    return jsonify(download_jobs.download_status(download_id))


@bp.get("/download-file")
@admin_only
@operation(
    "The downloaded file, saved as {username}_{videoId}.mp4", query=DownloadFileQuery, tag="downloads", auth="admin"
)
def download_file(query: DownloadFileQuery):
    if "path" in request.args or "filename" in request.args:
        return error_response(400, "Files are fetched by download id only", {"path": "Not accepted"})
    folder, file_name, save_as = downloads.downloaded_file(query.id)
    return send_from_directory(folder, file_name, as_attachment=True, download_name=save_as, max_age=0)


@bp.post("/download-user-videos/<username>")
@admin_only
@operation(
    "Queue the download of all of a monitored creator's videos", body=CreatorDownloadBody, tag="downloads", auth="admin"
)
def download_user_videos(username: str, body: CreatorDownloadBody):
    started = download_jobs.queue_creator_download(username, body.skipExisting, current_user.id)
    return jsonify(
        {
            "success": True,
            "message": started["message"],
            "totalVideos": started["totalVideos"],
            "skippedCount": started["skippedCount"],
            "progressId": started["progressId"],
        }
    ), 202


@bp.get("/download-progress/<progress_id>")
@admin_only
@operation("Progress of a creator download", tag="downloads", auth="admin")
def download_progress(progress_id: str):
    return jsonify({"success": True, "progress": download_jobs.creator_download_progress(progress_id)})


@bp.get("/active-downloads/<username>")
@admin_only
@operation("The creator download under way for a username, if any", tag="downloads", auth="admin")
def active_downloads(username: str):
    job = download_jobs.current_creator_download(require_handle(username))
    return jsonify({"success": True, "activeDownload": downloads.creator_progress(job) if job else None})

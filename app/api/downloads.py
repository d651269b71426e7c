"""Spec §7 "Downloads", admins only: the HD button and a creator's Download All, with progress.

The spec's synchronous `file_path` is replaced by a download id the client polls; the file is then fetched with
`/api/download-file?id=`, looked up on the server (a `path` is never accepted).
"""

from typing import Annotated, Literal, Self

from flask import Blueprint, request, send_from_directory
from flask_login import current_user
from pydantic import Field

from app.api.inputs import MAX_ID
from app.api.operations import operation
from app.api.schemas import ApiModel, OutModel
from app.i18n import N_
from app.jobs import downloads as download_jobs
from app.models import Download, Job, JobKind
from app.models.job import DownloadStatus
from app.services import downloads
from app.services.downloads import served_name
from app.services.errors import ServiceError
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


CreatorDownloadStatus = Literal["starting", "downloading", "completed", "error"]


class QueuedDownload(OutModel):
    success: bool
    downloadId: int
    status: DownloadStatus


class DownloadBytes(OutModel):
    downloadedBytes: int
    totalBytes: int | None
    percent: int


class DownloadState(OutModel):
    success: bool
    downloadId: int
    videoId: str
    username: str
    status: DownloadStatus
    progress: DownloadBytes
    fileName: str | None = Field(description="Set once finished")
    fileUrl: str | None = Field(description="Set once finished")
    error: str | None

    @classmethod
    def of(cls, download: Download, job: Job | None) -> Self:
        """What the HD button polls."""
        progress = (job.progress or {}) if job is not None and job.kind == JobKind.VIDEO_DOWNLOAD else {}
        done, total = progress.get("downloadedBytes", 0), progress.get("totalBytes")
        finished = download.status == "finished"
        return cls(
            success=True,
            downloadId=download.id,
            videoId=download.video_id,
            username=download.username,
            status=download.status,
            progress=DownloadBytes(
                downloadedBytes=done,
                totalBytes=total,
                percent=100 if finished else (round(100 * done / total) if total else 0),
            ),
            fileName=served_name(download) if finished else None,
            fileUrl=f"/api/download-file?id={download.id}" if finished else None,
            error=download.error,
        )


class CreatorDownloadProgress(OutModel):
    """Spec §3 'Download progress'."""

    progressId: str
    username: str | None
    totalVideos: int
    completed: int
    errors: int
    skippedCount: int
    status: CreatorDownloadStatus
    currentVideo: str | None
    error: str | None
    blocked: bool | None = None


class CreatorDownloadStarted(OutModel):
    success: bool
    message: str
    totalVideos: int
    skippedCount: int
    progressId: str


class CreatorDownloadPoll(OutModel):
    success: bool
    progress: CreatorDownloadProgress


class ActiveDownload(OutModel):
    success: bool
    activeDownload: CreatorDownloadProgress | None


@bp.post("/download-tiktok")
@operation(
    "Queue the download of one TikTok video by its link",
    body=DownloadBody,
    response=QueuedDownload,
    status=202,
    tag="downloads",
    auth="admin",
)
def download_tiktok(body: DownloadBody):
    download = download_jobs.queue_video_download(
        body.url, body.addToSite, body.tags, body.ageVerified, current_user.id
    )
    return {"success": True, "downloadId": download.id, "status": download.status}


@bp.get("/download-status/<int:download_id>")
@operation(
    "A download's status and bytes done; the file's URL once finished",
    response=DownloadState,
    errors={404: None},
    tag="downloads",
    auth="admin",
)
def download_status(download_id: int):
    return DownloadState.of(*download_jobs.download_status(download_id))


@bp.get("/download-file")
@operation(
    "The downloaded file, saved as {username}_{videoId}.mp4",
    query=DownloadFileQuery,
    file="video/mp4",
    errors={404: None},
    tag="downloads",
    auth="admin",
)
def download_file(query: DownloadFileQuery):
    if "path" in request.args or "filename" in request.args:
        raise ServiceError(N_("Files are fetched by download id only"), "path")
    folder, file_name, save_as = downloads.downloaded_file(query.id)
    return send_from_directory(folder, file_name, as_attachment=True, download_name=save_as, max_age=0)


@bp.post("/download-user-videos/<username>")
@operation(
    "Queue the download of all of a monitored creator's videos",
    body=CreatorDownloadBody,
    response=CreatorDownloadStarted,
    status=202,
    errors={404: None},
    tag="downloads",
    auth="admin",
)
def download_user_videos(username: str, body: CreatorDownloadBody):
    started = download_jobs.queue_creator_download(username, body.skipExisting, current_user.id)
    return {
        "success": True,
        "message": started["message"],
        "totalVideos": started["totalVideos"],
        "skippedCount": started["skippedCount"],
        "progressId": started["progressId"],
    }


@bp.get("/download-progress/<progress_id>")
@operation(
    "Progress of a creator download", response=CreatorDownloadPoll, errors={404: None}, tag="downloads", auth="admin"
)
def download_progress(progress_id: str):
    return {"success": True, "progress": download_jobs.creator_download_progress(progress_id)}


@bp.get("/active-downloads/<username>")
@operation(
    "The creator download under way for a username, if any", response=ActiveDownload, tag="downloads", auth="admin"
)
def active_downloads(username: str):
    job = download_jobs.current_creator_download(require_handle(username))
    return {"success": True, "activeDownload": downloads.creator_progress(job) if job else None}

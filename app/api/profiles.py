"""Spec §7 "Admin and profile creation": the Add TikTok Profile screen, and one video's fresh metadata."""

from typing import Literal, Self

from flask import Blueprint
from flask_login import current_user
from pydantic import Field, field_validator

from app.api.operations import operation
from app.api.schemas import ApiModel, JobStatus, Message, OutModel
from app.extensions import limiter
from app.i18n import N_
from app.jobs.ingest import current_extraction, start_extraction
from app.models import Job, Video
from app.ratelimit import configured_limit
from app.services import profiles
from app.services.errors import NotFound
from app.tiktok.urls import is_video_id, normalize_handle

bp = Blueprint("profiles_api", __name__, url_prefix="/api/tiktok")

MAX_VIDEOS = 10_000
MAX_PAGE_SIZE = 50


# A handle or a profile's address; any longer text is refused with the handle's own rule, not a count of characters.
HANDLE_INPUT_MAX = 100


class TikTokHandleBody(ApiModel):
    username: str = Field(title="TikTok username", json_schema_extra={"maxLength": HANDLE_INPUT_MAX})

    @field_validator("username")
    @classmethod
    def _tiktok_handle(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("TikTok username is required")
        handle = normalize_handle(value) if len(value) <= HANDLE_INPUT_MAX else None
        if handle is None:
            raise ValueError(profiles.HANDLE_MESSAGE)
        return handle


class ExtractBody(ApiModel):
    maxVideos: int = Field(default=MAX_VIDEOS, ge=1, le=MAX_VIDEOS, title="Max videos")
    pageSize: int = Field(default=MAX_PAGE_SIZE, ge=1, le=MAX_PAGE_SIZE, title="Page size")
    includeMetadata: bool = Field(default=True, title="Include metadata")
    saveToDatabase: bool = Field(default=False, title="Save to database")


class ChosenVideo(ApiModel):
    videoId: str = Field(max_length=32, title="Video id")


class ConfirmBody(TikTokHandleBody):
    displayName: str | None = Field(default=None, max_length=200, title="Display name")
    videos: list[ChosenVideo | str] | None = Field(default=None, max_length=MAX_VIDEOS, title="Videos")

    def chosen_ids(self) -> set[str] | None:
        """The ids the user kept (entries without a valid id are ignored); None keeps every extracted video."""
        if self.videos is None:
            return None
        ids = (v.videoId if isinstance(v, ChosenVideo) else v for v in self.videos)
        return {i for i in ids if is_video_id(i)}


class ProfilePreview(OutModel):
    existing: bool = Field(description="An active monitored creator has this username already")
    success: bool
    message: str
    username: str


class ExtractedVideo(OutModel):
    videoId: str
    url: str
    valid: bool


class ExtractionStarted(OutModel):
    success: bool
    message: str
    jobId: str
    totalVideos: int
    videos: list[ExtractedVideo]


class ExtractionResult(OutModel):
    """Spec §3 'Extraction preview result'."""

    success: bool
    username: str
    displayName: str | None
    message: str
    videosExtracted: int
    videosProcessed: int
    suggestion: str | None
    videoExtractionFailed: bool
    botDetected: bool
    secUid: str | None
    failureCause: str | None
    details: str | None
    videos: list[ExtractedVideo]


class ExtractionProgress(OutModel):
    jobId: str
    isComplete: bool
    extractedVideos: int
    totalVideos: int
    status: JobStatus | Literal["completed"]
    step: str
    result: ExtractionResult | None = Field(description="Once complete")


class ProfileConfirmed(OutModel):
    success: bool
    message: str
    username: str
    videosAdded: int
    videosUpdated: int
    danceTrendsUpdate: str | None


class FreshMetadata(OutModel):
    title: str | None
    description: str | None
    duration: int | None
    track: str | None
    artist: str | None
    viewCount: int
    likeCount: int
    commentCount: int
    shareCount: int
    saveCount: int | None
    uploadDate: str
    metadataExtractedAt: str

    @classmethod
    def of(cls, video: Video) -> Self:
        """The metadata fields the Following feed merges into its copy of the video, once extracted."""
        assert video.metadata_extracted_at is not None  # extract_metadata answers only after an extraction
        return cls(
            title=video.title,
            description=video.description,
            duration=video.duration,
            track=video.track,
            artist=video.artist,
            viewCount=video.view_count,
            likeCount=video.like_count,
            commentCount=video.comment_count,
            shareCount=video.share_count,
            saveCount=video.save_count,
            uploadDate=video.posted_at.isoformat(),
            metadataExtractedAt=video.metadata_extracted_at.isoformat(),
        )


class VideoMetadataOut(OutModel):
    success: bool
    videoId: str
    metadata: FreshMetadata


@bp.post("/preview-profile")
@operation(
    "Whether a TikTok username can be added",
    body=TikTokHandleBody,
    response=ProfilePreview,
    tag="profiles",
    auth="user",
)
def preview_profile(body: TikTokHandleBody):
    return profiles.preview(body.username)


@bp.post("/extract-user-videos/<username>")
@limiter.limit(configured_limit("EXTRACT_RATE_LIMIT"))
@operation(
    "Start listing a TikTok profile's videos, polled with extraction-progress (unless it saves them to the database, "
    "it stops once nobody has polled it for 2 minutes, or 5 s after its screen said it left)",
    body=ExtractBody,
    response=ExtractionStarted,
    status=202,
    tag="profiles",
    auth="user",
)
def extract_user_videos(username: str, body: ExtractBody):
    handle = profiles.require_handle(username)
    options = profiles.ListingOptions(body.maxVideos, body.pageSize, body.includeMetadata)
    job, started = start_extraction(handle, options, body.saveToDatabase, current_user.id)
    name = job.params["username"]
    message = f"Finding the videos of @{name}" if started else f"Already finding the videos of @{name}"
    return {"success": True, "message": message, "jobId": job.id, "totalVideos": 0, "videos": []}


@bp.get("/extraction-progress/<username>")
@operation(
    "Progress, then the preview result, of a profile's newest extraction",
    response=ExtractionProgress,
    errors={404: None},
    tag="profiles",
    auth="user",
)
def extraction_progress(username: str):
    return profiles.extraction_progress(_newest_extraction(username), technical=current_user.is_admin)


def _newest_extraction(username: str) -> Job:
    """The newest extraction of the handle in the address, or a 404 that names it."""
    handle = profiles.require_handle(username)
    job = current_extraction(handle)
    if job is None:
        raise NotFound(N_("No extraction of @{username} was started").format(username=handle), "username")
    return job


@bp.post("/extraction-progress/<username>/left")
@operation(
    "The screen following a profile's newest extraction closed: unless a screen polls it again within 5 s (a "
    "reload), a search that saves nothing stops, so the searches queued after it go on",
    response=Message,
    errors={404: None},
    tag="profiles",
    auth="user",
)
def extraction_left(username: str):
    profiles.screen_left(_newest_extraction(username), current_user.id)
    return {"success": True, "message": N_("Nobody waits for this search now")}


@bp.post("/confirm-profile")
@operation(
    "Monitor the profile and add the chosen videos of its extraction",
    body=ConfirmBody,
    response=ProfileConfirmed,
    errors={409: None},
    tag="profiles",
    auth="user",
    max_body=2**20,  # up to MAX_VIDEOS chosen ids
)
def confirm_profile(body: ConfirmBody):
    result = profiles.confirm_extracted_profile(body.username, body.displayName, body.chosen_ids(), current_user.id)
    return result


@bp.post("/videos/extract-metadata/<video_id>")
@limiter.limit(configured_limit("METADATA_RATE_LIMIT"))
@operation(
    "Fresh metadata for a stored video, read from TikTok and merged into it",
    body=TikTokHandleBody,
    response=VideoMetadataOut,
    errors={404: None, 502: None, 503: None},
    tag="profiles",
    auth="user",
)
def extract_metadata(video_id: str, body: TikTokHandleBody):
    if not is_video_id(video_id):
        raise NotFound(N_("Video not found"), "videoId")
    video = profiles.extract_metadata(video_id, body.username, technical=current_user.is_admin)
    return {"success": True, "videoId": video_id, "metadata": FreshMetadata.of(video)}

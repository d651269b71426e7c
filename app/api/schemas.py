"""The API's models: what the operations read (ApiModel) and answer (OutModel), in the field names of spec §7.

Answer models forbid fields they do not declare, so an answer cannot carry more than the published contract says;
a field that an answer may leave out has a default and is sent only when the view gives it.
"""

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from app.models.user import ProfileVisibility

JobStatus = Literal["queued", "running", "finished", "failed"]


class ApiModel(BaseModel):
    """An operation's input: unknown fields are ignored."""

    model_config = ConfigDict(extra="ignore", str_strip_whitespace=False)


SEARCH_MAX = 100
# A page's search as typed: trimmed and cut to SEARCH_MAX characters (a page never refuses a long search).
SearchText = Annotated[str, AfterValidator(lambda text: text.strip()[:SEARCH_MAX])]


class OutModel(BaseModel):
    """An operation's answer."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)


# ---- envelopes ---------------------------------------------------------------------------------------------


class ErrorOut(OutModel):
    """Every refusal: `{success: false, message, errors?}`; `errors` names the fields at fault."""

    success: Literal[False]
    message: str
    errors: dict[str, str] | None = None
    twoFactorRequired: bool | None = Field(default=None, description="Sign-in needs a code from the app")
    failureCause: str | None = Field(default=None, description="Why TikTok refused (a cause key)")
    details: str | None = Field(default=None, description="TikTok's or yt-dlp's own words")


class Message(OutModel):
    success: bool = True
    message: str


class PageOut(OutModel):
    """The totals every paged list carries."""

    total: int
    page: int
    totalPages: int
    hasMore: bool
    hasNextPage: bool


class QueuedJob(OutModel):
    success: bool
    jobId: str
    status: JobStatus


# ---- accounts ----------------------------------------------------------------------------------------------


class UserOut(OutModel):
    id: str = Field(alias="_id")
    role: str
    username: str
    email: str
    avatar: str | None
    displayName: str | None
    subscribers: int
    subscribedTo: list[str]
    createdAt: str
    bio: str
    profileVisibility: ProfileVisibility
    emailNotifications: bool
    twoFactorEnabled: bool


class UserEnvelope(OutModel):
    success: bool | None = None
    message: str | None = None
    user: UserOut | None


class AuthResult(OutModel):
    success: bool | None = None
    message: str | None = None
    user: UserOut
    token: str
    csrfToken: str


class SignedOut(Message):
    csrfToken: str = Field(description="The new session's CSRF token")


class CsrfTokenOut(OutModel):
    csrfToken: str


class PublicUser(OutModel):
    id: str = Field(alias="_id")
    username: str
    displayName: str | None
    bio: str
    subscribers: int


class CreatorRef(OutModel):
    id: str = Field(alias="_id")
    username: str
    displayName: str | None


# ---- the catalog -------------------------------------------------------------------------------------------


class TrendOut(OutModel):
    """Spec §3 Trend, plus the slug and search term the pages link with."""

    songKey: str
    slug: str
    track: str
    artist: str
    isOriginalSound: bool
    searchTerm: str
    videoCount: int
    uniqueUserCount: int
    totalViews: int
    totalLikes: int
    firstVideoDate: str | None
    lastVideoDate: str | None
    trendScore: float


class VideoMetadata(OutModel):
    track: str | None
    artist: str | None
    description: str | None
    viewCount: int
    likeCount: int
    commentCount: int
    shareCount: int
    uploadDate: str


class VideoPaths(OutModel):
    trend: str | None = Field(description="The video under its dance trend on this site")


class VideoOut(OutModel):
    """Spec §3 Video."""

    id: str = Field(alias="_id")
    videoId: str
    username: str
    displayName: str | None
    videoUrl: str
    directUrl: None
    thumbnail: str
    title: str | None
    description: str | None
    postingDate: str
    duration: int | None
    format: str | None
    tags: list[str]
    urlExtractedAt: str | None
    metadataExtractedAt: str | None
    createdAt: str
    isActive: bool
    isPhotoPost: bool
    imagePost: None
    audioTrack: None
    metadata: VideoMetadata
    trendInfo: TrendOut | None
    paths: VideoPaths


class VideoPage(PageOut):
    videos: list[VideoOut]


class HashtagCount(OutModel):
    hashtag: str = Field(description="With its #")
    count: int
    totalViews: int | None = None
    exampleDescription: str | None


class HashtagPage(PageOut):
    hashtags: list[HashtagCount]


class TrendPage(PageOut):
    trends: list[TrendOut]


class CreatorProfile(OutModel):
    id: str = Field(alias="_id")
    username: str
    displayName: str | None
    avatar: str | None
    isActive: bool
    videoCount: int
    danzaFollowers: int


# ---- playlists ---------------------------------------------------------------------------------------------


class Owner(OutModel):
    username: str


class PlaylistOut(OutModel):
    id: str = Field(alias="_id")
    name: str
    description: str
    isPublic: bool
    videoCount: int
    createdBy: Owner
    createdAt: str


class PlaylistList(OutModel):
    playlists: list[PlaylistOut]


class PlaylistPage(PageOut):
    playlists: list[PlaylistOut]


class PlaylistVideos(VideoPage):
    playlist: PlaylistOut

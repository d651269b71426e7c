"""The API's models: what the operations read (ApiModel) and answer (OutModel), in the field names of spec §7.

Answer models forbid fields they do not declare, so an answer cannot carry more than the published contract says;
a field that an answer may leave out has a default and is sent only when the view gives it.
"""

from datetime import datetime
from typing import Annotated, Literal, Self

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from app.models import Creator, Hashtag, Playlist, Trend, User
from app.models.job import JobStatus
from app.models.user import ProfileVisibility
from app.services import account_email
from app.services.accounts import followed_usernames, subscriber_count
from app.services.follows import follower_count
from app.services.trend_curves import MAX_CURVE_WEEKS, SPARKLINE_WEEKS, TrendCurve, recent_weeks
from app.services.videos import TrendTotals, VideoCard


class ApiModel(BaseModel):
    """An operation's input: unknown fields are ignored."""

    model_config = ConfigDict(extra="ignore", str_strip_whitespace=False)


SEARCH_MAX = 100
# A page's search as typed: trimmed and cut to SEARCH_MAX characters (a page never refuses a long search).
SearchText = Annotated[str, AfterValidator(lambda text: text.strip()[:SEARCH_MAX])]


class OutModel(BaseModel):
    """An operation's answer. A model built from rows has an `of(...)` constructor: the mapping from the rows to
    the published names lives beside the names."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    def as_props(self) -> dict:
        """The answer as a page hands it to an island: the same JSON the API sends."""
        return self.model_dump(mode="json", by_alias=True, exclude_unset=True)


def iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


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
    language: str | None
    pendingEmail: str | None = Field(description="A new address waiting for the link mailed to it; null when none")

    @classmethod
    def of(cls, user: User) -> Self:
        """The current-user shape of spec §7 (`GET /api/auth/me`)."""
        return cls(
            _id=str(user.id),
            role=user.role,
            username=user.username,
            email=user.email,
            avatar=user.avatar,
            displayName=user.display_name,
            subscribers=subscriber_count(user.username),
            subscribedTo=followed_usernames(user),
            createdAt=user.created_at.isoformat(),
            bio=user.bio or "",
            profileVisibility=user.profile_visibility,
            emailNotifications=user.email_notifications,
            twoFactorEnabled=user.totp_enabled,
            language=user.language,
            pendingEmail=account_email.waiting_address(user),
        )


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

    @classmethod
    def of(cls, user: User, subscribers: int) -> Self:
        return cls(
            _id=str(user.id),
            username=user.username,
            displayName=user.display_name,
            bio=user.bio or "",
            subscribers=int(subscribers or 0),
        )


class CreatorRef(OutModel):
    id: str = Field(alias="_id")
    username: str
    displayName: str | None

    @classmethod
    def of(cls, creator: Creator) -> Self:
        return cls(_id=str(creator.id), username=creator.username, displayName=creator.display_name)

    @classmethod
    def each(cls, creators: list[Creator]) -> list[Self]:
        return [cls.of(creator) for creator in creators]


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
    risingScore: float = Field(description="How fast it is picking up now; 0 when not rising (see the README)")
    recentWeeks: list[int] | None = Field(
        default=None,
        description=f"In lists: its videos in each of the catalog's last {SPARKLINE_WEEKS} weeks, oldest first",
    )

    @classmethod
    def of(cls, trend: Trend, totals: TrendTotals | None = None, weeks: list[int] | None = None) -> Self:
        """Spec §3 Trend, plus the slug and search term the pages link with; `totals` counts over a scope's
        videos (a creator's, the followed creators') instead of the whole catalog's. Rising and the recent weeks
        are the trend's own, like its score."""
        counted = totals or trend
        extra = {} if weeks is None else {"recentWeeks": weeks}
        return cls(
            songKey=trend.song_key,
            slug=trend.slug,
            track=trend.track,
            artist=trend.artist,
            isOriginalSound=trend.is_original_sound,
            searchTerm=trend.search_term,
            videoCount=counted.video_count,
            uniqueUserCount=counted.creator_count,
            totalViews=int(counted.total_views),
            totalLikes=int(counted.total_likes),
            firstVideoDate=iso(counted.first_video_at),
            lastVideoDate=iso(counted.last_video_at),
            trendScore=round(trend.trend_score, 3),
            risingScore=round(trend.rising_score or 0.0, 3),
            **extra,
        )

    @classmethod
    def listed(cls, rows: list[tuple[Trend, TrendTotals | None]]) -> list[Self]:
        """The trends of a list, each with its recent weeks for a sparkline (one query for the page)."""
        weeks = recent_weeks([trend.id for trend, _ in rows])
        return [cls.of(trend, totals, weeks[trend.id]) for trend, totals in rows]


class TrendWeekOut(OutModel):
    weekStart: str = Field(description="The Monday (UTC) the week starts, YYYY-MM-DD")
    videos: int
    views: int
    cumulativeViews: int = Field(description="Views of the trend's videos posted up to the end of this week")


class TrendStarterOut(OutModel):
    username: str
    displayName: str | None
    firstVideoAt: str


class TrendSeries(OutModel):
    """How a trend grew: its videos and views per week from its first week to its last."""

    songKey: str
    firstVideoAt: str | None
    lastVideoAt: str | None
    weeks: list[TrendWeekOut]
    starters: list[TrendStarterOut] = Field(description="The first three creators, by their first video in it")
    capped: bool = Field(
        description=f"Only its last {MAX_CURVE_WEEKS} weeks are listed; cumulativeViews still counts the earlier ones"
    )
    totalWeeks: int = Field(description="Weeks from its first video's week to its last video's, all listed or not")

    @classmethod
    def of(cls, curve: TrendCurve) -> Self:
        trend = curve.trend
        return cls(
            songKey=trend.song_key,
            firstVideoAt=iso(trend.first_video_at),
            lastVideoAt=iso(trend.last_video_at),
            weeks=[
                TrendWeekOut(
                    weekStart=week.week_start.isoformat(),
                    videos=week.videos,
                    views=week.views,
                    cumulativeViews=week.cumulative_views,
                )
                for week in curve.weeks
            ],
            starters=[
                TrendStarterOut(
                    username=starter.creator.username,
                    displayName=starter.creator.display_name,
                    firstVideoAt=iso(starter.first_video_at) or "",
                )
                for starter in curve.starters
            ],
            capped=curve.capped,
            totalWeeks=curve.total_weeks,
        )


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

    @classmethod
    def of(cls, card: VideoCard) -> Self:
        video, creator, trend = card.video, card.creator, card.trend
        posted = video.posted_at.isoformat()
        return cls(
            _id=str(video.id),
            videoId=video.video_id,
            username=creator.username,
            displayName=creator.display_name,
            videoUrl=video.video_url,
            directUrl=None,
            thumbnail=card.thumbnail,
            title=video.title,
            description=video.description,
            postingDate=posted,
            duration=video.duration,
            format=video.format,
            tags=card.tags,
            urlExtractedAt=iso(video.url_extracted_at),
            metadataExtractedAt=iso(video.metadata_extracted_at),
            createdAt=video.created_at.isoformat(),
            isActive=video.is_active,
            isPhotoPost=video.is_photo_post,
            imagePost=None,
            audioTrack=None,
            metadata=VideoMetadata(
                track=video.track,
                artist=video.artist,
                description=video.description,
                viewCount=video.view_count,
                likeCount=video.like_count,
                commentCount=video.comment_count,
                shareCount=video.share_count,
                uploadDate=posted,
            ),
            trendInfo=TrendOut.of(trend) if trend else None,
            paths=VideoPaths(trend=card.trend_path),
        )

    @classmethod
    def each(cls, cards: list[VideoCard]) -> list[Self]:
        return [cls.of(card) for card in cards]


class VideoPage(PageOut):
    videos: list[VideoOut]


class HashtagCount(OutModel):
    hashtag: str = Field(description="With its #")
    count: int
    totalViews: int | None = None
    exampleDescription: str | None = Field(description="The caption of the most viewed of the videos counted")

    @classmethod
    def of(cls, tag: Hashtag, count: int, example: str | None, views: int | None = None) -> Self:
        """`example`: the caption shown with it, of a video counted in `count`."""
        counted = cls(hashtag=f"#{tag.name}", count=int(count), exampleDescription=example)
        if views is not None:
            counted.totalViews = int(views)
        return counted


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

    @classmethod
    def of(cls, creator: Creator) -> Self:
        return cls(
            _id=str(creator.id),
            username=creator.username,
            displayName=creator.display_name,
            avatar=creator.avatar_url,
            isActive=creator.is_active,
            videoCount=creator.video_count,
            danzaFollowers=follower_count(creator),
        )


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

    @classmethod
    def of(cls, playlist: Playlist, owner_username: str) -> Self:
        return cls(
            _id=str(playlist.id),
            name=playlist.name,
            description=playlist.description or "",
            isPublic=playlist.is_public,
            videoCount=playlist.video_count,
            createdBy=Owner(username=owner_username),
            createdAt=playlist.created_at.isoformat(),
        )


class PlaylistList(OutModel):
    playlists: list[PlaylistOut]


class PlaylistPage(PageOut):
    playlists: list[PlaylistOut]


class PlaylistVideos(VideoPage):
    playlist: PlaylistOut

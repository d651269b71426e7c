"""Calls about the signed-in viewer: saved feed position, follows. Spec §7 "Feeds" and "Follows"."""

from typing import Literal

from flask import Blueprint, url_for
from flask_login import current_user
from pydantic import Field

from app.api.operations import operation
from app.api.paging import limit_field
from app.api.schemas import ApiModel, CreatorRef, OutModel
from app.seo import absolute
from app.services import follows, positions
from app.services.accounts import followed_usernames

bp = Blueprint("viewer_api", __name__, url_prefix="/api")

FeedPage = Literal["categories", "home", "following", "dance-trends"]


class PositionQuery(ApiModel):
    page: FeedPage = "categories"


class PositionBody(ApiModel):
    videoIndex: int = Field(ge=0, le=1_000_000, title="Video index")
    page: FeedPage = "categories"


class FollowBody(ApiModel):
    username: str = Field(min_length=1, max_length=64, title="Username")


class FeedPosition(OutModel):
    videoIndex: int
    page: FeedPage


class SavedPosition(OutModel):
    success: bool | None = None
    lastVideoPosition: FeedPosition | None


class Followed(OutModel):
    subscribedTo: list[str] = Field(description="The usernames the viewer follows")


class FollowToggled(Followed):
    isFollowing: bool


class FollowingCount(Followed):
    followingCount: int


class FollowingList(OutModel):
    followingUsers: list[CreatorRef]


class Suggestions(OutModel):
    suggestions: list[CreatorRef]


class FollowingFeed(OutModel):
    url: str = Field(description="The private Atom feed of the viewer's Following videos; anyone with it can read it")


@bp.get("/user/video-position")
@operation(
    "Where the viewer left off in a feed (null for visitors or a first visit)",
    query=PositionQuery,
    response=SavedPosition,
    tag="viewer",
)
def get_video_position(query: PositionQuery):
    index = positions.get_position(current_user, query.page) if current_user.is_authenticated else None
    return {"lastVideoPosition": {"videoIndex": index, "page": query.page} if index is not None else None}


@bp.put("/user/video-position")
@operation(
    "Remember where the viewer is in a feed", body=PositionBody, response=SavedPosition, tag="viewer", auth="user"
)
def put_video_position(body: PositionBody):
    positions.save_position(current_user, body.page, body.videoIndex)
    return {"success": True, "lastVideoPosition": {"videoIndex": body.videoIndex, "page": body.page}}


@bp.post("/tiktok/toggle-follow")
@operation(
    "Follow a creator, or stop following",
    body=FollowBody,
    response=FollowToggled,
    errors={404: None},
    tag="follows",
    auth="user",
)
def toggle_follow(body: FollowBody):
    is_following, usernames = follows.toggle_follow(current_user, body.username)
    return {"isFollowing": is_following, "subscribedTo": usernames}


class FollowManyBody(ApiModel):
    followedUsers: list[str] = Field(max_length=follows.FOLLOW_BATCH_CAP, title="Followed users")


class SuggestionsQuery(ApiModel):
    limit: int = limit_field(3, follows.SUGGESTIONS_CAP)


@bp.post("/tiktok/follow")
@operation(
    "Follow several creators at once (the discovery grid's Done)",
    body=FollowManyBody,
    response=Followed,
    tag="follows",
    auth="user",
)
def follow_many(body: FollowManyBody):
    return {"subscribedTo": follows.follow_many(current_user, body.followedUsers)}


@bp.get("/tiktok/following-list")
@operation("The creators the viewer follows, with display names", response=FollowingList, tag="follows", auth="user")
def following_list():
    return {"followingUsers": CreatorRef.each(follows.following_list(current_user))}


@bp.get("/tiktok/suggestions")
@operation(
    "Creators to follow: not followed yet, most followed first",
    query=SuggestionsQuery,
    response=Suggestions,
    tag="follows",
)
def suggestions(query: SuggestionsQuery):
    viewer = current_user if current_user.is_authenticated else None
    return {"suggestions": CreatorRef.each(follows.suggestions(viewer, query.limit))}


@bp.get("/tiktok/following-count")
@operation("The creators the viewer follows", response=FollowingCount, tag="follows", auth="user")
def following_count():
    usernames = followed_usernames(current_user)
    return {"subscribedTo": usernames, "followingCount": len(usernames)}


def _following_feed(reset: bool) -> dict:
    key = follows.following_feed_key(current_user, reset=reset)
    return {"url": absolute(url_for("feeds.following", key=key))}


@bp.get("/following-feed")
@operation(
    "The address of the viewer's private Atom feed of their Following videos (made on first ask)",
    response=FollowingFeed,
    tag="follows",
    auth="user",
)
def following_feed():
    return _following_feed(reset=False)


@bp.post("/following-feed/reset")
@operation(
    "A new address for the viewer's private feed; the old one stops working",
    response=FollowingFeed,
    tag="follows",
    auth="user",
)
def reset_following_feed():
    return _following_feed(reset=True)

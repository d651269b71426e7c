"""Calls about the signed-in viewer: saved feed position, follows. Spec §7 "Feeds" and "Follows"."""

from typing import Literal

from flask import Blueprint, jsonify
from flask_login import current_user
from pydantic import Field

from app.api.guards import signed_in
from app.api.paging import limit_field
from app.api.schemas import ApiModel
from app.api.validation import operation
from app.services import follows, positions
from app.services.accounts import followed_usernames

bp = Blueprint("viewer_api", __name__, url_prefix="/api")

FeedPage = Literal["categories", "home", "following", "dance-trends"]


class PositionQuery(ApiModel):
    page: FeedPage = "categories"


class PositionBody(ApiModel):
    videoIndex: int = Field(ge=0, le=1_000_000, title="Video index")
    page: FeedPage = "categories"


class UsernameBody(ApiModel):
    username: str = Field(min_length=1, max_length=64, title="Username")


@bp.get("/user/video-position")
@operation(
    "Where the viewer left off in a feed (null for visitors or a first visit)", query=PositionQuery, tag="viewer"
)
def get_video_position(query: PositionQuery):
    index = positions.get_position(current_user, query.page) if current_user.is_authenticated else None
    return jsonify({"lastVideoPosition": {"videoIndex": index, "page": query.page} if index is not None else None})


@bp.put("/user/video-position")
@signed_in
@operation("Remember where the viewer is in a feed", body=PositionBody, tag="viewer", auth="user")
def put_video_position(body: PositionBody):
    positions.save_position(current_user, body.page, body.videoIndex)
    return jsonify({"success": True, "lastVideoPosition": {"videoIndex": body.videoIndex, "page": body.page}})


@bp.post("/tiktok/toggle-follow")
@signed_in
@operation("Follow a creator, or stop following", body=UsernameBody, tag="follows", auth="user")
def toggle_follow(body: UsernameBody):
    is_following, usernames = follows.toggle_follow(current_user, body.username)
    return jsonify({"isFollowing": is_following, "subscribedTo": usernames})


class FollowManyBody(ApiModel):
    followedUsers: list[str] = Field(max_length=follows.FOLLOW_BATCH_CAP, title="Followed users")


class SuggestionsQuery(ApiModel):
    limit: int = limit_field(3, follows.SUGGESTIONS_CAP)


@bp.post("/tiktok/follow")
@signed_in
@operation(
    "Follow several creators at once (the discovery grid's Done)", body=FollowManyBody, tag="follows", auth="user"
)
def follow_many(body: FollowManyBody):
    return jsonify({"subscribedTo": follows.follow_many(current_user, body.followedUsers)})


@bp.get("/tiktok/following-list")
@signed_in
@operation("The creators the viewer follows, with display names", tag="follows", auth="user")
def following_list():
    return jsonify({"followingUsers": follows.following_list(current_user)})


@bp.get("/tiktok/suggestions")
@operation("Creators to follow: not followed yet, most followed first", query=SuggestionsQuery, tag="follows")
def suggestions(query: SuggestionsQuery):
    viewer = current_user if current_user.is_authenticated else None
    return jsonify({"suggestions": follows.suggestions(viewer, query.limit)})


@bp.get("/tiktok/following-count")
@signed_in
@operation("The creators the viewer follows", tag="follows", auth="user")
def following_count():
    usernames = followed_usernames(current_user)
    return jsonify({"subscribedTo": usernames, "followingCount": len(usernames)})

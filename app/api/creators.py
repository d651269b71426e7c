"""Spec §7 "Creator pages" and the Following feed: videos, trends and hashtags of one creator or of the creators
the viewer follows."""

from typing import Literal

from flask import Blueprint
from flask_login import current_user
from pydantic import Field

from app.api.operations import operation
from app.api.paging import OffsetQuery, PageQuery, Window, limit_field, page_envelope, video_page_envelope
from app.api.schemas import (
    CreatorProfile,
    HashtagCount,
    HashtagPage,
    OutModel,
    TrendOut,
    TrendPage,
    VideoOut,
    VideoPage,
)
from app.services import scoped
from app.services.cache import LIST_SECONDS, cached_response
from app.services.follows import follower_count
from app.services.paging import PageOf
from app.services.sorting import TrendSort
from app.services.videos import video_cards

bp = Blueprint("creators_api", __name__, url_prefix="/api/tiktok")

VideoSort = Literal["mostRecent", "latest", "oldest", "mostViews", "popular", "mostLikes", "videoCount", "shuffle"]
# The Following feed's sorts; "newest" is its first clients' name for mostRecent.
FollowingSort = Literal["shuffle", "mostRecent", "newest", "oldest", "mostViews", "trendScore", "mostVideos"]


class CreatorVideosQuery(PageQuery):
    sortOrder: Literal["latest", "oldest", "popular"] = Field(default="latest", title="Sort order")


class ScopedVideosQuery(PageQuery):
    sortBy: VideoSort = Field(default="mostRecent", title="Sort by")
    seed: int = Field(default=0, ge=0, le=1_000_000, title="Seed")


class ScopedTrendsQuery(PageQuery):
    sortBy: TrendSort = Field(default="videoCount", title="Sort by")
    search: str = Field(default="", max_length=100, title="Search")


class FollowingVideosQuery(OffsetQuery):
    limit: int = limit_field(5, 50)
    sortBy: FollowingSort = Field(default="mostRecent", title="Sort by")
    trendFilter: str = Field(default="", max_length=700, title="Trend filter")
    seed: int = Field(default=0, ge=0, le=1_000_000, title="Seed")


class CreatorFollowers(OutModel):
    username: str
    danzaFollowers: int


def _videos(page: PageOf, window: Window) -> dict:
    return {"videos": VideoOut.each(video_cards(page.items)), **video_page_envelope(page.total, window)}


def _trends(page: PageOf, window: Window) -> dict:
    return {"trends": TrendOut.listed(page.items), **page_envelope(page.total, window)}


def _hashtags(page: PageOf, window: Window) -> dict:
    entries = [HashtagCount.of(tag, count, example) for tag, count, _views, example in page.items]
    return {"hashtags": entries, **page_envelope(page.total, window)}


@bp.get("/usernames/<username>")
@cached_response(LIST_SECONDS)
@operation("A monitored creator's profile", response=CreatorProfile, tag="creators")
def creator(username: str):
    found, _ = scoped.creator_scope(username)
    return CreatorProfile.of(found)


@bp.get("/usernames/<username>/followers")
@operation("How many users follow a creator", response=CreatorFollowers, tag="creators")
def creator_followers(username: str):
    found, _ = scoped.creator_scope(username)
    return {"username": found.username, "danzaFollowers": follower_count(found)}


@bp.get("/videos/<username>")
@cached_response(LIST_SECONDS)
@operation("A creator's videos", query=CreatorVideosQuery, response=VideoPage, tag="creators")
def creator_videos(username: str, query: CreatorVideosQuery):
    _, scope = scoped.creator_scope(username)
    return _videos(scoped.videos_page(scope, query.sortOrder, query.offset, query.limit), query)


@bp.get("/dance-trends/user/<username>")
@cached_response(LIST_SECONDS)
@operation(
    "The dance trends of a creator's videos, counted over them",
    query=ScopedTrendsQuery,
    response=TrendPage,
    tag="creators",
)
def creator_trends(username: str, query: ScopedTrendsQuery):
    _, scope = scoped.creator_scope(username)
    page = scoped.trends_in(scope, query.sortBy, query.offset, query.limit, query.search)
    return _trends(page, query)


@bp.get("/categories/user/<username>/hashtags")
@cached_response(LIST_SECONDS)
@operation("The hashtags of a creator's videos", query=PageQuery, response=HashtagPage, tag="creators")
def creator_hashtags(username: str, query: PageQuery):
    _, scope = scoped.creator_scope(username)
    page = scoped.hashtags_in(scope, query.offset, query.limit)
    return _hashtags(page, query)


@bp.get("/videos/user/<username>/trend/<path:song_key>")
@cached_response(LIST_SECONDS)
@operation("A creator's videos in one dance trend", query=ScopedVideosQuery, response=VideoPage, tag="creators")
def creator_trend_videos(username: str, song_key: str, query: ScopedVideosQuery):
    _, scope = scoped.creator_scope(username)
    page = scoped.videos_page(scope + scoped.in_trend(song_key), query.sortBy, query.offset, query.limit, query.seed)
    return _videos(page, query)


@bp.get("/videos/user/<username>/hashtag/<path:tag>")
@cached_response(LIST_SECONDS)
@operation("A creator's videos with one hashtag", query=ScopedVideosQuery, response=VideoPage, tag="creators")
def creator_hashtag_videos(username: str, tag: str, query: ScopedVideosQuery):
    _, scope = scoped.creator_scope(username)
    page = scoped.videos_page(scope + scoped.in_hashtag(tag), query.sortBy, query.offset, query.limit, query.seed)
    return _videos(page, query)


@bp.get("/videos/following/trends")
@operation(
    "Videos of the creators the viewer follows, optionally of one trend (trendFilter = its song key)",
    query=FollowingVideosQuery,
    response=VideoPage,
    tag="following",
    auth="user",
)
def following_videos(query: FollowingVideosQuery):
    scope = scoped.following_scope(current_user)
    if query.trendFilter:
        scope += scoped.in_trend(query.trendFilter)
    page = scoped.videos_page(scope, query.sortBy, query.offset, query.limit, query.seed)
    return _videos(page, query)


@bp.get("/videos/following/hashtag/<path:tag>")
@operation(
    "Videos with one hashtag from the creators the viewer follows",
    query=FollowingVideosQuery,
    response=VideoPage,
    tag="following",
    auth="user",
)
def following_hashtag_videos(tag: str, query: FollowingVideosQuery):
    scope = scoped.following_scope(current_user) + scoped.in_hashtag(tag)
    page = scoped.videos_page(scope, query.sortBy, query.offset, query.limit, query.seed)
    return _videos(page, query)


@bp.get("/dance-trends/following/metadata")
@operation(
    "The dance trends of the creators the viewer follows",
    query=ScopedTrendsQuery,
    response=TrendPage,
    tag="following",
    auth="user",
)
def following_trends(query: ScopedTrendsQuery):
    page = scoped.trends_in(scoped.following_scope(current_user), query.sortBy, query.offset, query.limit, query.search)
    return _trends(page, query)


@bp.get("/categories/following/hashtags")
@operation(
    "The hashtags of the creators the viewer follows",
    query=PageQuery,
    response=HashtagPage,
    tag="following",
    auth="user",
)
def following_hashtags(query: PageQuery):
    page = scoped.hashtags_in(scoped.following_scope(current_user), query.offset, query.limit)
    return _hashtags(page, query)

"""Videos of some creators (one creator's page, the creators a user follows), their trends and hashtags.

A scope is a list of SQL conditions on Video; counts and sorts are computed inside it.
"""

from functools import partial

from sqlalchemy import false, func, select

from app.extensions import db
from app.i18n import N_
from app.models import Creator, Follow, Hashtag, Trend, User, Video, VideoHashtag
from app.services import feeds, sorting
from app.services.errors import NotFound
from app.services.paging import PageOf, count_rows


def creator_scope(username: str) -> tuple[Creator, list]:
    creator = Creator.by_username(username)
    if creator is None:
        raise NotFound(N_("Creator not found"), "username")
    return creator, of_creator(creator)


def of_creator(creator: Creator) -> list:
    return [Video.creator_id == creator.id]


def following_scope(user: User) -> list:
    return [Video.creator_id.in_(select(Follow.creator_id).where(Follow.user_id == user.id))]


def videos_page(scope: list, sort: str, offset: int, limit: int, seed: int = 0) -> PageOf:
    """Active videos in the scope, in the given order."""
    query = select(Video.id).where(Video.is_active.is_(True), *scope)
    return PageOf(feeds.videos_by_ids(feeds.ids_in_order(query, sort, seed, offset, limit)), count_rows(query))


def trends_in(scope: list, sort: str, offset: int, limit: int, search: str = "") -> PageOf:
    """The trends of the scope's active videos, each as (trend, its totals over those videos)."""
    counts = (
        select(
            Video.trend_id.label("tid"),
            func.count(Video.id).label("video_count"),
            func.count(func.distinct(Video.creator_id)).label("creator_count"),
            func.coalesce(func.sum(Video.view_count), 0).label("total_views"),
            func.coalesce(func.sum(Video.like_count), 0).label("total_likes"),
            func.min(Video.posted_at).label("first_video_at"),
            func.max(Video.posted_at).label("last_video_at"),
        )
        .where(Video.is_active.is_(True), Video.trend_id.isnot(None), *scope)
        .group_by(Video.trend_id)
        .subquery()
    )
    query = select(Trend, counts).join(counts, counts.c.tid == Trend.id)
    if search.strip():
        query = query.where(feeds.trend_search(search))
    total = count_rows(query)
    rows = db.session.execute(
        query.order_by(*sorting.trend_order(sort, counts.c), Trend.id).offset(offset).limit(limit)
    )
    return PageOf([(row.Trend, row) for row in rows], total)


def hashtags_in(scope: list, offset: int, limit: int) -> PageOf:
    """The hashtags of the scope's active videos, most used first (CountedHashtag, its example of the scope)."""
    counts = (
        select(
            VideoHashtag.hashtag_id.label("hid"),
            func.count(Video.id).label("video_count"),
            func.coalesce(func.sum(Video.view_count), 0).label("total_views"),
            func.max(Video.view_count).label("top_views"),
        )
        .join(Video, Video.id == VideoHashtag.video_id)
        .where(Video.is_active.is_(True), *scope)
        .group_by(VideoHashtag.hashtag_id)
        .subquery()
    )
    order = (counts.c.video_count.desc(), Hashtag.name)
    return feeds.counted_hashtags(counts, order, offset, limit, partial(feeds.examples_among, scope))


def in_trend(song_key: str) -> list:
    trend = feeds.trend_by_key(song_key)
    if trend is None:
        raise NotFound(N_("Dance trend not found"), "songKey")
    return [Video.trend_id == trend.id]


def in_hashtag(name: str) -> list:
    """Each video of the scope looked up in the tag: for a creator's 6,000 videos in #fyp (237,500 videos), SQLite
    listed every video of the tag first (220 ms), it now tests each of the creator's (15 ms)."""
    tag = feeds.hashtag_by_name(name)
    return [feeds.tagged(tag.id) if tag else false()]

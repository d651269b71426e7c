"""Monitored creators as the shell and pages list them."""

from sqlalchemy import func, select

from app.catalog.records import video_url
from app.extensions import db
from app.i18n import N_
from app.models import MOST_FOLLOWED_FIRST, Creator, Video, VideoHashtag
from app.services import aggregates
from app.services.cache import LIST_SECONDS, memoized
from app.services.errors import NotFound
from app.services.paging import PageOf, count_rows

CELEBRITIES_LIMIT = 10


def creator_directory(offset: int, limit: int) -> PageOf:
    """Active creators, the most followed first (then most videos, then by handle), and how many there are."""
    rows = db.session.execute(
        select(Creator.username, Creator.display_name, Creator.video_count, Creator.site_follower_count)
        .where(Creator.is_active.is_(True))
        .order_by(*MOST_FOLLOWED_FIRST)
        .offset(offset)
        .limit(limit)
    )
    total = db.session.scalar(select(func.count(Creator.id)).where(Creator.is_active.is_(True))) or 0
    creators = [
        {"username": u, "displayName": d, "videoCount": int(n or 0), "followers": int(f or 0)} for u, d, n, f in rows
    ]
    return PageOf(creators, int(total))


@memoized("tracked-creators", LIST_SECONDS)
def tracked_creators(limit: int = CELEBRITIES_LIMIT) -> tuple[list[dict], int]:
    """The sidebar's celebrities: the directory's first few, and how many active creators there are."""
    first = creator_directory(0, limit)
    return first.items, first.total


def delete_creator(username: str) -> int:
    """Delete a monitored creator and all its videos; recount the trends and hashtags they were in."""
    creator = Creator.by_username(username)
    if creator is None:
        raise NotFound(N_("Username not found"), "username")
    video_ids = select(Video.id).where(Video.creator_id == creator.id)
    trend_ids = {
        trend_id
        for trend_id in db.session.scalars(select(Video.trend_id).where(Video.creator_id == creator.id).distinct())
        if trend_id is not None
    }
    hashtag_ids = set(
        db.session.scalars(select(VideoHashtag.hashtag_id).where(VideoHashtag.video_id.in_(video_ids)).distinct())
    )
    playlist_ids = aggregates.playlists_holding(list(db.session.scalars(video_ids)))
    removed = count_rows(video_ids)
    db.session.delete(creator)
    db.session.commit()
    aggregates.refresh(trend_ids, hashtag_ids, [], playlist_ids=playlist_ids)
    return removed


def rename_creator(creator: Creator, handle: str) -> bool:
    """A TikTok account that changed its handle (the same secUid): the creator and its videos' links follow; False
    when another creator already has that handle (nothing changes, and the next listing tries again)."""
    taken = Creator.by_username(handle)
    if taken is not None and taken.id != creator.id:
        return False
    creator.username = handle
    for video in db.session.scalars(select(Video).where(Video.creator_id == creator.id)):
        video.video_url = video_url(handle, video.video_id)
    return True


def catalog_stats() -> dict:
    """The portal's stat cards."""
    return {
        "totalUsernames": db.session.scalar(select(func.count(Creator.id))) or 0,
        "activeUsernames": db.session.scalar(select(func.count(Creator.id)).where(Creator.is_active.is_(True))) or 0,
        "totalVideos": db.session.scalar(select(func.count(Video.id))) or 0,
        "activeVideos": db.session.scalar(select(func.count(Video.id)).where(Video.is_active.is_(True))) or 0,
    }

"""Monitored creators as the shell and pages list them."""

from sqlalchemy import func, select

from app.extensions import db
from app.models import Creator, Follow, Video, VideoHashtag
from app.services import aggregates
from app.services.errors import NotFound

CELEBRITIES_LIMIT = 10


def tracked_creators(limit: int = CELEBRITIES_LIMIT) -> tuple[list[dict], int]:
    """The most-followed active creators (then most videos), and how many active creators there are."""
    followers = select(func.count(Follow.user_id)).where(Follow.creator_id == Creator.id).scalar_subquery()
    rows = db.session.execute(
        select(Creator.username, Creator.display_name, followers.label("followers"))
        .where(Creator.is_active.is_(True))
        .order_by(followers.desc(), Creator.video_count.desc(), Creator.username)
        .limit(limit)
    )
    total = db.session.scalar(select(func.count(Creator.id)).where(Creator.is_active.is_(True))) or 0
    creators = [{"username": u, "displayName": d, "followers": int(f or 0)} for u, d, f in rows]
    return creators, int(total)


def delete_creator(username: str) -> int:
    """Delete a monitored creator and all its videos; recount the trends and hashtags they were in."""
    creator = db.session.scalar(select(Creator).where(func.lower(Creator.username) == username.strip().lower()))
    if creator is None:
        raise NotFound("Username not found", "username")
    video_ids = select(Video.id).where(Video.creator_id == creator.id)
    trend_ids = set(db.session.scalars(select(Video.trend_id).where(Video.creator_id == creator.id).distinct()))
    hashtag_ids = set(
        db.session.scalars(select(VideoHashtag.hashtag_id).where(VideoHashtag.video_id.in_(video_ids)).distinct())
    )
    removed = db.session.scalar(select(func.count()).select_from(video_ids.subquery())) or 0
    db.session.delete(creator)
    db.session.commit()
    aggregates.refresh(trend_ids - {None}, hashtag_ids, [])
    return removed


def catalog_stats() -> dict:
    """The portal's stat cards."""
    return {
        "totalUsernames": db.session.scalar(select(func.count(Creator.id))) or 0,
        "activeUsernames": db.session.scalar(select(func.count(Creator.id)).where(Creator.is_active.is_(True))) or 0,
        "totalVideos": db.session.scalar(select(func.count(Video.id))) or 0,
        "activeVideos": db.session.scalar(select(func.count(Video.id)).where(Video.is_active.is_(True))) or 0,
    }

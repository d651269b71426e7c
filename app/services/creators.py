"""Monitored creators as the shell and pages list them."""

from sqlalchemy import func, select

from app.extensions import db
from app.models import Creator, Follow

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

"""Users following monitored creators."""

from sqlalchemy import delete, func, select

from app.extensions import db
from app.models import Creator, Follow, User
from app.services.accounts import followed_usernames
from app.services.errors import NotFound


def creator_by_username(username: str) -> Creator | None:
    return db.session.scalar(select(Creator).where(func.lower(Creator.username) == username.strip().lower()))


def toggle_follow(user: User, username: str) -> tuple[bool, list[str]]:
    """Follow the creator, or stop following; answers whether the user now follows it and the new list."""
    creator = creator_by_username(username)
    if creator is None:
        raise NotFound("Creator not found", "username")
    following = db.session.get(Follow, (user.id, creator.id)) is not None
    if following:
        db.session.execute(delete(Follow).where(Follow.user_id == user.id, Follow.creator_id == creator.id))
    else:
        db.session.add(Follow(user_id=user.id, creator_id=creator.id))
    db.session.commit()
    return not following, followed_usernames(user)

"""Users following monitored creators."""

import secrets

from sqlalchemy import func, select

from app.extensions import db
from app.i18n import N_
from app.models import MOST_FOLLOWED_FIRST, Creator, Follow, User
from app.services.accounts import followed_usernames
from app.services.errors import NotFound


def toggle_follow(user: User, username: str) -> tuple[bool, list[str]]:
    """Follow the creator, or stop following; answers whether the user now follows it and the new list."""
    creator = Creator.by_username(username)
    if creator is None:
        raise NotFound(N_("Creator not found"), "username")
    following = user.follows(creator)
    if following:
        user.unfollow(creator)
    else:
        user.follow(creator)
    db.session.commit()
    return not following, followed_usernames(user)


FOLLOW_BATCH_CAP = 100
SUGGESTIONS_CAP = 20


def follow_many(user: User, usernames: list[str]) -> list[str]:
    """Follow every listed creator that exists (the discovery grid's Done); answers the new followed list."""
    wanted = {name.strip().lower() for name in usernames[:FOLLOW_BATCH_CAP] if name.strip()}
    creators = db.session.scalars(select(Creator).where(func.lower(Creator.username).in_(wanted))).all()
    already = set(db.session.scalars(select(Follow.creator_id).where(Follow.user_id == user.id)))
    db.session.add_all(Follow(user_id=user.id, creator_id=c.id) for c in creators if c.id not in already)
    db.session.commit()
    return followed_usernames(user)


def following_list(user: User) -> list[Creator]:
    """The creators the user follows, oldest follow first."""
    rows = db.session.scalars(
        select(Creator)
        .join(Follow, Follow.creator_id == Creator.id)
        .where(Follow.user_id == user.id)
        .order_by(Follow.created_at, Creator.username)
    )
    return list(rows)


def follower_count(creator: Creator) -> int:
    """Its followers on this site, as the database keeps them (migration 0017)."""
    return creator.site_follower_count


def suggestions(user: User | None, limit: int) -> list[Creator]:
    """Active creators the user does not follow yet, most followed first (then most videos)."""
    query = select(Creator).where(Creator.is_active.is_(True), Creator.video_count > 0)
    if user is not None:
        query = query.where(Creator.id.not_in(select(Follow.creator_id).where(Follow.user_id == user.id)))
    return list(db.session.scalars(query.order_by(*MOST_FOLLOWED_FIRST).limit(min(limit, SUGGESTIONS_CAP))))


def following_feed_key(user: User, reset: bool = False) -> str:
    """The key in the address of the user's private Atom feed; made on first use, replaced on reset (the old
    address then answers 404)."""
    if reset or not user.following_feed_key:
        user.following_feed_key = secrets.token_urlsafe(32)
        db.session.commit()
    return user.following_feed_key


def user_by_following_feed_key(key: str) -> User | None:
    return db.session.scalar(select(User).where(User.following_feed_key == key)) if key else None

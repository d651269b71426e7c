"""Finding users."""

from sqlalchemy import case, func, or_, select

from app.extensions import db
from app.models import Creator, Follow, User

SEARCH_MIN_CHARS = 2
SEARCH_LIMIT_CAP = 20


def like_pattern(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped.lower()}%"


def search_users(query: str, limit: int = 8, offset: int = 0) -> list[dict]:
    """Public profiles whose username, display name or bio contains the query; exact and prefix matches first."""
    term = query.strip()
    if len(term) < SEARCH_MIN_CHARS:
        return []
    pattern = like_pattern(term)
    followers = (
        select(func.count(Follow.user_id))
        .join(Creator, Creator.id == Follow.creator_id)
        .where(func.lower(Creator.username) == func.lower(User.username))
        .scalar_subquery()
    )
    rank = case(
        (func.lower(User.username) == term.lower(), 0),
        (func.lower(User.username).like(like_pattern(term)[1:], escape="\\"), 1),
        else_=2,
    )
    rows = db.session.execute(
        select(User, followers.label("subscribers"))
        .where(User.profile_visibility == "public")
        .where(
            or_(
                func.lower(User.username).like(pattern, escape="\\"),
                func.lower(func.coalesce(User.display_name, "")).like(pattern, escape="\\"),
                func.lower(User.bio).like(pattern, escape="\\"),
            )
        )
        .order_by(rank, func.lower(User.username))
        .limit(max(1, min(limit, SEARCH_LIMIT_CAP)))
        .offset(max(0, offset))
    )
    return [
        {
            "_id": str(user.id),
            "username": user.username,
            "displayName": user.display_name,
            "bio": user.bio or "",
            "subscribers": int(subscribers or 0),
        }
        for user, subscribers in rows
    ]

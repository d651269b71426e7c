"""Where a signed-in user left off in a paged feed."""

from app.extensions import db
from app.models import User, VideoPosition


def get_position(user: User, page: str) -> int | None:
    row = db.session.get(VideoPosition, (user.id, page))
    return row.video_index if row else None


def save_position(user: User, page: str, video_index: int) -> None:
    row = db.session.get(VideoPosition, (user.id, page))
    if row is None:
        db.session.add(VideoPosition(user_id=user.id, page=page, video_index=video_index))
    else:
        row.video_index = video_index
    db.session.commit()

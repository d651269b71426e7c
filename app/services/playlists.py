"""Playlists: reading public ones and their videos (a private playlist is invisible to everyone but its owner)."""

from sqlalchemy import func, select

from app.extensions import db
from app.models import Playlist, PlaylistEntry, User, Video
from app.services.errors import NotFound
from app.services.feeds import PageOf

PUBLIC_LIMIT_CAP = 50
PUBLIC_SORTS = {
    "recent": (Playlist.created_at.desc(), Playlist.id.desc()),
    "videos": (Playlist.video_count.desc(), Playlist.id.desc()),
    "name": (func.lower(Playlist.name), Playlist.id),
}


def playlist_json(playlist: Playlist, owner_username: str) -> dict:
    return {
        "_id": str(playlist.id),
        "name": playlist.name,
        "description": playlist.description or "",
        "isPublic": playlist.is_public,
        "videoCount": playlist.video_count,
        "createdBy": {"username": owner_username},
        "createdAt": playlist.created_at.isoformat(),
    }


def public_playlists(sort: str, offset: int, limit: int) -> PageOf:
    """Public playlists with at least one video, as JSON entries."""
    visible = (Playlist.is_public.is_(True), Playlist.video_count > 0)
    total = db.session.scalar(select(func.count(Playlist.id)).where(*visible)) or 0
    rows = db.session.execute(
        select(Playlist, User.username)
        .join(User, User.id == Playlist.user_id)
        .where(*visible)
        .order_by(*PUBLIC_SORTS[sort])
        .offset(offset)
        .limit(min(limit, PUBLIC_LIMIT_CAP))
    )
    return PageOf([playlist_json(p, username) for p, username in rows], total)


def visible_playlist(playlist_id: int, viewer: User | None) -> Playlist:
    """A playlist the viewer may see: public, or their own. Others get 404, never 403 (no existence leak)."""
    playlist = db.session.get(Playlist, playlist_id)
    if playlist is None or not (playlist.is_public or (viewer is not None and viewer.id == playlist.user_id)):
        raise NotFound("Playlist not found")
    return playlist


def playlist_videos(playlist: Playlist, offset: int, limit: int) -> PageOf:
    """The playlist's active videos in playlist order."""
    in_order = (
        select(Video)
        .join(PlaylistEntry, PlaylistEntry.video_id == Video.id)
        .where(PlaylistEntry.playlist_id == playlist.id, Video.is_active.is_(True))
    )
    total = db.session.scalar(select(func.count()).select_from(in_order.subquery())) or 0
    rows = db.session.scalars(
        in_order.order_by(PlaylistEntry.position, PlaylistEntry.added_at).offset(offset).limit(limit)
    )
    return PageOf(list(rows), total)

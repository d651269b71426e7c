"""Playlists: reading public ones and their videos (a private playlist is invisible to everyone but its owner)."""

from datetime import datetime

from sqlalchemy import func, select

from app.extensions import db
from app.i18n import N_
from app.models import Playlist, PlaylistEntry, User, Video
from app.services import aggregates, sorting
from app.services.errors import NotFound
from app.services.paging import PageOf, page_of

PUBLIC_LIMIT_CAP = 50


def public_playlists(sort: str, offset: int, limit: int) -> PageOf:
    """Public playlists with at least one active video, each as (playlist, its owner's username)."""
    visible = (Playlist.is_public.is_(True), Playlist.video_count > 0)
    total = db.session.scalar(select(func.count(Playlist.id)).where(*visible)) or 0
    rows = db.session.execute(
        select(Playlist, User.username)
        .join(User, User.id == Playlist.user_id)
        .where(*visible)
        .order_by(*sorting.PLAYLIST_ORDERS[sort])
        .offset(offset)
        .limit(min(limit, PUBLIC_LIMIT_CAP))
    )
    return PageOf([(p, username) for p, username in rows], total)


def visible_playlist(playlist_id: int, viewer: User | None) -> Playlist:
    """A playlist the viewer may see: public, or their own. Others get 404, never 403 (no existence leak)."""
    playlist = db.session.get(Playlist, playlist_id)
    if playlist is None or not (playlist.is_public or (viewer is not None and viewer.id == playlist.user_id)):
        raise NotFound(N_("Playlist not found"))
    return playlist


def playlist_videos(playlist: Playlist, offset: int, limit: int) -> PageOf:
    """The playlist's active videos in playlist order."""
    in_order = (
        select(Video)
        .join(PlaylistEntry, PlaylistEntry.video_id == Video.id)
        .where(PlaylistEntry.playlist_id == playlist.id, Video.is_active.is_(True))
        .order_by(PlaylistEntry.position, PlaylistEntry.added_at)
    )
    return page_of(in_order, offset, limit)


def newest_additions(playlist: Playlist, limit: int) -> list[tuple[Video, datetime]]:
    """The playlist's active videos, the latest added first, each with when it was added."""
    rows = db.session.execute(
        select(Video, PlaylistEntry.added_at)
        .join(PlaylistEntry, PlaylistEntry.video_id == Video.id)
        .where(PlaylistEntry.playlist_id == playlist.id, Video.is_active.is_(True))
        .order_by(PlaylistEntry.added_at.desc(), PlaylistEntry.position.desc())
        .limit(limit)
    )
    return [(video, added) for video, added in rows]


MY_PLAYLISTS_CAP = 200


def _owned(playlist_id: int, owner: User) -> Playlist:
    """The owner's playlist; anyone else's answers 404 (private ones must not be told apart from missing)."""
    playlist = db.session.get(Playlist, playlist_id)
    if playlist is None or playlist.user_id != owner.id:
        raise NotFound(N_("Playlist not found"))
    return playlist


def _active_video(video_id: str) -> Video:
    video = db.session.scalar(select(Video).where(Video.video_id == video_id, Video.is_active.is_(True)))
    if video is None:
        raise NotFound(N_("Video not found"), "videoId")
    return video


def my_playlists(owner: User) -> list[Playlist]:
    rows = db.session.scalars(
        select(Playlist)
        .where(Playlist.user_id == owner.id)
        .order_by(Playlist.created_at.desc(), Playlist.id.desc())
        .limit(MY_PLAYLISTS_CAP)
    )
    return list(rows)


def playlists_with_video(owner: User, video_id: str) -> list[Playlist]:
    """The owner's playlists that contain the video (for the overlay's Add/Remove buttons)."""
    rows = db.session.scalars(
        select(Playlist)
        .join(PlaylistEntry, PlaylistEntry.playlist_id == Playlist.id)
        .join(Video, Video.id == PlaylistEntry.video_id)
        .where(Playlist.user_id == owner.id, Video.video_id == video_id)
        .order_by(Playlist.id)
    )
    return list(rows)


def create_playlist(owner: User, name: str, description: str, is_public: bool) -> Playlist:
    playlist = Playlist(user_id=owner.id, name=name.strip(), description=description.strip(), is_public=is_public)
    db.session.add(playlist)
    db.session.commit()
    return playlist


def update_playlist(owner: User, playlist_id: int, changes: dict) -> Playlist:
    """Change name, description and/or privacy of the owner's playlist."""
    playlist = _owned(playlist_id, owner)
    if "name" in changes:
        playlist.name = changes["name"].strip()
    if "description" in changes:
        playlist.description = changes["description"].strip()
    if "isPublic" in changes:
        playlist.is_public = changes["isPublic"]
    db.session.commit()
    return playlist


def delete_playlist(owner: User, playlist_id: int) -> None:
    db.session.delete(_owned(playlist_id, owner))
    db.session.commit()


def add_video(owner: User, playlist_id: int, video_id: str) -> Playlist:
    """Append a video (adding it twice changes nothing)."""
    playlist, video = _owned(playlist_id, owner), _active_video(video_id)
    if db.session.get(PlaylistEntry, (playlist.id, video.id)) is None:
        last = db.session.scalar(
            select(func.max(PlaylistEntry.position)).where(PlaylistEntry.playlist_id == playlist.id)
        )
        db.session.add(PlaylistEntry(playlist_id=playlist.id, video_id=video.id, position=(last or 0) + 1))
        db.session.flush()
        aggregates.refresh_playlists([playlist.id])
    return playlist


def remove_video(owner: User, playlist_id: int, video_id: str) -> Playlist:
    playlist = _owned(playlist_id, owner)
    entry = db.session.scalar(
        select(PlaylistEntry)
        .join(Video, Video.id == PlaylistEntry.video_id)
        .where(PlaylistEntry.playlist_id == playlist.id, Video.video_id == video_id)
    )
    if entry is None:
        raise NotFound(N_("Video is not in this playlist"), "videoId")
    db.session.delete(entry)
    db.session.flush()
    aggregates.refresh_playlists([playlist.id])
    return playlist

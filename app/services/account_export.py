"""'Download my data': everything the site keeps about one account that the account itself put there, as one JSON
document. Secrets (password hash, two-factor secret, sign-in keys, the private feed key) are left out."""

import json

from sqlalchemy import select

from app.catalog.records import video_url
from app.extensions import db
from app.models import Creator, Follow, Playlist, PlaylistEntry, Upload, User, Video, VideoReport
from app.services.playlist_transfer import EXPORT_MAX_VIDEOS

ACCOUNT_EXPORT_VERSION = 1


def _iso(moment) -> str | None:
    return moment.isoformat() if moment is not None else None


def account_document(user: User) -> str:
    follows = db.session.execute(
        select(Creator.username, Follow.created_at)
        .join(Follow, Follow.creator_id == Creator.id)
        .where(Follow.user_id == user.id)
        .order_by(Follow.created_at, Creator.username)
    )
    playlists = db.session.scalars(select(Playlist).where(Playlist.user_id == user.id).order_by(Playlist.id)).all()
    reports = db.session.scalars(
        select(VideoReport).where(VideoReport.reported_by_id == user.id).order_by(VideoReport.id)
    ).all()
    uploads = db.session.scalars(select(Upload).where(Upload.user_id == user.id).order_by(Upload.id)).all()
    document = {
        "format": "danza-account",
        "version": ACCOUNT_EXPORT_VERSION,
        "account": {
            "username": user.username,
            "email": user.email,
            "displayName": user.display_name,
            "bio": user.bio or "",
            "avatar": user.avatar,
            "role": user.role,
            "profileVisibility": user.profile_visibility,
            "emailNotifications": user.email_notifications,
            "twoFactorEnabled": user.totp_enabled,
            "createdAt": _iso(user.created_at),
        },
        "follows": [{"username": username, "since": _iso(since)} for username, since in follows],
        "playlists": [_playlist(playlist) for playlist in playlists],
        "reports": [
            {
                "videoId": report.video_id,
                "username": report.username,
                "reason": report.reason,
                "status": report.status,
                "createdAt": _iso(report.created_at),
            }
            for report in reports
        ],
        "uploads": [
            {
                "title": upload.title,
                "description": upload.description,
                "category": upload.category,
                "tags": upload.tags,
                "visibility": upload.visibility,
                "originalName": upload.original_name,
                "sizeBytes": upload.size_bytes,
                "status": upload.status,
                "createdAt": _iso(upload.created_at),
            }
            for upload in uploads
        ],
    }
    return json.dumps(document, ensure_ascii=False, indent=2)


def _playlist(playlist: Playlist) -> dict:
    """A playlist with every video it holds, removed ones too (they are the user's choice, and may come back)."""
    rows = db.session.execute(
        select(Video.video_id, Creator.username, PlaylistEntry.added_at)
        .join(PlaylistEntry, PlaylistEntry.video_id == Video.id)
        .join(Creator, Creator.id == Video.creator_id)
        .where(PlaylistEntry.playlist_id == playlist.id)
        .order_by(PlaylistEntry.position, PlaylistEntry.added_at)
        .limit(EXPORT_MAX_VIDEOS)
    )
    return {
        "name": playlist.name,
        "description": playlist.description or "",
        "isPublic": playlist.is_public,
        "createdAt": _iso(playlist.created_at),
        "videos": [
            {"url": video_url(username, video_id), "videoId": video_id, "addedAt": _iso(added)}
            for video_id, username, added in rows
        ],
    }

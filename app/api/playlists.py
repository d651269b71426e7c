"""Spec §7 "Playlists": the viewer's playlists, public ones, and their videos."""

from flask import Blueprint
from flask_login import current_user
from pydantic import Field, field_validator

from app.api.operations import operation
from app.api.paging import OffsetQuery, PageQuery, limit_field, page_envelope
from app.api.schemas import ApiModel, Message, PlaylistList, PlaylistOut, PlaylistPage, PlaylistVideos, VideoOut
from app.models import Playlist
from app.models.playlist import PLAYLIST_DESCRIPTION_MAX, PLAYLIST_NAME_MAX
from app.services import playlists
from app.services.sorting import PlaylistSort
from app.services.videos import video_cards

bp = Blueprint("playlists_api", __name__, url_prefix="/api/playlists")
video_bp = Blueprint("video_playlists_api", __name__, url_prefix="/api/videos")


class PublicQuery(OffsetQuery):
    limit: int = limit_field(50, playlists.PUBLIC_LIMIT_CAP)
    sortBy: PlaylistSort = Field(default="recent", title="Sort by")


def _name(value: str) -> str:
    if not value.strip():
        raise ValueError("Please enter a playlist name")
    return value


class CreateBody(ApiModel):
    name: str = Field(max_length=PLAYLIST_NAME_MAX, title="Name")
    description: str = Field(default="", max_length=PLAYLIST_DESCRIPTION_MAX, title="Description")
    isPublic: bool = Field(default=False, title="Public")

    @field_validator("name")
    @classmethod
    def _check_name(cls, value: str) -> str:
        return _name(value)


class UpdateBody(ApiModel):
    name: str | None = Field(default=None, max_length=PLAYLIST_NAME_MAX, title="Name")
    description: str | None = Field(default=None, max_length=PLAYLIST_DESCRIPTION_MAX, title="Description")
    isPublic: bool | None = Field(default=None, title="Public")

    @field_validator("name")
    @classmethod
    def _check_name(cls, value: str | None) -> str | None:
        return None if value is None else _name(value)


class VideoBody(ApiModel):
    videoId: str = Field(min_length=1, max_length=32, title="Video id")


def _owned(rows: list[Playlist]) -> list[PlaylistOut]:
    return [PlaylistOut.of(playlist, current_user.username) for playlist in rows]


@bp.get("/my")
@operation("The viewer's playlists", response=PlaylistList, tag="playlists", auth="user")
def mine():
    return {"playlists": _owned(playlists.my_playlists(current_user))}


@bp.post("")
@operation(
    "Create a playlist (private unless isPublic)",
    body=CreateBody,
    response=PlaylistOut,
    status=201,
    tag="playlists",
    auth="user",
)
def create(body: CreateBody):
    return PlaylistOut.of(
        playlists.create_playlist(current_user, body.name, body.description, body.isPublic), current_user.username
    )


@bp.patch("/<int:playlist_id>")
@operation(
    "Rename, describe, or make a playlist public or private",
    body=UpdateBody,
    response=PlaylistOut,
    errors={404: None},
    tag="playlists",
    auth="user",
)
def update(playlist_id: int, body: UpdateBody):
    changed = playlists.update_playlist(current_user, playlist_id, body.model_dump(exclude_none=True))
    return PlaylistOut.of(changed, current_user.username)


@bp.delete("/<int:playlist_id>")
@operation("Delete a playlist", response=Message, errors={404: None}, tag="playlists", auth="user")
def delete(playlist_id: int):
    playlists.delete_playlist(current_user, playlist_id)
    return {"success": True, "message": "Playlist deleted"}


@bp.post("/<int:playlist_id>/videos")
@operation(
    "Add a video to a playlist", body=VideoBody, response=PlaylistOut, errors={404: None}, tag="playlists", auth="user"
)
def add_video(playlist_id: int, body: VideoBody):
    return PlaylistOut.of(playlists.add_video(current_user, playlist_id, body.videoId), current_user.username)


@bp.delete("/<int:playlist_id>/videos/<video_id>")
@operation("Remove a video from a playlist", response=PlaylistOut, errors={404: None}, tag="playlists", auth="user")
def remove_video(playlist_id: int, video_id: str):
    return PlaylistOut.of(playlists.remove_video(current_user, playlist_id, video_id), current_user.username)


@bp.get("/public")
@operation("Public playlists", query=PublicQuery, response=PlaylistPage, tag="playlists")
def public(query: PublicQuery):
    page = playlists.public_playlists(query.sortBy, query.offset, query.limit)
    entries = [PlaylistOut.of(playlist, owner) for playlist, owner in page.items]
    return {"playlists": entries, **page_envelope(page.total, query)}


@bp.get("/<int:playlist_id>/videos")
@operation(
    "A playlist's videos (public, or the viewer's own)",
    query=PageQuery,
    response=PlaylistVideos,
    errors={404: None},
    tag="playlists",
)
def videos(playlist_id: int, query: PageQuery):
    viewer = current_user if current_user.is_authenticated else None
    playlist = playlists.visible_playlist(playlist_id, viewer)
    page = playlists.playlist_videos(playlist, query.offset, query.limit)
    return {
        "playlist": PlaylistOut.of(playlist, playlist.owner.username),
        "videos": VideoOut.each(video_cards(page.items)),
        **page_envelope(page.total, query),
    }


@video_bp.get("/<video_id>/playlists")
@operation("The viewer's playlists that contain a video", response=PlaylistList, tag="playlists", auth="user")
def containing(video_id: str):
    return {"playlists": _owned(playlists.playlists_with_video(current_user, video_id))}

"""Spec §7 "Playlists": the viewer's playlists, public ones, and their videos."""

from typing import Literal

from flask import Blueprint, jsonify
from flask_login import current_user
from pydantic import Field, field_validator

from app.api.guards import signed_in
from app.api.paging import PageQuery, limit_field, offset_field, page_envelope
from app.api.schemas import ApiModel
from app.api.validation import operation
from app.models.playlist import PLAYLIST_DESCRIPTION_MAX, PLAYLIST_NAME_MAX
from app.services import playlists
from app.services.videos import videos_json

bp = Blueprint("playlists_api", __name__, url_prefix="/api/playlists")
video_bp = Blueprint("video_playlists_api", __name__, url_prefix="/api/videos")


class PublicQuery(ApiModel):
    limit: int = limit_field(50, playlists.PUBLIC_LIMIT_CAP)
    offset: int = offset_field()
    sortBy: Literal["recent", "videos", "name"] = Field(default="recent", title="Sort by")


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


@bp.get("/my")
@signed_in
@operation("The viewer's playlists", tag="playlists", auth="user")
def mine():
    return jsonify({"playlists": playlists.my_playlists(current_user)})


@bp.post("")
@signed_in
@operation("Create a playlist (private unless isPublic)", body=CreateBody, tag="playlists", auth="user")
def create(body: CreateBody):
    return jsonify(playlists.create_playlist(current_user, body.name, body.description, body.isPublic)), 201


@bp.patch("/<int:playlist_id>")
@signed_in
@operation("Rename, describe, or make a playlist public or private", body=UpdateBody, tag="playlists", auth="user")
def update(playlist_id: int, body: UpdateBody):
    return jsonify(playlists.update_playlist(current_user, playlist_id, body.model_dump(exclude_none=True)))


@bp.delete("/<int:playlist_id>")
@signed_in
@operation("Delete a playlist", tag="playlists", auth="user")
def delete(playlist_id: int):
    playlists.delete_playlist(current_user, playlist_id)
    return jsonify({"success": True, "message": "Playlist deleted"})


@bp.post("/<int:playlist_id>/videos")
@signed_in
@operation("Add a video to a playlist", body=VideoBody, tag="playlists", auth="user")
def add_video(playlist_id: int, body: VideoBody):
    return jsonify(playlists.add_video(current_user, playlist_id, body.videoId))


@bp.delete("/<int:playlist_id>/videos/<video_id>")
@signed_in
@operation("Remove a video from a playlist", tag="playlists", auth="user")
def remove_video(playlist_id: int, video_id: str):
    return jsonify(playlists.remove_video(current_user, playlist_id, video_id))


@bp.get("/public")
@operation("Public playlists", query=PublicQuery, tag="playlists")
def public(query: PublicQuery):
    page = playlists.public_playlists(query.sortBy, query.offset, query.limit)
    more = query.offset + len(page.items) < page.total
    return jsonify({"playlists": page.items, "total": page.total, "hasMore": more})


@bp.get("/<int:playlist_id>/videos")
@operation("A playlist's videos (public, or the viewer's own)", query=PageQuery, tag="playlists")
def videos(playlist_id: int, query: PageQuery):
    viewer = current_user if current_user.is_authenticated else None
    playlist = playlists.visible_playlist(playlist_id, viewer)
    page = playlists.playlist_videos(playlist, query.offset, query.limit)
    return jsonify(
        {
            "playlist": playlists.playlist_json(playlist, playlist.owner.username),
            "videos": videos_json(page.items),
            **page_envelope(page.total, query.page, query.limit),
        }
    )


@video_bp.get("/<video_id>/playlists")
@signed_in
@operation("The viewer's playlists that contain a video", tag="playlists", auth="user")
def containing(video_id: str):
    return jsonify({"playlists": playlists.playlists_with_video(current_user, video_id)})

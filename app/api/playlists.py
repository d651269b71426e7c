"""Spec §7 "Playlists": the viewer's playlists, public ones, and their videos."""

from typing import Literal

from flask import Blueprint, Response
from flask_login import current_user
from pydantic import Field, field_validator

from app.api.operations import operation
from app.api.paging import OffsetQuery, PageQuery, limit_field, page_envelope
from app.api.schemas import (
    ApiModel,
    Message,
    OutModel,
    PlaylistList,
    PlaylistOut,
    PlaylistPage,
    PlaylistVideos,
    VideoOut,
)
from app.catalog.slugs import slugify
from app.i18n import N_
from app.models import Playlist
from app.models.playlist import PLAYLIST_DESCRIPTION_MAX, PLAYLIST_NAME_MAX
from app.services import playlist_transfer, playlists
from app.services.playlist_transfer import IMPORT_MAX_CHARS, ImportFormat
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


class ExportQuery(ApiModel):
    format: Literal["json", "csv"] = Field(default="json", title="Format")


class ImportBody(ApiModel):
    format: ImportFormat = Field(title="Format", description="json or csv (as exported here), or urls: one per line")
    content: str = Field(min_length=1, max_length=IMPORT_MAX_CHARS, title="Content")
    name: str = Field(default="", max_length=PLAYLIST_NAME_MAX, title="Name", description="Else the file's, if any")
    isPublic: bool = Field(default=False, title="Public")


class ImportedPlaylist(OutModel):
    success: bool
    message: str
    playlist: PlaylistOut
    added: int = Field(description="Videos of the catalog now in the playlist")
    unknown: list[str] = Field(description="Entries naming TikTok videos the catalog does not have (the first 100)")
    unknownCount: int
    invalid: list[str] = Field(description="Entries that name no TikTok video (the first 100)")
    invalidCount: int


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
    return {"success": True, "message": N_("Playlist deleted")}


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
    return public_answer(query)


def public_answer(query: PublicQuery) -> PlaylistPage:
    """A page of public playlists: as the API answers it, and as /categories?playlist={id} hands its first page to
    its island."""
    page = playlists.public_playlists(query.sortBy, query.offset, query.limit)
    entries = [PlaylistOut.of(playlist, owner) for playlist, owner in page.items]
    return PlaylistPage(playlists=entries, **page_envelope(page.total, query))


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
    return videos_answer(playlists.visible_playlist(playlist_id, viewer), query)


def videos_answer(playlist: Playlist, query: PageQuery) -> PlaylistVideos:
    """A page of a playlist's videos, with the playlist: as the API answers it, and as /categories?playlist={id}
    hands it to its island."""
    page = playlists.playlist_videos(playlist, query.offset, query.limit)
    return PlaylistVideos(
        playlist=PlaylistOut.of(playlist, playlist.owner.username),
        videos=VideoOut.each(video_cards(page.items)),
        **page_envelope(page.total, query),
    )


@video_bp.get("/<video_id>/playlists")
@operation("The viewer's playlists that contain a video", response=PlaylistList, tag="playlists", auth="user")
def containing(video_id: str):
    return {"playlists": _owned(playlists.playlists_with_video(current_user, video_id))}


@bp.get("/<int:playlist_id>/export")
@operation(
    "A playlist (public, or the viewer's own) as JSON, or as CSV of TikTok URLs",
    query=ExportQuery,
    file=("application/json", "text/csv"),
    errors={404: None},
    tag="playlists",
)
def export(playlist_id: int, query: ExportQuery):
    viewer = current_user if current_user.is_authenticated else None
    playlist = playlists.visible_playlist(playlist_id, viewer)
    cards = playlist_transfer.exported_videos(playlist)
    if query.format == "csv":
        body, mimetype = playlist_transfer.as_csv(cards), "text/csv"
    else:
        body, mimetype = playlist_transfer.as_json(playlist, cards), "application/json"
    name = f"{slugify(playlist.name) or 'playlist'}.{query.format}"
    headers = {"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "private, no-cache"}
    return Response(body, mimetype=mimetype, headers=headers)


@bp.post("/import")
@operation(
    "A new playlist from an export or a list of TikTok URLs: the catalog's videos are added, the others reported",
    body=ImportBody,
    response=ImportedPlaylist,
    status=201,
    tag="playlists",
    auth="user",
    max_body=IMPORT_MAX_CHARS * 4 + 4096,
)
def import_playlist(body: ImportBody):
    source = playlist_transfer.read_source(body.content, body.format)
    outcome = playlist_transfer.import_playlist(current_user, source, body.name, body.isPublic)
    return {
        "success": True,
        "message": f"Imported {outcome.added} of {outcome.entries} videos",
        "playlist": PlaylistOut.of(outcome.playlist, current_user.username),
        "added": outcome.added,
        "unknown": outcome.unknown,
        "unknownCount": outcome.unknown_count,
        "invalid": outcome.invalid,
        "invalidCount": outcome.invalid_count,
    }

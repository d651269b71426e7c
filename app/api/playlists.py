"""Spec §7 "Playlists": reading public playlists and a playlist's videos."""

from typing import Literal

from flask import Blueprint, jsonify
from flask_login import current_user
from pydantic import Field

from app.api.paging import PageQuery, page_envelope
from app.api.schemas import ApiModel
from app.api.validation import operation
from app.services import playlists
from app.services.videos import videos_json

bp = Blueprint("playlists_api", __name__, url_prefix="/api/playlists")


class PublicQuery(ApiModel):
    limit: int = Field(default=50, ge=1, le=playlists.PUBLIC_LIMIT_CAP, title="Limit")
    offset: int = Field(default=0, ge=0, le=100_000, title="Offset")
    sortBy: Literal["recent", "videos", "name"] = Field(default="recent", title="Sort by")


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

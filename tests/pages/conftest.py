from dataclasses import dataclass

import pytest
from sqlalchemy import select

from app.extensions import db
from app.models import Playlist, Video
from app.services import playlists


@dataclass
class CuratorsPlaylists:
    """@curator's public playlist "Moves" and private one "Mine", each holding the same first three videos."""

    public: Playlist
    private: Playlist
    videos: list[Video]


@pytest.fixture
def curators_playlists(make_user, catalog) -> CuratorsPlaylists:
    owner = make_user("curator")
    public = playlists.create_playlist(owner, "Moves", "", True)
    private = playlists.create_playlist(owner, "Mine", "", False)
    videos = list(db.session.scalars(select(Video).where(Video.is_active.is_(True)).order_by(Video.id).limit(3)))
    for video in videos:
        playlists.add_video(owner, public.id, video.video_id)
        playlists.add_video(owner, private.id, video.video_id)
    return CuratorsPlaylists(public, private, videos)

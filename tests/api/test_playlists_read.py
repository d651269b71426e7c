"""Reading playlists: public ones for everybody, private ones only for their owner (404 for others)."""

import pytest
from sqlalchemy import select

from app.extensions import db
from app.models import Playlist, PlaylistEntry, Video
from app.services import creators, health, reports


@pytest.fixture
def playlists(catalog, user, make_user):
    other = make_user("curator")
    videos = list(db.session.scalars(select(Video).order_by(Video.id).limit(5)))
    public = Playlist(user_id=other.id, name="Best of Bling", description="Only the best", is_public=True)
    private = Playlist(user_id=user.id, name="Mine only", is_public=False)
    empty = Playlist(user_id=other.id, name="Nothing yet", is_public=True)
    db.session.add_all([public, private, empty])
    db.session.flush()
    for position, video in enumerate(videos):
        db.session.add(PlaylistEntry(playlist_id=public.id, video_id=video.id, position=position))
    db.session.add(PlaylistEntry(playlist_id=private.id, video_id=videos[0].id, position=0))
    public.video_count, private.video_count = 5, 1
    db.session.commit()
    return public, private, videos


def test_public_playlists_list_only_public_ones_with_videos(api, playlists):
    body = api.get("/api/playlists/public").get_json()
    assert [p["name"] for p in body["playlists"]] == ["Best of Bling"]
    entry = body["playlists"][0]
    assert entry["createdBy"] == {"username": "curator"}
    assert (entry["videoCount"], entry["description"], entry["isPublic"]) == (5, "Only the best", True)
    assert body["total"] == 1 and body["hasMore"] is False


@pytest.mark.parametrize("query", ["limit=51", "limit=0", "offset=-1", "sortBy=popular"])
def test_public_playlists_bad_input(api, query):
    assert api.get(f"/api/playlists/public?{query}").status_code == 400


def test_playlist_videos_in_order_and_without_inactive_ones(api, playlists):
    public, _, videos = playlists
    videos[1].is_active = False
    db.session.commit()
    body = api.get(f"/api/playlists/{public.id}/videos").get_json()
    assert [v["videoId"] for v in body["videos"]] == [v.video_id for v in videos if v is not videos[1]]
    assert body["total"] == 4


def test_private_playlists_are_invisible_to_others_but_not_their_owner(api, playlists):
    _, private, _ = playlists
    assert api.get(f"/api/playlists/{private.id}/videos").status_code == 404
    api.login("dancer@example.com")
    assert api.get(f"/api/playlists/{private.id}/videos").get_json()["total"] == 1
    assert api.get("/api/playlists/999999/videos").status_code == 404


def _remove_by_admin_report(video: Video, admin, _fake_oembed) -> None:
    reports.mark_unavailable(video.video_id, admin)


def _remove_by_deleting_its_creator(video: Video, _admin, _fake_oembed) -> None:
    creators.delete_creator(video.creator.username)


def _remove_by_health_check(video: Video, _admin, fake_oembed) -> None:
    fake_oembed.answers[video.video_id] = "gone"
    health.run_check([video.id], 0)


@pytest.mark.parametrize("remove", [_remove_by_admin_report, _remove_by_deleting_its_creator, _remove_by_health_check])
def test_a_playlist_counts_only_videos_that_still_play(api, playlists, admin, fake_oembed, remove):
    _, private, videos = playlists
    remove(videos[0], admin, fake_oembed)

    body = api.get("/api/playlists/public").get_json()
    assert [(p["name"], p["videoCount"]) for p in body["playlists"]] == [("Best of Bling", 4)]
    api.login("dancer@example.com")
    mine = api.get("/api/playlists/my").get_json()["playlists"]
    assert [(p["name"], p["videoCount"]) for p in mine] == [("Mine only", 0)]
    assert api.get(f"/api/playlists/{private.id}/videos").get_json()["total"] == 0

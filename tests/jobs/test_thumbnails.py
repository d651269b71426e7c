"""Thumbnails refreshed from oEmbed by a real worker, against a fake TikTok oEmbed endpoint."""

from pathlib import Path

import pytest
from sqlalchemy import select

from app.extensions import db
from app.jobs import redis_connection
from app.models import Video
from app.services import thumbnails
from tests.fakes.oembed import JPEG

pytestmark = pytest.mark.jobs


def videos(n: int) -> list[Video]:
    return list(db.session.scalars(select(Video).order_by(Video.id).limit(n)))


def test_a_missing_thumbnail_is_fetched_by_the_worker(client, catalog, fake_oembed, run_worker):
    ok, gone, limited, challenge = videos(4)
    fake_oembed.answers.update(
        {gone.video_id: "gone", limited.video_id: "rate-limited", challenge.video_id: "challenge"}
    )
    for video in (ok, gone, limited, challenge):
        redis_connection().delete(f"thumb-refresh:{video.video_id}")
        thumbnails.thumbnail_file(video.video_id).unlink(missing_ok=True)  # MEDIA_DIR outlives a test
        with client.get(f"/thumbs/{video.video_id}.jpg") as placeholder:
            assert placeholder.data != JPEG

    run_worker("maintenance")

    assert sorted(fake_oembed.requests) == sorted(v.video_id for v in (ok, gone, limited, challenge))
    with client.get(f"/thumbs/{ok.video_id}.jpg") as fresh:
        assert fresh.data == JPEG
    for video in (gone, limited, challenge):
        assert thumbnails.cached_thumbnail(video.video_id) is None
    Path(thumbnails.thumbnail_file(ok.video_id)).unlink()


def test_refreshes_are_queued_once_an_hour(client, catalog, queues):
    (video,) = videos(1)
    redis_connection().delete(f"thumb-refresh:{video.video_id}")
    assert thumbnails.request_refresh(video.video_id) is True
    assert thumbnails.request_refresh(video.video_id) is False
    assert thumbnails.request_refresh("7000000000000000000") is False

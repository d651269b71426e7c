"""Loading catalog files: idempotent, computing trends, hashtags and creator counts."""

from dataclasses import replace
from pathlib import Path

import pytest
from sqlalchemy import func, select

from app.extensions import db
from app.models import Creator, Hashtag, HashtagYear, Trend, Video, VideoHashtag
from app.services import aggregates
from app.services.catalog_files import DEMO_CATALOG, ReadStats, read_catalog
from app.services.ingest import ingest_records

FIXTURE = Path(__file__).parents[1] / "fixtures" / "catalog_small.jsonl"


def load(path: Path = FIXTURE, batch_size: int = 500):
    stats = ReadStats()
    return ingest_records(read_catalog(path, stats), batch_size=batch_size), stats


def snapshot() -> dict:
    return {
        "videos": sorted(db.session.execute(select(Video.video_id, Video.trend_id, Video.view_count)).all()),
        "trends": sorted(db.session.execute(select(Trend.song_key, Trend.video_count, Trend.trend_score)).all()),
        "hashtags": sorted(db.session.execute(select(Hashtag.name, Hashtag.video_count)).all()),
        "links": db.session.scalar(select(func.count()).select_from(VideoHashtag)),
        "creators": sorted(db.session.execute(select(Creator.username, Creator.video_count)).all()),
    }


def test_import_skips_invalid_rows_and_stores_the_rest():
    result, stats = load()
    assert stats.rows == 45
    assert stats.skipped == 3
    assert result.created == 42
    assert db.session.scalar(select(func.count(Video.id))) == 42


def test_import_twice_gives_the_same_rows():
    load()
    first = snapshot()
    result, _ = load(batch_size=7)
    assert result.created == 0
    assert result.updated == 42
    assert snapshot() == first


def test_trend_fields_follow_their_videos():
    load()
    trend = db.session.scalar(select(Trend).order_by(Trend.video_count.desc(), Trend.id))
    videos = db.session.scalars(select(Video).where(Video.trend_id == trend.id)).all()
    assert trend.video_count == len(videos) >= 3
    assert trend.creator_count == len({v.creator_id for v in videos}) >= 2
    assert trend.total_views == sum(v.view_count for v in videos)
    assert trend.total_likes == sum(v.like_count for v in videos)
    assert trend.first_video_at == min(v.posted_at for v in videos)
    assert trend.last_video_at == max(v.posted_at for v in videos)
    assert trend.trend_score > 0
    assert trend.slug and "_" in trend.slug


def test_original_sounds_are_one_trend_per_artist_searched_by_artist():
    load()
    originals = db.session.scalars(select(Trend).where(Trend.is_original_sound.is_(True))).all()
    assert originals
    for trend in originals:
        assert trend.song_key.startswith("original sound|")
        assert trend.search_term == trend.artist


def test_videos_without_music_have_no_trend():
    load()
    assert db.session.scalar(select(func.count(Video.id)).where(Video.track.is_(None), Video.trend_id.isnot(None))) == 0
    assert db.session.scalar(select(func.count(Video.id)).where(Video.trend_id.is_(None))) >= 3


def test_hashtag_counts_cover_active_videos_and_show_the_most_viewed_caption():
    load()
    tag = db.session.scalar(select(Hashtag).order_by(Hashtag.video_count.desc(), Hashtag.name))
    tagged = db.session.scalars(
        select(Video).join(VideoHashtag, VideoHashtag.video_id == Video.id).where(VideoHashtag.hashtag_id == tag.id)
    ).all()
    assert tag.video_count == len(tagged)
    assert tag.example_description == max(tagged, key=lambda v: v.view_count).description
    assert not tag.name.startswith("#")

    tagged[0].is_active = False
    db.session.commit()
    aggregates.refresh_hashtags([tag.id])
    assert tag.video_count == len(tagged) - 1


def hashtag_totals() -> dict:
    return {
        "hashtags": sorted(
            db.session.execute(
                select(
                    Hashtag.name,
                    Hashtag.video_count,
                    Hashtag.total_views,
                    Hashtag.first_video_at,
                    Hashtag.last_video_at,
                    Hashtag.example_description,
                    Hashtag.example_views,
                )
            ).all()
        ),
        "years": sorted(db.session.execute(select(HashtagYear.__table__)).all()),
    }


@pytest.mark.parametrize("batch_size", [500, 7])
def test_new_videos_are_counted_into_their_hashtags_exactly_as_a_full_recount_would(batch_size):
    records = list(read_catalog(FIXTURE, ReadStats()))
    old, new = records[:20], records[20:]
    ingest_records(old)
    # A new video as viewed as an old hashtag's example: the older video keeps the example, as in a recount.
    shared = next(tag for r in new for tag in r.hashtags if any(tag in o.hashtags for o in old))
    top_old = max(o.view_count or 0 for o in old if shared in o.hashtags)
    tie = next(i for i, r in enumerate(new) if shared in r.hashtags)
    new[tie] = replace(new[tie], view_count=top_old, description=f"As viewed as the example #{shared}")
    # An old video seen again with more views and one tag fewer: its hashtags are recounted instead.
    seen_again = replace(old[3], view_count=(old[3].view_count or 0) + 10**9, hashtags=old[3].hashtags[1:])
    result = ingest_records([*new, seen_again, new[0]], batch_size=batch_size)
    assert (result.created, result.updated) == (len(new), 1 if batch_size > len(new) else 2)
    counted = hashtag_totals()

    aggregates.refresh_hashtags(db.session.scalars(select(Hashtag.id)).all())
    assert hashtag_totals() == counted
    example = db.session.scalar(select(Hashtag).where(Hashtag.name == shared))
    assert example.example_description != f"As viewed as the example #{shared}" or top_old == 0


def test_deactivating_a_video_updates_its_trend_and_creator():
    load()
    trend = db.session.scalar(select(Trend).order_by(Trend.video_count.desc(), Trend.id))
    video = db.session.scalar(select(Video).where(Video.trend_id == trend.id).order_by(Video.view_count.desc()))
    before_views, before_count = trend.total_views, trend.video_count
    creator_count = video.creator.video_count
    video.is_active = False
    db.session.commit()
    aggregates.refresh([trend.id], [], [video.creator_id])
    assert trend.video_count == before_count - 1
    assert trend.total_views == before_views - video.view_count
    assert video.creator.video_count == creator_count - 1


def test_import_creates_one_creator_per_handle_with_video_counts():
    load()
    for creator in db.session.scalars(select(Creator)):
        assert creator.video_count == db.session.scalar(
            select(func.count(Video.id)).where(Video.creator_id == creator.id)
        )


def test_bad_json_lines_are_skipped(tmp_path):
    bad = tmp_path / "bad.jsonl"
    good_line = FIXTURE.read_text(encoding="utf-8").splitlines()[0]
    too_long_a_number = '{"video_id": 1' + "0" * 5000 + "}"
    bad.write_text("{not json\n[1, 2]\n" + too_long_a_number + "\n\n" + good_line + "\n", encoding="utf-8")
    result, stats = load(bad)
    assert (stats.rows, stats.skipped, result.created) == (4, 3, 1)
    assert stats.reasons == {"line: not JSON": 2, "line: not a JSON object": 1}


@pytest.mark.parametrize("path", [DEMO_CATALOG])
def test_the_demo_catalog_loads_with_populated_trends(path):
    result, stats = load(path)
    assert stats.skipped == 0
    assert 300 <= result.created <= 600
    assert db.session.scalar(select(func.count(Trend.id)).where(Trend.video_count >= 3)) >= 20


def test_deleting_a_creator_removes_its_videos_and_recounts_trends_and_hashtags():
    from app.services.creators import delete_creator

    load()
    trend = db.session.scalar(select(Trend).where(Trend.creator_count >= 2).order_by(Trend.id))
    victim = db.session.scalar(select(Video).where(Video.trend_id == trend.id).order_by(Video.id)).creator
    their_videos = db.session.scalar(select(func.count(Video.id)).where(Video.creator_id == victim.id))
    in_trend = db.session.scalar(
        select(func.count(Video.id)).where(Video.creator_id == victim.id, Video.trend_id == trend.id)
    )
    before = trend.video_count
    assert delete_creator(victim.username.upper()) == their_videos
    db.session.expire_all()
    assert db.session.get(Creator, victim.id) is None
    assert db.session.scalar(select(func.count(Video.id)).where(Video.creator_id == victim.id)) == 0
    assert db.session.get(Trend, trend.id).video_count == before - in_trend
    for tag in db.session.scalars(select(Hashtag)):
        assert tag.video_count == db.session.scalar(
            select(func.count(VideoHashtag.video_id)).where(VideoHashtag.hashtag_id == tag.id)
        )


def test_health_check_fills_basic_videos_from_the_tiktok_source(monkeypatch):
    from app.services import health, profiles
    from app.tiktok import oembed
    from app.tiktok import source as tiktok

    load()
    videos = list(db.session.scalars(select(Video).where(Video.track.isnot(None)).order_by(Video.id).limit(3)))
    full = {v.video_id: {"track": v.track, "artist": v.artist, "duration": v.duration} for v in videos}
    for video in videos:
        video.track, video.artist, video.duration = None, None, None  # basic tier: a title only
    db.session.commit()
    asked = []

    def fetch_record(video_id, handle):
        asked.append(video_id)
        if video_id == videos[1].video_id:
            raise tiktok.Blocked("Your IP address is blocked from accessing this post")
        row = next(r for r in read_catalog(FIXTURE, ReadStats()) if r.video_id == video_id)
        return row

    monkeypatch.setattr(profiles, "fetch_record", fetch_record)
    monkeypatch.setattr(
        oembed, "fetch", lambda url: oembed.OEmbed(title="caption", author_unique_id=None, thumbnail_url=None, html="")
    )
    result = health.run_check([v.id for v in videos], 0)
    assert asked == [videos[0].video_id, videos[1].video_id]  # bot detection: no more source calls this batch
    assert result["summary"]["metadataExtracted"] == 1
    db.session.expire_all()
    first = db.session.get(Video, videos[0].id)
    assert (first.track, first.artist, first.duration) == tuple(full[first.video_id].values())
    assert first.metadata_extracted_at is not None
    assert db.session.get(Video, videos[2].id).track is None


def test_a_download_added_to_the_site_keeps_at_most_the_records_hashtags(monkeypatch):
    from dataclasses import replace

    from app.catalog.records import MAX_HASHTAGS
    from app.models import Download
    from app.services import downloads

    row = next(iter(read_catalog(FIXTURE, ReadStats())))
    caption = " ".join(f"#caption{i}" for i in range(95))
    monkeypatch.setattr(downloads, "fetch_record", lambda video_id, handle: replace(row, description=caption))
    admin_tags = ",".join(f"admin{i}" for i in range(30))
    downloads._add_to_site(Download(video_id=row.video_id, username=row.username, tags=admin_tags))
    video = db.session.scalar(select(Video).where(Video.video_id == row.video_id))
    names = {tag.name for tag in video.hashtags}
    assert len(names) == MAX_HASHTAGS
    assert {f"caption{i}" for i in range(95)} <= names

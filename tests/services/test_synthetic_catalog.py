"""The load benchmark's synthetic catalog: deterministic, valid, and holding the totals a recount would give."""

from dataclasses import replace

import pytest
from sqlalchemy import func, insert, select, text, update
from sqlalchemy.exc import IntegrityError

from app.catalog import VideoRecord, posted_at
from app.extensions import db
from app.jobs.maintenance import refresh_catalog_totals
from app.models import Creator, Hashtag, HashtagYear, Trend, TrendStarter, TrendWeek, Video, VideoHashtag
from app.services import search
from app.services.catalog_files import DEMO_CATALOG, ReadStats, read_catalog
from app.services.ingest import ingest_records
from app.services.synthetic_catalog import CatalogNotEmpty, Generator, build_synthetic_catalog

SIZE = 3000


@pytest.fixture(scope="module")
def templates() -> list[VideoRecord]:
    return list(read_catalog(DEMO_CATALOG, ReadStats()))


def totals() -> dict:
    return {
        "trends": sorted(
            (*row[:-1], round(row[-1], 6))
            for row in db.session.execute(
                select(
                    Trend.song_key,
                    Trend.video_count,
                    Trend.creator_count,
                    Trend.total_views,
                    Trend.total_likes,
                    Trend.first_video_at,
                    Trend.last_video_at,
                    Trend.recent_video_count,
                    Trend.recent_creator_count,
                    Trend.prior_video_count,
                    Trend.rising_score,
                    Trend.trend_score,
                )
            ).all()
        ),
        "rising": sorted(round(score, 6) for score in db.session.scalars(select(Trend.rising_score))),
        "weeks": sorted(db.session.execute(select(TrendWeek.__table__)).all()),
        "starters": sorted(db.session.execute(select(TrendStarter.__table__)).all()),
        "hashtags": sorted(
            db.session.execute(
                select(
                    Hashtag.name,
                    Hashtag.video_count,
                    Hashtag.total_views,
                    Hashtag.example_description,
                    Hashtag.example_views,
                    Hashtag.first_video_at,
                    Hashtag.last_video_at,
                )
            ).all()
        ),
        "years": sorted(db.session.execute(select(HashtagYear.__table__)).all()),
        "creators": sorted(db.session.execute(select(Creator.username, Creator.video_count)).all()),
    }


def test_the_same_seed_makes_the_same_videos_and_another_seed_others(templates):
    first = [(v.video_id, v.username, v.song_key, v.hashtags) for v in Generator(templates, 500, seed=4)]
    again = [(v.video_id, v.username, v.song_key, v.hashtags) for v in Generator(templates, 500, seed=4)]
    other = [(v.video_id, v.username, v.song_key, v.hashtags) for v in Generator(templates, 500, seed=5)]
    assert first == again
    assert first != other


def test_synthetic_videos_are_valid_records_whose_ids_carry_their_posting_time(templates):
    for video in Generator(templates, 2000, seed=1):
        record = VideoRecord(
            **{
                **vars(video.template),
                "video_id": video.video_id,
                "username": video.username,
                "hashtags": video.hashtags,
                "posted_at": video.posted_at,
            }
        )
        assert posted_at(record.video_id) == video.posted_at


def test_the_stored_totals_are_what_a_full_recount_gives(app, templates):
    result = build_synthetic_catalog(templates, SIZE, seed=2)
    assert db.session.scalar(select(func.count(Video.id))) == SIZE
    assert db.session.scalar(select(func.count()).select_from(VideoHashtag)) == result.links
    assert result.trends > 50 and result.hashtags > 100 and result.creators == SIZE // 40
    stored = totals()
    assert stored["weeks"] and stored["starters"] and max(stored["rising"]) > 0
    refresh_catalog_totals()
    db.session.expire_all()
    assert totals() == stored


def test_new_rows_after_a_synthetic_catalog_get_new_ids(app, templates):
    """Ingestion after the bulk rows continues their ids (PostgreSQL's sequences are moved past them)."""
    build_synthetic_catalog(templates, 200, seed=3)
    top = db.session.scalar(select(func.max(Video.id)))
    ingest_records([replace(templates[0], video_id="7300000000000000001")])
    assert db.session.scalar(select(Video.id).where(Video.video_id == "7300000000000000001")) > top


def test_search_finds_the_synthetic_catalog_and_then_what_is_ingested_after_it(app, templates):
    """The full-text indexes filled at the end of the bulk rows list every findable row most popular first, and
    their triggers are back for the rows that come later."""
    build_synthetic_catalog(templates, 400, seed=4)
    word = search.query_words(templates[0].title or templates[0].description)[0]
    holding = [
        video
        for video in db.session.scalars(select(Video))
        if any(part.startswith(word) for part in video.search_text.split())
    ]
    most_viewed = sorted(holding, key=lambda video: (video.view_count, video.id), reverse=True)
    assert holding and search.counts(word)["videos"] == len(holding)
    assert search.videos(word, 0, search.SEARCH_LIMIT_CAP) == most_viewed[: search.SEARCH_LIMIT_CAP]
    record = replace(templates[0], video_id="7300000000000000002", title="zzyzxsynthetic", description="")
    ingest_records([record])
    assert [video.video_id for video in search.videos("zzyzxsynthetic", 0, 20)] == ["7300000000000000002"]


def test_on_postgresql_the_bulk_rows_are_vacuumed(app, templates):
    if db.engine.dialect.name != "postgresql":
        pytest.skip("SQLite has no VACUUM to wait for: its planner statistics are what it needs")
    build_synthetic_catalog(templates, 100, seed=5)
    db.session.execute(text("SELECT pg_stat_clear_snapshot()"))
    vacuumed = text("SELECT relname FROM pg_stat_user_tables WHERE last_vacuum IS NOT NULL")
    assert {"videos", "video_words"} <= set(db.session.scalars(vacuumed))


def test_the_schema_checks_its_rows_again_after_a_synthetic_catalog(app, templates):
    """Constraints set aside for the bulk rows are back: a duplicate id or a link to no video is refused."""
    build_synthetic_catalog(templates, 200, seed=3)
    taken = db.session.scalar(select(Video.video_id).limit(1))
    for statement in (
        update(Video).where(Video.id == 2).values(video_id=taken),
        insert(VideoHashtag).values(video_id=10_000, hashtag_id=1),
    ):
        with pytest.raises(IntegrityError):
            db.session.execute(statement)
            db.session.flush()
        db.session.rollback()


def test_a_synthetic_catalog_is_only_built_into_an_empty_one(app, templates, catalog):
    with pytest.raises(CatalogNotEmpty):
        build_synthetic_catalog(templates, 10, seed=1)

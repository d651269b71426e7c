"""The migration chain: upgrading a database that already holds videos keeps its data right."""

import pytest
from flask_migrate import downgrade, upgrade
from sqlalchemy import func, select, text

from app import config, create_app
from app.extensions import db
from app.models import Creator, Follow, Hashtag, HashtagYear, Trend, TrendStarter, TrendWeek, VideoHashtag
from app.services import search


def test_hashtag_years_are_backfilled_on_upgrade(catalog):
    expected = db.session.execute(
        select(HashtagYear.hashtag_id, HashtagYear.year, HashtagYear.video_count).order_by(
            HashtagYear.hashtag_id, HashtagYear.year
        )
    ).all()
    assert expected
    db.session.commit()
    downgrade(revision="0001")
    db.session.remove()
    upgrade()
    backfilled = db.session.execute(
        select(HashtagYear.hashtag_id, HashtagYear.year, HashtagYear.video_count).order_by(
            HashtagYear.hashtag_id, HashtagYear.year
        )
    ).all()
    assert backfilled == expected
    assert sum(row.video_count for row in backfilled) == db.session.scalar(select(func.sum(Hashtag.video_count)))


def test_trend_weeks_starters_and_rising_are_backfilled_on_upgrade(catalog):
    def kept() -> tuple:
        return (
            db.session.execute(select(TrendWeek.__table__).order_by(TrendWeek.trend_id, TrendWeek.week_start)).all(),
            db.session.execute(select(TrendStarter.__table__).order_by(TrendStarter.trend_id, "position")).all(),
            db.session.execute(
                select(
                    Trend.id,
                    Trend.recent_video_count,
                    Trend.recent_creator_count,
                    Trend.prior_video_count,
                    Trend.rising_score,
                ).order_by(Trend.id)
            ).all(),
        )

    expected = kept()
    assert expected[0] and expected[1] and any(row[-1] for row in expected[2])
    db.session.commit()
    downgrade(revision="0010")
    db.session.remove()
    upgrade()
    weeks, starters, rising = kept()
    assert (weeks, starters) == expected[:2]
    assert [(*row[:-1], pytest.approx(row[-1])) for row in rising] == expected[2]


def test_example_views_are_backfilled_on_upgrade(catalog):
    expected = db.session.execute(select(Hashtag.id, Hashtag.example_views).order_by(Hashtag.id)).all()
    assert any(views for _, views in expected)
    links = db.session.scalar(select(func.count()).select_from(VideoHashtag))
    db.session.commit()
    downgrade(revision="0004")
    db.session.remove()
    upgrade()
    assert db.session.execute(select(Hashtag.id, Hashtag.example_views).order_by(Hashtag.id)).all() == expected
    assert db.session.scalar(select(func.count()).select_from(VideoHashtag)) == links


def test_each_years_example_is_backfilled_on_upgrade(catalog):
    """As a recount chooses it (the fixture has years whose most viewed video is not the hashtag's)."""
    examples = select(
        HashtagYear.hashtag_id, HashtagYear.year, HashtagYear.example_description, HashtagYear.example_views
    )
    expected = db.session.execute(examples.order_by(HashtagYear.hashtag_id, HashtagYear.year)).all()
    all_time = dict(db.session.execute(select(Hashtag.id, Hashtag.example_description)).all())
    assert any(caption != all_time[hid] for hid, _, caption, _ in expected)
    db.session.commit()
    downgrade(revision="0017")
    db.session.remove()
    upgrade()
    assert db.session.execute(examples.order_by(HashtagYear.hashtag_id, HashtagYear.year)).all() == expected


def test_sqlite_tables_are_rebuilt_to_never_reuse_ids_keeping_rows_and_links(tmp_path):
    """From 0005 (ids could be reused) to now: rows, links between them and indexes survive the rebuild."""
    if db.engine.dialect.name != "sqlite":
        pytest.skip("the rebuild is SQLite's alone")
    other = create_app(config.TestConfig(f"sqlite:///{tmp_path / 'old.db'}", str(tmp_path / "media")))
    with other.app_context():
        upgrade(revision="0005")
        with db.engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO users (id, username, email, password_hash, role, bio, profile_visibility,"
                    " email_notifications, session_version, totp_enabled, created_at, updated_at) VALUES"
                    " (7, 'keeper', 'k@example.com', 'x', 'user', '', 'public', 1, 1, 0, :t, :t)"
                ),
                {"t": "2026-01-01 00:00:00"},
            )
            conn.execute(
                text(
                    "INSERT INTO playlists (id, user_id, name, description, is_public, video_count, created_at,"
                    " updated_at) VALUES (3, 7, 'Kept', '', 0, 0, :t, :t)"
                ),
                {"t": "2026-01-01 00:00:00"},
            )
        upgrade()
        with db.engine.begin() as conn:
            assert conn.execute(text("SELECT user_id, name FROM playlists")).all() == [(7, "Kept")]
            conn.execute(text("DELETE FROM users WHERE id = 7"))
            assert conn.execute(text("SELECT count(*) FROM playlists")).scalar() == 0, "links still cascade"
            users_sql = conn.execute(text("SELECT sql FROM sqlite_master WHERE name = 'users'")).scalar()
            assert "AUTOINCREMENT" in users_sql
            indexes = conn.execute(text("SELECT name FROM sqlite_master WHERE tbl_name = 'users' AND type = 'index'"))
            assert "uq_users_username_lower" in set(indexes.scalars())
        db.engine.dispose()


def test_search_is_backfilled_on_upgrade(catalog, make_user):
    make_user("hoa_fan").bio = "Đà Lạt"
    db.session.commit()
    queries = ("Hoà", "anh", "fyp", "Da Lat")
    before = [search.counts(query) for query in queries]
    assert before[0]["trends"] and before[1]["videos"] and before[2]["hashtags"] and before[3]["users"] == 1
    db.session.commit()  # ends the reads' transaction, whose locks would hold the migration up on PostgreSQL
    downgrade(revision="0006")
    db.session.remove()
    upgrade()
    assert [search.counts(query) for query in queries] == before


def test_video_words_are_backfilled_on_upgrade(catalog):
    if db.engine.dialect.name != "postgresql":
        pytest.skip("only PostgreSQL lists videos by their words (SQLite's full-text index is ordered itself)")
    listed = text("SELECT word, views, video_id FROM video_words ORDER BY 1, 2, 3")
    kept = db.session.execute(listed).all()
    assert kept

    def pages() -> list[list[int]]:
        return [[video.id for video in search.videos(query)] for query in ("anh", "fyp", "em anh")]

    found = pages()
    db.session.commit()
    downgrade(revision="0012")
    db.session.remove()
    upgrade()
    assert db.session.execute(listed).all() == kept
    assert pages() == found


def test_an_account_keeps_only_its_latest_waiting_email_change_on_upgrade(make_user):
    user_id, other_id = make_user("dancer").id, make_user("other").id
    db.session.commit()
    downgrade(revision="0014")
    db.session.remove()
    waiting = (
        (user_id, "older", "older@example.com", "2026-11-27 10:00:00+00:00"),
        (user_id, "newer", "newer@example.com", "2026-11-27 11:00:00+00:00"),
        (other_id, "only", "only@example.com", "2026-11-27 09:00:00+00:00"),
    )
    for row in waiting:
        db.session.execute(
            text("INSERT INTO pending_email_changes (user_id, token_hash, email, expires_at) VALUES (:u, :t, :e, :x)"),
            dict(zip("utex", row, strict=True)),
        )
    db.session.commit()
    upgrade()
    kept = text("SELECT user_id, email FROM pending_email_changes ORDER BY user_id")
    assert db.session.execute(kept).all() == [(user_id, "newer@example.com"), (other_id, "only@example.com")]


def test_site_followers_are_backfilled_on_upgrade(catalog, make_user):
    first, second = db.session.scalars(select(Creator).order_by(Creator.id).limit(2))
    for name, followed in (("fan", [first, second]), ("other", [first])):
        fan = make_user(name)
        db.session.add_all(Follow(user_id=fan.id, creator_id=creator.id) for creator in followed)
    db.session.commit()
    counted = text("SELECT username, site_follower_count FROM creators WHERE site_follower_count > 0 ORDER BY 1")
    kept = db.session.execute(counted).all()
    assert sorted(kept) == sorted([(first.username, 2), (second.username, 1)])
    db.session.commit()
    downgrade(revision="0016")
    db.session.remove()
    upgrade()
    assert db.session.execute(counted).all() == kept

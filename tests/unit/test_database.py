"""Database connection settings."""

import pytest
from sqlalchemy import text

from app.extensions import db


def test_sqlite_connections_use_wal_busy_timeout_and_foreign_keys():
    if db.engine.dialect.name != "sqlite":
        pytest.skip("SQLite pragmas")
    with db.engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert conn.execute(text("PRAGMA busy_timeout")).scalar() == 5000
        assert conn.execute(text("PRAGMA synchronous")).scalar() == 1  # NORMAL


def test_planner_statistics_are_refreshed(catalog):
    from app.services.database import refresh_planner_statistics

    refresh_planner_statistics()
    if db.engine.dialect.name == "sqlite":
        analysed = {row[0] for row in db.session.execute(text("SELECT tbl FROM sqlite_stat1"))}
        assert {"videos", "video_hashtags"} <= analysed
    else:
        analysed = {
            row[0]
            for row in db.session.execute(
                text("SELECT relname FROM pg_stat_user_tables WHERE last_analyze IS NOT NULL")
            )
        }
        assert {"videos", "video_hashtags", "trends"} <= analysed


def test_usernames_are_unique_whatever_their_case_in_the_database_itself(user):
    from sqlalchemy.exc import IntegrityError

    from app.models import User

    db.session.add(User(username="DANCER", email="other@example.com", password_hash="x"))
    with pytest.raises(IntegrityError):
        db.session.commit()
    db.session.rollback()

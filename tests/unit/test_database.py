"""Database connection settings."""

import time

import pytest
from psycopg.pq import TransactionStatus
from sqlalchemy import select, text

from app import SQLITE_MMAP_BYTES
from app.extensions import db
from app.models import Hashtag


def test_sqlite_connections_use_wal_busy_timeout_foreign_keys_and_a_memory_map():
    if db.engine.dialect.name != "sqlite":
        pytest.skip("SQLite pragmas")
    with db.engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert conn.execute(text("PRAGMA busy_timeout")).scalar() == 5000
        assert conn.execute(text("PRAGMA synchronous")).scalar() == 1  # NORMAL
        assert conn.execute(text("PRAGMA mmap_size")).scalar() == SQLITE_MMAP_BYTES


def prepared_statements(connection) -> int:
    return connection.execute(text("SELECT count(*) FROM pg_prepared_statements")).scalar_one()


def test_a_postgresql_transaction_that_only_read_keeps_the_prepared_statements(app):
    if db.engine.dialect.name != "postgresql":
        pytest.skip("psycopg's prepared statements")
    with db.engine.connect() as connection:
        for n in range(connection.connection.driver_connection.prepare_threshold + 1):
            connection.execute(select(Hashtag.id).where(Hashtag.name == f"tag{n}"))
        assert prepared_statements(connection) > 0
        connection.rollback()
        assert prepared_statements(connection) > 0


def test_a_postgresql_connection_begins_as_it_is_taken_which_checks_it_in_the_same_round_trip(app):
    if db.engine.dialect.name != "postgresql":
        pytest.skip("psycopg's connections")
    assert not db.engine.pool._pre_ping  # no SELECT 1 besides: the BEGIN is the check
    with db.engine.connect() as connection:
        time.sleep(0.05)
        waited = connection.execute(text("SELECT extract(epoch FROM statement_timestamp() - now())")).scalar_one()
        assert waited >= 0.05  # the transaction began before its first statement, when the connection was taken


def test_a_postgresql_connection_made_to_autocommit_gives_back_its_begin(app):
    if db.engine.dialect.name != "postgresql":
        pytest.skip("psycopg's connections")
    with db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        connection.execute(text("VACUUM hashtags"))  # VACUUM cannot run inside a transaction
    with db.engine.connect() as connection:  # the next to take it begins again, as any other
        driver = connection.connection.driver_connection
        assert not driver.autocommit and driver.info.transaction_status == TransactionStatus.INTRANS


def test_a_transaction_that_wrote_is_rolled_back():
    with db.engine.connect() as connection:
        connection.execute(Hashtag.__table__.insert().values(name="written_then_undone", video_count=0))
        connection.rollback()
        assert connection.execute(select(Hashtag.id).where(Hashtag.name == "written_then_undone")).first() is None


class Timeout(Exception):
    """What a job's time limit raises from its signal handler, wherever the job is."""


def test_a_rollback_interrupted_in_its_check_drops_the_connection(app, monkeypatch):
    if db.engine.dialect.name != "postgresql":
        pytest.skip("psycopg's prepared statements")
    with db.engine.connect() as connection:
        connection.execute(select(Hashtag.id))
        driver = connection.connection.driver_connection

        def interrupted(*_):
            raise Timeout

        monkeypatch.setattr(driver, "execute", interrupted)
        with pytest.raises(Timeout):
            connection.rollback()
        assert connection.invalidated


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

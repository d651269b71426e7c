"""Database housekeeping the app does itself."""

from sqlalchemy import select, text

from app.extensions import db

CATALOG_TABLES = ("videos", "video_hashtags", "hashtags", "hashtag_years", "trends", "creators")
# PostgreSQL's own: each active video's words, kept by a trigger (see app/services/video_words.py).
POSTGRESQL_CATALOG_TABLES = (*CATALOG_TABLES, "video_words")


def lock_row(model, row_id: int) -> None:
    """Requests that change what hangs off one row take turns on it: on PostgreSQL a lock on the row till the
    transaction ends; SQLite, which lets one writer at a time anyway, ignores it."""
    db.session.execute(select(model.id).where(model.id == row_id).with_for_update())


def refresh_planner_statistics() -> None:
    """ANALYZE after bulk changes: without statistics SQLite's planner walks every active video for a hashtag
    count (seconds instead of milliseconds); PostgreSQL's autovacuum would get there, but later."""
    if db.engine.dialect.name == "sqlite":
        db.session.execute(text("ANALYZE"))
    else:
        db.session.execute(text(f"ANALYZE {', '.join(POSTGRESQL_CATALOG_TABLES)}"))
    db.session.commit()


def settle_after_bulk_load() -> None:
    """After rows written in bulk into empty tables: on PostgreSQL a VACUUM as well, which marks the new rows
    visible to every transaction and empties the GIN indexes' pending lists. Until autovacuum does it, every
    full-text count visits the rows it reads (at a million videos, a search's counts took two to twenty times as
    long), and the index-only reads of video_words visit the table too (a search took twice as long)."""
    if db.engine.dialect.name == "sqlite":
        refresh_planner_statistics()
        return
    db.session.commit()
    with db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        connection.execute(text(f"VACUUM ANALYZE {', '.join(POSTGRESQL_CATALOG_TABLES)}"))

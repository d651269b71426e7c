"""Database housekeeping the app does itself."""

from sqlalchemy import text

from app.extensions import db

CATALOG_TABLES = ("videos", "video_hashtags", "hashtags", "hashtag_years", "trends", "creators")


def refresh_planner_statistics() -> None:
    """ANALYZE after bulk changes: without statistics SQLite's planner walks every active video for a hashtag
    count (seconds instead of milliseconds); PostgreSQL's autovacuum would get there, but later."""
    if db.engine.dialect.name == "sqlite":
        db.session.execute(text("ANALYZE"))
    else:
        db.session.execute(text(f"ANALYZE {', '.join(CATALOG_TABLES)}"))
    db.session.commit()

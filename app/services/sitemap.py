"""The sitemap: the site's pages and every active video's canonical address, 50,000 URLs per file."""

from collections.abc import Iterator
from datetime import datetime
from math import ceil

from sqlalchemy import func, select

from app.catalog import video_slug
from app.extensions import db
from app.models import Creator, Trend, Video

URLS_PER_FILE = 50_000
STATIC_PATHS = (
    "/",
    "/dance-trends",
    "/categories",
    "/creators",
    "/about-us",
    "/contact-us",
    "/privacy-policy",
    "/terms-of-use",
)


def _video_count() -> int:
    return db.session.scalar(select(func.count(Video.id)).where(Video.is_active.is_(True))) or 0


def page_count() -> int:
    return max(1, ceil((len(STATIC_PATHS) + _video_count()) / URLS_PER_FILE))


def page_entries(number: int) -> Iterator[tuple[str, datetime | None]]:
    """(path, last modified) of sitemap file `number` (1-based); the site's pages open the first file."""
    start = (number - 1) * URLS_PER_FILE
    if number == 1:
        yield from ((path, None) for path in STATIC_PATHS)
        limit = URLS_PER_FILE - len(STATIC_PATHS)
        offset = 0
    else:
        limit = URLS_PER_FILE
        offset = start - len(STATIC_PATHS)
    rows = db.session.execute(
        select(Video.video_id, Video.updated_at, Creator.username, Trend.slug)
        .join(Creator, Creator.id == Video.creator_id)
        .outerjoin(Trend, Trend.id == Video.trend_id)
        .where(Video.is_active.is_(True))
        .order_by(Video.id)
        .offset(offset)
        .limit(limit)
    )
    for video_id, updated, username, slug in rows:
        tail = video_slug(username, video_id)
        yield (f"/dance-trends/{slug}/{tail}" if slug else f"/categories/{tail}"), updated

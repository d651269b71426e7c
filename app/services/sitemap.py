"""The sitemap: the site's pages and every active video's canonical address, 50,000 URLs per file."""

from collections.abc import Iterator
from datetime import datetime
from math import ceil

from sqlalchemy import func, select

from app.catalog import video_slug
from app.extensions import db
from app.models import Creator, Trend, Video

# Each file is built when asked for: 50,000 URLs (the protocol's most) took 0.6 s and made 8 MB; 10,000 take 0.1 s.
URLS_PER_FILE = 10_000
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


def _ids_per_file() -> int:
    """Each file lists the active videos of a range of ids this long (the first file the site's pages too): a
    range of the primary key, read without counting or skipping the videos of the files before it (by OFFSET, the
    last of a million videos' files took 0.8 s for its 8 URLs)."""
    return URLS_PER_FILE - len(STATIC_PATHS)


def page_count() -> int:
    last_id = db.session.scalar(select(func.max(Video.id))) or 0
    return max(1, ceil(last_id / _ids_per_file()))


def page_entries(number: int) -> Iterator[tuple[str, datetime | None]]:
    """(path, last modified) of sitemap file `number` (1-based); the site's pages open the first file."""
    if number == 1:
        yield from ((path, None) for path in STATIC_PATHS)
    first_id = (number - 1) * _ids_per_file() + 1
    rows = db.session.execute(
        select(Video.video_id, Video.updated_at, Creator.username, Trend.slug)
        .join(Creator, Creator.id == Video.creator_id)
        .outerjoin(Trend, Trend.id == Video.trend_id)
        .where(Video.id >= first_id, Video.id < first_id + _ids_per_file(), Video.is_active.is_(True))
        .order_by(Video.id)
    )
    for video_id, updated, username, slug in rows:
        tail = video_slug(username, video_id)
        yield (f"/dance-trends/{slug}/{tail}" if slug else f"/categories/{tail}"), updated

"""The random feed, served from a pool: one random video from each of up to 500 random trends, drawn afresh
every minute (and whenever the content changes) and kept in Redis; each request takes `count` of them at random.

A request then costs one call to Redis instead of a walk of the trend and video indexes, and still answers videos
of distinct random trends that differ from one request to the next. Without Redis the walk is done per request.
"""

import json
import random
import time

from app.services import cache, feeds
from app.services.videos import videos_json

POOL_SIZE = 500
POOL_SECONDS = 60  # then one request draws a new pool while the others keep drawing from the old one
POOL_NAME = "random-feed"
POOL_REFILL_SECONDS = 10  # one request refills an expired pool; the others walk the indexes meanwhile


def random_feed(count: int) -> tuple[list[str], int]:
    """`count` (at most feeds.RANDOM_COUNT_CAP) videos as JSON texts, each of a different trend, and the number of
    trends with videos."""
    count = min(max(count, 1), feeds.RANDOM_COUNT_CAP)
    drawn = cache.draw_from_pool(POOL_NAME, count) if cache.available() else None
    if drawn is not None:
        videos, meta = drawn
        if time.time() - meta["drawnAt"] < POOL_SECONDS or not _claim_refill():
            return videos, int(meta["total"])
        return _refill(count)  # this request draws the next pool; the others keep drawing from this one
    if not _claim_refill():  # no pool (the content changed) and another request is drawing it: walk the indexes
        videos, total = feeds.random_videos(count)
        return _as_texts(videos), total
    return _refill(count)


def _claim_refill() -> bool:
    return cache.claim(f"{POOL_NAME}:refill", POOL_REFILL_SECONDS)


def _refill(count: int) -> tuple[list[str], int]:
    videos, total = feeds.random_videos(POOL_SIZE, cap=POOL_SIZE)
    pool = _as_texts(videos)
    cache.put_pool(POOL_NAME, pool, {"total": total, "drawnAt": time.time()}, POOL_SECONDS * 3)
    return random.sample(pool, min(count, len(pool))), total


def _as_texts(videos) -> list[str]:
    return [json.dumps(video, separators=(",", ":")) for video in videos_json(videos)]

"""The random feed's answers, served from a pool: one random video from each of up to 500 random trends, drawn afresh
every minute (and whenever the content changes) and kept in Redis; each request takes `count` of them at random.

Each worker keeps the pool it last read and samples it in memory; once a second it asks Redis whether the pool is
still the current one (the 500 videos travel again only when it is not). A content change made by the worker
itself drops its copy at once, one made elsewhere within that second. Without Redis the trend and video indexes
are walked per request.
"""

import json
import random
import time
from dataclasses import dataclass

from app.api.schemas import VideoOut
from app.services import cache, feeds
from app.services.videos import video_cards

POOL_SIZE = 500
# The most rising trends always have a place in the pool (when there are more trends than it holds), so the home
# feed shows what is picking up now more often than chance would: about one video in ten.
RISING_IN_POOL = 50
POOL_SECONDS = 60  # then one request draws a new pool while the others keep drawing from the old one
POOL_NAME = "random-feed"
POOL_REFILL_SECONDS = 10  # one request refills an expired pool; the others walk the indexes meanwhile
KEPT_SECONDS = 1.0  # how long a worker samples the pool it holds before asking whether it is still current


@dataclass(frozen=True)
class Pool:
    videos: list[str]  # as JSON texts
    meta: str  # as kept in Redis beside the videos: which draw this is
    total: int  # trends with videos
    drawn_at: float  # time.time() when drawn, by any worker
    read_at: float  # time.monotonic() when this worker last found it current
    changes: int  # cache.changes_here() then


_kept: Pool | None = None


def random_feed(count: int) -> tuple[list[str], int]:
    """`count` (at most feeds.RANDOM_COUNT_CAP) videos as JSON texts, each of a different trend, and the number of
    trends with videos."""
    count = min(max(count, 1), feeds.RANDOM_COUNT_CAP)
    pool = _current_pool()
    if pool is not None:
        if time.time() - pool.drawn_at < POOL_SECONDS or not _claim_refill():
            return random.sample(pool.videos, min(count, len(pool.videos))), pool.total
        return _refill(count)  # this request draws the next pool; the others keep drawing from this one
    if not _claim_refill():  # no pool (the content changed) and another request is drawing it: walk the indexes
        videos, total = feeds.random_videos(count)
        return _as_texts(videos), total
    return _refill(count)


def _current_pool() -> Pool | None:
    """The pool this worker found current less than a second ago, unless it changed content since; else Redis's."""
    global _kept
    kept = _kept
    if kept and time.monotonic() - kept.read_at < KEPT_SECONDS and kept.changes == cache.changes_here():
        return kept
    read = cache.read_pool(POOL_NAME, kept.meta if kept else "") if cache.available() else None
    if read is None:
        _kept = None
    else:
        videos, meta = read
        if videos is None:  # the pool held is still the current one
            assert kept is not None  # read_pool leaves the videos out only for the meta it was given
            videos = kept.videos
        _kept = _keep(videos, meta)
    return _kept


def _keep(videos: list[str], meta: str) -> Pool:
    about = json.loads(meta)
    return Pool(videos, meta, int(about["total"]), about["drawnAt"], time.monotonic(), cache.changes_here())


def _claim_refill() -> bool:
    return cache.claim(f"{POOL_NAME}:refill", POOL_REFILL_SECONDS)


def _refill(count: int) -> tuple[list[str], int]:
    global _kept
    videos, total = feeds.random_videos(POOL_SIZE, cap=POOL_SIZE, rising=RISING_IN_POOL)
    pool, meta = _as_texts(videos), json.dumps({"total": total, "drawnAt": time.time()})
    cache.put_pool(POOL_NAME, pool, meta, POOL_SECONDS * 3)
    _kept = _keep(pool, meta) if pool else None
    return random.sample(pool, min(count, len(pool))), total


def _as_texts(videos) -> list[str]:
    return [VideoOut.of(card).model_dump_json(by_alias=True, exclude_unset=True) for card in video_cards(videos)]

"""`make bench`: the speed targets, measured on a 200,000-video catalog on SQLite with one client.

Targets (median, in-process, one client): every feed/list call and a server-rendered video page under 20 ms.
The catalog is built once into instance/bench/ and reused.
"""

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BENCH_DIR = ROOT / "instance" / "bench"
CATALOG_SIZE = int(os.environ.get("BENCH_CATALOG_SIZE", "200000"))
TARGET_MS = 20.0
RUNS = 60


def build_app():
    BENCH_DIR.mkdir(parents=True, exist_ok=True)
    os.environ["DATABASE_URL"] = f"sqlite:///{BENCH_DIR / f'catalog-{CATALOG_SIZE}.db'}"
    os.environ.setdefault("RATELIMIT_STORAGE_URI", "memory://")
    os.environ.setdefault("CACHE_ENABLED", "0")  # the cost of computing each answer; make loadtest shows it served
    sys.path.insert(0, str(ROOT))
    from app import create_app

    app = create_app()
    app.config["FEED_RATE_LIMIT"] = "1000000 per minute"
    return app


def ensure_catalog(app) -> None:
    from flask_migrate import upgrade
    from sqlalchemy import func, select

    from app.catalog import record_from_catalog_row
    from app.extensions import db
    from app.models import Video
    from app.services.ingest import ingest_records
    from tests.bench.catalog import synthetic_rows

    with app.app_context():
        upgrade()
        if db.session.scalar(select(func.count(Video.id))) >= CATALOG_SIZE:
            return
        started = time.perf_counter()
        records = (r for r in map(record_from_catalog_row, synthetic_rows(CATALOG_SIZE)) if r is not None)
        result = ingest_records(records, batch_size=2000)
        print(f"built a {result.created}-video catalog in {time.perf_counter() - started:.0f} s")


def sample_paths(app) -> dict[str, str]:
    from sqlalchemy import select

    from app.extensions import db
    from app.models import Hashtag, Trend, Video
    from app.services.videos import video_card

    with app.app_context():
        trend = db.session.scalar(select(Trend).order_by(Trend.video_count.desc()).limit(1))
        tag = db.session.scalar(select(Hashtag).order_by(Hashtag.video_count.desc()).limit(1))
        card = video_card(db.session.scalar(select(Video).where(Video.trend_id == trend.id).limit(1)))
    key = trend.song_key.replace("|", "%7C").replace(" ", "%20")
    return {
        "random-video count=5": "/api/tiktok/random-video?count=5",
        "random-video count=50": "/api/tiktok/random-video?count=50",
        "dance-trends (score)": "/api/tiktok/dance-trends?limit=20",
        "dance-trends (last video)": "/api/tiktok/dance-trends?limit=20&sortBy=lastVideoDate",
        "dance-trends search": "/api/tiktok/dance-trends?search=love&limit=20",
        "trend videos (views)": f"/api/tiktok/dance-trends/videos?songKey={key}&sortBy=mostViews",
        "trend videos (shuffle)": f"/api/tiktok/dance-trends/videos?songKey={key}&sortBy=shuffle&seed=5",
        "hashtags first 1000": "/api/tiktok/hashtags?page=1&limit=1000",
        "hashtags page of 50": "/api/tiktok/hashtags?page=3&limit=50&sortBy=recent",
        "hashtags 2025": "/api/tiktok/hashtags?page=1&limit=50&year=2025",
        f"videos of #{tag.name} (recent)": f"/api/tiktok/videos/hashtag/{tag.name}?sortBy=mostRecent",
        f"videos of #{tag.name} (likes)": f"/api/tiktok/videos/hashtag/{tag.name}?sortBy=mostLikes",
        f"videos of #{tag.name} (shuffle)": f"/api/tiktok/videos/hashtag/{tag.name}?sortBy=shuffle&seed=3",
        "videos by tags": f"/api/tiktok/videos?tags={tag.name}&sortOrder=popular",
        "find-by-id": f"/api/tiktok/videos/find-by-id/{card.video.video_id}",
        "usernames": "/api/tiktok/usernames?limit=100",
        "search (first kind with matches)": "/api/search?q=dance",
        "search videos (a common word)": "/api/search?q=fyp&type=videos",
        "search trends (accented)": "/api/search?q=Ho%C3%A0&type=trends",
        "search page (server-rendered)": "/search?q=dance&type=videos",
        "video page (server-rendered)": card.trend_path,
        "home page (server-rendered)": "/",
    }


def measure(client, path: str) -> float:
    for _ in range(5):
        client.get(path)
    timings = []
    for _ in range(RUNS):
        started = time.perf_counter()
        response = client.get(path)
        timings.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, (path, response.status_code)
    return statistics.median(timings)


def main() -> int:
    app = build_app()
    ensure_catalog(app)
    client = app.test_client()
    failures = 0
    print(f"{'call':48} {'median ms':>10}  target {TARGET_MS:.0f} ms")
    for name, path in sample_paths(app).items():
        median = measure(client, path)
        ok = median < TARGET_MS
        failures += not ok
        print(f"{name:48} {median:10.1f}  {'ok' if ok else 'SLOW'}")
    print(f"{failures} call(s) over target" if failures else "all calls within target")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

"""`make bench`, part two: confirming a 10,000-video profile into the 200,000-video catalog.

Target: under 10 s on SQLite, with the process's peak memory under 300 MB. Runs on a fresh copy of the catalog
built by tests.bench.run, so the benchmark catalog itself is left as it was.
"""

import json
import os
import resource
import shutil
import sqlite3
import sys
import time
import uuid

from tests.bench.catalog import synthetic_rows
from tests.bench.run import BENCH_DIR, CATALOG_SIZE, build_app, ensure_catalog

PROFILE_SIZE = 10_000
TARGET_SECONDS, TARGET_MB = 10.0, 300.0
HANDLE = "bench_dancer"


def info_dict(row: dict) -> dict:
    """A catalog row in the shape of a yt-dlp flat entry, as an extraction stores it."""
    return {
        "id": row["video_id"],
        "uploader": HANDLE,
        "channel": "Bench Dancer",
        "description": row.get("description"),
        "title": row.get("description"),
        "timestamp": int(row["video_id"]) >> 32,
        "duration": row.get("duration_s"),
        "view_count": row.get("play_count"),
        "like_count": row.get("digg_count"),
        "comment_count": row.get("comment_count"),
        "repost_count": row.get("share_count"),
        "track": row.get("music_title"),
        "artists": (row.get("music_author") or "").split("|") or None,
    }


def fresh_catalog_copy() -> str:
    """A copy of the benchmark catalog (its write-ahead log checkpointed first, so the copy is complete)."""
    ensure_catalog(build_app())
    source, copy = BENCH_DIR / f"catalog-{CATALOG_SIZE}.db", BENCH_DIR / "confirm.db"
    with sqlite3.connect(source) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    shutil.copyfile(source, copy)
    return f"sqlite:///{copy}"


def write_extraction(job_id: str) -> None:
    from app.services import profiles

    path = profiles.extraction_path(job_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as out:
        for row in synthetic_rows(PROFILE_SIZE, seed=11):
            out.write(json.dumps(info_dict(row)) + "\n")


def main() -> int:
    os.environ["DATABASE_URL"] = fresh_catalog_copy()
    from app import create_app
    from app.extensions import db
    from app.models import Job, JobKind
    from app.services import profiles

    with create_app().app_context():
        job = Job(
            id=str(uuid.uuid4()),
            kind=JobKind.PROFILE_EXTRACTION,
            queue="ingest",
            target=HANDLE,
            status="finished",
            params={"username": HANDLE},
            result={"username": HANDLE, "displayName": "Bench Dancer"},
        )
        db.session.add(job)
        db.session.commit()
        write_extraction(job.id)
        started = time.perf_counter()
        result = profiles.confirm_profile(job, HANDLE, None, None, None)
        seconds = time.perf_counter() - started
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    ok = seconds < TARGET_SECONDS and peak_mb < TARGET_MB
    print(
        f"confirm {result['videosAdded']} videos into {CATALOG_SIZE}: {seconds:.1f} s (target {TARGET_SECONDS:.0f} s), "
        f"peak memory {peak_mb:.0f} MB (target {TARGET_MB:.0f} MB) {'ok' if ok else 'OVER TARGET'}"
    )
    (BENCH_DIR / "confirm.db").unlink(missing_ok=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

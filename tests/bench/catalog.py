"""A large synthetic catalog for benchmarks, grown from the real catalog's rows.

Each real row is copied with a new id (same posting time), a creator drawn from a pool and, for most copies,
a variant of its song, so trends, hashtags and creators grow in proportion like a real catalog.
"""

import gzip
import json
import random
from collections.abc import Iterator
from pathlib import Path

SHARED_CATALOG = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "catalog.jsonl.gz"


def real_rows(path: Path = SHARED_CATALOG) -> list[dict]:
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def synthetic_rows(size: int, seed: int = 7) -> Iterator[dict]:
    """`size` catalog rows in the shared schema, with unique valid ids."""
    rng = random.Random(seed)
    base = real_rows()
    creators = [f"{row['author_unique_id'][:18]}_{n}" for n, row in enumerate(base)]  # within TikTok's 24 characters
    used: set[int] = set()
    for n in range(size):
        row = dict(base[n % len(base)])
        while True:
            video_id = (int(row["create_time"]) << 32) | rng.getrandbits(32)
            if video_id not in used:
                used.add(video_id)
                break
        copy = n // len(base)
        row["video_id"] = str(video_id)
        row["author_unique_id"] = rng.choice(creators)
        if row.get("music_title") and copy % 4:
            row["music_title"] = f"{row['music_title']} (mix {copy % 9})"
        row["play_count"] = int((row.get("play_count") or 0) * rng.uniform(0.2, 3))
        yield row

"""Reading catalog files (JSON Lines, optionally gzipped) in the shared data schema."""

import gzip
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from app.catalog import VideoRecord, record_from_catalog_row

DEMO_CATALOG = Path(__file__).resolve().parent.parent / "demo" / "catalog.jsonl.gz"


@dataclass
class ReadStats:
    rows: int = 0
    skipped: int = 0


def read_catalog(path: Path, stats: ReadStats) -> Iterator[VideoRecord]:
    """Records of a catalog file, one line at a time; invalid rows and bad JSON are counted and skipped."""
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as lines:
        for line in lines:
            if not line.strip():
                continue
            stats.rows += 1
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                stats.skipped += 1
                continue
            record = record_from_catalog_row(row) if isinstance(row, dict) else None
            if record is None:
                stats.skipped += 1
                continue
            yield record

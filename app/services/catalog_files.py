"""Reading catalog files (JSON Lines, optionally gzipped) in the shared data schema."""

import gzip
import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from app.catalog import VideoRecord
from app.catalog.records import InvalidRecord, parse_catalog_row

DEMO_CATALOG = Path(__file__).resolve().parent.parent / "demo" / "catalog.jsonl.gz"


@dataclass
class ReadStats:
    """Rows read, and the rows skipped counted by reason."""

    rows: int = 0
    reasons: Counter[str] = field(default_factory=Counter)

    @property
    def skipped(self) -> int:
        return self.reasons.total()


def _record(line: str) -> VideoRecord:
    try:
        row = json.loads(line)
    except ValueError as exc:  # bad JSON, or a number too long to read
        raise InvalidRecord("line", "not JSON") from exc
    if not isinstance(row, dict):
        raise InvalidRecord("line", "not a JSON object")
    return parse_catalog_row(row)


def read_catalog(path: Path, stats: ReadStats) -> Iterator[VideoRecord]:
    """Records of a catalog file, one line at a time; rows that break the rule are counted by reason and skipped."""
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as lines:
        for line in lines:
            if not line.strip():
                continue
            stats.rows += 1
            try:
                yield _record(line)
            except InvalidRecord as refused:
                stats.reasons[str(refused)] += 1

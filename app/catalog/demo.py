"""Pick the demo catalog: a dance-leaning, trend-rich subset of the full catalog, chosen deterministically.

Run as `python -m app.catalog.demo SOURCE.jsonl.gz DEST.jsonl.gz [SIZE]`.
"""

import gzip
import hashlib
import json
import sys
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .records import record_from_catalog_row
from .songs import original_sound_phrase
from .text import normalize

DEFAULT_DEMO_SIZE = 400
DANCE_WORDS = (
    "dance",
    "dancing",
    "dancer",
    "dancechallenge",
    "dancetrend",
    "tiktokdance",
    "choreo",
    "nhảy",
    "nhay",
    "nhaytiktok",
    "múa",
    "vũ đạo",
    "bacbling",
    "bắcbling",
    "bắc bling",
    "trend",
    "เต้น",
    "joget",
    "baile",
    "танец",
)
TRENDS_SHARE = 0.6
ORIGINALS_SHARE = 0.2
NO_MUSIC_ROWS = 8
MIN_TREND_SIZE = 3
MAX_VIDEOS_PER_TREND = 8


@dataclass(frozen=True)
class Candidate:
    """A usable catalog row with what the selection ranks it by."""

    row: dict[str, Any]
    position: int
    song_key: str | None
    is_original: bool
    phrase: str | None
    is_dance: bool
    views: int
    username: str

    @property
    def rank(self) -> tuple[bool, int, str]:
        """Dance videos first, then the most viewed, then a stable hash of the id."""
        tiebreak = hashlib.sha1(str(self.row["video_id"]).encode()).hexdigest()
        return (not self.is_dance, -self.views, tiebreak)


def mentions_dance(row: dict[str, Any]) -> bool:
    """True when the caption or tag list mentions dancing or a dance trend."""
    tags = row.get("hashtags") or []
    text = normalize(" ".join([row.get("description") or "", *(tag for tag in tags if isinstance(tag, str))]))
    return any(word in text for word in DANCE_WORDS)


def _candidates(rows: Iterable[dict[str, Any]]) -> list[Candidate]:
    candidates, seen = [], set()
    for position, row in enumerate(rows):
        record = record_from_catalog_row(row)
        if record is None or record.video_id in seen:
            continue
        seen.add(record.video_id)
        candidates.append(
            Candidate(
                row=row,
                position=position,
                song_key=record.song_key,
                is_original=record.is_original_sound,
                phrase=original_sound_phrase(record.track) if record.is_original_sound else None,
                is_dance=mentions_dance(row),
                views=record.view_count or 0,
                username=record.username.casefold(),
            )
        )
    return candidates


def _trend_groups(candidates: list[Candidate]) -> list[list[Candidate]]:
    groups: dict[str, list[Candidate]] = defaultdict(list)
    for candidate in candidates:
        if candidate.song_key and not candidate.is_original:
            groups[candidate.song_key].append(candidate)
    populated = [sorted(group, key=lambda c: c.rank) for group in groups.values() if len(group) >= MIN_TREND_SIZE]
    return sorted(populated, key=_group_rank)


def _group_rank(group: list[Candidate]) -> tuple[int, int, int, str]:
    dance_videos = sum(candidate.is_dance for candidate in group)
    creators = len({candidate.username for candidate in group})
    return (-dance_videos, -creators, -len(group), group[0].song_key or "")


def _trend_rows(candidates: list[Candidate], budget: int) -> list[Candidate]:
    picked: list[Candidate] = []
    for group in _trend_groups(candidates):
        room = budget - len(picked)
        if room < MIN_TREND_SIZE:
            break
        picked.extend(group[: min(MAX_VIDEOS_PER_TREND, room)])
    return picked


def _round_robin_originals(candidates: list[Candidate]) -> Iterator[Candidate]:
    # Alternate between the languages of "original sound" so every phrase shows up.
    by_phrase: dict[str, list[Candidate]] = defaultdict(list)
    for candidate in sorted(candidates, key=lambda c: c.rank):
        if candidate.is_original:
            by_phrase[candidate.phrase or ""].append(candidate)
    queues = [by_phrase[phrase] for phrase in sorted(by_phrase)]
    for turn in range(max((len(queue) for queue in queues), default=0)):
        yield from (queue[turn] for queue in queues if turn < len(queue))


def _take(chosen: dict[str, Candidate], offered: Iterable[Candidate], count: int) -> None:
    added = 0
    for candidate in offered:
        if added >= count:
            return
        video_id = candidate.row["video_id"]
        if video_id not in chosen:
            chosen[video_id] = candidate
            added += 1


def select_demo_rows(rows: Iterable[dict[str, Any]], size: int = DEFAULT_DEMO_SIZE) -> list[dict[str, Any]]:
    """Populated song trends, original sounds in many languages, a few videos without music, then dance videos."""
    candidates = _candidates(rows)
    by_rank = sorted(candidates, key=lambda c: c.rank)
    chosen: dict[str, Candidate] = {}
    _take(chosen, _trend_rows(candidates, int(size * TRENDS_SHARE)), size)
    _take(chosen, _round_robin_originals(candidates), min(int(size * ORIGINALS_SHARE), size - len(chosen)))
    _take(chosen, (c for c in by_rank if c.song_key is None), min(NO_MUSIC_ROWS, size - len(chosen)))
    _take(chosen, by_rank, size - len(chosen))
    return [candidate.row for candidate in sorted(chosen.values(), key=lambda c: c.position)]


def read_catalog(path: Path) -> Iterator[dict[str, Any]]:
    """Rows of a JSON-lines catalog, gzipped or not."""
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as lines:
        yield from (json.loads(line) for line in lines if line.strip())


def write_catalog(rows: Iterable[dict[str, Any]], path: Path) -> int:
    """Write rows as gzipped JSON lines with a fixed timestamp, so reruns give identical bytes."""
    count = 0
    with path.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", filename="", mtime=0) as packed:
        for row in rows:
            packed.write((json.dumps(row, ensure_ascii=False) + "\n").encode("utf-8"))
            count += 1
    return count


def main(arguments: list[str]) -> int:
    """Command line: SOURCE DEST [SIZE]."""
    if len(arguments) not in (2, 3):
        print("usage: python -m app.catalog.demo SOURCE.jsonl.gz DEST.jsonl.gz [SIZE]", file=sys.stderr)
        return 2
    size = int(arguments[2]) if len(arguments) == 3 else DEFAULT_DEMO_SIZE
    written = write_catalog(select_demo_rows(read_catalog(Path(arguments[0])), size), Path(arguments[1]))
    print(f"wrote {written} rows to {arguments[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

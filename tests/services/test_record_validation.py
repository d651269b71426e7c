"""Every entry point that creates videos holds them to one rule: a catalog file's rows and yt-dlp's entries alike
are refused, with a reason, when a field does not fit, and nothing else ever reaches the database."""

import json
import re
import string
from pathlib import Path

from sqlalchemy import BigInteger, Integer, select

from app.catalog import records
from app.catalog.hashtags import MAX_HASHTAG_LENGTH
from app.extensions import db
from app.models import Creator, Hashtag, Trend, Video
from app.services.catalog_files import ReadStats, read_catalog
from app.services.ingest import ingest_records
from app.tiktok.mapping import record_from_info

FIXTURE = Path(__file__).parents[1] / "fixtures" / "catalog_small.jsonl"
BASE_ROW = json.loads(FIXTURE.read_text(encoding="utf-8").splitlines()[0])
BASE_ENTRY = {
    "id": BASE_ROW["video_id"],
    "uploader": BASE_ROW["author_unique_id"],
    "uploader_id": "6825540583826768902",
    "channel": "Someone",
    "title": "A caption",
    "description": "A caption #dance",
    "timestamp": 1608214517,
    "duration": 15,
    "width": 576,
    "height": 1024,
    "view_count": 44800,
    "like_count": 3710,
    "comment_count": 68,
    "repost_count": 50,
    "save_count": 3,
    "track": "Element",
    "artists": ["Pop Smoke"],
}
HOSTILE_VALUES = [
    True,
    -1,
    1e308,
    float("nan"),
    float("inf"),
    10**30,
    "9" * 5000,
    "x" * 20_000,
    "a\x00b",
    "\ud800",
    [],
    {},
    ["ok", 1],
    [{"a": 1}],
    '"><svg onload=alert(1)>',
    "../../api/auth/me",
]


def _fields_and_values(base: dict) -> list[tuple[str, object]]:
    return [(field, value) for field in base for value in HOSTILE_VALUES]


def _check_stored_videos() -> None:
    """What reached the database is what the rule allows."""
    for video in db.session.scalars(select(Video)):
        assert video.video_id.isdigit() and len(video.video_id) <= 20
        assert "\x00" not in (video.description or "")
        assert 0 <= video.view_count < 2**63
    punctuation = set(string.punctuation + string.whitespace) - {"_"}
    for name in db.session.scalars(select(Hashtag.name)):
        assert name and not punctuation & set(name) and "\x00" not in name
    for handle in db.session.scalars(select(Creator.username)):
        assert re.fullmatch(r"[A-Za-z0-9_.]{2,24}", handle)


def test_every_hostile_value_in_every_catalog_field_is_stored_safely_or_counted(tmp_path):
    rows = [
        {**BASE_ROW, "video_id": f"74811547419{n:08d}", field: value}
        for n, (field, value) in enumerate(_fields_and_values(BASE_ROW))
        if field != "video_id"
    ]
    catalog = tmp_path / "hostile.jsonl"
    catalog.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    stats = ReadStats()
    result = ingest_records(read_catalog(catalog, stats))
    assert stats.rows == len(rows)
    assert result.created + stats.skipped == len(rows)
    assert stats.skipped >= 100 and sum(stats.reasons.values()) == stats.skipped
    _check_stored_videos()


def test_every_hostile_value_in_every_yt_dlp_field_gives_a_safe_record_or_none():
    entries = [
        {**BASE_ENTRY, "id": f"74811547419{n:08d}", field: value}
        for n, (field, value) in enumerate(_fields_and_values(BASE_ENTRY))
        if field != "id"
    ]
    records = [record for record in map(record_from_info, entries) if record is not None]
    assert 0 < len(records) < len(entries) - 100
    ingest_records(records)
    _check_stored_videos()


def test_the_rules_limits_are_those_of_the_columns_records_are_stored_in():
    stored_in = {
        "display_name": Creator.__table__.c.display_name,
        "author_id": Creator.__table__.c.tiktok_user_id,
        "title": Video.__table__.c.title,
        "track": Trend.__table__.c.track,
        "artist": Trend.__table__.c.artist,
        "song_key": Trend.__table__.c.song_key,
        "music_id": Video.__table__.c.music_id,
        "source": Video.__table__.c.source,
    }
    for field, column in stored_in.items():
        assert records.TEXT_LIMITS[field] == column.type.length, field
    assert Video.__table__.c.track.type.length == Video.__table__.c.artist.type.length == records.TEXT_LIMITS["track"]
    assert Hashtag.__table__.c.name.type.length == MAX_HASHTAG_LENGTH
    assert all(isinstance(Video.__table__.c[name].type, BigInteger) for name in records.COUNT_FIELDS)
    assert all(type(Video.__table__.c[name].type) is Integer for name in records.SIZE_FIELDS)

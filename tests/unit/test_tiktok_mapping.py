"""yt-dlp info dicts → VideoRecord, on the real field shapes of yt-dlp's own TikTok test cases."""

import json
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from app.catalog import extract_hashtags, is_original_sound, record_from_catalog_row
from app.tiktok.mapping import record_from_info

FIXTURES = Path(__file__).parents[1] / "fixtures"
CASES = json.loads((FIXTURES / "ytdlp_tiktok_cases.json").read_text(encoding="utf-8"))["cases"]
PLACEHOLDER_PREFIXES = ("md5:", "re:", "<type:", "count:", "mincount:")


def _real(value: object) -> bool:
    """False for yt-dlp's test conventions standing in for a value ('md5:…', '<type:int>', …)."""
    if isinstance(value, str):
        return not value.startswith(PLACEHOLDER_PREFIXES)
    if isinstance(value, list):
        return all(_real(item) for item in value)
    return True


def _info(case: dict) -> dict:
    return {key: value for key, value in case["info_dict"].items() if _real(value)}


@pytest.mark.parametrize("case", CASES, ids=[c["info_dict"]["id"] for c in CASES])
def test_every_real_case_maps_its_fields(case):
    info = _info(case)
    record = record_from_info(info)
    assert record.video_id == info["id"]
    assert record.username == info["uploader"]
    assert record.display_name == (info.get("channel") or info.get("creator"))
    assert record.author_id == info["uploader_id"]
    assert record.duration == info["duration"]
    assert record.video_url == f"https://www.tiktok.com/@{info['uploader']}/video/{info['id']}"
    assert record.source == "yt-dlp"
    # The id's top 32 bits are the posting time: seconds before yt-dlp's timestamp, never after.
    assert 0 <= info["timestamp"] - record.posted_at.timestamp() < 15
    assert record.view_count is None and record.share_count is None  # '<type:int>' in the cases: no value


def test_a_full_result_with_artists_maps_to_the_catalog_song_fields():
    record = record_from_info(_info(next(c for c in CASES if c["info_dict"]["id"] == "6742501081818877190")))
    assert record.track == "Big Fun"
    assert record.artist == "Evan Todd, Jessica Keenan Wynn, Alice Lee, Barrett Wilbert Weed, Jon Eidson"
    assert record.song_key == "big fun|alice lee, barrett wilbert weed, evan todd, jessica keenan wynn, jon eidson"
    assert record.title == "Tag 1 Friend reverse this Video and look what happens 🤩😱 @skyandtami ..."
    assert record.posted_at == datetime(2019, 9, 30, 16, 27, 46, tzinfo=UTC)


def test_an_older_result_with_artist_and_creator_fields():
    record = record_from_info(_info(next(c for c in CASES if c["info_dict"]["id"] == "6748451240264420610")))
    assert (record.track, record.artist, record.display_name) == ("Lehanga", "Ysrbeats", "facestoriesbyleenabh")
    assert record.hashtags == ("jassmanak", "lehanga", "leenabhushan")
    assert (record.width, record.height) == (576, 1024)


def test_an_original_sound_is_one_trend_per_artist():
    record = record_from_info(_info(next(c for c in CASES if c["info_dict"]["id"] == "7059698374567611694")))
    assert (record.track, record.artist, record.is_original_sound) == ("original sound", "Pokemon", True)
    assert record.song_key == "original sound|pokemon"


def test_a_blank_caption_never_stores_yt_dlps_placeholder_title():
    info = _info(next(c for c in CASES if c["info_dict"]["id"] == "7139980461132074283"))
    assert info["title"] == "TikTok video #7139980461132074283"
    record = record_from_info(info)
    assert (record.title, record.description, record.hashtags) == (None, "", ())


def test_hashtags_come_from_the_caption_and_titles_are_cut_like_yt_dlp():
    record = record_from_info(_info(next(c for c in CASES if c["info_dict"]["id"] == "7253412088251534594")))
    assert record.title == "я ред флаг простите #переписка #щитпост #тревожныйтиппривязанности #р..."
    assert record.hashtags == ("переписка", "щитпост", "тревожныйтиппривязанности", "рекомендации")
    assert record_from_info(_info(CASES[5])).hashtags == ("denidil", "денидил")


def test_counts_and_thumbnails_of_a_flat_entry():
    entry = {
        **_info(CASES[1]),
        "view_count": 1200,
        "like_count": 300,
        "comment_count": 12,
        "repost_count": 4,
        "save_count": 9,
        "thumbnails": [{"id": "cover", "url": "https://p16-sign.tiktokcdn-us.com/x.jpeg?x-expires=1700000000"}],
    }
    record = record_from_info(entry)
    counts = (record.view_count, record.like_count, record.comment_count, record.share_count, record.save_count)
    assert counts == (1200, 300, 12, 4, 9)
    assert "tiktokcdn" not in repr(record)


@pytest.mark.parametrize(
    "video_id", [None, "", "0", "12345", "abc123456789", 7.5, "７４８１１５４７４１９２６４９７５４３"]
)
def test_invalid_ids_give_no_record(video_id):
    assert record_from_info({**_info(CASES[1]), "id": video_id}) is None


@pytest.mark.parametrize("uploader", [None, "", "  ", "@"])
def test_a_missing_handle_gives_no_record(uploader):
    assert record_from_info({**_info(CASES[1]), "uploader": uploader}) is None


def _flat_entry(row: dict) -> dict:
    """The flat entry yt-dlp's profile listing gives for the video a catalog row describes."""
    entry = {
        "id": row["video_id"],
        "description": row.get("description"),
        "timestamp": row.get("create_time"),
        "duration": row.get("duration_s"),
        "width": row.get("width"),
        "height": row.get("height"),
        "view_count": row.get("play_count"),
        "like_count": row.get("digg_count"),
        "comment_count": row.get("comment_count"),
        "repost_count": row.get("share_count"),
        "save_count": row.get("save_count"),
        "uploader": row.get("author_unique_id"),
        "uploader_id": row.get("author_id"),
        "channel": row.get("author_nickname"),
        "track": row.get("music_title"),
        "artists": (row.get("music_author") or "").split("|") or None,
    }
    return {key: value for key, value in entry.items() if value is not None}


def test_the_same_video_gives_the_same_record_from_yt_dlp_and_from_the_catalog():
    rows = [json.loads(line) for line in (FIXTURES / "catalog_small.jsonl").read_text(encoding="utf-8").splitlines()]
    compared = 0
    for row in rows:
        catalog_record = record_from_catalog_row(row)
        if catalog_record is None or (row.get("music_original") and not is_original_sound(row.get("music_title"))):
            continue  # the catalog's own 'original' flag; yt-dlp has only the sound's title to tell
        expected = replace(
            catalog_record,
            source="yt-dlp",
            music_id=None,  # flat entries carry no music id
            hashtags=tuple(extract_hashtags(row.get("description"))),  # nor a tag list besides the caption
        )
        assert record_from_info(_flat_entry(row)) == expected, row["video_id"]
        compared += 1
    assert compared >= 35

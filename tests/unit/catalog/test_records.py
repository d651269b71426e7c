from collections import defaultdict
from datetime import UTC, datetime

import pytest

from app.catalog import VideoRecord, record_from_catalog_row, title_from_caption
from app.catalog.records import InvalidRecord, number_field, parse_catalog_row, size_field


def test_a_song_row_maps_to_a_full_record(rows_by_id: dict[str, dict]) -> None:
    assert record_from_catalog_row(rows_by_id["7481154741926497543"]) == VideoRecord(
        video_id="7481154741926497543",
        username="chuechuche",
        display_name=None,
        author_id=None,
        description="Trả lời",
        title="Trả lời",
        hashtags=("xh", "fyp", "chuechuche"),
        track="Bắc Bling (Bắc Ninh) (Prod. by Masew)",
        artist="Xuân Hinh, Hoà Minzy, Tuấn Cry",
        is_original_sound=False,
        song_key="bắc bling (bắc ninh) (prod. by masew)|hoà minzy, tuấn cry, xuân hinh",
        music_id=None,
        posted_at=datetime(2025, 3, 13, 5, 1, 13, tzinfo=UTC),
        duration=15,
        width=None,
        height=None,
        view_count=866_300,
        like_count=rows_by_id["7481154741926497543"]["digg_count"],
        comment_count=rows_by_id["7481154741926497543"]["comment_count"],
        share_count=rows_by_id["7481154741926497543"]["share_count"],
        save_count=747,
        video_url="https://www.tiktok.com/@chuechuche/video/7481154741926497543",
        source="vn_tiktok_viral_2025_raw",
    )


def test_a_2020_row_keeps_author_music_id_and_size(rows_by_id: dict[str, dict]) -> None:
    record = record_from_catalog_row(rows_by_id["6898107264805244162"])
    row = rows_by_id["6898107264805244162"]
    assert (record.username, record.display_name, record.author_id) == (
        "zoyerss",
        row["author_nickname"].strip(),
        row["author_id"],
    )
    assert (record.music_id, record.width, record.height) == (row["music_id"], row["width"], row["height"])
    assert record.save_count is None
    assert record.hashtags[:3] == ("billieeilish", "transition", "makeuplook")


def test_the_three_hand_made_rows_with_invalid_ids_are_refused(catalog_rows: list[dict]) -> None:
    invalid = catalog_rows[-3:]
    assert [row.get("video_id") for row in invalid] == ["0", "12345", None]
    assert [record_from_catalog_row(row) for row in invalid] == [None, None, None]
    assert sum(record_from_catalog_row(row) is not None for row in catalog_rows) == 42


@pytest.mark.parametrize("handle", [None, "", "   ", "@", 42])
def test_a_row_without_a_handle_is_refused(rows_by_id: dict[str, dict], handle: object) -> None:
    assert record_from_catalog_row({**rows_by_id["6898107264805244162"], "author_unique_id": handle}) is None


def test_the_handle_loses_its_at_sign_and_whitespace_but_keeps_its_case(rows_by_id: dict[str, dict]) -> None:
    record = record_from_catalog_row({**rows_by_id["6898107264805244162"], "author_unique_id": " @Zoyerss "})
    assert record.username == "Zoyerss"
    assert record.video_url == "https://www.tiktok.com/@Zoyerss/video/6898107264805244162"


def test_original_sounds_in_many_languages_from_the_fixture(rows_by_id: dict[str, dict]) -> None:
    expected = {
        "6906818204966915330": ("original sound - 🌸Ri Za🌸", "original sound|🌸ri za🌸"),
        "6895846066961337601": ("nhạc nền - ⚡Acacia⚡", "original sound|⚡acacia⚡"),
        "6982106906949176603": ("เสียงต้นฉบับ - Jarinya", "original sound|jarinya"),
        "7508689276607925550": ("原聲 - 零6⃣️", "original sound|零6⃣️"),
        "7505508499598707974": ("suara asli - 小悟空", "original sound|小悟空"),
        "6896541657471241474": ("оригинальный звук", "original sound|krotik"),
        "6906058362128010498": ("الصوت الأصلي", "original sound|mosab"),
        "6882043160806116609": ("som original", "original sound|anime edits"),
    }
    for video_id, (track, key) in expected.items():
        record = record_from_catalog_row(rows_by_id[video_id])
        assert (record.track, record.song_key, record.is_original_sound) == (track, key, True)


def test_a_title_detected_original_sound_overrides_an_unset_flag(rows_by_id: dict[str, dict]) -> None:
    row = rows_by_id["7508689276607925550"]
    assert row["music_original"] is False
    assert record_from_catalog_row(row).artist == "零6⃣️"


def test_an_original_sound_without_author_takes_the_artist_from_its_title(rows_by_id: dict[str, dict]) -> None:
    record = record_from_catalog_row(rows_by_id["7503146018184154376"])
    assert (record.track, record.artist, record.song_key) == (
        "nhạc nền - Nicotine 🫀💕",
        "Nicotine 🫀💕",
        "original sound|nicotine 🫀💕",
    )


def test_rows_without_music_have_no_song(rows_by_id: dict[str, dict]) -> None:
    for video_id in ("7498659870552509703", "7484960523855891730", "7486868330511486214"):
        record = record_from_catalog_row(rows_by_id[video_id])
        assert (record.track, record.artist, record.is_original_sound, record.song_key) == (None, None, False, None)


def test_stylised_and_non_latin_captions_give_normalised_hashtags(rows_by_id: dict[str, dict]) -> None:
    assert record_from_catalog_row(rows_by_id["6994058496945802523"]).hashtags == ("แหวนหางช้าง",)
    assert record_from_catalog_row(rows_by_id["6905635666588192002"]).hashtags == ("tiktok教室", "tutorial")
    assert record_from_catalog_row(rows_by_id["6903527132979318018"]).hashtags[:3] == ("جيش_بكري", "اكسبلورر", "هولندا")
    assert "порадуймаму" in record_from_catalog_row(rows_by_id["6901681280128208130"]).hashtags


def test_multi_artist_music_is_displayed_with_commas(rows_by_id: dict[str, dict]) -> None:
    record = record_from_catalog_row(rows_by_id["7508273448787905808"])
    assert record.artist == "Shenseea, MOLIY, skillibeng, Silent Addy"


def test_song_rows_group_into_one_trend_across_artist_orders(catalog_rows: list[dict]) -> None:
    creators_by_key: dict[str, set[str]] = defaultdict(set)
    for record in filter(None, map(record_from_catalog_row, catalog_rows)):
        if record.song_key and not record.is_original_sound:
            creators_by_key[record.song_key].add(record.username)
    assert creators_by_key["bắc bling (bắc ninh) (prod. by masew)|hoà minzy, tuấn cry, xuân hinh"] == {
        "chuechuche",
        "powerkimcuongusa",
        "dudufamily.3003",
        "duyen19877",
    }
    assert len(creators_by_key["therefore i am|billie eilish"]) == 3


def test_title_from_caption_cuts_like_ytdlp() -> None:
    caption = "я ред флаг простите #переписка #щитпост #тревожныйтиппривязанности #рекомендации "
    assert title_from_caption(caption) == "я ред флаг простите #переписка #щитпост #тревожныйтиппривязанности #р..."
    assert len(title_from_caption(caption)) == 72
    assert title_from_caption("x" * 72) == "x" * 72
    assert title_from_caption("   ") is None
    assert title_from_caption(None) is None


def test_long_and_blank_captions_in_the_fixture(rows_by_id: dict[str, dict]) -> None:
    long_caption = record_from_catalog_row(rows_by_id["7501151007959764231"])
    assert long_caption.title == rows_by_id["7501151007959764231"]["description"][:69] + "..."
    blank = record_from_catalog_row(rows_by_id["6902819837345533186"])
    assert (blank.description, blank.title) == ("", None)


@pytest.mark.parametrize(
    ("value", "expected"),
    [(0, 0), (866300, 866300), (12.0, 12), ("747", 747), (" 42 ", 42), (-1, -1), (None, None), ("", None)],
)
def test_number_field_reads_numbers_and_digit_strings(value: object, expected: int | None) -> None:
    assert number_field(value, "view_count") == expected


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("-1", "not a number"),
        ("n/a", "not a number"),
        (True, "not a number"),
        (float("nan"), "not a number"),
        (float("inf"), "not a number"),
        ("１２", "not a number"),
        ([], "not a number"),
        ("9" * 5000, "out of range"),
    ],
)
def test_number_field_refuses_what_is_not_a_number(value: object, problem: str) -> None:
    with pytest.raises(InvalidRecord, match=f"^view_count: {problem}$"):
        number_field(value, "view_count")


def test_size_field_treats_zero_as_missing() -> None:
    assert (size_field(0, "duration"), size_field(15, "duration"), size_field(None, "duration")) == (None, 15, None)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"video_id": "7" * 29}, "video_id: not a TikTok video id"),
        ({"video_id": 7.4e18}, "video_id: not a TikTok video id"),
        ({"video_id": " "}, "video_id: missing"),
        ({"author_unique_id": '"><svg onload=alert(1)>'}, "username: not a TikTok handle"),
        ({"author_unique_id": "../../api/auth/me"}, "username: not a TikTok handle"),
        ({"author_unique_id": "a" * 25}, "username: not a TikTok handle"),
        ({"author_unique_id": "ends.with.dot."}, "username: not a TikTok handle"),
        ({"author_unique_id": ["zoyerss"]}, "username: not a TikTok handle"),
        ({"hashtags": ["../../api/auth/me"]}, "hashtags: not a hashtag"),
        ({"hashtags": ['"><svg/onload=alert(1)>']}, "hashtags: not a hashtag"),
        ({"hashtags": ["two words"]}, "hashtags: not a hashtag"),
        ({"hashtags": ["rtl\u202eoverride"]}, "hashtags: not a hashtag"),
        ({"hashtags": "dance"}, "hashtags: not a list of hashtags"),
        ({"hashtags": [1]}, "hashtags: not a list of hashtags"),
        ({"description": " ".join(f"#t{n}" for n in range(101))}, "hashtags: more than 100"),
        ({"play_count": 1e308}, "view_count: out of range"),
        ({"play_count": 2**63}, "view_count: out of range"),
        ({"digg_count": -5}, "like_count: out of range"),
        ({"share_count": "n/a"}, "share_count: not a number"),
        ({"duration_s": 2**31}, "duration: out of range"),
        ({"width": -1}, "width: out of range"),
        ({"description": "NUL\x00"}, "description: holds a NUL character"),
        ({"description": "lone \ud800 surrogate"}, "description: not valid text"),
        ({"description": "d" * 5001}, "description: longer than 5000 characters"),
        ({"description": 42}, "description: not text"),
        ({"author_nickname": "n" * 201}, "display_name: longer than 200 characters"),
        ({"author_nickname": {"a": 1}}, "display_name: not text"),
        ({"music_title": "t" * 301}, "track: longer than 300 characters"),
        ({"music_author": 5}, "artist: not text"),
        ({"music_original": "yes"}, "is_original_sound: not true or false"),
        ({"music_id": "1" * 65}, "music_id: longer than 64 characters"),
        ({"source": "s\x00"}, "source: holds a NUL character"),
    ],
)
def test_a_field_that_does_not_fit_refuses_the_row_with_its_reason(
    rows_by_id: dict[str, dict], change: dict, reason: str
) -> None:
    with pytest.raises(InvalidRecord) as refused:
        parse_catalog_row({**rows_by_id["6898107264805244162"], **change})
    assert str(refused.value) == reason
    assert record_from_catalog_row({**rows_by_id["6898107264805244162"], **change}) is None


def test_emoji_hashtags_of_the_real_data_set_are_kept(rows_by_id: dict[str, dict]) -> None:
    row = {**rows_by_id["6898107264805244162"], "hashtags": ["السعودية🇸🇦", "🏳️\u200d🌈", "beautiful😍", "#fyp"]}
    assert parse_catalog_row(row).hashtags[-4:] == ("السعودية🇸🇦", "🏳️\u200d🌈", "beautiful😍", "fyp")

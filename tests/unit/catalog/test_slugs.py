import hashlib

import pytest

from app.catalog import short_hash, slugify, song_key, trend_slug, video_id_from_slug, video_slug


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Bắc Bling (Bắc Ninh) (Prod. by Masew)", "bac-bling-bac-ninh-prod-by-masew"),
        ("Xuân Hinh, Hoà Minzy, Tuấn Cry", "xuan-hinh-hoa-minzy-tuan-cry"),
        ("Đà Lạt mộng mơ", "da-lat-mong-mo"),
        ("nhạc nền - 𝐇𝐨à𝐧𝐠 Ú𝐭 𝐌𝐮𝐬𝐢𝐜 ✈", "nhac-nen-hoang-ut-music"),
        ("SỰ NGHIỆP CHƯỚNG", "su-nghiep-chuong"),
        ("เสียงต้นฉบับ - SinBad", "sinbad"),
        ("เลิกกั๊กแล้วรักก่อน (RED FLAG)", "red-flag"),
        ("เสียงต้นฉบับ", ""),
        ("原聲 - 白白🤡", ""),
        ("Therefore I Am", "therefore-i-am"),
        ("  --Hello---World--  ", "hello-world"),
        ("Don’t Start Now", "dont-start-now"),
        ("Straße & Łódź", "strasse-lodz"),
        ("", ""),
        (None, ""),
    ],
)
def test_slugify(text: str | None, expected: str) -> None:
    assert slugify(text) == expected


def test_slugify_caps_at_fifty_characters_without_a_trailing_hyphen() -> None:
    text = "VÒNG TAY NẮNG (Original Soundtrack From Lật Mặt 8: Vòng Tay Nắng) feat. ChuChu"
    assert slugify(text) == "vong-tay-nang-original-soundtrack-from-lat-mat-8-v"
    assert slugify("a" * 49 + " b") == "a" * 49
    assert len(slugify("word " * 30)) <= 50


def test_slugify_honours_a_custom_limit() -> None:
    assert slugify("Therefore I Am", limit=9) == "therefore"


def test_short_hash_is_the_first_eight_hex_digits_of_sha1() -> None:
    key = "original sound|ตี๋โบ๊เบ๊"
    assert short_hash(key) == hashlib.sha1(key.encode("utf-8")).hexdigest()[:8]
    assert len(short_hash(key)) == 8


def test_trend_slug_joins_track_and_artist_with_an_underscore() -> None:
    key = song_key("Bắc Bling (Bắc Ninh) (Prod. by Masew)", "Xuân Hinh|Hoà Minzy|Tuấn Cry", original=False)
    assert (
        trend_slug("Bắc Bling (Bắc Ninh) (Prod. by Masew)", "Xuân Hinh, Hoà Minzy, Tuấn Cry", key)
        == "bac-bling-bac-ninh-prod-by-masew_xuan-hinh-hoa-minzy-tuan-cry"
    )


def test_trend_slug_uses_the_song_key_hash_for_an_empty_part() -> None:
    key = "original sound|ตี๋โบ๊เบ๊"
    fallback = short_hash(key)
    assert trend_slug("เสียงต้นฉบับ - ตี๋โบ๊เบ๊", "ตี๋โบ๊เบ๊", key) == f"{fallback}_{fallback}"
    assert (
        trend_slug("nhạc nền - 阮妝", "阮妝", "original sound|阮妝") == f"nhac-nen_{short_hash('original sound|阮妝')}"
    )
    assert trend_slug("QKThr", None, "qkthr|") == f"qkthr_{short_hash('qkthr|')}"


def test_video_slug_is_username_dash_video_id() -> None:
    assert video_slug("hoaminzy_hoadambut", "7476821366457568520") == "hoaminzy_hoadambut-7476821366457568520"
    assert video_slug("@dudufamily.3003", 7483830436670622984) == "dudufamily.3003-7483830436670622984"


def test_video_slug_truncates_the_username_to_fifty_characters() -> None:
    assert video_slug("u" * 60, "7476821366457568520") == "u" * 50 + "-7476821366457568520"


@pytest.mark.parametrize(
    ("slug", "expected"),
    [
        ("hoaminzy_hoadambut-7476821366457568520", "7476821366457568520"),
        ("dudufamily.3003-7483830436670622984", "7483830436670622984"),
        ("some-user-name-with-dashes-6898107264805244162", "6898107264805244162"),
        ("anything-at-all-6898107264805244162", "6898107264805244162"),
        ("6898107264805244162", "6898107264805244162"),
        ("user-12345", None),
        ("user-0", None),
        ("user-", None),
        ("user-abc", None),
        ("user-6898107264805244162x", None),
        ("", None),
        (None, None),
    ],
)
def test_video_id_from_slug_takes_the_trailing_id(slug: str | None, expected: str | None) -> None:
    assert video_id_from_slug(slug) == expected

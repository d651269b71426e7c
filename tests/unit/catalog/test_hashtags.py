import pytest

from app.catalog import display_hashtag, extract_hashtags, normalize_hashtag


@pytest.mark.parametrize(
    ("caption", "expected"),
    [
        ("Wait for the LOOP👀 #billieeilish #Transition #transition", ["billieeilish", "transition"]),
        ("#foryou#pizzametananas#noticeme", ["foryou", "pizzametananas", "noticeme"]),
        ("#tag. #next, #last!", ["tag", "next", "last"]),
        ("##แหวนหางช้าง", ["แหวนหางช้าง"]),
        ("เปิดเสียงดังๆ😹🍭#fieefire #fypシ #ฟีฟาย", ["fieefire", "fypシ", "ฟีฟาย"]),
        ("😍😍😍#جيش_بكري #السعودية🇸🇦 #سوريا🇸🇾", ["جيش_بكري", "السعودية", "سوريا"]),
        ("#jhope #ПорадуйМаму #검둥개 #방탄소년단", ["jhope", "порадуймаму", "검둥개", "방탄소년단"]),
        ("小技です👟✨#tiktok教室#tutorial", ["tiktok教室", "tutorial"]),
        ("Em ơi #01ngoaile #đomđóm", ["01ngoaile", "đomđóm"]),
        ("#Nha\u0309y #nhảy", ["nhảy"]),
        ("𝓼𝓱𝓮 ✨ #𝐝𝐚𝐧𝐜𝐞 #dance", ["dance"]),
        ("＃ＤＡＮＣＥ", ["dance"]),
        ("#bts_official_bighit #р_е_к", ["bts_official_bighit", "р_е_к"]),
        ("email me at a@b.c # not a tag #", []),
        ("", []),
        (None, []),
    ],
)
def test_extract_hashtags_from_captions(caption: str | None, expected: list[str]) -> None:
    assert extract_hashtags(caption) == expected


def test_extra_tags_are_normalised_and_follow_caption_tags_without_duplicates() -> None:
    assert extract_hashtags("#Dance #fyp", ["FYP", "#BacBling", "  xh ", "", "#", "dance"]) == [
        "dance",
        "fyp",
        "bacbling",
        "xh",
    ]


def test_tags_longer_than_100_characters_are_dropped() -> None:
    assert extract_hashtags("#" + "a" * 100 + " #" + "b" * 101) == ["a" * 100]
    assert extract_hashtags("", ["c" * 101, "d"]) == ["d"]


def test_normalize_hashtag_applies_nfkc_and_lowercase() -> None:
    assert normalize_hashtag(" #ＢắｃＢｌｉｎｇ ") == "bắcbling"


def test_display_hashtag_adds_the_hash() -> None:
    assert display_hashtag("bacbling") == "#bacbling"

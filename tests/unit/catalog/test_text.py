import pytest

from app.catalog import fold, normalize, search_words, strip_accents, transliterate
from app.catalog.text import MAX_WORD_LENGTH


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("  Bắc   Bling\u2002(Bắc Ninh)\n", "bắc bling (bắc ninh)"),
        ("𝐇𝐨à𝐧𝐠 Ú𝐭 𝐌𝐮𝐬𝐢𝐜", "hoàng út music"),
        ("ＦＵＬＬ　ＷＩＤＴＨ", "full width"),
        ("Straße", "strasse"),
        ("Оригинальный Звук", "оригинальный звук"),
        ("nha\u0323c ne\u0302\u0300n", "nhạc nền"),
        ("", ""),
        (None, ""),
    ],
)
def test_normalize_applies_nfkc_casefold_and_collapses_whitespace(raw: str | None, expected: str) -> None:
    assert normalize(raw) == expected


def test_strip_accents_removes_vietnamese_tone_marks_but_keeps_d_with_stroke() -> None:
    assert strip_accents("nhạc nền Đà Lạt") == "nhac nen Đa Lat"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Bắc Bling (Bắc Ninh)", "Bac Bling (Bac Ninh)"),
        ("Đặng Thị Ngọc Hân đẹp", "Dang Thi Ngoc Han dep"),
        ("Straße", "Strasse"),
        ("Ærøskøbing", "AEroskobing"),
        ("Łódź", "Lodz"),
        ("Œuvre", "OEuvre"),
        ("Þór", "Thor"),
        ("café crème", "cafe creme"),
        ("𝘼𝙧𝙞𝙨 𝙈𝙪𝙨𝙞𝙘", "Aris Music"),
        ("เสียงต้นฉบับ", ""),
        ("原聲", ""),
        ("оригинальный", ""),
        ("เสียงต้นฉบับ - SinBad", " - SinBad"),
        ("Hà Không Suy 🌝🌚", "Ha Khong Suy "),
        (None, ""),
    ],
)
def test_transliterate_keeps_latin_letters_as_ascii_and_drops_other_scripts(raw: str | None, expected: str) -> None:
    assert transliterate(raw) == expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Hoà", "hoa"),  # the tone mark after the vowel (old style) ...
        ("Hòa", "hoa"),  # ... and on the other vowel (new style): both are the plain word
        ("HOA", "hoa"),
        ("ho\u0300a", "hoa"),  # decomposed, as some keyboards type it
        ("Nguyễn Đức Phúc", "nguyen duc phuc"),
        ("Đà Lạt  đẹp", "da lat dep"),
        ("𝐇𝐨à𝐧𝐠 Ú𝐭", "hoang ut"),
        ("ＦＵＬＬ　ＷＩＤＴＨ", "full width"),
        ("Straße", "strasse"),
        ("Ελλάδα Ёлка", "ελλαδα елка"),
        ("", ""),
        (None, ""),
    ],
)
def test_fold_drops_latin_accents_and_case(raw: str | None, expected: str) -> None:
    assert fold(raw) == expected


@pytest.mark.parametrize("thai", ["ท่าเต้น", "รำไทย", "เสียงต้นฉบับ", "ไม่ไหวแล้ว"])
def test_fold_leaves_thai_as_written(thai: str) -> None:
    assert fold(thai) == thai  # its tone and vowel marks are parts of its letters, SARA AM included


def test_fold_keeps_other_scripts_and_emoji() -> None:
    assert fold("原聲 ओरिजिनल साउंड 🔥💃") == "原聲 ओरिजिनल साउंड 🔥💃"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("🔥dance🔥 #fyp_trend!!", "dance fyp trend"),
        ("Bắc Bling (Bắc Ninh) #xuhướng", "bac bling bac ninh xuhuong"),
        ("rock'n'roll", "rock n roll"),
        ("ท่าเต้น รำไทย 💃", "ท่าเต้น รำไทย"),
        ("ओरिजिनल साउंड", "ओरिजिनल साउंड"),
        ("👨\u200d👩\u200d👧 family", "family"),
        ("🔥💃", ""),
        ("Yêu ❤️ thương", "yeu thuong"),  # the heart's look selector is no word of its own
        (None, ""),
    ],
)
def test_search_words_are_the_folded_words_without_punctuation_or_emoji(raw: str | None, expected: str) -> None:
    assert search_words(raw) == expected


def test_a_search_word_is_cut_to_its_longest() -> None:
    assert search_words("a" * 300 + " b") == "a" * MAX_WORD_LENGTH + " b"

import pytest

from app.catalog import normalize, strip_accents, transliterate


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

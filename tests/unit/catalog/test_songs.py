import pytest

from app.catalog import (
    SongInfo,
    artist_from_original_title,
    artist_names,
    display_artist,
    is_original_sound,
    original_sound_phrase,
    song_key,
    song_of,
)

ORIGINAL_SOUND_TITLES = [
    "original sound - Hans",
    "original sound",
    "Original Sound",
    "ORIGINAL SOUND - Stan :)",
    "ｏｒｉｇｉｎａｌ ｓｏｕｎｄ - fullwidth",
    "nhạc nền - 𝘼𝙧𝙞𝙨 𝙈𝙪𝙨𝙞𝙘",
    "nhạc nền  - Lê Bảo",
    "nhạc nền",
    "nhac nen - without accents",
    "Nha\u0323c ne\u0302\u0300n - decomposed",
    "âm thanh gốc - Minh",
    "เสียงต้นฉบับ - SinBad",
    "เสียงต้นฉบับ - ♡˖꒰ᵕ༚ᵕ⑅꒱ - ♡˖llovesonggg",
    "原聲 - 白白🤡",
    "原声 - 塗り絵",
    "原创音乐",
    "オリジナル楽曲 - ミク",
    "오리지널 사운드 - 백동욱🌈",
    "suara asli - eka",
    "sonido original",
    "son original",
    "som original",
    "suono originale",
    "Originalton",
    "Originalton [Fergie",
    "originalljud - Sara",
    "origineel geluid",
    "originalgeluid",
    "orijinal ses",
    "оригинальный звук",
    "Оригинальный звук",
    "الصوت الأصلي",
    "dźwięk oryginalny - Ola",
    "originální zvuk - Jan",
    "tunog orihinal - Juan",
    "សំឡេងដើម",
    "ओरिजिनल साउंड",
]

SONG_TITLES = [
    "Bắc Bling (Bắc Ninh) (Prod. by Masew)",
    "Original Soundtrack",
    "Phép Màu - Đàn Cá Gỗ Original Soundtrack",
    "Say So (Instrumental Version) [Originally Performed by Doja Cat]",
    "Words - Original 1982",
    "NO SOUND",
    "Printer printing sound",
    "nhạc của minh én",
    "originals sound",
    "",
    None,
]


@pytest.mark.parametrize("title", ORIGINAL_SOUND_TITLES)
def test_original_sound_titles_in_many_languages_are_recognised(title: str) -> None:
    assert is_original_sound(title) is True


@pytest.mark.parametrize("title", SONG_TITLES)
def test_song_titles_are_not_original_sounds(title: str | None) -> None:
    assert is_original_sound(title) is False


def test_the_source_flag_alone_makes_an_original_sound() -> None:
    assert is_original_sound("Without Me", flag=True) is True
    assert is_original_sound("Without Me", flag=False) is False
    assert is_original_sound(None, flag=True) is True


def test_original_sound_phrase_reports_the_folded_phrase() -> None:
    assert original_sound_phrase("Nhạc nền - X") == "nhac nen"
    assert original_sound_phrase("original sound - X") == "original sound"
    assert original_sound_phrase("Therefore I Am") is None


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Shenseea|MOLIY|skillibeng|Silent Addy", "Shenseea, MOLIY, skillibeng, Silent Addy"),
        (["Evan Todd", "Jessica Keenan Wynn", "Alice Lee"], "Evan Todd, Jessica Keenan Wynn, Alice Lee"),
        ("rapidsongs ", "rapidsongs"),
        ("Billie Eilish", "Billie Eilish"),
        (" A | | A |B ", "A, B"),
        ("|", None),
        ("", None),
        ([], None),
        (None, None),
    ],
)
def test_display_artist_joins_several_artists_with_commas(raw: object, expected: str | None) -> None:
    assert display_artist(raw) == expected


def test_artist_names_keeps_order_and_drops_duplicates() -> None:
    assert artist_names("Xuân Hinh|Hoà Minzy|Xuân Hinh|Tuấn Cry") == ["Xuân Hinh", "Hoà Minzy", "Tuấn Cry"]


def test_artist_from_original_title_takes_everything_after_the_first_separator() -> None:
    assert artist_from_original_title("nhạc nền - Jack - J97") == "Jack - J97"
    assert artist_from_original_title("nhạc nền  - Lê Bảo") == "Lê Bảo"
    assert artist_from_original_title("original sound") is None
    assert artist_from_original_title("Bắc Bling - Hoà Minzy") is None


def test_song_key_is_normalised_track_and_artist() -> None:
    assert song_key("  Therefore   I Am ", "Billie Eilish", original=False) == "therefore i am|billie eilish"
    assert song_key("Bắc Bling (Bắc Ninh)", None, original=False) == "bắc bling (bắc ninh)|"


def test_song_key_does_not_depend_on_the_order_of_artists() -> None:
    listed = song_key("Bắc Bling (Bắc Ninh) (Prod. by Masew)", "Xuân Hinh|Hoà Minzy|Tuấn Cry", original=False)
    reordered = song_key("Bắc Bling (Bắc Ninh) (Prod. by Masew)", "Hoà Minzy|Xuân Hinh|Tuấn Cry", original=False)
    displayed = song_key("Bắc Bling (Bắc Ninh) (Prod. by Masew)", "Tuấn Cry, Xuân Hinh, Hoà Minzy", original=False)
    assert listed == reordered == displayed == "bắc bling (bắc ninh) (prod. by masew)|hoà minzy, tuấn cry, xuân hinh"


def test_original_sounds_share_one_key_per_artist_whatever_the_title_language() -> None:
    keys = {
        song_of("nhạc nền - Duy Anh", "Duy Anh").song_key,
        song_of("original sound - Duy Anh", "duy  anh", True).song_key,
        song_of("เสียงต้นฉบับ - Duy Anh", "DUY ANH").song_key,
        song_of(None, "Duy Anh", True).song_key,
    }
    assert keys == {"original sound|duy anh"}


def test_song_of_a_song() -> None:
    assert song_of("Therefore I Am", "Billie Eilish", False) == SongInfo(
        track="Therefore I Am",
        artist="Billie Eilish",
        is_original=False,
        song_key="therefore i am|billie eilish",
        search_term="Therefore I Am",
    )


def test_song_of_an_original_sound_searches_by_artist() -> None:
    assert song_of("nhạc nền - 𝐇𝐨à𝐧𝐠 Ú𝐭 𝐌𝐮𝐬𝐢𝐜 ✈", "𝐇𝐨à𝐧𝐠 Ú𝐭 𝐌𝐮𝐬𝐢𝐜 ✈", False) == SongInfo(
        track="nhạc nền - 𝐇𝐨à𝐧𝐠 Ú𝐭 𝐌𝐮𝐬𝐢𝐜 ✈",
        artist="𝐇𝐨à𝐧𝐠 Ú𝐭 𝐌𝐮𝐬𝐢𝐜 ✈",
        is_original=True,
        song_key="original sound|hoàng út music ✈",
        search_term="𝐇𝐨à𝐧𝐠 Ú𝐭 𝐌𝐮𝐬𝐢𝐜 ✈",
    )


def test_song_of_an_original_sound_without_author_reads_the_artist_from_the_title() -> None:
    song = song_of("nhạc nền  - Nicotine 🫀💕", None, None)
    assert song == SongInfo(
        "nhạc nền - Nicotine 🫀💕", "Nicotine 🫀💕", True, "original sound|nicotine 🫀💕", "Nicotine 🫀💕"
    )


def test_song_of_a_flagged_sound_without_title_is_labelled_original_sound() -> None:
    song = song_of(None, "Việt Phương Thoa", True)
    assert song == SongInfo(
        "original sound", "Việt Phương Thoa", True, "original sound|việt phương thoa", "Việt Phương Thoa"
    )


def test_song_of_a_track_without_artist_searches_by_track() -> None:
    assert song_of("QKThr", None, False) == SongInfo("QKThr", None, False, "qkthr|", "QKThr")


def test_song_of_an_artist_without_track_searches_by_artist() -> None:
    assert song_of(None, "Sassa Gurl", False) == SongInfo(None, "Sassa Gurl", False, "|sassa gurl", "Sassa Gurl")


@pytest.mark.parametrize(
    ("track", "artist", "flag"),
    [(None, None, None), ("", "  ", False), (None, None, True), ("original sound", None, True), ("nhạc nền", "", None)],
)
def test_no_song_without_track_and_artist_or_without_an_original_sound_creator(
    track: str | None, artist: str | None, flag: bool | None
) -> None:
    assert song_of(track, artist, flag) is None

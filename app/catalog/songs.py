"""Songs: original-sound detection, artist display and the key that groups videos into trends."""

import re
from collections.abc import Iterable
from dataclasses import dataclass

from .text import normalize, strip_accents

ORIGINAL_SOUND_LABEL = "original sound"

# How TikTok titles a creator's own sound, by app language.
ORIGINAL_SOUND_PHRASES = (
    "original sound",
    "som original",
    "sonido original",
    "son original",
    "suono originale",
    "originalton",
    "originalljud",
    "originallyd",
    "origineel geluid",
    "originalgeluid",
    "originální zvuk",
    "originálny zvuk",
    "dźwięk oryginalny",
    "eredeti hang",
    "sunet original",
    "alkuperäinen ääni",
    "orijinal ses",
    "оригинальный звук",
    "оригінальний звук",
    "πρωτότυπος ήχος",
    "الصوت الأصلي",
    "צליל מקורי",
    "ओरिजिनल साउंड",
    "nhạc nền",
    "âm thanh gốc",
    "เสียงต้นฉบับ",
    "សំឡេងដើម",
    "suara asli",
    "bunyi asal",
    "tunog orihinal",
    "orihinal na tunog",
    "原聲",
    "原声",
    "原創音樂",
    "原创音乐",
    "オリジナル楽曲",
    "オリジナルサウンド",
    "오리지널 사운드",
)

TITLE_SEPARATOR = re.compile(r"\s+[-–—]\s+")


def _fold(text: str) -> str:
    return strip_accents(normalize(text))


FOLDED_PHRASES = tuple(sorted({_fold(phrase) for phrase in ORIGINAL_SOUND_PHRASES}, key=len, reverse=True))


def _starts_with_phrase(folded_title: str, phrase: str) -> bool:
    if not folded_title.startswith(phrase):
        return False
    rest = folded_title[len(phrase) :]
    return not rest or not (rest[0].isalnum() or rest[0] == "_")


def original_sound_phrase(title: str | None) -> str | None:
    """The folded "original sound" phrase a title starts with, if any."""
    folded_title = _fold(title or "")
    return next((phrase for phrase in FOLDED_PHRASES if _starts_with_phrase(folded_title, phrase)), None)


def is_original_sound(title: str | None, flag: bool | None = None) -> bool:
    """True when the source flags the sound as original or its title reads "original sound" in any language."""
    return bool(flag) or original_sound_phrase(title) is not None


def artist_names(raw: str | Iterable[str] | None) -> list[str]:
    """Distinct artist names, in order, from a '|'-separated string or a list."""
    if raw is None:
        return []
    parts = raw.split("|") if isinstance(raw, str) else [part for part in raw if isinstance(part, str)]
    names = (" ".join(part.split()) for part in parts)
    return list(dict.fromkeys(name for name in names if name))


def display_artist(raw: str | Iterable[str] | None) -> str | None:
    """Artists joined with ', ' from a '|'-separated string or a list; None when there are none."""
    return ", ".join(artist_names(raw)) or None


def artist_from_original_title(title: str | None) -> str | None:
    """The creator named after the phrase in titles like 'original sound - X'."""
    if not title or not is_original_sound(title):
        return None
    parts = TITLE_SEPARATOR.split(title.strip(), maxsplit=1)
    return display_artist(parts[1]) if len(parts) == 2 else None


def _artist_key(artist: str | Iterable[str] | None) -> str:
    # Sources list the same artists in different orders ("A|B" and "B|A"): one song, one key.
    raw = artist.replace("|", ",") if isinstance(artist, str) else ",".join(artist_names(artist))
    return ", ".join(sorted({normalize(name) for name in raw.split(",")} - {""}))


def song_key(track: str | None, artist: str | Iterable[str] | None, original: bool) -> str:
    """Trend key: normalised 'track|artist', or 'original sound|artist' for original sounds (any language)."""
    if original:
        return f"{ORIGINAL_SOUND_LABEL}|{_artist_key(artist)}"
    return f"{normalize(track)}|{_artist_key(artist)}"


@dataclass(frozen=True)
class SongInfo:
    """A video's song as shown and grouped."""

    track: str | None
    artist: str | None
    is_original: bool
    song_key: str
    search_term: str


def song_of(track: str | None, artist: str | Iterable[str] | None, flag: bool | None = None) -> SongInfo | None:
    """Display fields, trend key and search term of a song; None when nothing identifies it."""
    title = " ".join((track or "").split()) or None
    shown_artist = display_artist(artist)
    if is_original_sound(title, flag):
        return _original_song(title, shown_artist or artist_from_original_title(title))
    if not title and not shown_artist:
        return None
    key = song_key(title, shown_artist, original=False)
    return SongInfo(title, shown_artist, False, key, title or shown_artist or "")


def _original_song(title: str | None, artist: str | None) -> SongInfo | None:
    # An original sound is identified by its creator: without one there is no trend to join.
    if not artist:
        return None
    key = song_key(title, artist, original=True)
    return SongInfo(title or ORIGINAL_SOUND_LABEL, artist, True, key, artist)

"""Text folding shared by keys, matching and slugs."""

import unicodedata

# Letters that NFKD does not split into an ASCII base plus marks.
ASCII_SPECIAL_CASES = str.maketrans(
    {
        "đ": "d",
        "Đ": "D",
        "ð": "d",
        "Ð": "D",
        "ß": "ss",
        "ẞ": "SS",
        "æ": "ae",
        "Æ": "AE",
        "œ": "oe",
        "Œ": "OE",
        "ø": "o",
        "Ø": "O",
        "ł": "l",
        "Ł": "L",
        "þ": "th",
        "Þ": "Th",
        "ı": "i",
        "ħ": "h",
        "Ħ": "H",
        "ŋ": "ng",
        "Ŋ": "Ng",
    }
)


def normalize(text: str | None) -> str:
    """NFKC, case-folded, with whitespace runs collapsed to one space and trimmed."""
    if not text:
        return ""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def strip_accents(text: str) -> str:
    """Remove combining marks (accents, tone marks) after canonical decomposition."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if unicodedata.category(char) != "Mn")


def transliterate(text: str | None) -> str:
    """ASCII rendering of Latin-script text; characters with no ASCII form are dropped."""
    if not text:
        return ""
    compatible = unicodedata.normalize("NFKC", text).translate(ASCII_SPECIAL_CASES)
    return strip_accents(compatible).encode("ascii", "ignore").decode("ascii")


# Marks search ignores: the accents of Latin, Greek and Cyrillic letters (Vietnamese tone marks among them) and the
# selectors of an emoji's look. The marks of scripts such as Thai or Devanagari are parts of their letters and stay.
_IGNORED_MARKS = (
    (0x0300, 0x036F),
    (0x1AB0, 0x1AFF),
    (0x1DC0, 0x1DFF),
    (0x20D0, 0x20FF),
    (0xFE00, 0xFE0F),
    (0xFE20, 0xFE2F),
    (0xE0100, 0xE01EF),
)
_DROP_MARKS = dict.fromkeys(code for low, high in _IGNORED_MARKS for code in range(low, high + 1))
# NFKC splits Thai and Lao SARA AM into two characters; put them back, so Thai is folded to itself.
_AM_SPLIT_BY_NFKC = (("\u0e4d\u0e32", "\u0e33"), ("\u0ecd\u0eb2", "\u0eb3"))
MAX_WORD_LENGTH = 100


class _WordBreaks(dict):
    """A str.translate table turning every character that is not part of a word into a space; each character is
    looked up once (letters, digits and the marks of scripts such as Thai are parts of words)."""

    def __missing__(self, code: int) -> int:
        char = chr(code)
        self[code] = code if char.isalnum() or unicodedata.category(char).startswith("M") else ord(" ")
        return self[code]


_WORD_BREAKS = _WordBreaks({ord("_"): ord(" ")})


def fold(text: str | None) -> str:
    """Text as search compares it: NFKC, case-folded, without the accents of Latin letters (so 'Hoà', 'Hòa' and
    'hoa' are one word, and 'đ' is 'd'), whitespace collapsed; other scripts and emoji as written (without the
    selectors of their look)."""
    if not text:
        return ""
    folded = unicodedata.normalize("NFKC", text).casefold().translate(ASCII_SPECIAL_CASES)
    folded = unicodedata.normalize("NFC", unicodedata.normalize("NFD", folded).translate(_DROP_MARKS))
    for split, whole in _AM_SPLIT_BY_NFKC:
        folded = folded.replace(split, whole)
    return " ".join(folded.split())


# A query word shorter than this is looked for as a whole word, not as the start of one: a single character starts
# a large share of every word the index holds, so as a start it asked for most of the catalog and narrowed nothing
# (eight of them took PostgreSQL 450 ms on a million videos, as whole words 3 ms).
SHORTEST_START = 2


def looked_for_as_start(word: str) -> bool:
    """Whether a query word finds the words it starts ('hoa' finds 'hoang'), or only itself."""
    return len(word) >= SHORTEST_START


def search_words(text: str | None) -> str:
    """The words of the folded text (runs of letters, digits and their marks; '_', punctuation and emoji break
    them), each cut to MAX_WORD_LENGTH, joined by single spaces: what the full-text index holds and a query
    looks for."""
    return " ".join(word[:MAX_WORD_LENGTH] for word in fold(text).translate(_WORD_BREAKS).split())

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

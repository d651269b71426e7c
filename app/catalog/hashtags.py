"""Hashtags from captions and tag lists, stored without '#' and shown with it."""

import re
import unicodedata
from collections.abc import Iterable

MAX_HASHTAG_LENGTH = 100
ZERO_WIDTH_JOINER = "\u200d"  # holds emoji sequences such as 🏳️‍🌈 together
EMOJI_CATEGORIES = ("So", "Sk")
_WORD = re.compile(rf"\w{{1,{MAX_HASHTAG_LENGTH}}}")


def _is_tag_character(char: str) -> bool:
    # Marks are part of words in scripts such as Thai and Devanagari.
    return char.isalnum() or char == "_" or unicodedata.category(char).startswith("M")


def _is_safe_tag_character(char: str) -> bool:
    if char.isascii():
        return char.isalnum() or char == "_"
    return _is_tag_character(char) or char == ZERO_WIDTH_JOINER or unicodedata.category(char) in EMOJI_CATEGORIES


def is_hashtag(tag: str) -> bool:
    """A normalised tag safe to store and to put in a page or an address: 1 to 100 letters, digits, marks, '_'
    and emoji; never punctuation, spaces, control characters or anything HTML or a path could use."""
    if _WORD.fullmatch(tag):  # most tags: letters, digits and '_' only
        return True
    return 0 < len(tag) <= MAX_HASHTAG_LENGTH and all(map(_is_safe_tag_character, tag))


def _caption_tags(caption: str) -> list[str]:
    tags = []
    position = caption.find("#")
    while position != -1:
        end = position + 1
        while end < len(caption) and _is_tag_character(caption[end]):
            end += 1
        tags.append(caption[position + 1 : end])
        position = caption.find("#", end)
    return tags


def normalize_hashtag(tag: str) -> str:
    """NFKC, lowercase, without leading '#' or surrounding whitespace."""
    return unicodedata.normalize("NFKC", tag).strip().lstrip("#").strip().lower()


def extract_hashtags(caption: str | None, extra_tags: Iterable[str] = ()) -> list[str]:
    """Normalised, de-duplicated tags from the caption's #tags, then from the given tag list; what is not a
    hashtag (too long, or holding characters no tag has) is left out."""
    found = _caption_tags(unicodedata.normalize("NFKC", caption or ""))
    found.extend(tag for tag in extra_tags if isinstance(tag, str))
    tags = (normalize_hashtag(tag) for tag in found)
    return list(dict.fromkeys(tag for tag in tags if is_hashtag(tag)))


def display_hashtag(tag: str) -> str:
    """The tag as shown: with a leading '#'."""
    return f"#{tag}"

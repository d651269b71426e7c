"""Every interface text has its Vietnamese translation: the texts are extracted afresh from the code (as
`make translations` does) and each must have a non-empty, non-fuzzy translation in the catalogue; and no template
shows a text of its own outside `_()`, where extraction would not see it (the islands' like rule is ESLint's
islands/translated-texts)."""

import re
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "app" / "translations" / "vi" / "LC_MESSAGES" / "messages.po"
SKIPPED_DIRS = {"node_modules", "static", "instance", "tests", "migrations", "__pycache__"}
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None}


def interface_texts() -> set[str | tuple[str, ...]]:
    with (ROOT / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config)
    found = extract_from_dir(
        str(ROOT),
        method_map,
        options_map,
        keywords=KEYWORDS,
        directory_filter=lambda path: Path(path).name not in SKIPPED_DIRS and not Path(path).name.startswith("."),
    )
    return {message for _, _, message, _, _ in found}


def translated_texts() -> set[str | tuple[str, ...]]:
    with CATALOGUE.open("rb") as file:
        catalogue = read_po(file)
    return {
        message.id
        for message in catalogue
        if message.id and not message.fuzzy and all(message.string if message.pluralizable else [message.string])
    }


def test_every_interface_text_has_a_vietnamese_translation():
    missing = sorted(map(str, interface_texts() - translated_texts()))
    assert not missing, "No Vietnamese translation (run make translations, then translate):\n" + "\n".join(missing)


# Names that read the same in every language.
UNTRANSLATED_NAMES = {"Danza", "TikTok", "HD", "JSON", "CSV", "RSS", "Atom", "API"}
SHOWN_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
# The API reference documents the API's contract, which is English (its summaries and notes are the contract's own).
ENGLISH_ONLY = {"pages/api_docs.html"}


def texts_written_in(template: str) -> list[str]:
    """The texts a template shows as written: outside Jinja's tags, scripts and styles, in text and shown attributes."""
    template = re.sub(r"\{#.*?#\}|\{\{.*?\}\}|\{%.*?%\}", " ", template, flags=re.S)
    template = re.sub(r"<(script|style)\b.*?</\1>", " ", template, flags=re.S)
    attributes = re.findall(r"\s(?:" + "|".join(SHOWN_ATTRIBUTES) + r')="([^"]*)"', template)
    text = re.sub(r"<[^>]*>", "\n", template).splitlines()
    return [
        shown.strip()
        for shown in [*attributes, *text]
        if any(word not in UNTRANSLATED_NAMES for word in re.findall(r"[^\W\d_]+", shown))
    ]


def test_texts_written_in_a_template_are_caught():
    assert texts_written_in('<p title="Open">{{ _("Hi") }} there</p>{# note #}<b>{{ n }} TikTok</b>') == [
        "Open",
        "there",
    ]


def test_every_template_text_goes_through_the_catalogue():
    templates = ROOT / "templates"
    written = [
        f"{path.relative_to(templates)}: {text}"
        for path in sorted(templates.rglob("*.html"))
        if str(path.relative_to(templates)) not in ENGLISH_ONLY
        for text in texts_written_in(path.read_text())
    ]
    assert not written, "Shown as written; wrap it in _():\n" + "\n".join(written)

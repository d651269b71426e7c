"""Every interface text has its Vietnamese translation: the texts are extracted afresh from the code (as
`make translations` does) and each must have a non-empty, non-fuzzy translation in the catalogue."""

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

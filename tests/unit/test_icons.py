"""The server's icons (templates/_macros/icons.html) where the islands draw the same button: the same drawing, so
a button the server draws disabled does not change when its island takes over."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
SHAPE = re.compile(r"<(path|circle|rect|line|polyline)\s+([^>]*?)\s*/>")
# The server's symbol and the island's component for the buttons both draw (watch_stage_fallback.html, CreatorRow).
SHARED = {
    "eye": "EyeIcon",
    "external": "ExternalIcon",
    "playlist-add": "PlaylistAddIcon",
    "share": "ShareIcon",
    "flag": "FlagIcon",
}


def shapes(markup: str) -> list[tuple[str, str]]:
    return [(tag, " ".join(attributes.split())) for tag, attributes in SHAPE.findall(markup)]


@pytest.mark.parametrize(("symbol", "component"), SHARED.items())
def test_a_server_icon_draws_what_its_islands_icon_draws(symbol, component):
    sprite = (ROOT / "templates/_macros/icons.html").read_text()
    components = (ROOT / "islands/ui/icons.tsx").read_text()
    server = re.search(rf'<symbol id="i-{symbol}" [^>]*>(.*?)</symbol>', sprite).group(1)
    island = re.search(rf"export function {component}\(.*?\n}}\n", components, re.S).group(0)
    assert shapes(server) == shapes(island) != []

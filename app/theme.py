"""The remembered theme, applied before the first paint by a script inlined in <head>.

Visitors' pages may be kept by a shared cache, so the choice is never rendered into the HTML: the script reads it
from the browser's storage and sets <html data-theme>. The Content-Security-Policy allows this one inline script by
its hash, computed here from the file the page inlines.
"""

import base64
import hashlib
from pathlib import Path

from markupsafe import Markup

THEME_SCRIPT = (Path(__file__).with_name("theme.js")).read_text(encoding="utf-8").strip()
THEME_SCRIPT_HASH = f"'sha256-{base64.b64encode(hashlib.sha256(THEME_SCRIPT.encode()).digest()).decode()}'"


def theme_script() -> Markup:
    """The inline <script> that applies a remembered light or dark theme (the system's when there is none)."""
    return Markup("<script>{}</script>").format(Markup(THEME_SCRIPT))

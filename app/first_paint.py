"""What the browser knows and the HTML must not say, applied before the first paint by a script inlined in <head>.

Visitors' pages may be kept by a shared cache, so nothing that differs between visitors is rendered into the HTML:
the script sets <html data-theme> from the remembered theme in the browser's storage, and <html
data-came-from-site> when the visitor came from another page of this site other than a creator's (the creator page's
Back button shows then, spec §2). On a feed page (<html data-feed-page>) it leaves the scroll position to the feed.
The Content-Security-Policy allows this one inline script by its hash, computed here from the file the page inlines.
"""

import base64
import hashlib
from pathlib import Path

from markupsafe import Markup

FIRST_PAINT_SCRIPT = (Path(__file__).with_name("first_paint.js")).read_text(encoding="utf-8").strip()
FIRST_PAINT_SCRIPT_HASH = f"'sha256-{base64.b64encode(hashlib.sha256(FIRST_PAINT_SCRIPT.encode()).digest()).decode()}'"


def first_paint_script() -> Markup:
    """The inline <script> that applies a remembered theme, marks a visit that came from this site and leaves a feed
    page's scroll position to the feed."""
    return Markup("<script>{}</script>").format(Markup(FIRST_PAINT_SCRIPT))

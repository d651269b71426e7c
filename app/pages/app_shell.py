"""The installable app: the web app manifest, the service worker and the page it shows offline.

The service worker keeps the shell (the offline page, the entry stylesheet and script, the icons) and every hashed
bundle once fetched; pages come from the network, and from the offline page when there is none. API answers,
feeds and fragments are never kept: what a visitor sees is never stale data.
"""

import hashlib
import json

from flask import Blueprint, Response, current_app, render_template, url_for

bp = Blueprint("app_shell", __name__)

THEME_COLOR = "#0b0b0f"
ICONS = (
    ("img/icon-192.png", "192x192", "any"),
    ("img/icon-512.png", "512x512", "any"),
    ("img/icon-maskable-512.png", "512x512", "maskable"),
)


@bp.get("/manifest.webmanifest")
def manifest():
    brand = current_app.config["BRAND_NAME"]
    assets = current_app.extensions["assets"]
    document = {
        "name": f"{brand}: dance videos, one at a time",
        "short_name": brand,
        "description": "Watch TikTok dance trends one video at a time, grouped by song and hashtag.",
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": THEME_COLOR,
        "theme_color": THEME_COLOR,
        "categories": ["entertainment", "music"],
        "icons": [
            {"src": assets.static_url(path), "sizes": sizes, "type": "image/png", "purpose": purpose}
            for path, sizes, purpose in ICONS
        ],
    }
    return Response(json.dumps(document), mimetype="application/manifest+json")


def shell_files() -> list[str]:
    """What the service worker keeps at install: the offline page and what it needs."""
    assets = current_app.extensions["assets"]
    bundles = [assets.bundle_url("site"), assets.bundle_url("main")]
    icons = [assets.static_url(path) for path, _, _ in ICONS]
    offline = url_for("app_shell.offline")
    return [offline, *[url for url in bundles if url], assets.static_url("img/favicon.svg"), *icons]


@bp.get("/sw.js")
def service_worker():
    files = shell_files()
    # A new deploy (new bundles) is a new worker, which drops the caches of the old one.
    version = hashlib.sha256("\n".join(files).encode()).hexdigest()[:12]
    script = render_template("sw.js", version=version, shell=json.dumps(files), offline=url_for("app_shell.offline"))
    return Response(script, mimetype="text/javascript", headers={"Cache-Control": "no-cache"})


@bp.get("/offline")
def offline():
    return render_template("pages/offline.html")

"""The installable app as the browser reads it: the manifest, the service worker's script, the offline page."""

import json
import re

from app.pages.app_shell import shell_files


def test_the_manifest_names_the_app_its_icons_and_how_it_opens(client):
    response = client.get("/manifest.webmanifest")
    assert response.mimetype == "application/manifest+json"
    manifest = json.loads(response.get_data())
    assert (manifest["short_name"], manifest["start_url"], manifest["display"]) == ("Danza", "/", "standalone")
    assert manifest["theme_color"] == manifest["background_color"] == "#0b0b0f"
    icons = {(icon["sizes"], icon["purpose"]): icon["src"] for icon in manifest["icons"]}
    assert set(icons) == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for src in icons.values():
        with client.get(src) as icon:
            assert icon.mimetype == "image/png"
    assert '<link rel="manifest" href="/manifest.webmanifest">' in client.get("/about-us").get_data(as_text=True)


def test_the_service_worker_keeps_the_shell_and_never_live_data(app, client):
    response = client.get("/sw.js")
    assert response.mimetype == "text/javascript" and response.headers["Cache-Control"] == "no-cache"
    script = response.get_data(as_text=True)
    with app.test_request_context():
        files = shell_files()
    assert json.loads(re.search(r"const SHELL = (\[.*?\]);", script).group(1)) == files
    assert "/offline" in files
    for path in files:
        with client.get(path) as kept:
            assert kept.status_code == 200, path
    live = json.loads(re.search(r"const LIVE = (\[.*?\]);", script).group(1))
    assert {"/api/", "/feeds/", "/partials/"} <= set(live)


def test_the_offline_page_stands_alone(client):
    html = client.get("/offline").get_data(as_text=True)
    assert "You're offline" in html and 'href="/"' in html
    assert "data-island" not in html and "app_context" not in html  # kept by the worker, so about nobody

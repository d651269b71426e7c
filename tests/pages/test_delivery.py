"""How answers travel: text is compressed, hashed assets are cached for a year, secrets are never compressed."""

import gzip
import json
import re

from app.assets import IMMUTABLE

GZIP = {"Accept-Encoding": "gzip"}


def test_a_visitors_page_and_json_are_compressed(client, catalog):
    page = client.get("/", headers=GZIP)
    assert page.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in page.headers["Vary"]
    assert b"<html" in gzip.decompress(page.get_data())
    listing = client.get("/api/tiktok/hashtags?limit=50", headers=GZIP)
    assert listing.headers["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(listing.get_data()))["hashtags"]


def test_brotli_and_zstd_are_preferred_when_the_browser_takes_them(client, catalog):
    assert client.get("/", headers={"Accept-Encoding": "gzip, br"}).headers["Content-Encoding"] == "br"
    assert client.get("/", headers={"Accept-Encoding": "gzip, br, zstd"}).headers["Content-Encoding"] == "zstd"


def test_a_page_holding_a_sessions_csrf_token_is_not_compressed(api, user):
    """BREACH: the token sits beside text a request reflects (a search), so its length must not depend on both."""
    api.login("dancer@example.com")
    page = api.get("/search?q=dancer", headers=GZIP)
    assert page.status_code == 200
    assert "Content-Encoding" not in page.headers
    assert "csrfToken" in page.get_data(as_text=True)


def test_hashed_bundles_and_versioned_files_are_cached_for_a_year(client):
    """One stylesheet (the bundle of static/css) and one entry script, both named by their content."""
    page = client.get("/about-us").get_data(as_text=True)
    bundle = re.search(r'src="(/static/dist/[^"]+\.js)"', page).group(1)
    stylesheet = re.search(r'<link rel="stylesheet" href="(/static/dist/site-[^"]+\.css)"', page).group(1)
    icon = re.search(r'href="(/static/img/[^"]+\?v=[0-9a-f]{12})"', page).group(1)
    for path in (bundle, stylesheet, icon):
        answer = client.get(path, headers=GZIP)
        assert answer.status_code == 200, path
        assert answer.headers["Cache-Control"] == IMMUTABLE, path
        answer.close()


def test_unversioned_or_stale_urls_and_the_manifest_are_revalidated(client):
    for path in ("/static/css/shell.css", "/static/css/shell.css?v=000000000000", "/static/dist/manifest.json"):
        answer = client.get(path)
        assert answer.status_code == 200, path
        assert "immutable" not in answer.headers["Cache-Control"], path
        answer.close()

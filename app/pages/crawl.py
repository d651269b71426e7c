"""For crawlers and link previews: robots.txt, the sitemap, and stable thumbnail URLs."""

from flask import Blueprint, Response, abort, current_app, render_template, send_file, url_for

from app.catalog import is_valid_video_id
from app.seo import absolute
from app.services import sitemap, thumbnails

bp = Blueprint("crawl", __name__)

PLACEHOLDER_MAX_AGE = 5 * 60
THUMBNAIL_MAX_AGE = 24 * 60 * 60


@bp.get("/healthz")
def healthz():
    """The process answers: for a proxy's or monitor's probe, and the load benchmark's floor (no database, no Redis)."""
    return Response("ok\n", mimetype="text/plain", headers={"Cache-Control": "no-store"})


@bp.get("/robots.txt")
def robots():
    lines = [
        "User-agent: *",
        "Disallow: /api/",
        "Disallow: /partials/",
        "Disallow: /feeds/following/",
        "Disallow: /developer-portal",
        "Disallow: /settings",
        "Disallow: /upload",
        "Allow: /",
        f"Sitemap: {absolute('/sitemap.xml')}",
    ]
    return Response("\n".join(lines) + "\n", mimetype="text/plain")


@bp.get("/sitemap.xml")
def sitemap_index():
    pages = sitemap.page_count()
    if pages <= 1:
        return _urlset(1)
    urls = [absolute(url_for("crawl.sitemap_page", number=n)) for n in range(1, pages + 1)]
    return Response(render_template("sitemap_index.xml", urls=urls), mimetype="application/xml")


@bp.get("/sitemap-<int:number>.xml")
def sitemap_page(number: int):
    if not 1 <= number <= sitemap.page_count():
        abort(404)
    return _urlset(number)


def _urlset(number: int) -> Response:
    entries = [(absolute(path), modified) for path, modified in sitemap.page_entries(number)]
    return Response(render_template("sitemap.xml", entries=entries), mimetype="application/xml")


@bp.get("/thumbs/<video_id>.jpg")
def thumbnail(video_id: str):
    if not is_valid_video_id(video_id):
        abort(404)
    cached = thumbnails.cached_thumbnail(video_id)
    if cached is not None:
        return send_file(cached, mimetype="image/jpeg", max_age=THUMBNAIL_MAX_AGE)
    thumbnails.request_refresh(video_id)
    placeholder = f"{current_app.static_folder}/img/thumb-placeholder.jpg"
    return send_file(placeholder, mimetype="image/jpeg", max_age=PLACEHOLDER_MAX_AGE)

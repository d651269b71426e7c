"""Atom feeds of the newest videos of a creator, a hashtag, a dance trend and a public playlist, and each user's
private feed of their Following videos (its address carries a key the user can reset)."""

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from xml.etree import ElementTree
from xml.etree.ElementTree import Element, SubElement

from flask import Blueprint, Response, abort, current_app, request, url_for
from flask_babel import gettext

from app.models import Creator, Video
from app.seo import absolute
from app.services import feeds, follows, playlists, scoped
from app.services.cache import PAGE_SECONDS, cached_response
from app.services.errors import NotFound
from app.services.videos import VideoCard, video_cards

bp = Blueprint("feeds", __name__, url_prefix="/feeds")

FEED_SIZE = 50
ATOM = "application/atom+xml"
NEWEST = "mostRecent"


@dataclass(frozen=True)
class FeedLink:
    """A page's feed, as `<link rel="alternate">` and the visible link announce it."""

    title: str
    href: str


def _new_videos(name: str) -> str:
    return gettext("%(name)s · new videos", name=name)


def creator_feed(creator: Creator) -> FeedLink:
    return FeedLink(_new_videos(f"@{creator.username}"), url_for("feeds.creator", username=creator.username))


def hashtag_feed(name: str) -> FeedLink:
    return FeedLink(_new_videos(f"#{name}"), url_for("feeds.hashtag", name=name))


def trend_feed(track: str, slug: str) -> FeedLink:
    return FeedLink(_new_videos(track), url_for("feeds.trend", slug=slug))


def playlist_feed(name: str, playlist_id: int | str) -> FeedLink:
    return FeedLink(gettext("%(name)s · playlist", name=name), url_for("feeds.playlist", playlist_id=int(playlist_id)))


ATOM_NS, MEDIA_NS = "http://www.w3.org/2005/Atom", "http://search.yahoo.com/mrss/"
ElementTree.register_namespace("", ATOM_NS)
ElementTree.register_namespace("media", MEDIA_NS)


# What XML 1.0 cannot carry, even escaped (most control characters, U+FFFE, U+FFFF): a caption from TikTok or a
# name a user typed may hold one, and a single one makes the whole feed unreadable.
NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _element(parent: Element, tag: str, text: str | None = None, **attributes: str) -> Element:
    namespace = MEDIA_NS if tag.startswith("media:") else ATOM_NS
    kept = {name: NOT_XML.sub("", value) for name, value in attributes.items()}
    element = SubElement(parent, f"{{{namespace}}}{tag.removeprefix('media:')}", kept)
    element.text = NOT_XML.sub("", text) if text is not None else None
    return element


def _atom(title: str, page_path: str, videos: Sequence[Video], added: Sequence[datetime] | None = None) -> Response:
    """The feed of `videos` in the order given; `added` dates the entries (a playlist's additions) instead of
    their posting times."""
    dates = list(added) if added is not None else [video.posted_at for video in videos]
    feed = Element(f"{{{ATOM_NS}}}feed")
    _element(feed, "id", absolute(page_path))
    _element(feed, "title", f"{title} · {current_app.config['BRAND_NAME']}")
    _element(feed, "updated", max(dates, default=datetime(1970, 1, 1, tzinfo=UTC)).isoformat())
    _element(feed, "link", href=absolute(page_path), rel="alternate", type="text/html")
    _element(feed, "link", href=absolute(request.path), rel="self", type=ATOM)
    _element(feed, "icon", absolute(url_for("static", filename="img/favicon.svg")))
    for card, date in zip(video_cards(videos), dates, strict=True):
        _entry(feed, card, date)
    body = ElementTree.tostring(feed, encoding="utf-8", xml_declaration=True)
    return Response(body, mimetype=ATOM, headers={"Cache-Control": f"public, max-age={PAGE_SECONDS}"})


def _entry(feed: Element, card: VideoCard, date: datetime) -> None:
    video, creator = card.video, card.creator
    link, thumbnail = absolute(card.canonical_path), absolute(card.thumbnail)
    song = " by ".join(part for part in (video.track, video.artist) if part)
    entry = _element(feed, "entry")
    _element(entry, "id", link)
    _element(entry, "title", video.title or video.description or song or f"A dance by @{creator.username}")
    _element(entry, "updated", date.isoformat())
    _element(entry, "published", video.posted_at.isoformat())
    author = _element(entry, "author")
    _element(author, "name", f"@{creator.username}")
    _element(author, "uri", absolute(url_for("people.creator", username=creator.username)))
    _element(entry, "link", href=link, rel="alternate", type="text/html")
    _element(entry, "link", href=thumbnail, rel="enclosure", type="image/jpeg")
    caption = "\n".join(part for part in (video.description, f"♪ {song}" if song else "") if part)
    if caption:
        _element(entry, "summary", caption)
    _element(entry, "media:thumbnail", url=thumbnail)


@bp.get("/creator/<username>.atom")
@cached_response(PAGE_SECONDS)
def creator(username: str):
    found = Creator.by_username(username)
    if found is None:
        abort(404)
    page = scoped.videos_page(scoped.of_creator(found), NEWEST, 0, FEED_SIZE)
    return _atom(f"@{found.username}", url_for("people.creator", username=found.username), page.items)


@bp.get("/hashtag/<name>.atom")
@cached_response(PAGE_SECONDS)
def hashtag(name: str):
    tag = feeds.hashtag_by_name(name)
    if tag is None:
        abort(404)
    page = feeds.hashtag_videos(tag, NEWEST, 0, FEED_SIZE)
    return _atom(f"#{tag.name}", url_for("shell.categories", rest=tag.name), page.items)


@bp.get("/trend/<slug>.atom")
@cached_response(PAGE_SECONDS)
def trend(slug: str):
    found = feeds.trend_by_slug(slug)
    if found is None:
        abort(404)
    page = feeds.trend_videos(found, NEWEST, 0, FEED_SIZE)
    title = " by ".join(part for part in (found.track, found.artist) if part) or found.song_key
    # The trend's own address while it has videos (it names nothing without them: see pages.watch).
    page_path = url_for("shell.dance_trends", rest=found.slug) if found.video_count else url_for("shell.dance_trends")
    return _atom(title, page_path, page.items)


@bp.get("/playlist/<int:playlist_id>.atom")
@cached_response(PAGE_SECONDS)
def playlist(playlist_id: int):
    try:
        found = playlists.visible_playlist(playlist_id, None)  # public playlists only: a feed has no sign-in
    except NotFound:
        abort(404)
    additions = playlists.newest_additions(found, FEED_SIZE)
    page_path = f"{url_for('shell.categories')}?playlist={found.id}"
    return _atom(found.name, page_path, [video for video, _ in additions], [added for _, added in additions])


@bp.get("/following/<key>.atom")
def following(key: str):
    user = follows.user_by_following_feed_key(key)
    if user is None:
        abort(404)
    page = scoped.videos_page(scoped.following_scope(user), NEWEST, 0, FEED_SIZE)
    response = _atom(f"Following · @{user.username}", url_for("shell.following"), page.items)
    response.headers["Cache-Control"] = "private, max-age=60"
    response.headers["X-Robots-Tag"] = "noindex"
    return response

"""What the watching pages open with: the home feed's first videos, a deep-linked video and its context."""

import json
import re
from dataclasses import dataclass

from flask_babel import gettext
from flask_login import current_user

from app.api.paging import PageQuery
from app.api.playlists import PublicQuery, public_answer, videos_answer
from app.api.random_feed import random_feed
from app.api.schemas import TrendOut, VideoOut
from app.catalog import video_id_from_slug
from app.i18n import N_
from app.models import Trend, Video
from app.pages.trend_curve import curve_context
from app.services import feeds, playlists
from app.services.errors import NotFound
from app.services.feeds import CountedHashtag
from app.services.paging import PageOf
from app.services.videos import VideoCard, category_path, video_card, video_cards

HOME_FIRST_PAGE = 5
PLAYLIST_FIRST_PAGE = 20  # the island's page of videos (islands/lib/video-list.ts, VIDEO_PAGE_SIZE)


def home_props() -> dict:
    """The first page of the home feed, rendered into the page so the first video needs no extra request."""
    videos, total = random_feed(HOME_FIRST_PAGE)
    return {"videos": [json.loads(video) for video in videos], "totalTrends": total}


def linked_video(segment: str) -> Video | None:
    """The active video a URL segment `{username}-{videoId}` points at (the slug part is decoration)."""
    video_id = video_id_from_slug(segment)
    video = feeds.video_by_id(video_id) if video_id else None
    return video if video is not None and video.is_active else None


VIDEO_GONE = N_("That video is no longer available.")


@dataclass
class DeepLink:
    video: dict | None  # as the API answers it: the page hands it to the player island
    canonical_path: str | None
    context: dict
    status: int = 200
    notice: str | None = None  # why the page shows something other than what the link named
    moved_to: str | None = None  # the address that shows what this one names (the visitor is sent there)

    @classmethod
    def to(cls, card: VideoCard, context: dict) -> "DeepLink":
        return cls(VideoOut.of(card).as_props(), card.canonical_path, context)

    @classmethod
    def gone(cls, context: dict, instead: str | None) -> "DeepLink":
        """A link to a removed or unknown video: 404 for crawlers, and for people the feed it belonged to."""
        return cls(None, None, context, 404, f"{gettext(VIDEO_GONE)} {instead}" if instead else gettext(VIDEO_GONE))


def dance_trend_link(rest: str) -> DeepLink | None:
    """`/dance-trends/{track}_{artist}/{username}-{videoId}`: the video and its trend; the trend alone (404) when the
    video is gone; None when the address names nothing. A bare `/dance-trends/{track}_{artist}` (a shared address
    cut back to its trend) selects the trend, as a bare hashtag does under /categories, while it has videos."""
    segments = [s for s in rest.split("/") if s]
    if not segments:
        return DeepLink(None, None, {})
    if len(segments) == 1:
        named = feeds.trend_by_slug(segments[0])
        if named is None or not named.video_count:
            return None
        return DeepLink(None, None, {"trend": TrendOut.of(named).as_props()})
    if len(segments) != 2 or video_id_from_slug(segments[1]) is None:
        return None
    video = linked_video(segments[1])
    if video is None:
        trend = feeds.trend_by_slug(segments[0])
        if trend is None:
            return DeepLink.gone({}, None)
        return DeepLink.gone(
            {"trend": TrendOut.of(trend).as_props()}, gettext("Here are more videos of its dance trend.")
        )
    card = video_card(video)
    return DeepLink.to(card, {"trend": TrendOut.of(card.trend).as_props() if card.trend else None})


def category_link(rest: str, playlist_id: str = "", tab: str = "") -> DeepLink | None:
    """`/categories/{hashtag}/{username}-{videoId}` or `/categories/{username}-{videoId}`; a bare hashtag selects;
    a bare `/categories?playlist={id}` opens the playlist, and `/categories?tab=playlists` the playlists' tab."""
    segments = [s for s in rest.split("/") if s]
    if not segments:
        if playlist_id:
            return playlist_link(playlist_id)
        return playlists_tab() if tab == PLAYLISTS_TAB else DeepLink(None, None, {})
    video = linked_video(segments[-1])
    if video is None:
        named = feeds.hashtag_by_name(segments[0]) if len(segments) <= 2 else None
        if len(segments) == 1 and named is not None:
            return DeepLink(None, None, {"hashtag": named.name})
        if len(segments) > 2 or video_id_from_slug(segments[-1]) is None:
            return None
        if named is None:
            return DeepLink.gone({}, None)
        return DeepLink.gone({"hashtag": named.name}, gettext("Here are more #%(name)s videos.", name=named.name))
    card = video_card(video)
    if len(segments) == 1:
        return DeepLink.to(card, {"hashtag": feeds.suggested_hashtag(video)})
    if (hashtag := segments[0].lstrip("#").lower()) not in card.tags:  # a hashtag the video does not carry
        shown = category_path(feeds.suggested_hashtag(video), card.creator.username, video.video_id)
        return DeepLink(None, None, {}, moved_to=shown)
    return DeepLink.to(card, {"hashtag": hashtag})


# What a playlist's id looks like; an address naming anything else ('abc') names a playlist not found, here as in
# the island (islands/lib/share.ts, linkedPlaylistId), which opens on the playlists too.
LINKED_PLAYLIST_ID = re.compile(r"[0-9]{1,18}")
PLAYLIST_MISSING = N_("Playlist not found. It may have been deleted or made private.")


PLAYLISTS_TAB = "playlists"


def playlists_tab() -> DeepLink:
    """The playlists' tab chosen, no playlist yet: the first page of public playlists for the panel, as the API
    answers it."""
    return DeepLink(None, None, {"public_playlists": public_answer(PublicQuery()).as_props()})


def playlist_link(playlist_id: str) -> DeepLink:
    """The playlist the viewer may see (public, or their own) with its first page of videos, and the first page of
    public playlists for the panel, each as the API answers it (the island starts from them); 404 with a notice when
    there is none by that id."""
    viewer = current_user if current_user.is_authenticated else None
    listed = public_answer(PublicQuery()).as_props()
    try:
        if not LINKED_PLAYLIST_ID.fullmatch(playlist_id):  # no playlist has such an id ('abc', '-1')
            raise NotFound(PLAYLIST_MISSING)
        playlist = playlists.visible_playlist(int(playlist_id), viewer)
    except NotFound:
        return DeepLink(None, None, {"playlist": None, "public_playlists": listed}, 404, gettext(PLAYLIST_MISSING))
    answer = videos_answer(playlist, PageQuery(limit=PLAYLIST_FIRST_PAGE)).as_props()
    return DeepLink(None, None, {"playlist": answer, "public_playlists": listed})


TREND_CARDS = 20  # the island's first page of trends (islands/dance-trends/trends-api.ts)


HASHTAG_CARDS = 20


def hashtag_cards(sort: str = "count", year: int | None = None, pinned: str | None = None) -> list[CountedHashtag]:
    """The categories list as it opens (Most Used, all time, unless the address chooses): its first hashtags, for
    crawlers and first paint. The hashtag of a shared video (`pinned`) heads it, as the island pins it."""
    cards = feeds.list_hashtags(sort, 0, HASHTAG_CARDS, *feeds.year_span(year)).items
    if not pinned:
        return cards
    counted = next((card for card in cards if card.tag.name == pinned), None)
    if counted is None and (tag := feeds.hashtag_by_name(pinned)):
        counted = feeds.counted_hashtag(tag, year)
    return [counted, *(card for card in cards if card is not counted)] if counted else cards


def trend_card_props(trends: list[Trend]) -> list[dict]:
    """Trends as cards: each as the API answers it, with the path of its most viewed video."""
    top = {card.video.trend_id: card for card in video_cards(feeds.top_video_of_each([t.id for t in trends]))}
    listed = zip(trends, TrendOut.listed([(t, None) for t in trends]), strict=True)
    return [{**out.as_props(), "path": top[t.id].trend_path if t.id in top else None} for t, out in listed]


def trend_cards(search: str, sort: str = "videoCount", pinned_key: str | None = None) -> tuple[PageOf, dict]:
    """The first page of trends for the dance-trends page (Featured, most videos first, unless the address
    chooses): as cards, each with the path of its most viewed video, a shared trend (`pinned_key`) first unless
    they are a search's matches, as the island pins it; and as the island's list starts from it ({items, hasMore},
    as GET /api/tiktok/dance-trends answers it), so it need not ask again."""
    trend_page = feeds.list_trends(search, sort, 0, TREND_CARDS)
    listed = trend_page.items
    shown = listed
    if pinned_key and not search:
        among = next((trend for trend in listed if trend.song_key == pinned_key), None)
        if pinned := among or feeds.trend_by_key(pinned_key):
            shown = [pinned, *(trend for trend in listed if trend.song_key != pinned_key)]
    cards = trend_card_props(shown)
    by_key = {card["songKey"]: {name: value for name, value in card.items() if name != "path"} for card in cards}
    first_page = {"items": [by_key[trend.song_key] for trend in listed], "hasMore": trend_page.total > len(listed)}
    return PageOf(cards, trend_page.total), first_page


def opening_trend(link: DeepLink | None, trend_page: PageOf) -> Trend | None:
    """The trend the island opens with: the linked one, else the first of the list."""
    opening = (link.context.get("trend") if link else None) or next(iter(trend_page.items), None)
    return feeds.trend_by_key(opening["songKey"]) if opening else None


def first_video_of(trend: Trend | None, sort: str, seed: int | None) -> dict | None:
    """The video the island plays first in the trend it opens with, as the API answers it: the first in the chosen
    order (a shuffle's only when the address carries its seed; else the island deals its own)."""
    if trend is None or (sort == "shuffle" and seed is None):
        return None
    first = feeds.trend_videos(trend, sort, 0, 1, seed or 0).items
    return VideoOut.of(video_card(first[0])).as_props() if first else None


def opening_curve(trend: Trend | None) -> dict | None:
    """What the curve of the trend the page opens with is drawn from: the page draws it, so the island shows it
    without a request."""
    return curve_context(trend) if trend else None

"""What the watching pages open with: the home feed's first videos, a deep-linked video and its context."""

import json
from dataclasses import dataclass

from app.api.random_feed import random_feed
from app.api.schemas import TrendOut, VideoOut
from app.catalog import video_id_from_slug
from app.models import Hashtag, Trend, Video
from app.services import feeds
from app.services.paging import PageOf
from app.services.videos import VideoCard, video_card, video_cards

HOME_FIRST_PAGE = 5


def home_props() -> dict:
    """The first page of the home feed, rendered into the page so the first video needs no extra request."""
    videos, total = random_feed(HOME_FIRST_PAGE)
    return {"videos": [json.loads(video) for video in videos], "totalTrends": total}


def linked_video(segment: str) -> Video | None:
    """The active video a URL segment `{username}-{videoId}` points at (the slug part is decoration)."""
    video_id = video_id_from_slug(segment)
    video = feeds.video_by_id(video_id) if video_id else None
    return video if video is not None and video.is_active else None


@dataclass
class DeepLink:
    video: dict | None  # as the API answers it: the page hands it to the player island
    canonical_path: str | None
    context: dict

    @classmethod
    def to(cls, card: VideoCard, context: dict) -> "DeepLink":
        return cls(VideoOut.of(card).as_props(), card.canonical_path, context)


def dance_trend_link(rest: str) -> DeepLink | None:
    """`/dance-trends/{track}_{artist}/{username}-{videoId}`: the video and its trend; None when it doesn't resolve."""
    segments = [s for s in rest.split("/") if s]
    if not segments:
        return DeepLink(None, None, {})
    video = linked_video(segments[-1]) if len(segments) == 2 else None
    if video is None:
        return None
    card = video_card(video)
    return DeepLink.to(card, {"trend": TrendOut.of(card.trend).as_props() if card.trend else None})


def category_link(rest: str) -> DeepLink | None:
    """`/categories/{hashtag}/{username}-{videoId}` or `/categories/{username}-{videoId}`; a bare hashtag selects."""
    segments = [s for s in rest.split("/") if s]
    if not segments:
        return DeepLink(None, None, {})
    video = linked_video(segments[-1])
    if video is None:
        if len(segments) == 1 and feeds.hashtag_by_name(segments[0]) is not None:
            return DeepLink(None, None, {"hashtag": segments[0].lstrip("#").lower()})
        return None
    card = video_card(video)
    hashtag = segments[0].lstrip("#").lower() if len(segments) == 2 else feeds.suggested_hashtag(video)
    if hashtag not in card.tags:
        hashtag = feeds.suggested_hashtag(video)
    return DeepLink.to(card, {"hashtag": hashtag})


TREND_CARDS_PER_PAGE = 24


HASHTAG_CARDS = 20


def hashtag_cards() -> list[tuple[Hashtag, int]]:
    """The categories list as it opens (Most Used, all time): its first hashtags, for crawlers and first paint."""
    page = feeds.list_hashtags("count", 0, HASHTAG_CARDS, None, None)
    return [(tag, count) for tag, count, _views in page.items]


def trend_card_props(trends: list[Trend]) -> list[dict]:
    """Trends as cards: each as the API answers it, with the path of its most viewed video."""
    top = {card.video.trend_id: card for card in video_cards(feeds.top_video_of_each([t.id for t in trends]))}
    return [{**TrendOut.of(t).as_props(), "path": top[t.id].trend_path if t.id in top else None} for t in trends]


def trend_cards(search: str, sort: str = "videoCount", page: int = 1) -> PageOf:
    """A page of trends for the dance-trends page (Featured: most videos first), each with the path of its most
    viewed video."""
    trend_page = feeds.list_trends(search, sort, (page - 1) * TREND_CARDS_PER_PAGE, TREND_CARDS_PER_PAGE)
    return PageOf(trend_card_props(trend_page.items), trend_page.total)

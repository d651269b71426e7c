"""GET /api/search: one query across users, creators, dance trends, hashtags and videos."""

from typing import Annotated, Self

from flask import Blueprint
from pydantic import BeforeValidator, Field

from app.api.feeds import MonitoredCreator
from app.api.operations import operation
from app.api.paging import PageQuery, Window, limit_field, page_envelope
from app.api.schemas import SEARCH_MAX, HashtagCount, OutModel, PageOut, PublicUser, TrendOut, VideoOut
from app.services import search
from app.services.cache import LIST_SECONDS, cached_response
from app.services.search import RESULTS_CAP, SEARCH_LIMIT_CAP, SearchKind
from app.services.videos import video_cards

bp = Blueprint("search_api", __name__, url_prefix="/api/search")


# A kind of result asked for; left out or empty, the first kind with matches.
ChosenKind = Annotated[SearchKind | None, BeforeValidator(lambda kind: kind or None)]


class SearchQuery(PageQuery):
    q: str = Field(default="", max_length=SEARCH_MAX, title="Search")
    type: ChosenKind = Field(default=None, title="Type", description="Left out or empty: the first kind with matches")
    limit: int = limit_field(20, SEARCH_LIMIT_CAP)


class SearchCounts(OutModel):
    users: int
    creators: int
    trends: int
    hashtags: int
    videos: int


class SearchPage(PageOut):
    """Every kind's count and one page of the kind shown: only that kind's list is in the answer."""

    q: str
    type: SearchKind
    counts: SearchCounts
    countCap: int = Field(description="Counts and lists stop here: a count this high means at least as many")
    users: list[PublicUser] | None = None
    creators: list[MonitoredCreator] | None = None
    trends: list[TrendOut] | None = None
    hashtags: list[HashtagCount] | None = None
    videos: list[VideoOut] | None = None

    @classmethod
    def of(cls, query: str, results: search.Results, window: Window) -> Self:
        answer = cls(
            q=query,
            type=results.kind,
            counts=SearchCounts(**results.counts),
            countCap=RESULTS_CAP,
            **page_envelope(results.total, window),
        )
        items = results.items
        match results.kind:
            case "users":
                answer.users = [PublicUser.of(user, subscribers) for user, subscribers in items]
            case "creators":
                answer.creators = [MonitoredCreator.of(creator) for creator in items]
            case "trends":
                answer.trends = [TrendOut.of(trend) for trend in items]
            case "hashtags":
                answer.hashtags = [HashtagCount.of(tag, tag.video_count, tag.example_description) for tag in items]
            case "videos":
                answer.videos = VideoOut.each(video_cards(items))
        return answer


@bp.get("")
@cached_response(LIST_SECONDS)
@operation(
    "Search users and creators (any part of a name), dance trends (song or artist), hashtags and videos (caption)"
    " by the start of their words; accents and case do not matter, the most popular come first",
    query=SearchQuery,
    response=SearchPage,
    tag="search",
)
def search_everything(query: SearchQuery):
    results = search.search(query.q, query.type, query.offset, query.limit)
    return SearchPage.of(query.q, results, query)

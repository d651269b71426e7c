"""htmx fragments; each is also included by the page that first renders it."""

from flask import Blueprint, render_template
from pydantic import Field

from app.api.feeds import MonitoredCreator
from app.api.operations import parse_query
from app.api.paging import limit_field
from app.api.schemas import ApiModel, PublicUser, SearchText
from app.i18n import N_
from app.pages.glance import GlanceRange, glance_context
from app.pages.trend_curve import trend_curve_html
from app.security import admin_fragment
from app.services import feeds, search
from app.services.cache import LIST_SECONDS, cached_response
from app.services.errors import NotFound
from app.services.search import RESULTS_CAP, SEARCH_LIMIT_CAP

bp = Blueprint("partials", __name__, url_prefix="/partials")


class UserSearchQuery(ApiModel):
    q: SearchText = ""
    limit: int = limit_field(8, SEARCH_LIMIT_CAP)


@bp.get("/user-search")
def user_search():
    args = parse_query(UserSearchQuery)
    users = [PublicUser.of(user, count).as_props() for user, count in search.users(args.q, 0, args.limit)]
    creators = [MonitoredCreator.of(creator).as_props() for creator in search.creators(args.q, 0, args.limit)]
    # No person by that name: say which other kinds the search page has for it, rather than that nothing matched.
    elsewhere = {}
    if not users and not creators and len(args.q) >= 2:
        elsewhere = {kind: n for kind, n in search.counts(args.q).items() if n and kind in search.CATALOG}
    return render_template(
        "_partials/user_results.html",
        query=args.q,
        results=users,
        creators=creators,
        elsewhere=elsewhere,
        count_cap=RESULTS_CAP,
        compact=args.limit <= 8,
    )


@bp.get("/celebrities")
@cached_response(LIST_SECONDS, visitor_only=True)
def celebrities():
    """The sidebar's monitored creators, drawn again when an island says the catalog changed (a creator deleted)."""
    return render_template("_partials/celebrities.html")


class TrendCurveQuery(ApiModel):
    songKey: str = Field(min_length=1, max_length=700, title="Song key")


@bp.get("/trend-curve")
@cached_response(LIST_SECONDS, visitor_only=True)
def trend_curve():
    """The curve of the trend the dance-trends page selects, drawn as the page draws the one it opens with."""
    trend = feeds.trend_by_key(parse_query(TrendCurveQuery).songKey)
    if trend is None:
        raise NotFound(N_("Dance trend not found"))
    return trend_curve_html(trend)


@bp.get("/portal-glance")
@admin_fragment
def portal_glance():
    """The developer portal's 'At a glance' section for another time range."""
    return render_template("_partials/portal_glance.html", **glance_context(parse_query(GlanceRange).days))

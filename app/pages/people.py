"""Screens about people: user search, profiles, creator pages, account settings."""

from math import ceil

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_login import current_user

from app.api.feeds import MonitoredCreator
from app.api.operations import parse_query
from app.api.paging import PageQuery, page_envelope, page_field, video_page_envelope
from app.api.schemas import ApiModel, CreatorProfile, CreatorRef, PublicUser, SearchText, TrendOut, VideoOut, VideoPage
from app.api.search import ChosenKind
from app.models import Creator, User
from app.pages import choices
from app.pages.feeds import creator_feed
from app.pages.watch import trend_card_props
from app.seo import site_meta
from app.services import accounts, follows, scoped, search, uploads
from app.services.cache import PAGE_SECONDS, cached_response
from app.services.creators import creator_directory
from app.services.feeds import CountedHashtag
from app.services.search import RESULTS_CAP, SEARCH_LIMIT_CAP, SEARCH_MIN_CHARS
from app.services.videos import video_cards

bp = Blueprint("people", __name__)


SEARCH_LAST_PAGE = RESULTS_CAP // SEARCH_LIMIT_CAP  # the last page of a kind's capped list


class SearchPageQuery(ApiModel):
    q: SearchText = ""
    type: ChosenKind = None
    page: int = page_field()


# The creator island's first list: all videos, newest first, 20 to a page. Sent with the page, so its first video
# paints without waiting for the island to ask for it.
CREATOR_PAGE_SIZE = 20


def _listed(results: search.Results) -> list:
    """The shown kind's rows as the search page draws them."""
    match results.kind:
        case "users":
            return [PublicUser.of(user, subscribers).as_props() for user, subscribers in results.items]
        case "creators":
            return [MonitoredCreator.of(creator).as_props() for creator in results.items]
        case "trends":
            return trend_card_props(list(results.items))
        case "hashtags":
            return [CountedHashtag.all_time(tag) for tag in results.items]
        case "videos":
            return video_cards(results.items)


@bp.get("/search", endpoint="search")
@cached_response(PAGE_SECONDS, visitor_only=True)
def search_page():
    """Every kind's count in tabs and a page of one kind; the address holds the query, the tab and the page."""
    args = parse_query(SearchPageQuery)
    context = {"query": args.q, "chosen": args.type, "kinds": search.KINDS, "count_cap": RESULTS_CAP}
    if len(args.q) < SEARCH_MIN_CHARS:  # nothing typed yet, or one character: an invitation, not "nothing found"
        return render_template("pages/search.html", results=None, too_short=bool(args.q), **context)
    window = PageQuery(page=min(args.page, SEARCH_LAST_PAGE), limit=SEARCH_LIMIT_CAP)
    results = search.search(args.q, args.type, window.offset, window.limit)
    paging = page_envelope(results.total, window)
    if args.page > max(paging["totalPages"], 1):  # a stale or edited link: the last page, under its own address
        last = paging["totalPages"] if paging["totalPages"] > 1 else None
        return redirect(url_for("people.search", q=args.q, type=args.type, page=last))
    return render_template("pages/search.html", results=results, items=_listed(results), paging=paging, **context)


def _profile_props(user: User, is_own: bool) -> dict:
    """What the profile island shows: someone else's non-public profile shows only its username."""
    if not is_own and user.profile_visibility != "public":
        return {"username": user.username, "isPrivate": True}
    props = {
        "username": user.username,
        "avatar": user.avatar,
        "bio": user.bio or "",
        "createdAt": user.created_at.isoformat(),
    }
    if is_own:  # the owner's list is fetched live, with Unfollow buttons
        return {**props, "followingCount": len(accounts.followed_usernames(user))}
    following = [creator.as_props() for creator in CreatorRef.each(follows.following_list(user))]
    return {**props, "followingCount": len(following), "following": following}


def _own_uploads(user: User) -> dict:
    """The owner's newest uploads, so they find what they sent while it waits for review."""
    page = uploads.uploads_of(user)
    newest = [
        {"title": u.title, "fileName": u.original_name, "uploadedAt": u.created_at.isoformat(), "status": u.status}
        for u in page.items
    ]
    return {"newest": newest, "total": page.total}


@bp.get("/profile/<username>")
def profile(username: str):
    user = accounts.find_by_username(username)
    if user is None and (current := accounts.renamed_to(username)):
        return redirect(url_for("people.profile", username=current))  # 302: the old name may be taken later
    if user is None:
        return render_template("pages/profile.html", profile=None, username=username), 404
    is_own = current_user.is_authenticated and current_user.id == user.id
    props = _profile_props(user, is_own)
    own_uploads = _own_uploads(user) if is_own else None
    return render_template(
        "pages/profile.html", profile=props, is_own=is_own, joined=user.created_at, own_uploads=own_uploads
    )


class CreatorsQuery(ApiModel):
    page: int = page_field()


CREATORS_PER_PAGE = 48


@bp.get("/creators")
@cached_response(PAGE_SECONDS, visitor_only=True)
def creators():
    """Every active creator, a page at a time: where the sidebar's 'and N more creators' leads."""
    number = parse_query(CreatorsQuery).page
    listing = creator_directory((number - 1) * CREATORS_PER_PAGE, CREATORS_PER_PAGE)
    pages = max(1, ceil(listing.total / CREATORS_PER_PAGE))
    if number > pages:
        abort(404)
    path = url_for("people.creators", page=number if number > 1 else None)
    return render_template(
        "pages/creators.html",
        creators=listing.items,
        total=listing.total,
        page=number,
        pages=pages,
        meta=site_meta(path=path),
    )


CHANNEL_FILTERS = ("trend", "hashtag", "playlist")  # a creator address's filter (islands/ui/channel-address.ts)


def _first_trends(creator: Creator, sort: str) -> dict | None:
    """The sidebar's Trends tab as the island opens it, unless the address names a filter (then it opens on the list
    that holds it): page 1 of the creator's trends in the address's sort, as the API answers it."""
    if any(request.args.get(kind) for kind in CHANNEL_FILTERS):
        return None
    page = scoped.trends_in(scoped.of_creator(creator), sort, 0, CREATOR_PAGE_SIZE)
    return {
        "items": [trend.as_props() for trend in TrendOut.listed(page.items)],
        "hasMore": page.total > len(page.items),
    }


@bp.get("/user/<username>")
@cached_response(PAGE_SECONDS, visitor_only=True)
def creator(username: str):
    found = Creator.by_username(username)
    if found is None:
        return render_template("pages/creator.html", profile=None, username=username), 404
    video_sort = choices.choice("videoSort", choices.CREATOR_VIDEO_SORTS)
    trend_sort = choices.choice("trendSort", choices.TREND_SORTS)
    page = scoped.videos_page(scoped.of_creator(found), video_sort.value, 0, CREATOR_PAGE_SIZE)
    videos = VideoOut.each(video_cards(page.items))
    paging = video_page_envelope(page.total, PageQuery(limit=CREATOR_PAGE_SIZE))
    first_page = VideoPage(videos=videos, **paging).as_props()
    profile = CreatorProfile.of(found).as_props()
    return render_template(
        "pages/creator.html",
        profile=profile,
        first_page=first_page,
        video_sort=video_sort,
        trend_sort=trend_sort,
        first_trends=_first_trends(found, trend_sort.value),
        username=found.username,
        feeds=[creator_feed(found)],
    )


@bp.get("/settings")
def settings():
    return render_template("pages/settings.html")

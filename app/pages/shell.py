"""The watching and discovery screens of spec §2, plus sign-in pages and the admin portal."""

from flask import Blueprint, abort, redirect, render_template, request
from flask_login import current_user

from app.api.operations import parse_query
from app.api.schemas import ApiModel, SearchText
from app.pages import choices, watch
from app.pages.feeds import FeedLink, hashtag_feed, playlist_feed, trend_feed
from app.pages.glance import GlanceRange, glance_context
from app.security import admin_page
from app.seo import feed_meta, site_meta, video_meta
from app.services.cache import PAGE_SECONDS, cached_response

bp = Blueprint("shell", __name__)


class TrendSearch(ApiModel):
    search: SearchText = ""


@bp.get("/")
@cached_response(PAGE_SECONDS, visitor_only=True)
def home():
    props = watch.home_props()
    return render_template("pages/home.html", props=props, first=next(iter(props["videos"]), None), meta=site_meta())


def _deep_link_page(template: str, link: watch.DeepLink | None, **context):
    if link is None:
        abort(404)
    if link.moved_to:  # the address's choices (its sorts) go along
        query = request.query_string.decode()
        return redirect(f"{link.moved_to}?{query}" if query else link.moved_to)
    if link.video and link.canonical_path:
        meta = video_meta(link.video, link.canonical_path)
    else:
        meta = feed_meta(link.context.get("trend"), link.context.get("hashtag"))
    page = render_template(
        template, video=link.video, meta=meta, notice=link.notice, feeds=_feeds_of(link), **link.context, **context
    )
    return page, link.status


def _feeds_of(link: watch.DeepLink) -> list[FeedLink]:
    """The feeds of what the page opens on: the linked trend or hashtag, or a public playlist."""
    trend, hashtag = link.context.get("trend"), link.context.get("hashtag")
    if trend:
        return [trend_feed(trend["track"], trend["slug"])]
    if hashtag:
        return [hashtag_feed(hashtag)]
    opened = (link.context.get("playlist") or {}).get("playlist")  # as the API answers it (watch.playlist_link)
    return [playlist_feed(opened["name"], opened["_id"])] if opened and opened["isPublic"] else []


@bp.get("/dance-trends", defaults={"rest": ""})
@bp.get("/dance-trends/<path:rest>")
@cached_response(PAGE_SECONDS, visitor_only=True)
def dance_trends(rest: str):
    search = parse_query(TrendSearch).search
    trend_sort = choices.choice("trendSort", choices.TREND_SORTS)
    video_sort = choices.choice("videoSort", choices.VIDEO_SORTS, choices.TREND_VIDEO_SORTS)
    link = watch.dance_trend_link(rest)
    shared = (link.context.get("trend") or {}).get("songKey") if link else None
    trend_page, first_trends = watch.trend_cards(search, trend_sort.value, pinned_key=shared)
    opening = watch.opening_trend(link, trend_page)
    # Without a video in the address, the island plays the first of the trend it opens with: drawn here too.
    no_video = link is not None and link.video is None
    first_video = watch.first_video_of(opening, video_sort.value, choices.addressed_seed()) if no_video else None
    return _deep_link_page(
        "pages/dance_trends.html",
        link,
        search=search,
        trend_page=trend_page,
        first_trends=first_trends,
        curve=watch.opening_curve(opening),
        trend_sort=trend_sort,
        video_sort=video_sort,
        opening_card=next(iter(trend_page.items), None),
        first_video=first_video,
    )


@bp.get("/following")
def following():
    return render_template("pages/following.html")


@bp.get("/categories", defaults={"rest": ""})
@bp.get("/categories/<path:rest>")
@cached_response(PAGE_SECONDS, visitor_only=True)
def categories(rest: str):
    link = watch.category_link(rest, request.args.get("playlist", ""), request.args.get("tab", ""))
    lists_playlists = link is not None and "public_playlists" in link.context  # its panel lists playlists, not hashtags
    hashtag_sort, year = choices.choice("hashtagSort", choices.HASHTAG_SORTS), choices.addressed_year()
    shared = link.context.get("hashtag") if link and link.video else None  # a shared video's hashtag
    return _deep_link_page(
        "pages/categories.html",
        link,
        hashtags=[] if lists_playlists else watch.hashtag_cards(hashtag_sort.value, year, shared),
        hashtag_sort=hashtag_sort,
        year=year,
        video_sort=choices.choice("videoSort", choices.VIDEO_SORTS, choices.CATEGORY_VIDEO_SORTS),
    )


@bp.get("/upload")
def upload():
    return render_template("pages/upload.html")


@bp.get("/add-tiktok-profile")
def add_tiktok_profile():
    return render_template("pages/add_tiktok_profile.html")


@bp.get("/developer-portal")
@admin_page
def developer_portal():
    return render_template("pages/developer_portal.html", **glance_context(parse_query(GlanceRange).days))


@bp.get("/login")
def login():
    return render_template("pages/sign_in.html", mode="login", signed_in=current_user.is_authenticated)


@bp.get("/register")
def register():
    return render_template("pages/sign_in.html", mode="register", signed_in=current_user.is_authenticated)

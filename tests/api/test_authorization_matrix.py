"""Who may call what: every route of the app, tried as a visitor, a user, another user and an admin.

TABLE declares the access level of every (method, rule) of `app.url_map`; a new route fails the coverage test
until it has a row, and a row whose route is gone fails too. CALLS says how to reach a route's resource (path
parameters, a body that passes validation, a fresh target for calls that delete it): keep request details there.

The walk makes each real request: pages with a cookie session, the API with a cookie session and its CSRF token
and again with a bearer token. Owner-only resources belong to the owner; the other user and the admin must be
told they do not exist (404). Every request by someone other than the owner leaves the owner's data as it was
and shows none of the owner's private values; a refused request writes nothing at all.
"""

import io
import ipaddress
import itertools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import Enum
from types import SimpleNamespace
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from sqlalchemy import event, select

from app.api.schemas import VideoOut
from app.catalog.records import video_url
from app.extensions import db
from app.models import Download, Playlist, Video, VideoReport
from app.models.types import utcnow
from app.services import accounts, profiles
from app.services.catalog_files import ReadStats, read_catalog
from app.services.downloads import downloads_dir
from app.services.ingest import ingest_records
from app.services.videos import category_path, video_cards
from tests.conftest import DEFAULT_PASSWORD, FIXTURE_CATALOG, ApiClient
from tests.fakes import videos


class Access(Enum):
    PUBLIC = "anyone"
    SIGNED_IN = "any signed-in user; 401 for visitors"
    OWNER = "the owner only; 401 for visitors, 404 for everyone else (admins are not owners)"
    OWNER_UNLESS_PUBLIC = "the owner's, or public ones; a private one is a 404 to everyone else, visitors too"
    ADMIN = "admins only; 401 for visitors, 403 for users"
    ADMIN_PAGE = "admins only; anyone else is sent to /?login=1&next=<path>"


PUBLIC, SIGNED_IN, OWNER = Access.PUBLIC, Access.SIGNED_IN, Access.OWNER
OWNER_UNLESS_PUBLIC, ADMIN, ADMIN_PAGE = Access.OWNER_UNLESS_PUBLIC, Access.ADMIN, Access.ADMIN_PAGE

# One row per route and method (HEAD follows GET and OPTIONS is answered by Flask, so neither has a row).
TABLE: dict[tuple[str, str], Access] = {
    # Pages (spec §2); /following, /upload and /settings show visitors a sign-in prompt, so they are public.
    ("GET", "/"): PUBLIC,
    ("GET", "/about-us"): PUBLIC,
    ("GET", "/add-tiktok-profile"): PUBLIC,
    ("GET", "/categories"): PUBLIC,
    ("GET", "/categories/<path:rest>"): PUBLIC,
    ("GET", "/contact-us"): PUBLIC,
    ("GET", "/creators"): PUBLIC,
    ("POST", "/contact-us"): PUBLIC,
    ("GET", "/dance-trends"): PUBLIC,
    ("GET", "/dance-trends/<path:rest>"): PUBLIC,
    ("GET", "/developer-portal"): ADMIN_PAGE,
    ("GET", "/following"): PUBLIC,
    ("GET", "/login"): PUBLIC,
    ("GET", "/partials/user-search"): PUBLIC,
    ("GET", "/partials/celebrities"): PUBLIC,
    ("GET", "/partials/trend-curve"): PUBLIC,
    ("GET", "/partials/portal-glance"): ADMIN,
    ("GET", "/privacy-policy"): PUBLIC,
    ("GET", "/profile/<username>"): PUBLIC,
    ("GET", "/register"): PUBLIC,
    ("GET", "/reset-password/<token>"): PUBLIC,
    ("POST", "/reset-password/<token>"): PUBLIC,
    ("GET", "/register/confirm/<token>"): PUBLIC,
    ("POST", "/register/confirm/<token>"): PUBLIC,
    ("GET", "/account/email/<token>"): PUBLIC,  # the link is the proof: it reaches only the new address
    ("POST", "/account/email/<token>"): PUBLIC,
    ("GET", "/healthz"): PUBLIC,
    ("GET", "/robots.txt"): PUBLIC,
    ("GET", "/manifest.webmanifest"): PUBLIC,
    ("GET", "/sw.js"): PUBLIC,
    ("GET", "/offline"): PUBLIC,
    ("POST", "/language"): PUBLIC,  # a visitor's choice is a cookie; a signed-in user's also goes to the account
    # Atom feeds carry no sign-in: a private playlist is a 404 to everyone, its owner too.
    ("GET", "/feeds/creator/<username>.atom"): PUBLIC,
    ("GET", "/feeds/hashtag/<name>.atom"): PUBLIC,
    ("GET", "/feeds/trend/<slug>.atom"): PUBLIC,
    ("GET", "/feeds/playlist/<int:playlist_id>.atom"): PUBLIC,
    ("GET", "/feeds/following/<key>.atom"): PUBLIC,
    ("GET", "/search"): PUBLIC,
    ("GET", "/settings"): PUBLIC,
    ("GET", "/sitemap-<int:number>.xml"): PUBLIC,
    ("GET", "/sitemap.xml"): PUBLIC,
    ("GET", "/static/<path:filename>"): PUBLIC,
    ("GET", "/terms-of-use"): PUBLIC,
    ("GET", "/thumbs/<video_id>.jpg"): PUBLIC,
    ("GET", "/upload"): PUBLIC,
    ("GET", "/user/<username>"): PUBLIC,
    # Auth and users
    ("POST", "/api/auth/login"): PUBLIC,
    ("POST", "/api/auth/register"): PUBLIC,
    ("POST", "/api/auth/logout"): PUBLIC,
    ("POST", "/api/auth/logout-all"): SIGNED_IN,
    ("GET", "/api/auth/csrf"): PUBLIC,
    ("GET", "/api/auth/me"): PUBLIC,
    ("GET", "/api/auth/check-username"): PUBLIC,
    ("PUT", "/api/auth/profile"): SIGNED_IN,
    ("DELETE", "/api/auth/email-change"): SIGNED_IN,
    ("PUT", "/api/auth/password"): SIGNED_IN,
    ("PUT", "/api/auth/language"): SIGNED_IN,
    ("PUT", "/api/auth/privacy"): SIGNED_IN,
    ("DELETE", "/api/auth/account"): SIGNED_IN,
    ("POST", "/api/auth/2fa/setup"): SIGNED_IN,
    ("POST", "/api/auth/2fa/enable"): SIGNED_IN,
    ("POST", "/api/auth/2fa/disable"): SIGNED_IN,
    ("POST", "/api/auth/forgot-password"): PUBLIC,
    ("GET", "/api/users"): PUBLIC,
    ("GET", "/api/search"): PUBLIC,
    ("GET", "/api/openapi.json"): PUBLIC,
    ("GET", "/api/docs"): PUBLIC,
    # Follows and the viewer's feed position (a visitor's saved position is null)
    ("GET", "/api/tiktok/following-count"): SIGNED_IN,
    ("GET", "/api/following-feed"): SIGNED_IN,
    ("POST", "/api/following-feed/reset"): SIGNED_IN,
    ("GET", "/api/tiktok/following-list"): SIGNED_IN,
    ("POST", "/api/tiktok/toggle-follow"): SIGNED_IN,
    ("POST", "/api/tiktok/follow"): SIGNED_IN,
    ("GET", "/api/tiktok/suggestions"): PUBLIC,
    ("GET", "/api/user/video-position"): PUBLIC,
    ("PUT", "/api/user/video-position"): SIGNED_IN,
    # Feeds
    ("GET", "/api/tiktok/random-video"): PUBLIC,
    ("GET", "/api/tiktok/usernames"): PUBLIC,
    ("GET", "/api/tiktok/dance-trends"): PUBLIC,
    ("GET", "/api/tiktok/dance-trends/videos"): PUBLIC,
    ("GET", "/api/tiktok/dance-trends/<path:song_key>/series"): PUBLIC,
    ("GET", "/api/tiktok/hashtags"): PUBLIC,
    ("GET", "/api/tiktok/videos/hashtag/<path:hashtag>"): PUBLIC,
    ("GET", "/api/tiktok/videos"): PUBLIC,
    ("GET", "/api/tiktok/videos/find-by-id/<video_id>"): PUBLIC,
    ("GET", "/api/tiktok/dance-trends/following/metadata"): SIGNED_IN,
    ("GET", "/api/tiktok/categories/following/hashtags"): SIGNED_IN,
    ("GET", "/api/tiktok/videos/following/trends"): SIGNED_IN,
    ("GET", "/api/tiktok/videos/following/hashtag/<path:tag>"): SIGNED_IN,
    # Creator pages
    ("GET", "/api/tiktok/usernames/<username>"): PUBLIC,
    ("GET", "/api/tiktok/usernames/<username>/followers"): PUBLIC,
    ("GET", "/api/tiktok/videos/<username>"): PUBLIC,
    ("GET", "/api/tiktok/dance-trends/user/<username>"): PUBLIC,
    ("GET", "/api/tiktok/categories/user/<username>/hashtags"): PUBLIC,
    ("GET", "/api/tiktok/videos/user/<username>/trend/<path:song_key>"): PUBLIC,
    ("GET", "/api/tiktok/videos/user/<username>/hashtag/<path:tag>"): PUBLIC,
    # Playlists
    ("GET", "/api/playlists/my"): SIGNED_IN,
    ("GET", "/api/playlists/public"): PUBLIC,
    ("POST", "/api/playlists"): SIGNED_IN,
    ("PATCH", "/api/playlists/<int:playlist_id>"): OWNER,
    ("DELETE", "/api/playlists/<int:playlist_id>"): OWNER,
    ("GET", "/api/playlists/<int:playlist_id>/videos"): OWNER_UNLESS_PUBLIC,
    ("GET", "/api/playlists/<int:playlist_id>/export"): OWNER_UNLESS_PUBLIC,
    ("POST", "/api/playlists/import"): SIGNED_IN,
    ("GET", "/api/auth/export"): SIGNED_IN,
    ("POST", "/api/playlists/<int:playlist_id>/videos"): OWNER,
    ("DELETE", "/api/playlists/<int:playlist_id>/videos/<video_id>"): OWNER,
    ("GET", "/api/videos/<video_id>/playlists"): SIGNED_IN,
    # Reports
    ("POST", "/api/tiktok/videos/user-report"): PUBLIC,
    ("POST", "/api/tiktok/videos/report-unavailable"): ADMIN,
    ("GET", "/api/admin/video-reports"): ADMIN,
    ("GET", "/api/admin/video-reports/stats"): ADMIN,
    ("PUT", "/api/admin/video-reports/<int:report_id>"): ADMIN,
    # Admin and profile creation (adding creator profiles is for every signed-in user, spec §6)
    ("GET", "/api/tiktok/stats"): ADMIN,
    ("DELETE", "/api/tiktok/usernames/<username>"): ADMIN,
    ("GET", "/api/tiktok/videos/enhanced-health-status"): ADMIN,
    ("GET", "/api/tiktok/videos/reset-metadata-counts"): ADMIN,
    ("POST", "/api/tiktok/videos/enhanced-health-check"): ADMIN,
    ("GET", "/api/tiktok/videos/enhanced-health-check/<job_id>"): ADMIN,
    ("GET", "/api/tiktok/videos/enhanced-health-check/latest"): ADMIN,
    ("GET", "/api/admin/tiktok-status"): ADMIN,
    ("POST", "/api/admin/tiktok-status/canary"): ADMIN,
    ("POST", "/api/tiktok/preview-profile"): SIGNED_IN,
    ("POST", "/api/tiktok/extract-user-videos/<username>"): SIGNED_IN,
    ("GET", "/api/tiktok/extraction-progress/<username>"): SIGNED_IN,
    ("POST", "/api/tiktok/extraction-progress/<username>/left"): SIGNED_IN,
    ("POST", "/api/tiktok/confirm-profile"): SIGNED_IN,
    ("POST", "/api/tiktok/videos/extract-metadata/<video_id>"): SIGNED_IN,
    # Downloads
    ("POST", "/api/download-tiktok"): ADMIN,
    ("GET", "/api/download-status/<int:download_id>"): ADMIN,
    ("GET", "/api/download-file"): ADMIN,
    ("POST", "/api/download-user-videos/<username>"): ADMIN,
    ("GET", "/api/download-progress/<progress_id>"): ADMIN,
    ("GET", "/api/active-downloads/<username>"): ADMIN,
    # Player settings
    ("GET", "/api/player-settings/global"): PUBLIC,
    ("PUT", "/api/player-settings/global"): ADMIN,
    ("POST", "/api/player-settings/global/reset"): ADMIN,
    # Uploads and the team's inbox
    ("POST", "/api/uploads"): SIGNED_IN,
    ("GET", "/api/admin/uploads"): ADMIN,
    ("GET", "/api/admin/uploads/<int:upload_id>/file"): ADMIN,
    ("DELETE", "/api/admin/uploads/<int:upload_id>"): ADMIN,
    ("GET", "/api/admin/contact-messages"): ADMIN,
}

# ---- how to reach each route ------------------------------------------------------------------------------

PASSWORD = DEFAULT_PASSWORD
MP4 = videos.mp4(b"\x00" * 64)


def with_password(body: dict) -> dict:
    """A body that also confirms the caller's password, under either name the account calls use."""
    return {**body, "password": PASSWORD, "currentPassword": PASSWORD}


def upload_form(title: str) -> dict:
    return {"title": title, "tags": "dance", "visibility": "public", "video": (io.BytesIO(MP4), "dance.mp4")}


@dataclass(frozen=True)
class Call:
    """How to make a row's request. `path` is formatted with the world's names (see World.names); `json` and
    `form` may be callables of the request's context (those names, plus the caller's `email`, `username` and a
    `unique` number); `setup` makes a fresh target before each request and returns names for it; with
    `own_account` every role calls from a new account of its own, because the call changes or ends it."""

    path: str | None = None
    json: Any = None
    form: Any = None
    setup: Callable[["World"], dict] | None = None
    own_account: bool = False


CALLS: dict[tuple[str, str], Call] = {
    ("GET", "/categories/<path:rest>"): Call("{category_path}"),
    ("POST", "/contact-us"): Call(
        form={"name": "Matrix", "email": "matrix@example.com", "subject": "general", "message": "Hello, team."}
    ),
    ("GET", "/dance-trends/<path:rest>"): Call("{trend_path}"),
    ("GET", "/partials/user-search"): Call("/partials/user-search?q=qv7x"),
    ("GET", "/partials/trend-curve"): Call("/partials/trend-curve?songKey={song_key}"),
    ("GET", "/profile/<username>"): Call("/profile/{owner}"),
    ("GET", "/register/confirm/<token>"): Call("/register/confirm/not-a-registration-token"),
    ("POST", "/register/confirm/<token>"): Call("/register/confirm/not-a-registration-token", form={}),
    ("GET", "/account/email/<token>"): Call("/account/email/not-an-email-token"),
    ("POST", "/account/email/<token>"): Call("/account/email/not-an-email-token", form={}),
    ("GET", "/reset-password/<token>"): Call("/reset-password/not-a-reset-token"),
    ("POST", "/reset-password/<token>"): Call(
        "/reset-password/not-a-reset-token", form={"password": "new-secret-456", "confirm": "new-secret-456"}
    ),
    ("GET", "/search"): Call("/search?q=qv7x"),
    ("GET", "/sitemap-<int:number>.xml"): Call("/sitemap-1.xml"),
    ("GET", "/feeds/creator/<username>.atom"): Call("/feeds/creator/{creator}.atom"),
    ("GET", "/feeds/hashtag/<name>.atom"): Call("/feeds/hashtag/{hashtag}.atom"),
    ("GET", "/feeds/trend/<slug>.atom"): Call("/feeds/trend/{trend_slug}.atom"),
    ("GET", "/feeds/playlist/<int:playlist_id>.atom"): Call(
        "/feeds/playlist/{playlist}.atom", setup=lambda w: {"playlist": w.owner_playlist(with_video=True)}
    ),
    ("GET", "/feeds/following/<key>.atom"): Call("/feeds/following/not-a-feed-key.atom"),
    ("GET", "/api/playlists/<int:playlist_id>/export"): Call(
        "/api/playlists/{playlist}/export?format=csv", setup=lambda w: {"playlist": w.owner_playlist(with_video=True)}
    ),
    ("POST", "/api/playlists/import"): Call(
        json=lambda c: {
            "format": "urls",
            "content": f"{c.video}\nhttps://www.tiktok.com/@someone/video/7000000000000000001",
        }
    ),
    ("GET", "/static/<path:filename>"): Call("/static/img/favicon.svg"),
    ("GET", "/thumbs/<video_id>.jpg"): Call("/thumbs/{video}.jpg"),
    ("GET", "/user/<username>"): Call("/user/{creator}"),
    ("POST", "/api/auth/login"): Call(json=lambda c: {"email": c.email, "password": PASSWORD}, own_account=True),
    ("POST", "/api/auth/register"): Call(
        json=lambda c: {
            "username": f"joiner{c.unique}",
            "email": f"joiner{c.unique}@example.com",
            "password": PASSWORD,
        },
        own_account=True,
    ),
    ("POST", "/api/auth/logout"): Call(own_account=True),
    ("POST", "/api/auth/logout-all"): Call(own_account=True),
    ("GET", "/api/auth/check-username"): Call("/api/auth/check-username?username={owner}"),
    ("PUT", "/api/auth/profile"): Call(
        json=lambda c: with_password({"username": c.username, "email": c.email, "bio": "Dancing daily"}),
        own_account=True,
    ),
    ("PUT", "/api/auth/password"): Call(
        json={"currentPassword": PASSWORD, "newPassword": "another-secret-456"}, own_account=True
    ),
    ("PUT", "/api/auth/language"): Call(json={"language": "vi"}, own_account=True),
    ("DELETE", "/api/auth/email-change"): Call(own_account=True),
    ("PUT", "/api/auth/privacy"): Call(
        json=with_password({"profileVisibility": "public", "emailNotifications": True}), own_account=True
    ),
    ("DELETE", "/api/auth/account"): Call(json=with_password({}), own_account=True),
    ("POST", "/api/auth/2fa/setup"): Call(json=with_password({}), own_account=True),
    ("POST", "/api/auth/2fa/enable"): Call(json=with_password({"code": "000000"}), own_account=True),
    ("POST", "/api/auth/2fa/disable"): Call(json=with_password({}), own_account=True),
    ("POST", "/api/auth/forgot-password"): Call(json=lambda c: {"email": c.email}, own_account=True),
    ("GET", "/api/users"): Call("/api/users?search=qv7x"),
    ("GET", "/api/search"): Call("/api/search?q=qv7x"),
    ("POST", "/api/tiktok/toggle-follow"): Call(json=lambda c: {"username": c.creator}),
    ("POST", "/api/tiktok/follow"): Call(json=lambda c: {"followedUsers": [c.creator]}),
    ("PUT", "/api/user/video-position"): Call(json={"videoIndex": 3, "page": "categories"}),
    ("GET", "/api/tiktok/videos/hashtag/<path:hashtag>"): Call("/api/tiktok/videos/hashtag/{hashtag}"),
    ("GET", "/api/tiktok/videos/find-by-id/<video_id>"): Call("/api/tiktok/videos/find-by-id/{video}"),
    ("GET", "/api/tiktok/videos/following/hashtag/<path:tag>"): Call("/api/tiktok/videos/following/hashtag/{hashtag}"),
    ("GET", "/api/tiktok/usernames/<username>"): Call("/api/tiktok/usernames/{creator}"),
    ("GET", "/api/tiktok/usernames/<username>/followers"): Call("/api/tiktok/usernames/{creator}/followers"),
    ("GET", "/api/tiktok/videos/<username>"): Call("/api/tiktok/videos/{creator}"),
    ("GET", "/api/tiktok/dance-trends/user/<username>"): Call("/api/tiktok/dance-trends/user/{creator}"),
    ("GET", "/api/tiktok/dance-trends/<path:song_key>/series"): Call("/api/tiktok/dance-trends/{song_key}/series"),
    ("GET", "/api/tiktok/categories/user/<username>/hashtags"): Call("/api/tiktok/categories/user/{creator}/hashtags"),
    ("GET", "/api/tiktok/videos/user/<username>/trend/<path:song_key>"): Call(
        "/api/tiktok/videos/user/{creator}/trend/{song_key}"
    ),
    ("GET", "/api/tiktok/videos/user/<username>/hashtag/<path:tag>"): Call(
        "/api/tiktok/videos/user/{creator}/hashtag/{hashtag}"
    ),
    ("POST", "/api/playlists"): Call(json={"name": "Warm-ups"}),
    ("PATCH", "/api/playlists/<int:playlist_id>"): Call("/api/playlists/{private_playlist}", json={"isPublic": False}),
    ("DELETE", "/api/playlists/<int:playlist_id>"): Call(
        "/api/playlists/{playlist}", setup=lambda w: {"playlist": w.owner_playlist()}
    ),
    ("GET", "/api/playlists/<int:playlist_id>/videos"): Call("/api/playlists/{private_playlist}/videos"),
    ("POST", "/api/playlists/<int:playlist_id>/videos"): Call(
        "/api/playlists/{private_playlist}/videos", json=lambda c: {"videoId": c.listed_video}
    ),
    ("DELETE", "/api/playlists/<int:playlist_id>/videos/<video_id>"): Call(
        "/api/playlists/{playlist}/videos/{listed_video}",
        setup=lambda w: {"playlist": w.owner_playlist(with_video=True)},
    ),
    ("GET", "/api/videos/<video_id>/playlists"): Call("/api/videos/{listed_video}/playlists"),
    ("POST", "/api/tiktok/videos/user-report"): Call(
        json=lambda c: {"videoId": c.reported_video, "username": c.creator}
    ),
    ("POST", "/api/tiktok/videos/report-unavailable"): Call(json=lambda c: {"videoId": c.removed_video}),
    ("PUT", "/api/admin/video-reports/<int:report_id>"): Call(
        "/api/admin/video-reports/{report}", json={"status": "rejected", "notes": "Plays fine"}
    ),
    ("DELETE", "/api/tiktok/usernames/<username>"): Call(
        "/api/tiktok/usernames/{doomed_creator}", setup=lambda w: {"doomed_creator": w.fresh_creator()}
    ),
    ("POST", "/api/tiktok/videos/enhanced-health-check"): Call(json={"batchSize": 50}),
    ("GET", "/api/tiktok/videos/enhanced-health-check/<job_id>"): Call(
        "/api/tiktok/videos/enhanced-health-check/{health_check}"
    ),
    ("POST", "/api/tiktok/preview-profile"): Call(json={"username": "matrixdancer"}),
    ("POST", "/api/tiktok/extract-user-videos/<username>"): Call(
        "/api/tiktok/extract-user-videos/matrixdancer", json={}
    ),
    ("GET", "/api/tiktok/extraction-progress/<username>"): Call("/api/tiktok/extraction-progress/matrixdancer"),
    ("POST", "/api/tiktok/extraction-progress/<username>/left"): Call(
        "/api/tiktok/extraction-progress/matrixdancer/left"
    ),
    ("POST", "/api/tiktok/confirm-profile"): Call(json={"username": "matrixconfirmed"}),
    ("POST", "/api/tiktok/videos/extract-metadata/<video_id>"): Call(
        "/api/tiktok/videos/extract-metadata/{fresh_video}", json=lambda c: {"username": c.creator}
    ),
    ("POST", "/api/download-tiktok"): Call(json=lambda c: {"url": c.download_url}),
    ("GET", "/api/download-status/<int:download_id>"): Call("/api/download-status/{download}"),
    ("GET", "/api/download-file"): Call("/api/download-file?id={finished_download}"),
    ("POST", "/api/download-user-videos/<username>"): Call("/api/download-user-videos/{creator}", json={}),
    ("GET", "/api/download-progress/<progress_id>"): Call("/api/download-progress/{creator_download}"),
    ("GET", "/api/active-downloads/<username>"): Call("/api/active-downloads/{creator}"),
    ("PUT", "/api/player-settings/global"): Call(json={"showDownloadButtons": True}),
    ("POST", "/api/uploads"): Call(form=lambda c: upload_form("Practice run")),
    ("GET", "/api/admin/uploads/<int:upload_id>/file"): Call("/api/admin/uploads/{owner_upload}/file"),
    ("DELETE", "/api/admin/uploads/<int:upload_id>"): Call(
        "/api/admin/uploads/{upload}", setup=lambda w: {"upload": w.upload_by(w.other_api, "Bystander upload")}
    ),
}

# ---- the roles and what each should get -------------------------------------------------------------------

ROLES = ("visitor", "other", "admin", "owner")  # the owner goes last: its calls may use up a row's target
ALLOWED = "allowed: a 2xx, a redirect that is not the sign-in prompt, or an answer about the input"
SUCCESS = "a 2xx (here a 404 would mean 'not yours')"
LOGIN_PROMPT = "a redirect to /?login=1&next=<path>"
INPUT_ERRORS = {400, 404, 409, 422}

EXPECTED: dict[Access, dict[str, Any]] = {
    PUBLIC: dict.fromkeys(ROLES, ALLOWED),
    SIGNED_IN: {"visitor": 401, "other": ALLOWED, "admin": ALLOWED, "owner": ALLOWED},
    OWNER: {"visitor": 401, "other": 404, "admin": 404, "owner": SUCCESS},
    OWNER_UNLESS_PUBLIC: {"visitor": 404, "other": 404, "admin": 404, "owner": SUCCESS},
    ADMIN: {"visitor": 401, "other": 403, "admin": ALLOWED, "owner": 403},
    ADMIN_PAGE: {"visitor": LOGIN_PROMPT, "other": LOGIN_PROMPT, "admin": SUCCESS, "owner": LOGIN_PROMPT},
}

OWNER_NAME = "ownr"
# What only the owner may see. Admins may see what moderation shows them (uploads, reporters' e-mails).
SECRET_BIO = "Bio kept to myself qv7x"
SECRET_PLAYLIST = "Hidden playlist qv7x"
SECRET_NOTES = "Hidden playlist notes qv7x"
SECRET_UPLOAD = "Unreviewed upload qv7x"
SECRET_POSITION = 918273
SECRET_EMAIL = f"{OWNER_NAME}@example.com"
SECRETS_FROM_ADMINS = (SECRET_BIO, SECRET_PLAYLIST, SECRET_NOTES)
SECRETS = (*SECRETS_FROM_ADMINS, SECRET_UPLOAD, SECRET_EMAIL)


def declared_methods(rule) -> set[str]:
    """The methods a rule needs a row for: HEAD comes with GET, and Flask answers OPTIONS itself."""
    methods = set(rule.methods)
    if "GET" in methods:
        methods.discard("HEAD")
    if rule.provide_automatic_options:
        methods.discard("OPTIONS")
    return methods


def modes(method: str, rule: str, access: Access) -> tuple[str, ...]:
    """Pages take a cookie session; the API a bearer token too, wherever it could make a difference."""
    if rule.startswith("/api/") and not (access is PUBLIC and method == "GET"):
        return ("cookie", "bearer")
    return ("cookie",)


def routes(app) -> set[tuple[str, str]]:
    return {(method, rule.rule) for rule in app.url_map.iter_rules() for method in declared_methods(rule)}


# ---- the world: accounts, the owner's private things, and targets for the admin's calls -------------------


@dataclass
class Caller:
    role: str
    mode: str  # "cookie" or "bearer"
    api: ApiClient
    token: str | None = None
    email: str | None = None
    username: str | None = None

    def send(self, method: str, path: str, body: Any = None, form: Any = None):
        extra = {"data": form} if form is not None else {}
        return self.api.request(method, path, body, csrf=self.token is None, token=self.token, **extra)


@dataclass
class World:
    app: Any
    names: dict[str, Any] = field(default_factory=dict)
    standing: dict[str, list[Caller]] = field(default_factory=dict)
    counter: Iterator[int] = field(default_factory=lambda: itertools.count(1))

    def client(self) -> ApiClient:
        """A new browser, from an address of its own (so rate limits on sign-in and the like never mix callers)."""
        client = self.app.test_client()
        client.environ_base["REMOTE_ADDR"] = str(ipaddress.IPv4Address("10.0.0.0") + next(self.counter))
        return ApiClient(client)

    def account(self, username: str, role: str = "user") -> tuple[str, str]:
        user = accounts.register(username, f"{username}@example.com", PASSWORD, role=role)
        return user.username, user.email

    def signed_in(self, role: str, mode: str, username: str, email: str) -> Caller:
        api = self.client()
        response = api.login(email)
        assert response.status_code == 200, response.get_json()
        if mode == "bearer":
            return Caller(role, mode, self.client(), response.get_json()["token"], email, username)
        return Caller(role, mode, api, None, email, username)

    def callers(self, modes: tuple[str, ...], own_account: bool) -> list[Caller]:
        """Each role's callers in the given modes (visitors have no bearer token). With `own_account` each is a new
        account (the other user is left out there: every account is its own owner)."""
        if not own_account:
            return [c for role in ROLES for c in self.standing[role] if c.mode in modes]
        found = []
        for role in ("visitor", "admin", "owner"):
            for mode in ("cookie",) if role == "visitor" else modes:
                n = next(self.counter)
                username, email = self.account(f"{role}{n}", "admin" if role == "admin" else "user")
                if role == "visitor":
                    found.append(Caller(role, mode, self.client(), None, email, username))
                else:
                    found.append(self.signed_in(role, mode, username, email))
        return found

    @property
    def owner_api(self) -> ApiClient:
        return self.standing["owner"][0].api

    @property
    def other_api(self) -> ApiClient:
        return self.standing["other"][0].api

    def owner_playlist(self, with_video: bool = False) -> int:
        """A new private playlist of the owner's, made through the API as the owner would."""
        made = self.owner_api.post("/api/playlists", {"name": f"Doomed {next(self.counter)}"})
        playlist_id = int(made.get_json()["_id"])
        if with_video:
            added = self.owner_api.post(f"/api/playlists/{playlist_id}/videos", {"videoId": self.names["listed_video"]})
            assert added.status_code == 200, added.get_json()
        return playlist_id

    def upload_by(self, api: ApiClient, title: str) -> int:
        response = api.post("/api/uploads", None, data=upload_form(title), content_type="multipart/form-data")
        assert response.status_code == 201, response.get_json()
        return int(response.get_json()["upload"]["_id"])

    def fresh_creator(self) -> str:
        return profiles.monitored_creator(f"goner{next(self.counter)}", None, None).username


def _catalog_names() -> dict[str, Any]:
    """Videos, a creator, its hashtag and trend from the small real catalog; a few videos are set aside."""
    ingest_records(read_catalog(FIXTURE_CATALOG, ReadStats()))
    videos = list(db.session.scalars(select(Video).where(Video.trend_id.isnot(None)).order_by(Video.id)))
    seen = VideoOut.of(video_cards(videos[:1])[0]).as_props()
    creator_videos = [v for v in videos if v.creator_id == videos[0].creator_id]
    fresh = videos[-1]
    fresh.metadata_extracted_at = utcnow()  # read from TikTok moments ago, so asking again needs no TikTok
    db.session.commit()
    hashtag = seen["tags"][0] if seen["tags"] else ""
    return {
        "video": seen["videoId"],
        "creator": seen["username"],
        "hashtag": hashtag,
        "song_key": quote(creator_videos[0].trend.song_key, safe=""),
        "trend_path": seen["paths"]["trend"],
        "trend_slug": seen["paths"]["trend"].split("/")[2],
        "category_path": category_path(hashtag or None, seen["username"], seen["videoId"]),
        "listed_video": videos[1].video_id,
        "reported_video": videos[2].video_id,
        "removed_video": videos[3].video_id,
        "fresh_video": fresh.video_id,
        "download_url": video_url(videos[4].creator.username, videos[4].video_id),
    }


def _owner_things(world: World) -> dict[str, Any]:
    """The owner's private profile, private playlist, saved position, upload and an extraction, made as the owner."""
    api = world.owner_api
    profile = {"username": OWNER_NAME, "email": SECRET_EMAIL, "bio": SECRET_BIO}
    assert api.put("/api/auth/profile", with_password(profile)).status_code == 200
    privacy = {"profileVisibility": "private", "emailNotifications": True}
    assert api.put("/api/auth/privacy", with_password(privacy)).status_code == 200
    made = api.post("/api/playlists", {"name": SECRET_PLAYLIST, "description": SECRET_NOTES, "isPublic": False})
    playlist_id = int(made.get_json()["_id"])
    assert api.post(f"/api/playlists/{playlist_id}/videos", {"videoId": world.names["listed_video"]}).status_code == 200
    assert api.put("/api/user/video-position", {"videoIndex": SECRET_POSITION, "page": "categories"}).status_code == 200
    assert api.post("/api/tiktok/toggle-follow", {"username": world.names["creator"]}).status_code == 200
    assert api.post("/api/tiktok/extract-user-videos/matrixdancer", {}).status_code == 202
    owner_id = accounts.find_by_username(OWNER_NAME).id
    return {"owner_id": owner_id, "private_playlist": playlist_id, "owner_upload": world.upload_by(api, SECRET_UPLOAD)}


def _admin_targets(world: World) -> dict[str, Any]:
    """A report, a health check, downloads (one finished, with its file) for the admin's calls."""
    names = world.names
    other = world.other_api
    assert other.post("/api/tiktok/videos/user-report", {"videoId": names["reported_video"]}).status_code == 200
    admin = world.standing["admin"][0].api
    assert admin.put("/api/player-settings/global", {"showDownloadButtons": True}).status_code == 200
    health = admin.post("/api/tiktok/videos/enhanced-health-check", {"batchSize": 50}).get_json()
    download = admin.post("/api/download-tiktok", {"url": names["download_url"]}).get_json()
    creator_download = admin.post(f"/api/download-user-videos/{names['creator']}", {}).get_json()
    finished = Download(
        video_id=names["video"], username=names["creator"], status="finished", file_name=f"{names['video']}.mp4"
    )
    db.session.add(finished)
    db.session.commit()
    (downloads_dir() / finished.file_name).write_bytes(MP4)
    return {
        "report": db.session.scalar(select(VideoReport.id)),
        "health_check": health["jobId"],
        "download": download["downloadId"],
        "creator_download": creator_download["progressId"],
        "finished_download": finished.id,
    }


@pytest.fixture
def world(app, queues, monkeypatch) -> World:
    monkeypatch.setitem(app.config, "UPLOAD_RATE_LIMIT", "1000 per minute")  # the walk uploads more than a person
    built = World(app)
    built.names.update(_catalog_names())
    for role, username in (("owner", OWNER_NAME), ("other", "othr"), ("admin", "boss")):
        name, email = built.account(username, "admin" if role == "admin" else "user")
        built.standing[role] = [built.signed_in(role, mode, name, email) for mode in ("cookie", "bearer")]
        built.names[role] = name
    built.standing["visitor"] = [Caller("visitor", "cookie", built.client())]
    built.names.update(_owner_things(built))
    built.names.update(_admin_targets(built))
    return built


# ---- what is checked after each request -------------------------------------------------------------------


def owner_state(owner_id: int) -> dict[str, list]:
    """Everything stored about the owner: their user row, every row with their user_id, their playlists' entries."""
    state = {}
    for table in db.metadata.sorted_tables:
        if table.name == "users":
            query = select(table).where(table.c.id == owner_id)
        elif "user_id" in table.c:
            query = select(table).where(table.c.user_id == owner_id)
        elif table.name == "playlist_entries":
            query = select(table).where(
                table.c.playlist_id.in_(select(Playlist.id).where(Playlist.user_id == owner_id))
            )
        else:
            continue
        state[table.name] = sorted(tuple(map(str, row)) for row in db.session.execute(query))
    return state


@contextmanager
def recorded_writes() -> Iterator[list[str]]:
    """The INSERT, UPDATE and DELETE statements sent to the database meanwhile."""
    writes: list[str] = []

    def record(conn, cursor, statement, parameters, context, executemany):
        if statement.lstrip()[:6].upper() in {"INSERT", "UPDATE", "DELETE"}:
            writes.append(statement.split("\n")[0][:80])

    event.listen(db.engine, "before_cursor_execute", record)
    try:
        yield writes
    finally:
        event.remove(db.engine, "before_cursor_execute", record)


def _json_pairs(data: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield key, value
            yield from _json_pairs(value)
    elif isinstance(data, list):
        for item in data:
            yield from _json_pairs(item)


def leaks(role: str, response) -> list[str]:
    """The owner's private values found in an answer to someone else."""
    texts = SECRETS_FROM_ADMINS if role == "admin" else SECRETS
    body = response.get_data()
    found = [text for text in texts if text.encode() in body]
    if any(
        key == "videoIndex" and value == SECRET_POSITION for key, value in _json_pairs(response.get_json(True, True))
    ):
        found.append(f"videoIndex {SECRET_POSITION}")
    return found


def is_login_prompt(response, path: str) -> bool:
    if response.status_code != 302:
        return False
    location = urlsplit(response.headers["Location"])
    return location.path == "/" and parse_qs(location.query) == {"login": ["1"], "next": [path]}


def verdict(expected: Any, response, path: str) -> str | None:
    """None when the answer is what the role should get, else what went wrong."""
    status = response.status_code
    if expected == ALLOWED:
        ok = status < 300 or (status < 400 and not is_login_prompt(response, path)) or status in INPUT_ERRORS
    elif expected == SUCCESS:
        ok = status < 300
    elif expected == LOGIN_PROMPT:
        ok = is_login_prompt(response, path)
    else:  # refused by an API guard, in the JSON envelope
        body = response.get_json(silent=True)
        ok = (
            status == expected and isinstance(body, dict) and body.get("success") is False and bool(body.get("message"))
        )
    if ok:
        return None
    said = response.get_json(silent=True) or response.headers.get("Location") or ""
    return f"answered {status} {str(said)[:160]}; expected {expected}"


@dataclass
class Walk:
    world: World
    problems: list[str] = field(default_factory=list)
    owner_known: dict | None = None  # the owner's data as last read; read again only after something wrote

    def owner_now(self) -> dict:
        if self.owner_known is None:
            self.owner_known = owner_state(self.world.names["owner_id"])
        return self.owner_known

    def request(self, method: str, rule: str, access: Access, call: Call, caller: Caller) -> None:
        names = {**self.world.names, **(call.setup(self.world) if call.setup else {})}
        if call.setup:
            self.owner_known = None
        path = (call.path or rule).format(**names)
        context = SimpleNamespace(
            **names, email=caller.email, username=caller.username, unique=next(self.world.counter)
        )
        body = call.json(context) if callable(call.json) else call.json
        form = call.form(context) if callable(call.form) else call.form
        before = self.owner_now()
        with recorded_writes() as writes:
            response = caller.send(method, path, body, form)
        label = f"{method} {path} as {caller.role} ({caller.mode})"
        expected = EXPECTED[access][caller.role]
        self.check(label, expected, response, path, caller.role)
        response.close()
        if writes and expected not in (ALLOWED, SUCCESS):
            self.problems.append(f"{label}: refused but wrote {writes}")
        if writes:
            self.owner_known = None
            if caller.role != "owner" and self.owner_now() != before:
                self.problems.append(f"{label}: changed the owner's data")
        if method == "GET" and caller.role == "visitor":
            self.head_and_options(path, caller, response)

    def check(self, label: str, expected: Any, response, path: str, role: str) -> None:
        if problem := verdict(expected, response, path):
            self.problems.append(f"{label}: {problem}")
        if role != "owner" and (found := leaks(role, response)):
            self.problems.append(f"{label}: shows the owner's private {found}")

    def head_and_options(self, path: str, caller: Caller, got) -> None:
        """HEAD is answered as GET is (without a body); OPTIONS by Flask, without running the view."""
        head = caller.send("HEAD", path)
        head.close()
        if head.status_code != got.status_code:
            self.problems.append(f"HEAD {path}: answered {head.status_code}, GET answered {got.status_code}")
        with recorded_writes() as writes:
            options = caller.send("OPTIONS", path)
        options.close()
        if options.status_code != 200 or "GET" not in options.headers.get("Allow", "") or writes:
            self.problems.append(f"OPTIONS {path}: answered {options.status_code} {options.headers.get('Allow')}")


# ---- the tests --------------------------------------------------------------------------------------------


def test_every_route_has_a_row_and_every_row_a_route(app):
    present = routes(app)
    missing = sorted(present - TABLE.keys())
    gone = sorted(TABLE.keys() - present)
    assert not missing, f"Add a row to TABLE (who may call it) and, if it takes parameters, to CALLS: {missing}"
    assert not gone, f"These rows name routes that no longer exist; remove them from TABLE and CALLS: {gone}"
    assert not CALLS.keys() - TABLE.keys(), f"CALLS for routes without a row: {sorted(CALLS.keys() - TABLE.keys())}"
    needs_path = sorted(key for key in TABLE if "<" in key[1] and not (key in CALLS and CALLS[key].path))
    assert not needs_path, f"Say in CALLS which resource these rules reach (their path parameters): {needs_path}"


def test_the_published_api_document_declares_the_same_access(app):
    """The OpenAPI document's auth comes from the same views; it must agree with the table."""
    documented = {None: {PUBLIC, OWNER_UNLESS_PUBLIC}, "user": {SIGNED_IN, OWNER}, "admin": {ADMIN}}
    disagree = []
    for rule in app.url_map.iter_rules():
        meta = getattr(app.view_functions[rule.endpoint], "openapi", None)
        for method in declared_methods(rule) if meta else ():
            access = TABLE.get((method, rule.rule))
            if access is not None and access not in documented[meta["auth"]]:
                disagree.append(f"{method} {rule.rule}: documented {meta['auth']!r}, table says {access.name}")
    assert not disagree, disagree


def test_every_route_answers_each_role_as_declared(world):
    walk = Walk(world)
    for (method, rule), access in TABLE.items():
        call = CALLS.get((method, rule), Call())
        for caller in world.callers(modes(method, rule, access), call.own_account):
            walk.request(method, rule, access, call, caller)
    if walk.problems:
        pytest.fail("\n".join(walk.problems), pytrace=False)

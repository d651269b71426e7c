"""Passwords, bearer tokens, session loading, CSRF rules, role guards and security headers."""

from functools import wraps

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from flask import Flask, current_app, flash, g, redirect, request, session, url_for
from flask_login import current_user, login_user, logout_user
from flask_wtf.csrf import generate_csrf
from itsdangerous import BadSignature, URLSafeTimedSerializer

from app.api.errors import error_response
from app.extensions import csrf, login_manager
from app.first_paint import FIRST_PAINT_SCRIPT_HASH
from app.i18n import N_
from app.models import User
from app.services import sessions
from app.services.errors import ServiceError

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
_hashers: dict[tuple, tuple[PasswordHasher, str]] = {}


def _hasher() -> tuple[PasswordHasher, str]:
    """argon2id with the library's recommended cost, unless the config asks for another (the tests' cheap one)."""
    params = tuple(sorted(current_app.config.get("ARGON2_PARAMETERS", {}).items()))
    if params not in _hashers:
        hasher = PasswordHasher(**dict(params))
        _hashers[params] = (hasher, hasher.hash("timing-equaliser"))
    return _hashers[params]


def hash_password(password: str) -> str:
    """An argon2id hash of the password."""
    return _hasher()[0].hash(password)


def verify_password(password_hash: str | None, password: str) -> bool:
    """True when the password matches; checks a dummy hash when there is no user, so timing does not tell."""
    hasher, dummy_hash = _hasher()
    try:
        return hasher.verify(password_hash or dummy_hash, password) and password_hash is not None
    except (VerificationError, InvalidHashError):
        return False


# Whether the field is the current password: what a missing or wrong one is told.
PASSWORD_REFUSALS = {
    True: (N_("Current password is required"), N_("Current password is incorrect")),
    False: (N_("Password is required"), N_("Password is incorrect")),
}


def confirm_password(user: User, password: str | None, field: str = "password") -> None:
    """Refuse a change that a stolen session or token alone must not make, unless the password comes with it."""
    missing, wrong = PASSWORD_REFUSALS[field == "currentPassword"]
    if not password:
        raise ServiceError(missing, field)
    if not verify_password(user.password_hash, password):
        raise ServiceError(wrong, field)


def _token_serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt="api-token")


def issue_token(sign_in_key: str) -> str:
    """A signed bearer token naming one sign-in (see services.sessions)."""
    return _token_serializer().dumps({"signIn": sign_in_key})


def user_from_token(token: str) -> User | None:
    """The user a bearer token belongs to, if it is genuine, unexpired and its sign-in has not ended."""
    try:
        data = _token_serializer().loads(token, max_age=current_app.config["AUTH_TOKEN_MAX_AGE"])
    except BadSignature:
        return None
    return sessions.user_for(data.get("signIn")) if isinstance(data, dict) else None


def bearer_token() -> str | None:
    """The token of an `Authorization: Bearer` header, if any."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


@login_manager.user_loader
def _load_session_user(sign_in_key: str) -> User | None:
    if bearer_token():  # a request that names a token acts as the token's user alone, never as the cookie's
        return None
    return sessions.user_for(sign_in_key)


@login_manager.request_loader
def _load_bearer_user(req) -> User | None:
    token = bearer_token()
    return user_from_token(token) if token else None


def fresh_session() -> str:
    """Drop the session (no fixation, no leftovers) and return the CSRF token of the new one."""
    logout_user()  # marks the remember cookie for deletion in the session, which the clear below must keep
    remember = session.get("_remember")
    session.clear()
    if remember:
        session["_remember"] = remember
    g.pop(current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token"), None)  # its cached token died with it
    return generate_csrf()


def sign_in(user: User, remember: bool) -> tuple[str, str]:
    """Open a sign-in in a fresh session; answers a bearer token for it and the new session's CSRF token."""
    csrf_token = fresh_session()
    key = sessions.open_sign_in(user)
    login_user(user, remember=remember)
    return issue_token(key), csrf_token


def _csrf_check() -> None:
    # A cross-site page cannot set an Authorization header, so a request signed in by a genuine bearer token
    # needs no CSRF token; a junk one must not switch the check off for the cookie session beside it.
    # The language switcher works for visitors, whose cacheable pages carry no token; it checks one itself before
    # it writes to an account.
    if request.endpoint == "i18n.switch_language":
        return
    if request.method in UNSAFE_METHODS and not (bearer_token() and current_user.is_authenticated):
        csrf.protect()


def _security_headers(response):
    player_origin = current_app.config["TIKTOK_PLAYER_ORIGIN"]
    response.headers.setdefault(
        "Content-Security-Policy",
        "default-src 'self'; "
        f"frame-src {player_origin}; "
        "img-src 'self' data: https:; "
        "style-src 'self' 'unsafe-inline'; "
        f"script-src 'self' {FIRST_PAINT_SCRIPT_HASH}; "
        "connect-src 'self'; "
        "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'",
    )
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("X-Frame-Options", "SAMEORIGIN")
    response.headers.setdefault("Referrer-Policy", "strict-origin-when-cross-origin")
    response.headers.setdefault("Cache-Control", _cache_policy(response))
    return response


PUBLIC_PAGE_CACHE = "public, max-age=60, stale-while-revalidate=600"


def _cache_policy(response) -> str:
    """Signed-in answers stay in the browser; a visitor's page without a session may be kept by a proxy or CDN."""
    if current_user.is_authenticated:
        return "private, no-store"
    is_public_page = (
        request.method in ("GET", "HEAD")
        and response.status_code == 200
        and response.mimetype == "text/html"
        and not session
        and not session.modified
        and "Set-Cookie" not in response.headers
    )
    return PUBLIC_PAGE_CACHE if is_public_page else "no-cache"


def register_security(app: Flask) -> None:
    """Attach session loading, the CSRF rule and response headers."""
    login_manager.session_protection = "basic"
    app.before_request(_csrf_check)
    app.after_request(_security_headers)


ADMINS_ONLY = N_("That page is for admins only.")


def admin_fragment(view):
    """Fragment guard: anyone but an admin gets the API's refusal in its JSON envelope (401 signed out, else 403),
    which htmx shows; a redirect would swap the home page into the admin's page."""

    @wraps(view)
    def guarded(*args, **kwargs):
        if not current_user.is_authenticated:
            return error_response(401, N_("Authentication required"))
        if not current_user.is_admin:
            return error_response(403, N_("Admins only"))
        return view(*args, **kwargs)

    return guarded


def admin_page(view):
    """Page guard: anyone but an admin goes back to / with the origin remembered and the login dialog offered; a
    signed-in account, which signing in again would not help, is told why instead."""

    @wraps(view)
    def guarded(*args, **kwargs):
        if not (current_user.is_authenticated and current_user.is_admin):
            if current_user.is_authenticated:
                flash(ADMINS_ONLY, "warning")
            return redirect(url_for("shell.home", login=1, next=request.full_path.rstrip("?")))
        return view(*args, **kwargs)

    return guarded

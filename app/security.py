"""Passwords, bearer tokens, session loading, CSRF rules, role guards and security headers."""

from functools import wraps

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from flask import Flask, current_app, redirect, request, url_for
from flask_login import current_user
from itsdangerous import BadSignature, URLSafeTimedSerializer

from app.extensions import csrf, db, login_manager
from app.models import User

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


def _token_serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt="api-token")


def issue_token(user: User) -> str:
    """A signed bearer token bound to the user's session version."""
    return _token_serializer().dumps({"uid": user.id, "sv": user.session_version})


def user_from_token(token: str) -> User | None:
    """The user a bearer token belongs to, if it is genuine, unexpired and not revoked."""
    try:
        data = _token_serializer().loads(token, max_age=current_app.config["AUTH_TOKEN_MAX_AGE"])
    except BadSignature:
        return None
    user = db.session.get(User, data.get("uid")) if isinstance(data, dict) else None
    return user if user is not None and user.session_version == data.get("sv") else None


def bearer_token() -> str | None:
    """The token of an `Authorization: Bearer` header, if any."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


@login_manager.user_loader
def _load_session_user(session_id: str) -> User | None:
    user_id, _, version = session_id.partition(":")
    if not user_id.isdigit() or not version.isdigit():
        return None
    user = db.session.get(User, int(user_id))
    return user if user is not None and user.session_version == int(version) else None


@login_manager.request_loader
def _load_bearer_user(req) -> User | None:
    token = bearer_token()
    return user_from_token(token) if token else None


def _csrf_check() -> None:
    # A cross-site page cannot set an Authorization header, so bearer requests need no CSRF token.
    if request.method in UNSAFE_METHODS and not bearer_token():
        csrf.protect()


def _security_headers(response):
    player_origin = current_app.config["TIKTOK_PLAYER_ORIGIN"]
    response.headers.setdefault(
        "Content-Security-Policy",
        "default-src 'self'; "
        f"frame-src {player_origin}; "
        "img-src 'self' data: https:; "
        "style-src 'self' 'unsafe-inline'; "
        "script-src 'self'; "
        "connect-src 'self'; "
        "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'",
    )
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("X-Frame-Options", "SAMEORIGIN")
    response.headers.setdefault("Referrer-Policy", "strict-origin-when-cross-origin")
    if current_user.is_authenticated:
        response.headers.setdefault("Cache-Control", "private, no-store")
    return response


def register_security(app: Flask) -> None:
    """Attach session loading, the CSRF rule and response headers."""
    login_manager.session_protection = "basic"
    app.before_request(_csrf_check)
    app.after_request(_security_headers)


def admin_page(view):
    """Page guard: anyone but an admin goes back to / with the origin remembered and the login dialog offered."""

    @wraps(view)
    def guarded(*args, **kwargs):
        if not (current_user.is_authenticated and current_user.is_admin):
            return redirect(url_for("shell.home", login=1, next=request.full_path.rstrip("?")))
        return view(*args, **kwargs)

    return guarded

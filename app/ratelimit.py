"""Who a request comes from, for rate limits and records: one place, so the proxy setup can change it."""

import ipaddress
from collections.abc import Callable

from flask import Response, current_app, g, request
from flask_login import current_user
from werkzeug.exceptions import HTTPException


def client_ip() -> str:
    """The visitor's address: the socket's peer, or the client a trusted proxy names (ProxyFix rewrites it);
    "unknown" for anything that is not an IP address, so no header text reaches a key or a stored row."""
    try:
        return str(ipaddress.ip_address(request.remote_addr or ""))
    except ValueError:
        return "unknown"


def visitor_key() -> str:
    """Rate-limit key for the visitor's address."""
    return f"ip:{client_ip()}"


def account_or_visitor_key() -> str:
    """Rate-limit key for the signed-in account, else the visitor's address."""
    if current_user.is_authenticated:
        return f"user:{current_user.id}"
    return visitor_key()


def attempted_account_key() -> str:
    """Rate-limit key for the account a sign-in names, whoever asks: guesses from many addresses add up."""
    try:
        body = request.get_json(silent=True)
    except HTTPException:  # too large or malformed: the view answers that; the key must not fail the limiter
        body = None
    email = body.get("email") if isinstance(body, dict) else None
    return f"account:{email.strip().lower()[:254]}" if isinstance(email, str) else visitor_key()


def counts_as_failed_sign_in(response: Response) -> bool:
    """Only refused sign-ins count against the account, so its owner signing in often is never limited."""
    return response.status_code == 401


def keeps_the_email() -> bool:
    """A profile save that names the account's own address mails nothing: the e-mail change limit never holds it
    back, even once new addresses have used it up."""
    body = request.get_json(silent=True) if current_user.is_authenticated else None
    email = body.get("email") if isinstance(body, dict) else None
    return isinstance(email, str) and email.strip().lower() == current_user.email


def mailed_a_link(response: Response) -> bool:
    """Only answers that mailed a link to a new address count against the account, so editing a bio never does."""
    return bool(g.get("mailed_link"))


def configured_limit(setting: str) -> Callable[[], str]:
    """A rate limit read from the app's configuration on each request, so deployments and tests can set it."""
    return lambda: current_app.config[setting]

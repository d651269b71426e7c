"""Forgotten passwords: a link by e-mail that works once and expires after an hour."""

import hashlib
import secrets
from datetime import timedelta

from flask import current_app
from sqlalchemy import select

from app.extensions import db
from app.models import PasswordReset, User
from app.models.types import utcnow
from app.seo import absolute
from app.services import accounts
from app.services.errors import ServiceError
from app.services.mailer import send_mail

LINK_LIFETIME = timedelta(hours=1)
SENT = "If an account exists for that e-mail address, we have sent a link to reset its password."
INVALID_LINK = "This password reset link is invalid or has expired. Ask for a new one."


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def request_reset(email: str) -> str:
    """Mail a reset link when the address belongs to an account; the answer never tells whether it does."""
    user = accounts.find_by_email(email)
    if user is not None:
        token = secrets.token_urlsafe(32)
        db.session.add(PasswordReset(token_hash=_hash(token), user_id=user.id, expires_at=utcnow() + LINK_LIFETIME))
        db.session.commit()
        brand = current_app.config["BRAND_NAME"]
        send_mail(
            user.email,
            f"Reset your {brand} password",
            f"Hello {user.username},\n\nOpen this link within an hour to choose a new password:\n"
            f"{absolute('/reset-password/' + token)}\n\nIf you did not ask for it, ignore this e-mail.\n",
        )
    return SENT


def _valid(token: str) -> PasswordReset:
    reset = db.session.scalar(select(PasswordReset).where(PasswordReset.token_hash == _hash(token)))
    if reset is None or reset.used_at is not None or reset.expires_at < utcnow():
        raise ServiceError(INVALID_LINK, "token")
    return reset


def check_link(token: str) -> None:
    _valid(token)


def reset_password(token: str, new_password: str) -> User:
    """Use the link once: set the password and end every session of the account."""
    reset = _valid(token)
    user = db.session.get(User, reset.user_id)
    accounts.set_password(user, new_password)
    reset.used_at = utcnow()
    db.session.commit()
    return user

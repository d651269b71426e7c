"""Forgotten passwords: a link by e-mail that works once, expires after an hour, and is the account's only one."""

from datetime import timedelta

from flask import current_app
from flask_babel import gettext
from sqlalchemy import select

from app.extensions import db
from app.i18n import N_
from app.models import PasswordReset, User
from app.models.types import utcnow
from app.seo import absolute
from app.services import accounts, mailer
from app.services.errors import ServiceError
from app.services.links import new_token, token_hash

LINK_LIFETIME = timedelta(hours=1)
SENT = N_("If an account exists for that e-mail address, we have sent a link to reset its password.")
INVALID_LINK = N_("This password reset link is invalid or has expired. Ask for a new one.")


def request_reset(email: str) -> str:
    """Queue the link's e-mail; the request does the same work whether or not the address has an account (what is
    not an e-mail address at all is refused: that says nothing of any account)."""
    mailer.in_background(mail_reset_link, accounts.normalize_email(email))
    return SENT


@mailer.mail_job
def mail_reset_link(email: str) -> None:
    """Job: mail a new link to the account with this address, if there is one; older links stop working."""
    user = accounts.find_by_email(email)
    if user is None:
        return
    token = new_token()
    accounts.forget_reset_links(user)
    db.session.add(PasswordReset(token_hash=token_hash(token), user_id=user.id, expires_at=utcnow() + LINK_LIFETIME))
    db.session.commit()
    brand = current_app.config["BRAND_NAME"]
    mailer.deliver(
        user.email,
        gettext("Reset your %(brand)s password", brand=brand),
        gettext(
            "Hello %(username)s,\n\nOpen this link within an hour to choose a new password:\n%(link)s\n\n"
            "If you did not ask for it, ignore this e-mail.\n",
            username=user.username,
            link=absolute("/reset-password/" + token),
        ),
    )


def _valid(token: str) -> PasswordReset:
    reset = db.session.scalar(select(PasswordReset).where(PasswordReset.token_hash == token_hash(token)))
    if reset is None or reset.used_at is not None or reset.expires_at < utcnow():
        raise ServiceError(INVALID_LINK, "token")
    return reset


def check_link(token: str) -> None:
    _valid(token)


def reset_password(token: str, new_password: str) -> User:
    """Use the link once: set the password, which ends every sign-in and every other link of the account."""
    reset = _valid(token)
    user = db.session.get(User, reset.user_id)
    if user is None:  # the account went since the link was read
        raise ServiceError(INVALID_LINK, "token")
    return accounts.set_password(user, new_password)

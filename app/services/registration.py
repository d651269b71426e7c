"""Registering by e-mail link: the account exists once the owner of its address opens the link.

The request does the same work whether or not the address already has an account (a pending row, a queued
job), so neither its answer nor its timing tells; the job mails a link, or tells the owner they have an account.
"""

from datetime import timedelta

from flask import current_app
from flask_babel import gettext
from sqlalchemy import delete, select

from app.extensions import db
from app.i18n import N_
from app.models import PendingRegistration, User
from app.models.types import utcnow
from app.security import hash_password, verify_password
from app.seo import absolute
from app.services import accounts, mailer
from app.services.errors import Conflict, ServiceError, Unauthorized
from app.services.links import mail_link_or_notice, new_token, token_hash

LINK_LIFETIME = timedelta(hours=24)
LINK_SENT = N_("Almost done! We sent a link to {email}. Open it within 24 hours to finish creating your account.")
INVALID_LINK = N_("This link is invalid or has expired. Register again to get a new one.")
OPEN_THE_LINK_FIRST = N_(
    "Your account is not ready yet: open the link we sent to {email} to finish creating it, then sign in. "
    "No e-mail? Register again to get a new link."
)


def request_registration(username: str, email: str, password: str) -> str:
    """Check the fields, keep them for the link, and queue its e-mail; answers the message to show."""
    email = accounts.check_new_account(username, email, password)
    if accounts.username_exists(username):
        raise Conflict(accounts.USERNAME_TAKEN, "username")
    token = new_token()
    now = utcnow()
    db.session.execute(
        delete(PendingRegistration).where((PendingRegistration.email == email) | (PendingRegistration.expires_at < now))
    )
    db.session.add(
        PendingRegistration(
            token_hash=token_hash(token),
            username=username,
            email=email,
            password_hash=hash_password(password),
            expires_at=now + LINK_LIFETIME,
        )
    )
    db.session.commit()
    mailer.in_background(mail_registration_link, token)
    return LINK_SENT.format(email=email)


@mailer.mail_job
def mail_registration_link(token: str) -> None:
    """Job: mail the link that finishes the registration, or tell the address's owner they have an account."""
    pending = db.session.scalar(select(PendingRegistration).where(PendingRegistration.token_hash == token_hash(token)))
    if pending is None:
        return
    brand = current_app.config["BRAND_NAME"]
    mail_link_or_notice(
        pending.email,
        taken=accounts.find_by_email(pending.email) is not None,
        link=(
            gettext("Finish creating your %(brand)s account", brand=brand),
            gettext(
                "Hello %(username)s,\n\nOpen this link within 24 hours to finish creating your account:\n%(link)s"
                "\n\nIf you did not ask for it, ignore this e-mail.\n",
                username=pending.username,
                link=absolute("/register/confirm/" + token),
            ),
        ),
        notice=(gettext("You already have a %(brand)s account", brand=brand), _already_registered_text(brand)),
    )


def _already_registered_text(brand: str) -> str:
    return gettext(
        "Hello,\n\nSomeone (perhaps you) tried to register at %(brand)s with this e-mail address, but you already "
        "have an account. Sign in at %(link)s; if you forgot your password, choose 'Forgot password?' there.\n\n"
        "If it was not you, ignore this e-mail: nothing has changed.\n",
        brand=brand,
        link=absolute("/login"),
    )


def authenticate(email: str, password: str, code: str | None = None) -> User:
    """accounts.authenticate, except that whoever registered and has not opened the link yet is asked to open it.

    The reminder answers the password given when registering, whether or not the address has an account, so
    registering someone's address and then signing in does not tell whether it is taken."""
    try:
        return accounts.authenticate(email, password, code)
    except Unauthorized as refused:
        if refused.message == accounts.INVALID_LOGIN and _waiting_for_its_link(email, password):
            raise Unauthorized(OPEN_THE_LINK_FIRST.format(email=email.strip().lower())) from None
        raise


def _waiting_for_its_link(email: str, password: str) -> bool:
    pending = db.session.scalar(
        select(PendingRegistration).where(
            PendingRegistration.email == email.strip().lower(), PendingRegistration.expires_at >= utcnow()
        )
    )
    # A dummy hash is checked when nobody is waiting, so timing does not tell that someone registered the address.
    return verify_password(pending.password_hash if pending else None, password)


def pending_registration(token: str) -> PendingRegistration:
    """The live registration a link names, or a ServiceError."""
    pending = db.session.scalar(select(PendingRegistration).where(PendingRegistration.token_hash == token_hash(token)))
    if pending is None or pending.expires_at < utcnow():
        raise ServiceError(INVALID_LINK, "token")
    return pending


def complete_registration(token: str) -> User:
    """Create the account a link names (once); Conflict when its username or address was taken meanwhile."""
    pending = pending_registration(token)
    username, email, password_hash = pending.username, pending.email, pending.password_hash
    db.session.delete(pending)
    try:
        return accounts.create_account(username, email, password_hash)
    except ServiceError:
        db.session.commit()  # the link is used up either way
        raise

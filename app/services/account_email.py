"""A new e-mail address for an account: used only once the owner of that address opens the link mailed to it.

Asking does the same work whether or not the address already has an account (a waiting row, a queued job), so
neither its answer nor its timing tells; the job mails the link, or tells the address's owner it is taken.
"""

from datetime import timedelta

from flask import current_app
from flask_babel import gettext
from sqlalchemy import delete, select

from app.extensions import db
from app.i18n import N_
from app.models import PendingEmailChange, User
from app.models.types import utcnow
from app.seo import absolute
from app.services import accounts, mailer
from app.services.database import lock_row
from app.services.errors import Conflict, ServiceError
from app.services.links import mail_link_or_notice, new_token, token_hash

LINK_LIFETIME = timedelta(hours=24)
LINK_SENT = N_("We sent a link to {email}. Your e-mail address changes when you open it.")
INVALID_LINK = N_("This link is invalid or has expired. Change your e-mail address in Settings again to get a new one.")


def ask_for(user: User, email: str) -> None:
    """Keep `email` (normalised, not the account's) for the link and queue its e-mail; an older link stops working.
    Like confirm, it first takes the account's row: two requests at once then take turns, as one after the other
    would (else each left a live link, and a link opened meanwhile deadlocked, each holding a row the other wanted)."""
    token, now = new_token(), utcnow()
    lock_row(User, user.id)
    accounts.forget_email_links(user)
    db.session.execute(delete(PendingEmailChange).where(PendingEmailChange.expires_at < now))
    db.session.add(
        PendingEmailChange(token_hash=token_hash(token), user_id=user.id, email=email, expires_at=now + LINK_LIFETIME)
    )
    db.session.commit()  # before the job, which reads the row
    try:
        mailer.in_background(mail_link, token)
        mailer.in_background(mail_request_notice, user.email, email)
    except ServiceError:  # no mail can go now: nothing waits for a link that was never sent
        accounts.forget_email_links(user)
        db.session.commit()
        raise


def withdraw(user: User) -> None:
    """The owner keeps the address in use: the waiting change's link stops working (nothing waits: nothing to do)."""
    accounts.forget_email_links(user)
    db.session.commit()


def waiting_address(user: User) -> str | None:
    """The new address the account waits to confirm, if a live link is out."""
    return db.session.scalar(
        select(PendingEmailChange.email).where(
            PendingEmailChange.user_id == user.id, PendingEmailChange.expires_at >= utcnow()
        )
    )


@mailer.mail_job
def mail_link(token: str) -> None:
    """Job: mail the link to the new address, or tell the address's owner that it already has an account."""
    pending = _find(token)
    user = db.session.get(User, pending.user_id) if pending else None
    if pending is None or user is None:  # replaced by a newer link, or the account is gone
        return
    brand = current_app.config["BRAND_NAME"]
    mail_link_or_notice(
        pending.email,
        taken=accounts.find_by_email(pending.email) is not None,
        link=(
            gettext("Confirm your new %(brand)s e-mail address", brand=brand),
            gettext(
                "Hello %(username)s,\n\nOpen this link within 24 hours to use this address for your %(brand)s "
                "account:\n%(link)s\n\nIf you did not ask for it, ignore this e-mail: nothing changes.\n",
                username=user.username,
                brand=brand,
                link=absolute("/account/email/" + token),
            ),
        ),
        notice=(gettext("This address already has a %(brand)s account", brand=brand), _taken_text(brand)),
    )


def _taken_text(brand: str) -> str:
    return gettext(
        "Hello,\n\nSomeone asked to use this e-mail address for a %(brand)s account, but it already has an "
        "account. Nothing has changed.\n\nIf it was you, sign in with this address instead; if it was not, ignore "
        "this e-mail.\n",
        brand=brand,
    )


@mailer.mail_job
def mail_request_notice(current_email: str, new_email: str) -> None:
    """Job: tell the address in use that someone asked to move the account, while its owner can still stop it."""
    brand = current_app.config["BRAND_NAME"]
    mailer.deliver(
        current_email,
        gettext("Someone asked to change your %(brand)s e-mail address", brand=brand),
        gettext(
            "Hello,\n\nSomeone signed in to your %(brand)s account asked to change its e-mail address to "
            "%(email)s. It changes only if the link we sent there is opened.\n\nIf it was not you, change your "
            "password now in Settings (%(link)s): that cancels the change.\n",
            brand=brand,
            email=new_email,
            link=absolute("/settings"),
        ),
    )


@mailer.mail_job
def mail_change_notice(old_email: str, new_email: str) -> None:
    """Job: tell the old address that the account moved, in case its owner did not ask for it."""
    brand = current_app.config["BRAND_NAME"]
    mailer.deliver(
        old_email,
        gettext("Your %(brand)s e-mail address was changed", brand=brand),
        gettext(
            "Hello,\n\nThe e-mail address of your %(brand)s account is now %(email)s.\n\nIf you did not change "
            "it, contact us at %(link)s: a password reset now goes to the new address.\n",
            brand=brand,
            email=new_email,
            link=absolute("/contact-us"),
        ),
    )


def _find(token: str) -> PendingEmailChange | None:
    return db.session.scalar(select(PendingEmailChange).where(PendingEmailChange.token_hash == token_hash(token)))


def _live(token: str) -> PendingEmailChange:
    pending = _find(token)
    if pending is None or pending.expires_at < utcnow():
        raise ServiceError(INVALID_LINK, "token")
    return pending


def linked_change(token: str) -> tuple[str, str]:
    """The username and the new address of the live change a link names, or a ServiceError."""
    pending = _live(token)
    return db.session.get_one(User, pending.user_id).username, pending.email


def confirm(token: str) -> User:
    """Move the account to the address a link names (once); Conflict when the address was taken meanwhile."""
    lock_row(User, _live(token).user_id)  # first, as ask_for does
    pending = _live(token)  # again, in turn: a change asked for meanwhile replaces the link
    user, email = db.session.get(User, pending.user_id), pending.email
    db.session.delete(pending)
    owner = accounts.find_by_email(email)
    if user is None or (owner is not None and owner.id != user.id):
        db.session.commit()  # the link is used up either way
        raise Conflict(accounts.EMAIL_TAKEN, "email")
    old_email, user.email = user.email, email
    accounts.forget_reset_links(user)  # a reset link mailed to the old address no longer reaches the account's owner
    mailer.in_background(mail_change_notice, old_email, email)
    accounts.commit_unique(user.username, email, current=user)
    return user

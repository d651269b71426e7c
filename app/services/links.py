"""The one-time links the site mails (finishing a registration, resetting a password, confirming a new e-mail
address): a random token in the address, and only its hash in the database."""

import hashlib
import secrets
from typing import Protocol

from app.extensions import db
from app.services import mailer


class WaitingForLink(Protocol):
    email: str


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def mail_link_or_notice(waiting: WaitingForLink, taken: bool, link: tuple[str, str], notice: tuple[str, str]) -> None:
    """From a job: mail the (subject, body) with the link to the waiting address; or, when the address has an account
    by now, forget the waiting row and mail the notice instead. The request that asked did the same work either way."""
    if taken:
        db.session.delete(waiting)
        db.session.commit()
        mailer.deliver(waiting.email, *notice)
        return
    mailer.deliver(waiting.email, *link)

"""The one-time links the site mails (finishing a registration, resetting a password, confirming a new e-mail
address): a random token in the address, and only its hash in the database."""

import hashlib
import secrets
from typing import Protocol

from app.services import mailer


class WaitingForLink(Protocol):
    email: str


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def mail_link_or_notice(waiting: WaitingForLink, taken: bool, link: tuple[str, str], notice: tuple[str, str]) -> None:
    """From a job: mail the (subject, body) with the link to the waiting address; or, when the address has an account
    by now, mail the notice instead. The waiting row stays either way until it expires (nobody holds the link of a
    taken address): what the asker sees of it must not tell which it was."""
    mailer.deliver(waiting.email, *(notice if taken else link))

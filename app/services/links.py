"""The one-time links the site mails (finishing a registration, resetting a password, confirming a new e-mail
address): a random token in the address, and only its hash in the database."""

import hashlib
import secrets

from app.services import mailer


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def mail_link_or_notice(address: str, taken: bool, link: tuple[str, str], notice: tuple[str, str]) -> None:
    """From a job: mail the (subject, body) with the link to the waiting address; or, when the address has an account
    by now, mail the notice instead. The waiting row stays either way until it expires (nobody holds the link of a
    taken address): what the asker sees of it must not tell which it was."""
    mailer.deliver(address, *(notice if taken else link))

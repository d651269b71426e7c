"""The one-time links the site mails (finishing a registration, resetting a password, confirming a new e-mail
address): a random token in the address, and only its hash in the database."""

import hashlib
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()

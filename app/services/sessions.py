"""Sign-ins: opened at login, named by the cookies and the token they issue, ended by logout and its kin."""

import hashlib
import secrets
from datetime import timedelta

from flask import current_app
from sqlalchemy import delete, select

from app.extensions import db
from app.models import AuthSession, User
from app.models.types import utcnow

SIGN_INS_PER_USER = 50  # the oldest beyond this end: a script logging in forever cannot grow the table
KEY_MAX_LENGTH = 100


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def open_sign_in(user: User) -> str:
    """A new sign-in; its random key is what the session cookie, remember cookie and bearer token carry."""
    key = secrets.token_urlsafe(32)
    lifetime = timedelta(seconds=current_app.config["AUTH_TOKEN_MAX_AGE"])
    db.session.add(AuthSession(key_hash=_hash(key), user_id=user.id, expires_at=utcnow() + lifetime))
    _forget_stale(user.id)
    db.session.commit()
    user.sign_in_key = key
    return key


def _forget_stale(user_id: int) -> None:
    oldest = (
        select(AuthSession.key_hash)
        .where(AuthSession.user_id == user_id)
        .order_by(AuthSession.created_at.desc())
        .offset(SIGN_INS_PER_USER)
    )
    db.session.flush()
    db.session.execute(
        delete(AuthSession).where(
            AuthSession.user_id == user_id,
            (AuthSession.expires_at < utcnow()) | AuthSession.key_hash.in_(oldest.scalar_subquery()),
        )
    )


def user_for(key: object) -> User | None:
    """The user of a live sign-in, marked as acting under it; None for anything else."""
    if not isinstance(key, str) or not 0 < len(key) <= KEY_MAX_LENGTH:
        return None
    user = db.session.scalar(
        select(User)
        .join(AuthSession, AuthSession.user_id == User.id)
        .where(AuthSession.key_hash == _hash(key), AuthSession.expires_at > utcnow())
    )
    if user is not None:
        user.sign_in_key = key
    return user


def end_sign_in(key: str | None) -> None:
    """End one sign-in: its cookies and its token stop working."""
    if key:
        db.session.execute(delete(AuthSession).where(AuthSession.key_hash == _hash(key)))
        db.session.commit()


def end_every_sign_in(user: User) -> None:
    """End every sign-in of the user (log out everywhere, a new password)."""
    db.session.execute(delete(AuthSession).where(AuthSession.user_id == user.id))
    db.session.commit()

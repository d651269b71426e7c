"""Account use cases: registration, sign-in, profile, password, deletion, and the rules they share."""

import re

from email_validator import EmailNotValidError, validate_email
from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError

from app.extensions import db
from app.models import ROLE_ADMIN, ROLE_USER, Creator, Follow, User, UsernameRedirect
from app.security import hash_password, verify_password
from app.services import two_factor
from app.services.errors import Conflict, ServiceError, Unauthorized

USERNAME_MIN = 3
USERNAME_MAX = 30
PASSWORD_MIN = 6
PASSWORD_MAX = 128
BIO_MAX = 500
_USERNAME_CHARS = re.compile(r"^[A-Za-z0-9_]+$")

USERNAME_TAKEN = "Username already exists"
EMAIL_TAKEN = "An account with this email already exists"
INVALID_LOGIN = "Invalid email or password"
TWO_FACTOR_REQUIRED = "Enter the 6-digit code from your authenticator app"
INVALID_CODE = "Invalid code"


def username_problem(username: str) -> str | None:
    """The spec's message for a username that breaks a rule, in the spec's order, else None."""
    if not username:
        return "Username is required"
    if re.search(r"\s", username):
        return "Username cannot contain spaces"
    if not _USERNAME_CHARS.match(username):
        return "Username can only contain letters, numbers, and underscores"
    if len(username) < USERNAME_MIN:
        return "Username must be at least 3 characters long"
    if len(username) > USERNAME_MAX:
        return f"Username must be at most {USERNAME_MAX} characters long"
    return None


PASSWORD_MESSAGES = {
    "Password": ("Password is required", "Password must be at least 6 characters long"),
    "New password": ("New password is required", "New password must be at least 6 characters long"),
}


def password_problem(password: str, subject: str = "Password") -> str | None:
    """The spec's message for a missing or too short password (or an absurdly long one), else None."""
    missing, too_short = PASSWORD_MESSAGES[subject]
    if not password:
        return missing
    if len(password) < PASSWORD_MIN:
        return too_short
    if len(password) > PASSWORD_MAX:
        return f"{subject} must be at most {PASSWORD_MAX} characters long"
    return None


def normalize_email(email: str) -> str:
    """A syntactically valid, lower-cased e-mail address, or a ServiceError."""
    try:
        return validate_email(email.strip(), check_deliverability=False).normalized.lower()
    except EmailNotValidError as exc:
        raise ServiceError("Please enter a valid email address", "email") from exc


def find_by_username(username: str) -> User | None:
    return db.session.scalar(select(User).where(func.lower(User.username) == username.strip().lower()))


def find_by_email(email: str) -> User | None:
    return db.session.scalar(select(User).where(User.email == email.strip().lower()))


def username_exists(username: str) -> bool:
    return find_by_username(username) is not None


def _ensure_free(username: str, email: str, current: User | None = None) -> None:
    other = find_by_username(username)
    if other is not None and other is not current:
        raise Conflict(USERNAME_TAKEN, "username")
    other = find_by_email(email)
    if other is not None and other is not current:
        raise Conflict(EMAIL_TAKEN, "email")


def _commit_unique(username: str, email: str) -> None:
    try:
        db.session.commit()
    except IntegrityError as exc:  # a concurrent registration won the race
        db.session.rollback()
        _ensure_free(username, email)
        raise Conflict(USERNAME_TAKEN, "username") from exc


def register(username: str, email: str, password: str, role: str = ROLE_USER) -> User:
    """Create an account after checking every rule; raises ServiceError with the field at fault."""
    for field, problem in (("username", username_problem(username)), ("password", password_problem(password))):
        if problem:
            raise ServiceError(problem, field)
    email = normalize_email(email)
    _ensure_free(username, email)
    user = User(username=username, email=email, password_hash=hash_password(password), role=role, bio="")
    _release(username)
    db.session.add(user)
    _commit_unique(username, email)
    return user


def authenticate(email: str, password: str, code: str | None = None) -> User:
    """The user with these credentials (and, when two-factor is on, a valid code), or Unauthorized."""
    user = find_by_email(email)
    if not verify_password(user.password_hash if user else None, password):
        raise Unauthorized(INVALID_LOGIN)
    if user.totp_enabled:
        if not code:
            raise Unauthorized(TWO_FACTOR_REQUIRED, twoFactorRequired=True)
        if not two_factor.verify_login_code(user, code):
            raise Unauthorized(INVALID_CODE, "code", twoFactorRequired=True)
    return user


def set_password(user: User, new_password: str) -> User:
    """A new password (from a reset link): every session and token of the user ends."""
    problem = password_problem(new_password)
    if problem:
        raise ServiceError(problem, "password")
    user.password_hash = hash_password(new_password)
    user.end_all_sessions()
    db.session.commit()
    return user


def update_profile(user: User, username: str, email: str, bio: str) -> User:
    """Change username, e-mail and bio, keeping names and addresses unique; an old username keeps redirecting."""
    problem = username_problem(username)
    if problem:
        raise ServiceError(problem, "username")
    email = normalize_email(email)
    if len(bio) > BIO_MAX:
        raise ServiceError(f"Bio must be at most {BIO_MAX} characters long", "bio")
    _ensure_free(username, email, current=user)
    if username.lower() != user.username.lower():
        _release(username)
        db.session.merge(UsernameRedirect(old_username=user.username.lower(), user_id=user.id))
    user.username, user.email, user.bio = username, email, bio
    _commit_unique(username, email)
    return user


def _release(username: str) -> None:
    """A name someone gave up becomes someone's again: its old redirect goes."""
    db.session.execute(delete(UsernameRedirect).where(UsernameRedirect.old_username == username.lower()))


def renamed_to(old_username: str) -> str | None:
    """The current username of whoever used to be called `old_username`."""
    return db.session.scalar(
        select(User.username)
        .join(UsernameRedirect, UsernameRedirect.user_id == User.id)
        .where(UsernameRedirect.old_username == old_username.strip().lower())
    )


PROFILE_VISIBILITY_CHOICES = ("public", "private", "friends")


def update_privacy(user: User, visibility: str, email_notifications: bool) -> User:
    if visibility not in PROFILE_VISIBILITY_CHOICES:
        raise ServiceError("Profile visibility must be public, private or friends", "profileVisibility")
    user.profile_visibility, user.email_notifications = visibility, email_notifications
    db.session.commit()
    return user


def change_password(user: User, current_password: str, new_password: str) -> User:
    """Set a new password and end every other session and token of the user."""
    if not verify_password(user.password_hash, current_password):
        raise ServiceError("Current password is incorrect", "currentPassword")
    problem = password_problem(new_password, "New password")
    if problem:
        raise ServiceError(problem, "newPassword")
    user.password_hash = hash_password(new_password)
    user.end_all_sessions()
    db.session.commit()
    return user


def end_all_sessions(user: User) -> None:
    user.end_all_sessions()
    db.session.commit()


def delete_account(user: User) -> None:
    """Remove the account; its playlists, follows and positions go with it, reports lose their reporter."""
    db.session.delete(user)
    db.session.commit()


def make_admin(username: str, email: str, password: str) -> User:
    """Create an admin, or promote the existing account with that username and e-mail."""
    existing = find_by_username(username)
    if existing is not None and existing.email == normalize_email(email):
        existing.role = ROLE_ADMIN
        existing.password_hash = hash_password(password)
        db.session.commit()
        return existing
    return register(username, email, password, role=ROLE_ADMIN)


def subscriber_count(username: str) -> int:
    """A user's subscribers: the follower count of the creator with the same username (0 if none)."""
    count = db.session.scalar(
        select(func.count(Follow.user_id))
        .join(Creator, Creator.id == Follow.creator_id)
        .where(func.lower(Creator.username) == username.lower())
    )
    return int(count or 0)


def followed_usernames(user: User) -> list[str]:
    """Usernames of the creators the user follows, oldest follow first."""
    rows = db.session.scalars(
        select(Creator.username)
        .join(Follow, Follow.creator_id == Creator.id)
        .where(Follow.user_id == user.id)
        .order_by(Follow.created_at, Creator.username)
    )
    return list(rows)

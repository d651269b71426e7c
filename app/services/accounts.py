"""Account use cases: registration, sign-in, profile, password, deletion, and the rules they share."""

import re

from email_validator import EmailNotValidError, validate_email
from sqlalchemy import String, cast, delete, func, literal, select, update
from sqlalchemy.exc import IntegrityError

from app.extensions import db
from app.i18n import LANGUAGES, N_
from app.models import (
    ROLE_ADMIN,
    ROLE_USER,
    ContactMessage,
    Creator,
    Follow,
    PasswordReset,
    PendingEmailChange,
    PendingRegistration,
    User,
    UsernameRedirect,
    VideoReport,
)
from app.models.user import PROFILE_VISIBILITIES, ProfileVisibility
from app.security import confirm_password, hash_password, verify_password
from app.services import sessions, two_factor, uploads
from app.services.errors import Conflict, ServiceError, Unauthorized

USERNAME_MIN = 3
USERNAME_MAX = 30
PASSWORD_MIN = 6
PASSWORD_MAX = 128
BIO_MAX = 500
_USERNAME_CHARS = re.compile(r"^[A-Za-z0-9_]+$")

USERNAME_TAKEN = N_("Username already exists")
EMAIL_TAKEN = N_("An account with this email already exists")
INVALID_LOGIN = N_("Invalid email or password")
TWO_FACTOR_REQUIRED = N_("Enter the 6-digit code from your authenticator app")
INVALID_CODE = N_("Invalid code")


def username_problem(username: str) -> str | None:
    """The spec's message for a username that breaks a rule, in the spec's order, else None."""
    if not username:
        return N_("Username is required")
    if re.search(r"\s", username):
        return N_("Username cannot contain spaces")
    if not _USERNAME_CHARS.match(username):
        return N_("Username can only contain letters, numbers, and underscores")
    if len(username) < USERNAME_MIN:
        return N_("Username must be at least 3 characters long")
    if len(username) > USERNAME_MAX:
        return f"Username must be at most {USERNAME_MAX} characters long"
    return None


PASSWORD_MESSAGES = {
    "Password": (N_("Password is required"), N_("Password must be at least 6 characters long")),
    "New password": (N_("New password is required"), N_("New password must be at least 6 characters long")),
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
        raise ServiceError(N_("Please enter a valid email address"), "email") from exc


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


def commit_unique(username: str, email: str, current: User | None = None) -> None:
    """Commit an account's username and e-mail, or say which of them another account took in the meantime."""
    try:
        db.session.commit()
    except IntegrityError as exc:  # a concurrent registration won the race
        db.session.rollback()
        _ensure_free(username, email, current)
        raise Conflict(USERNAME_TAKEN, "username") from exc


def check_new_account(username: str, email: str, password: str) -> str:
    """Every rule a new account's fields must meet, with the field at fault; answers the normalised e-mail."""
    for field, problem in (("username", username_problem(username)), ("password", password_problem(password))):
        if problem:
            raise ServiceError(problem, field)
    return normalize_email(email)


def register(username: str, email: str, password: str, role: str = ROLE_USER) -> User:
    """Create an account at once (the command line and the e-mail link); raises ServiceError with the field."""
    email = check_new_account(username, email, password)
    return create_account(username, email, hash_password(password), role)


def create_account(username: str, email: str, password_hash: str, role: str = ROLE_USER) -> User:
    """Store a new account whose fields were checked, if its username and e-mail are still free."""
    _ensure_free(username, email)
    user = User(username=username, email=email, password_hash=password_hash, role=role, bio="")
    _release(username)
    db.session.add(user)
    commit_unique(username, email)
    return user


def authenticate(email: str, password: str, code: str | None = None) -> User:
    """The user with these credentials (and, when two-factor is on, a valid code), or Unauthorized."""
    user = find_by_email(email)
    # The password is checked even when there is no such user, so timing does not tell.
    if not verify_password(user.password_hash if user else None, password) or user is None:
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
    _store_password(user, new_password)
    return user


def _store_password(user: User, new_password: str) -> None:
    """A new password: every sign-in, reset link and waiting e-mail change of the account ends (its owner is told
    to choose one when someone else asked for a new address)."""
    user.password_hash = hash_password(new_password)
    forget_reset_links(user)
    forget_email_links(user)
    db.session.commit()
    sessions.end_every_sign_in(user)


def forget_reset_links(user: User) -> None:
    """Every password reset link of the account stops working (one is live at most)."""
    db.session.execute(delete(PasswordReset).where(PasswordReset.user_id == user.id))


def forget_email_links(user: User) -> None:
    """The account's link to a new e-mail address, if one is out, stops working."""
    db.session.execute(delete(PendingEmailChange).where(PendingEmailChange.user_id == user.id))


def update_profile(user: User, username: str, email: str, bio: str, current_password: str | None = None) -> str | None:
    """Change username and bio, keeping names unique; an old username keeps redirecting. Answers a new e-mail
    address, checked, for the caller to confirm by a link to it (account_email): whoever holds the account's
    address can reset its password, so a new one takes the current password and is never used on the asker's word.
    """
    problem = username_problem(username)
    if problem:
        raise ServiceError(problem, "username")
    email = normalize_email(email)
    if len(bio) > BIO_MAX:
        raise ServiceError(f"Bio must be at most {BIO_MAX} characters long", "bio")
    new_email = email if email != user.email else None
    if new_email:
        confirm_password(user, current_password, "currentPassword")
    _ensure_free(username, user.email, current=user)
    if username.lower() != user.username.lower():
        _release(username)
        db.session.merge(UsernameRedirect(old_username=user.username.lower(), user_id=user.id))
    user.username, user.bio = username, bio
    commit_unique(username, user.email, current=user)
    return new_email


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


def update_privacy(user: User, visibility: ProfileVisibility, email_notifications: bool) -> User:
    if visibility not in PROFILE_VISIBILITIES:
        raise ServiceError(N_("Profile visibility must be public, private or friends"), "profileVisibility")
    user.profile_visibility, user.email_notifications = visibility, email_notifications
    db.session.commit()
    return user


def update_language(user: User, language: str) -> User:
    if language not in LANGUAGES:
        raise ServiceError(N_("Language must be en or vi"), "language")
    user.language = language
    db.session.commit()
    return user


def change_password(user: User, current_password: str, new_password: str) -> User:
    """Set a new password and end every other session and token of the user."""
    confirm_password(user, current_password, "currentPassword")
    problem = password_problem(new_password, "New password")
    if problem:
        raise ServiceError(problem, "newPassword")
    if new_password == current_password:  # it would sign out every other device and change nothing
        raise ServiceError(N_("New password must differ from the current password"), "newPassword")
    _store_password(user, new_password)
    return user


def delete_account(user: User, password: str | None) -> None:
    """Remove the account (with its password) and every row of it: its sign-ins, playlists, follows, positions,
    links and codes go with it (foreign keys cascade); uploads and messages are deleted; reports it filed stay
    for review, no longer naming it."""
    confirm_password(user, password)
    files = uploads.forget_uploads_of(user)
    db.session.execute(delete(ContactMessage).where(ContactMessage.user_id == user.id))
    db.session.execute(delete(PendingRegistration).where(PendingRegistration.email == user.email))
    db.session.execute(
        update(VideoReport)
        .where(VideoReport.reported_by_id == user.id)
        .values(reporter_key=literal("deleted-account:") + cast(VideoReport.id, String), reported_by_ip=None)
    )
    db.session.delete(user)
    db.session.commit()
    uploads.remove_files(files)


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
        select(Creator.site_follower_count).where(func.lower(Creator.username) == username.lower())
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

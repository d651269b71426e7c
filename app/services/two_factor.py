"""Two-factor sign-in with an authenticator app (TOTP, RFC 6238) and single-use recovery codes."""

import hashlib
import hmac
import io
import secrets
from datetime import UTC, datetime

import pyotp
import segno
from flask import current_app
from sqlalchemy import delete, or_, update

from app.extensions import db
from app.i18n import N_
from app.models import RecoveryCode, User
from app.models.types import utcnow
from app.security import confirm_password
from app.services.errors import ServiceError

RECOVERY_CODE_COUNT = 10
INVALID_CODE = N_("Invalid code")


def _hash(code: str) -> str:
    return hashlib.sha256(code.strip().lower().replace("-", "").encode()).hexdigest()


def start_setup(user: User) -> dict:
    """A new secret for the user's authenticator app, not active until a code from it is confirmed."""
    if user.totp_enabled:
        raise ServiceError(N_("Two-factor sign-in is already on"))
    user.totp_secret, user.totp_last_step = pyotp.random_base32(), None
    db.session.commit()
    url = pyotp.TOTP(user.totp_secret).provisioning_uri(name=user.email, issuer_name=current_app.config["BRAND_NAME"])
    return {"secret": user.totp_secret, "otpauthUrl": url, "qrSvg": _qr_svg(url)}


def _qr_svg(text: str) -> str:
    """A standalone SVG QR code (with its namespace, so it also works as an image)."""
    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="svg", scale=4, xmldecl=False)
    return buffer.getvalue().decode()


def _new_recovery_codes(user: User) -> list[str]:
    db.session.execute(delete(RecoveryCode).where(RecoveryCode.user_id == user.id))
    codes = [
        f"{secrets.token_hex(2)}-{secrets.token_hex(2)}-{secrets.token_hex(2)}" for _ in range(RECOVERY_CODE_COUNT)
    ]
    db.session.add_all(RecoveryCode(code_hash=_hash(code), user_id=user.id) for code in codes)
    return codes


def enable(user: User, code: str, password: str | None) -> list[str]:
    """Turn two-factor on (with the password) once a code from the app matches; answers the recovery codes."""
    confirm_password(user, password)
    if not user.totp_secret or user.totp_enabled:
        raise ServiceError(N_("Start the two-factor setup first"))
    if not _accept_code(user, code):
        raise ServiceError(INVALID_CODE, "code")
    user.totp_enabled = True
    codes = _new_recovery_codes(user)
    db.session.commit()
    return codes


def disable(user: User, password: str) -> None:
    confirm_password(user, password)
    user.totp_enabled, user.totp_secret = False, None
    db.session.execute(delete(RecoveryCode).where(RecoveryCode.user_id == user.id))
    db.session.commit()


def _accept_code(user: User, code: str) -> bool:
    """A code of the app's current time step (or one either side, for clock drift), each accepted only once: a
    code seen before, or one older than the last accepted, is refused even within its window."""
    assert user.totp_secret is not None  # both callers check that there is one
    totp = pyotp.TOTP(user.totp_secret)
    now = totp.timecode(datetime.now(UTC))
    for step in (now - 1, now, now + 1):
        if hmac.compare_digest(totp.generate_otp(step), code.strip()):
            return _claim_step(user, step)
    return False


def _claim_step(user: User, step: int) -> bool:
    """Record the step as used, atomically: of two sign-ins racing with one code, one wins."""
    claimed = db.session.execute(
        update(User)
        .where(User.id == user.id, or_(User.totp_last_step.is_(None), User.totp_last_step < step))
        .values(totp_last_step=step)
        .execution_options(synchronize_session=False)
    )
    db.session.commit()
    db.session.refresh(user)
    return claimed.rowcount == 1  # type: ignore[attr-defined]  # an UPDATE answers a CursorResult, typed as Result


def verify_login_code(user: User, code: str) -> bool:
    """A current TOTP code (once), or an unused recovery code (then used up)."""
    if user.totp_secret and _accept_code(user, code):
        return True
    # Found and used up in one statement: of two sign-ins racing with one code, one wins (as for _claim_step).
    claimed = db.session.execute(
        update(RecoveryCode)
        .where(RecoveryCode.user_id == user.id, RecoveryCode.code_hash == _hash(code), RecoveryCode.used_at.is_(None))
        .values(used_at=utcnow())
        .execution_options(synchronize_session=False)
    )
    db.session.commit()
    return claimed.rowcount == 1  # type: ignore[attr-defined]

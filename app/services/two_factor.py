"""Two-factor sign-in with an authenticator app (TOTP, RFC 6238) and single-use recovery codes."""

import hashlib
import io
import secrets

import pyotp
import segno
from flask import current_app
from sqlalchemy import delete, select

from app.extensions import db
from app.models import RecoveryCode, User
from app.models.types import utcnow
from app.security import verify_password
from app.services.errors import ServiceError

RECOVERY_CODE_COUNT = 10
INVALID_CODE = "Invalid code"


def _hash(code: str) -> str:
    return hashlib.sha256(code.strip().lower().replace("-", "").encode()).hexdigest()


def start_setup(user: User) -> dict:
    """A new secret for the user's authenticator app, not active until a code from it is confirmed."""
    if user.totp_enabled:
        raise ServiceError("Two-factor sign-in is already on")
    user.totp_secret = pyotp.random_base32()
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


def enable(user: User, code: str) -> list[str]:
    """Turn two-factor on once a code from the app matches; answers the recovery codes (shown once)."""
    if not user.totp_secret or user.totp_enabled:
        raise ServiceError("Start the two-factor setup first")
    if not pyotp.TOTP(user.totp_secret).verify(code.strip(), valid_window=1):
        raise ServiceError(INVALID_CODE, "code")
    user.totp_enabled = True
    codes = _new_recovery_codes(user)
    db.session.commit()
    return codes


def disable(user: User, password: str) -> None:
    if not verify_password(user.password_hash, password):
        raise ServiceError("Password is incorrect", "password")
    user.totp_enabled, user.totp_secret = False, None
    db.session.execute(delete(RecoveryCode).where(RecoveryCode.user_id == user.id))
    db.session.commit()


def verify_login_code(user: User, code: str) -> bool:
    """A current TOTP code, or an unused recovery code (then used up)."""
    if user.totp_secret and pyotp.TOTP(user.totp_secret).verify(code.strip(), valid_window=1):
        return True
    recovery = db.session.scalar(
        select(RecoveryCode).where(
            RecoveryCode.user_id == user.id, RecoveryCode.code_hash == _hash(code), RecoveryCode.used_at.is_(None)
        )
    )
    if recovery is None:
        return False
    recovery.used_at = utcnow()
    db.session.commit()
    return True

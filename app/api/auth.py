"""Spec §7 "Auth and users": sign-in, registration, the current user, profile, password, account."""

from typing import Literal

from flask import Blueprint, Response, current_app, g
from flask_login import current_user
from flask_wtf.csrf import generate_csrf
from pydantic import Field, field_validator

from app.api.operations import operation
from app.api.schemas import ApiModel, AuthResult, CsrfTokenOut, Message, OutModel, SignedOut, UserEnvelope, UserOut
from app.catalog.slugs import slugify
from app.extensions import limiter
from app.i18n import N_
from app.models.user import ProfileVisibility
from app.ratelimit import (
    account_or_visitor_key,
    attempted_account_key,
    configured_limit,
    counts_as_failed_sign_in,
    keeps_the_email,
    mailed_a_link,
)
from app.security import fresh_session, sign_in
from app.services import account_email, account_export, accounts, password_reset, registration, sessions, two_factor
from app.services.errors import ServiceError

bp = Blueprint("auth_api", __name__, url_prefix="/api/auth")


def _required(value: str, label: str) -> str:
    if not value.strip():
        raise ValueError(f"{label} is required")
    return value


class LoginBody(ApiModel):
    email: str = Field(title="Email", max_length=254)
    password: str = Field(title="Password", max_length=accounts.PASSWORD_MAX)
    remember: bool = False
    code: str | None = Field(default=None, title="Code", max_length=20)

    @field_validator("email")
    @classmethod
    def _email(cls, value: str) -> str:
        return _required(value, "Email")

    @field_validator("password")
    @classmethod
    def _password(cls, value: str) -> str:
        return _required(value, "Password")


class RegisterBody(ApiModel):
    username: str = Field(title="Username", max_length=100)
    email: str = Field(title="Email", max_length=254)
    password: str = Field(title="Password", max_length=accounts.PASSWORD_MAX)


class ProfileBody(ApiModel):
    username: str = Field(title="Username", max_length=100)
    email: str = Field(title="Email", max_length=254)
    bio: str = Field(default="", title="Bio", max_length=accounts.BIO_MAX)
    currentPassword: str | None = Field(
        default=None, title="Current password", max_length=accounts.PASSWORD_MAX, description="Needed for a new e-mail"
    )


class PasswordBody(ApiModel):
    currentPassword: str = Field(title="Current password", max_length=accounts.PASSWORD_MAX)
    newPassword: str = Field(title="New password", max_length=accounts.PASSWORD_MAX)

    @field_validator("currentPassword")
    @classmethod
    def _current(cls, value: str) -> str:
        return _required(value, "Current password")


class PrivacyBody(ApiModel):
    profileVisibility: ProfileVisibility = Field(title="Profile visibility")
    emailNotifications: bool = Field(title="E-mail notifications")


class LanguageBody(ApiModel):
    language: Literal["en", "vi"] = Field(title="Language")


class PasswordOnlyBody(ApiModel):
    password: str = Field(default="", max_length=accounts.PASSWORD_MAX, title="Password")


class EnableTwoFactorBody(PasswordOnlyBody):
    code: str = Field(min_length=1, max_length=20, title="Code")


class ForgotBody(ApiModel):
    email: str = Field(min_length=1, max_length=254, title="Email")


class UsernameQuery(ApiModel):
    username: str = Field(title="Username", max_length=100)


class PendingRegistrationOut(Message):
    pending: bool


class ExistsOut(OutModel):
    exists: bool


class TwoFactorSetup(OutModel):
    secret: str
    otpauthUrl: str
    qrSvg: str = Field(description="The otpauth URL as a QR code, a standalone SVG")


class RecoveryCodes(Message):
    recoveryCodes: list[str]


def _signed_in(user, remember: bool) -> dict:
    token, csrf_token = sign_in(user, remember)
    return {"user": UserOut.of(user), "token": token, "csrfToken": csrf_token}


@bp.post("/login")
@limiter.limit(configured_limit("LOGIN_RATE_LIMIT"))
@limiter.limit(
    configured_limit("LOGIN_ACCOUNT_RATE_LIMIT"),
    key_func=attempted_account_key,
    deduct_when=counts_as_failed_sign_in,
)
@operation("Sign in with e-mail and password", body=LoginBody, response=AuthResult, tag="auth")
def login(body: LoginBody):
    user = registration.authenticate(body.email, body.password, body.code)
    return _signed_in(user, body.remember)


@bp.post("/register")
@limiter.limit(configured_limit("REGISTER_RATE_LIMIT"))
@operation(
    "Start an account: a link to finish it is mailed to the address (the answer is the same whether the address "
    "already has an account)",
    body=RegisterBody,
    response=PendingRegistrationOut,
    status=202,
    errors={409: None},
    tag="auth",
)
def register(body: RegisterBody):
    message = registration.request_registration(body.username, body.email, body.password)
    return {"success": True, "pending": True, "message": message}


@bp.post("/logout")
@operation("Sign out: ends this sign-in, its cookies and its token", response=SignedOut, tag="auth")
def logout():
    if current_user.is_authenticated:
        sessions.end_sign_in(current_user.sign_in_key)
    return {"success": True, "message": N_("Logged out"), "csrfToken": fresh_session()}


@bp.post("/logout-all")
@operation("Sign out of every device (ends all sessions and tokens)", response=SignedOut, tag="auth", auth="user")
def logout_all():
    sessions.end_every_sign_in(current_user._get_current_object())
    return {"success": True, "message": N_("Logged out of all devices"), "csrfToken": fresh_session()}


@bp.get("/csrf")
@operation(
    "A CSRF token for this browser's session (pages leave it out until a form needs it)",
    response=CsrfTokenOut,
    tag="auth",
)
def csrf_token():
    return {"csrfToken": generate_csrf()}, {"Cache-Control": "private, no-store"}


@bp.get("/me")
@operation("The signed-in user, or null for a visitor", response=UserEnvelope, tag="auth")
def me():
    return {"user": UserOut.of(current_user) if current_user.is_authenticated else None}


@bp.get("/check-username")
@operation("Whether a username is taken", query=UsernameQuery, response=ExistsOut, tag="auth")
def check_username(query: UsernameQuery):
    if not query.username.strip():
        raise ServiceError(N_("Username is required"), "username")
    return {"exists": accounts.username_exists(query.username)}


@bp.put("/profile")
@limiter.limit(
    configured_limit("EMAIL_CHANGE_RATE_LIMIT"),
    key_func=account_or_visitor_key,
    exempt_when=keeps_the_email,
    deduct_when=mailed_a_link,
)
@operation(
    "Update username and bio; a new e-mail address (which needs the current password) is used once the link mailed "
    "to it is opened",
    body=ProfileBody,
    response=UserEnvelope,
    errors={409: None},
    tag="auth",
    auth="user",
)
def update_profile(body: ProfileBody):
    user = current_user._get_current_object()
    new_email = accounts.update_profile(user, body.username, body.email, body.bio, body.currentPassword)
    message = N_("Profile updated successfully!")
    if new_email:
        account_email.ask_for(user, new_email)
        g.mailed_link = True
        message = account_email.LINK_SENT.format(email=new_email)
    return {"success": True, "message": message, "user": UserOut.of(user)}


@bp.delete("/email-change")
@operation(
    "Cancel the change to a new e-mail address that waits for its link: the link stops working and the account keeps"
    " its address",
    response=UserEnvelope,
    tag="auth",
    auth="user",
)
def cancel_email_change():
    user = current_user._get_current_object()
    account_email.withdraw(user)
    return {"success": True, "message": N_("E-mail change cancelled"), "user": UserOut.of(user)}


@bp.put("/password")
@operation("Change the password; other sessions end", body=PasswordBody, response=AuthResult, tag="auth", auth="user")
def change_password(body: PasswordBody):
    user = accounts.change_password(current_user._get_current_object(), body.currentPassword, body.newPassword)
    result = _signed_in(user, remember=False)
    return {"success": True, "message": N_("Password updated successfully!"), **result}


@bp.delete("/account")
@operation(
    "Delete the signed-in account (needs the password)",
    body=PasswordOnlyBody,
    response=SignedOut,
    tag="auth",
    auth="user",
)
def delete_account(body: PasswordOnlyBody):
    user = current_user._get_current_object()
    accounts.delete_account(user, body.password)
    csrf_token = fresh_session()
    return {"success": True, "message": N_("Account deleted"), "csrfToken": csrf_token}


@bp.put("/privacy")
@operation(
    "Profile visibility and e-mail notifications", body=PrivacyBody, response=UserEnvelope, tag="auth", auth="user"
)
def update_privacy(body: PrivacyBody):
    user = accounts.update_privacy(current_user._get_current_object(), body.profileVisibility, body.emailNotifications)
    return {"success": True, "message": N_("Privacy settings saved"), "user": UserOut.of(user)}


@bp.put("/language")
@operation("The interface's language", body=LanguageBody, response=UserEnvelope, tag="auth", auth="user")
def update_language(body: LanguageBody):
    user = accounts.update_language(current_user._get_current_object(), body.language)
    return {"success": True, "message": N_("Language saved"), "user": UserOut.of(user)}


@bp.post("/2fa/setup")
@operation(
    "Start two-factor setup: a secret and its QR code for an authenticator app",
    response=TwoFactorSetup,
    tag="auth",
    auth="user",
)
def two_factor_setup():
    return two_factor.start_setup(current_user._get_current_object())


@bp.post("/2fa/enable")
@operation(
    "Turn two-factor sign-in on with a code from the app and the password; answers the recovery codes",
    body=EnableTwoFactorBody,
    response=RecoveryCodes,
    tag="auth",
    auth="user",
)
def two_factor_enable(body: EnableTwoFactorBody):
    codes = two_factor.enable(current_user._get_current_object(), body.code, body.password)
    return {"success": True, "message": N_("Two-factor sign-in is on"), "recoveryCodes": codes}


@bp.post("/2fa/disable")
@operation(
    "Turn two-factor sign-in off (needs the password)", body=PasswordOnlyBody, response=Message, tag="auth", auth="user"
)
def two_factor_disable(body: PasswordOnlyBody):
    two_factor.disable(current_user._get_current_object(), body.password)
    return {"success": True, "message": N_("Two-factor sign-in is off")}


@bp.post("/forgot-password")
@limiter.limit(configured_limit("FORGOT_PASSWORD_RATE_LIMIT"))
@operation(
    "Mail a one-time password reset link (the answer is the same whether the account exists)",
    body=ForgotBody,
    response=Message,
    tag="auth",
)
def forgot_password(body: ForgotBody):
    return {"success": True, "message": password_reset.request_reset(body.email)}


@bp.get("/export")
@operation(
    "Download my data: the account, follows, playlists, reports and uploads as one JSON file",
    file="application/json",
    tag="auth",
    auth="user",
)
def export_account():
    body = account_export.account_document(current_user)
    name = f"{slugify(current_app.config['BRAND_NAME'])}-{current_user.username}.json"
    headers = {"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "private, no-store"}
    return Response(body, mimetype="application/json", headers=headers)

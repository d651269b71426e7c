"""Account pages reached from e-mail: finishing a registration, choosing a new password from a reset link,
confirming a new e-mail address."""

from flask import Blueprint, render_template

from app.api.operations import parse_form
from app.api.schemas import ApiModel
from app.extensions import limiter
from app.i18n import N_
from app.ratelimit import configured_limit
from app.security import sign_in
from app.services import account_email, password_reset, registration
from app.services.errors import ServiceError

bp = Blueprint("account", __name__)


class NewPasswordForm(ApiModel):
    password: str = ""
    confirm: str = ""


@bp.get("/reset-password/<token>")
def reset_password(token: str):
    try:
        password_reset.check_link(token)
    except ServiceError as exc:
        return render_template("pages/reset_password.html", token=None, error=exc.message), 400
    return render_template("pages/reset_password.html", token=token, error=None)


@bp.post("/reset-password/<token>")
@limiter.limit(configured_limit("FORGOT_PASSWORD_RATE_LIMIT"))
def choose_password(token: str):
    form = parse_form(NewPasswordForm)
    password = form.password
    if password != form.confirm:
        return render_template("pages/reset_password.html", token=token, error=N_("Passwords do not match")), 422
    try:
        password_reset.reset_password(token, password)
    except ServiceError as exc:
        keep = token if exc.field == "password" else None
        return render_template("pages/reset_password.html", token=keep, error=exc.message), 422
    return render_template("pages/reset_password.html", token=None, error=None, done=True)


@bp.get("/register/confirm/<token>")
def confirm_registration(token: str):
    try:
        pending = registration.pending_registration(token)
    except ServiceError as exc:
        return render_template("pages/confirm_registration.html", error=exc.message), 400
    return render_template("pages/confirm_registration.html", token=token, username=pending.username)


@bp.post("/register/confirm/<token>")
@limiter.limit(configured_limit("REGISTER_RATE_LIMIT"))
def create_account(token: str):
    try:
        user = registration.complete_registration(token)
    except ServiceError as exc:
        return render_template("pages/confirm_registration.html", error=exc.message), exc.status
    sign_in(user, remember=False)
    return render_template("pages/confirm_registration.html", created=user.username)


@bp.get("/account/email/<token>")
def confirm_email(token: str):
    try:
        username, email = account_email.linked_change(token)
    except ServiceError as exc:
        return render_template("pages/confirm_email.html", error=exc.message), 400
    return render_template("pages/confirm_email.html", token=token, username=username, email=email)


@bp.post("/account/email/<token>")
@limiter.limit(configured_limit("REGISTER_RATE_LIMIT"))
def change_email(token: str):
    try:
        user = account_email.confirm(token)
    except ServiceError as exc:
        return render_template("pages/confirm_email.html", error=exc.message), exc.status
    return render_template("pages/confirm_email.html", changed=user.email)

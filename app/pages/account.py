"""Account pages reached from e-mail: choosing a new password from a reset link."""

from flask import Blueprint, render_template, request

from app.extensions import configured_limit, limiter
from app.services import password_reset
from app.services.errors import ServiceError

bp = Blueprint("account", __name__)


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
    password, confirm = request.form.get("password", ""), request.form.get("confirm", "")
    if password != confirm:
        return render_template("pages/reset_password.html", token=token, error="Passwords do not match"), 422
    try:
        password_reset.reset_password(token, password)
    except ServiceError as exc:
        keep = token if exc.field == "password" else None
        return render_template("pages/reset_password.html", token=keep, error=exc.message), 422
    return render_template("pages/reset_password.html", token=None, error=None, done=True)

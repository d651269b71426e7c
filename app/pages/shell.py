"""The watching and discovery screens of spec §2, plus sign-in pages and the admin portal."""

from flask import Blueprint, render_template, request
from flask_login import current_user

from app.security import admin_page

bp = Blueprint("shell", __name__)


@bp.get("/")
def home():
    return render_template("pages/home.html")


@bp.get("/dance-trends", defaults={"rest": ""})
@bp.get("/dance-trends/<path:rest>")
def dance_trends(rest: str):
    return render_template("pages/dance_trends.html", search=request.args.get("search", ""))


@bp.get("/following")
def following():
    return render_template("pages/following.html")


@bp.get("/categories", defaults={"rest": ""})
@bp.get("/categories/<path:rest>")
def categories(rest: str):
    return render_template("pages/categories.html")


@bp.get("/upload")
def upload():
    return render_template("pages/upload.html")


@bp.get("/add-tiktok-profile")
def add_tiktok_profile():
    return render_template("pages/add_tiktok_profile.html")


@bp.get("/developer-portal")
@admin_page
def developer_portal():
    return render_template("pages/developer_portal.html")


@bp.get("/login")
def login():
    return render_template("pages/sign_in.html", mode="login", signed_in=current_user.is_authenticated)


@bp.get("/register")
def register():
    return render_template("pages/sign_in.html", mode="register", signed_in=current_user.is_authenticated)

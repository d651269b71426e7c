"""Screens about people: user search, profiles, creator pages, account settings."""

from flask import Blueprint, redirect, render_template, request, url_for

from app.services import accounts
from app.services.users import search_users

bp = Blueprint("people", __name__)

SEARCH_PAGE_LIMIT = 20


@bp.get("/search")
def search():
    query = request.args.get("q", "").strip()[:100]
    results = search_users(query, SEARCH_PAGE_LIMIT) if query else []
    return render_template("pages/search.html", query=query, results=results)


@bp.get("/profile/<username>")
def profile(username: str):
    user = accounts.find_by_username(username)
    if user is None and (current := accounts.renamed_to(username)):
        return redirect(url_for("people.profile", username=current), 301)
    status = 200 if user is not None else 404
    return render_template("pages/profile.html", profile_user=user, username=username), status


@bp.get("/user/<username>")
def creator(username: str):
    return render_template("pages/creator.html", username=username)


@bp.get("/settings")
def settings():
    return render_template("pages/settings.html")

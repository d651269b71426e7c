"""htmx fragments; each is also included by the page that first renders it."""

from flask import Blueprint, render_template, request

from app.services.creators import search_creators
from app.services.users import SEARCH_LIMIT_CAP, search_users

bp = Blueprint("partials", __name__, url_prefix="/partials")


@bp.get("/user-search")
def user_search():
    query = request.args.get("q", "").strip()[:100]
    limit = min(request.args.get("limit", 8, type=int) or 8, SEARCH_LIMIT_CAP)
    return render_template(
        "_partials/user_results.html",
        query=query,
        results=search_users(query, limit),
        creators=search_creators(query, limit),
        compact=limit <= 8,
    )

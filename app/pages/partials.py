"""htmx fragments; each is also included by the page that first renders it."""

from flask import Blueprint, render_template

from app.api.operations import parse_query
from app.api.paging import limit_field
from app.api.schemas import ApiModel, SearchText
from app.services.creators import search_creators
from app.services.users import SEARCH_LIMIT_CAP, search_users

bp = Blueprint("partials", __name__, url_prefix="/partials")


class UserSearchQuery(ApiModel):
    q: SearchText = ""
    limit: int = limit_field(8, SEARCH_LIMIT_CAP)


@bp.get("/user-search")
def user_search():
    args = parse_query(UserSearchQuery)
    return render_template(
        "_partials/user_results.html",
        query=args.q,
        results=search_users(args.q, args.limit),
        creators=search_creators(args.q, args.limit),
        compact=args.limit <= 8,
    )

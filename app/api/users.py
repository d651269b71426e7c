"""Spec §7: GET /api/users, the user search."""

from flask import Blueprint
from pydantic import Field, RootModel

from app.api.operations import operation
from app.api.paging import limit_field, offset_field
from app.api.schemas import ApiModel, PublicUser
from app.services import search
from app.services.cache import LIST_SECONDS, cached_response
from app.services.search import RESULTS_CAP, SEARCH_LIMIT_CAP

bp = Blueprint("users_api", __name__, url_prefix="/api/users")


class UserSearchQuery(ApiModel):
    search: str = Field(default="", title="Search", max_length=100)
    limit: int = limit_field(8, SEARCH_LIMIT_CAP)
    offset: int = offset_field(RESULTS_CAP - 1)


class PublicUsers(RootModel[list[PublicUser]]):
    """An array, as spec §7 says."""


@bp.get("")
@cached_response(LIST_SECONDS)
@operation(
    "Find users by any part of their username, display name or bio (2+ characters; accents and case do not matter)",
    query=UserSearchQuery,
    response=PublicUsers,
    tag="users",
)
def user_search(query: UserSearchQuery):
    found = search.users(query.search, query.offset, query.limit)
    return [PublicUser.of(user, subscribers) for user, subscribers in found]

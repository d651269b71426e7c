"""Spec §7: GET /api/users, the user search."""

from flask import Blueprint
from pydantic import Field, RootModel

from app.api.operations import operation
from app.api.paging import limit_field, offset_field
from app.api.schemas import ApiModel, PublicUser
from app.services.cache import LIST_SECONDS, cached_response
from app.services.users import SEARCH_LIMIT_CAP, search_users

bp = Blueprint("users_api", __name__, url_prefix="/api/users")


class UserSearchQuery(ApiModel):
    search: str = Field(default="", title="Search", max_length=100)
    limit: int = limit_field(8, SEARCH_LIMIT_CAP)
    offset: int = offset_field(10_000)


class PublicUsers(RootModel[list[PublicUser]]):
    """An array, as spec §7 says."""


@bp.get("")
@cached_response(LIST_SECONDS)
@operation(
    "Find users by username, display name or bio (2+ characters)",
    query=UserSearchQuery,
    response=PublicUsers,
    tag="users",
)
def user_search(query: UserSearchQuery):
    return search_users(query.search, query.limit, query.offset)

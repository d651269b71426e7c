"""One paging helper: the bounded page/limit/offset fields every list reads (out of range is a 400, so no caller can
get past a cap), the two ways a list is asked for (by page, or by offset as some of the spec's callers do), and the
one envelope every paged answer carries."""

from math import ceil
from typing import Any, Protocol

from pydantic import Field

from app.api.schemas import ApiModel
from app.services import feeds

MAX_PAGE = 100_000
MAX_OFFSET = 100_000


def limit_field(default: int, cap: int, title: str = "Limit") -> Any:
    """A page size from 1 to its cap."""
    return Field(default=default, ge=1, le=cap, title=title)


def offset_field(cap: int = MAX_OFFSET) -> Any:
    """How many items to skip, from 0 to its cap."""
    return Field(default=0, ge=0, le=cap, title="Offset")


def page_field() -> Any:
    """A page number from 1 to MAX_PAGE."""
    return Field(default=1, ge=1, le=MAX_PAGE, title="Page")


class Window(Protocol):
    """Which slice of a list was asked for."""

    @property
    def offset(self) -> int: ...

    @property
    def limit(self) -> int: ...


class PageQuery(ApiModel):
    """A list asked for by page number."""

    page: int = page_field()
    limit: int = limit_field(20, 100)

    @property
    def offset(self) -> int:
        return (self.page - 1) * self.limit


class OffsetQuery(ApiModel):
    """A list asked for by offset."""

    limit: int = limit_field(20, 100)
    offset: int = offset_field()


def page_envelope(total: int, window: Window, deepest: int | None = None) -> dict:
    """Totals every paged answer carries: total, page, totalPages, hasMore (and the spec's hasNextPage); `deepest`:
    the list is served that far and no further, so a next page must end within it."""
    more = window.offset + window.limit < total
    if deepest is not None:
        more = more and window.offset + 2 * window.limit <= deepest
    return {
        "total": total,
        "page": window.offset // window.limit + 1,
        "totalPages": ceil(total / window.limit),
        "hasMore": more,
        "hasNextPage": more,
    }


def video_page_envelope(total: int, window: Window) -> dict:
    """page_envelope for a list of videos, served feeds.MOST_VIDEOS_DEEP deep."""
    return page_envelope(total, window, deepest=feeds.MOST_VIDEOS_DEEP)

"""One paging helper: page/limit (or offset/limit) query models with caps, and the page envelope."""

from math import ceil

from pydantic import Field

from app.api.schemas import ApiModel

MAX_PAGE = 100_000


class PageQuery(ApiModel):
    page: int = Field(default=1, ge=1, le=MAX_PAGE, title="Page")
    limit: int = Field(default=20, ge=1, le=100, title="Limit")

    @property
    def offset(self) -> int:
        return (self.page - 1) * self.limit


def page_envelope(total: int, page: int, limit: int) -> dict:
    """Totals every paged answer carries: total, page, totalPages, hasMore (and the spec's hasNextPage)."""
    pages = ceil(total / limit) if limit else 0
    more = page < pages
    return {"total": total, "page": page, "totalPages": pages, "hasMore": more, "hasNextPage": more}

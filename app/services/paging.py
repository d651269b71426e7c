"""One page type for every list a service returns, and one way to count the rows of a query."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import FromClause, Select, func, select

from app.extensions import db


@dataclass(frozen=True)
class PageOf:
    """One page of a list, and how many items the whole list has."""

    items: list
    total: int


def count_rows(query: Select | FromClause) -> int:
    """How many rows a query (or a subquery) gives."""
    source = query.order_by(None).subquery() if isinstance(query, Select) else query
    return db.session.scalar(select(func.count()).select_from(source)) or 0


def page_of(query: Select, offset: int, limit: int, shape: Callable[[Sequence[Any]], list] = list) -> PageOf:
    """The rows of an ordered query from `offset`, at most `limit`, shaped for the answer, with the query's total."""
    rows = db.session.scalars(query.offset(offset).limit(limit)).all()
    return PageOf(shape(rows), count_rows(query))

"""The text a row is found by in search, kept beside the columns it is made from."""

from typing import Any, ClassVar

from sqlalchemy import Text, event, inspect
from sqlalchemy.orm import Mapped, declared_attr, mapped_column

from app.catalog import fold


class Searchable:
    """A row search finds by `search_text`: `compose_search_text` of its `search_sources` columns, written with every
    insert (the ORM's or a Core statement's, as the column's default) and whenever the ORM changes a source. Writes
    that bypass SQLAlchemy (the synthetic catalog's COPY) compose it themselves."""

    search_sources: ClassVar[tuple[str, ...]]

    @classmethod
    def compose_search_text(cls, *sources: Any) -> str:
        raise NotImplementedError

    @declared_attr
    def search_text(cls) -> Mapped[str]:
        def on_insert(context) -> str:
            row = context.get_current_parameters()
            return cls.compose_search_text(*(row.get(name) for name in cls.search_sources))

        return mapped_column(Text, default=on_insert, server_default="")


@event.listens_for(Searchable, "before_update", propagate=True)
def _compose_again(_mapper, _connection, target: Searchable) -> None:
    state = inspect(target)
    if any(state.attrs[name].history.has_changes() for name in target.search_sources):
        target.search_text = target.compose_search_text(*(getattr(target, name) for name in target.search_sources))


def people_text(*fields: str | None) -> str:
    """Folded fields, one per line, so a search for part of one never spans two."""
    return "\n".join(fold(field) for field in fields)

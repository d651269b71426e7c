"""Search across the site: people (users and creators) and the catalog (dance trends, hashtags, videos).

People are found by any part of their handle, name or bio, as the user search always found them (a handle is not
made of words: 'dan' finds 'jordan_dance'); the catalog word by word through a full-text index (FTS5 on SQLite, a
tsvector with a GIN index on PostgreSQL), each word of the query as the start of a word ('hoa ngu' finds 'Hòa
Nguyễn'). Stored text and query are folded alike (app.catalog.fold), so neither case nor accents matter. Every kind
lists its most popular matches first, and a list and its count stop at RESULTS_CAP.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar, get_args

from sqlalchemy import ColumnElement, Select, case, cast, column, func, literal_column, select, table
from sqlalchemy.dialects.postgresql import TSQUERY
from sqlalchemy.orm import InstrumentedAttribute

from app.catalog import fold, search_words
from app.extensions import db
from app.i18n import N_
from app.models import Creator, Follow, Hashtag, Trend, User, Video
from app.services.errors import ServiceError

SearchKind = Literal["users", "creators", "trends", "hashtags", "videos"]
KINDS: tuple[SearchKind, ...] = get_args(SearchKind)
SEARCH_MIN_CHARS = 2
SEARCH_LIMIT_CAP = 20  # results on one page (spec: 8 in the sidebar, 20 on the search page)
RESULTS_CAP = 1000
MAX_QUERY_WORDS = 8
CAP_MESSAGE = f"Search lists at most the first {RESULTS_CAP} results of each kind"


def like_pattern(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped.lower()}%"


def _window(offset: int, limit: int) -> None:
    if offset < 0 or limit < 1:
        raise ServiceError(N_("A page starts at 0 and holds at least one result"), "page")
    if offset + limit > RESULTS_CAP:
        raise ServiceError(CAP_MESSAGE, "page")


def _capped(query: Select) -> Select:
    return select(func.count()).select_from(query.limit(RESULTS_CAP).subquery())


# ---- people: any part of the folded text -------------------------------------------------------------------


def _people_term(query: str, handle_mark: str = "") -> str | None:
    term = fold(query).removeprefix(handle_mark)
    return term if len(term) >= SEARCH_MIN_CHARS else None


TRIGRAM = 3  # the shortest text a trigram index finds; a shorter one is looked for row by row


def _holding(model: type[User] | type[Creator], term: str) -> ColumnElement[bool]:
    """Rows whose folded text holds the term anywhere, through the table's trigram index where it can (see
    migrations/versions/0009_people_search.py): on SQLite an FTS5 table beside it, on PostgreSQL a pg_trgm index
    that LIKE uses by itself."""
    if db.engine.dialect.name == "sqlite" and len(term) >= TRIGRAM:
        index = table(f"{model.__tablename__}_trigrams", column("rowid"))
        phrase = '"' + term.replace('"', '""') + '"'
        return model.id.in_(select(index.c.rowid).where(literal_column(index.name).op("MATCH")(phrase)))
    return model.search_text.like(like_pattern(term), escape="\\")


def _users_matching(term: str) -> Select:
    return select(User.id).where(User.profile_visibility == "public", _holding(User, term))


def users(query: str, offset: int = 0, limit: int = 20) -> list[tuple[User, int]]:
    """Public profiles whose username, display name or bio holds the query, each with its subscribers; the exact
    username first, then usernames that start with it, then by username."""
    _window(offset, limit)
    term = _people_term(query)
    if term is None:
        return []
    subscribers = (
        select(func.count(Follow.user_id))
        .join(Creator, Creator.id == Follow.creator_id)
        .where(func.lower(Creator.username) == func.lower(User.username))
        .scalar_subquery()
    )
    username = func.lower(User.username)
    rank = case((username == term, 0), (username.like(like_pattern(term)[1:], escape="\\"), 1), else_=2)
    rows = db.session.execute(
        select(User, subscribers.label("subscribers"))
        .where(User.id.in_(_users_matching(term)))
        .order_by(rank, username)
        .offset(offset)
        .limit(limit)
    )
    return [(user, int(count or 0)) for user, count in rows]


def _creators_matching(term: str) -> Select:
    return select(Creator.id).where(Creator.is_active.is_(True), _holding(Creator, term))


def creators(query: str, offset: int = 0, limit: int = 20) -> list[Creator]:
    """Active creators whose handle (written with or without its '@') or name holds the query; the exact handle
    first, then handles that start with it, then by their number of videos."""
    _window(offset, limit)
    term = _people_term(query, handle_mark="@")
    if term is None:
        return []
    handle = func.lower(Creator.username)
    rank = case((handle == term, 0), (handle.like(like_pattern(term)[1:], escape="\\"), 1), else_=2)
    return list(
        db.session.scalars(
            select(Creator)
            .where(Creator.id.in_(_creators_matching(term)))
            .order_by(rank, Creator.video_count.desc(), Creator.username)
            .offset(offset)
            .limit(limit)
        )
    )


# ---- the catalog: words, through a full-text index -----------------------------------------------------------

# SQLite's index keys each row by (its count << 32) | its id: see migrations/versions/0008_search.py.
ID_BITS = 2**32 - 1


Listed = TypeVar("Listed", Trend, Hashtag, Video)


@dataclass(frozen=True)
class FullTextIndex(Generic[Listed]):
    """A kind's full-text index: it holds the rows that are `findable`, and lists them by `popularity`."""

    model: type[Listed]
    # The index's own condition, written as it is so PostgreSQL uses its partial index.
    findable: ColumnElement[bool] | InstrumentedAttribute[bool]
    popularity: InstrumentedAttribute[int]

    def _matching(self, words: list[str]) -> tuple[Select, tuple[ColumnElement, ...]]:
        """The ids of the rows that have every word (as the start of one of theirs), and the order that lists them
        most popular first."""
        name = self.model.__tablename__
        if db.engine.dialect.name == "sqlite":
            index = table(f"{name}_search", column("rowid"))
            match = literal_column(index.name).op("MATCH")(" ".join(f'"{word}"*' for word in words))
            return select(index.c.rowid.op("&")(ID_BITS)).where(match), (index.c.rowid.desc(),)
        query = cast(" & ".join(f"'{word}':*" for word in words), TSQUERY)
        match = literal_column(f"{name}.search_vector").op("@@")(query)
        return select(self.model.id).where(self.findable, match), (self.popularity.desc(), self.model.id.desc())

    def ids(self, words: list[str], offset: int, limit: int) -> list[int]:
        matching, order = self._matching(words)
        return list(db.session.scalars(matching.order_by(*order).offset(offset).limit(limit)))

    def matching(self, words: list[str]) -> Select:
        return self._matching(words)[0]

    def rows(self, words: list[str], offset: int, limit: int) -> list[Listed]:
        ids = self.ids(words, offset, limit)
        found = {row.id: row for row in db.session.scalars(select(self.model).where(self.model.id.in_(ids)))}
        return [found[row_id] for row_id in ids if row_id in found]


TRENDS = FullTextIndex(Trend, Trend.video_count > literal_column("0"), Trend.video_count)
HASHTAGS = FullTextIndex(Hashtag, Hashtag.video_count > literal_column("0"), Hashtag.video_count)
VIDEOS = FullTextIndex(Video, Video.is_active, Video.view_count)


def query_words(query: str) -> list[str]:
    """The words a catalog search looks for (none for a query shorter than SEARCH_MIN_CHARS)."""
    if len(query.strip()) < SEARCH_MIN_CHARS:
        return []
    return search_words(query).split()[:MAX_QUERY_WORDS]


def _catalog(index: FullTextIndex[Listed], query: str, offset: int, limit: int) -> list[Listed]:
    _window(offset, limit)
    words = query_words(query)
    return index.rows(words, offset, limit) if words else []


def trends(query: str, offset: int = 0, limit: int = 20) -> list[Trend]:
    """Dance trends with videos whose song or artist has the query's words; most videos first."""
    return _catalog(TRENDS, query, offset, limit)


def hashtags(query: str, offset: int = 0, limit: int = 20) -> list[Hashtag]:
    """Hashtags with videos whose name has the query's words ('dance_challenge' is two); most used first."""
    return _catalog(HASHTAGS, query, offset, limit)


def videos(query: str, offset: int = 0, limit: int = 20) -> list[Video]:
    """Active videos whose caption has the query's words; most viewed first."""
    return _catalog(VIDEOS, query, offset, limit)


# ---- all kinds at once -----------------------------------------------------------------------------------------


def counts(query: str) -> dict[SearchKind, int]:
    """How many matches each kind has, each at most RESULTS_CAP: one statement, however many kinds it counts."""
    matching: dict[SearchKind, Select] = {}
    if (term := _people_term(query)) is not None:
        matching["users"] = _users_matching(term)
    if (handle := _people_term(query, handle_mark="@")) is not None:
        matching["creators"] = _creators_matching(handle)
    if words := query_words(query):
        matching["trends"], matching["hashtags"], matching["videos"] = (
            index.matching(words) for index in (TRENDS, HASHTAGS, VIDEOS)
        )
    found: dict[SearchKind, int] = dict.fromkeys(KINDS, 0)
    if matching:
        row = db.session.execute(select(*(_capped(q).scalar_subquery() for q in matching.values()))).one()
        found.update(zip(matching, row, strict=True))
    return found


FINDERS: dict[SearchKind, Callable[[str, int, int], Sequence]] = {
    "users": users,
    "creators": creators,
    "trends": trends,
    "hashtags": hashtags,
    "videos": videos,
}


@dataclass(frozen=True)
class Results:
    """One search: each kind's count, the kind shown and a page of its rows."""

    kind: SearchKind
    counts: dict[SearchKind, int]
    items: Sequence

    @property
    def total(self) -> int:
        return self.counts[self.kind]


def search(query: str, kind: SearchKind | None, offset: int, limit: int) -> Results:
    """Every kind's count and a page of one kind's matches: `kind`, else the first kind (in KINDS' order) that has
    any."""
    _window(offset, limit)
    found = counts(query)
    shown = kind if kind is not None else next((k for k in KINDS if found[k]), KINDS[0])
    return Results(shown, found, FINDERS[shown](query, offset, limit))

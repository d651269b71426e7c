"""Search across the site: people (users and creators) and the catalog (dance trends, hashtags, videos).

People are found by any part of their handle, name or bio, as the user search always found them (a handle is not
made of words: 'dan' finds 'jordan_dance'); the catalog word by word through a full-text index (FTS5 on SQLite, a
tsvector with a GIN index on PostgreSQL), each word of the query as the start of a word ('hoa ngu' finds 'Hòa
Nguyễn'; a single character as a whole word: 'em a' does not find 'em anh'). Stored text and query are folded
alike (app.catalog.fold), so neither case nor accents matter. Every kind lists its most popular matches first, and a
list and its count stop at RESULTS_CAP.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Generic, Literal, Self, TypeVar, get_args

from sqlalchemy import (
    BindParameter,
    ColumnElement,
    Connection,
    Select,
    and_,
    bindparam,
    case,
    cast,
    column,
    func,
    insert,
    literal_column,
    select,
    table,
    text,
)
from sqlalchemy.dialects.postgresql import TSQUERY
from sqlalchemy.orm import InstrumentedAttribute, joinedload
from sqlalchemy.sql.dml import Insert

from app.catalog import fold, looked_for_as_start, search_words
from app.catalog.text import MAX_WORD_LENGTH
from app.extensions import db
from app.i18n import N_
from app.models import Creator, Hashtag, Trend, User, Video
from app.services import video_words
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
    return select(func.count()).select_from(query.limit(bindparam("cap")).subquery())


# Each statement is built once for each database kind and shape, and its values bound at each search: building a
# statement costs SQLAlchemy more than the database takes to run it.


def _dialect() -> str:
    return db.engine.dialect.name


def _paged(statement: Select) -> Select:
    return statement.offset(bindparam("offset")).limit(bindparam("limit"))


# ---- people: any part of the folded text -------------------------------------------------------------------


def _people_term(query: str, handle_mark: str = "") -> str | None:
    term = fold(query).removeprefix(handle_mark)
    return term if len(term) >= SEARCH_MIN_CHARS else None


TRIGRAM = 3  # the shortest text a trigram index finds; a shorter one is looked for row by row


@dataclass(frozen=True)
class PeopleMatch:
    """How rows holding a term anywhere in their folded text are found. A term of TRIGRAM characters or more
    through a trigram index: on SQLite an FTS5 trigram table beside theirs (the term quoted), on PostgreSQL
    pg_trgm's index, which answers LIKE (see migrations/versions/0009_people_search.py). A shorter term row by
    row: with LIKE on SQLite, and with strpos on PostgreSQL, which no index answers. Given LIKE, a plan made for
    any term (as the server reuses one) would ask the trigram index for a two-letter term too, which holds no
    trigram of it and answers every row to recheck: 16 ms for 'da' among 25,000 creators, row by row 1.6 ms."""

    trigram: bool
    value: str

    @classmethod
    def of(cls, term: str) -> Self:
        sqlite = _dialect() == "sqlite"
        if len(term) >= TRIGRAM:
            return cls(True, '"' + term.replace('"', '""') + '"' if sqlite else like_pattern(term))
        return cls(False, like_pattern(term) if sqlite else term)


def _holding(
    dialect: str, model: type[User] | type[Creator], trigram: bool, value: BindParameter[str]
) -> ColumnElement[bool]:
    if dialect == "postgresql":
        return model.search_text.like(value, escape="\\") if trigram else func.strpos(model.search_text, value) > 0
    if trigram:
        index = table(f"{model.__tablename__}_trigrams", column("rowid"))
        return model.id.in_(select(index.c.rowid).where(literal_column(index.name).op("MATCH")(value)))
    return model.search_text.like(value, escape="\\")


def _users_found(dialect: str, trigram: bool) -> ColumnElement[bool]:
    return and_(User.profile_visibility == "public", _holding(dialect, User, trigram, bindparam("users")))


def _creators_found(dialect: str, trigram: bool) -> ColumnElement[bool]:
    return and_(Creator.is_active.is_(True), _holding(dialect, Creator, trigram, bindparam("creators")))


def _ids(model: type[User] | type[Creator], found: ColumnElement[bool]) -> Select:
    return select(model.id).where(found)


def _page_rows(dialect: str, model: type[User] | type[Creator], found: ColumnElement[bool]) -> ColumnElement[bool]:
    """Which rows a page of people lists. PostgreSQL: the matches' own condition (for `id IN (matching ids)` it
    hashed the matches and read every row of the table to join them: 10 ms for 'hoa' among 25,000 creators, 2 ms
    now). SQLite: by id among the matches, found first (given the condition, it walked the rows through their
    activity index, a lookup each: 26 ms for 'ch', 8 ms finding the matches first)."""
    return found if dialect == "postgresql" else model.id.in_(_ids(model, found))


def _rank(name: ColumnElement[str]) -> ColumnElement[int]:
    """0 for the exact name, 1 for a name that starts with the term, else 2."""
    return case((name == bindparam("exact"), 0), (name.like(bindparam("prefix"), escape="\\"), 1), else_=2)


def _people_values(match: PeopleMatch, kind: str, term: str, offset: int, limit: int) -> dict[str, object]:
    return {kind: match.value, "exact": term, "prefix": like_pattern(term)[1:], "offset": offset, "limit": limit}


@cache
def _users_page(dialect: str, trigram: bool) -> Select:
    subscribers = (
        select(Creator.site_follower_count)
        .where(func.lower(Creator.username) == func.lower(User.username))
        .scalar_subquery()
    )
    username = func.lower(User.username)
    return _paged(
        select(User, subscribers.label("subscribers"))
        .where(_page_rows(dialect, User, _users_found(dialect, trigram)))
        .order_by(_rank(username), username)
    )


def users(query: str, offset: int = 0, limit: int = 20) -> list[tuple[User, int]]:
    """Public profiles whose username, display name or bio holds the query, each with its subscribers; the exact
    username first, then usernames that start with it, then by username."""
    _window(offset, limit)
    term = _people_term(query)
    if term is None:
        return []
    match = PeopleMatch.of(term)
    values = _people_values(match, "users", term, offset, limit)
    rows = db.session.execute(_users_page(_dialect(), match.trigram), values)
    return [(user, int(count or 0)) for user, count in rows]


@cache
def _creators_page(dialect: str, trigram: bool) -> Select:
    return _paged(
        select(Creator)
        .where(_page_rows(dialect, Creator, _creators_found(dialect, trigram)))
        .order_by(_rank(func.lower(Creator.username)), Creator.video_count.desc(), Creator.username)
    )


def creators(query: str, offset: int = 0, limit: int = 20) -> list[Creator]:
    """Active creators whose handle (written with or without its '@') or name holds the query; the exact handle
    first, then handles that start with it, then by their number of videos."""
    _window(offset, limit)
    term = _people_term(query, handle_mark="@")
    if term is None:
        return []
    match = PeopleMatch.of(term)
    values = _people_values(match, "creators", term, offset, limit)
    return list(db.session.scalars(_creators_page(_dialect(), match.trigram), values))


# ---- the catalog: words, through a full-text index -----------------------------------------------------------

# SQLite's index keys each row by (its count << 32) | its id: see migrations/versions/0008_search.py.
ID_BITS = 2**32 - 1


def match_text(words: list[str], run_together: bool = False) -> str:
    """The full-text query that finds rows having every word as the start of one of theirs (a single character as
    a whole word: see looked_for_as_start); `run_together`: or the words written as one, in their order ('bac
    bling' finds 'bacbling', as hashtags are written)."""
    sqlite = _dialect() == "sqlite"
    if sqlite:
        every = " ".join(f'"{word}"' + ("*" if looked_for_as_start(word) else "") for word in words)
    else:
        every = " & ".join(f"'{word}'" + (":*" if looked_for_as_start(word) else "") for word in words)
    if not run_together or len(words) < 2:
        return every
    run = "".join(words)[:MAX_WORD_LENGTH]  # as the index cuts its words
    return f'({every}) OR "{run}"*' if sqlite else f"({every}) | '{run}':*"


Listed = TypeVar("Listed", Trend, Hashtag, Video)


@dataclass(frozen=True, eq=False)
class FullTextIndex(Generic[Listed]):
    """A kind's full-text index: it holds the rows that are `findable`, and lists them by `popularity`."""

    model: type[Listed]
    # The index's own condition, written as it is so PostgreSQL uses its partial index.
    findable: ColumnElement[bool] | InstrumentedAttribute[bool]
    popularity: InstrumentedAttribute[int]
    # The rows each listed row is shown with, loaded in the same statement.
    loaded_with: tuple[InstrumentedAttribute, ...] = ()
    # Its rows are names written as one word: the query's words are looked for run together too (see match_text).
    run_together: bool = False

    @property
    def words_parameter(self) -> str:
        """The bound query it matches (one statement counts every kind, each with its own)."""
        return "words_run_together" if self.run_together else "words"

    def query_text(self, words: list[str]) -> str:
        return match_text(words, self.run_together)

    @cache  # noqa: B019 (the three indexes live as long as the process)
    def matching(self, dialect: str) -> tuple[Select, tuple[ColumnElement | InstrumentedAttribute, ...]]:
        """The ids of the rows that match the bound query (see words_parameter), and the keys that list them most
        popular first (each descending)."""
        name = self.model.__tablename__
        if dialect == "sqlite":
            index = table(self.index_name, column("rowid"))
            match = literal_column(index.name).op("MATCH")(bindparam(self.words_parameter))
            return select(index.c.rowid.op("&")(ID_BITS).label("id")).where(match), (index.c.rowid,)
        match = literal_column(f"{name}.search_vector").op("@@")(cast(bindparam(self.words_parameter), TSQUERY))
        return select(self.model.id).where(self.findable, match), (self.popularity, self.model.id)

    @cache  # noqa: B019
    def page(self, dialect: str, few: bool = False) -> Select:
        """A page of the matching rows, most popular first, in one statement: the page of ids found in the index,
        joined to its rows and to what each is shown with.

        `few`: the matches are known to be fewer than RESULTS_CAP. PostgreSQL then collects them all through the
        index and sorts them, instead of walking the rows by popularity until a page matches: with few matches
        that walk reads most of the table ('dance' among 51,000 hashtags: 7 ms, collected 2 ms). Either way the
        rows read are bounded: fewer than RESULTS_CAP collected, or, with at least that many matches, a walk that
        meets one in every table size / RESULTS_CAP rows."""
        matching, keys = self.matching(dialect)
        labelled = [key.label(f"key_{n}") for n, key in enumerate(keys)]
        matches = matching.add_columns(*labelled)
        if few and dialect == "postgresql":
            collected = matches.cte("matches").prefix_with("MATERIALIZED")
            keys = tuple(collected.c[key.name] for key in labelled)
            matches = select(collected.c.id, *keys)
        found = _paged(matches.order_by(*(key.desc() for key in keys))).subquery("found")
        return (
            select(self.model)
            .join(found, self.model.id == found.c.id)
            .options(*(joinedload(related) for related in self.loaded_with))
            .order_by(*(found.c[key.name].desc() for key in labelled))
        )

    def sqlite_fill(self) -> Insert:
        """SQLite: every findable row into the empty index, in the order of its key (see ID_BITS): an FTS5 index
        filled in key order builds several times faster than row by row in any other."""
        count = func.min(func.max(self.popularity, literal_column("0")), literal_column(str(2**31 - 1)))
        key = count.op("<<")(literal_column("32")).op("|")(self.model.id)
        index = table(self.index_name, column("rowid"), column("search_text"))
        rows = select(key, self.model.search_text).where(self.findable).order_by(literal_column("1"))
        return insert(index).from_select(["rowid", "search_text"], rows)

    @property
    def index_name(self) -> str:
        return f"{self.model.__tablename__}_search"

    def rows(self, words: list[str], offset: int, limit: int, matches: int = RESULTS_CAP) -> list[Listed]:
        """A page of the rows having the words; `matches`: how many there are, when they were counted."""
        values = {self.words_parameter: self.query_text(words), "offset": offset, "limit": limit}
        return list(db.session.scalars(self.page(_dialect(), matches < RESULTS_CAP), values).unique())

    @cache  # noqa: B019
    def of_ids(self) -> Select:
        """The rows of given ids, with what each is shown with."""
        return (
            select(self.model)
            .where(self.model.id.in_(bindparam("ids", expanding=True)))
            .options(*(joinedload(related) for related in self.loaded_with))
        )

    def rows_of(self, ids: list[int]) -> list[Listed]:
        """The rows of `ids`, in their order."""
        found = {row.id: row for row in db.session.scalars(self.of_ids(), {"ids": ids}).unique()} if ids else {}
        return [found[row_id] for row_id in ids if row_id in found]


TRENDS = FullTextIndex(Trend, Trend.video_count > literal_column("0"), Trend.video_count)
HASHTAGS = FullTextIndex(Hashtag, Hashtag.video_count > literal_column("0"), Hashtag.video_count, run_together=True)
VIDEOS = FullTextIndex(Video, Video.is_active, Video.view_count, loaded_with=(Video.creator, Video.trend))
CATALOG: dict[SearchKind, FullTextIndex] = {"trends": TRENDS, "hashtags": HASHTAGS, "videos": VIDEOS}


def pause_full_text(connection: Connection) -> list[str]:
    """Before a bulk load into empty tables: rows inserted from now on skip the full-text triggers (SQLite's, and
    PostgreSQL's that keeps video_words). Answers the statements to give back to fill_full_text."""
    if connection.dialect.name == "postgresql":
        return [video_words.pause(connection)]
    names = [f"{index.index_name}_insert" for index in CATALOG.values()]
    master = table("sqlite_master", column("type"), column("name"), column("sql"))
    triggers: list[tuple[str, str]] = [
        (name, sql)
        for name, sql in connection.execute(
            select(master.c.name, master.c.sql).where(master.c.type == "trigger", master.c.name.in_(names))
        )
    ]
    for name, _ in triggers:
        connection.execute(text(f"DROP TRIGGER {name}"))
    return [sql for _, sql in triggers]


def fill_full_text(connection: Connection, paused: list[str]) -> None:
    """After pause_full_text and the load: each index filled at once, in key order (see FullTextIndex.sqlite_fill),
    and its triggers back."""
    if not paused:
        return
    if connection.dialect.name == "postgresql":
        video_words.fill(connection)
    else:
        for index in CATALOG.values():
            connection.execute(index.sqlite_fill())
    for trigger in paused:
        connection.execute(text(trigger))


def query_words(query: str) -> list[str]:
    """The words a catalog search looks for, each once (none for a query shorter than SEARCH_MIN_CHARS)."""
    if len(query.strip()) < SEARCH_MIN_CHARS:
        return []
    return list(dict.fromkeys(search_words(query).split()))[:MAX_QUERY_WORDS]


def _catalog(
    index: FullTextIndex[Listed], query: str, offset: int, limit: int, matches: int = RESULTS_CAP
) -> list[Listed]:
    _window(offset, limit)
    words = query_words(query)
    return index.rows(words, offset, limit, matches) if words else []


def trends(query: str, offset: int = 0, limit: int = 20) -> list[Trend]:
    """Dance trends with videos whose song or artist has the query's words; most videos first."""
    return _catalog(TRENDS, query, offset, limit)


def hashtags(query: str, offset: int = 0, limit: int = 20) -> list[Hashtag]:
    """Hashtags with videos whose name has the query's words ('dance_challenge' is two); most used first."""
    return _catalog(HASHTAGS, query, offset, limit)


def videos(query: str, offset: int = 0, limit: int = 20, matches: int = RESULTS_CAP) -> list[Video]:
    """Active videos whose caption has the query's words; most viewed first (on PostgreSQL through their words'
    lists, see app/services/video_words.py). `matches`: how many there are, when they were counted."""
    _window(offset, limit)
    words = query_words(query)
    if words and _dialect() == "postgresql" and (ids := video_words.page(words, offset, limit)) is not None:
        return VIDEOS.rows_of(ids)
    return VIDEOS.rows(words, offset, limit, matches) if words else []


# ---- all kinds at once -----------------------------------------------------------------------------------------


@cache
def _counts_statement(
    dialect: str, users: bool | None, creators: bool | None, catalog: tuple[SearchKind, ...], one_word_videos: bool
) -> tuple[tuple[SearchKind, ...], Select]:
    """The kinds counted and the one statement that counts them; `users` and `creators` say whether each is found
    through its trigram index (None: not counted), `catalog` the kinds counted through their full-text index, and
    `one_word_videos` whether the videos of one word are counted from their words' lists (PostgreSQL)."""
    matching: dict[SearchKind, Select] = {}
    if users is not None:
        matching["users"] = _ids(User, _users_found(dialect, users))
    if creators is not None:
        matching["creators"] = _ids(Creator, _creators_found(dialect, creators))
    matching.update((kind, CATALOG[kind].matching(dialect)[0]) for kind in catalog)
    columns = [_capped(query).scalar_subquery() for query in matching.values()]
    if one_word_videos:
        return (*matching, "videos"), select(*columns, video_words.one_word_count_column())
    return tuple(matching), select(*columns)


def counts(query: str) -> dict[SearchKind, int]:
    """How many matches each kind has, each at most RESULTS_CAP: one statement, however many kinds it counts (and
    on PostgreSQL, for several words, one more for the videos, from their words' lists)."""
    values: dict[str, str] = {}
    trigram: dict[str, bool | None] = {"users": None, "creators": None}  # None: not counted
    for kind, mark in (("users", ""), ("creators", "@")):
        if (term := _people_term(query, handle_mark=mark)) is not None:
            match = PeopleMatch.of(term)
            trigram[kind], values[kind] = match.trigram, match.value
    found: dict[SearchKind, int] = dict.fromkeys(KINDS, 0)
    catalog: tuple[SearchKind, ...] = ()
    one_word_videos = False
    if words := query_words(query):
        values.update((index.words_parameter, index.query_text(words)) for index in CATALOG.values())
        catalog = tuple(CATALOG)
        if _dialect() == "postgresql":
            others = tuple(kind for kind in CATALOG if kind != "videos")
            if len(words) == 1:
                values.update(video_words.bounds(words[0]))
                catalog, one_word_videos = others, True
            elif (videos_found := video_words.count(words, RESULTS_CAP)) is not None:
                found["videos"], catalog = videos_found, others
    if values:
        kinds, statement = _counts_statement(
            _dialect(), trigram["users"], trigram["creators"], catalog, one_word_videos
        )
        # Numbers, not rows: the session's connection runs it without the ORM's work on each statement.
        numbers = db.session.connection().execute(statement, {**values, "cap": RESULTS_CAP}).one()
        found.update((kind, min(int(number or 0), RESULTS_CAP)) for kind, number in zip(kinds, numbers, strict=True))
    return found


def _page_of(kind: SearchKind, query: str, offset: int, limit: int, matches: int) -> Sequence:
    """A page of one kind's matches, `matches` being their count."""
    if kind == "users":
        return users(query, offset, limit)
    if kind == "creators":
        return creators(query, offset, limit)
    if kind == "videos":
        return videos(query, offset, limit, matches)
    return _catalog(CATALOG[kind], query, offset, limit, matches)


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
    # A page past the count is empty: not asked for (a planner expecting matches may walk a whole table for none).
    return Results(shown, found, _page_of(shown, query, offset, limit, found[shown]) if found[shown] > offset else [])

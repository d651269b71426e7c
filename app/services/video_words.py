"""PostgreSQL: videos found through their words, most viewed first.

A GIN index finds the videos holding a word but not in order of views, so the most viewed page of 75,000 matches
meant reading all of them (or walking every video by views until enough matched). `video_words` holds each active
video's words keyed (word, views, video), kept in step by a trigger (migrations/versions/0013_video_words.py), so a
word's videos come most viewed first and a page reads about as many keys as it shows. A query word is the start of
a word: it stands for each indexed word it starts ('hoa' for hoa, hoang, hoai), listed from the index itself
(a single character stands for itself alone).

SQLite needs none of this: its FTS5 index is keyed by views already (see app/services/search.py).
"""

from functools import cache

from sqlalchemy import Connection, Integer, ScalarSelect, TextClause, column, text

from app.catalog import looked_for_as_start
from app.extensions import db


def _expansions_of(name: str, prefix: str, beyond: str) -> str:
    """The words of the index that start with :prefix (below :beyond), read from the index one key at a time (a
    loose index scan): the recursive query `name`."""
    return f"""{name}(word) AS (
    SELECT min(word) FROM video_words WHERE word >= :{prefix} AND word < :{beyond}
    UNION ALL
    SELECT (SELECT min(word) FROM video_words WHERE word > {name}.word AND word < :{beyond})
    FROM {name} WHERE {name}.word IS NOT NULL
)
"""


EXPANSIONS = "WITH RECURSIVE " + _expansions_of("expansions", "prefix", "beyond")

# One word: the first :need videos of each of its words hold the first :need of all of them.
ONE_WORD_PAGE = text(
    EXPANSIONS
    + """
SELECT found.video_id FROM expansions CROSS JOIN LATERAL (
    SELECT video_id, views FROM video_words WHERE video_words.word = expansions.word
    ORDER BY views DESC, video_id DESC LIMIT :need
) AS found
GROUP BY found.video_id, found.views
ORDER BY found.views DESC, found.video_id DESC LIMIT :limit OFFSET :offset
"""
)

# One word, counted up to :cap. A word with :cap videos reaches the cap by itself: the first such word ends the
# count, usually the query word itself ('dance' before 'dancer'), so the other words are neither listed nor read
# ('tiktok' 1.9 ms → 0.5, 'ho' 5.3 → 0.4 among 1,000,000 videos). If none has, their lists are all there is.
ONE_WORD_COUNT_SQL = (
    EXPANSIONS
    + """
SELECT CASE WHEN EXISTS (
    SELECT FROM expansions WHERE expansions.word IS NOT NULL AND (
        SELECT count(*) FROM (SELECT FROM video_words WHERE video_words.word = expansions.word LIMIT :cap) AS listed
    ) = :cap
) THEN :cap ELSE (
    SELECT count(DISTINCT found.video_id) FROM expansions CROSS JOIN LATERAL (
        SELECT video_id FROM video_words WHERE video_words.word = expansions.word LIMIT :cap
    ) AS found
) END
"""
)
ONE_WORD_COUNT = text(ONE_WORD_COUNT_SQL)


def one_word_count_column() -> ScalarSelect:
    """ONE_WORD_COUNT as a column of another statement, binding :cap and the word's bounds: a search counts its
    videos and every other kind in one round trip."""
    return text(ONE_WORD_COUNT_SQL).columns(column("videos", Integer)).scalar_subquery()


MOST_EXPANSIONS = 200  # a query word standing for more words than this is left to the GIN index


@cache
def _words_starting(words: int) -> TextClause:
    """The indexed words each of `words` query words stands for (:prefix_n, :beyond_n), at most :most of each, as
    (n, word): one statement for all of them."""
    ctes = ", ".join(_expansions_of(f"expansions_{n}", f"prefix_{n}", f"beyond_{n}") for n in range(words))
    lists = " UNION ALL ".join(
        f"(SELECT {n}, word FROM expansions_{n} WHERE word IS NOT NULL LIMIT :most)" for n in range(words)
    )
    return text(f"WITH RECURSIVE {ctes}{lists}")


# Several words: the videos of each (its words' lists merged, most viewed first, each video once) joined on
# (views, video): a merge join of lists in the same order, read from their tops until the page or the cap is
# reached. A planner that misjudges how many pass would hash or sort every entry instead, in parallel workers,
# and compile the plan: none of that for these statements.
PLAN_SETTINGS = {
    "max_parallel_workers_per_gather": "0",
    "jit": "off",
    "enable_hashagg": "off",
    "enable_hashjoin": "off",
}
EXPANSIONS_KEPT = "video_words_expansions"
FOUND_KEPT = "video_words_found"
PIN_PLAN = text("; ".join(f"SET LOCAL {name} = {value}" for name, value in PLAN_SETTINGS.items()))
UNPIN_PLAN = text("; ".join(f"SET LOCAL {name} TO DEFAULT" for name in PLAN_SETTINGS))


def _kept(name: str) -> dict:
    """What the session's transaction keeps under `name`: a search's count and page both need what is kept, and a
    new transaction may find new videos."""
    session = db.session()
    transaction = session.get_transaction()
    kept = session.info.get(name)
    if kept is None or kept[0] is not transaction:
        kept = session.info[name] = (transaction, {})
    return kept[1]


def _videos_of(word: int, expansions: int) -> str:
    """The videos of a query word, most viewed first: one indexed word's list as it is (its keys are unique), or
    the lists of several merged, each video once (merging 'em anh' among a million videos took 2.0 ms when the
    single list of 'anh' was made unique too, 1.7 ms without)."""
    lists = [
        f"SELECT views, video_id FROM video_words WHERE word = :word_{word}_{n} ORDER BY views DESC, video_id DESC"
        for n in range(expansions)
    ]
    if expansions == 1:
        return lists[0]
    merged = " UNION ALL ".join(f"({each})" for each in lists)
    return f"SELECT DISTINCT views, video_id FROM ({merged}) AS lists ORDER BY views DESC, video_id DESC"


def _in_every_word(expansions: list[list[str]]) -> tuple[str, dict[str, str]]:
    """The first :cap videos holding every word, most viewed first, as one array, and the words to bind."""
    sides = [f"({_videos_of(word, len(each))}) AS word_{word}" for word, each in enumerate(expansions)]
    joined = " JOIN ".join(sides[:1] + [f"{side} USING (views, video_id)" for side in sides[1:]])
    values = {f"word_{word}_{n}": indexed for word, each in enumerate(expansions) for n, indexed in enumerate(each)}
    first = f"SELECT views, video_id FROM {joined} ORDER BY views DESC, video_id DESC LIMIT :cap"
    return f"SELECT array_agg(video_id ORDER BY views DESC, video_id DESC) FROM ({first}) AS found", values


def _expansions(words: list[str]) -> list[list[str]] | None:
    """The indexed words each query word stands for; None when one stands for more than MOST_EXPANSIONS."""
    listed: dict[tuple[str, ...], list[list[str]]] = _kept(EXPANSIONS_KEPT)
    if (found := listed.get(tuple(words))) is None:
        values: dict[str, object] = {"most": MOST_EXPANSIONS + 1}
        for n, word in enumerate(words):
            values.update({f"{name}_{n}": bound for name, bound in bounds(word).items()})
        found = listed[tuple(words)] = [[] for _ in words]
        for n, indexed in db.session.connection().execute(_words_starting(len(words)), values):
            found[n].append(indexed)
    return None if any(len(each) > MOST_EXPANSIONS for each in found) else found


def _in_every(words: list[str], need: int) -> list[int] | None:
    """The ids of the first `need` (at least) active videos holding every word, most viewed first, or all of them
    if fewer; None as for page. Listed once in a transaction for the most asked for: a search counts them up to
    its cap, then shows a page of them. The lists are merged with PLAN_SETTINGS, which end with the statement:
    the rest of the request plans as it always does. (A statement that fails ends its transaction, and the
    settings with it.)"""
    listed: dict[tuple[str, ...], tuple[int, list[int]]] = _kept(FOUND_KEPT)
    if (kept := listed.get(tuple(words))) is not None and (len(kept[1]) >= need or len(kept[1]) < kept[0]):
        return kept[1]
    if (expansions := _expansions(words)) is None:
        return None
    if not all(expansions):
        return []
    statement, values = _in_every_word(expansions)
    connection = db.session.connection()
    connection.execute(PIN_PLAN)
    found = connection.scalar(text(statement), {**values, "cap": need}) or []
    connection.execute(UNPIN_PLAN)
    listed[tuple(words)] = (need, found)
    return found


def beyond(prefix: str) -> str:
    """The least text above every text that starts with `prefix`, in code point order (the column's "C")."""
    stem = prefix.rstrip("\U0010ffff")
    if not stem:
        return prefix + "\U0010ffff"
    following = ord(stem[-1]) + 1
    if 0xD800 <= following <= 0xDFFF:  # surrogates are not characters
        following = 0xE000
    return stem[:-1] + chr(following)


def bounds(word: str) -> dict[str, str]:
    """The range of indexed words a query word stands for: those it starts, or itself alone (looked_for_as_start).
    Next to a word in code point order comes the word followed by U+0001 (text holds no U+0000)."""
    return {"prefix": word, "beyond": beyond(word) if looked_for_as_start(word) else word + "\x01"}


def page(words: list[str], offset: int, limit: int) -> list[int] | None:
    """The ids of a page of the active videos holding every word, most viewed first; None when a word stands for
    more than MOST_EXPANSIONS words (the caller asks the GIN index)."""
    connection = db.session.connection()
    if len(words) == 1:
        values = {**bounds(words[0]), "need": offset + limit, "limit": limit, "offset": offset}
        return list(connection.scalars(ONE_WORD_PAGE, values))
    if (found := _in_every(words, offset + limit)) is None:
        return None
    return found[offset : offset + limit]


def count(words: list[str], cap: int) -> int | None:
    """How many active videos hold every word, at most `cap`; None as for page."""
    connection = db.session.connection()
    if len(words) == 1:
        return min(int(connection.scalar(ONE_WORD_COUNT, {**bounds(words[0]), "cap": cap}) or 0), cap)
    found = _in_every(words, cap)
    return None if found is None else min(len(found), cap)


# ---- a bulk load (see app/services/search.py, pause_full_text) -----------------------------------------------

TRIGGER = "video_words_sync"
FILL = text(
    "INSERT INTO video_words (word, views, video_id) SELECT w.* FROM videos, LATERAL ("
    "SELECT DISTINCT word, videos.view_count, videos.id FROM unnest(string_to_array(videos.search_text, ' ')) AS word"
    " WHERE word <> '') AS w WHERE videos.is_active ORDER BY 1, 2, 3"
)


def pause(connection: Connection) -> str:
    """Rows written from now on skip the trigger; answers the statement that turns it back on."""
    connection.execute(text(f"ALTER TABLE videos DISABLE TRIGGER {TRIGGER}"))
    return f"ALTER TABLE videos ENABLE TRIGGER {TRIGGER}"


def fill(connection: Connection) -> None:
    """Every active video's words at once, into an empty table."""
    connection.execute(FILL)

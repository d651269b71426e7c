"""PostgreSQL's word lists of videos: the same pages and counts as the full-text index, kept in step by the
database itself, whatever writes the videos."""

import random

import pytest
from sqlalchemy import event, select, text, update

from app.extensions import db
from app.models import Video
from app.services import reports, search, video_words
from tests.services.test_search import ingest, row, video_id


@pytest.mark.parametrize(
    ("prefix", "beyond"),
    [("fyp", "fyq"), ("hoa", "hob"), ("a\U0010ffff", "b"), ("\ud7fe\ud7ff", "\ud7fe\ue000")],
)
def test_a_prefix_ends_below_the_next_character(prefix, beyond):
    assert video_words.beyond(prefix) == beyond


@pytest.fixture
def postgresql(app):
    if db.engine.dialect.name != "postgresql":
        pytest.skip("SQLite's full-text index is ordered by views itself")


def listed() -> set[tuple[str, int, int]]:
    return {
        (word, views, video)
        for word, views, video in db.session.execute(text("SELECT word, views, video_id FROM video_words"))
    }


def gin_page(query: str, offset: int, limit: int) -> list[int]:
    return [video.id for video in search.VIDEOS.rows(search.query_words(query), offset, limit)]


def gin_count(query: str, cap: int) -> int:
    matching, _ = search.VIDEOS.matching("postgresql")
    words = search.match_text(search.query_words(query))
    return db.session.scalar(search._capped(matching), {"words": words, "cap": cap})


WORDS = ["fyp", "fypage", "fypシ", "dance", "dancer", "em", "emma", "anh", "anhs", "hoa", "hoang", "nhay", "xuhuong"]
WORDS += ["a", "e"]


def test_pages_and_counts_are_the_full_text_indexs_for_one_and_several_words(postgresql):
    chance = random.Random(7)
    ingest(
        *(
            row(n, " ".join(chance.sample(WORDS, chance.randint(1, 4))), play_count=chance.choice([5, 50, 500]) * n)
            for n in range(1, 241)
        )
    )
    queries = ["fyp", "fy", "dance", "em", "em anh", "fyp dance", "an em hoa", "hoang nhay", "zzz", "fyp zzz", "em a"]
    queries += ["a em", "e m", "f y p"]  # one character: a whole word
    for query in queries:
        words = search.query_words(query)
        for offset, limit in [(0, 20), (20, 20), (5, 7), (0, 240)]:
            assert video_words.page(words, offset, limit) == gin_page(query, offset, limit), (query, offset, limit)
        for cap in (1, 10, 1000):
            assert video_words.count(words, cap) == gin_count(query, cap), (query, cap)


def test_a_video_under_two_words_of_a_prefix_is_listed_once(postgresql):
    ingest(row(1, "fyp fypage"), row(2, "fyp"))
    assert video_words.page(["fy"], 0, 20) == gin_page("fy", 0, 20) and len(video_words.page(["fy"], 0, 20)) == 2
    assert video_words.count(["fy"], 1000) == 2


def test_the_lists_follow_views_captions_removals_and_deletions(postgresql):
    ingest(row(1, "nhóm nhảy"), row(2, "nhóm hát"))
    first, second = (db.session.scalar(select(Video.id).where(Video.video_id == video_id(n))) for n in (1, 2))
    assert listed() == {("nhom", 1000, first), ("nhay", 1000, first), ("nhom", 2000, second), ("hat", 2000, second)}
    db.session.execute(update(Video).where(Video.id == first).values(view_count=9000))
    db.session.commit()
    assert video_words.page(["nhom"], 0, 20) == [first, second]  # more viewed now
    reports.deactivate_video(db.session.get(Video, second))
    assert {entry for entry in listed() if entry[2] == second} == set()
    ingest(row(1, "vũ điệu", play_count=9000))  # the caption changed at the source
    assert {word for word, _, video in listed() if video == first} == {"vu", "dieu"}
    db.session.execute(text("DELETE FROM videos"))
    assert listed() == set()


def test_emptying_the_videos_empties_the_lists(postgresql):
    ingest(row(1, "nhóm nhảy"))
    db.session.execute(text("TRUNCATE videos CASCADE"))
    assert listed() == set()


def test_a_word_standing_for_too_many_words_is_found_through_the_full_text_index(postgresql, monkeypatch):
    ingest(row(1, "fyp em"), row(2, "fypage em"), row(3, "fyp"))
    monkeypatch.setattr(video_words, "MOST_EXPANSIONS", 1)
    assert video_words.page(["fy", "em"], 0, 20) is None and video_words.count(["fy", "em"], 1000) is None
    assert [video.video_id for video in search.videos("fy em")] == [video_id(2), video_id(1)]
    assert search.counts("fy em")["videos"] == 2


def test_the_plan_settings_of_several_words_end_with_their_statement(postgresql):
    ingest(row(1, "em anh"), row(2, "em"))
    settings = text(
        "SELECT current_setting('enable_hashjoin'), current_setting('enable_hashagg'), current_setting('jit')"
    )
    before = db.session.execute(settings).one()
    assert video_words.count(["em", "anh"], 1000) == 1
    assert video_words.page(["em", "anh"], 0, 20) == [
        db.session.scalar(select(Video.id).where(Video.video_id == video_id(1)))
    ]
    assert db.session.execute(settings).one() == before  # the rest of the request plans as it always did


def statements_of(call) -> list[str]:
    ran: list[str] = []

    def note(connection, cursor, statement: str, *_) -> None:
        ran.append(statement)

    event.listen(db.engine, "before_cursor_execute", note)
    try:
        call()
    finally:
        event.remove(db.engine, "before_cursor_execute", note)
    return ran


def test_a_search_counts_one_words_videos_with_every_other_kind(postgresql):
    ingest(row(1, "em anh"), row(2, "em"))
    found: list[dict] = []
    ran = statements_of(lambda: found.append(search.counts("em")))
    assert found == [{"users": 0, "creators": 0, "trends": 0, "hashtags": 0, "videos": 2}]
    assert len(ran) == 1  # one round trip for every kind


def test_a_search_of_several_words_lists_their_videos_once_for_its_count_and_page(postgresql):
    ingest(row(1, "em anh"), row(2, "em"), row(3, "emma anhs"))
    found: list[search.Results] = []
    ran = statements_of(lambda: found.append(search.search("em anh", "videos", 0, 20)))
    assert found[0].total == 2 and {video.video_id for video in found[0].items} == {video_id(1), video_id(3)}
    assert sum("FROM expansions_1" in statement for statement in ran) == 1  # every word's expansions at once
    assert sum("array_agg(video_id" in statement for statement in ran) == 1  # count and page share the list
    ingest(row(4, "emmy anh"))  # a new word, in a new transaction
    assert search.counts("em anh")["videos"] == 3

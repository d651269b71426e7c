"""The server draws the lists an address chooses with the islands' own choices (app/pages/choices.py): the values,
their order (the first is the default) and their labels must be the islands'."""

import re
from pathlib import Path

from app.api.feeds import FIRST_YEAR, LAST_YEAR
from app.pages import choices, watch

ISLANDS = Path(__file__).parents[2] / "islands"


def source(path: str) -> str:
    return (ISLANDS / path).read_text()


def labelled_list(path: str, name: str) -> dict[str, str]:
    """`export const NAME = [{ value: "a", label: N_("A") }, ...]` as {"a": "A"}, in its order."""
    body = re.search(rf"export const {name} = \[(.*?)\] as const;", source(path), re.S).group(1)
    return dict(re.findall(r'\{ value: "([^"]+)", label: N_\("([^"]+)"\) \}', body))


def names_list(path: str, name: str) -> tuple[str, ...]:
    """`export const NAME: readonly VideoSort[] = ["a", "b"];` as ("a", "b")."""
    body = re.search(rf"export const {name}: readonly \w+\[\] = \[(.*?)\];", source(path), re.S).group(1)
    return tuple(re.findall(r'"([^"]+)"', body))


def test_the_trend_and_hashtag_sorts_are_the_islands():
    assert list(choices.TREND_SORTS.items()) == list(labelled_list("lib/trends.ts", "TREND_SORTS").items())
    assert 'DEFAULT_TREND_SORT: TrendSort = "videoCount"' in source("lib/trends.ts")
    assert next(iter(choices.TREND_SORTS)) == "videoCount"
    assert list(choices.HASHTAG_SORTS.items()) == list(labelled_list("lib/hashtag-list.ts", "HASHTAG_SORTS").items())
    assert 'DEFAULT_FILTER: HashtagFilter = { sortBy: "count"' in source("categories/category-address.ts")
    assert f"FIRST_YEAR = {FIRST_YEAR};" in source("lib/hashtag-list.ts")
    assert f"LAST_YEAR = {LAST_YEAR};" in source("lib/hashtag-list.ts")


def test_the_video_sorts_are_the_islands():
    labels = dict(re.findall(r'^  (\w+): N_\("([^"]+)"\),$', source("lib/video-sorts.ts"), re.M))
    assert {sort: labels[sort] for sort in choices.VIDEO_SORTS} == choices.VIDEO_SORTS
    assert names_list("dance-trends/trend-address.ts", "TREND_VIDEO_SORTS") == choices.TREND_VIDEO_SORTS
    assert names_list("categories/category-address.ts", "CATEGORY_VIDEO_SORTS") == choices.CATEGORY_VIDEO_SORTS
    assert set(choices.VIDEO_SORTS) == set(choices.CATEGORY_VIDEO_SORTS) | set(choices.TREND_VIDEO_SORTS)
    assert choices.TREND_VIDEO_SORTS[0] == choices.CATEGORY_VIDEO_SORTS[0] == "mostRecent"  # NEWEST_FIRST
    creator = labelled_list("creator/creator-api.ts", "CREATOR_VIDEO_SORTS")
    assert list(choices.CREATOR_VIDEO_SORTS.items()) == list(creator.items())
    assert 'DEFAULT_CREATOR_SORT: CreatorVideoSort = "latest"' in source("creator/creator-api.ts")


def test_the_server_draws_as_many_trends_as_the_islands_first_page():
    assert f"TRENDS_PAGE_SIZE = {watch.TREND_CARDS};" in source("dance-trends/trends-api.ts")

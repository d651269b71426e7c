"""Hashtag counts over a date range: any range the API lets through is counted, a whole UTC year from its table."""

from datetime import UTC, datetime, timedelta, timezone

import pytest

from app.services import feeds
from app.services.errors import ServiceError
from app.services.paging import PageOf


def _names(page: PageOf) -> dict[str, tuple[int, int, str | None]]:
    return {tag.name: (count, views, example) for tag, count, views, example in page.items}


@pytest.mark.parametrize(
    ("start", "end"),
    [
        (datetime(2020, 2, 29, tzinfo=UTC), datetime(2020, 3, 31, tzinfo=UTC)),
        (datetime(2024, 2, 29, tzinfo=UTC), datetime(2024, 3, 28, tzinfo=UTC)),
        (datetime(9999, 1, 1, tzinfo=UTC), None),
        (datetime(9999, 12, 31, tzinfo=UTC), datetime(9999, 12, 31, 23, tzinfo=UTC)),
    ],
)
def test_a_range_from_a_leap_day_or_at_the_end_of_the_calendar_is_counted(catalog, start, end):
    page = feeds.list_hashtags("count", 0, 1000, start, end)
    assert page.total == len(page.items)


def test_a_whole_utc_year_from_its_table_counts_as_its_videos_do(catalog):
    """Its counts, views and example caption: the caption of a video of that year, not of all time."""
    start, end = datetime(2020, 1, 1, tzinfo=UTC), datetime(2021, 1, 1, tzinfo=UTC)
    by_year = feeds.list_hashtags("count", 0, 1000, start, end)
    by_videos = feeds._hashtags_posted(start, end, "count", 0, 1000)
    assert _names(by_year) == _names(by_videos) and by_year.items
    all_time = {
        counted.tag.name: counted.example for counted in feeds.list_hashtags("count", 0, 1000, None, None).items
    }
    assert any(all_time[name] != example for name, (_, _, example) in _names(by_year).items())


def test_years_together_count_as_their_videos_do(catalog):
    start, end = datetime(2019, 1, 1, tzinfo=UTC), datetime(2022, 1, 1, tzinfo=UTC)
    by_years = feeds.list_hashtags("count", 0, 1000, start, end)
    assert _names(by_years) == _names(feeds._hashtags_posted(start, end, "count", 0, 1000)) and by_years.items


def test_a_year_in_another_time_zone_is_not_a_utc_year_and_too_long_a_range(catalog):
    plus_five = timezone(timedelta(hours=5))
    start, end = datetime(2020, 1, 1, tzinfo=plus_five), datetime(2021, 1, 1, tzinfo=plus_five)
    assert feeds._year_starting(start) is None and feeds._year_starting(datetime(2020, 1, 1, tzinfo=UTC)) == 2020
    with pytest.raises(ServiceError, match="at most 31 days"):
        feeds.list_hashtags("count", 0, 1000, start, end)

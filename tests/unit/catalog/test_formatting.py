from datetime import UTC, date, datetime, timedelta, timezone

import pytest

from app.catalog import default_description, format_count, relative_date, trend_header, trend_title, truncate


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        (0, "0"),
        (7, "7"),
        (999, "999"),
        (1_000, "1K"),
        (1_049, "1K"),
        (1_050, "1.1K"),
        (1_234, "1.2K"),
        (12_500, "12.5K"),
        (999_949, "999.9K"),
        (999_999, "1M"),
        (1_000_000, "1M"),
        (3_400_000, "3.4M"),
        (6_600_000, "6.6M"),
        (15_300_000, "15.3M"),
        (1_500_000_000, "1500M"),
        (None, "0"),
        (-3, "0"),
    ],
)
def test_format_count(count: int | None, expected: str) -> None:
    assert format_count(count) == expected


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        (999_999, "1M"),
        (999_949_999, "999.9M"),
        (999_999_999, "1B"),
        (1_000_000_000, "1B"),
        (1_500_000_000, "1.5B"),
        (12_345_678_901, "12.3B"),
        (1_234, "1.2K"),
    ],
)
def test_format_count_with_billions(count: int, expected: str) -> None:
    assert format_count(count, with_billions=True) == expected


NOW = datetime(2025, 5, 27, 15, 30, tzinfo=UTC)


@pytest.mark.parametrize(
    ("days_ago", "expected"),
    [
        (0, "Today"),
        (1, "Yesterday"),
        (2, "2 days ago"),
        (6, "6 days ago"),
        (7, "1 week ago"),
        (13, "1 week ago"),
        (14, "2 weeks ago"),
        (29, "4 weeks ago"),
        (30, "1 month ago"),
        (59, "1 month ago"),
        (60, "2 months ago"),
        (364, "12 months ago"),
        (365, "1 year ago"),
        (729, "1 year ago"),
        (730, "2 years ago"),
    ],
)
def test_relative_date_boundaries(days_ago: int, expected: str) -> None:
    assert relative_date(NOW - timedelta(days=days_ago), NOW) == expected


def test_relative_date_counts_calendar_days_in_utc() -> None:
    assert (
        relative_date(datetime(2025, 5, 26, 23, 59, tzinfo=UTC), datetime(2025, 5, 27, 0, 1, tzinfo=UTC)) == "Yesterday"
    )
    hanoi = timezone(timedelta(hours=7))
    assert (
        relative_date(datetime(2025, 5, 27, 6, 0, tzinfo=hanoi), datetime(2025, 5, 27, 1, 0, tzinfo=UTC)) == "Yesterday"
    )


def test_relative_date_of_a_future_moment_is_today() -> None:
    assert relative_date(NOW + timedelta(days=3), NOW) == "Today"


def test_relative_date_accepts_plain_dates() -> None:
    assert relative_date(date(2025, 5, 20), date(2025, 5, 27)) == "1 week ago"


def test_truncate_appends_an_ellipsis_after_the_first_36_characters() -> None:
    text = "Bắc Bling (Bắc Ninh) (Prod. by Masew) by Xuân Hinh"
    assert truncate(text) == "Bắc Bling (Bắc Ninh) (Prod. by Masew..."
    assert len(truncate(text)) == 39
    assert truncate("x" * 36) == "x" * 36
    assert truncate("x" * 37) == "x" * 36 + "..."
    assert truncate("Therefore I Am", 9) == "Therefore..."
    assert truncate(None) == ""


def test_trend_header_is_track_by_artist_truncated() -> None:
    assert trend_header("Therefore I Am", "Billie Eilish") == "Therefore I Am by Billie Eilish"
    assert (
        trend_header("Bắc Bling (Bắc Ninh) (Prod. by Masew)", "Xuân Hinh") == "Bắc Bling (Bắc Ninh) (Prod. by Masew..."
    )
    assert trend_header(None, None) == "Unknown Track by Unknown Artist"


def test_trend_title_is_the_whole_track_by_artist() -> None:
    assert trend_title("Bắc Bling (Bắc Ninh) (Prod. by Masew)", " Xuân Hinh ") == (
        "Bắc Bling (Bắc Ninh) (Prod. by Masew) by Xuân Hinh"
    )
    assert trend_title("  ", None) == "Unknown Track by Unknown Artist"


def test_default_description() -> None:
    assert (
        default_description("Therefore I Am", "Billie Eilish", "zoyerss")
        == "Watch Therefore I Am by Billie Eilish performed by @zoyerss"
    )
    assert (
        default_description(None, " ", "maccaphan") == "Watch Unknown Track by Unknown Artist performed by @maccaphan"
    )


def test_display_description_is_the_longer_text_or_the_default():
    from app.catalog import display_description

    assert display_description("Short", "A longer description") == "A longer description"
    assert display_description("A longer title here", "desc") == "A longer title here"
    assert display_description(None, "  ") == "No description available"

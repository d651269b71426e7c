import math
from dataclasses import dataclass
from datetime import UTC, datetime

import pytest

from app.catalog import TrendSummary, days_between, record_from_catalog_row, score_summary, summarize_trend, trend_score


@dataclass
class Video:
    view_count: int | None
    like_count: int | None
    username: str
    posted_at: datetime


def test_trend_score_of_nothing_is_the_full_recency_bonus() -> None:
    assert trend_score(0, 0, 0, 0) == 30.0


def test_trend_score_adds_reach_spread_and_recency() -> None:
    # 10·log10(1000) + 5·log10(100) + 20·log2(2) + 30·0.5^(14/14)
    assert trend_score(999, 99, 1, 14) == pytest.approx(30 + 10 + 20 + 15)


def test_trend_score_recency_halves_every_fourteen_days() -> None:
    assert trend_score(0, 0, 0, 28) == pytest.approx(7.5)
    assert trend_score(0, 0, 0, 7) == pytest.approx(30 / math.sqrt(2))


def test_trend_score_grows_with_creators_on_a_log2_scale() -> None:
    assert trend_score(0, 0, 3, 10_000) == pytest.approx(40.0)
    assert trend_score(0, 0, 7, 10_000) == pytest.approx(60.0)


def test_trend_score_clamps_negative_inputs() -> None:
    assert trend_score(-5, -5, -1, -3) == 30.0


def test_days_between_is_fractional() -> None:
    assert days_between(datetime(2025, 5, 1, tzinfo=UTC), datetime(2025, 5, 2, 12, tzinfo=UTC)) == 1.5


def test_summarize_trend_counts_videos_distinct_creators_views_likes_and_dates() -> None:
    first = datetime(2025, 3, 1, tzinfo=UTC)
    last = datetime(2025, 4, 3, tzinfo=UTC)
    videos = [
        Video(100, 10, "hoaminzy", datetime(2025, 3, 10, tzinfo=UTC)),
        Video(50, None, "HoaMinzy", last),
        Video(None, 5, "duyen19877", first),
    ]
    assert summarize_trend(videos) == TrendSummary(
        video_count=3,
        creator_count=2,
        total_views=150,
        total_likes=15,
        first_video_date=first,
        last_video_date=last,
    )


def test_summarize_an_empty_trend() -> None:
    assert summarize_trend([]) == TrendSummary(0, 0, 0, 0, None, None)


def test_summary_of_the_bac_bling_fixture_rows(catalog_rows: list[dict]) -> None:
    records = [record_from_catalog_row(row) for row in catalog_rows[:5]]
    song = [record for record in records if not record.is_original_sound]
    summary = summarize_trend(song)
    assert summary == TrendSummary(
        video_count=4,
        creator_count=4,
        total_views=866_300 + 761_700 + 1_200_000 + 1_100_000,
        total_likes=sum(row["digg_count"] for row in catalog_rows[:4]),
        first_video_date=datetime(2025, 3, 13, 5, 1, 13, tzinfo=UTC),
        last_video_date=datetime(2025, 4, 3, 7, 49, 48, tzinfo=UTC),
    )


def test_score_summary_measures_recency_against_the_newest_catalog_video() -> None:
    last = datetime(2025, 5, 1, tzinfo=UTC)
    summary = TrendSummary(3, 2, 999, 99, datetime(2025, 4, 1, tzinfo=UTC), last)
    newest = datetime(2025, 5, 15, tzinfo=UTC)
    assert score_summary(summary, newest) == pytest.approx(30 + 10 + 20 * math.log2(3) + 15)

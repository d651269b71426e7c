import math
from datetime import UTC, datetime

import pytest

from app.catalog import days_between, trend_score


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

from datetime import UTC, datetime

import pytest

from app.catalog import is_valid_video_id, posted_at


@pytest.mark.parametrize(
    "value",
    [
        None,
        "0",
        "",
        "   ",
        "\t",
        "12345",
        "1",
        "00000",
        "abcdefgh",
        "7481154741926497543x",
        "74811 5474",
        "-123456",
        "１２３４５６７",
        True,
        0,
        12345,
        "7" * 29,
        "18446744073709551616",
        "9" * 5000,
        10**30,
        7.5,
    ],
)
def test_refuses_missing_zero_blank_short_and_non_digit_ids(value: object) -> None:
    assert is_valid_video_id(value) is False


@pytest.mark.parametrize(
    "value",
    ["123456", "7481154741926497543", " 6907228749016714497 ", 7481154741926497543, 123456, "18446744073709551615"],
)
def test_accepts_digit_ids_longer_than_five_characters(value: object) -> None:
    assert is_valid_video_id(value) is True


def test_all_zero_id_of_six_digits_is_refused() -> None:
    assert is_valid_video_id("000000") is False


def test_posted_at_reads_the_top_32_bits_as_utc_seconds() -> None:
    assert posted_at("7481154741926497543") == datetime(2025, 3, 13, 5, 1, 13, tzinfo=UTC)
    assert posted_at(7481154741926497543) == datetime(2025, 3, 13, 5, 1, 13, tzinfo=UTC)


def test_posted_at_equals_create_time_for_every_2025_fixture_row(catalog_rows: list[dict]) -> None:
    rows_2025 = [row for row in catalog_rows if row["source"] == "vn_tiktok_viral_2025_raw"]
    assert len(rows_2025) == 18
    for row in rows_2025:
        assert posted_at(row["video_id"]).timestamp() == row["create_time"]


def test_posted_at_is_at_most_222_seconds_before_create_time_for_older_rows(catalog_rows: list[dict]) -> None:
    older = [row for row in catalog_rows if row["source"].startswith(("tiktok_scraper", "tiktokapi"))]
    assert len(older) == 24
    for row in older:
        assert 0 <= row["create_time"] - posted_at(row["video_id"]).timestamp() <= 222

"""Template filters."""

from datetime import UTC, datetime

import pytest

from app.templating import initial, long_date, wrapping_name


@pytest.mark.parametrize(
    ("name", "letter"), [("dancer", "D"), ("._mia", "M"), ("_9lives", "9"), ("élodie", "É"), ("__", "?"), (None, "?")]
)
def test_initial_is_the_first_letter_or_digit(name, letter):
    assert initial(name) == letter


def test_long_date():
    assert long_date(datetime(2026, 1, 5, tzinfo=UTC)) == "January 5, 2026"
    assert long_date("2026-01-05T10:00:00+00:00") == "January 5, 2026"
    assert long_date(None) == ""


def test_a_name_may_wrap_only_before_its_punctuation_and_stays_escaped() -> None:
    assert wrapping_name("the.longest.dance_handle") == "the<wbr>.longest<wbr>.dance<wbr>_handle"
    assert wrapping_name("a.b@mail-box.example") == "a<wbr>.b<wbr>@mail<wbr>-box<wbr>.example"
    assert wrapping_name("plain") == "plain"
    assert wrapping_name("<b>x") == "&lt;b&gt;x"

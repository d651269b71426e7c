"""Template filters."""

from datetime import UTC, datetime

import pytest

from app.templating import initial, long_date


@pytest.mark.parametrize(
    ("name", "letter"), [("dancer", "D"), ("._mia", "M"), ("_9lives", "9"), ("élodie", "É"), ("__", "?"), (None, "?")]
)
def test_initial_is_the_first_letter_or_digit(name, letter):
    assert initial(name) == letter


def test_long_date():
    assert long_date(datetime(2026, 1, 5, tzinfo=UTC)) == "January 5, 2026"
    assert long_date(None) == ""

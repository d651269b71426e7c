import pytest

from app.catalog import metadata_tier


@pytest.mark.parametrize(
    ("title", "duration", "track", "artist", "tier"),
    [
        ("Wait for the LOOP", 9, "Therefore I Am", "Billie Eilish", "complete"),
        ("Wait for the LOOP", 9.5, "Therefore I Am", "Billie Eilish", "complete"),
        ("Wait for the LOOP", 9, "Therefore I Am", None, "partial"),
        ("Wait for the LOOP", 9, None, "Billie Eilish", "partial"),
        ("Wait for the LOOP", 9, "  ", "Billie Eilish", "partial"),
        ("Wait for the LOOP", 9, None, None, "partial"),
        ("Wait for the LOOP", None, "Therefore I Am", "Billie Eilish", "basic"),
        ("Wait for the LOOP", 0, "Therefore I Am", "Billie Eilish", "basic"),
        ("Wait for the LOOP", None, None, None, "basic"),
        (None, 9, "Therefore I Am", "Billie Eilish", "none"),
        ("", 9, "Therefore I Am", "Billie Eilish", "none"),
        ("   ", 9, "Therefore I Am", "Billie Eilish", "none"),
        (None, None, None, None, "none"),
    ],
)
def test_metadata_tier(
    title: str | None, duration: float | None, track: str | None, artist: str | None, tier: str
) -> None:
    assert metadata_tier(title, duration, track, artist) == tier

"""Display formats: compact counts, relative dates, truncation and default descriptions."""

from datetime import UTC, date, datetime

UNKNOWN_TRACK = "Unknown Track"
UNKNOWN_ARTIST = "Unknown Artist"
HEADER_TEXT_LIMIT = 36
ELLIPSIS = "..."

COUNT_UNITS = ((1_000, "K"), (1_000_000, "M"), (1_000_000_000, "B"))


def _tenths(count: int, unit: int) -> int:
    # Integer rounding, half up, so 1,250 shows as 1.3K like Intl.NumberFormat.
    return (count * 10 + unit // 2) // unit


def _with_unit(tenths: int, suffix: str) -> str:
    whole, decimal = divmod(tenths, 10)
    return f"{whole}{suffix}" if decimal == 0 else f"{whole}.{decimal}{suffix}"


def format_count(count: int | None, with_billions: bool = False) -> str:
    """'999', '1K', '1.2K', '3.4M'; 'B' from a billion only when with_billions."""
    value = max(int(count or 0), 0)
    units = COUNT_UNITS if with_billions else COUNT_UNITS[:2]
    fitting = [position for position, (unit, _) in enumerate(units) if value >= unit]
    if not fitting:
        return str(value)
    position = fitting[-1]
    tenths = _tenths(value, units[position][0])
    # A value that rounds to 1000 of a unit reads as 1 of the next one (999,999 → 1M).
    if tenths >= 10_000 and position + 1 < len(units):
        position += 1
        tenths = _tenths(value, units[position][0])
    return _with_unit(tenths, units[position][1])


def _utc_date(moment: datetime | date) -> date:
    if not isinstance(moment, datetime):
        return moment
    if moment.tzinfo is None:
        return moment.date()
    return moment.astimezone(UTC).date()


def age(when: datetime | date, now: datetime | date) -> tuple[int, str]:
    """How long ago, as the relative date counts it: (0, 'day') today, then days under 7, weeks under 30 days,
    months under 365, then years (UTC calendar days)."""
    days = max((_utc_date(now) - _utc_date(when)).days, 0)
    if days < 7:
        return days, "day"
    if days < 30:
        return days // 7, "week"
    if days < 365:
        return days // 30, "month"
    return days // 365, "year"


def relative_date(when: datetime | date, now: datetime | date) -> str:
    """'Today', 'Yesterday', 'n days ago', then weeks under 30 days, months under 365, then years."""
    amount, unit = age(when, now)
    if unit == "day" and amount <= 1:
        return "Yesterday" if amount else "Today"
    return f"{amount} {unit}{'' if amount == 1 else 's'} ago"


def truncate(text: str | None, limit: int = HEADER_TEXT_LIMIT) -> str:
    """The first `limit` characters followed by '...' when the text is longer."""
    value = text or ""
    return value if len(value) <= limit else value[:limit] + ELLIPSIS


def default_description(track: str | None, artist: str | None, username: str) -> str:
    """'Watch {track} by {artist} performed by @{username}' with the spec's fallbacks."""
    shown_track = (track or "").strip() or UNKNOWN_TRACK
    shown_artist = (artist or "").strip() or UNKNOWN_ARTIST
    return f"Watch {shown_track} by {shown_artist} performed by @{username}"


def trend_title(track: str | None, artist: str | None) -> str:
    """'track by artist' in full, with the spec's fallbacks."""
    shown_track = (track or "").strip() or UNKNOWN_TRACK
    shown_artist = (artist or "").strip() or UNKNOWN_ARTIST
    return f"{shown_track} by {shown_artist}"


def trend_header(track: str | None, artist: str | None) -> str:
    """The feed header's 'track by artist', truncated to 36 characters."""
    return truncate(trend_title(track, artist))


NO_DESCRIPTION = "No description available"


def display_description(title: str | None, description: str | None) -> str:
    """The longer of title and description, else 'No description available'."""
    longest = max((title or "").strip(), (description or "").strip(), key=len)
    return longest or NO_DESCRIPTION

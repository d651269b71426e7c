"""Column types shared by the models."""

from datetime import UTC, datetime

from sqlalchemy import DateTime
from sqlalchemy.types import TypeDecorator


def utcnow() -> datetime:
    """The current time, timezone-aware in UTC."""
    return datetime.now(UTC)


def as_utc(value: datetime) -> datetime:
    """The same moment, timezone-aware in UTC; a naive value is taken to be UTC already."""
    return (value if value.tzinfo is not None else value.replace(tzinfo=UTC)).astimezone(UTC)


class UTCDateTime(TypeDecorator):
    """A timestamp stored in UTC and always read back timezone-aware (SQLite forgets the zone)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect):
        return as_utc(value) if value is not None else None

    def process_result_value(self, value: datetime | None, dialect):
        if value is not None and value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value

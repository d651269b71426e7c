"""Jinja filters the templates share."""

import re
from datetime import datetime

from flask import Flask
from markupsafe import Markup

from app.catalog import display_description, format_count, relative_date, trend_header, trend_title
from app.models.types import utcnow


def initial(name: str | None) -> str:
    """Avatar letter: the first letter or digit uppercased (handles such as '._mia' show 'M'), else '?'."""
    return next((char.upper() for char in name or "" if char.isalnum()), "?")


NAME_BREAKS = re.compile(r"(?=[._@+-])")


def wrapping_name(name: str) -> Markup:
    """The islands' WrappingName: a handle or an e-mail address that may wrap before each '.', '_', '@', '-' or '+'."""
    return Markup("<wbr>").join(part for part in NAME_BREAKS.split(name) if part)


def long_date(value: datetime | str | None) -> str:
    """'January 5, 2026', for a datetime or an ISO date string."""
    moment = datetime.fromisoformat(value) if isinstance(value, str) else value
    return f"{moment:%B} {moment.day}, {moment.year}" if moment else ""


def relative_to_now(iso_date: str) -> str:
    """'Today', 'Yesterday', 'n days ago'… for an ISO date string."""
    return relative_date(datetime.fromisoformat(iso_date), utcnow())


def register_filters(app: Flask) -> None:
    app.jinja_env.filters.update(
        initial=initial,
        long_date=long_date,
        count=format_count,
        relative_date=relative_to_now,
        wrapping_name=wrapping_name,
    )
    app.jinja_env.globals.update(
        trend_header=trend_header, trend_title=trend_title, display_description=display_description
    )
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True

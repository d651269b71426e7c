"""Jinja filters the templates share."""

from datetime import datetime

from flask import Flask

from app.catalog import format_count


def initial(name: str | None) -> str:
    """Avatar letter: the first letter or digit uppercased (handles such as '._mia' show 'M'), else '?'."""
    return next((char.upper() for char in name or "" if char.isalnum()), "?")


def long_date(value: datetime | None) -> str:
    """'January 5, 2026'."""
    return f"{value:%B} {value.day}, {value.year}" if value else ""


def register_filters(app: Flask) -> None:
    app.jinja_env.filters.update(initial=initial, long_date=long_date, count=format_count)
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True

"""Jinja filters the templates share."""

import re
from datetime import datetime

from babel.dates import format_date, format_skeleton
from flask import Flask
from flask_babel import gettext, ngettext
from markupsafe import Markup

from app.catalog import age, display_description, trend_header, trend_title
from app.charts import chart_svg, sparkline_svg
from app.i18n import DEFAULT_LANGUAGE, count, current_language
from app.models.types import utcnow


def initial(name: str | None) -> str:
    """Avatar letter: the first letter or digit uppercased (handles such as '._mia' show 'M'), else '?'."""
    return next((char.upper() for char in name or "" if char.isalnum()), "?")


NAME_BREAKS = re.compile(r"(?=[._@+-])")


def wrapping_name(name: str) -> Markup:
    """The islands' WrappingName: a handle or an e-mail address that may wrap before each '.', '_', '@', '-' or '+'."""
    return Markup("<wbr>").join(part for part in NAME_BREAKS.split(name) if part)


def long_date(value: datetime | str | None) -> str:
    """'January 5, 2026' (in English; the locale's long date otherwise), for a datetime or an ISO date string."""
    moment = datetime.fromisoformat(value) if isinstance(value, str) else value
    if not moment:
        return ""
    language = current_language()
    if language == DEFAULT_LANGUAGE:
        return f"{moment:%B} {moment.day}, {moment.year}"
    return format_date(moment, "long", locale=language)


def medium_date(value: datetime | str | None) -> str:
    """'Jan 5, 2026' in English (the islands' shortDate), the locale's own order otherwise."""
    moment = datetime.fromisoformat(value) if isinstance(value, str) else value
    return format_skeleton("yMMMd", moment, locale=current_language()) if moment else ""


def video_count(amount: int) -> str:
    """'1 video', '1.2K videos': the islands' videoCountText."""
    return gettext("1 video") if amount == 1 else gettext("%(count)s videos", count=count(amount))


def relative_to_now(iso_date: str) -> str:
    """'Today', 'Yesterday', 'n days ago'… for an ISO date string."""
    amount, unit = age(datetime.fromisoformat(iso_date), utcnow())
    if unit == "day" and amount <= 1:
        return gettext("Yesterday") if amount else gettext("Today")
    ago = {
        "day": ngettext("%(num)s day ago", "%(num)s days ago", amount),
        "week": ngettext("%(num)s week ago", "%(num)s weeks ago", amount),
        "month": ngettext("%(num)s month ago", "%(num)s months ago", amount),
        "year": ngettext("%(num)s year ago", "%(num)s years ago", amount),
    }
    return ago[unit]


def register_filters(app: Flask) -> None:
    app.jinja_env.filters.update(
        initial=initial,
        long_date=long_date,
        medium_date=medium_date,
        count=count,
        relative_date=relative_to_now,
        video_count=video_count,
        wrapping_name=wrapping_name,
    )
    app.jinja_env.globals.update(
        trend_header=trend_header,
        trend_title=trend_title,
        display_description=display_description,
        chart_svg=chart_svg,
        sparkline_svg=sparkline_svg,
    )
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True

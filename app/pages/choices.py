"""The choices a watching page's address makes for its lists (`trendSort`, `hashtagSort`, `year`, `videoSort`), read
as the islands read them (islands/lib/address-bar.ts addressChoice): a value the page does not offer is ignored and
its default stands. The server draws the list an address chooses, and each select's label, so a shared link's page
is the same before and after its island mounts, and crawlers read the list the address names.

The values and labels are the islands' own (islands/lib/trends.ts, hashtag-list.ts, video-sorts.ts and
creator/creator-api.ts); tests/unit/test_address_choices.py holds the two in step.
"""

import re
from collections.abc import Mapping
from dataclasses import dataclass

from flask import request

from app.api.feeds import FIRST_YEAR, LAST_YEAR
from app.i18n import N_

TREND_SORTS = {
    "videoCount": N_("Featured"),
    "trendScore": N_("Trend Score"),
    "totalViews": N_("Views"),
    "firstVideoDate": N_("First Video"),
    "lastVideoDate": N_("Last Video"),
    "rising": N_("Rising"),
}
HASHTAG_SORTS = {"count": N_("Most Used"), "recent": N_("Most Recent"), "views": N_("Most Views")}
VIDEO_SORTS = {
    "mostRecent": N_("Newest"),
    "oldest": N_("Oldest"),
    "mostViews": N_("Most Views"),
    "mostLikes": N_("Most Likes"),
    "shuffle": N_("Shuffle"),
}
TREND_VIDEO_SORTS = ("mostRecent", "oldest", "mostViews", "shuffle")
CATEGORY_VIDEO_SORTS = ("mostRecent", "oldest", "mostViews", "mostLikes", "shuffle")
CREATOR_VIDEO_SORTS = {"latest": N_("Newest"), "oldest": N_("Oldest"), "popular": N_("Most Views")}


def addressed(name: str, offered: Mapping[str, str] | tuple[str, ...]) -> str:
    """The address's `name` when the page offers it, else the first offered (the default)."""
    value = request.args.get(name, "")
    return value if value in offered else next(iter(offered))


@dataclass(frozen=True)
class Choice:
    """One of a list's choices: what the list is drawn by, and its select's label (untranslated)."""

    value: str
    label: str


def choice(name: str, labels: Mapping[str, str], offered: tuple[str, ...] | None = None) -> Choice:
    value = addressed(name, offered or labels)
    return Choice(value, labels[value])


YEARS = {str(year): year for year in range(FIRST_YEAR, LAST_YEAR + 1)}


def addressed_year() -> int | None:
    """The Categories address's `year`, written as the island writes it ('2025', not '02025' or '２０２５'), from
    FIRST_YEAR to LAST_YEAR; else None (all time)."""
    return YEARS.get(request.args.get("year", ""))


SEED = re.compile(r"[0-9]{1,6}")  # a shuffle's seed, as the island reads it (islands/lib/order-address.ts)


def addressed_seed() -> int | None:
    """A shuffle's `seed` in the address, else None (the island deals a new one)."""
    value = request.args.get("seed", "")
    return int(value) if SEED.fullmatch(value) else None

"""What a visitor's browser downloads in scripts, compressed: small where nothing must run at load."""

import gzip

import pytest
from playwright.sync_api import Page
from sqlalchemy import select

from app.extensions import db
from app.models import Creator

pytestmark = pytest.mark.browser

KB = 1024
STATIC_PAGE_BUDGET = 20 * KB  # no island runs at load: the sign-in dialog and menus load on first use
# 100 KB until every island text went through t() and its tables of names gained N_(): the creator page, the
# heaviest, came to 101 KB.
FEED_PAGE_BUDGET = 104 * KB


def script_bytes(page: Page, path: str) -> dict[str, int]:
    """Gzip size of every script the page loads before the network settles."""
    responses = []
    page.on(
        "response", lambda response: responses.append(response) if response.request.resource_type == "script" else None
    )
    page.goto(path)
    page.wait_for_load_state("networkidle")
    return {r.url.rsplit("/", 1)[-1]: len(gzip.compress(r.body(), 9)) for r in responses if r.ok}


@pytest.mark.parametrize("path", ["/about-us", "/privacy-policy", "/search"])
def test_a_page_without_islands_at_load_stays_under_20_kb_of_scripts(page: Page, catalog, path):
    scripts = script_bytes(page, path)
    assert scripts and sum(scripts.values()) <= STATIC_PAGE_BUDGET, scripts


@pytest.mark.parametrize("path", ["/", "/dance-trends", "/categories", "creator"])
def test_a_feed_page_stays_under_100_kb_of_scripts(page: Page, catalog, path):
    if path == "creator":
        path = f"/user/{db.session.scalar(select(Creator.username).order_by(Creator.id).limit(1))}"
    scripts = script_bytes(page, path)
    assert sum(scripts.values()) <= FEED_PAGE_BUDGET, scripts
    assert any(name.startswith("react") or "chunk" in name for name in scripts), scripts  # its island did load

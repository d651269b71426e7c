"""Feed links as a visitor and a signed-in user find them: on a creator's page, a dance trend, a hashtag, and the
private Following feed in the settings; each leads to a feed that a reader can fetch."""

import re
from urllib.parse import urlsplit

import feedparser
import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import select

from app.extensions import db
from app.models import Creator
from tests.browser.conftest import SCREENS, sign_in
from tests.browser.fake_tiktok import fake_tiktok  # noqa: F401
from tests.conftest import DEFAULT_PASSWORD


@pytest.fixture(autouse=True)
def player_server(fake_tiktok):  # noqa: F811
    fake_tiktok.reset()
    return fake_tiktok


def fetched_feed(page: Page, href: str):
    response = page.request.get(href)
    assert response.ok and response.headers["content-type"].startswith("application/atom+xml")
    return feedparser.parse(response.body())


@SCREENS
def test_a_creators_and_a_trends_page_show_a_feed_link_that_a_reader_can_fetch(page: Page, catalog):
    creator = db.session.scalar(select(Creator).order_by(Creator.video_count.desc()).limit(1))
    page.goto(f"/user/{creator.username}")
    link = page.get_by_role("link", name="Feed")
    expect(link).to_be_visible()
    assert fetched_feed(page, link.get_attribute("href")).feed.title.startswith(f"@{creator.username}")

    page.goto("/dance-trends")
    link = page.locator(".watch-heading").get_by_role("link", name="Feed")
    expect(link).to_have_attribute("href", re.compile(r"^/feeds/trend/.+\.atom$"))
    assert fetched_feed(page, link.get_attribute("href")).entries


@SCREENS
def test_the_settings_give_the_private_following_feed_and_a_reset(page: Page, user, catalog):
    sign_in(page, "dancer@example.com", DEFAULT_PASSWORD)
    expect(page.locator(".topbar .user-menu-trigger")).to_be_visible()
    page.goto("/settings")
    card = page.get_by_role("region", name="Feed Reader")
    card.get_by_role("button", name="Show Feed Address").click()
    address = card.get_by_label("Your Following feed (Atom)")
    expect(address).to_have_value(re.compile(r"/feeds/following/[\w-]{40,}\.atom$"))
    first = urlsplit(address.input_value()).path  # the address is on SITE_URL; the test server is elsewhere
    assert fetched_feed(page, first).feed.title.startswith("Following · @dancer")

    page.once("dialog", lambda dialog: dialog.accept())
    card.get_by_role("button", name="Reset Address").click()
    expect(address).not_to_have_value(re.compile(re.escape(first)))
    assert page.request.get(first).status == 404

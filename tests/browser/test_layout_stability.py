"""Nothing jumps while a screen's island arrives: cumulative layout shift on a phone and a desktop.

Each screen is watched for 1.5 s after load: its island, lists and player have arrived by then here."""

import pytest
from playwright.sync_api import Page
from sqlalchemy import select

from app.extensions import db
from app.models import Creator

pytestmark = pytest.mark.browser

CLS_BUDGET = 0.05  # Lighthouse's "good" is 0.1

LAYOUT_SHIFT = """() => new Promise(resolve => {
  let total = 0;
  new PerformanceObserver(list => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) total += entry.value;
  }).observe({type: "layout-shift", buffered: true});
  setTimeout(() => resolve(total), 1500);
})"""


@pytest.mark.parametrize("viewport", [(375, 812), (1280, 800)], indirect=True)
@pytest.mark.parametrize("path", ["/", "/categories", "/dance-trends", "creator"])
def test_a_screen_does_not_shift_while_it_loads(page: Page, catalog, path):
    if path == "creator":
        path = f"/user/{db.session.scalar(select(Creator.username).order_by(Creator.id).limit(1))}"
    page.goto(path)
    assert page.evaluate(LAYOUT_SHIFT) <= CLS_BUDGET

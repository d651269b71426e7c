"""The developer portal's 'At a glance' section: on the admin's page and as its range fragment, for admins only."""

import re
from datetime import timedelta

import pytest

from app.extensions import db
from app.models import CatalogDay
from app.models.types import utcnow
from app.pages.glance import short_date, short_moment


@pytest.fixture
def three_days():
    """Three days of history; a snapshot of the catalog's state on the last two only."""
    today = utcnow().date()
    days = [today - timedelta(days=2), today - timedelta(days=1), today]
    db.session.add_all(
        [
            CatalogDay(day=days[0], videos_added=1, reports_pending=1),
            CatalogDay(
                day=days[1],
                videos_added=3,
                active_videos=4,
                inactive_videos=0,
                tier_complete=4,
                tier_partial=0,
                tier_basic=0,
                tier_none=0,
                reports_pending=2,
                checks_available=40,
                checks_blocked=2,
                snapshot_at=utcnow() - timedelta(days=1),
            ),
            CatalogDay(
                day=days[2],
                videos_added=1,
                active_videos=4,
                inactive_videos=1,
                tier_complete=3,
                tier_partial=1,
                tier_basic=1,
                tier_none=0,
                reports_pending=1,
                reports_approved=1,
                checks_available=9,
                checks_unavailable=1,
                snapshot_at=utcnow(),
            ),
        ]
    )
    db.session.commit()
    return days


def figures(html: str) -> list[str]:
    return re.findall(r'<figure class="chart".*?</figure>', html, re.S)


def test_the_admin_s_portal_shows_five_charts_with_their_summaries(api, admin, three_days):
    api.login("boss@example.com")
    html = api.get("/developer-portal").get_data(as_text=True)
    assert 'id="at-a-glance"' in html
    charts = figures(html)
    assert len(charts) == 5
    titles = [re.search(r'class="chart__title"[^>]*>([^<]*)<', chart).group(1) for chart in charts]
    assert titles == [
        "Videos added per day",
        "Active and inactive videos",
        "Videos by metadata tier",
        "Reports by status",
        "Health-check outcomes by cause",
    ]
    added, active, tiers, reports, checks = charts
    assert f"Videos added in the last 3 days: 5. The most on {short_date(three_days[1])}: 3." in added
    assert added.count("<rect") == 3
    assert f"On {short_date(three_days[2])}: 4 active and 1 inactive videos." in active
    assert active.count("<polyline") == 2, "two snapshots: a line each for active and inactive"
    assert "Complete 3, Partial 1, Basic 1, None 0." in tiers
    assert "Pending 1, Reviewed 0, Approved 1, Rejected 0." in reports
    # Each tier and status in the colours the health checker's bar and the report badges give it.
    assert re.findall(r"chart__tone--(\w+)", tiers) == ["success", "info", "warning", "danger"] * 2
    assert re.findall(r"chart__tone--(\w+)", reports) == ["warning", "info", "success", "danger"] * 2
    assert "Available 49, Unavailable 1, Rate limited 0, Blocked 2, Network errors 0, Unknown errors 0." in checks
    assert 'aria-current="true">90 days<' in html
    # A range replaces the address rather than adding a step to Back, and htmx keeps no copy of the portal in the
    # browser's storage (where it would outlive a sign-out and come back as dead markup).
    assert 'hx-replace-url="/developer-portal?days=30"' in html and "hx-push-url" not in html
    assert re.search(r'id="developer-portal"[^>]*hx-history="false"', html)


def test_the_range_fragment_swaps_in_the_section_for_another_range(api, admin, three_days):
    api.login("boss@example.com")
    response = api.get("/partials/portal-glance?days=30")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert 'id="at-a-glance"' in html
    assert 'aria-current="true">30 days<' in html
    assert len(figures(html)) == 5
    assert "<html" not in html
    assert api.get("/partials/portal-glance?days=7").status_code == 400
    assert api.get("/developer-portal?days=abc").status_code == 400


def test_charts_with_nothing_to_show_name_the_snapshot_they_read(api, admin):
    """They read the daily snapshots: a report filed since the last one is not in them yet, so 'none' says as of
    when (the portal's panels above count live)."""
    yesterday = utcnow().date() - timedelta(days=1)  # today's row is written by the day's snapshot, late in the day
    db.session.add(CatalogDay(day=yesterday, videos_added=2, active_videos=2, inactive_videos=0, snapshot_at=utcnow()))
    db.session.commit()
    api.login("boss@example.com")
    html = api.get("/developer-portal").get_data(as_text=True)
    assert f"No reports as of {short_date(yesterday)}." in html
    assert f"No health checks up to {short_date(yesterday)}." in html
    taken = db.session.get(CatalogDay, yesterday).snapshot_at
    assert f"The newest was taken {short_moment(taken)} UTC." in html, "so a report filed since is not looked for"

    db.session.get(CatalogDay, yesterday).reports_pending = 2
    db.session.commit()
    html = api.get("/developer-portal").get_data(as_text=True)
    assert f"Reports by status on {short_date(yesterday)}: Pending 2, Reviewed 0" in html, "not 'none' as of today"


def test_an_empty_history_says_how_to_start_one(api, admin):
    api.login("boss@example.com")
    html = api.get("/partials/portal-glance").get_data(as_text=True)
    assert not figures(html)
    assert "Nothing recorded yet." in html


@pytest.mark.parametrize(("role", "status"), [("visitor", 401), ("user", 403)])
def test_nobody_but_an_admin_gets_the_section(api, make_user, three_days, role, status):
    if role == "user":
        make_user("dancer")
        api.login("dancer@example.com")
    response = api.get("/partials/portal-glance?days=90")
    assert response.status_code == status
    body = response.get_data(as_text=True)
    assert "chart__svg" not in body and "At a glance" not in body
    page = api.get("/developer-portal")
    assert page.status_code == 302 and "chart__svg" not in page.get_data(as_text=True)


def test_the_section_speaks_vietnamese(api, admin, three_days):
    api.login("boss@example.com")
    html = api.get("/developer-portal", headers={"Accept-Language": "vi"}).get_data(as_text=True)
    charts = figures(html)
    assert len(charts) == 5
    assert "Video được thêm mỗi ngày" in charts[0] and "Videos added per day" not in html
    assert "Video đã thêm trong 3 ngày qua: 5." in charts[0]
    assert re.search(r">\d{1,2} thg \d{1,2}<", charts[0]), "dates on the axis the Vietnamese way"

"""The developer portal in Chromium: global player settings, reviewing a report, deleting a monitored creator."""

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Dialog, Page, expect
from sqlalchemy import func, select

from app.extensions import db
from app.models import ContactMessage, Creator, Video
from app.services.catalog_files import ReadStats, read_catalog
from app.services.ingest import ingest_records
from app.services.profiles import monitored_creator
from app.tiktok.source import BLOCK_ADVICE
from tests.browser.conftest import SCREENS, sign_in
from tests.conftest import DEFAULT_PASSWORD, FIXTURE_CATALOG

pytestmark = pytest.mark.browser

ADMIN_EMAIL = "boss@example.com"


@pytest.fixture(autouse=True)
def player_server(fake_tiktok):
    fake_tiktok.reset()
    return fake_tiktok


class Confirmations:
    """Accepts every confirm()/alert() and keeps their messages."""

    def __init__(self, page: Page) -> None:
        self.messages: list[str] = []
        page.on("dialog", self._accept)

    def _accept(self, dialog: Dialog) -> None:
        self.messages.append(dialog.message)
        dialog.accept()


def open_portal(page: Page) -> None:
    page.goto("/developer-portal")
    page.wait_for_selector("[data-island='portal'][data-island-mounted='true']", state="attached")
    expect(page.get_by_role("heading", name="Developer Portal")).to_be_visible()
    expect(page.get_by_text("Loading developer portal...")).to_have_count(0)


def sign_in_as_admin(page: Page) -> None:
    sign_in(page, ADMIN_EMAIL, DEFAULT_PASSWORD)
    expect(page.get_by_role("link", name="Developer")).to_be_visible()


def shown_video_id(page: Page, frame_selector: str) -> str:
    video_id = page.frame_locator(frame_selector).locator("#video-id")
    expect(video_id).not_to_be_empty()
    return video_id.inner_text()


def embed_flags(page: Page) -> dict[str, str]:
    src = page.locator(".player-frame iframe").get_attribute("src")
    return {name: values[0] for name, values in parse_qs(urlsplit(src).query).items()}


def test_admin_saves_global_settings_that_the_feed_uses_and_resets_them(page: Page, admin, catalog):
    confirmations = Confirmations(page)
    sign_in_as_admin(page)
    open_portal(page)
    settings = page.get_by_role("region", name="Embed Player Settings")
    controls, loop = settings.get_by_role("switch", name="Controls"), settings.get_by_role("switch", name="Loop")
    expect(settings.get_by_role("switch")).to_have_count(14)
    expect(controls).to_be_checked()
    expect(loop).not_to_be_checked()

    controls.uncheck()
    loop.check()
    expect(settings.get_by_text("Unsaved changes")).to_be_visible()
    settings.get_by_role("button", name="Save Settings").click()
    expect(settings.get_by_text("Global settings saved successfully!")).to_be_visible()

    page.goto("/")
    page.wait_for_selector("[data-island='home-feed'][data-island-mounted='true']", state="attached")
    shown_video_id(page, ".player-frame iframe")
    flags = embed_flags(page)
    assert (flags["controls"], flags["loop"], flags["autoplay"]) == ("0", "1", "1")

    open_portal(page)
    settings = page.get_by_role("region", name="Embed Player Settings")
    expect(settings.get_by_role("switch", name="Controls")).not_to_be_checked()
    settings.get_by_role("button", name="Reset to Defaults").click()
    expect(settings.get_by_text("Global settings reset to defaults!")).to_be_visible()
    assert confirmations.messages == [
        "Are you sure you want to reset all global settings to defaults? This will affect all users."
    ]
    expect(settings.get_by_role("switch", name="Controls")).to_be_checked()
    expect(settings.get_by_role("switch", name="Loop")).not_to_be_checked()
    assert page.request.get("/api/player-settings/global").json()["controls"] is True


def test_a_visitors_report_is_reviewed_and_approved_in_the_portal(page: Page, admin, catalog):
    confirmations = Confirmations(page)
    page.goto("/")
    page.wait_for_selector("[data-island='home-feed'][data-island-mounted='true']", state="attached")
    reported = shown_video_id(page, ".player-frame iframe")
    page.get_by_role("button", name="Report Unavailable").click()
    expect(page.frame_locator(".player-frame iframe").locator("#video-id")).not_to_have_text(reported)
    assert confirmations.messages, "the report answered with a message"

    sign_in_as_admin(page)
    open_portal(page)
    reports = page.get_by_role("region", name="Video Reports Management")
    expect(reports.get_by_role("button", name="Pending")).to_have_attribute("aria-pressed", "true")
    row = reports.get_by_role("listitem").filter(has_text=reported)
    expect(row.locator(".status-badge")).to_have_text("Pending")
    expect(row.locator(".status-badge")).to_have_class(re.compile("status-yellow"))
    row.get_by_role("button", name="Review").click()

    dialog = page.get_by_role("dialog", name="Review Video Report")
    expect(dialog.get_by_text("Report Details")).to_be_visible()
    expect(dialog.get_by_text(reported).first).to_be_visible()
    assert shown_video_id(page, ".review-dialog .player-frame iframe") == reported
    notes = dialog.get_by_label("Admin Notes")
    expect(notes).to_have_attribute("placeholder", "Add notes about this report...")
    notes.fill("Checked on TikTok: removed by the creator.")
    dialog.get_by_role("button", name="Approve & Remove Video").click()

    expect(reports.get_by_text("Report approved successfully!")).to_be_visible()
    expect(dialog).to_have_count(0)
    expect(reports.get_by_text("No reports found for the selected filter.")).to_be_visible()
    reports.get_by_role("button", name="Approved").click()
    approved = reports.get_by_role("listitem").filter(has_text=reported)
    expect(approved.locator(".status-badge")).to_have_class(re.compile("status-green"))

    assert page.request.get(f"/api/tiktok/videos?limit=1&videoId={reported}").json()["videos"] == []
    approved.get_by_role("button", name="Review").click()
    dialog = page.get_by_role("dialog", name="Review Video Report")
    expect(dialog.get_by_text("Video not found or unavailable")).to_be_visible()
    expect(dialog.get_by_label("Admin Notes")).to_have_value("Checked on TikTok: removed by the creator.")


def test_the_monitored_usernames_modal_deletes_a_creator_and_its_videos(page: Page, admin, catalog):
    confirmations = Confirmations(page)
    sign_in_as_admin(page)
    open_portal(page)
    total_before = db.session.scalar(select(db.func.count(Creator.id)))
    stat = page.get_by_role("button", name=re.compile("Total Usernames"))
    expect(stat).to_contain_text(str(total_before))
    stat.click()

    dialog = page.get_by_role("dialog", name="Monitored Usernames")
    first = dialog.get_by_role("listitem").first
    username = first.locator(".username-handle").inner_text().removeprefix("@")
    delete = dialog.get_by_role("button", name=f"Delete @{username}", exact=True)
    expect(delete).to_have_attribute("title", "Delete username and all associated videos")
    delete.click()

    expect(dialog.get_by_text(f"@{username} has been deleted successfully!")).to_be_visible()
    assert confirmations.messages == [
        f"Are you sure you want to delete @{username}? This action cannot be undone and will also remove all "
        "associated videos."
    ]
    expect(dialog.get_by_role("button", name=f"Delete @{username}", exact=True)).to_have_count(0)
    dialog.locator(".dialog-actions").get_by_role("button", name="Close").click()
    expect(dialog).to_have_count(0)
    expect(stat).to_contain_text(str(total_before - 1))

    db.session.expire_all()
    assert db.session.scalar(select(Creator).where(Creator.username == username)) is None
    assert db.session.scalars(select(Video).join(Creator).where(Creator.username == username)).all() == []


def test_deleting_a_creator_brings_the_health_counts_and_the_sidebar_up_to_date_at_once(page: Page, admin, catalog):
    Confirmations(page)
    sign_in_as_admin(page)
    open_portal(page)
    videos = db.session.scalar(select(func.count(Video.id)))
    creators = db.session.scalar(select(func.count(Creator.id)))
    health = page.get_by_role("region", name="Enhanced Video Health Checker")
    expect(health.locator(".health-count").first).to_have_text(f"Total{videos}")
    celebrities = page.locator("#sidebar section.celebrities")
    expect(celebrities.locator(".nav-count")).to_have_text(str(creators))
    shown = celebrities.locator(".celebrity").count()
    expect(celebrities.locator(".sidebar-more")).to_have_text(f"and {creators - shown} more creators")
    username = celebrities.locator(".celebrity-name").first.inner_text().removeprefix("@")
    theirs = db.session.scalar(select(func.count(Video.id)).join(Creator).where(Creator.username == username))

    page.get_by_role("button", name="Monitored Usernames").click()
    dialog = page.get_by_role("dialog", name="Monitored Usernames")
    dialog.get_by_label("Filter usernames").fill(username)
    dialog.get_by_role("button", name=f"Delete @{username}", exact=True).click()
    expect(dialog.get_by_text(f"@{username} has been deleted successfully!")).to_be_visible()

    expect(health.locator(".health-count").first).to_have_text(f"Total{videos - theirs}")
    expect(celebrities.locator(".nav-count")).to_have_text(str(creators - 1))
    expect(celebrities.locator(".celebrity-name").filter(has_text=f"@{username}")).to_have_count(0)
    expect(celebrities.locator(".celebrity")).to_have_count(shown)
    expect(celebrities.locator(".sidebar-more")).to_have_text(f"and {creators - 1 - shown} more creators")
    dialog.locator(".dialog-actions").get_by_role("button", name="Close").click()
    expect(page.get_by_role("button", name=re.compile("Total Usernames"))).to_contain_text(str(creators - 1))


@SCREENS
def test_the_monitored_usernames_are_paged_and_filtered_as_typed(page: Page, admin):
    db.session.add_all([Creator(username=f"crew{i:03d}", display_name=f"Crew {i}") for i in range(120)])
    db.session.add(Creator(username="salsa_queen", display_name="La Reina"))
    db.session.commit()
    sign_in_as_admin(page)
    open_portal(page)
    page.get_by_role("button", name="Monitored Usernames").click()
    dialog = page.get_by_role("dialog", name="Monitored Usernames")
    expect(dialog.get_by_text("121 monitored")).to_be_visible()
    expect(dialog.get_by_role("listitem")).to_have_count(50)
    expect(dialog.get_by_text("Page 1 of 3")).to_be_visible()
    # Only the list scrolls: the pager and Close show without scrolling the dialog itself.
    assert dialog.evaluate("element => element.scrollHeight <= element.clientHeight")
    close = dialog.locator(".dialog-actions").get_by_role("button", name="Close").bounding_box()
    assert close["y"] + close["height"] <= page.viewport_size["height"]

    dialog.get_by_role("button", name="Next").click()
    expect(dialog.get_by_text("Page 2 of 3")).to_be_visible()
    dialog.get_by_label("Filter usernames").fill("reina")
    expect(dialog.get_by_text("1 matching")).to_be_visible()
    expect(dialog.get_by_role("listitem")).to_have_count(1)
    expect(dialog.get_by_role("listitem")).to_contain_text("@salsa_queen")
    expect(dialog.get_by_role("navigation", name="Monitored username pages")).to_have_count(0)

    dialog.get_by_label("Filter usernames").fill("nobody here")
    expect(dialog.get_by_text("No usernames match “nobody here”")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    dialog.get_by_label("Filter usernames").fill("a" * 100)  # one long word: it wraps inside the dialog
    empty = dialog.get_by_text(f"No usernames match “{'a' * 100}”")
    expect(empty).to_be_visible()
    assert empty.evaluate("e => e.scrollWidth <= e.clientWidth")


def test_a_health_check_shows_its_progress_and_then_its_counts(page: Page, admin, fake_oembed, run_worker):
    ingest_records(list(read_catalog(FIXTURE_CATALOG, ReadStats()))[:3])  # three videos: the 1 s delay stays short
    gone = db.session.scalars(select(Video).order_by(Video.id)).first()
    fake_oembed.answers[gone.video_id] = "gone"
    sign_in_as_admin(page)
    open_portal(page)
    health = page.get_by_role("region", name="Enhanced Video Health Checker")
    expect(health.locator(".health-count").first).to_have_text("Total3")

    health.get_by_role("button", name="Get/Check Latest 50 Videos").click()
    expect(health.get_by_text("Waiting for a worker...")).to_be_visible()
    expect(health.get_by_role("progressbar", name="Health check progress")).to_have_attribute("aria-valuenow", "0")
    expect(health.get_by_role("button", name="Get/Check Latest 50 Videos")).to_be_disabled()
    run_worker("maintenance")

    result = health.locator(".health-result")
    expect(result).to_contain_text("Enhanced health check completed!", timeout=15_000)
    expect(result).to_contain_text("Checked: 3")
    expect(result).to_contain_text("Unavailable: 1")
    expect(health.locator(".health-count").filter(has_text="Inactive")).to_have_text("Inactive1")
    expect(health.get_by_role("progressbar")).to_have_count(0)


def test_a_check_tiktok_did_not_answer_says_so_in_amber_and_is_still_there_after_a_reload(
    page: Page, admin, fake_oembed, run_worker
):
    ingest_records(list(read_catalog(FIXTURE_CATALOG, ReadStats()))[:3])
    _, blocked, limited = db.session.scalars(select(Video).order_by(Video.id)).all()
    fake_oembed.answers.update({blocked.video_id: "forbidden", limited.video_id: "rate-limited"})
    sign_in_as_admin(page)
    open_portal(page)
    health = page.get_by_role("region", name="Enhanced Video Health Checker")
    health.get_by_role("button", name="Get/Check Latest 50 Videos").click()
    expect(health.get_by_text("Waiting for a worker...")).to_be_visible()
    run_worker("maintenance")

    said = (
        "Enhanced health check completed with problems: 2 of 3 checks got no answer; those videos were left as they "
        "were. Wait an hour, and check fewer videos or with a longer delay."
    )
    for _ in ("now", "after a reload"):
        result = health.locator(".health-result")
        expect(result).to_contain_text(said, timeout=15_000)
        expect(result).to_have_class(re.compile(r"\balert-warning\b"))
        expect(result).to_contain_text("Blocked: 1")
        expect(health.get_by_text("Enhanced health check completed!")).to_have_count(0)
        page.reload()
    db.session.expire_all()
    assert all(video.is_active for video in db.session.scalars(select(Video)))


def test_the_portal_shows_health_counts_and_empty_states(page: Page, admin):
    sign_in_as_admin(page)
    open_portal(page)
    health = page.get_by_role("region", name="Enhanced Video Health Checker")
    expect(health.get_by_role("button", name="Get/Check Latest 50 Videos")).to_be_enabled()
    backfill = "Extract Missing Metadata (500 videos - Basic & None only)"
    expect(health.get_by_role("button", name=backfill)).to_be_enabled()
    expect(health.locator(".health-count").first).to_contain_text("0")
    expect(page.get_by_text("No reports found for the selected filter.")).to_be_visible()

    page.get_by_role("button", name="Monitored Usernames").click()
    dialog = page.get_by_role("dialog", name="Monitored Usernames")
    expect(dialog.get_by_text("No monitored usernames")).to_be_visible()
    expect(dialog.get_by_text("Add TikTok usernames to start monitoring them.")).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)


def test_refresh_status_and_reset_counts_show_they_are_working_and_then_how_it_went(page: Page, admin, catalog):
    sign_in_as_admin(page)
    open_portal(page)
    health = page.get_by_role("region", name="Enhanced Video Health Checker")
    refresh, reset = (health.get_by_role("button", name=name) for name in ("Refresh Status", "Reset Counts"))
    expect(health.locator(".health-count").first).to_have_text("Total42")
    held = []
    page.route("**/api/tiktok/videos/enhanced-health-status", lambda route: held.append(route))

    refresh.click()
    expect(health.get_by_role("button", name="Checking...")).to_be_disabled()
    expect(reset).to_be_disabled()
    for _ in range(250):  # the request may reach the route a moment after the button says it is busy
        if held:
            break
        page.wait_for_timeout(20)
    held.pop().continue_()
    said = health.get_by_role("status").filter(has_text="Video health status refreshed!")
    expect(said).to_be_visible()
    expect(refresh).to_be_enabled()
    page.unroute("**/api/tiktok/videos/enhanced-health-status")

    busy = "The site is busy right now. Please try again in a moment."
    page.route(
        "**/api/tiktok/videos/reset-metadata-counts",
        lambda route: route.fulfill(status=503, json={"success": False, "message": busy}),
    )
    reset.click()
    expect(health.get_by_role("alert")).to_have_text(busy)
    expect(said).to_have_count(0)
    expect(reset).to_be_enabled()
    page.unroute("**/api/tiktok/videos/reset-metadata-counts")

    reset.click()
    expect(health.get_by_role("status").filter(has_text="Metadata counts recalculated!")).to_be_visible()
    expect(health.get_by_role("alert")).to_have_count(0)
    expect(health.locator(".health-count").first).to_have_text("Total42")


@pytest.mark.parametrize("viewport", [(375, 812)], indirect=True, ids=["phone"])
def test_the_portal_fits_a_phone(page: Page, admin, catalog):
    sign_in_as_admin(page)
    open_portal(page)
    expect(page.get_by_role("region", name="Video Reports Management")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


def test_the_tiktok_panel_runs_the_canary_and_a_failure_warns_every_admin(page: Page, admin, run_worker):
    monitored_creator("blocked.fixture", None, None)
    sign_in_as_admin(page)
    open_portal(page)
    panel = page.get_by_role("region", name="TikTok")
    expect(panel.locator(".tiktok-status-row").filter(has_text="Browser impersonation")).to_contain_text("Available")
    expect(panel.locator(".tiktok-status-row").filter(has_text="Daily check")).to_contain_text("Not run yet")
    expect(panel.locator(".tiktok-status-row").filter(has_text="Last profile listing")).to_contain_text("Never")

    panel.get_by_role("button", name="Check Now").click()
    expect(panel.get_by_role("button", name="Checking...")).to_be_disabled()
    run_worker("ingest")
    failed = "Listing @blocked.fixture failed: TikTok is blocking this server's address."
    expect(panel.locator(".tiktok-status-row").filter(has_text="Daily check")).to_contain_text(failed, timeout=10_000)
    expect(panel.locator(".tiktok-status-advice")).to_have_text(BLOCK_ADVICE)  # what the admin can do about it
    expect(panel.locator(".tiktok-status-row").filter(has_text="Last block")).to_contain_text("(ip-blocked)")

    page.reload()
    open_portal(page)
    banner = page.locator(".tiktok-warnings")
    expect(banner).to_have_attribute("role", "alert")
    expect(banner).to_contain_text(f"The daily TikTok check failed: {failed}")


@pytest.mark.parametrize("viewport", [(375, 812), (1280, 800)], indirect=True, ids=["phone", "desktop"])
def test_a_long_contact_message_opens_whole_and_a_short_one_has_nothing_to_open(page: Page, admin):
    long_text = "Hello, this is about a video of mine that the site lists. " * 6 + "The last words."
    db.session.add(ContactMessage(name="Ana", email="ana@example.com", subject="support", message=long_text))
    db.session.add(ContactMessage(name="Bo", email="bo@example.com", subject="support", message="A short note."))
    db.session.commit()
    sign_in_as_admin(page)
    open_portal(page)
    inbox = page.get_by_role("region", name="Contact Messages")
    long_row = inbox.get_by_role("listitem").filter(has_text="ana@example.com")
    short_row = inbox.get_by_role("listitem").filter(has_text="bo@example.com")
    expect(short_row.locator(".inbox-body")).to_have_text("A short note.")
    expect(short_row.get_by_role("button")).to_have_count(0)

    body = long_row.locator(".inbox-body")
    more = long_row.get_by_role("button", name="Show more")
    expect(more).to_have_attribute("aria-expanded", "false")
    cut_height = body.bounding_box()["height"]
    assert body.evaluate("shown => shown.scrollHeight > shown.clientHeight"), "the list shows its first lines"
    more.click()
    less = long_row.get_by_role("button", name="Show less")
    expect(less).to_have_attribute("aria-expanded", "true")
    assert body.evaluate("shown => shown.scrollHeight <= shown.clientHeight"), "all of it is shown"
    assert body.bounding_box()["height"] > cut_height
    less.click()
    expect(more).to_be_visible()
    assert body.bounding_box()["height"] == cut_height


def test_a_contact_message_cut_once_the_window_narrows_can_still_be_opened(page: Page, admin):
    text = "A note that fits four lines across a desktop but not across a phone held upright. " * 3
    db.session.add(ContactMessage(name="Cy", email="cy@example.com", subject="support", message=text))
    db.session.commit()
    page.set_viewport_size({"width": 1280, "height": 800})
    sign_in_as_admin(page)
    open_portal(page)
    row = page.get_by_role("region", name="Contact Messages").get_by_role("listitem").filter(has_text="cy@example.com")
    expect(row.locator(".inbox-body")).to_be_visible()
    expect(row.get_by_role("button", name="Show more")).to_have_count(0)
    page.set_viewport_size({"width": 320, "height": 800})
    row.get_by_role("button", name="Show more").click()
    expect(row.get_by_role("button", name="Show less")).to_have_attribute("aria-expanded", "true")
    assert row.locator(".inbox-body").evaluate("shown => shown.scrollHeight <= shown.clientHeight")

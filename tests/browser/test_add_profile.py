"""Adding a TikTok profile in Chromium: preview, the extraction job, confirming, and the creator's page after."""

import re
import time
from pathlib import Path

import pytest
from flask import current_app
from playwright.sync_api import Locator, Page, expect
from sqlalchemy import select

from app.extensions import db
from app.jobs import LEFT_GRACE, is_watched, redis_connection, watched_key
from app.models import Creator, Job, JobKind, Video
from tests.browser.conftest import sign_in
from tests.conftest import DEFAULT_PASSWORD, wait_for

pytestmark = pytest.mark.browser

BOT_DETECTION_NOTE = (
    "Video extraction failed due to TikTok bot detection. "
    "The profile can still be added, and videos can be extracted later..."
)
AUTH_WARNING = "Authentication Required: Only logged in users can add TikTok profiles. Please log in to continue."


def open_add_profile(page: Page) -> None:
    page.goto("/add-tiktok-profile")
    page.wait_for_selector("[data-island='add-profile'][data-island-mounted='true']", state="attached")
    expect(page.get_by_role("heading", name="Add New TikTok Profile")).to_be_visible()


def test_visitors_are_asked_to_sign_in(page: Page, user):
    open_add_profile(page)
    expect(page.get_by_role("note")).to_have_text(AUTH_WARNING)
    page.get_by_label("TikTok Username *").fill("dnkhaii")
    find = page.get_by_role("button", name="Find Videos")
    expect(find).to_be_disabled()  # aria-disabled: a click still opens the login dialog
    find.click(force=True)
    expect(page.get_by_role("dialog")).to_be_visible()
    page.keyboard.press("Escape")
    page.locator(".add-profile-auth").get_by_role("button", name="Sign In").click()  # the warning's own way in
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Email").fill("dancer@example.com")
    dialog.get_by_label("Password", exact=True).fill(DEFAULT_PASSWORD)
    dialog.get_by_role("button", name="Sign In").click()
    expect(page.get_by_role("note")).to_have_count(0)
    expect(page.get_by_label("TikTok Username *")).to_be_editable()


def test_an_admin_adds_a_profile_and_sees_its_videos(page: Page, admin, run_worker):
    sign_in(page, admin.email, DEFAULT_PASSWORD)
    expect(page.get_by_role("link", name="Developer")).to_be_visible()
    open_add_profile(page)
    expect(page.get_by_text(AUTH_WARNING)).to_have_count(0)
    find = page.get_by_role("button", name="Find Videos")
    expect(find).to_be_disabled()

    page.get_by_label("TikTok Username *").fill("dnkhaii")
    with page.expect_response(lambda response: "/api/tiktok/extract-user-videos/dnkhaii" in response.url) as started:
        find.click()
    assert started.value.status == 202
    expect(page.get_by_role("button", name="Finding Videos...")).to_be_disabled()
    progress = page.get_by_role("region", name="Adding TikTok Profile Progress")
    expect(progress).to_contain_text(re.compile(r"Finding videos\.\.\. \(\d+ found so far\)"))
    expect(progress).to_contain_text(re.compile(r"Elapsed time: (\d+m )?\d+s"))

    run_worker("ingest")
    expect(progress).to_contain_text("Extraction completed!")
    results = page.get_by_role("region", name="Profile Preview Results")
    expect(results.get_by_text("Success", exact=True)).to_be_visible()
    expect(results).to_contain_text("@dnkhaii")
    expect(results.get_by_role("heading", name=re.compile(r"Extracted Videos \(\d+\)"))).to_be_visible()
    entries = results.get_by_role("list", name="Extracted videos").get_by_role("listitem")
    expect(entries.first).to_contain_text(re.compile(r"1\.https://www\.tiktok\.com/@dnkhaii/video/\d+Valid"))
    expect(results.get_by_role("button", name="Extract Videos")).to_have_count(0)

    results.get_by_role("button", name="Confirm & Add Profile").click()
    expect(page.get_by_role("status").filter(has_text="@dnkhaii has been added with")).to_be_visible()
    expect(page.get_by_label("TikTok Username *")).to_have_value("")
    page.wait_for_url(re.compile(r"/$"), timeout=8_000)

    page.goto("/user/dnkhaii")
    page.wait_for_selector("[data-island='creator'][data-island-mounted='true']", state="attached")
    card = page.locator(".creator-card")
    expect(card.get_by_role("heading", name="@dnkhaii")).to_be_visible()
    expect(card.get_by_role("button", name="Delete")).to_be_visible()
    expect(card.get_by_role("button", name="Download All")).to_be_visible()
    expect(page.get_by_text("No videos found for @dnkhaii")).to_have_count(0)
    expect(page.locator(".category-meta")).to_have_text(re.compile(r"\d+ videos"))

    # The profile just added is bulk-downloaded (the fixtures source writes a small MP4 per video).
    added = list(db.session.scalars(select(Video.video_id).join(Creator).where(Creator.username == "dnkhaii")))
    for video_id in added:
        (Path(current_app.config["MEDIA_DIR"]) / "downloads" / f"{video_id}.mp4").unlink(missing_ok=True)
    card.get_by_role("button", name="Download All").click()
    panel = page.get_by_role("status", name="Download progress")
    expect(panel).to_contain_text(f"0 / {len(added)} videos")
    run_worker("downloads")
    expect(panel).to_contain_text(f"{len(added)} / {len(added)} videos")
    expect(panel).to_contain_text("Status: completed (100%)")
    for video_id in added:
        assert (Path(current_app.config["MEDIA_DIR"]) / "downloads" / f"{video_id}.mp4").stat().st_size > 0


def test_a_reload_during_the_search_follows_it_and_then_shows_its_results(page: Page, admin, run_worker):
    sign_in(page, admin.email, DEFAULT_PASSWORD)
    expect(page.get_by_role("link", name="Developer")).to_be_visible()
    open_add_profile(page)
    page.get_by_label("TikTok Username *").fill("dnkhaii")
    with page.expect_response(lambda response: "/api/tiktok/extract-user-videos/dnkhaii" in response.url):
        page.get_by_role("button", name="Find Videos").click()
    progress = page.get_by_role("region", name="Adding TikTok Profile Progress")
    expect(progress).to_contain_text("Waiting for a background worker to start the search...")

    page.reload()
    page.wait_for_selector("[data-island='add-profile'][data-island-mounted='true']", state="attached")
    expect(page.get_by_label("TikTok Username *")).to_have_value("dnkhaii")
    expect(page.get_by_role("button", name="Finding Videos...")).to_be_disabled()
    expect(progress).to_contain_text(re.compile(r"Elapsed time: (\d+m )?\d+s"))
    expect(progress).to_contain_text("Waiting for a background worker to start the search...")

    run_worker("ingest")
    expect(progress).to_contain_text("Extraction completed!")
    results = page.get_by_role("region", name="Profile Preview Results")
    expect(results.get_by_text("Success", exact=True)).to_be_visible()

    page.reload()  # a finished search still shows its results, until it is confirmed or cancelled
    page.wait_for_selector("[data-island='add-profile'][data-island-mounted='true']", state="attached")
    expect(results.get_by_text("Success", exact=True)).to_be_visible()
    results.get_by_role("button", name="Cancel").click()
    expect(results).to_have_count(0)
    page.reload()
    page.wait_for_selector("[data-island='add-profile'][data-island-mounted='true']", state="attached")
    expect(page.get_by_label("TikTok Username *")).to_have_value("")
    expect(progress).to_have_count(0)


def start_search(page: Page, username: str) -> str:
    """Find the videos of `username` on an open Add TikTok Profile screen; answers the search's job id."""
    page.get_by_label("TikTok Username *").fill(username)
    with page.expect_response(lambda response: f"/api/tiktok/extract-user-videos/{username}" in response.url) as sent:
        page.get_by_role("button", name="Find Videos").click()
    return sent.value.json()["jobId"]


def test_a_search_behind_another_says_so_and_goes_on_once_the_first_screen_is_closed(page: Page, admin, run_worker):
    sign_in(page, admin.email, DEFAULT_PASSWORD)
    expect(page.get_by_role("link", name="Developer")).to_be_visible()
    open_add_profile(page)
    first = start_search(page, "unreachable.fixture")
    other_tab = page.context.new_page()
    open_add_profile(other_tab)
    start_search(other_tab, "dnkhaii")
    progress = other_tab.get_by_role("region", name="Adding TikTok Profile Progress")
    expect(progress).to_contain_text("Waiting for other searches to finish... (1 ahead)")

    page.goto("/")  # the first search's screen is left: it says so as it goes (a request that outlives the page)
    wait_for(lambda: redis_connection().ttl(watched_key(first)) <= LEFT_GRACE.total_seconds(), seconds=10)
    time.sleep(LEFT_GRACE.total_seconds() + 1)  # a reload would have followed the search again by now
    run_worker("ingest")
    expect(progress).to_contain_text("Extraction completed!")
    db.session.expire_all()
    assert db.session.get(Job, first).result["failureCause"] == "abandoned"


def test_a_reloaded_screen_keeps_its_search(page: Page, admin, run_worker):
    sign_in(page, admin.email, DEFAULT_PASSWORD)
    expect(page.get_by_role("link", name="Developer")).to_be_visible()
    open_add_profile(page)
    job = start_search(page, "dnkhaii")
    page.reload()  # the page says it leaves, then follows the search again within the grace that gave
    page.wait_for_selector("[data-island='add-profile'][data-island-mounted='true']", state="attached")
    time.sleep(LEFT_GRACE.total_seconds() + 1)
    assert is_watched(job)
    run_worker("ingest")
    expect(page.get_by_role("region", name="Adding TikTok Profile Progress")).to_contain_text("Extraction completed!")


def failed_results(page: Page, admin, run_worker, username: str) -> Locator:
    """An admin looks up a fixture profile whose listing fails; answers the results panel, marked Failed."""
    sign_in(page, admin.email, DEFAULT_PASSWORD)
    expect(page.get_by_role("link", name="Developer")).to_be_visible()
    open_add_profile(page)
    page.get_by_label("TikTok Username *").fill(username)
    page.get_by_role("button", name="Find Videos").click()
    run_worker("ingest")
    results = page.get_by_role("region", name="Profile Preview Results")
    expect(results.get_by_text("Failed", exact=True)).to_be_visible()
    return results


def test_a_pasted_profile_link_looks_up_its_handle(page: Page, admin, run_worker):
    results = failed_results(page, admin, run_worker, "https://www.tiktok.com/@private.fixture?lang=en")
    expect(results).to_contain_text("Could not list the videos of @private.fixture")


def test_after_bot_detection_the_profile_can_still_be_added_without_videos(page: Page, admin, run_worker):
    results = failed_results(page, admin, run_worker, "blocked.fixture")
    expect(results.get_by_role("note")).to_have_text(BOT_DETECTION_NOTE)
    expect(results.get_by_text(BOT_DETECTION_NOTE)).to_have_count(1)  # the note, not the message again
    expect(results.get_by_role("button", name="Try Again")).to_be_visible()

    results.get_by_role("button", name="Confirm & Add Profile").click()
    expect(
        page.get_by_role("status").filter(has_text="@blocked.fixture has been added with 0 new videos")
    ).to_be_visible()
    assert db.session.scalar(select(Creator).where(Creator.username == "blocked.fixture")).is_active


def test_a_private_profile_is_not_blamed_on_bot_detection(page: Page, admin, run_worker):
    results = failed_results(page, admin, run_worker, "private.fixture")
    expect(results).to_contain_text("This account is private, or all of its videos are.")
    expect(results.get_by_role("note")).to_have_count(0)
    expect(results.get_by_role("button", name="Try Again")).to_be_visible()
    expect(results.get_by_role("button", name="Confirm & Add Profile")).to_have_count(0)


# Each way a listing fails, from the fixture's yt-dlp message to what the admin reads: (profile, cause, a part of
# the sentence, a part of the suggestion). Failures of one video (private, age-restricted, removed) are read by
# the metadata call and the downloads: tests/api/test_profiles.py and tests/jobs/test_downloads.py.
LISTING_FAILURES = [
    ("blocked.fixture", "ip-blocked", None, "TikTok is blocking this server's address. Set TIKTOK_PROXY"),
    ("loginwall.fixture", "login-wall", None, "sends this server to its login page"),
    ("botcheck.fixture", "bot-check", None, "a bot check instead of the page"),
    ("ratelimited.fixture", "rate-limited", None, "how often this server may ask. Wait an hour"),
    ("forbidden.fixture", "forbidden", None, "(HTTP 403). Set TIKTOK_PROXY"),
    ("noimpersonation.fixture", "no-impersonation", None, "curl_cffi version yt-dlp pins"),
    ("private.fixture", "private-account", "This account is private", "TIKTOK_COOKIES_FILE"),
    ("novideos.fixture", "no-videos", "This account has not posted any videos.", "Nothing to add until it posts."),
    ("nobody.fixture", "no-profile-id", "TikTok did not give this profile's id", "Check the username."),
    ("unreachable.fixture", "network", "TikTok could not be reached.", "Check this server's connection"),
    ("stuck.fixture", "stuck-listing", "TikTok kept sending the same page", "Run the extraction again"),
    ("changed.fixture", "unrecognised", "yt-dlp could not read TikTok's answer.", "update yt-dlp"),
]


@pytest.mark.parametrize(("username", "cause", "sentence", "suggestion"), LISTING_FAILURES)
def test_each_listing_failure_is_told_in_words_with_yt_dlps_own_behind_details(
    page: Page, admin, run_worker, username, cause, sentence, suggestion
):
    results = failed_results(page, admin, run_worker, username)
    if sentence is None:  # TikTok blocks: the spec's bot-detection note, and the cause beside the suggestion
        expect(results.get_by_role("note")).to_have_text(BOT_DETECTION_NOTE)
    else:
        expect(results.locator(".add-profile-message")).to_contain_text(f"Could not list the videos of @{username}")
        expect(results.locator(".add-profile-message")).to_contain_text(sentence)
    expect(results.locator(".add-profile-suggestion")).to_contain_text(suggestion)
    raw = results.locator(".add-profile-details pre")
    expect(raw).to_be_hidden()
    results.get_by_text("Details", exact=True).click()
    expect(raw).to_be_visible()
    shown = raw.inner_text()
    assert shown.startswith("ERROR:") or shown.startswith("Unable to extract secondary user ID"), shown
    db.session.expire_all()
    assert Job.newest(JobKind.PROFILE_EXTRACTION, username).result["failureCause"] == cause


def test_a_creator_already_in_the_catalog_links_to_its_page(page: Page, admin, catalog):
    existing = db.session.scalar(select(Creator).order_by(Creator.id))
    sign_in(page, admin.email, DEFAULT_PASSWORD)
    expect(page.get_by_role("link", name="Developer")).to_be_visible()
    open_add_profile(page)
    page.get_by_label("TikTok Username *").fill(existing.username.upper())
    page.get_by_role("button", name="Find Videos").click()
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("This TikTok username already exists in the database")
    alert.get_by_role("link", name=f"See @{existing.username}'s videos").click()
    page.wait_for_url(re.compile(rf"/user/{re.escape(existing.username)}$"))

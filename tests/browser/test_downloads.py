"""The admin's downloads in Chromium: the HD button on a video and Download All / Delete on a creator's page.

Videos come from the fixtures TikTok source (its download writes a small MP4) and a real RQ worker runs the jobs.
"""

import re
from dataclasses import replace
from datetime import timedelta
from itertools import islice
from pathlib import Path

import pytest
from flask import current_app
from playwright.sync_api import Dialog, Locator, Page, expect
from sqlalchemy import func, select

from app.catalog.records import VideoRecord, video_url
from app.extensions import db
from app.models import Creator, Download, Video
from app.services import player_settings
from app.services.ingest import ingest_records
from app.services.profiles import monitored_creator
from app.services.videos import video_card
from app.tiktok.fixtures import FixturesSource, fake_mp4
from app.tiktok.mapping import record_from_info
from tests.browser.conftest import sign_in
from tests.conftest import DEFAULT_PASSWORD, TIKTOK_FIXTURES

pytestmark = pytest.mark.browser

# The islands' times (islands/lib/hd-download.ts, islands/creator/download-progress.ts)
HD_POLL_MS, HD_SUCCESS_MS, HD_FAILURE_MS = 2_000, 2_000, 3_000
DOWNLOAD_POLL_MS, DOWNLOAD_CLEAR_MS = 2_000, 10_000

CREATOR = "timmytimmadome"
MISSING_VIDEO_ID = "6900000000000000001"  # not in the creator's fixture file: TikTok answers "not available"
DELETE_QUESTION = (
    f"Are you sure you want to delete @{CREATOR}? This action cannot be undone and will also remove all "
    "associated videos."
)


@pytest.fixture(autouse=True)
def player_server(fake_tiktok):
    fake_tiktok.reset()
    return fake_tiktok


class Dialogs:
    """Answers confirm() with the given answers in turn (then accepts), accepts alert(), keeps every message."""

    def __init__(self, page: Page, *answers: bool) -> None:
        self.messages: list[str] = []
        self._answers = list(answers)
        page.on("dialog", self._answer)

    def _answer(self, dialog: Dialog) -> None:
        self.messages.append(dialog.message)
        if dialog.type == "confirm" and self._answers and not self._answers.pop(0):
            dialog.dismiss()
        else:
            dialog.accept()


def fixture_records(count: int) -> list[VideoRecord]:
    """The creator's newest `count` videos as the fixtures source lists them."""
    listing = FixturesSource(TIKTOK_FIXTURES).list_profile(CREATOR, count, count)
    return [record_from_info(entry) for entry in islice(listing.entries, count)]


def missing_record(like: VideoRecord) -> VideoRecord:
    """A stored video of the creator that TikTok no longer has, posted just before `like`."""
    return replace(
        like,
        video_id=MISSING_VIDEO_ID,
        video_url=video_url(CREATOR, MISSING_VIDEO_ID),
        posted_at=like.posted_at - timedelta(minutes=1),
    )


def store(records: list[VideoRecord]) -> None:
    """The creator as a confirmed profile leaves it: monitored, with these videos."""
    monitored_creator(CREATOR, None, None)
    ingest_records(records)


def downloaded_path(video_id: str) -> Path:
    return Path(current_app.config["MEDIA_DIR"]) / "downloads" / f"{video_id}.mp4"


def forget_files(*video_ids: str) -> None:
    """MEDIA_DIR lives as long as the test session: start without files an earlier test wrote."""
    for video_id in video_ids:
        downloaded_path(video_id).unlink(missing_ok=True)


def watch_path(video_id: str) -> str:
    return video_card(db.session.scalar(select(Video).where(Video.video_id == video_id))).trend_path


def open_watch(page: Page, video_id: str) -> Locator:
    """The video's own dance-trends address; answers its creator row."""
    page.goto(watch_path(video_id))
    page.wait_for_selector("[data-island='dance-trends'][data-island-mounted='true']", state="attached")
    expect(page.frame_locator(".player-frame iframe").locator("#video-id")).to_have_text(video_id)
    row = page.locator(".feed-creator")
    expect(row.get_by_role("link", name=f"@{CREATOR}")).to_be_visible()
    return row


def open_creator(page: Page) -> Locator:
    """The creator's page; answers the sidebar's card."""
    page.goto(f"/user/{CREATOR}")
    page.wait_for_selector("[data-island='creator'][data-island-mounted='true']", state="attached")
    card = page.locator(".creator-card")
    expect(card.get_by_role("heading", name=f"@{CREATOR}")).to_be_visible()
    return card


def sign_in_as(page: Page, account) -> None:
    sign_in(page, account.email, DEFAULT_PASSWORD)
    expect(page.locator("[data-island='user-menu']")).to_be_attached()


RECORD_STATES = """(element) => {
  const state = () => [element.textContent, element.matches(":disabled")];
  const states = [[...state(), performance.now()]];
  window.__states = states;
  new MutationObserver(() => {
    const [text, disabled] = state();
    const [lastText, lastDisabled] = states[states.length - 1];
    if (text !== lastText || disabled !== lastDisabled) states.push([text, disabled, performance.now()]);
  }).observe(element, { subtree: true, childList: true, characterData: true, attributes: true });
}"""


def record_states(element: Locator) -> None:
    """Keep every (text, disabled) the element shows from now on, with the browser's time (ms) it began."""
    element.evaluate(RECORD_STATES)


def recorded_states(page: Page) -> list[tuple[str, bool, float]]:
    return [(text, disabled, at) for text, disabled, at in page.evaluate("window.__states")]


def shown_for(states: list[tuple[str, bool, float]], text: str) -> float:
    """How long (ms) the first state showing `text` lasted."""
    index = next(index for index, (shown, _, _) in enumerate(states) if text in shown)
    return states[index + 1][2] - states[index][2]


# The page's clock (installed before the page loads) is stopped before a job ends: from then on its timers fire only
# when the test moves it, so a busy machine cannot stretch how long a state is shown. The poll's answers still
# arrive in real time.
CLOCK_STOPS_AHEAD_MS = 2_000  # the page's time to stop at, ahead of its now: reaching it fires at most one poll
FLUSH_RENDERS = """() => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => resolve();
  channel.port2.postMessage(null);
})"""  # React renders in tasks it posts on a MessageChannel, which the page's clock does not hold


def stop_the_clock(page: Page) -> None:
    page.clock.pause_at((page.evaluate("Date.now()") + CLOCK_STOPS_AHEAD_MS) / 1_000)  # Python's time is in seconds


def poll_until(page: Page, every_ms: int, element: Locator, text: str) -> None:
    """Move the stopped clock one poll at a time until `element` shows `text`."""
    for _ in range(5):
        page.clock.run_for(every_ms)
        try:
            expect(element).to_contain_text(text, timeout=3_000)
            return
        except AssertionError:
            continue  # that poll's answer was not the last one yet
    expect(element).to_contain_text(text, timeout=1)


def shown_for_exactly(page: Page, element: Locator, text: str, ms: int) -> None:
    """`element` shows `text` for `ms` of the stopped clock, not a moment less or more."""
    page.clock.run_for(ms - 1)
    page.evaluate(FLUSH_RENDERS)
    expect(element).to_contain_text(text, timeout=1)
    page.clock.run_for(1)
    expect(element).not_to_contain_text(text)
    assert shown_for(recorded_states(page), text) == ms


def downloads_of(video_id: str) -> list[Download]:
    db.session.expire_all()
    return list(db.session.scalars(select(Download).where(Download.video_id == video_id).order_by(Download.id)))


# ---- the HD button -----------------------------------------------------------------------------------------


def test_the_hd_button_downloads_the_video_and_the_browser_saves_it(page: Page, admin, run_worker):
    record = fixture_records(1)[0]
    store([record])
    forget_files(record.video_id)
    page.clock.install()
    sign_in_as(page, admin)
    row = open_watch(page, record.video_id)
    hd = row.get_by_title("Download in HD")
    expect(hd).to_have_text("HD")
    expect(hd).to_be_enabled()
    record_states(hd)

    with page.expect_response(lambda response: "/api/download-tiktok" in response.url) as started:
        hd.click()
    assert started.value.status == 202
    expect(hd).to_have_text("Downloading...")
    expect(hd).to_be_disabled()
    [queued] = downloads_of(record.video_id)
    assert (queued.status, queued.username) == ("queued", CREATOR)
    assert not downloaded_path(record.video_id).exists()

    stop_the_clock(page)
    run_worker("downloads")
    with page.expect_download() as saved:
        poll_until(page, HD_POLL_MS, hd, "Downloaded!")
    download = saved.value
    assert download.url.endswith(f"/api/download-file?id={queued.id}")
    assert download.suggested_filename == f"{CREATOR}_{record.video_id}.mp4"
    assert Path(download.path()).read_bytes() == fake_mp4(record.video_id)

    [finished] = downloads_of(record.video_id)
    assert (finished.status, finished.file_name, finished.error) == ("finished", f"{record.video_id}.mp4", None)
    assert downloaded_path(record.video_id).read_bytes() == fake_mp4(record.video_id)
    shown_for_exactly(page, hd, "Downloaded!", HD_SUCCESS_MS)
    expect(hd).to_have_text("HD")
    expect(hd).to_be_enabled()
    assert [(text, disabled) for text, disabled, _ in recorded_states(page)] == [
        ("HD", False),
        ("Downloading...", True),
        ("Downloaded!", True),
        ("HD", False),
    ]
    assert page.url.endswith(watch_path(record.video_id))  # the file was saved, the page stayed


RESTRICTED = "restricted.fixture"  # a fixture profile whose videos TikTok will not show this server


@pytest.mark.parametrize(
    ("position", "said"),
    [
        (0, "This post is private. Nothing to do while it stays private, unless the site has a cookies file"),
        (1, "TikTok shows this post only to signed-in viewers. The site can read it with a cookies file"),
    ],
)
def test_the_hd_button_tells_why_tiktok_would_not_give_a_video(page: Page, admin, run_worker, position, said):
    listing = FixturesSource(TIKTOK_FIXTURES).list_profile(RESTRICTED, 2, 2)
    records = [record_from_info(entry) for entry in listing.entries]
    monitored_creator(RESTRICTED, None, None)
    ingest_records(records)
    video_id = records[position].video_id
    sign_in_as(page, admin)
    page.goto(watch_path(video_id))
    page.wait_for_selector("[data-island='dance-trends'][data-island-mounted='true']", state="attached")
    hd = page.locator(".feed-creator").get_by_title("Download in HD")
    hd.click()
    expect(hd).to_have_text("Downloading...")
    run_worker("downloads")
    expect(hd).to_have_text("Failed")
    expect(page.locator("#toast-region .toast")).to_contain_text(said)
    assert downloads_of(video_id)[0].error.startswith(said)


def test_the_hd_button_says_failed_when_tiktok_no_longer_has_the_video(page: Page, admin, run_worker):
    gone = missing_record(fixture_records(1)[0])
    store([gone])
    page.clock.install()
    sign_in_as(page, admin)
    hd = open_watch(page, gone.video_id).get_by_title("Download in HD")
    downloads: list[str] = []
    page.on("download", lambda download: downloads.append(download.url))
    record_states(hd)

    hd.click()
    expect(hd).to_have_text("Downloading...")
    stop_the_clock(page)
    run_worker("downloads")
    poll_until(page, HD_POLL_MS, hd, "Failed")
    [failed] = downloads_of(gone.video_id)
    assert (failed.status, failed.file_name) == ("failed", None)
    assert failed.error.startswith("TikTok says this video is not available")
    expect(page.locator("#toast-region .toast")).to_have_text(failed.error)  # the admin reads why

    shown_for_exactly(page, hd, "Failed", HD_FAILURE_MS)
    expect(hd).to_have_text("HD")
    expect(hd).to_be_enabled()
    assert [(text, disabled) for text, disabled, _ in recorded_states(page)] == [
        ("HD", False),
        ("Downloading...", True),
        ("Failed", True),
        ("HD", False),
    ]
    assert downloads == []


def test_only_admins_see_the_download_buttons_and_only_while_the_setting_is_on(page: Page, admin, user):
    record = fixture_records(1)[0]
    store([record])

    sign_in_as(page, user)
    row = open_watch(page, record.video_id)
    expect(row.get_by_role("button", name="Share")).to_be_visible()
    expect(row.get_by_title("Download in HD")).to_have_count(0)
    card = open_creator(page)
    expect(card.get_by_role("button", name="Follow")).to_be_visible()
    expect(card.get_by_role("button", name="Download All")).to_have_count(0)
    expect(card.get_by_role("button", name="Delete")).to_have_count(0)
    expect(page.locator(".feed-creator").get_by_title("Download in HD")).to_have_count(0)

    page.context.clear_cookies()
    player_settings.save_global({"showDownloadButtons": False}, admin.id)
    sign_in_as(page, admin)
    expect(page.get_by_role("link", name="Developer")).to_be_visible()
    row = open_watch(page, record.video_id)
    expect(row.get_by_role("button", name="Share")).to_be_visible()
    expect(row.get_by_title("Download in HD")).to_have_count(0)
    card = open_creator(page)
    expect(card.get_by_role("button", name="Delete")).to_be_visible()  # Delete does not follow the setting
    expect(card.get_by_role("button", name="Download All")).to_have_count(0)
    expect(page.get_by_role("status", name="Download progress")).to_have_count(0)


# ---- Download All and Delete on the creator's page ---------------------------------------------------------


@pytest.mark.parametrize("viewport", [(360, 800)], indirect=True, ids=["phone"])
def test_on_a_phone_the_admins_buttons_keep_their_words_on_one_line_in_vietnamese(page: Page, admin):
    """'Tải xuống tất cả' broke over two cramped lines in a button as wide as Delete's."""
    store(fixture_records(1))
    admin.language = "vi"
    db.session.commit()
    sign_in_as(page, admin)
    card = open_creator(page)
    for name in ("Tải xuống tất cả", "Xóa"):
        lines = card.get_by_role("button", name=name).evaluate(
            """button => {
                const range = document.createRange();
                range.selectNodeContents(button);
                return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
            }"""
        )
        assert lines == 1, name


def progress_text(panel: Locator, done: int, total: int, errors: int, skipped: int, status: str, pct: int) -> None:
    expect(panel.locator(".creator-download-count")).to_have_text(f"{done} / {total} videos")
    expect(panel.locator(".creator-download-facts")).to_have_text(f"Errors{errors}Skipped{skipped}")
    expect(panel.locator(".creator-download-status")).to_have_text(f"Status: {status} ({pct}%)")


def test_download_all_fetches_the_creators_videos_with_progress_that_then_clears(
    page: Page,
    admin,
    run_worker,
):
    records = fixture_records(3)
    gone = missing_record(records[-1])
    store([*records, gone])
    forget_files(*(r.video_id for r in records))
    already = records[1]  # downloaded before: skipped
    downloaded_path(already.video_id).parent.mkdir(parents=True, exist_ok=True)
    downloaded_path(already.video_id).write_bytes(fake_mp4(already.video_id))
    db.session.add(
        Download(video_id=already.video_id, username=CREATOR, status="finished", file_name=f"{already.video_id}.mp4")
    )
    db.session.commit()

    page.clock.install()
    sign_in_as(page, admin)
    card = open_creator(page)
    download_all = card.get_by_role("button", name="Download All")
    expect(download_all).to_be_enabled()
    panel = page.get_by_role("status", name="Download progress")
    expect(panel).to_have_count(0)

    with page.expect_response(lambda response: f"/api/download-user-videos/{CREATOR}" in response.url) as started:
        download_all.click()
    answer = started.value.json()
    assert (answer["totalVideos"], answer["skippedCount"]) == (4, 1)
    expect(download_all).to_be_disabled()
    progress_text(panel, done=1, total=4, errors=0, skipped=1, status="starting", pct=25)
    with page.expect_response(lambda response: "/api/download-progress/" in response.url) as polled:
        pass  # the first poll (2 s) of the job no worker has taken yet: the counts stay
    assert polled.value.json()["progress"]["status"] == "starting"
    progress_text(panel, done=1, total=4, errors=0, skipped=1, status="starting", pct=25)

    with page.expect_response(lambda response: f"/api/active-downloads/{CREATOR}" in response.url):
        open_creator(page)  # a reload resumes the download under way
    expect(download_all).to_be_disabled()
    progress_text(panel, done=1, total=4, errors=0, skipped=1, status="starting", pct=25)
    record_states(page.locator(".creator-admin"))

    stop_the_clock(page)
    run_worker("downloads")
    poll_until(page, DOWNLOAD_POLL_MS, panel, "Status: completed")
    progress_text(panel, done=3, total=4, errors=1, skipped=1, status="completed", pct=75)
    expect(panel.locator(".creator-download-reason")).to_have_text(  # why the one that failed did
        "TikTok says this video is not available: removed, or never there. Nothing to do: it stays out of the feeds."
    )
    expect(panel.locator(".creator-download-current")).to_have_count(0)
    expect(download_all).to_be_enabled()
    for record in records:
        assert downloaded_path(record.video_id).read_bytes() == fake_mp4(record.video_id)
    assert not downloaded_path(gone.video_id).exists()
    db.session.expire_all()
    jobs_downloads = select(Download.video_id, Download.status).where(Download.job_id.is_not(None))
    statuses = dict(db.session.execute(jobs_downloads).all())
    assert statuses == {records[0].video_id: "finished", records[2].video_id: "finished", gone.video_id: "failed"}
    assert len(downloads_of(already.video_id)) == 1  # not fetched again

    shown_for_exactly(page, page.locator(".creator-admin"), "Status: completed", DOWNLOAD_CLEAR_MS)
    expect(panel).to_have_count(0)
    assert recorded_states(page)[-1][0] == "Download AllDelete"
    expect(page.locator("#toast-region .toast")).to_have_count(0)  # the red toast is for failures only


def test_delete_waits_while_download_all_runs(page: Page, admin, run_worker):
    records = fixture_records(2)
    store(records)
    forget_files(*(r.video_id for r in records))
    sign_in_as(page, admin)
    card = open_creator(page)
    download_all, delete = card.get_by_role("button", name="Download All"), card.get_by_role("button", name="Delete")
    expect(delete).to_be_enabled()

    download_all.click()
    panel = page.get_by_role("status", name="Download progress")
    expect(panel.locator(".creator-download-status")).to_contain_text("starting")
    expect(download_all).to_be_disabled()
    expect(delete).to_be_disabled()
    open_creator(page)  # a download found running on opening the page holds Delete too
    expect(panel.locator(".creator-download-status")).to_contain_text("starting")
    expect(delete).to_be_disabled()

    run_worker("downloads")
    expect(panel.locator(".creator-download-status")).to_contain_text("completed")
    expect(delete).to_be_enabled()
    expect(download_all).to_be_enabled()


def test_delete_asks_first_then_removes_the_creator_and_its_videos(page: Page, admin):
    records = fixture_records(2)
    store(records)
    dialogs = Dialogs(page, False, True)
    sign_in_as(page, admin)
    card = open_creator(page)
    delete = card.get_by_role("button", name="Delete")

    delete.click()  # dismissed: nothing happens
    expect(delete).to_be_enabled()
    assert dialogs.messages == [DELETE_QUESTION]
    assert db.session.scalar(select(func.count(Video.id))) == 2

    with page.expect_response(lambda response: f"/api/tiktok/usernames/{CREATOR}" in response.url) as deleted:
        delete.click()
    assert deleted.value.status == 200  # its body is gone: the page has already moved on to /
    page.wait_for_url(re.compile(r"/$"))
    assert dialogs.messages == [DELETE_QUESTION, DELETE_QUESTION, f"@{CREATOR} has been deleted successfully!"]
    expect(page.locator("#sidebar .celebrities")).to_contain_text("No tracked usernames yet")  # the new page's count
    db.session.expire_all()
    assert db.session.scalar(select(Creator).where(Creator.username == CREATOR)) is None
    assert db.session.scalar(select(func.count(Video.id))) == 0

    page.goto(f"/user/{CREATOR}")
    expect(page.get_by_role("heading", name="Creator not found")).to_be_visible()

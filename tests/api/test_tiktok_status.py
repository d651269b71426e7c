"""The portal's TikTok status: yt-dlp and its setup, the last successes, blocks, and the daily canary."""

from datetime import date

import pytest

from app.jobs import ingest as ingest_jobs
from app.jobs import redis_connection
from app.services import profiles, tiktok_status
from app.services.tiktok_status import as_ytdlp_prints, warnings, ytdlp_release
from app.tiktok.source import BLOCK_ADVICE


@pytest.mark.parametrize(
    ("version", "released"),
    [
        ("2026.08.19", date(2026, 8, 19)),
        ("2026.10.26.1", date(2026, 10, 26)),
        ("2026.8.6", date(2026, 8, 6)),  # as the package's metadata writes it
        ("2026.8.19.1", date(2026, 8, 19)),
        ("nightly", None),
    ],
)
def test_yt_dlp_versions_are_release_dates(version, released):
    assert ytdlp_release(version) == released


@pytest.mark.parametrize(
    ("metadata_version", "shown"),
    [("2026.8.6", "2026.08.06"), ("2026.10.26", "2026.10.26"), ("2026.8.19.1", "2026.08.19.1"), ("nightly", "nightly")],
)
def test_the_version_is_shown_as_yt_dlp_prints_it(metadata_version, shown):
    assert as_ytdlp_prints(metadata_version) == shown


def test_an_old_yt_dlp_a_failed_canary_and_no_impersonation_are_warned_about():
    assert warnings(60, True, {"ok": True, "message": "Listed"}) == []
    said = warnings(61, False, {"ok": False, "message": "Listing @x failed: TikTok could not be reached."})
    assert said[0] == "The daily TikTok check failed: Listing @x failed: TikTok could not be reached."
    assert "is 61 days old" in said[1] and "make update-ytdlp" in said[1]
    assert said[2].startswith("Browser impersonation is not available")
    mismatched = warnings(1, True, None, ("0.16.3", "0.17.0"))
    assert mismatched == ["curl_cffi 0.16.3 is installed, but yt-dlp is built for 0.17.0. Run make update-ytdlp."]


@pytest.fixture
def no_block_known(app):
    """Blocks noted by earlier tests live in Redis: start from none."""
    redis = redis_connection()
    redis.delete(ingest_jobs.redis_key(ingest_jobs.BLOCKED_KEY), ingest_jobs.redis_key(ingest_jobs.LAST_BLOCKED_KEY))


def test_the_status_tells_the_setup_without_its_secrets(app, api, admin, monkeypatch, tmp_path, no_block_known):
    monkeypatch.setitem(app.config, "TIKTOK_COOKIES_FILE", str(tmp_path / "gone.txt"))
    monkeypatch.setitem(app.config, "TIKTOK_PROXY", "http://user:secret@10.0.0.9:3128")
    api.login(admin.email)
    status = api.get("/api/admin/tiktok-status").get_json()
    assert status["ytdlpVersion"] and status["ytdlpReleased"] and isinstance(status["ytdlpAgeDays"], int)
    assert status["curlCffiVersion"] == status["curlCffiPinned"] and status["impersonation"] is True
    assert (status["cookiesFile"], status["cookiesFileReadable"], status["proxy"]) == (True, False, True)
    assert "secret" not in str(status)
    assert status["canary"] is None and status["lastListing"] is None and status["lastBlocked"] is None


def test_a_block_is_shown_with_its_cause_and_the_back_off(app, api, admin, queues):
    ingest_jobs.note_blocked("rate-limited")
    api.login(admin.email)
    status = api.get("/api/admin/tiktok-status").get_json()
    assert status["lastBlockCause"] == "rate-limited" and status["lastBlocked"] and status["backoffUntil"]


def test_a_canary_of_a_blocked_profile_fails_with_its_reason(app, monkeypatch):
    monkeypatch.setitem(app.config, "TIKTOK_CANARY_PROFILE", "blocked.fixture")
    result = tiktok_status.run_canary()
    assert (result["ok"], result["blocked"], result["cause"]) == (False, True, "ip-blocked")
    assert result["message"] == "Listing @blocked.fixture failed: TikTok is blocking this server's address."
    assert result["advice"] == BLOCK_ADVICE


def test_without_a_profile_to_check_the_canary_says_so_and_warns_of_nothing(app):
    result = tiktok_status.run_canary()
    assert (result["ok"], result["message"]) == (
        None,
        "No profile to check: monitor a creator or set TIKTOK_CANARY_PROFILE.",
    )
    assert not any("daily TikTok check" in warning for warning in warnings(0, True, result))


@pytest.mark.jobs
def test_check_now_lists_the_first_monitored_creator_in_the_worker(api, admin, run_worker):
    profiles.monitored_creator("dnkhaii", None, None)
    api.login(admin.email)
    started = api.post("/api/admin/tiktok-status/canary")
    assert started.status_code == 202
    assert api.get("/api/admin/tiktok-status").get_json()["canary"]["status"] == "queued"
    run_worker("ingest")
    canary = api.get("/api/admin/tiktok-status").get_json()["canary"]
    assert (canary["jobId"], canary["status"], canary["ok"], canary["videos"]) == (
        started.get_json()["jobId"],
        "finished",
        True,
        5,
    )
    assert canary["message"] == "Listed the 5 newest videos of @dnkhaii."


def test_a_canary_that_finishes_blocked_while_the_status_is_read_shows_its_block(
    app, api, admin, monkeypatch, no_block_known
):
    """The worker notes the block, then finishes the job: a status that shows the finished canary shows the block
    too, however the two writes fall between the status's reads."""

    def finished_meanwhile():
        ingest_jobs.note_blocked("ip-blocked")  # the worker, between the status's reads
        return {"jobId": "j1", "status": "finished", "ok": False, "blocked": True, "cause": "ip-blocked", "error": None}

    monkeypatch.setattr(tiktok_status, "_latest_canary", finished_meanwhile)
    api.login(admin.email)
    status = api.get("/api/admin/tiktok-status").get_json()
    assert status["canary"]["status"] == "finished" and status["lastBlockCause"] == "ip-blocked"

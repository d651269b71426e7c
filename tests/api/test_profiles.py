"""The Add TikTok Profile calls: preview, extraction (queued), progress, confirmation, one video's metadata."""

import json
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from app.extensions import db
from app.jobs import LEFT_GRACE, get_queue, redis_connection, watched_key
from app.models import Creator, Job, JobKind, Video
from app.models.types import utcnow
from app.services import profiles
from app.services.ingest import ingest_records
from app.tiktok.fixtures import FixturesSource
from app.tiktok.mapping import record_from_info
from tests.conftest import TIKTOK_FIXTURES, ApiClient

BOT_DETECTION = (
    "Video extraction failed due to TikTok bot detection. "
    "The profile can still be added, and videos can be extracted later..."
)

CALLS = [
    ("POST", "/api/tiktok/preview-profile", {"username": "dnkhaii"}),
    ("POST", "/api/tiktok/extract-user-videos/dnkhaii", {}),
    ("GET", "/api/tiktok/extraction-progress/dnkhaii", None),
    ("POST", "/api/tiktok/extraction-progress/dnkhaii/left", None),
    ("POST", "/api/tiktok/confirm-profile", {"username": "dnkhaii", "videos": []}),
    ("POST", "/api/tiktok/videos/extract-metadata/7481154741926497543", {"username": "dnkhaii"}),
]


# Calls here queue real jobs (TestConfig reads TikTok from the shipped fixtures) that no worker runs.
pytestmark = pytest.mark.usefixtures("queues")


@pytest.fixture
def signed_in(api, user):
    api.login("dancer@example.com")
    return api


def finish_extraction(handle: str, max_videos: int = 10_000) -> Job:
    """An extraction job as a worker leaves it: its entries in the job's file, its result on the row."""
    job = Job(
        id=f"test-{handle.replace('.', '-')}", kind=JobKind.PROFILE_EXTRACTION, queue="ingest", target=handle.lower()
    )
    job.params, job.status = {"username": handle}, "running"
    db.session.add(job)
    db.session.commit()
    with profiles.extraction_writer(job.id) as write:
        state = profiles.run_extraction(handle, profiles.ListingOptions(max_videos, 50), write, lambda s: None)
    job.status, job.result, job.progress = "finished", profiles.preview_result(state), {"extractedVideos": state.found}
    db.session.commit()
    return job


@pytest.mark.parametrize(("method", "path", "body"), CALLS)
def test_visitors_cannot_add_profiles(api, method, path, body):
    response = api.request(method, path, body)
    assert response.status_code == 401
    assert response.get_json()["success"] is False


def test_preview_of_a_new_username(signed_in):
    body = signed_in.post("/api/tiktok/preview-profile", {"username": "  @dnkhaii "}).get_json()
    assert body["existing"] is False and body["success"] is True and body["username"] == "dnkhaii"


def test_preview_of_a_monitored_username(signed_in, catalog):
    body = signed_in.post("/api/tiktok/preview-profile", {"username": "ChueChuChe"}).get_json()
    assert body == {
        "existing": True,
        "success": False,
        "message": "This TikTok username already exists in the database",
        "username": "chuechuche",
    }


@pytest.mark.parametrize(
    ("username", "message"),
    [
        ("", "TikTok username is required"),
        ("   ", "TikTok username is required"),
        ("a", profiles.HANDLE_MESSAGE),
        ("has space", profiles.HANDLE_MESSAGE),
        ("x" * 25, profiles.HANDLE_MESSAGE),
        ("x" * 300, profiles.HANDLE_MESSAGE),  # the rule, not a count of characters
        ("https://www.tiktok.com/@" + "x" * 100, profiles.HANDLE_MESSAGE),
        ("ends.", profiles.HANDLE_MESSAGE),
        ("<script>", profiles.HANDLE_MESSAGE),
        (42, "TikTok username is not valid"),
    ],
)
def test_preview_refuses_bad_usernames(signed_in, username, message):
    response = signed_in.post("/api/tiktok/preview-profile", {"username": username})
    assert response.status_code == 400
    assert response.get_json()["errors"] == {"username": message}


def test_preview_needs_a_body(signed_in):
    assert signed_in.post("/api/tiktok/preview-profile").status_code == 400
    assert signed_in.post("/api/tiktok/preview-profile", {}).get_json()["errors"] == {
        "username": "TikTok username is required"
    }


def test_extraction_is_queued_once_per_profile(signed_in, user):
    started = signed_in.post(
        "/api/tiktok/extract-user-videos/@dnkhaii",
        {"maxVideos": 10000, "pageSize": 50, "includeMetadata": True, "saveToDatabase": False},
    )
    assert started.status_code == 202
    body = started.get_json()
    assert body == {
        "success": True,
        "message": "Finding the videos of @dnkhaii",
        "jobId": body["jobId"],
        "totalVideos": 0,
        "videos": [],
    }
    job = db.session.get(Job, body["jobId"])
    assert (job.queue, job.kind, job.target, job.created_by_id) == ("ingest", "extract-profile", "dnkhaii", user.id)
    assert job.params == {
        "username": "dnkhaii",
        "maxVideos": 10000,
        "pageSize": 50,
        "includeMetadata": True,
        "saveToDatabase": False,
    }
    again = signed_in.post("/api/tiktok/extract-user-videos/DNKHAII", {}).get_json()
    assert again["jobId"] == body["jobId"] and again["message"] == "Already finding the videos of @dnkhaii"
    assert get_queue("ingest").count == 1


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/api/tiktok/extract-user-videos/a", {}, "username"),
        ("/api/tiktok/extract-user-videos/bad%20name", {}, "username"),
        ("/api/tiktok/extract-user-videos/dnkhaii", {"maxVideos": 10001}, "maxVideos"),
        ("/api/tiktok/extract-user-videos/dnkhaii", {"maxVideos": 0}, "maxVideos"),
        ("/api/tiktok/extract-user-videos/dnkhaii", {"pageSize": 51}, "pageSize"),
        ("/api/tiktok/extract-user-videos/dnkhaii", {"pageSize": "many"}, "pageSize"),
        ("/api/tiktok/extract-user-videos/dnkhaii", {"includeMetadata": "maybe"}, "includeMetadata"),
    ],
)
def test_extraction_refuses_bad_input(signed_in, path, body, field):
    response = signed_in.post(path, body)
    assert response.status_code == 400
    assert field in response.get_json()["errors"]
    assert get_queue("ingest").count == 0


def test_a_screen_that_leaves_gives_its_search_seconds_and_a_poll_keeps_it(signed_in, make_user, app):
    assert signed_in.post("/api/tiktok/extraction-progress/dnkhaii/left").status_code == 404
    job_id = signed_in.post("/api/tiktok/extract-user-videos/dnkhaii", {}).get_json()["jobId"]
    redis = redis_connection()
    assert redis.ttl(watched_key(job_id)) > LEFT_GRACE.total_seconds()  # started: watched for UNWATCHED_AFTER

    other = ApiClient(app.test_client())
    make_user("stranger")
    other.login("stranger@example.com")
    assert other.post("/api/tiktok/extraction-progress/dnkhaii/left", csrf=False).status_code in (400, 403)
    assert other.post("/api/tiktok/extraction-progress/dnkhaii/left").status_code == 200
    assert redis.ttl(watched_key(job_id)) > LEFT_GRACE.total_seconds()  # not the screen of the one who started it

    left = signed_in.post("/api/tiktok/extraction-progress/dnkhaii/left")
    assert left.status_code == 200 and left.get_json()["success"] is True
    assert 0 < redis.ttl(watched_key(job_id)) <= LEFT_GRACE.total_seconds()
    signed_in.get("/api/tiktok/extraction-progress/dnkhaii")  # the screen reloaded and asks again
    assert redis.ttl(watched_key(job_id)) > LEFT_GRACE.total_seconds()


def test_progress_while_queued_then_the_finished_result(signed_in):
    assert signed_in.get("/api/tiktok/extraction-progress/dnkhaii").status_code == 404
    signed_in.post("/api/tiktok/extract-user-videos/dnkhaii", {})
    waiting = signed_in.get("/api/tiktok/extraction-progress/dnkhaii").get_json()
    assert waiting["isComplete"] is False and waiting["status"] == "queued"
    # Not yet taken up by a worker: it says so, rather than that it is finding videos; and says how many go first.
    assert waiting["step"] == "Waiting for a background worker to start the search..." and waiting["result"] is None
    signed_in.post("/api/tiktok/extract-user-videos/timmytimmadome", {})
    behind = signed_in.get("/api/tiktok/extraction-progress/timmytimmadome").get_json()
    assert behind["step"] == "Waiting for other searches to finish... (1 ahead)"
    db.session.get(Job, waiting["jobId"]).status = "running"
    db.session.commit()
    started = signed_in.get("/api/tiktok/extraction-progress/dnkhaii").get_json()
    assert started["status"] == "running" and started["step"] == "Finding videos... (0 found so far)"
    pausing_until = (utcnow() + timedelta(seconds=19.5)).isoformat()
    db.session.get(Job, waiting["jobId"]).progress = {"extractedVideos": 0, "retries": 1, "retryAt": pausing_until}
    db.session.commit()
    pausing = signed_in.get("/api/tiktok/extraction-progress/dnkhaii").get_json()
    assert pausing["step"] == (
        "Finding videos... (0 found so far). TikTok did not answer: trying again in 20 s (attempt 2 of 4)..."
    )
    db.session.get(Job, waiting["jobId"]).progress = {
        "extractedVideos": 0,
        "retries": 1,
        "retryAt": utcnow().isoformat(),
    }
    db.session.commit()
    retrying = signed_in.get("/api/tiktok/extraction-progress/dnkhaii").get_json()
    assert retrying["step"] == (
        "Finding videos... (0 found so far). TikTok did not answer: trying again (attempt 2 of 4)..."
    )

    db.session.delete(db.session.get(Job, waiting["jobId"]))
    job = finish_extraction("dnkhaii")
    done = signed_in.get("/api/tiktok/extraction-progress/dnkhaii").get_json()
    assert done["jobId"] == job.id
    assert (done["isComplete"], done["status"], done["step"]) == (True, "completed", "Extraction completed!")
    assert (done["extractedVideos"], done["totalVideos"]) == (17, 17)
    result = done["result"]
    assert set(result) == {
        "success",
        "username",
        "displayName",
        "message",
        "videosExtracted",
        "videosProcessed",
        "videos",
        "suggestion",
        "secUid",
        "failureCause",
        "details",
        "videoExtractionFailed",
        "botDetected",
    }
    assert (result["success"], result["videosExtracted"], result["videosProcessed"]) == (True, 17, 17)
    first = result["videos"][0]
    assert first == {
        "videoId": first["videoId"],
        "url": f"https://www.tiktok.com/@dnkhaii/video/{first['videoId']}",
        "valid": True,
    }


def test_a_blocked_extraction_reads_as_failed_with_the_spec_note(signed_in):
    finish_extraction("blocked.fixture")
    done = signed_in.get("/api/tiktok/extraction-progress/blocked.fixture").get_json()
    assert (done["status"], done["step"]) == ("failed", "Extraction failed")
    result = done["result"]
    assert (result["success"], result["videoExtractionFailed"], result["message"]) == (False, True, BOT_DETECTION)
    assert result["videos"] == [] and result["suggestion"] and result["botDetected"] is True


def test_a_private_profile_fails_without_blaming_bot_detection(signed_in, admin):
    finish_extraction("private.fixture")
    result = signed_in.get("/api/tiktok/extraction-progress/private.fixture").get_json()["result"]
    assert (result["success"], result["videoExtractionFailed"], result["botDetected"]) == (False, True, False)
    assert (
        result["message"]
        == "Could not list the videos of @private.fixture: This account is private, or all of its videos are."
    )
    assert result["suggestion"] == "Only public videos can be listed.", "the server's cookies file is for admins"
    assert result["failureCause"] == "private-account"
    assert result["details"] is None, "yt-dlp's own words (hosts, paths, the server's network) are for admins"
    signed_in.login(admin.email)
    result = signed_in.get("/api/tiktok/extraction-progress/private.fixture").get_json()["result"]
    assert "TIKTOK_COOKIES_FILE" in result["suggestion"]
    assert result["details"].startswith("ERROR: [tiktok:user] private.fixture: This user's account is private")


@pytest.mark.parametrize(
    ("username", "suggestion"),
    [
        ("unreachable.fixture", "Try again in a few minutes."),
        ("blocked.fixture", "Try again in a few hours."),
        ("changed.fixture", "Try again later."),
        ("nobody.fixture", "Check the username, or try again later."),
    ],
)
def test_a_failure_suggests_to_a_user_what_a_user_can_do(signed_in, admin, username, suggestion):
    finish_extraction(username)
    said = signed_in.get(f"/api/tiktok/extraction-progress/{username}").get_json()["result"]["suggestion"]
    assert said == suggestion
    signed_in.login(admin.email)
    told_admin = signed_in.get(f"/api/tiktok/extraction-progress/{username}").get_json()["result"]["suggestion"]
    assert told_admin != suggestion, "the admin is told what to change on the server"


def test_a_running_job_without_a_heartbeat_for_long_is_failed(signed_in):
    job = Job(id="silent-job", kind=JobKind.PROFILE_EXTRACTION, queue="ingest", target="dnkhaii", status="running")
    job.params, job.progress = {"username": "dnkhaii"}, {"extractedVideos": 50}
    job.started_at = job.heartbeat_at = utcnow() - timedelta(hours=1)
    db.session.add(job)
    db.session.commit()
    body = signed_in.get("/api/tiktok/extraction-progress/dnkhaii").get_json()
    assert (body["isComplete"], body["status"], body["step"]) == (True, "failed", "Extraction failed")
    assert body["result"]["success"] is False and body["result"]["videosExtracted"] == 50
    assert db.session.get(Job, "silent-job").status == "failed"


def test_confirm_adds_the_profile_and_its_videos_once(signed_in, user):
    finish_extraction("dnkhaii")
    chosen = signed_in.get("/api/tiktok/extraction-progress/dnkhaii").get_json()["result"]["videos"]
    first = signed_in.post(
        "/api/tiktok/confirm-profile", {"username": "dnkhaii", "displayName": "DK", "videos": chosen}
    )
    body = first.get_json()
    assert body["success"] is True and body["videosAdded"] == 17
    assert body["message"] == "@dnkhaii has been added with 17 new videos"
    assert body["danceTrendsUpdate"].startswith("Dance trends updated")
    creator = db.session.scalar(select(Creator).where(Creator.username == "dnkhaii"))
    assert (creator.is_active, creator.display_name, creator.added_by_id, creator.video_count) == (
        True,
        "DK",
        user.id,
        17,
    )
    listed = json.loads((TIKTOK_FIXTURES / "dnkhaii.json").read_text())["id"]
    assert creator.sec_uid == listed, "the secUid the listing found is kept for later listings"

    again = signed_in.post("/api/tiktok/confirm-profile", {"username": "dnkhaii", "videos": chosen}).get_json()
    assert (again["videosAdded"], again["videosUpdated"]) == (0, 17)
    assert db.session.scalar(select(func.count(Video.id))) == 17
    assert signed_in.post("/api/tiktok/preview-profile", {"username": "dnkhaii"}).get_json()["existing"] is True


def test_confirm_takes_only_the_chosen_ids_and_never_the_clients_metadata(signed_in):
    job = finish_extraction("dnkhaii")
    stored = list(profiles.read_extraction(job.id))
    chosen = [
        {"videoId": stored[0]["id"], "title": "Injected title", "username": "someone_else", "viewCount": 10**12},
        stored[1]["id"],
        "7000000000000000001",
        {"videoId": "../../etc"},
    ]
    body = signed_in.post("/api/tiktok/confirm-profile", {"username": "dnkhaii", "videos": chosen}).get_json()
    assert body["videosAdded"] == 2
    video = db.session.scalar(select(Video).where(Video.video_id == stored[0]["id"]))
    assert video.title == record_from_info(stored[0]).title and video.view_count == stored[0]["view_count"]
    assert video.creator.username == "dnkhaii"


def test_confirm_without_videos_still_monitors_the_profile(signed_in):
    finish_extraction("blocked.fixture")
    body = signed_in.post("/api/tiktok/confirm-profile", {"username": "blocked.fixture", "videos": []}).get_json()
    assert body["videosAdded"] == 0 and body["danceTrendsUpdate"] is None
    assert db.session.scalar(select(Creator).where(Creator.username == "blocked.fixture")).is_active


def test_confirm_refuses_a_username_nobody_extracted(signed_in):
    response = signed_in.post("/api/tiktok/confirm-profile", {"username": "made_up_star", "videos": []})
    assert response.status_code == 409
    assert response.get_json()["message"] == "Find the videos of @made_up_star before adding the profile"
    assert db.session.scalar(select(func.count(Creator.id))) == 0
    assert signed_in.get("/api/tiktok/usernames").get_json()["usernames"] == []


def test_confirm_refuses_an_extraction_still_running(signed_in):
    job = Job(id="running-job", kind=JobKind.PROFILE_EXTRACTION, queue="ingest", target="dnkhaii", status="running")
    job.params, job.heartbeat_at = {"username": "dnkhaii"}, utcnow()
    db.session.add(job)
    db.session.commit()
    response = signed_in.post("/api/tiktok/confirm-profile", {"username": "dnkhaii", "videos": []})
    assert response.status_code == 409
    assert db.session.scalar(select(func.count(Creator.id))) == 0


def test_confirm_refuses_a_profile_whose_extraction_found_it_missing_or_private(signed_in):
    finish_extraction("private.fixture")
    response = signed_in.post("/api/tiktok/confirm-profile", {"username": "private.fixture", "videos": []})
    assert response.status_code == 409
    assert response.get_json()["message"].startswith("Could not list the videos of @private.fixture")
    assert db.session.scalar(select(func.count(Creator.id))) == 0


@pytest.mark.parametrize(
    "body",
    [
        {"videos": []},
        {"username": "x", "videos": []},
        {"username": "dnkhaii", "videos": "all"},
        {"username": "dnkhaii", "videos": [{"id": 1}]},
        {"username": "dnkhaii", "displayName": "d" * 201},
    ],
)
def test_confirm_refuses_bad_input(signed_in, body):
    assert signed_in.post("/api/tiktok/confirm-profile", body).status_code == 400
    assert db.session.scalar(select(func.count(Creator.id))) == 0


SOUND_ENTRY = {
    "id": "7481154741926497543",
    "uploader": "steady.dancer",
    "title": "A caption",
    "description": "A caption #dance",
    "duration": 15,
    "view_count": 44800,
    "track": "Element",
    "artists": ["Pop Smoke"],
}


def test_a_listing_with_hostile_entries_adds_only_its_sound_videos(app, signed_in, monkeypatch, tmp_path):
    good = [{**SOUND_ENTRY, "id": f"74811547419{n:08d}", "uploader": "steady.dancer"} for n in range(3)]
    hostile = [
        {**good[0], "id": "7" * 29},
        {**good[0], "id": "7481154741900000100", "view_count": 1e308},
        {**good[0], "id": "7481154741900000101", "description": "NUL\x00"},
        {**good[0], "id": "7481154741900000102", "duration": 2**40},
        {**good[0], "id": "7481154741900000103", "title": "t" * 400, "description": ""},
        {**good[0], "id": "7481154741900000104", "channel": "c" * 201},
    ]
    listing = {"_type": "playlist", "id": None, "title": "steady.dancer", "entries": hostile + good}
    (tmp_path / "steady.dancer.json").write_text(json.dumps(listing), encoding="utf-8")
    monkeypatch.setitem(app.config, "TIKTOK_FIXTURES_DIR", str(tmp_path))

    job = finish_extraction("steady.dancer")
    assert (job.result["videosExtracted"], job.result["videosProcessed"]) == (9, 3)
    body = signed_in.post("/api/tiktok/confirm-profile", {"username": "steady.dancer"}).get_json()
    assert body["videosAdded"] == 3
    assert sorted(db.session.scalars(select(Video.video_id))) == [entry["id"] for entry in good]


@pytest.mark.parametrize(
    ("title", "channel"), [('"><svg onload=alert(1)>', "NUL\x00"), ("../../api/auth/me", "c" * 201), ("", ["a list"])]
)
def test_a_listing_that_names_its_profile_oddly_keeps_the_handle_asked_for(
    app, signed_in, monkeypatch, tmp_path, title, channel
):
    entries = [{**SOUND_ENTRY, "uploader": "steady.dancer"}]
    listing = {"_type": "playlist", "id": None, "title": title, "channel": channel, "entries": entries}
    (tmp_path / "steady.dancer.json").write_text(json.dumps(listing), encoding="utf-8")
    monkeypatch.setitem(app.config, "TIKTOK_FIXTURES_DIR", str(tmp_path))

    job = finish_extraction("steady.dancer")
    assert (job.result["username"], job.result["displayName"]) == ("steady.dancer", None)
    body = signed_in.post("/api/tiktok/confirm-profile", {"username": "steady.dancer"}).get_json()
    assert body["videosAdded"] == 1
    assert [(c.username, c.display_name) for c in db.session.scalars(select(Creator))] == [("steady.dancer", None)]


@pytest.fixture
def stored_fixture_video():
    source = FixturesSource(TIKTOK_FIXTURES)
    entry = next(iter(source.list_profile("timmytimmadome", 1, 1).entries))
    ingest_records([record_from_info(entry)])
    video = db.session.scalar(select(Video).where(Video.video_id == entry["id"]))
    video.title, video.view_count, video.track = "stale", 1, None
    db.session.commit()
    return entry


def test_extract_metadata_merges_fresh_metadata_into_the_stored_video(signed_in, stored_fixture_video):
    entry = stored_fixture_video
    response = signed_in.post(f"/api/tiktok/videos/extract-metadata/{entry['id']}", {"username": "anyone"})
    body = response.get_json()
    assert body["success"] is True and body["videoId"] == entry["id"]
    metadata = body["metadata"]
    assert (metadata["title"], metadata["viewCount"], metadata["track"]) == (
        entry["title"],
        entry["view_count"],
        entry["track"],
    )
    assert metadata["metadataExtractedAt"]
    db.session.expire_all()
    assert db.session.scalar(select(Video).where(Video.video_id == entry["id"])).title == entry["title"]


def test_metadata_read_within_the_hour_is_answered_without_asking_tiktok(signed_in, stored_fixture_video, monkeypatch):
    url = f"/api/tiktok/videos/extract-metadata/{stored_fixture_video['id']}"
    asked = []
    fetch = profiles.fetch_record
    monkeypatch.setattr(profiles, "fetch_record", lambda *args, **kwargs: asked.append(args) or fetch(*args, **kwargs))
    first = signed_in.post(url, {"username": "anyone"}).get_json()
    again = signed_in.post(url, {"username": "anyone"}).get_json()
    assert len(asked) == 1 and again["metadata"] == first["metadata"]

    video = db.session.scalar(select(Video).where(Video.video_id == stored_fixture_video["id"]))
    video.metadata_extracted_at = utcnow() - timedelta(hours=2)
    db.session.commit()
    signed_in.post(url, {"username": "anyone"})
    assert len(asked) == 2


def test_extract_metadata_is_rate_limited(app, signed_in, stored_fixture_video):
    usual = app.config["METADATA_RATE_LIMIT"]
    app.config["METADATA_RATE_LIMIT"] = "2 per minute"
    url = f"/api/tiktok/videos/extract-metadata/{stored_fixture_video['id']}"
    try:
        statuses = [signed_in.post(url, {"username": "anyone"}).status_code for _ in range(3)]
    finally:
        app.config["METADATA_RATE_LIMIT"] = usual
    assert statuses == [200, 200, 429]


def test_extract_metadata_of_unknown_blocked_or_bad_videos(signed_in, catalog, admin):
    missing = signed_in.post("/api/tiktok/videos/extract-metadata/7000000000000000001", {"username": "dnkhaii"})
    assert missing.status_code == 404
    not_on_tiktok = signed_in.post("/api/tiktok/videos/extract-metadata/7481154741926497543", {"username": "x_y"})
    assert not_on_tiktok.status_code == 404
    said = not_on_tiktok.get_json()
    assert said["message"].startswith("TikTok did not give this profile's id") and said["errors"]["videoId"]
    assert (said["failureCause"], said.get("details")) == ("no-profile-id", None)
    assert said["message"].endswith("Check the username, or try again later."), "updating yt-dlp is for admins"
    signed_in.login(admin.email)
    said = signed_in.post("/api/tiktok/videos/extract-metadata/7481154741926497543", {"username": "x_y"}).get_json()
    assert (said["failureCause"], said["details"]) == ("no-profile-id", "Unable to extract secondary user ID")
    assert "update yt-dlp" in said["message"]
    assert signed_in.post("/api/tiktok/videos/extract-metadata/abc", {"username": "dnkhaii"}).status_code == 404
    assert signed_in.post("/api/tiktok/videos/extract-metadata/7481154741926497543", {}).status_code == 400

    video = db.session.scalar(select(Video).where(Video.video_id == "7481154741926497543"))
    video.creator.username = "blocked.fixture"
    db.session.commit()
    blocked = signed_in.post("/api/tiktok/videos/extract-metadata/7481154741926497543", {"username": "x_y"})
    assert blocked.status_code == 503 and blocked.get_json()["message"].startswith("TikTok is blocking this server")

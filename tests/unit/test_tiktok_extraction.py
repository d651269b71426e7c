"""Extracting a profile's videos with a scripted source: retries, bot detection, and what is kept."""

import json
from pathlib import Path

import pytest

from app.services import profiles
from app.tiktok import source as tiktok

ENTRIES = json.loads((Path(__file__).parents[1] / "fixtures" / "tiktok" / "dnkhaii.json").read_text())["entries"]


class ScriptedSource:
    """Lists ENTRIES; each listing may fail after some entries with a given error."""

    def __init__(self, failures: list[tuple[int, Exception]], entries: list[dict]):
        self.failures, self.entries = list(failures), entries
        self.listings = 0

    def list_profile(self, username, max_videos, page_size, progress=None):
        self.listings += 1
        failure = self.failures.pop(0) if self.failures else None
        return tiktok.ProfileListing(
            username, None, "sec", tiktok.paged(self._entries(failure), max_videos, page_size, progress)
        )

    def _entries(self, failure):
        for position, entry in enumerate(self.entries):
            if failure and position == failure[0]:
                raise failure[1]
            yield dict(entry, thumbnails=[{"url": "https://p16-sign.tiktokcdn.com/x.jpeg"}])


@pytest.fixture
def scripted(monkeypatch):
    def use(*failures, entries=ENTRIES):
        source = ScriptedSource(list(failures), entries)
        monkeypatch.setattr(tiktok, "get_source", lambda: source)
        return source

    return use


def extract(max_videos=100, page_size=5, include_metadata=True, wanted=lambda: True):
    written, reports, pauses = [], [], []
    options = profiles.ListingOptions(max_videos, page_size, include_metadata)
    state = profiles.run_extraction(
        "dnkhaii", options, written.append, lambda s: reports.append(s.found), wanted=wanted, sleep=pauses.append
    )
    return state, written, reports, pauses


def test_a_listing_is_written_entry_by_entry_with_progress_per_page(scripted):
    scripted()
    state, written, reports, _ = extract()
    assert [e["id"] for e in written] == [e["id"] for e in ENTRIES]
    assert reports == [5, 10, 15, 17, 17]
    assert all("thumbnails" not in e and "http_headers" not in e for e in written)
    result = profiles.preview_result(state)
    assert result == {
        "success": True,
        "username": "dnkhaii",
        "displayName": None,
        "message": "Found 17 videos for @dnkhaii",
        "videosExtracted": 17,
        "videosProcessed": 17,
        "suggestion": None,
        "videoExtractionFailed": False,
        "botDetected": False,
        "secUid": None,
        "failureCause": None,
        "details": None,
    }


def test_network_failures_are_retried_without_storing_anything_twice(scripted):
    source = scripted((6, tiktok.NetworkError("timed out")), (0, tiktok.NetworkError("timed out")))
    state, written, reports, pauses = extract()
    # The pauses of 5 s and 20 s are slept a second at a time, so a search nobody waits for stops within one.
    assert source.listings == 3 and pauses == [1] * 25 and state.retries == 2
    assert reports == [5, 6, 6, 6, 10, 15, 17, 17]  # each retry is reported (the screen says TikTok did not answer)
    assert len(written) == len({e["id"] for e in written}) == 17
    assert state.error is None


def test_a_search_nobody_waits_for_stops_during_its_pause_before_a_retry(scripted):
    source = scripted(*[(0, tiktok.NetworkError("timed out"))] * 4)
    asked = []

    def wanted():
        asked.append(True)
        return len(asked) <= 3  # the screen closed three seconds into the first pause

    state, written, _, pauses = extract(wanted=wanted)
    assert source.listings == 1 and pauses == [1, 1] and written == []
    result = profiles.preview_result(state)
    assert (result["success"], result["failureCause"]) == (False, "abandoned")
    assert result["message"] == (
        "Could not list the videos of @dnkhaii: The search stopped, as nobody was waiting for its result any more."
    )


def test_a_search_nobody_waits_for_stops_at_its_next_page_or_before_it_starts(scripted):
    source = scripted()
    pages = iter([True, True, False])
    state, written, reports, _ = extract(wanted=lambda: next(pages))
    assert len(written) == 10 and reports == [5, 10] and state.error.key == "abandoned"
    state, written, _, _ = extract(wanted=lambda: False)
    assert source.listings == 1 and written == [] and state.error.key == "abandoned"


def test_bot_detection_stops_and_keeps_what_was_found(scripted):
    scripted((8, tiktok.Blocked("Your IP address is blocked from accessing this post")))
    state, written, _, pauses = extract()
    assert len(written) == 8 and pauses == []
    result = profiles.preview_result(state)
    assert result["success"] is False and result["videoExtractionFailed"] is True
    assert result["message"] == (
        "Video extraction failed due to TikTok bot detection. "
        "The profile can still be added, and videos can be extracted later..."
    )
    assert result["suggestion"] and (result["videosExtracted"], result["videosProcessed"]) == (8, 8)


def test_a_private_profile_says_why(scripted):
    scripted((0, tiktok.classify("ERROR: [tiktok:user] dnkhaii: This user's account is private")))
    result = profiles.preview_result(extract()[0])
    assert result["message"] == (
        "Could not list the videos of @dnkhaii: This account is private, or all of its videos are."
    )
    assert result["details"] == "ERROR: [tiktok:user] dnkhaii: This user's account is private"
    assert result["videoExtractionFailed"] is True and result["videosExtracted"] == 0


def test_network_failures_that_last_are_reported(scripted):
    scripted(*[(0, tiktok.classify("ERROR: [tiktok:user] dnkhaii: Unable to download webpage: timed out"))] * 4)
    result = profiles.preview_result(extract()[0])
    assert result["message"] == "Could not list the videos of @dnkhaii: TikTok could not be reached."
    assert result["suggestion"].startswith("Check this server's connection") and result["failureCause"] == "network"


def test_invalid_ids_and_other_creators_are_found_but_not_kept(scripted):
    scripted(entries=[dict(ENTRIES[0], id="12345"), dict(ENTRIES[1], uploader="someone_else"), *ENTRIES[2:]])
    state, written, _, _ = extract()
    assert (state.found, state.valid, len(written)) == (17, 15, 15)


def test_max_videos_and_ids_only(scripted):
    scripted()
    _, written, _, _ = extract(max_videos=4, include_metadata=False)
    assert len(written) == 4
    assert set(written[0]) <= {"id", "uploader", "uploader_id", "channel"}

"""The fixtures source: the shipped profile files, read through the same interface as yt-dlp's."""

import json

import pytest

from app.tiktok.fixtures import FixturesSource, fake_mp4
from app.tiktok.mapping import record_from_info
from app.tiktok.source import Blocked, NotFound, SourceError, get_source
from tests.conftest import TIKTOK_FIXTURES


@pytest.fixture
def source():
    return FixturesSource(TIKTOK_FIXTURES)


def test_every_shipped_profile_is_a_flat_playlist_with_valid_entries():
    profiles = sorted(TIKTOK_FIXTURES.glob("*.json"))
    assert len(profiles) >= 5
    for path in profiles:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["_type"] == "playlist" and data["title"] == path.stem
        for entry in data["entries"]:
            assert entry["_type"] == "url" and entry["ie_key"] == "TikTok"
            assert record_from_info(entry).username == path.stem


def test_a_big_profile_is_listed_page_by_page(source):
    pages = []
    listing = source.list_profile("Sampler.Fixture", max_videos=1000, page_size=20, progress=pages.append)
    entries = list(listing.entries)
    assert len(entries) == 75 and pages == [20, 40, 60, 75]
    assert [int(e["id"]) for e in entries] == sorted((int(e["id"]) for e in entries), reverse=True)  # newest first


def test_max_videos_caps_the_listing(source):
    listing = source.list_profile("timmytimmadome", max_videos=5, page_size=50)
    assert len(list(listing.entries)) == 5
    assert listing.username == "timmytimmadome"


def test_markers_raise_what_yt_dlp_would(source):
    with pytest.raises(Blocked, match="Your IP address is blocked"):
        source.list_profile("blocked.fixture", 10, 10)
    with pytest.raises(NotFound, match=r"^This user's account is private$"):
        source.list_profile("private.fixture", 10, 10)
    with pytest.raises(NotFound):
        source.list_profile("nobody_here", 10, 10)
    with pytest.raises(NotFound):
        source.list_profile("../private.fixture", 10, 10)


def test_one_video_and_its_download(source, tmp_path):
    entry = json.loads((TIKTOK_FIXTURES / "dnkhaii.json").read_text(encoding="utf-8"))["entries"][3]
    info = source.video_metadata(entry["id"], "dnkhaii")
    assert info["id"] == entry["id"] and "_type" not in info and "ie_key" not in info
    assert source.video_metadata(entry["id"], "_") == info  # found without the handle too
    updates = []
    path = source.download(entry["id"], "_", tmp_path, updates.append)
    assert path == tmp_path / f"{entry['id']}.mp4"
    assert path.read_bytes() == fake_mp4(entry["id"])
    assert path.read_bytes().startswith(b"\x00\x00\x00\x18ftypmp42")
    assert [u["status"] for u in updates][-1] == "finished"
    assert updates[-1]["downloaded_bytes"] == updates[-1]["total_bytes"] == path.stat().st_size
    assert updates[0]["info_dict"]["uploader"] == "dnkhaii"
    assert not list(tmp_path.glob("*.part"))


def test_an_unknown_video_is_not_found(source, tmp_path):
    with pytest.raises(NotFound):
        source.download("7000000000000000001", "dnkhaii", tmp_path, lambda _: None)
    with pytest.raises(NotFound):
        source.video_metadata("7000000000000000001", "_")


def test_the_configuration_picks_the_source(app, monkeypatch):
    monkeypatch.setitem(app.config, "TIKTOK_SOURCE", "fixtures")
    monkeypatch.setitem(app.config, "TIKTOK_FIXTURES_DIR", str(TIKTOK_FIXTURES))
    assert isinstance(get_source(), FixturesSource)
    monkeypatch.setitem(app.config, "TIKTOK_SOURCE", "ytdlp")
    assert type(get_source()).__name__ == "YtDlpSource"
    monkeypatch.setitem(app.config, "TIKTOK_SOURCE", "other")
    with pytest.raises(RuntimeError):
        get_source()


def test_a_call_a_web_request_waits_on_gives_up_sooner(app, monkeypatch):
    monkeypatch.setitem(app.config, "TIKTOK_SOURCE", "ytdlp")
    monkeypatch.setitem(app.config, "TIKTOK_SOCKET_TIMEOUT", 30)
    monkeypatch.setitem(app.config, "TIKTOK_REQUEST_TIMEOUT", 10)
    patient, quick = get_source().options(), get_source(within_request=True).options()
    assert (patient["socket_timeout"], patient["extractor_retries"]) == (30, 3)
    assert (quick["socket_timeout"], quick["extractor_retries"]) == (10, 0)
    assert (get_source().settings.listing_retries, get_source(within_request=True).settings.listing_retries) == (10, 0)


def test_the_settings_reach_the_yt_dlp_source_and_a_missing_cookies_file_is_named(app, monkeypatch, tmp_path):
    cookies = tmp_path / "cookies.txt"
    cookies.write_text("# Netscape HTTP Cookie File\n")
    for name, value in (
        ("TIKTOK_SOURCE", "ytdlp"),
        ("TIKTOK_COOKIES_FILE", str(cookies)),
        ("TIKTOK_PROXY", "http://10.0.0.9:3128"),
        ("TIKTOK_SLEEP_REQUESTS", 1.5),
    ):
        monkeypatch.setitem(app.config, name, value)
    options = get_source().options()
    assert (options["cookiefile"], options["proxy"], options["sleep_interval_requests"]) == (
        str(cookies),
        "http://10.0.0.9:3128",
        1.5,
    )
    cookies.unlink()
    with pytest.raises(SourceError, match="TIKTOK_COOKIES_FILE names no file"):
        get_source()

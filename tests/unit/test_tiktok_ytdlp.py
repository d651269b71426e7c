"""The yt-dlp source against a fake YoutubeDL that follows yt-dlp's interface (TikTok cannot be reached from here),
plus the real YoutubeDL where no network is needed: which extractors load and what file names it builds."""

import json
import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path
from typing import ClassVar

import pytest
from yt_dlp import YoutubeDL
from yt_dlp.utils import DownloadError, ExtractorError

from app.config import PROJECT_ROOT
from app.services.tiktok_status import pinned_curl_cffi
from app.tiktok import ytdlp
from app.tiktok.source import Blocked, NetworkError, NotFound, SourceError
from app.tiktok.ytdlp import YtDlpSettings, YtDlpSource
from tests.unit.test_tiktok_errors import OFFLINE_FAILURE, OFFLINE_WARNING

PROFILE = json.loads((Path(__file__).parents[1] / "fixtures" / "tiktok" / "sampler.fixture.json").read_text())
VIDEO_ID = PROFILE["entries"][0]["id"]
SEC_UID = PROFILE["id"]


class FakeYoutubeDL:
    """Answers like YoutubeDL: a profile extracted unprocessed gives a lazy generator of flat entries."""

    instances: ClassVar[list["FakeYoutubeDL"]] = []
    fail_with: ClassVar[Exception | None] = None
    fail_after: ClassVar[int | None] = None
    warn_first: ClassVar[list[str]] = []

    def __init__(self, params=None):
        self.params = params or {}
        self.calls: list[tuple] = []
        self.pulled = 0
        self.closed = False
        FakeYoutubeDL.instances.append(self)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        self.closed = True

    def _entries(self):
        for position, entry in enumerate(PROFILE["entries"]):
            if self.fail_after is not None and position == self.fail_after:
                raise ExtractorError("Unable to download JSON metadata: HTTP Error 429: Too Many Requests")
            self.pulled += 1
            yield dict(entry)

    def extract_info(
        self, url, download=True, ie_key=None, extra_info=None, process=True, force_generic_extractor=False
    ):
        self.calls.append((url, download, process))
        for warning in self.warn_first:
            self.params["logger"].warning(warning)
        if self.fail_with is not None:
            raise self.fail_with
        if url.rstrip("/").rsplit("/", 1)[-1].startswith("@"):
            return {
                "_type": "playlist",
                "id": SEC_UID,
                "title": url.rsplit("@", 1)[1],
                "entries": self._entries(),
            }
        if url.startswith("tiktokuser:"):  # yt-dlp's listing by secUid knows no handle: its title is None
            return {
                "_type": "playlist",
                "id": url.removeprefix("tiktokuser:"),
                "title": None,
                "entries": self._entries(),
            }
        info = {**PROFILE["entries"][0], "_type": "video"}
        if download:
            info["requested_downloads"] = [{"filepath": self._download(info)}]
        return info

    def _download(self, info):
        home = Path(self.params["paths"]["home"])
        path = home / self.params["outtmpl"]["default"].replace("%(ext)s", "mp4")
        path.write_bytes(b"\x00\x00\x00\x18ftypmp42")
        for hook in self.params["progress_hooks"]:
            hook({"status": "downloading", "downloaded_bytes": 8, "total_bytes_estimate": 16, "info_dict": info})
            hook({"status": "finished", "downloaded_bytes": 16, "total_bytes": 16, "filename": str(path)})
        return str(path)


@pytest.fixture
def fake_ytdlp(monkeypatch):
    FakeYoutubeDL.instances, FakeYoutubeDL.fail_with, FakeYoutubeDL.fail_after = [], None, None
    FakeYoutubeDL.warn_first = []
    monkeypatch.setattr(ytdlp, "YoutubeDL", FakeYoutubeDL)
    return FakeYoutubeDL


@pytest.fixture
def source():
    return YtDlpSource(YtDlpSettings(socket_timeout=7, max_filesize=1024))


def test_options_restrict_extractors_and_never_download_by_default(source):
    options = source.options()
    assert options["allowed_extractors"] == ["tiktok", "tiktok:user"]
    assert options["skip_download"] is True
    assert (options["extractor_retries"], options["sleep_interval_requests"], options["socket_timeout"]) == (3, 0.75, 7)
    assert options["quiet"] and options["noprogress"]
    assert "impersonate" in options  # curl_cffi is installed here
    assert "cookiefile" not in options and "proxy" not in options


def test_cookies_proxy_and_pacing_reach_every_call(fake_ytdlp, tmp_path):
    settings = YtDlpSettings(
        7, 1024, sleep_requests=2.5, cookies_file="/srv/cookies.txt", proxy="socks5://10.0.0.9:1080"
    )
    source = YtDlpSource(settings)
    list(source.list_profile("sampler.fixture", 5, 5).entries)
    source.video_metadata(VIDEO_ID, "sampler.fixture")
    source.download(VIDEO_ID, "sampler.fixture", tmp_path, lambda _status: None)
    for ydl in fake_ytdlp.instances:
        assert ydl.params["cookiefile"] == "/srv/cookies.txt"
        assert ydl.params["proxy"] == "socks5://10.0.0.9:1080"
        assert ydl.params["sleep_interval_requests"] == 2.5


def test_a_listing_retries_the_extractor_ten_times_as_yt_dlp_does_for_profiles(fake_ytdlp, source):
    list(source.list_profile("sampler.fixture", 5, 5).entries)
    source.video_metadata(VIDEO_ID, "sampler.fixture")
    listing, video = fake_ytdlp.instances
    assert (listing.params["extractor_retries"], video.params["extractor_retries"]) == (10, 3)


def test_curl_cffi_is_the_version_yt_dlp_pins():
    """yt-dlp's own builds pin curl_cffi; a newer one has broken TikTok listings before (yt-dlp#17604)."""
    assert pinned_curl_cffi(), "yt-dlp no longer declares a pinned curl_cffi: check its extras"
    assert metadata.version("curl_cffi") == pinned_curl_cffi()


def test_make_update_ytdlp_reads_the_pin_it_installs():
    """The Makefile's own snippet, run as the target runs it: an empty answer would leave curl_cffi unpinned."""
    snippet = re.search(r'curl=\$\$\(\$\(PY\) -c "([^"]+)"\)', (PROJECT_ROOT / "Makefile").read_text())
    assert snippet, "update-ytdlp no longer reads the pin this way: update this test"
    found = subprocess.run(
        [sys.executable, "-c", snippet[1]], cwd=PROJECT_ROOT, capture_output=True, text=True, check=False
    )
    assert (found.returncode, found.stdout.strip()) == (0, pinned_curl_cffi()), found.stderr


def test_the_profile_is_read_lazily_a_page_at_a_time(fake_ytdlp, source):
    seen = []
    listing = source.list_profile("sampler.fixture", max_videos=60, page_size=25, progress=seen.append)
    ydl = fake_ytdlp.instances[0]
    assert ydl.calls == [("https://www.tiktok.com/@sampler.fixture", False, False)]
    assert (listing.username, listing.sec_uid, ydl.pulled) == ("sampler.fixture", SEC_UID, 0)
    first = [next(listing.entries) for _ in range(25)]
    assert ydl.pulled == 25 and seen == []
    rest = list(listing.entries)
    assert len(first) + len(rest) == 60 and ydl.pulled == 60  # stopped at max_videos: nothing more fetched
    assert seen == [25, 50, 60]
    assert ydl.closed


def test_a_known_creator_is_listed_by_its_sec_uid(fake_ytdlp, source):
    listing = source.list_profile("sampler.fixture", max_videos=5, page_size=5, sec_uid=SEC_UID)
    assert fake_ytdlp.instances[0].calls == [(f"tiktokuser:{SEC_UID}", False, False)]
    assert (listing.username, listing.sec_uid, len(list(listing.entries))) == ("sampler.fixture", SEC_UID, 5)
    with pytest.raises(ValueError):
        source.list_profile("sampler.fixture", 5, 5, sec_uid="MS4wLjABAAAA; rm -rf /")
    assert len(fake_ytdlp.instances) == 1, "a malformed secUid never reaches yt-dlp"


def test_the_real_youtubedl_sends_a_sec_uid_to_tiktoks_user_extractor(source):
    """No network: yt-dlp's own URL matching, with the extractors these options allow."""
    with YoutubeDL(source.options()) as ydl:
        matching = [ie.IE_NAME for ie in ydl._ies.values() if ie.suitable(f"tiktokuser:{SEC_UID}")]
    assert matching == ["tiktok:user"]


def test_a_failure_while_listing_is_classified(fake_ytdlp, source):
    fake_ytdlp.fail_after = 30
    listing = source.list_profile("sampler.fixture", max_videos=100, page_size=10)
    with pytest.raises(Blocked, match="HTTP Error 429"):
        list(listing.entries)
    assert fake_ytdlp.instances[0].closed


@pytest.mark.parametrize(
    ("error", "kind"),
    [
        (DownloadError("ERROR: [tiktok:user] x: This user's account is private. Log into an account"), NotFound),
        (DownloadError("ERROR: [TikTok] 7: Your IP address is blocked from accessing this post"), Blocked),
        (DownloadError("ERROR: [TikTok] 7: Unable to download webpage: timed out"), NetworkError),
        (ExtractorError("Requested format is not available"), SourceError),
    ],
)
def test_failures_of_extract_info_are_classified(fake_ytdlp, source, error, kind):
    fake_ytdlp.fail_with = error
    with pytest.raises(kind):
        source.list_profile("sampler.fixture", 10, 10)
    with pytest.raises(kind):
        source.video_metadata(VIDEO_ID, "sampler.fixture")
    assert all(ydl.closed for ydl in fake_ytdlp.instances)


def test_a_call_that_warned_tiktok_could_not_be_reached_fails_as_a_network_failure(fake_ytdlp, source, tmp_path):
    fake_ytdlp.warn_first = [OFFLINE_WARNING]
    fake_ytdlp.fail_with = DownloadError(OFFLINE_FAILURE)
    for call in (
        lambda: source.list_profile("khaby.lame", 10, 10),
        lambda: source.video_metadata(VIDEO_ID, "khaby.lame"),
        lambda: source.download(VIDEO_ID, "khaby.lame", tmp_path, lambda status: None),
    ):
        with pytest.raises(NetworkError, match="Could not resolve host"):
            call()
    fake_ytdlp.warn_first = []
    with pytest.raises(NotFound):  # each call keeps its own warnings
        source.list_profile("khaby.lame", 10, 10)


def test_one_video_is_read_from_a_rebuilt_watch_url(fake_ytdlp, source):
    info = source.video_metadata(VIDEO_ID, "sampler.fixture")
    assert info["id"] == VIDEO_ID
    ydl = fake_ytdlp.instances[0]
    assert ydl.calls == [(f"https://www.tiktok.com/@sampler.fixture/video/{VIDEO_ID}", False, True)]
    assert ydl.params["ignore_no_formats_error"] is True


def test_a_download_is_named_by_the_video_id_only(fake_ytdlp, source, tmp_path):
    updates = []
    path = source.download(VIDEO_ID, "sampler.fixture", tmp_path, updates.append)
    assert path == tmp_path / f"{VIDEO_ID}.mp4"
    params = fake_ytdlp.instances[0].params
    assert params["outtmpl"] == {"default": f"{VIDEO_ID}.%(ext)s"}
    assert params["paths"]["home"] == str(tmp_path)
    assert (params["skip_download"], params["max_filesize"], params["noplaylist"]) == (False, 1024, True)
    assert [u["status"] for u in updates] == ["downloading", "finished"]


def test_bad_ids_and_handles_never_reach_yt_dlp(fake_ytdlp, source, tmp_path):
    for video_id, handle in [
        ("../../etc/passwd", "sampler.fixture"),
        (VIDEO_ID, "evil.example/x"),
        ("%(title)s", "a_b"),
    ]:
        with pytest.raises(ValueError):
            source.download(video_id, handle, tmp_path, lambda _: None)
    assert fake_ytdlp.instances == []


def test_a_file_written_elsewhere_is_refused(fake_ytdlp, source, tmp_path):
    elsewhere = tmp_path / "other"
    elsewhere.mkdir()
    info = {"requested_downloads": [{"filepath": str(elsewhere / f"{VIDEO_ID}.mp4")}]}
    (elsewhere / f"{VIDEO_ID}.mp4").write_bytes(b"x")
    with pytest.raises(SourceError, match="outside"):
        source._downloaded_file(info, tmp_path, VIDEO_ID)
    with pytest.raises(SourceError, match="no file"):
        source._downloaded_file({"requested_downloads": []}, tmp_path, VIDEO_ID)


@pytest.mark.parametrize(
    "url",
    [
        "https://example.com/video.mp4",
        "http://127.0.0.1:8000/@user/video/7481154741926497543",
        "https://www.tiktok.com/music/Build-a-Btch-6956990112127585029",
        "https://www.tiktok.com/tag/dance",
        "https://www.tiktok.com/@user/live",
    ],
)
def test_the_real_youtubedl_with_these_options_has_no_extractor_for_other_pages(source, url):
    with YoutubeDL(source.options()) as ydl, pytest.raises(DownloadError, match="No suitable extractor"):
        ydl.extract_info(url, download=False)


def test_the_real_youtubedl_names_files_from_the_id_whatever_the_title(source, tmp_path):
    options = source.options(paths={"home": str(tmp_path)}, outtmpl={"default": f"{VIDEO_ID}.%(ext)s"})
    with YoutubeDL(options) as ydl:
        name = ydl.prepare_filename({"id": VIDEO_ID, "ext": "mp4", "title": "../../etc/passwd", "uploader": "x/../y"})
    assert name == str(tmp_path / f"{VIDEO_ID}.mp4")

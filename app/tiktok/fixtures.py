"""The fixtures implementation of the TikTok source: yt-dlp-shaped files instead of TikTok.

`{TIKTOK_FIXTURES_DIR}/{username}.json` holds what yt-dlp's profile listing gives (a flat-playlist info dict with
`entries`). Markers a real listing never has: `_error` (yt-dlp's failure message, raised as yt-dlp's would be
classified) and `_page_delay` (seconds to wait before each page, like yt-dlp's pauses between requests).
Downloads write a small deterministic MP4-looking file, reporting progress as yt-dlp does.
"""

import hashlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from app.tiktok.source import DownloadHook, ProfileListing, Progress, classify, paged
from app.tiktok.urls import UNKNOWN_HANDLE, normalize_handle

FTYP_BOX = b"\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom"
PAYLOAD_BYTES = 48 * 1024
CHUNK_BYTES = 16 * 1024
NO_PROFILE = "Unable to extract secondary user ID"
NO_SEC_UID_PROFILE = (
    "ERROR: [tiktok:user] MS4wLjABAAAA: This user's account is likely either private or all of their videos are "
    "private. Log into an account that has access"
)
NO_VIDEO = "Video not available, status code 10216"


def fake_mp4(video_id: str) -> bytes:
    """An 'ftyp' box and an 'mdat' box of bytes derived from the id: the same file for the same video."""
    seed = hashlib.sha256(video_id.encode()).digest()
    payload = (seed * (PAYLOAD_BYTES // len(seed) + 1))[:PAYLOAD_BYTES]
    return FTYP_BOX + (len(payload) + 8).to_bytes(4, "big") + b"mdat" + payload


class FixturesSource:
    """TikTok as a directory of profile files."""

    def __init__(self, directory: Path) -> None:
        if not str(directory) or not directory.is_dir():
            raise RuntimeError(f"TIKTOK_FIXTURES_DIR is not a directory: {directory!s}")
        self.directory = directory

    def _profile(self, username: str) -> dict[str, Any]:
        handle = normalize_handle(username)
        path = self.directory / f"{handle.lower()}.json" if handle else None
        if path is None or not path.is_file():
            raise classify(NO_PROFILE)
        data = _read(path)
        if data.get("_error"):
            raise classify(data["_error"])
        return data

    def list_profile(
        self,
        username: str,
        max_videos: int,
        page_size: int,
        progress: Progress | None = None,
        sec_uid: str | None = None,
    ) -> ProfileListing:
        """The file's entries, `page_size` at a time; by secUid, the file whose `id` it is (as yt-dlp's listing
        by secUid gives no handle: `title` is None)."""
        data = self._by_sec_uid(sec_uid) if sec_uid else self._profile(username)
        entries = self._paced(data.get("entries") or [], page_size, float(data.get("_page_delay") or 0))
        return ProfileListing(
            username=data.get("title") or username,
            display_name=data.get("channel"),
            sec_uid=data.get("id"),
            entries=paged(entries, max_videos, page_size, progress),
        )

    def _by_sec_uid(self, sec_uid: str) -> dict[str, Any]:
        for path in sorted(self.directory.glob("*.json")):
            data = _read(path)
            if data.get("id") == sec_uid:
                if data.get("_error"):
                    raise classify(data["_error"])
                return {**data, "title": None}
        raise classify(NO_SEC_UID_PROFILE)

    @staticmethod
    def _paced(entries: list[dict], page_size: int, page_delay: float) -> Iterator[dict]:
        for position, entry in enumerate(entries):
            if page_delay and position % page_size == 0:
                time.sleep(page_delay)
            yield entry

    def _entry(self, video_id: str, username: str) -> dict[str, Any]:
        if username == UNKNOWN_HANDLE:
            profiles = [_read(path) for path in sorted(self.directory.glob("*.json"))]
        else:
            profiles = [self._profile(username)]
        for data in profiles:
            entry = next((e for e in data.get("entries") or () if e.get("id") == video_id), None)
            if entry is not None:
                if entry.get("_error"):
                    raise classify(entry["_error"])
                return entry
        raise classify(NO_VIDEO)

    def video_metadata(self, video_id: str, username: str) -> dict[str, Any]:
        """The video's entry as a full result (without the flat-entry and marker fields)."""
        entry = self._entry(video_id, username)
        return {key: value for key, value in entry.items() if not key.startswith("_") and key != "ie_key"}

    def download(self, video_id: str, username: str, dest_dir: Path, progress_hook: DownloadHook) -> Path:
        """Write the fake MP4 in chunks, through a '.part' file as yt-dlp does."""
        entry = self._entry(video_id, username)
        info = {"id": video_id, "uploader": entry.get("uploader")}
        content, path = fake_mp4(video_id), dest_dir / f"{video_id}.mp4"
        partial = path.with_name(path.name + ".part")
        with partial.open("wb") as out:
            for start in range(0, len(content), CHUNK_BYTES):
                chunk = content[start : start + CHUNK_BYTES]
                out.write(chunk)
                progress_hook(_status("downloading", start + len(chunk), len(content), path, info))
        partial.replace(path)
        progress_hook(_status("finished", len(content), len(content), path, info))
        return path


def _read(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def _status(status: str, done: int, total: int, path: Path, info: dict) -> dict[str, Any]:
    return {"status": status, "downloaded_bytes": done, "total_bytes": total, "filename": str(path), "info_dict": info}

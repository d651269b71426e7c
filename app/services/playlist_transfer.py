"""Playlists taken away and brought back: export as JSON or as CSV of TikTok URLs, import from either or from a
pasted list of TikTok URLs. An import adds the videos the catalog has and reports the rest; it fetches nothing."""

import csv
import io
import json
from dataclasses import dataclass, field
from typing import Literal

from flask import current_app
from sqlalchemy import func, select

from app.catalog.records import video_url
from app.extensions import db
from app.i18n import N_
from app.models import Playlist, PlaylistEntry, User, Video
from app.models.playlist import PLAYLIST_DESCRIPTION_MAX, PLAYLIST_NAME_MAX
from app.services.errors import ServiceError
from app.services.videos import VideoCard, video_cards
from app.tiktok.urls import InvalidVideoUrl, is_video_id, parse_video_url

ImportFormat = Literal["json", "csv", "urls"]
EXPORT_MAX_VIDEOS = 5000
IMPORT_MAX_ENTRIES = 1000
IMPORT_MAX_CHARS = 500_000
REPORTED_MAX = 100  # unknown or unreadable entries named back; the counts say how many in all
EXPORT_VERSION = 1


def exported_videos(playlist: Playlist) -> list[VideoCard]:
    """The playlist's active videos in playlist order, with their creators (at most EXPORT_MAX_VIDEOS)."""
    videos = db.session.scalars(
        select(Video)
        .join(PlaylistEntry, PlaylistEntry.video_id == Video.id)
        .where(PlaylistEntry.playlist_id == playlist.id, Video.is_active.is_(True))
        .order_by(PlaylistEntry.position, PlaylistEntry.added_at)
        .limit(EXPORT_MAX_VIDEOS)
    ).all()
    return video_cards(videos)


def as_json(playlist: Playlist, cards: list[VideoCard]) -> str:
    document = {
        "format": "danza-playlist",
        "version": EXPORT_VERSION,
        "name": playlist.name,
        "description": playlist.description or "",
        "videos": [
            {
                "url": video_url(card.creator.username, card.video.video_id),
                "videoId": card.video.video_id,
                "username": card.creator.username,
                "title": card.video.title or card.video.description or "",
            }
            for card in cards
        ],
    }
    return json.dumps(document, ensure_ascii=False, indent=2)


def as_csv(cards: list[VideoCard]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["url", "videoId", "username", "title"])
    for card in cards:
        title = card.video.title or card.video.description or ""
        writer.writerow(
            [
                video_url(card.creator.username, card.video.video_id),
                card.video.video_id,
                card.creator.username,
                _safe_cell(title),
            ]
        )
    return out.getvalue()


def _safe_cell(text: str) -> str:
    """A caption that a spreadsheet would run as a formula ('=…', '+…') is kept as text."""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


@dataclass
class ImportSource:
    """What an import file or paste named: a name (from a JSON export) and its entries, as written."""

    name: str = ""
    description: str = ""
    entries: list[str] = field(default_factory=list)


def read_source(content: str, kind: ImportFormat) -> ImportSource:
    """The entries of an export or a paste; a file that is not what it says is a clear 400."""
    if kind == "json":
        return _read_json(content)
    if kind == "csv":
        return ImportSource(entries=_read_csv(content))
    return ImportSource(entries=[line.strip() for line in content.split() if line.strip()])


def _read_json(content: str) -> ImportSource:
    """Parsed as request bodies are, with the same refusals: the file's text is a body the server reads itself."""
    try:
        document = current_app.json.loads(content)
    except json.JSONDecodeError as exc:
        raise ServiceError(N_("The file is not valid JSON"), "content") from exc
    except ValueError as exc:  # JSON the request checks refuse (too deep, a NUL): their message says why
        raise ServiceError(str(exc), "content") from exc
    if isinstance(document, list):
        document = {"videos": document}
    if not isinstance(document, dict) or not isinstance(document.get("videos"), list):
        raise ServiceError(N_("The JSON file has no list of videos"), "content")
    entries = []
    for video in document["videos"]:
        if isinstance(video, dict):
            video = video.get("url") or video.get("videoId") or ""
        entries.append(str(video).strip())
    name, description = document.get("name"), document.get("description")
    return ImportSource(
        name=name.strip() if isinstance(name, str) else "",
        description=description.strip() if isinstance(description, str) else "",
        entries=entries,
    )


def _read_csv(content: str) -> list[str]:
    try:  # a cell past the csv module's limit (128 KiB), which no URL reaches
        rows = [row for row in csv.reader(io.StringIO(content)) if any(cell.strip() for cell in row)]
    except csv.Error as exc:
        raise ServiceError(N_("The file is not valid CSV"), "content") from exc
    if not rows:
        return []
    header = [cell.strip().lower() for cell in rows[0]]
    column = next((header.index(name) for name in ("url", "videoid", "video_id") if name in header), None)
    if column is None:
        return [row[0].strip() for row in rows]
    return [row[column].strip() for row in rows[1:] if len(row) > column]


def _video_id(entry: str) -> str | None:
    if is_video_id(entry):
        return entry
    try:
        return parse_video_url(entry).video_id
    except InvalidVideoUrl:
        return None


@dataclass
class ImportOutcome:
    playlist: Playlist
    added: int
    unknown: list[str]  # TikTok videos the catalog does not have (or no longer shows)
    invalid: list[str]  # entries that name no TikTok video
    unknown_count: int
    invalid_count: int

    @property
    def entries(self) -> int:
        return self.added + self.unknown_count + self.invalid_count


def import_playlist(owner: User, source: ImportSource, name: str, is_public: bool) -> ImportOutcome:
    """A new playlist of the owner's with the entries' videos that the catalog has, in order, each once."""
    if len(source.entries) > IMPORT_MAX_ENTRIES:
        raise ServiceError(f"A playlist can be imported with at most {IMPORT_MAX_ENTRIES} videos", "content")
    title = (name.strip() or source.name or "Imported playlist")[:PLAYLIST_NAME_MAX]
    wanted: dict[str, str] = {}  # video id -> the entry that named it, first mention wins
    invalid: list[str] = []
    for entry in source.entries:
        video_id = _video_id(entry)
        if video_id is None:
            invalid.append(entry)
        else:
            wanted.setdefault(video_id, entry)
    found = (
        {
            video.video_id: video
            for video in db.session.scalars(
                select(Video).where(Video.video_id.in_(list(wanted)), Video.is_active.is_(True))
            )
        }
        if wanted
        else {}
    )
    playlist = Playlist(
        user_id=owner.id,
        name=title,
        description=source.description[:PLAYLIST_DESCRIPTION_MAX],
        is_public=is_public,
    )
    db.session.add(playlist)
    db.session.flush()
    kept = [found[video_id] for video_id in wanted if video_id in found]
    db.session.add_all(
        PlaylistEntry(playlist_id=playlist.id, video_id=video.id, position=position)
        for position, video in enumerate(kept, start=1)
    )
    db.session.flush()
    playlist.video_count = (
        db.session.scalar(
            select(func.count()).select_from(PlaylistEntry).where(PlaylistEntry.playlist_id == playlist.id)
        )
        or 0
    )
    db.session.commit()
    unknown = [entry for video_id, entry in wanted.items() if video_id not in found]
    return ImportOutcome(
        playlist, len(kept), unknown[:REPORTED_MAX], invalid[:REPORTED_MAX], len(unknown), len(invalid)
    )

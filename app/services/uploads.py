"""Videos people upload: checked again on the server (type by content, size, fields) and stored under
MEDIA_DIR/uploads as pending submissions for the team. Nothing is published to the feeds."""

import re
import secrets
import struct
from dataclasses import dataclass
from pathlib import Path

from flask import current_app
from sqlalchemy import func, select
from werkzeug.datastructures import FileStorage

from app.extensions import db
from app.i18n import N_
from app.models import Upload, User
from app.services.database import lock_row
from app.services.errors import Forbidden, NotFound, ServiceError
from app.services.paging import PageOf, page_of

MAX_VIDEO_BYTES = 104_857_600
MAX_THUMBNAIL_BYTES = 10 * 1024 * 1024
TITLE_MAX, DESCRIPTION_MAX, TAGS_MAX = 100, 5000, 500
CATEGORIES = (
    "",
    "entertainment",
    "music",
    "gaming",
    "education",
    "sports",
    "technology",
    "travel",
    "food",
    "fitness",
    "art",
)
VISIBILITIES = ("public", "unlisted", "private")


HEAD_BYTES = 4096  # read to tell a file's kind, and searched for markup
FTYP_MAX_BYTES = 1024
MP4_BRANDS = frozenset(
    brand.encode()
    for brand in (
        *("isom", "iso2", "iso3", "iso4", "iso5", "iso6", "iso8", "iso9", "mp41", "mp42", "mp71", "avc1"),
        *("dash", "msdh", "cmfc", "M4V ", "M4VH", "M4VP", "f4v ", "mmp4", "MSNV", "NDAS", "XAVC", "kddi"),
        *("3gp4", "3gp5", "3gp6", "3gp7", "3gp8", "3gp9", "3g2a", "3g2b", "3g2c", "3ge6", "3ge7", "3gs7"),
    )
)
QUICKTIME_BRAND = b"qt  "
ASF_HEADER_GUID = bytes.fromhex("3026b2758e66cf11a6d900aa0062ce6c")
EBML_MAGIC = b"\x1a\x45\xdf\xa3"
EBML_DOC_TYPE = b"\x42\x82"
_BOX_TYPE = re.compile(rb"[A-Za-z0-9 ]{4}")
# What makes a browser take bytes for a page or a script; never part of a video's or an image's first bytes.
_MARKUP = re.compile(
    rb"<(?:!doctype\s+html|html|head|body|script|iframe|frame|object|embed|svg|math|style|title|meta|link|base"
    rb"|img|form|\?xml)[\s/>]|<!--|javascript:",
    re.IGNORECASE,
)


def _is_box_header(header: bytes) -> bool:
    size = int.from_bytes(header[:4], "big")
    return len(header) == 8 and (size in (0, 1) or size >= 8) and bool(_BOX_TYPE.fullmatch(header[4:8]))


def _iso_media_kind(head: bytes) -> str | None:
    """MP4 or MOV: an ftyp box of a sane size with a known major brand, then another box."""
    size = int.from_bytes(head[:4], "big")
    if (
        head[4:8] != b"ftyp"
        or not 16 <= size <= FTYP_MAX_BYTES
        or size % 4
        or not _is_box_header(head[size : size + 8])
    ):
        return None
    brand = head[8:12]
    if brand == QUICKTIME_BRAND:
        return ".mov"
    return ".mp4" if brand in MP4_BRANDS else None


def _avi_kind(head: bytes) -> str | None:
    """AVI: a RIFF 'AVI ' form whose first chunk is the 'hdrl' list."""
    riff_size, list_size = int.from_bytes(head[4:8], "little"), int.from_bytes(head[16:20], "little")
    is_avi = head[:4] == b"RIFF" and head[8:12] == b"AVI " and head[12:16] == b"LIST" and head[20:24] == b"hdrl"
    return ".avi" if is_avi and riff_size >= 24 and 4 <= list_size < riff_size else None


def _asf_kind(head: bytes) -> str | None:
    """WMV: the ASF header object, with a sane size and its two reserved bytes."""
    if head[:16] != ASF_HEADER_GUID or len(head) < 30:
        return None
    size, objects, reserved1, reserved2 = struct.unpack_from("<QIBB", head, 16)
    return ".wmv" if size >= 30 and objects >= 1 and (reserved1, reserved2) == (1, 2) else None


def _flv_kind(head: bytes) -> str | None:
    """FLV version 1: only the audio and video flags, a 9-byte header and a first PreviousTagSize of 0."""
    if head[:4] != b"FLV\x01" or len(head) < 13:
        return None
    flags, header_size, previous_tag_size = head[4], int.from_bytes(head[5:9], "big"), int.from_bytes(head[9:13], "big")
    return ".flv" if flags & ~0x05 == 0 and header_size == 9 and previous_tag_size == 0 else None


def _ebml_doc_type(head: bytes) -> bytes | None:
    """The DocType of an EBML header ('webm', 'matroska'), read from its variable-length size."""
    at = head.find(EBML_DOC_TYPE, 4, 64)
    if at < 0 or at + 3 > len(head):
        return None
    width = 9 - head[at + 2].bit_length()  # a size's first byte marks its length with its highest set bit
    if width > 8:
        return None
    start = at + 2 + width
    size = int.from_bytes(head[at + 2 : start], "big") & ((1 << (7 * width)) - 1)
    return head[start : start + size]


def _webm_kind(head: bytes) -> str | None:
    return ".webm" if head[:4] == EBML_MAGIC and _ebml_doc_type(head) == b"webm" else None


VIDEO_KINDS = (_iso_media_kind, _avi_kind, _asf_kind, _flv_kind, _webm_kind)


def _video_kind(head: bytes) -> str | None:
    """The container a file's head shows (MP4/MOV, AVI, WMV, FLV or WebM), checked beyond its magic number;
    None for anything else, and for any head holding markup a browser could run."""
    if _MARKUP.search(head):
        return None
    return next((kind for kind_of in VIDEO_KINDS if (kind := kind_of(head))), None)


def _image_kind(head: bytes) -> str | None:
    if _MARKUP.search(head):
        return None
    if head[:8] == b"\x89PNG\r\n\x1a\n":
        return ".png"
    if head[:3] == b"\xff\xd8\xff":
        return ".jpg"
    if head[:6] in (b"GIF87a", b"GIF89a"):
        return ".gif"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return ".webp"
    return None


def _size(file: FileStorage) -> int:
    file.stream.seek(0, 2)
    size = file.stream.tell()
    file.stream.seek(0)
    return size


def _head(file: FileStorage) -> bytes:
    head = file.stream.read(HEAD_BYTES)
    file.stream.seek(0)
    return head


@dataclass
class UploadDetails:
    title: str
    description: str = ""
    category: str = ""
    tags: str = ""
    visibility: str = "public"

    def check(self) -> None:
        if not self.title.strip():
            raise ServiceError(N_("Title is required"), "title")
        if len(self.title) > TITLE_MAX:
            raise ServiceError(N_("Title must be at most 100 characters long"), "title")
        if len(self.description) > DESCRIPTION_MAX:
            raise ServiceError(N_("Description must be at most 5000 characters long"), "description")
        if len(self.tags) > TAGS_MAX:
            raise ServiceError(N_("Tags must be at most 500 characters long"), "tags")
        if self.category not in CATEGORIES:
            raise ServiceError(N_("Category is not valid"), "category")
        if self.visibility not in VISIBILITIES:
            raise ServiceError(N_("Visibility must be public, unlisted or private"), "visibility")


def _store(file: FileStorage, suffix: str) -> str:
    folder = Path(current_app.config["MEDIA_DIR"]) / "uploads"
    folder.mkdir(parents=True, exist_ok=True)
    name = f"{secrets.token_hex(16)}{suffix}"
    file.save(folder / name)
    return name


MEGABYTE = 1024 * 1024


def _bytes_text(size: int) -> str:
    return f"{size // MEGABYTE} MB" if size and size % MEGABYTE == 0 else f"{size} bytes"


def stored_bytes(user: User) -> int:
    """What the user's uploads take up, read under a lock on the user's row so two uploads at once add up."""
    lock_row(User, user.id)
    return db.session.scalar(select(func.sum(Upload.size_bytes)).where(Upload.user_id == user.id)) or 0


def _check_quota(user: User, size: int, quota: int) -> None:
    if stored_bytes(user) + size > quota:
        message = f"Your uploads may take up at most {_bytes_text(quota)} in all; this video would go past that"
        raise Forbidden(message, "video")


def _checked_video(video: FileStorage | None) -> tuple[int, str]:
    """The video's size and kind, or the spec-style refusal."""
    if video is None or not video.filename:
        raise ServiceError(N_("Choose a video file to upload"), "video")
    size = _size(video)
    if size > MAX_VIDEO_BYTES:
        raise ServiceError(f"File is larger than {MAX_VIDEO_BYTES} bytes", "video")
    kind = _video_kind(_head(video))
    if size == 0 or kind is None:
        raise ServiceError(N_("The file must be a video (MP4, AVI, MOV, WMV, FLV or WebM)"), "video")
    return size, kind


def _checked_thumbnail(thumbnail: FileStorage | None) -> str | None:
    """The thumbnail's kind (None without one), or the refusal."""
    if thumbnail is None or not thumbnail.filename:
        return None
    kind = _image_kind(_head(thumbnail))
    if kind is None or _size(thumbnail) > MAX_THUMBNAIL_BYTES:
        raise ServiceError(N_("The thumbnail must be an image (PNG, JPEG, GIF or WebP) of at most 10 MB"), "thumbnail")
    return kind


def save_upload(
    user: User, details: UploadDetails, video: FileStorage | None, thumbnail: FileStorage | None, quota: int
) -> Upload:
    """Check everything, the user's storage quota last, then store the files and a pending Upload row."""
    details.check()
    size, kind = _checked_video(video)
    assert video is not None  # _checked_video refuses a missing one
    thumb_kind = _checked_thumbnail(thumbnail)
    _check_quota(user, size, quota)
    upload = Upload(
        user_id=user.id,
        title=details.title.strip(),
        description=details.description.strip(),
        category=details.category,
        tags=details.tags.strip(),
        visibility=details.visibility,
        file_name=_store(video, kind),
        original_name=(video.filename or "")[:300],
        size_bytes=size,
        content_type=MEDIA_TYPES[kind],
        thumbnail_name=_store(thumbnail, thumb_kind) if thumbnail is not None and thumb_kind else None,
        status="pending",
    )
    db.session.add(upload)
    db.session.commit()
    return upload


def list_uploads(offset: int, limit: int) -> PageOf:
    """Uploads newest first."""
    newest = select(Upload).order_by(Upload.created_at.desc(), Upload.id.desc())
    return page_of(newest, offset, limit)


OWN_UPLOADS_SHOWN = 20


def uploads_of(user: User, limit: int = OWN_UPLOADS_SHOWN) -> PageOf:
    """The user's own uploads, newest first, so they can find what they sent while it waits for review."""
    newest = select(Upload).where(Upload.user_id == user.id).order_by(Upload.created_at.desc(), Upload.id.desc())
    return page_of(newest, 0, limit)


MEDIA_TYPES = {
    ".mp4": "video/mp4",
    ".mov": "video/quicktime",
    ".avi": "video/x-msvideo",
    ".wmv": "video/x-ms-wmv",
    ".flv": "video/x-flv",
    ".webm": "video/webm",
}


@dataclass(frozen=True)
class StoredFile:
    path: Path
    download_name: str
    media_type: str


def upload_file(upload_id: int) -> StoredFile:
    """The stored file of an upload, by its id (never a client-supplied path), with a download name and the
    media type of the kind its content was checked to be (never one guessed from the uploader's file name)."""
    upload = db.session.get(Upload, upload_id)
    if upload is None:
        raise NotFound(N_("Upload not found"))
    path = Path(current_app.config["MEDIA_DIR"]) / "uploads" / upload.file_name
    return StoredFile(path, upload.original_name, MEDIA_TYPES.get(path.suffix, "application/octet-stream"))


def delete_upload(upload_id: int) -> None:
    upload = db.session.get(Upload, upload_id)
    if upload is None:
        raise NotFound(N_("Upload not found"))
    files = _files([upload])
    db.session.delete(upload)
    db.session.commit()
    remove_files(files)


def forget_uploads_of(user: User) -> list[Path]:
    """Delete the rows of every upload of an account (it is being deleted); answers their files, to remove
    once the deletion is committed."""
    rows = list(db.session.scalars(select(Upload).where(Upload.user_id == user.id)))
    for upload in rows:
        db.session.delete(upload)
    return _files(rows)


def _files(rows: list[Upload]) -> list[Path]:
    folder = Path(current_app.config["MEDIA_DIR"]) / "uploads"
    return [folder / name for upload in rows for name in (upload.file_name, upload.thumbnail_name) if name]


def remove_files(files: list[Path]) -> None:
    for path in files:
        path.unlink(missing_ok=True)

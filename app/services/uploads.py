"""Videos people upload: checked again on the server (type by content, size, fields) and stored under
MEDIA_DIR/uploads as pending submissions for the team. Nothing is published to the feeds."""

import secrets
from dataclasses import dataclass
from pathlib import Path

from flask import current_app
from sqlalchemy import func, select
from werkzeug.datastructures import FileStorage

from app.extensions import db
from app.models import Upload, User
from app.services.errors import NotFound, ServiceError

MAX_VIDEO_BYTES = 104_857_600
MAX_THUMBNAIL_BYTES = 10 * 1024 * 1024
TITLE_MAX, DESCRIPTION_MAX = 100, 5000
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


def _video_kind(head: bytes) -> str | None:
    """The video container a file starts like: MP4/MOV, AVI, WMV, FLV or WebM; None for anything else."""
    if head[4:8] == b"ftyp":
        return ".mov" if head[8:10] == b"qt" else ".mp4"
    if head[:4] == b"RIFF" and head[8:12] == b"AVI ":
        return ".avi"
    if head[:16] == bytes.fromhex("3026b2758e66cf11a6d900aa0062ce6c"):
        return ".wmv"
    if head[:3] == b"FLV":
        return ".flv"
    if head[:4] == bytes.fromhex("1a45dfa3"):
        return ".webm"
    return None


def _image_kind(head: bytes) -> str | None:
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
    head = file.stream.read(32)
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
            raise ServiceError("Title is required", "title")
        if len(self.title) > TITLE_MAX:
            raise ServiceError("Title must be at most 100 characters long", "title")
        if len(self.description) > DESCRIPTION_MAX:
            raise ServiceError("Description must be at most 5000 characters long", "description")
        if self.category not in CATEGORIES:
            raise ServiceError("Category is not valid", "category")
        if self.visibility not in VISIBILITIES:
            raise ServiceError("Visibility must be public, unlisted or private", "visibility")


def _store(file: FileStorage, suffix: str) -> str:
    folder = Path(current_app.config["MEDIA_DIR"]) / "uploads"
    folder.mkdir(parents=True, exist_ok=True)
    name = f"{secrets.token_hex(16)}{suffix}"
    file.save(folder / name)
    return name


def save_upload(user: User, details: UploadDetails, video: FileStorage | None, thumbnail: FileStorage | None) -> Upload:
    """Check everything, then store the files and a pending Upload row."""
    details.check()
    if video is None or not video.filename:
        raise ServiceError("Choose a video file to upload", "video")
    size = _size(video)
    if size > MAX_VIDEO_BYTES:
        raise ServiceError(f"File is larger than {MAX_VIDEO_BYTES} bytes", "video")
    kind = _video_kind(_head(video))
    if size == 0 or kind is None:
        raise ServiceError("The file must be a video (MP4, AVI, MOV, WMV, FLV or WebM)", "video")
    thumb_kind = None
    if thumbnail is not None and thumbnail.filename:
        thumb_kind = _image_kind(_head(thumbnail))
        if thumb_kind is None or _size(thumbnail) > MAX_THUMBNAIL_BYTES:
            raise ServiceError("The thumbnail must be an image (PNG, JPEG, GIF or WebP) of at most 10 MB", "thumbnail")
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
        content_type=video.mimetype or "application/octet-stream",
        thumbnail_name=_store(thumbnail, thumb_kind) if thumb_kind else None,
        status="pending",
    )
    db.session.add(upload)
    db.session.commit()
    return upload


def upload_json(upload: Upload) -> dict:
    return {
        "_id": str(upload.id),
        "title": upload.title,
        "description": upload.description,
        "category": upload.category,
        "tags": upload.tags,
        "visibility": upload.visibility,
        "originalName": upload.original_name,
        "sizeBytes": upload.size_bytes,
        "status": upload.status,
        "hasThumbnail": bool(upload.thumbnail_name),
        "createdAt": upload.created_at.isoformat(),
        "uploadedBy": upload.user_id,
    }


def list_uploads(offset: int, limit: int) -> tuple[list[dict], int]:
    total = db.session.scalar(select(func.count(Upload.id))) or 0
    rows = db.session.scalars(
        select(Upload).order_by(Upload.created_at.desc(), Upload.id.desc()).offset(offset).limit(limit)
    )
    return [upload_json(u) for u in rows], total


def upload_file(upload_id: int) -> tuple[Path, str]:
    """The stored file of an upload, by its id (never a client-supplied path), and a download name."""
    upload = db.session.get(Upload, upload_id)
    if upload is None:
        raise NotFound("Upload not found")
    return Path(current_app.config["MEDIA_DIR"]) / "uploads" / upload.file_name, upload.original_name


def delete_upload(upload_id: int) -> None:
    upload = db.session.get(Upload, upload_id)
    if upload is None:
        raise NotFound("Upload not found")
    folder = Path(current_app.config["MEDIA_DIR"]) / "uploads"
    for name in (upload.file_name, upload.thumbnail_name):
        if name:
            (folder / name).unlink(missing_ok=True)
    db.session.delete(upload)
    db.session.commit()

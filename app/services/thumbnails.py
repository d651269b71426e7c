"""Our own copies of video thumbnails, kept under MEDIA_DIR/thumbs and refreshed from oEmbed by a job."""

import os
import tempfile
from pathlib import Path

from flask import current_app
from redis.exceptions import RedisError

from app.catalog import is_valid_video_id
from app.jobs import get_queue, redis_connection
from app.services import feeds
from app.tiktok import oembed

REFRESH_LOCK_SECONDS = 60 * 60


def thumbnail_file(video_id: str) -> Path:
    return Path(current_app.config["MEDIA_DIR"]) / "thumbs" / f"{video_id}.jpg"


def cached_thumbnail(video_id: str) -> Path | None:
    path = thumbnail_file(video_id)
    return path if is_valid_video_id(video_id) and path.is_file() else None


def request_refresh(video_id: str) -> bool:
    """Queue a refresh unless one was queued within the hour; False when nothing was queued."""
    if not is_valid_video_id(video_id) or feeds.video_by_id(video_id) is None:
        return False
    try:
        if not redis_connection().set(f"thumb-refresh:{video_id}", 1, nx=True, ex=REFRESH_LOCK_SECONDS):
            return False
        get_queue("maintenance").enqueue(refresh_thumbnail, video_id, job_timeout=60)
    except RedisError:
        current_app.logger.warning("Redis unavailable: thumbnail %s not queued", video_id)
        return False
    return True


def _write_atomically(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".part")
    with os.fdopen(handle, "wb") as out:
        out.write(data)
    os.replace(temporary, path)


def refresh_thumbnail(video_id: str) -> str:
    """Job: fetch the video's current thumbnail through oEmbed and keep a copy; says what happened."""
    video = feeds.video_by_id(video_id)
    if video is None:
        return "unknown video"
    try:
        found = oembed.fetch(video.video_url)
        if not found.thumbnail_url:
            return "no thumbnail"
        _write_atomically(thumbnail_file(video_id), oembed.download_image(found.thumbnail_url))
    except oembed.VideoGone:
        return "gone"
    except oembed.Inconclusive as exc:
        return f"inconclusive: {exc}"
    return "saved"

"""TikTok's oEmbed endpoint: availability and a fresh thumbnail for one video.

A 400 means the post is removed, private, invalid or a photo post. Anything else that is not a 200 with JSON
(403 or an HTML challenge page: a block; 429; 5xx; a network error) says nothing about the video: callers must
not treat it as unavailable.
"""

from dataclasses import dataclass

import requests
from flask import current_app

MAX_IMAGE_BYTES = 5 * 1024 * 1024
TIMEOUT_SECONDS = 10


class VideoGone(Exception):
    """TikTok says the post does not exist (or cannot be embedded)."""


class Inconclusive(Exception):
    """No answer about the video: blocked, rate-limited, a server error or the network."""

    def __init__(self, reason: str, kind: str = "unknown") -> None:
        super().__init__(reason)
        self.kind = kind  # "rate-limited", "blocked", "network" or "unknown"


@dataclass(frozen=True)
class OEmbed:
    title: str
    author_unique_id: str | None
    thumbnail_url: str | None
    html: str = ""


def oembed_url() -> str:
    return current_app.config["TIKTOK_OEMBED_URL"]


def fetch(video_url: str, session: requests.Session | None = None) -> OEmbed:
    """oEmbed data for a TikTok watch URL, or VideoGone / Inconclusive."""
    http = session or requests
    try:
        response = http.get(oembed_url(), params={"url": video_url}, timeout=TIMEOUT_SECONDS)
    except requests.RequestException as exc:
        raise Inconclusive(f"network: {exc.__class__.__name__}", "network") from exc
    if response.status_code == 400:
        raise VideoGone("TikTok answered 400")
    if response.status_code == 429:
        raise Inconclusive("HTTP 429", "rate-limited")
    if response.status_code == 403 or (
        response.status_code == 200 and "html" in response.headers.get("Content-Type", "")
    ):
        raise Inconclusive(f"HTTP {response.status_code} {response.headers.get('Content-Type', '')}".strip(), "blocked")
    if response.status_code != 200 or "json" not in response.headers.get("Content-Type", ""):
        raise Inconclusive(f"HTTP {response.status_code} {response.headers.get('Content-Type', '')}".strip())
    try:
        data = response.json()
    except ValueError as exc:
        raise Inconclusive("not JSON") from exc
    return OEmbed(
        title=str(data.get("title") or ""),
        author_unique_id=data.get("author_unique_id"),
        thumbnail_url=data.get("thumbnail_url") or None,
        html=str(data.get("html") or ""),
    )


def download_image(url: str, session: requests.Session | None = None) -> bytes:
    """An image's bytes (at most 5 MB), or Inconclusive."""
    http = session or requests
    try:
        with http.get(url, timeout=TIMEOUT_SECONDS, stream=True) as response:
            if response.status_code != 200 or not response.headers.get("Content-Type", "").startswith("image/"):
                raise Inconclusive(f"thumbnail HTTP {response.status_code}")
            body = bytearray()
            for chunk in response.iter_content(64 * 1024):
                body += chunk
                if len(body) > MAX_IMAGE_BYTES:
                    raise Inconclusive("thumbnail too large")
            return bytes(body)
    except requests.RequestException as exc:
        raise Inconclusive(f"network: {exc.__class__.__name__}", "network") from exc

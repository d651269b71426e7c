"""How the site stands with TikTok, for the portal: the yt-dlp in use, what it is configured with, when each kind of
request last worked, the block in force, and the daily canary (one profile's newest videos, listed on purpose).

TikTok changes often and yt-dlp follows within days: an old yt-dlp, a failed canary or a missing impersonation are
what an admin needs to see before users notice.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from importlib import metadata
from pathlib import Path

from flask import current_app
from sqlalchemy import func, select

from app.extensions import db
from app.i18n import N_
from app.jobs import fail_if_abandoned
from app.models import Creator, Download, Job, JobKind, Video
from app.models.types import as_utc, utcnow
from app.tiktok import source as tiktok

CANARY_VIDEOS = 5
OUTDATED_AFTER = timedelta(days=60)
UPDATE_COMMAND = "make update-ytdlp"


def as_ytdlp_prints(version: str) -> str:
    """A version as `yt-dlp --version` prints it (2026.08.06) from its package metadata's form (2026.8.6)."""
    found = re.fullmatch(r"(\d{4})\.(\d{1,2})\.(\d{1,2})(\..*)?", version)
    if not found:
        return version
    year, month, day, rest = found.groups()
    return f"{year}.{int(month):02d}.{int(day):02d}{rest or ''}"


# From the package's metadata: importing yt-dlp would put its 16 MB in every web worker, most of which never run it.
YTDLP_VERSION = as_ytdlp_prints(metadata.version("yt-dlp"))


def ytdlp_release(version: str = YTDLP_VERSION) -> date | None:
    """yt-dlp's versions are its release dates: 2026.08.19 (or 2026.08.19.1 for a second release that day)."""
    found = re.match(r"(\d{4})\.(\d{1,2})\.(\d{1,2})", version)
    return date(*map(int, found.groups())) if found else None


def _installed(package: str) -> str | None:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return None


def pinned_curl_cffi() -> str | None:
    """The curl_cffi version the installed yt-dlp's own builds pin (its `pin-curl-cffi` extra)."""
    for requirement in metadata.requires("yt-dlp") or ():
        found = re.match(r"curl-cffi==([\w.]+)\s*;.*pin-curl-cffi", requirement)
        if found:
            return found[1]
    return None


def impersonation_available() -> bool:
    """Whether yt-dlp can make requests look like a browser's (curl_cffi installed and working with it)."""
    from yt_dlp import YoutubeDL  # here, not at the top: see YTDLP_VERSION

    try:
        with YoutubeDL({"quiet": True, "no_warnings": True}) as ydl:
            return bool(ydl._get_available_impersonate_targets())
    except Exception:  # a broken curl_cffi must read as "not available", not break the portal
        return False


def canary_profile() -> Creator | str | None:
    """TIKTOK_CANARY_PROFILE, else the first monitored creator still active."""
    configured = current_app.config["TIKTOK_CANARY_PROFILE"]
    if configured:
        return Creator.by_username(configured) or configured
    return db.session.scalar(select(Creator).where(Creator.is_active.is_(True)).order_by(Creator.id).limit(1))


def run_canary() -> dict:
    """List the canary profile's newest videos: the result the portal shows (and warns about when it failed)."""
    profile = canary_profile()
    checked_at = utcnow().isoformat()
    if profile is None:
        message = N_("No profile to check: monitor a creator or set TIKTOK_CANARY_PROFILE.")
        return {"ok": None, "username": None, "videos": 0, "message": message, "checkedAt": checked_at}
    handle, sec_uid = (profile.username, profile.sec_uid) if isinstance(profile, Creator) else (profile, None)
    try:
        listing = tiktok.list_creator(handle, sec_uid, CANARY_VIDEOS, CANARY_VIDEOS)
        found = sum(1 for _ in listing.entries)
    except tiktok.SourceError as exc:
        return {
            "ok": False,
            "username": handle,
            "videos": 0,
            "blocked": isinstance(exc, tiktok.Blocked),
            "cause": exc.key,
            "message": N_("Listing @{username} failed: {cause}").format(username=handle, cause=exc.summary),
            "advice": exc.suggestion,
            "details": exc.raw,
            "checkedAt": checked_at,
        }
    if not found:
        message = N_("TikTok listed no videos of @{username}: listings may have stopped working. Update yt-dlp.")
        message = message.format(username=handle)
        return {"ok": False, "username": handle, "videos": 0, "message": message, "checkedAt": checked_at}
    message = N_("Listed the {count} newest videos of @{username}.").format(count=found, username=handle)
    return {"ok": True, "username": handle, "videos": found, "message": message, "checkedAt": checked_at}


def _latest_canary() -> dict | None:
    job = fail_if_abandoned(Job.newest(JobKind.TIKTOK_CANARY))
    if job is None:
        return None
    return {"jobId": job.id, "status": job.status, **(job.result or {}), "error": job.error}


def _iso(moment: datetime | None) -> str | None:
    return as_utc(moment).isoformat() if moment is not None else None


def _last_listing() -> datetime | None:
    refreshed = db.session.scalar(select(func.max(Creator.last_listed_at)))
    extracted = next(
        (
            job.finished_at
            for job in db.session.scalars(
                select(Job)
                .where(Job.kind == JobKind.PROFILE_EXTRACTION, Job.status == "finished")
                .order_by(Job.finished_at.desc())
                .limit(20)
            )
            if (job.result or {}).get("success")
        ),
        None,
    )
    return max((as_utc(m) for m in (refreshed, extracted) if m is not None), default=None)


@dataclass(frozen=True)
class Block:
    """When TikTok last blocked the site, why, and until when scheduled work waits (Redis keeps these)."""

    at: str | None = None
    cause: str | None = None
    until: str | None = None


def warnings(
    ytdlp_age: int | None,
    impersonation: bool,
    canary: dict | None,
    curl_cffi: tuple[str | None, str | None] = (None, None),
) -> list[str]:
    """What the portal shows every admin at the top, until it is fixed; `curl_cffi` is (installed, pinned)."""
    found = []
    if canary and canary.get("ok") is False:
        found.append(N_("The daily TikTok check failed: {message}").format(message=canary.get("message")))
    if ytdlp_age is not None and ytdlp_age > OUTDATED_AFTER.days:
        found.append(
            N_("yt-dlp {version} is {days} days old; TikTok changes often. Update it: {command}").format(
                version=YTDLP_VERSION, days=ytdlp_age, command=UPDATE_COMMAND
            )
        )
    installed, pinned = curl_cffi
    if pinned and installed != pinned:
        found.append(
            N_("curl_cffi {installed} is installed, but yt-dlp is built for {pinned}. Run {command}.").format(
                installed=installed, pinned=pinned, command=UPDATE_COMMAND
            )
        )
    if not impersonation:
        found.append(
            N_("Browser impersonation is not available (curl_cffi): TikTok blocks far more. Run make upgrade.")
        )
    return found


def status(last_block: Callable[[], Block]) -> dict:
    """GET /api/admin/tiktok-status. The newest block is read after the canary: a worker notes a block before it
    finishes the job, so a finished canary is never shown without the block it met."""
    config = current_app.config
    released = ytdlp_release()
    age = (utcnow().date() - released).days if released else None
    impersonation = impersonation_available()
    cookies = config["TIKTOK_COOKIES_FILE"]
    canary = _latest_canary()
    block = last_block()
    curl_cffi = (_installed("curl_cffi"), pinned_curl_cffi())
    return {
        "source": config["TIKTOK_SOURCE"],
        "ytdlpVersion": YTDLP_VERSION,
        "ytdlpReleased": released.isoformat() if released else None,
        "ytdlpAgeDays": age,
        "curlCffiVersion": curl_cffi[0],
        "curlCffiPinned": curl_cffi[1],
        "impersonation": impersonation,
        "cookiesFile": bool(cookies),
        "cookiesFileReadable": bool(cookies) and Path(cookies).is_file(),
        "proxy": bool(config["TIKTOK_PROXY"]),
        "sleepRequests": config["TIKTOK_SLEEP_REQUESTS"],
        "lastListing": _iso(_last_listing()),
        "lastMetadata": _iso(db.session.scalar(select(func.max(Video.metadata_extracted_at)))),
        "lastDownload": _iso(
            db.session.scalar(select(func.max(Download.finished_at)).where(Download.status == "finished"))
        ),
        "lastBlocked": block.at,
        "lastBlockCause": block.cause,
        "backoffUntil": block.until,
        "canary": canary,
        "updateCommand": UPDATE_COMMAND,
        "warnings": warnings(age, impersonation, canary, curl_cffi),
    }

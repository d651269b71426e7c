"""All models, imported here so Alembic and the app see every table."""

from app.extensions import db
from app.models.catalog_day import CHECK_OUTCOMES, CatalogDay
from app.models.creator import MOST_FOLLOWED_FIRST, Creator, Follow
from app.models.hashtag import Hashtag, HashtagYear, VideoHashtag
from app.models.inbox import CONTACT_SUBJECTS, ContactMessage, Upload
from app.models.job import Download, Job, JobKind
from app.models.playlist import Playlist, PlaylistEntry
from app.models.report import REPORT_STATUSES, VideoReport
from app.models.settings import GLOBAL_SETTINGS_ID, PLAYER_SETTING_DEFAULTS, PlayerSettings, VideoPosition
from app.models.trend import Trend, TrendStarter, TrendWeek
from app.models.user import (
    ROLE_ADMIN,
    ROLE_USER,
    AuthSession,
    PasswordReset,
    PendingEmailChange,
    PendingRegistration,
    RecoveryCode,
    User,
    UsernameRedirect,
)
from app.models.video import Video

__all__ = [
    "CHECK_OUTCOMES",
    "CONTACT_SUBJECTS",
    "GLOBAL_SETTINGS_ID",
    "MOST_FOLLOWED_FIRST",
    "PLAYER_SETTING_DEFAULTS",
    "REPORT_STATUSES",
    "ROLE_ADMIN",
    "ROLE_USER",
    "AuthSession",
    "CatalogDay",
    "ContactMessage",
    "Creator",
    "Download",
    "Follow",
    "Hashtag",
    "HashtagYear",
    "Job",
    "JobKind",
    "PasswordReset",
    "PendingEmailChange",
    "PendingRegistration",
    "PlayerSettings",
    "Playlist",
    "PlaylistEntry",
    "RecoveryCode",
    "Trend",
    "TrendStarter",
    "TrendWeek",
    "Upload",
    "User",
    "UsernameRedirect",
    "Video",
    "VideoHashtag",
    "VideoPosition",
    "VideoReport",
]


def _never_reuse_ids() -> None:
    """SQLite gives a deleted row's id to the next row unless the table is AUTOINCREMENT; ids reach clients."""
    for table in db.metadata.tables.values():
        key = list(table.primary_key.columns)
        if len(key) == 1 and key[0].autoincrement in (True, "auto") and key[0].type.python_type is int:
            table.dialect_kwargs["sqlite_autoincrement"] = True


_never_reuse_ids()

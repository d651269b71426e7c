"""All models, imported here so Alembic and the app see every table."""

from app.models.creator import Creator, Follow
from app.models.hashtag import Hashtag, HashtagYear, VideoHashtag
from app.models.inbox import CONTACT_SUBJECTS, ContactMessage, Upload
from app.models.job import Download, Job
from app.models.playlist import Playlist, PlaylistEntry
from app.models.report import REPORT_STATUSES, VideoReport
from app.models.settings import GLOBAL_SETTINGS_ID, PLAYER_SETTING_DEFAULTS, PlayerSettings, VideoPosition
from app.models.trend import Trend
from app.models.user import ROLE_ADMIN, ROLE_USER, PasswordReset, RecoveryCode, User, UsernameRedirect
from app.models.video import Video

__all__ = [
    "CONTACT_SUBJECTS",
    "GLOBAL_SETTINGS_ID",
    "PLAYER_SETTING_DEFAULTS",
    "REPORT_STATUSES",
    "ROLE_ADMIN",
    "ROLE_USER",
    "ContactMessage",
    "Creator",
    "Download",
    "Follow",
    "Hashtag",
    "HashtagYear",
    "Job",
    "PasswordReset",
    "PlayerSettings",
    "Playlist",
    "PlaylistEntry",
    "RecoveryCode",
    "Trend",
    "Upload",
    "User",
    "UsernameRedirect",
    "Video",
    "VideoHashtag",
    "VideoPosition",
    "VideoReport",
]

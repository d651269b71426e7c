"""Configuration read from the environment; TestConfig for the test suite."""

import os
import secrets
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
INSTANCE_DIR = Path(os.environ.get("INSTANCE_DIR", PROJECT_ROOT / "instance"))


def _secret_key() -> str:
    """SECRET_KEY from the environment, else one generated once and kept in instance/."""
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    key_file = INSTANCE_DIR / "secret_key"
    if not key_file.exists():
        INSTANCE_DIR.mkdir(parents=True, exist_ok=True)
        key_file.write_text(secrets.token_hex(32))
        key_file.chmod(0o600)
    return key_file.read_text().strip()


def _bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    return default if value is None else value.strip().lower() in {"1", "true", "yes", "on"}


class Config:
    """Settings for a running site; every value can be overridden by an environment variable."""

    def __init__(self) -> None:
        self.SECRET_KEY = _secret_key()
        self.SQLALCHEMY_DATABASE_URI = normalize_database_url(
            os.environ.get("DATABASE_URL", f"sqlite:///{INSTANCE_DIR / 'danza.db'}")
        )
        self.REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
        self.PORT = int(os.environ.get("PORT", "8000"))
        self.MEDIA_DIR = os.environ.get("MEDIA_DIR", str(PROJECT_ROOT / "media"))
        self.BRAND_NAME = os.environ.get("BRAND_NAME", "Danza")
        self.SITE_URL = os.environ.get("SITE_URL", "").rstrip("/")
        self.TWITTER_SITE = os.environ.get("TWITTER_SITE", "")
        self.TIKTOK_OEMBED_URL = os.environ.get("TIKTOK_OEMBED_URL", "https://www.tiktok.com/oembed")
        self.TIKTOK_SOURCE = os.environ.get("TIKTOK_SOURCE", "ytdlp")
        self.TIKTOK_FIXTURES_DIR = os.environ.get("TIKTOK_FIXTURES_DIR") or (
            str(PROJECT_ROOT / "tests" / "fixtures" / "tiktok") if self.TIKTOK_SOURCE == "fixtures" else ""
        )
        self.TIKTOK_SOCKET_TIMEOUT = int(os.environ.get("TIKTOK_SOCKET_TIMEOUT", "30"))
        self.TIKTOK_REQUEST_TIMEOUT = int(os.environ.get("TIKTOK_REQUEST_TIMEOUT", "10"))
        self.DOWNLOAD_MAX_BYTES = int(os.environ.get("DOWNLOAD_MAX_BYTES", str(500 * 1024 * 1024)))
        self.DOWNLOAD_TIMEOUT = int(os.environ.get("DOWNLOAD_TIMEOUT", "600"))
        self.BULK_DOWNLOAD_MAX_VIDEOS = int(os.environ.get("BULK_DOWNLOAD_MAX_VIDEOS", "1000"))
        self.SMTP_HOST = os.environ.get("SMTP_HOST", "")
        self.SMTP_PORT = int(os.environ.get("SMTP_PORT", "587"))
        self.SMTP_USERNAME = os.environ.get("SMTP_USERNAME", "")
        self.SMTP_PASSWORD = os.environ.get("SMTP_PASSWORD", "")
        self.SMTP_STARTTLS = _bool("SMTP_STARTTLS", True)
        self.MAIL_FROM = os.environ.get("MAIL_FROM", f"no-reply@{os.environ.get('MAIL_DOMAIN', 'localhost')}")
        self.TIKTOK_PLAYER_ORIGIN = os.environ.get("TIKTOK_PLAYER_ORIGIN", "https://www.tiktok.com").rstrip("/")
        self.RATELIMIT_STORAGE_URI = os.environ.get("RATELIMIT_STORAGE_URI", self.REDIS_URL)
        self.RQ_QUEUE_PREFIX = os.environ.get("RQ_QUEUE_PREFIX", "")
        self.SESSION_COOKIE_SECURE = _bool("SESSION_COOKIE_SECURE", False)
        self.REMEMBER_COOKIE_SECURE = self.SESSION_COOKIE_SECURE

    SQLALCHEMY_ENGINE_OPTIONS = {"pool_pre_ping": True}
    SESSION_COOKIE_HTTPONLY = True
    SESSION_COOKIE_SAMESITE = "Lax"
    REMEMBER_COOKIE_HTTPONLY = True
    REMEMBER_COOKIE_SAMESITE = "Lax"
    REMEMBER_COOKIE_DURATION = 60 * 60 * 24 * 30
    WTF_CSRF_CHECK_DEFAULT = False
    WTF_CSRF_TIME_LIMIT = None
    WTF_CSRF_HEADERS = ["X-CSRFToken", "X-CSRF-Token"]
    RATELIMIT_HEADERS_ENABLED = True
    RATELIMIT_IN_MEMORY_FALLBACK_ENABLED = True
    RATELIMIT_KEY_PREFIX = "danza-limits"
    AUTH_TOKEN_MAX_AGE = 60 * 60 * 24 * 30
    LOGIN_RATE_LIMIT = "10 per minute;50 per hour"
    REGISTER_RATE_LIMIT = "5 per minute;30 per hour"
    CONTACT_RATE_LIMIT = "5 per minute;20 per day"
    FEED_RATE_LIMIT = "120 per minute"
    REPORT_RATE_LIMIT = "20 per minute;200 per day"
    FORGOT_PASSWORD_RATE_LIMIT = "5 per minute;20 per hour"
    EXTRACT_RATE_LIMIT = "10 per hour"
    # Each call asks TikTok once; the Following feed makes one per video that lacks metadata.
    METADATA_RATE_LIMIT = "30 per minute;300 per hour"
    PAGE_SIZE_CAP = 100
    MAX_CONTENT_LENGTH = 120 * 1024 * 1024  # a 100 MB video, its thumbnail and the form
    JOB_TIMEOUT = 60 * 60
    TESTING = False


class TestConfig(Config):
    """Isolated settings for tests: a throwaway database, in-memory limits."""

    def __init__(self, database_url: str, media_dir: str) -> None:
        super().__init__()
        self.SQLALCHEMY_DATABASE_URI = normalize_database_url(database_url)
        self.MEDIA_DIR = media_dir
        self.RATELIMIT_STORAGE_URI = "memory://"
        self.REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
        self.RQ_QUEUE_PREFIX = f"test-{os.getpid()}-"  # test runs sharing one Redis never take each other's jobs
        self.TIKTOK_SOURCE = "fixtures"  # tests never reach TikTok; the yt-dlp source has tests of its own
        self.TIKTOK_FIXTURES_DIR = str(PROJECT_ROOT / "tests" / "fixtures" / "tiktok")
        self.TIKTOK_PLAYER_ORIGIN = os.environ.get("TIKTOK_PLAYER_ORIGIN", "https://www.tiktok.com")

    TESTING = True
    ARGON2_PARAMETERS = {"time_cost": 1, "memory_cost": 1024, "parallelism": 1}


def normalize_database_url(url: str) -> str:
    """Point postgres URLs at the psycopg 3 driver."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url

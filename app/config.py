"""Configuration read from the environment; TestConfig for the test suite."""

import contextlib
import os
import secrets
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

PROJECT_ROOT = Path(__file__).resolve().parent.parent
INSTANCE_DIR = Path(os.environ.get("INSTANCE_DIR", PROJECT_ROOT / "instance"))


def kept_secret_key(key_file: Path) -> str:
    """SECRET_KEY from the environment, else one generated once and kept in `key_file`."""
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    if not key_file.exists():
        key_file.parent.mkdir(parents=True, exist_ok=True)
        # Written whole under a name of its own (mode 600), then linked into place: of processes starting together
        # on a new instance (gunicorn's workers, the RQ worker), the first to link wins and every one reads its key.
        descriptor, draft = tempfile.mkstemp(dir=key_file.parent, prefix=".secret_key.")
        try:
            with os.fdopen(descriptor, "w") as draft_file:
                draft_file.write(secrets.token_hex(32))
            with contextlib.suppress(FileExistsError):
                os.link(draft, key_file)
        finally:
            os.unlink(draft)
    return key_file.read_text().strip()


def _site_url(production: bool, port: int) -> str:
    """The public address every absolute URL is built from; only a development server may default it."""
    url = os.environ.get("SITE_URL", "").strip().rstrip("/")
    if not url and production:
        raise RuntimeError(
            "SITE_URL must be set in production: the public address of the site, such as https://example.com. "
            "Links in e-mails, feeds and pages are built from it, never from a request's Host header."
        )
    url = url or f"http://127.0.0.1:{port}"
    if urlsplit(url).scheme not in ("http", "https") or not urlsplit(url).hostname:
        raise RuntimeError(f"SITE_URL must be an http(s) address such as https://example.com, not {url!r}")
    return url


def _trusted_hosts(site_url: str) -> list[str]:
    """SITE_URL's host name and any others listed in TRUSTED_HOSTS (comma-separated)."""
    site_host = urlsplit(site_url).hostname
    assert site_host is not None  # _site_url refuses an address without one
    extra = [host.strip() for host in os.environ.get("TRUSTED_HOSTS", "").split(",") if host.strip()]
    return [site_host, *extra]


def _bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    return default if value is None else value.strip().lower() in {"1", "true", "yes", "on"}


class Config:
    """Settings for a running site; every value can be overridden by an environment variable."""

    def __init__(self) -> None:
        self.SECRET_KEY = kept_secret_key(INSTANCE_DIR / "secret_key")
        self.SQLALCHEMY_DATABASE_URI = normalize_database_url(
            os.environ.get("DATABASE_URL", f"sqlite:///{INSTANCE_DIR / 'danza.db'}")
        )
        self.REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
        self.PORT = int(os.environ.get("PORT", "8000"))
        self.MEDIA_DIR = os.environ.get("MEDIA_DIR", str(PROJECT_ROOT / "media"))
        self.BRAND_NAME = os.environ.get("BRAND_NAME", "Danza")
        self.PRODUCTION = _bool("PRODUCTION", False)
        self.SITE_URL = _site_url(self.PRODUCTION, self.PORT)
        # In production a request for any other host is refused (400): links built from it are never trusted.
        self.TRUSTED_HOSTS = _trusted_hosts(self.SITE_URL) if self.PRODUCTION else None
        self.TWITTER_SITE = os.environ.get("TWITTER_SITE", "")
        self.TIKTOK_OEMBED_URL = os.environ.get("TIKTOK_OEMBED_URL", "https://www.tiktok.com/oembed")
        self.TIKTOK_SOURCE = os.environ.get("TIKTOK_SOURCE", "ytdlp")
        self.TIKTOK_FIXTURES_DIR = os.environ.get("TIKTOK_FIXTURES_DIR") or (
            str(PROJECT_ROOT / "tests" / "fixtures" / "tiktok") if self.TIKTOK_SOURCE == "fixtures" else ""
        )
        self.TIKTOK_SOCKET_TIMEOUT = int(os.environ.get("TIKTOK_SOCKET_TIMEOUT", "30"))
        self.TIKTOK_REQUEST_TIMEOUT = int(os.environ.get("TIKTOK_REQUEST_TIMEOUT", "10"))
        # Given to every yt-dlp call: a Netscape cookies file of a signed-in browser (login-gated posts, fewer
        # blocks), a proxy URL, and the pause in seconds between two requests to TikTok.
        self.TIKTOK_COOKIES_FILE = os.environ.get("TIKTOK_COOKIES_FILE", "")
        self.TIKTOK_PROXY = os.environ.get("TIKTOK_PROXY", "")
        self.TIKTOK_SLEEP_REQUESTS = float(os.environ.get("TIKTOK_SLEEP_REQUESTS", "0.75"))
        # The profile the daily canary lists (the first monitored creator when unset).
        self.TIKTOK_CANARY_PROFILE = os.environ.get("TIKTOK_CANARY_PROFILE", "")
        # Seconds before each new attempt after TikTok could not be reached.
        self.TIKTOK_RETRY_DELAYS = tuple(float(s) for s in os.environ.get("TIKTOK_RETRY_DELAYS", "5,20,60").split(","))
        self.DOWNLOAD_MAX_BYTES = int(os.environ.get("DOWNLOAD_MAX_BYTES", str(500 * 1024 * 1024)))
        self.DOWNLOAD_TIMEOUT = int(os.environ.get("DOWNLOAD_TIMEOUT", "600"))
        self.BULK_DOWNLOAD_MAX_VIDEOS = int(os.environ.get("BULK_DOWNLOAD_MAX_VIDEOS", "1000"))
        self.UPLOAD_RATE_LIMIT = os.environ.get("UPLOAD_RATE_LIMIT", "5 per minute;30 per day")
        self.UPLOAD_QUOTA_BYTES = int(os.environ.get("UPLOAD_QUOTA_BYTES", str(1024 * 1024 * 1024)))
        self.SMTP_HOST = os.environ.get("SMTP_HOST", "")
        self.SMTP_PORT = int(os.environ.get("SMTP_PORT", "587"))
        self.SMTP_USERNAME = os.environ.get("SMTP_USERNAME", "")
        self.SMTP_PASSWORD = os.environ.get("SMTP_PASSWORD", "")
        self.SMTP_STARTTLS = _bool("SMTP_STARTTLS", True)
        self.MAIL_FROM = os.environ.get("MAIL_FROM", f"no-reply@{os.environ.get('MAIL_DOMAIN', 'localhost')}")
        self.TIKTOK_PLAYER_ORIGIN = os.environ.get("TIKTOK_PLAYER_ORIGIN", "https://www.tiktok.com").rstrip("/")
        self.RATELIMIT_STORAGE_URI = os.environ.get("RATELIMIT_STORAGE_URI", self.REDIS_URL)
        # Off only for a load benchmark: every limit is also settable one by one (*_RATE_LIMIT).
        self.RATELIMIT_ENABLED = _bool("RATELIMIT_ENABLED", True)
        self.RQ_QUEUE_PREFIX = os.environ.get("RQ_QUEUE_PREFIX", "")
        # Shared answers (pages for visitors, catalog lists) kept in Redis until the content changes.
        self.CACHE_ENABLED = _bool("CACHE_ENABLED", True)
        self.CACHE_KEY_PREFIX = os.environ.get("CACHE_KEY_PREFIX", "danza-cache")
        # Cookies go only over HTTPS when the site is served over it (SESSION_COOKIE_SECURE overrides).
        self.SESSION_COOKIE_SECURE = _bool("SESSION_COOKIE_SECURE", self.SITE_URL.startswith("https://"))
        # Reverse proxies in front of the site whose X-Forwarded-For/-Proto to believe: 1 behind Caddy (`make
        # serve`), 0 when gunicorn faces visitors itself, where any such header is a visitor's own claim.
        self.PROXY_HOPS = int(os.environ.get("PROXY_HOPS", "0"))
        self.REMEMBER_COOKIE_SECURE = self.SESSION_COOKIE_SECURE
        # Seconds a SQLite write waits for another writer before the request answers 503.
        self.SQLITE_BUSY_TIMEOUT = float(os.environ.get("SQLITE_BUSY_TIMEOUT", "5"))
        for name in [name for name in dir(self) if name.endswith("_RATE_LIMIT") and name in os.environ]:
            setattr(self, name, os.environ[name])  # a deployment (or the soak) may set any limit

    @property
    def SQLALCHEMY_ENGINE_OPTIONS(self) -> dict:
        """A server's pooled connections are checked as they are taken, by the BEGIN each sends then (see
        app/__init__.py), so a dropped one is replaced rather than failing a request; SQLite's are files this
        process holds open, which nothing drops."""
        if self.SQLALCHEMY_DATABASE_URI.startswith("sqlite"):
            return {"connect_args": {"timeout": self.SQLITE_BUSY_TIMEOUT}}
        return {}

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
    # Wrong passwords for one account, from any address (a right one never counts).
    LOGIN_ACCOUNT_RATE_LIMIT = "10 per 15 minutes;100 per day"
    REGISTER_RATE_LIMIT = "5 per minute;30 per hour"
    CONTACT_RATE_LIMIT = "5 per minute;20 per day"
    FEED_RATE_LIMIT = "120 per minute"
    # Hashtags over a range of days, counted from its videos at each request (see feeds.counted_from_videos).
    COUNTED_RANGE_RATE_LIMIT = "6 per minute;60 per hour"
    REPORT_RATE_LIMIT = "20 per minute;200 per day"
    FORGOT_PASSWORD_RATE_LIMIT = "5 per minute;20 per hour"
    # Links mailed to new e-mail addresses, per account (each one mails an address the account may not own).
    EMAIL_CHANGE_RATE_LIMIT = "3 per minute;10 per hour"
    EXTRACT_RATE_LIMIT = "10 per hour"
    # Each call asks TikTok once; the Following feed makes one per video that lacks metadata.
    METADATA_RATE_LIMIT = "30 per minute;300 per hour"
    PAGE_SIZE_CAP = 100
    # Any other body (JSON, a page's form), unless its operation declares more (confirm-profile's 10,000 video ids).
    BODY_MAX_BYTES = 64 * 1024
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
        self.CACHE_KEY_PREFIX = f"test-{os.getpid()}-cache"
        self.TIKTOK_SOURCE = "fixtures"  # tests never reach TikTok; the yt-dlp source has tests of its own
        self.TIKTOK_FIXTURES_DIR = str(PROJECT_ROOT / "tests" / "fixtures" / "tiktok")
        self.TIKTOK_PLAYER_ORIGIN = os.environ.get("TIKTOK_PLAYER_ORIGIN", "https://www.tiktok.com")
        self.SITE_URL = "http://localhost"

    TESTING = True
    ARGON2_PARAMETERS = {"time_cost": 1, "memory_cost": 1024, "parallelism": 1}


def normalize_database_url(url: str) -> str:
    """Point postgres URLs at the psycopg 3 driver."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url

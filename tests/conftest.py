"""Fixtures shared by every test: the app on SQLite or PostgreSQL, clients, factories, and for the tests of
background work a real Redis, a real RQ worker process and a fake TikTok oEmbed endpoint."""

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from flask import g
from flask.testing import FlaskClient
from flask_migrate import upgrade
from redis import Redis
from redis.exceptions import ConnectionError as RedisConnectionError
from sqlalchemy import create_engine, make_url, text
from sqlalchemy.exc import DBAPIError
from xdist.scheduler import LoadScopeScheduling

from app import create_app
from app.config import TestConfig
from app.extensions import db, limiter
from app.jobs import QUEUE_NAMES, get_queue, redis_connection
from app.services import accounts, cache
from tests.fakes.oembed import FakeOEmbed

DEFAULT_PASSWORD = "secret123"
PROJECT_ROOT = Path(__file__).resolve().parents[1]
# The shipped profile listings the fixtures TikTok source reads (TestConfig's TIKTOK_FIXTURES_DIR).
TIKTOK_FIXTURES = PROJECT_ROOT / "tests" / "fixtures" / "tiktok"


OPERATIONS_TESTS = "tests/ops/"


class OperationsApart(LoadScopeScheduling):
    """Each test to whichever process is free, as xdist's `load` gives them, except the operations tests (the soak,
    the load benchmark, the proxy, faults and two instances): they load the machine or wait on services they start,
    so one of them beside another fails on time. They go as one unit to one process, first, being the largest."""

    def _split_scope(self, nodeid: str) -> str:
        return OPERATIONS_TESTS if nodeid.startswith(OPERATIONS_TESTS) else nodeid


def pytest_xdist_make_scheduler(config: pytest.Config, log) -> LoadScopeScheduling | None:
    return OperationsApart(config, log) if config.getvalue("dist") == "load" else None


def _run_is_over(database: str, prefix: str) -> bool:
    """Whether the test run that named a database `{prefix}{pid}` has ended (its process is gone)."""
    pid = database.removeprefix(prefix)
    if not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


@contextmanager
def _database_of_this_run(url: str) -> Iterator[str]:
    """On PostgreSQL, a database of this run's own beside the given one, so runs (and a run's processes) at the same
    time keep apart; the given database itself when the role may not create databases and the run is one process."""
    server = make_url(url)
    prefix = f"{server.database}_run_"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    name = f"{prefix}{os.getpid()}"
    try:
        with admin.connect() as conn:
            for stale in conn.execute(text("SELECT datname FROM pg_database")).scalars():
                if stale.startswith(prefix) and _run_is_over(stale, prefix):
                    conn.execute(text(f'DROP DATABASE IF EXISTS "{stale}" WITH (FORCE)'))
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    except DBAPIError as exc:
        admin.dispose()
        if int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")) > 1:  # the processes would share one database
            raise RuntimeError(
                f"The role of {url} may not create databases, so the test processes would share one: "
                "run them in one process (make test PYTEST_WORKERS=0)"
            ) from exc
        yield url
        return
    try:
        yield server.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(scope="session")
def database_url(tmp_path_factory) -> Iterator[str]:
    """SQLite in a temporary folder, or PostgreSQL when TEST_DATABASE_URL names a server and database."""
    url = os.environ.get("TEST_DATABASE_URL")
    if not url:
        yield f"sqlite:///{tmp_path_factory.mktemp('db') / 'test.db'}"
        return
    with _database_of_this_run(url) as own:
        yield own


def _reset_schema() -> None:
    """Start from an empty database so the migration chain itself is what builds the schema."""
    if db.engine.dialect.name == "postgresql":
        with db.engine.begin() as conn:
            conn.execute(text("DROP SCHEMA public CASCADE"))
            conn.execute(text("CREATE SCHEMA public"))
    else:
        db.drop_all()
        with db.engine.begin() as conn:
            conn.execute(text("DROP TABLE IF EXISTS alembic_version"))


class FreshRequestClient(FlaskClient):
    """Tests hold an app context, which Flask reuses for client requests; give each request an empty `g`,
    as a real request would have (Flask-Login and CSRF cache per-request state there)."""

    def open(self, *args, **kwargs):
        for name in list(vars(g)):
            delattr(g, name)
        return super().open(*args, **kwargs)


@pytest.fixture(scope="session")
def app(tmp_path_factory, database_url):
    root = tmp_path_factory.mktemp("app")
    app = create_app(TestConfig(database_url, str(root / "media")))
    app.test_client_class = FreshRequestClient
    with app.app_context():
        _reset_schema()
        upgrade()
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def _clean_tables() -> None:
    tables = [t.name for t in reversed(db.metadata.sorted_tables)]
    if db.engine.dialect.name == "postgresql":
        db.session.execute(text(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE"))
    else:
        for name in tables:
            db.session.execute(text(f"DELETE FROM {name}"))
    db.session.commit()


@pytest.fixture(autouse=True)
def _app_context(app):
    with app.app_context():
        yield
        db.session.rollback()
        _clean_tables()
        cache.content_changed()  # the deletes above are plain SQL, which the cache does not watch
        db.session.remove()
    limiter.reset()


class ApiClient:
    """A test client that sends JSON and the CSRF token the islands fetch before their first write."""

    def __init__(self, client):
        self.client = client
        self.csrf_token: str | None = None

    def refresh_csrf(self) -> str:
        self.csrf_token = self.client.get("/api/auth/csrf").get_json()["csrfToken"]
        return self.csrf_token

    def request(self, method: str, path: str, json_body=None, *, csrf: bool = True, token: str | None = None, **kwargs):
        headers = dict(kwargs.pop("headers", {}))
        if csrf and method != "GET":
            headers["X-CSRFToken"] = self.csrf_token or self.refresh_csrf()
        if token:
            headers["Authorization"] = f"Bearer {token}"
        response = self.client.open(path, method=method, json=json_body, headers=headers, **kwargs)
        body = response.get_json(silent=True)
        if isinstance(body, dict) and body.get("csrfToken"):
            self.csrf_token = body["csrfToken"]  # the session was renewed, as a browser would see
        return response

    def get(self, path, **kwargs):
        return self.request("GET", path, **kwargs)

    def post(self, path, json_body=None, **kwargs):
        return self.request("POST", path, json_body, **kwargs)

    def put(self, path, json_body=None, **kwargs):
        return self.request("PUT", path, json_body, **kwargs)

    def delete(self, path, **kwargs):
        return self.request("DELETE", path, **kwargs)

    def login(self, email: str, password: str = DEFAULT_PASSWORD, remember: bool = False):
        return self.post("/api/auth/login", {"email": email, "password": password, "remember": remember})


def wait_for(predicate, seconds: float = 60):
    """`predicate()`'s first true answer, read afresh from the database each time; fails after `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        db.session.expire_all()
        if value := predicate():
            return value
        time.sleep(0.1)
    raise AssertionError("timed out")


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def api(app):
    return ApiClient(app.test_client())


@pytest.fixture
def make_user():
    def factory(
        username: str = "dancer", email: str | None = None, password: str = DEFAULT_PASSWORD, role: str = "user"
    ):
        return accounts.register(username, email or f"{username.lower()}@example.com", password, role=role)

    return factory


@pytest.fixture
def user(make_user):
    return make_user("dancer")


@pytest.fixture
def admin(make_user):
    return make_user("boss", role="admin")


FIXTURE_CATALOG = Path(__file__).parent / "fixtures" / "catalog_small.jsonl"


@pytest.fixture
def catalog():
    """The small real-data catalog (42 valid videos), loaded through the ingestion service."""
    from app.services.catalog_files import ReadStats, read_catalog
    from app.services.ingest import ingest_records

    return ingest_records(read_catalog(FIXTURE_CATALOG, ReadStats()))


# ---- background work ---------------------------------------------------------------------------------


@pytest.fixture
def queues(app):
    try:
        Redis.from_url(app.config["REDIS_URL"]).ping()
    except RedisConnectionError as exc:
        raise RuntimeError(f"Job tests need Redis at {app.config['REDIS_URL']} (make test starts one)") from exc
    _clear_jobs(app)
    yield
    _clear_jobs(app)


def _clear_jobs(app) -> None:
    """This run's queues, their scheduled jobs and its schedule locks (prefixed keys): a real worker started by an
    earlier test of this process (the soak's) schedules the daily jobs and holds their locks for a day."""
    client = redis_connection()
    for key in client.scan_iter(match=f"{app.config['RQ_QUEUE_PREFIX']}*"):
        client.delete(key)
    for name in QUEUE_NAMES:
        queue = get_queue(name)
        queue.empty()
        for job_id in queue.scheduled_job_registry.get_job_ids():
            queue.scheduled_job_registry.remove(job_id, delete_job=True)


@pytest.fixture
def run_worker(app, queues, tmp_path):
    """Run `flask jobs worker --burst` in its own process until the queues are empty."""

    def run(*queue_names: str) -> subprocess.CompletedProcess:
        env = {
            **os.environ,
            "DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"],
            "REDIS_URL": app.config["REDIS_URL"],
            "SITE_URL": app.config["SITE_URL"],
            "RQ_QUEUE_PREFIX": app.config["RQ_QUEUE_PREFIX"],
            "INSTANCE_DIR": str(tmp_path),
            "MEDIA_DIR": app.config["MEDIA_DIR"],
            "TIKTOK_OEMBED_URL": app.config["TIKTOK_OEMBED_URL"],
            "TIKTOK_SOURCE": app.config["TIKTOK_SOURCE"],
            "TIKTOK_FIXTURES_DIR": app.config["TIKTOK_FIXTURES_DIR"],
            "TIKTOK_RETRY_DELAYS": "0,0,0",  # the same three retries, without a test waiting 85 s for them
        }
        args = [sys.executable, "-m", "flask", "--app", "wsgi", "jobs", "worker", "--burst"]
        for name in queue_names:
            args += ["--queue", name]
        return subprocess.run(args, cwd=PROJECT_ROOT, env=env, capture_output=True, text=True, timeout=120, check=True)

    return run


class Outbox(list):
    """The e-mails the app sent, as (to, subject, body); `deliver()` runs the queued mail jobs here, as the
    worker would (tests/jobs runs them in a real worker)."""

    def deliver(self) -> "Outbox":
        queue = get_queue("maintenance")
        for job in queue.get_jobs():
            job.func(*job.args, **job.kwargs)
            job.delete()
        return self


@pytest.fixture
def outbox(monkeypatch, queues) -> Outbox:
    sent = Outbox()
    monkeypatch.setattr("app.services.mailer.deliver", lambda *message: sent.append(message))
    return sent


@pytest.fixture
def fake_oembed(app):
    """A fake TikTok oEmbed endpoint, set as the app's (and the worker's) TIKTOK_OEMBED_URL."""
    with FakeOEmbed() as fake:
        previous = app.config["TIKTOK_OEMBED_URL"]
        app.config["TIKTOK_OEMBED_URL"] = fake.url
        yield fake
        app.config["TIKTOK_OEMBED_URL"] = previous

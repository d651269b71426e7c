"""Job tests use a real Redis and a real RQ worker process, pointed at the test database."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from redis import Redis
from redis.exceptions import ConnectionError as RedisConnectionError

from app.jobs import QUEUE_NAMES, get_queue
from tests.fakes.oembed import FakeOEmbed

PROJECT_ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def queues(app):
    try:
        Redis.from_url(app.config["REDIS_URL"]).ping()
    except RedisConnectionError as exc:
        raise RuntimeError(f"Job tests need Redis at {app.config['REDIS_URL']} (make test starts one)") from exc
    for name in QUEUE_NAMES:
        get_queue(name).empty()
    yield
    for name in QUEUE_NAMES:
        get_queue(name).empty()


@pytest.fixture
def run_worker(app, queues, tmp_path):
    """Run `flask jobs worker --burst` in its own process until the queues are empty."""

    def run(*queue_names: str) -> subprocess.CompletedProcess:
        env = {
            **os.environ,
            "DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"],
            "REDIS_URL": app.config["REDIS_URL"],
            "RQ_QUEUE_PREFIX": app.config["RQ_QUEUE_PREFIX"],
            "INSTANCE_DIR": str(tmp_path),
            "MEDIA_DIR": app.config["MEDIA_DIR"],
            "TIKTOK_OEMBED_URL": app.config["TIKTOK_OEMBED_URL"],
            "TIKTOK_SOURCE": app.config["TIKTOK_SOURCE"],
            "TIKTOK_FIXTURES_DIR": app.config["TIKTOK_FIXTURES_DIR"],
        }
        args = [sys.executable, "-m", "flask", "--app", "wsgi", "jobs", "worker", "--burst"]
        for name in queue_names:
            args += ["--queue", name]
        return subprocess.run(args, cwd=PROJECT_ROOT, env=env, capture_output=True, text=True, timeout=120, check=True)

    return run


@pytest.fixture
def fake_oembed(app):
    """A fake TikTok oEmbed endpoint, set as the app's (and the worker's) TIKTOK_OEMBED_URL."""
    with FakeOEmbed() as fake:
        previous = app.config["TIKTOK_OEMBED_URL"]
        app.config["TIKTOK_OEMBED_URL"] = fake.url
        yield fake
        app.config["TIKTOK_OEMBED_URL"] = previous

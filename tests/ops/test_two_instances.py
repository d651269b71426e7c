"""Past one machine: two gunicorn instances on one PostgreSQL and one Redis, behind one Caddy balancing between them
(the README's "Running bigger"). Whatever one instance did, the other sees: sign-in, CSRF, rate limits, follows, a
job's progress and the shared cache's invalidation. Each check asks both instances directly, not only the proxy."""

import secrets
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack

import pytest
import requests
from sqlalchemy import make_url, select

from app.extensions import db
from app.models import Creator, Video, VideoHashtag
from tests.conftest import DEFAULT_PASSWORD, PROJECT_ROOT
from tests.ops.server import OwnRedis, gunicorn, wait_for
from tests.ops.test_proxy import CADDY, caddy, free_port, sign_in, visitor

pytestmark = [
    pytest.mark.skipif(CADDY is None, reason="Caddy is not installed (make test installs it)"),
    pytest.mark.jobs,
]


@pytest.fixture(scope="module")
def instances(app, tmp_path_factory) -> Iterator[tuple[str, list[str], dict[str, str]]]:
    """The proxy's base URL, the two instances' own URLs, and the settings they share."""
    if make_url(app.config["SQLALCHEMY_DATABASE_URI"]).get_backend_name() != "postgresql":
        pytest.skip("runs in the PostgreSQL pass of make test")
    folder = tmp_path_factory.mktemp("two-instances")
    redis = OwnRedis(folder / "redis")
    port = free_port()
    shared = {
        "DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"],
        "REDIS_URL": redis.url,
        "SECRET_KEY": secrets.token_hex(32),
        "RQ_QUEUE_PREFIX": app.config["RQ_QUEUE_PREFIX"],
        "INSTANCE_DIR": str(folder),
        "MEDIA_DIR": app.config["MEDIA_DIR"],
        "SITE_URL": f"http://localhost:{port}",
        "PROXY_HOPS": "1",
        "TIKTOK_SOURCE": "fixtures",
    }
    redis.start()
    try:
        with ExitStack() as stack:
            direct = [stack.enter_context(gunicorn(shared, workers=1))[0] for _ in range(2)]
            upstreams = [url.removeprefix("http://") for url in direct]
            own = [url.replace("127.0.0.1", "localhost") for url in direct]  # the cookies' host, as the proxy's
            stack.enter_context(caddy(app, folder / "caddy", address=f":{port}", upstreams=upstreams))
            base = f"http://localhost:{port}"
            wait_for(f"{base}/healthz")
            yield base, own, shared
    finally:
        redis.stop()


def test_a_sign_in_and_its_csrf_token_hold_on_either_instance(instances, user):
    base, own, _ = instances
    session = visitor("127.0.0.11")
    assert sign_in(session, base, user.email, DEFAULT_PASSWORD).status_code == 200
    for url in own:
        assert session.get(f"{url}/api/auth/me", timeout=10).json()["user"]["email"] == user.email
    token = session.get(f"{own[0]}/api/auth/csrf", timeout=10).json()["csrfToken"]
    body = {"followedUsers": ["dancer"]}
    answer = session.post(f"{own[1]}/api/tiktok/follow", json=body, headers={"X-CSRFToken": token}, timeout=10)
    assert answer.status_code == 200, answer.text


def test_a_follow_made_through_one_instance_is_seen_by_the_other(instances, user, catalog):
    base, own, _ = instances
    session = visitor("127.0.0.12")
    assert sign_in(session, base, user.email, DEFAULT_PASSWORD).status_code == 200
    creator = requests.get(f"{own[1]}/api/tiktok/random-video?count=1", timeout=10).json()["videos"][0]["username"]
    token = session.get(f"{own[0]}/api/auth/csrf", timeout=10).json()["csrfToken"]
    session.post(f"{own[0]}/api/tiktok/follow", json={"followedUsers": [creator]}, headers={"X-CSRFToken": token})
    for url in own:
        assert creator in session.get(f"{url}/api/tiktok/following-count", timeout=10).json()["subscribedTo"]


def test_rate_limits_add_up_across_instances(instances):
    _, own, _ = instances
    statuses = [
        sign_in(visitor("127.0.0.13"), own[i % 2], f"nobody{i}@example.com", "wrong").status_code for i in range(11)
    ]
    assert statuses == [401] * 10 + [429]


def test_a_jobs_progress_is_the_same_on_both_instances(instances, admin, catalog, fake_oembed):
    base, own, shared = instances
    session = visitor("127.0.0.14")
    assert sign_in(session, base, admin.email, DEFAULT_PASSWORD).status_code == 200
    token = session.get(f"{base}/api/auth/csrf", timeout=10).json()["csrfToken"]
    started = session.post(
        f"{own[0]}/api/tiktok/videos/enhanced-health-check",
        json={"delayBetweenRequests": 0},
        headers={"X-CSRFToken": token},
        timeout=10,
    )
    assert started.status_code == 202, started.text
    job = started.json()["jobId"]
    worker = {**shared, "TIKTOK_OEMBED_URL": fake_oembed.url}
    command = [sys.executable, "-m", "flask", "--app", "wsgi", "jobs", "worker", "--burst"]
    subprocess.run(command, cwd=PROJECT_ROOT, env={"PATH": "/usr/bin:/bin", **worker}, check=True, timeout=120)
    answers = [session.get(f"{url}/api/tiktok/videos/enhanced-health-check/{job}", timeout=10).json() for url in own]
    assert answers[0]["status"] == "finished"
    assert answers[0] == answers[1]


def test_a_change_through_one_instance_drops_the_other_instances_cached_answers(instances, admin, catalog):
    base, own, _ = instances
    listing = "/api/tiktok/hashtags?page=1&limit=1000"  # every hashtag: a deletion changes at least one count
    before = [requests.get(url + listing, timeout=10).json() for url in own]  # now kept in the shared cache
    assert before[0] == before[1] and before[0]["hashtags"]
    session = visitor("127.0.0.15")
    assert sign_in(session, base, admin.email, DEFAULT_PASSWORD).status_code == 200
    token = session.get(f"{own[1]}/api/auth/csrf", timeout=10).json()["csrfToken"]
    creator = db.session.scalar(  # a creator whose videos carry hashtags
        select(Creator.username).join(Video).join(VideoHashtag, VideoHashtag.video_id == Video.id).limit(1)
    )
    deleted = session.delete(f"{own[1]}/api/tiktok/usernames/{creator}", headers={"X-CSRFToken": token}, timeout=10)
    assert deleted.status_code == 200, deleted.text
    time.sleep(1.1)  # a worker's in-memory view of the cache is at most a second old
    after = [requests.get(url + listing, timeout=10).json() for url in own]
    assert after[0] == after[1]
    assert after[0] != before[0]

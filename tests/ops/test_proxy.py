"""The production shape: gunicorn behind the Caddy that `make serve` configures, started on free loopback ports.

Plain HTTP (as `make serve` without a domain) and HTTPS from Caddy's local CA (`tls internal`, standing in for the
certificate a public DOMAIN gets): visitors told apart by address, compression, cached static files, slow request
bodies that hold no worker, other hosts refused, Secure cookies and HSTS.
"""

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress
from pathlib import Path

import pytest
import requests
from requests.adapters import HTTPAdapter

from app.cli.site import proxy_site
from app.proxy import caddyfile
from tests.conftest import DEFAULT_PASSWORD
from tests.ops.server import PROJECT_ROOT, OwnRedis, free_port, gunicorn, wait_for

CADDY = shutil.which("caddy")
pytestmark = pytest.mark.skipif(CADDY is None, reason="Caddy is not installed (make test installs it)")
WORKERS = 2


@contextmanager
def caddy(app, folder: Path, **site) -> Iterator[None]:
    folder.mkdir(parents=True, exist_ok=True)
    config = folder / "Caddyfile"
    with app.app_context():
        config.write_text(caddyfile(proxy_site(storage=folder / "data", **site)))
    command = [CADDY, "run", "--config", str(config), "--adapter", "caddyfile"]
    log = (folder / "caddy.log").open("w")
    process = subprocess.Popen(command, cwd=folder, env={"HOME": str(folder), "PATH": "/usr/bin:/bin"}, stderr=log)
    try:
        yield
    finally:
        process.terminate()
        process.wait(10)
        log.close()


@contextmanager
def production_shape(app, folder: Path, scheme: str) -> Iterator[str]:
    """gunicorn told it sits behind one proxy, and Caddy in front; yields the public base URL."""
    port = free_port()
    base = f"{scheme}://localhost:{port}"
    redis = OwnRedis(folder / "redis")
    settings = {
        "DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"],
        "REDIS_URL": redis.url,
        "INSTANCE_DIR": str(folder),
        "MEDIA_DIR": app.config["MEDIA_DIR"],
        "SITE_URL": base,
        "PRODUCTION": "1",
        "PROXY_HOPS": "1",
        "TIKTOK_SOURCE": "fixtures",
    }
    redis.start()
    try:
        with ExitStack() as stack:
            upstream, _ = stack.enter_context(gunicorn(settings, workers=WORKERS))
            site = {"upstreams": [upstream.removeprefix("http://")]}
            if scheme == "https":
                site |= {
                    "address": base,
                    "tls_internal": True,
                    "http_port": free_port(),
                    "https_port": port,
                    "extra_global": ["\tskip_install_trust"],
                }
            else:
                site |= {"address": f":{port}"}
            stack.enter_context(caddy(app, folder / "caddy", **site))
            verify: bool | str = True
            if scheme == "https":
                verify = _root_certificate(folder)
                _wait_for_file(Path(verify))
            wait_for(f"{base}/healthz", seconds=60, verify=verify)  # a busy machine: other test processes load it
            yield base
    finally:
        redis.stop()


def _wait_for_file(path: Path, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not path.exists():
        if time.monotonic() > deadline:
            raise RuntimeError(f"Caddy made no {path} within {seconds} s")
        time.sleep(0.1)


def _root_certificate(folder: Path) -> str:
    return str(folder / "caddy" / "data" / "pki" / "authorities" / "local" / "root.crt")


@pytest.fixture(scope="module")
def http_site(app, tmp_path_factory) -> Iterator[str]:
    with production_shape(app, tmp_path_factory.mktemp("http-shape"), "http") as base:
        yield base


class FromAddress(HTTPAdapter):
    """Connections that leave from one loopback address, as distinct visitors would."""

    def __init__(self, address: str) -> None:
        self.address = address
        super().__init__()

    def init_poolmanager(self, *args, **kwargs):
        kwargs["source_address"] = (self.address, 0)
        super().init_poolmanager(*args, **kwargs)


def visitor(address: str, verify: bool | str = True) -> requests.Session:
    session = requests.Session()
    session.mount("http://", FromAddress(address))
    session.mount("https://", FromAddress(address))
    session.verify = verify
    session.trust_env = False  # else REQUESTS_CA_BUNDLE would replace the local CA given here
    return session


def sign_in(session: requests.Session, base: str, email: str, password: str) -> requests.Response:
    token = session.get(f"{base}/api/auth/csrf", timeout=10).json()["csrfToken"]
    body = {"email": email, "password": password}
    headers = {"X-CSRFToken": token, "Referer": f"{base}/"}  # as a browser sends it (checked over HTTPS)
    return session.post(f"{base}/api/auth/login", json=body, headers=headers, timeout=10)


def test_one_visitors_wrong_passwords_do_not_lock_out_another(http_site, user):
    guesser, dancer = visitor("127.0.0.2"), visitor("127.0.0.3")
    statuses = [sign_in(guesser, http_site, f"nobody{i}@example.com", "wrong").status_code for i in range(11)]
    assert statuses[-1] == 429, statuses
    assert sign_in(dancer, http_site, user.email, DEFAULT_PASSWORD).status_code == 200


def test_html_json_and_scripts_arrive_compressed_and_hashed_files_are_cached_for_ever(http_site, catalog):
    manifest = json.loads((PROJECT_ROOT / "static" / "dist" / "manifest.json").read_text())
    for path in ("/about-us", "/api/tiktok/hashtags?limit=50", f"/static/dist/{manifest['main']}"):
        for encoding in ("gzip", "zstd"):
            answer = requests.get(http_site + path, headers={"Accept-Encoding": encoding}, timeout=10)
            assert answer.status_code == 200, path
            assert answer.headers.get("Content-Encoding") == encoding, (path, encoding)
    script = requests.get(f"{http_site}/static/dist/{manifest['main']}", timeout=10)
    assert script.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert "no-cache" in requests.get(f"{http_site}/static/dist/manifest.json", timeout=10).headers.get(
        "Cache-Control", "no-cache"
    )


def test_a_request_for_another_host_is_refused(http_site):
    assert requests.get(f"{http_site}/about-us", headers={"Host": "evil.example"}, timeout=10).status_code == 400
    assert requests.get(f"{http_site}/about-us", timeout=10).status_code == 200


def test_a_body_larger_than_any_operation_takes_is_refused_by_the_proxy(http_site):
    answer = requests.post(f"{http_site}/api/auth/login", data=b"x" * (3 * 1024 * 1024), timeout=10)
    assert answer.status_code == 413
    assert answer.json() == {"success": False, "message": "Request body is too large: at most 64 KB is accepted here"}
    slightly = requests.post(f"{http_site}/api/auth/login", data=b"x" * (65 * 1024), timeout=10)
    assert slightly.status_code == 413, "the app answers a body a little too large itself"
    assert slightly.json()["message"] == answer.json()["message"]


@contextmanager
def trickling_bodies(host: str, port: int, count: int) -> Iterator[None]:
    """`count` connections that send a request's headers and then its body a byte at a time."""
    stop = threading.Event()
    sockets = []
    for _ in range(count):
        connection = socket.create_connection((host, port), timeout=5)
        connection.sendall(
            b"POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
            b"Content-Length: 5000\r\n\r\n{"
        )
        sockets.append(connection)

    def trickle() -> None:
        while not stop.wait(0.2):
            for connection in sockets:
                with suppress(OSError):
                    connection.sendall(b" ")

    thread = threading.Thread(target=trickle, daemon=True)
    thread.start()
    try:
        time.sleep(0.5)  # every slow request is in
        yield
    finally:
        stop.set()
        thread.join()
        for connection in sockets:
            connection.close()


def _answers_within(url: str, seconds: float) -> bool:
    try:
        return requests.get(url, timeout=seconds).status_code == 200
    except requests.Timeout:
        return False


def test_slow_request_bodies_hold_no_gunicorn_worker(http_site, app, tmp_path):
    port = int(http_site.rsplit(":", 1)[1])
    with trickling_bodies("127.0.0.1", port, 10):
        assert _answers_within(f"{http_site}/about-us", 1.0)


def test_without_the_proxy_slow_bodies_stall_gunicorn(app, tmp_path):
    """The test above can fail: gunicorn facing the trickles itself stops answering."""
    settings = {
        "DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"],
        "INSTANCE_DIR": str(tmp_path),
        "MEDIA_DIR": app.config["MEDIA_DIR"],
        "SITE_URL": "http://localhost",
        "RATELIMIT_ENABLED": "0",
        "WEB_TIMEOUT": "30",
    }
    with gunicorn(settings, workers=WORKERS) as (base, _):
        port = int(base.rsplit(":", 1)[1])
        with trickling_bodies("127.0.0.1", port, 10):
            assert not _answers_within(f"{base}/about-us", 1.0)


@pytest.fixture(scope="module")
def https_site(app, tmp_path_factory) -> Iterator[tuple[str, str]]:
    folder = tmp_path_factory.mktemp("https-shape")
    with production_shape(app, folder, "https") as base:
        yield base, _root_certificate(folder)


def test_over_https_cookies_are_secure_and_hsts_is_sent(https_site, user):
    base, root = https_site
    session = visitor("127.0.0.1", verify=root)
    page = session.get(f"{base}/about-us", timeout=10)
    assert page.headers["Strict-Transport-Security"] == "max-age=31536000"
    signed = sign_in(session, base, user.email, DEFAULT_PASSWORD)
    assert signed.status_code == 200
    cookies = signed.raw.headers.getlist("Set-Cookie")
    assert cookies and all("Secure" in cookie for cookie in cookies), cookies
    assert session.get(f"{base}/api/auth/me", timeout=10).json()["user"]["email"] == user.email


def test_make_serve_runs_the_site_behind_caddy_and_stops_it_whole(app, tmp_path):
    """`flask site serve`, as `make serve` runs it: gunicorn, the worker and Caddy up; Ctrl-C stops all three."""
    redis = OwnRedis(tmp_path / "redis")
    port, upstream = free_port(), free_port()
    settings = {
        "PATH": "/usr/bin:/bin",
        "DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"],
        "REDIS_URL": redis.url,
        "INSTANCE_DIR": str(tmp_path),
        "MEDIA_DIR": app.config["MEDIA_DIR"],
        "TIKTOK_SOURCE": "fixtures",
    }
    command = [sys.executable, "-m", "flask", "--app", "wsgi", "site", "serve", "--port", str(port)]
    redis.start()
    try:
        serving = subprocess.Popen(
            [*command, "--upstream-port", str(upstream)], cwd=PROJECT_ROOT, env=settings, start_new_session=True
        )
        try:
            wait_for(f"http://localhost:{port}/healthz", seconds=60)
            page = requests.get(f"http://localhost:{port}/about-us", timeout=10)
            assert page.status_code == 200 and "Caddy" in page.headers["Server"]
            with socket.socket() as probe:
                assert probe.connect_ex(("127.0.0.1", upstream)) == 0, "gunicorn listens on the loopback port"
        finally:
            os.killpg(serving.pid, signal.SIGINT)  # what Ctrl-C sends to the terminal's process group
            serving.wait(40)
        for checked in (port, upstream):
            with socket.socket() as probe:
                assert probe.connect_ex(("127.0.0.1", checked)) != 0, f"port {checked} still answers"
    finally:
        redis.stop()

"""The site served as `make run` serves it (gunicorn with app/gunicorn_conf.py), and a Redis of a test's own."""

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import requests
from sqlalchemy.engine import make_url

PROJECT_ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).with_name("gunicorn")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(url: str, seconds: float = 30, verify: bool | str = True) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if requests.get(url, timeout=2, verify=verify).status_code < 500:
                return
        except requests.RequestException:  # not listening yet, or a worker still booting on a busy machine
            pass
        time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {seconds} s")


@contextmanager
def gunicorn(env: dict[str, str], workers: int = 3, port: int | None = None) -> Iterator[tuple[str, subprocess.Popen]]:
    """Serve the app on `port` (a free local one by default); yields its base URL and the master process."""
    port = port or free_port()
    settings = {**os.environ, **env, "BIND_HOST": "127.0.0.1", "PORT": str(port), "WEB_WORKERS": str(workers)}
    settings.setdefault("ACCESS_LOG", os.devnull)
    command = [str(GUNICORN), "-c", "python:app.gunicorn_conf", "wsgi:app"]
    master = subprocess.Popen(command, cwd=PROJECT_ROOT, env=settings, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(f"{base}/healthz")
        yield base, master
    finally:
        master.send_signal(signal.SIGTERM)
        try:
            master.wait(30)
        except subprocess.TimeoutExpired:
            master.kill()


def worker_pids(master: subprocess.Popen) -> list[int]:
    children = Path(f"/proc/{master.pid}/task/{master.pid}/children").read_text().split()
    return [int(pid) for pid in children]


def worker_rss_kib(pid: int, database_url: str) -> int:
    """A worker's resident memory, less the pages of a SQLite database it has mapped (the kernel's cache, shared)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) - _mapped_kib(pid, _sqlite_file(database_url))
    raise RuntimeError(f"no RSS for {pid}")


def _sqlite_file(database_url: str) -> Path | None:
    url = make_url(database_url)
    return Path(url.database).resolve() if url.drivername.startswith("sqlite") and url.database else None


def _mapped_kib(pid: int, file: Path | None) -> int:
    """The resident pages of `file` in the process's memory maps (VmRSS counts them in every process that touched
    them), from /proc/PID/smaps: a mapping's line names its file, the lines after it are its sizes."""
    total, inside = 0, False
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines() if file else ():
        fields = line.split()
        if fields and not fields[0].endswith(":"):
            inside = len(fields) >= 6 and fields[5] == str(file)
        elif inside and fields[0] == "Rss:":
            total += int(fields[1])
    return total


class OwnRedis:
    """A redis-server on a free port that a test may stop and start again; its data survives a restart."""

    def __init__(self, folder: Path) -> None:
        self.folder, self.port, self.process = folder, free_port(), None
        self.url = f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        command = [
            "redis-server",
            "--bind",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--dir",
            str(self.folder),
            "--appendonly",
            "yes",
            "--save",
            "",
        ]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.1)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None

"""The soak: mixed traffic at 32 connections against gunicorn, served as `make run` serves it, for minutes.

Pages, feed calls, sign-ins, playlist writes and reports, from a load process of its own (Python threads, one
keep-alive session each: sign-ins need the CSRF token of a page and playlist writes the bearer token of a
sign-in, a stateful mix that a fixed-request tool like wrk would need a script to fake). Passes when no answer is
a 5xx or a dropped connection and no gunicorn worker's memory grew by 10% or more after warm-up.

    python -m tests.ops.soak --database URL [--seconds 300]    (what `make soak` runs, once per database)
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import requests

ACCOUNT_PASSWORD = "soak-password"
ACCOUNTS = 32
CONNECTIONS = 32
MEMORY_GROWTH_LIMIT = 0.10
RATE_LIMITS = (
    "LOGIN_RATE_LIMIT",
    "LOGIN_ACCOUNT_RATE_LIMIT",
    "METADATA_RATE_LIMIT",
    "REGISTER_RATE_LIMIT",
    "CONTACT_RATE_LIMIT",
    "FEED_RATE_LIMIT",
    "REPORT_RATE_LIMIT",
    "FORGOT_PASSWORD_RATE_LIMIT",
)


def account_email(number: int) -> str:
    return f"soak{number}@example.com"


# ---- the load process ------------------------------------------------------------------------------------


@dataclass
class Tally:
    statuses: Counter = field(default_factory=Counter)
    kinds: Counter = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, kind: str, status: int | str, seconds: float) -> None:
        with self.lock:
            self.statuses[str(status)] += 1
            self.kinds[f"{kind} {status}"] += 1
            self.latencies.append(seconds)
            if not isinstance(status, int) or status >= 500:
                self.failures.append(f"{kind}: {status}")


class Visitor:
    """One connection: a browser session that browses, signs in, keeps playlists and reports videos."""

    def __init__(self, base: str, site: dict, tally: Tally, rng: random.Random) -> None:
        self.base, self.site, self.tally, self.rng = base, site, tally, rng
        self.http = requests.Session()
        self.token: str | None = None
        self.csrf: str | None = None

    def call(self, kind: str, method: str, path: str, **kwargs) -> requests.Response | None:
        started = time.perf_counter()
        try:
            response = self.http.request(method, self.base + path, timeout=60, **kwargs)
        except requests.RequestException as exc:
            self.tally.add(kind, type(exc).__name__, time.perf_counter() - started)
            return None
        self.tally.add(kind, response.status_code, time.perf_counter() - started)
        return response

    def page(self) -> None:
        path = self.rng.choice(self.site["pages"])
        response = self.call("page", "GET", path)
        found = re.search(r'"csrfToken": "([^"]+)"', response.text) if response is not None else None
        if found:
            self.csrf = found.group(1)

    def feed(self) -> None:
        tag, video = self.rng.choice(self.site["hashtags"]), self.rng.choice(self.site["videos"])
        path = self.rng.choice(
            [
                "/api/tiktok/random-video?count=5",
                "/api/tiktok/hashtags?page=1&limit=50&sortBy=count",
                f"/api/tiktok/videos/hashtag/{tag}?page=1&limit=20&sortBy=mostViews",
                f"/api/tiktok/videos/find-by-id/{video}",
            ]
        )
        self.call("feed", "GET", path)

    def fetch_csrf(self) -> None:
        """What the islands do before a visitor's first write: pages hand no token to a browser without a session."""
        response = self.call("csrf", "GET", "/api/auth/csrf")
        if response is not None and response.status_code == 200:
            self.csrf = response.json()["csrfToken"]

    def sign_in(self) -> None:
        self.http.cookies.clear()
        self.page()
        self.fetch_csrf()
        email = account_email(self.rng.randrange(ACCOUNTS))
        body = {"email": email, "password": ACCOUNT_PASSWORD}
        response = self.call("sign-in", "POST", "/api/auth/login", json=body, headers={"X-CSRFToken": self.csrf or ""})
        if response is not None and response.status_code == 200:
            self.token = response.json()["token"]
            self.csrf = response.json()["csrfToken"]  # a sign-in starts a new session, and with it a new token

    def playlist(self) -> None:
        if self.token is None:
            return self.sign_in()
        bearer = {"Authorization": f"Bearer {self.token}"}
        video = self.rng.choice(self.site["videos"])
        made = self.call("playlist", "POST", "/api/playlists", json={"name": "Soak", "isPublic": False}, headers=bearer)
        if made is None or made.status_code != 201:
            return None
        playlist = made.json()["_id"]
        self.call("playlist", "POST", f"/api/playlists/{playlist}/videos", json={"videoId": video}, headers=bearer)
        self.call("playlist", "DELETE", f"/api/playlists/{playlist}/videos/{video}", headers=bearer)
        self.call("playlist", "DELETE", f"/api/playlists/{playlist}", headers=bearer)
        return None

    def report(self) -> None:
        if self.csrf is None:
            self.fetch_csrf()
        body = {"videoId": self.rng.choice(self.site["videos"])}
        self.call(
            "report", "POST", "/api/tiktok/videos/user-report", json=body, headers={"X-CSRFToken": self.csrf or ""}
        )

    def run(self, until: float) -> None:
        actions = [self.page, self.feed, self.sign_in, self.playlist, self.report]
        weights = [35, 35, 8, 15, 7]
        while time.monotonic() < until:
            self.rng.choices(actions, weights)[0]()


def sitemap_locs(base: str, enough: int) -> list[str]:
    """The sitemap's URLs, through its index when it is one (its files follow ranges of video ids, some empty),
    until there are `enough`."""
    index = requests.get(f"{base}/sitemap.xml", timeout=30).text
    locs = re.findall(r"<loc>([^<]+)</loc>", index)
    if "<sitemapindex" not in index:
        return locs
    found: list[str] = []
    for file in locs:
        path = re.sub(r"^https?://[^/]+", "", file)
        found += re.findall(r"<loc>([^<]+)</loc>", requests.get(f"{base}{path}", timeout=30).text)
        if len(found) >= enough:
            break
    return found


def discover(base: str) -> dict:
    """What there is to ask for: video pages from the sitemap, video ids, hashtags, a creator."""
    video_pages = [re.sub(r"^https?://[^/]+", "", url) for url in sitemap_locs(base, enough=500)]
    videos = [page.rsplit("-", 1)[-1] for page in video_pages if re.search(r"-\d{6,}$", page)]
    hashtags = [
        h["hashtag"].lstrip("#")
        for h in requests.get(f"{base}/api/tiktok/hashtags?limit=50", timeout=30).json()["hashtags"]
    ]
    pages = ["/", "/dance-trends", "/categories", "/about-us", "/following", *video_pages[:200]]
    return {"pages": pages, "videos": videos[:500], "hashtags": hashtags[:50] or ["dance"]}


def load(base: str, seconds: float, connections: int, seed: int) -> dict:
    """Drive the site from this process; answers the tally as a dict."""
    site = discover(base)
    tally = Tally()
    until = time.monotonic() + seconds
    threads = [
        threading.Thread(target=Visitor(base, site, tally, random.Random(seed * 1000 + n)).run, args=(until,))
        for n in range(connections)
    ]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    latencies = sorted(tally.latencies) or [0.0]
    return {
        "seconds": round(time.monotonic() - started, 1),
        "requests": len(tally.latencies),
        "perSecond": round(len(tally.latencies) / max(seconds, 1), 1),
        "statuses": dict(tally.statuses),
        "kinds": dict(tally.kinds),
        "p50ms": round(latencies[len(latencies) // 2] * 1000, 1),
        "p99ms": round(latencies[int(len(latencies) * 0.99)] * 1000, 1),
        "failures": tally.failures[:20],
        "failureCount": len(tally.failures),
    }


def load_elsewhere(base: str, seconds: float, seed: int) -> dict:
    """Run the load in a process of its own, so it never shares a CPU's interpreter with the server's."""
    command = [sys.executable, "-m", "tests.ops.soak", "--load", base, "--seconds", str(seconds), "--seed", str(seed)]
    finished = subprocess.run(command, cwd=Path(__file__).resolve().parents[2], capture_output=True, text=True)
    if finished.returncode:
        raise RuntimeError(f"the load process failed ({finished.returncode}): {finished.stderr[-3000:]}")
    return json.loads(finished.stdout)


# ---- the server side -------------------------------------------------------------------------------------


def server_settings(database_url: str, redis_url: str, instance: Path) -> dict[str, str]:
    """The environment the soak's server and worker run with: limits far above the soak's own rate."""
    return {
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "INSTANCE_DIR": str(instance),
        "MEDIA_DIR": str(instance / "media"),
        "SITE_URL": "http://127.0.0.1",
        "TIKTOK_SOURCE": "fixtures",
        **dict.fromkeys(RATE_LIMITS, "1000000 per minute"),
    }


def soak(settings: dict[str, str], seconds: float, warm_up: float) -> dict:
    """Serve with gunicorn and a worker, warm up, then measure; answers the report (passed or not)."""
    from tests.ops.server import gunicorn, worker_pids, worker_rss_kib

    root = Path(__file__).resolve().parents[2]
    worker = subprocess.Popen(
        [sys.executable, "-m", "flask", "--app", "wsgi", "jobs", "worker"],
        cwd=root,
        env={**os.environ, **settings},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        with gunicorn(settings) as (base, master):
            warm = load_elsewhere(base, warm_up, seed=1)
            before = {pid: worker_rss_kib(pid, settings["DATABASE_URL"]) for pid in worker_pids(master)}
            measured = load_elsewhere(base, seconds, seed=2)
            after = {pid: worker_rss_kib(pid, settings["DATABASE_URL"]) for pid in worker_pids(master)}
    finally:
        worker.terminate()
        worker.wait(30)
    growth = {pid: round(after[pid] / before[pid] - 1, 3) for pid in before if pid in after}
    problems = (
        [f"{measured['failureCount'] + warm['failureCount']} answers were 5xx or dropped"]
        if (measured["failureCount"] or warm["failureCount"])
        else []
    )
    if set(before) != set(after):
        problems.append(f"gunicorn replaced workers during the soak: {sorted(before)} became {sorted(after)}")
    problems += [f"worker {pid} grew {rate:.1%}" for pid, rate in growth.items() if rate >= MEMORY_GROWTH_LIMIT]
    return {"load": measured, "rssKiB": {"afterWarmUp": before, "atEnd": after}, "growth": growth, "problems": problems}


def prepare(database_url: str) -> None:
    """Bring the database up to date, load the demo catalog when it is empty, and make the soak's accounts."""
    os.environ["DATABASE_URL"] = database_url
    from flask_migrate import upgrade
    from sqlalchemy import func, select

    from app import create_app
    from app.extensions import db
    from app.models import Video
    from app.services import accounts
    from app.services.catalog_files import DEMO_CATALOG, ReadStats, read_catalog
    from app.services.ingest import ingest_records

    app = create_app()
    with app.app_context():
        upgrade()
        if not db.session.scalar(select(func.count(Video.id))):
            ingest_records(read_catalog(DEMO_CATALOG, ReadStats()))
        for number in range(ACCOUNTS):
            if accounts.find_by_email(account_email(number)) is None:
                accounts.register(f"soak{number}", account_email(number), ACCOUNT_PASSWORD)


def ensure_postgres_database(url: str) -> None:
    from sqlalchemy import create_engine, make_url, text

    target = make_url(url).set(drivername="postgresql+psycopg")
    admin = create_engine(target.set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        if not conn.execute(text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": target.database}).first():
            conn.execute(text(f'CREATE DATABASE "{target.database}"'))
    admin.dispose()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", help="the database to serve (SQLite file or PostgreSQL URL)")
    parser.add_argument("--seconds", type=float, default=300)
    parser.add_argument("--warm-up", type=float, default=30)
    parser.add_argument("--load", metavar="URL", help="only drive the site at URL (the load process)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.load:
        print(json.dumps(load(args.load, args.seconds, CONNECTIONS, args.seed)))
        return 0
    if args.database.startswith("postgres"):
        ensure_postgres_database(args.database)
    prepare(args.database)
    instance = Path(__file__).resolve().parents[2] / "instance" / "soak"
    redis_url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    report = soak(server_settings(args.database, redis_url, instance), args.seconds, args.warm_up)
    print(json.dumps(report, indent=2))
    return 1 if report["problems"] else 0


if __name__ == "__main__":
    sys.exit(main())

"""`make loadtest`: the site under wrk, at 1 and at 32 connections, on a 1,000,000-video catalog (200,000 with --quick).

Served as `make run` serves it (gunicorn, 3 workers) on SQLite and, when one answers at PG_TEST_URL, on PostgreSQL.
Each row is one URL found through the site's own API; wrk is a process of its own, so the load never shares the
server's interpreter. The floor (/healthz: no database, no Redis) is the best this machine and gunicorn manage, and
every other row is judged against the budgets below and against that floor.

    python -m tests.bench.loadtest [--quick] [--videos N] [--seconds 10] [--database sqlite|postgres|all] [--seed 1]
                                   [--rows NAME,...] [--no-build] [--database-url URL]
"""

import argparse
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import quote

import psycopg
import requests
from requests.utils import requote_uri
from sqlalchemy import create_engine, inspect, make_url, text
from sqlalchemy.engine import URL
from sqlalchemy.exc import OperationalError

from app.services.feeds import SHARE_WALKED
from tests.ops.server import gunicorn, worker_pids, worker_rss_kib
from tests.ops.soak import ensure_postgres_database

# ---- budgets ---------------------------------------------------------------------------------------------

P50_AT_1_MS = 10.0
P99_AT_32_MS = 50.0
# Requests/s at 32 connections as a share of the floor's: what every visitor opens first must stay close to it.
VIEWING_FLOOR_SHARE = 0.40  # video pages, the home page, random videos
OTHER_FLOOR_SHARE = 0.25
WORKER_RSS_MB = 150.0
# `catalog synth`: 180 s for 1,000,000 videos, scaled linearly above that (a smaller catalog gets the same 180 s).
BUILD_BUDGET_SECONDS, BUILD_BUDGET_VIDEOS = 180.0, 1_000_000

# ---- how it runs -----------------------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[2]
LOADTEST_DIR = ROOT / "instance" / "loadtest"
FULL_SIZE, QUICK_SIZE = 1_000_000, 200_000
DEFAULT_PG_TEST_URL = "postgresql://postgres@127.0.0.1:5432/test"
WORKERS = 3  # as `make run` serves (WEB_WORKERS)
WRK_THREADS = {1: 1, 32: 2}  # connections → wrk threads
HASHTAG_VIDEO_SORTS = ("mostUsed", "mostRecent", "oldest", "mostViews", "mostLikes", "shuffle")
SHUFFLE_SEED = 5
USER_SEARCH_TERM = "dan"
# Words the synthetic catalog's captions, songs, hashtags and handles hold (it grows from the demo catalog), some
# typed with their accents; the "new query" row asks for each with each kind, every request a new URL.
SEARCH_WORDS = ("dance", "fyp", "Hoà", "bac bling", "xuhuong", "viral", "trend", "nhảy", "tiktok", "love", "em anh")
SEARCH_KINDS = ("", "users", "creators", "trends", "hashtags", "videos")
CREATOR_CANDIDATES = 500  # the busiest creator among the first page of /api/tiktok/usernames


# ---- wrk's output, the budgets and the report: pure, unit-tested ------------------------------------------


@dataclass(frozen=True)
class Row:
    """One measured URL; floor_share is the least share of the floor's req/s at 32 it must reach (None: the floor).
    A row that `rotates` asks for those paths in turn instead, each made a URL of its own (see rotation_script)."""

    name: str
    path: str
    floor_share: float | None
    rotates: tuple[str, ...] = ()


@dataclass
class WrkResult:
    requests_per_second: float
    p50_ms: float | None
    p99_ms: float | None
    requests: int
    non_2xx_3xx: int = 0
    socket_errors: dict[str, int] = field(default_factory=dict)

    @property
    def failed_requests(self) -> int:
        return self.non_2xx_3xx + sum(self.socket_errors.values())

    def as_json(self) -> dict:
        return {
            "requestsPerSecond": self.requests_per_second,
            "p50Ms": self.p50_ms,
            "p99Ms": self.p99_ms,
            "requests": self.requests,
            "non2xx3xx": self.non_2xx_3xx,
            "socketErrors": self.socket_errors,
        }


@dataclass
class Measured:
    row: Row
    at_1: WrkResult
    at_32: WrkResult
    problems: list[str]


MS_PER_UNIT = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0, "h": 3_600_000.0}


def latency_ms(value: str) -> float:
    """wrk's '812.00us', '1.37ms' or '1.11s' in milliseconds."""
    found = re.fullmatch(r"([\d.]+)(us|ms|s|m|h)", value.strip())
    if not found:
        raise ValueError(f"not a wrk latency: {value!r}")
    return float(found.group(1)) * MS_PER_UNIT[found.group(2)]


def parse_wrk(output: str) -> WrkResult:
    """The numbers of one `wrk --latency` run."""
    rate = re.search(r"^Requests/sec:\s+([\d.]+)", output, re.MULTILINE)
    if rate is None:
        raise ValueError(f"no Requests/sec in wrk's output:\n{output}")
    percentiles = dict(re.findall(r"^\s+(50|99)%\s+(\S+)\s*$", output, re.MULTILINE))
    total = re.search(r"^\s+(\d+) requests in", output, re.MULTILINE)
    non_2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", output)
    sockets = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    return WrkResult(
        requests_per_second=float(rate.group(1)),
        p50_ms=latency_ms(percentiles["50"]) if "50" in percentiles else None,
        p99_ms=latency_ms(percentiles["99"]) if "99" in percentiles else None,
        requests=int(total.group(1)) if total else 0,
        non_2xx_3xx=int(non_2xx.group(1)) if non_2xx else 0,
        socket_errors=dict(zip(("connect", "read", "write", "timeout"), map(int, sockets.groups()), strict=True))
        if sockets
        else {},
    )


def floor_percent(result: WrkResult, floor: WrkResult) -> float | None:
    return 100 * result.requests_per_second / floor.requests_per_second if floor.requests_per_second else None


def budget_problems(row: Row, at_1: WrkResult, at_32: WrkResult, floor_at_32: WrkResult) -> list[str]:
    """Every budget the row misses, each said short enough for the table's last column."""
    problems = []
    if at_1.p50_ms is None or at_1.p50_ms > P50_AT_1_MS:
        problems.append(f"p50 @1 > {P50_AT_1_MS:g} ms")
    if at_32.p99_ms is None or at_32.p99_ms > P99_AT_32_MS:
        problems.append(f"p99 @32 > {P99_AT_32_MS:g} ms")
    percent = floor_percent(at_32, floor_at_32)
    if row.floor_share is not None and (percent is None or percent < 100 * row.floor_share):
        problems.append(f"< {100 * row.floor_share:g}% of floor")
    for connections, result in ((1, at_1), (32, at_32)):
        if result.non_2xx_3xx:
            problems.append(f"{result.non_2xx_3xx} non-2xx/3xx @{connections}")
        if sum(result.socket_errors.values()):
            problems.append(f"{sum(result.socket_errors.values())} socket errors @{connections}")
    return problems


# `miss` is a parameter the shared cache keys on and the API ignores: with a new value each time, every request is
# answered by the database, as the first visitor to ask anything is.
ROTATION_SCRIPT = """\
local paths = {%s}
local run = "%s"
local count = 0
local thread_number = 0
function setup(thread)
  thread_number = thread_number + 1
  thread:set("prefix", run .. "-" .. thread_number)
end
function request()
  count = count + 1
  return wrk.format(nil, paths[count %% #paths + 1] .. "&miss=" .. prefix .. "-" .. count)
end
"""


def rotation_script(paths: tuple[str, ...], run: str) -> str:
    """A wrk script asking for the paths in turn, each time with a `miss` value no request had before: `run` names
    the wrk run (a run of its own at each number of connections, whose answers an earlier run must not have
    cached), each of its threads counts under a prefix of its own."""
    return ROTATION_SCRIPT % (", ".join(json.dumps(requote_uri(path)) for path in paths), run)


def select_rows(rows: list[Row], wanted: str | None) -> list[Row]:
    """The rows whose name contains one of the comma-separated substrings; the floor always, as the yardstick."""
    needles = [n.strip().lower() for n in (wanted or "").split(",") if n.strip()]
    if not needles:
        return rows
    floor, *others = rows
    return [floor, *(row for row in others if any(n in row.name.lower() for n in needles))]


def _number(value: float | None, digits: int = 1) -> str:
    return "—" if value is None else f"{value:,.{digits}f}"


TABLE_HEADER = (
    "| row | req/s @1 | p50 ms @1 | p99 ms @1 | req/s @32 | p50 ms @32 | p99 ms @32 | % of floor @32 | budget |\n"
    "|---|--:|--:|--:|--:|--:|--:|--:|---|"
)


def table(measured: list[Measured]) -> str:
    """The markdown table, the floor (first) included."""
    floor = measured[0].at_32
    lines = [TABLE_HEADER]
    for m in measured:
        cells = [
            m.row.name.replace("|", "\\|"),
            _number(m.at_1.requests_per_second, 0),
            _number(m.at_1.p50_ms),
            _number(m.at_1.p99_ms),
            _number(m.at_32.requests_per_second, 0),
            _number(m.at_32.p50_ms),
            _number(m.at_32.p99_ms),
            _number(floor_percent(m.at_32, floor), 0),
            "FAIL: " + "; ".join(m.problems) if m.problems else "ok",
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def memory_total_gib(meminfo: str) -> float:
    """MemTotal of /proc/meminfo, in GiB."""
    found = re.search(r"^MemTotal:\s+(\d+) kB", meminfo, re.MULTILINE)
    if found is None:
        raise ValueError("no MemTotal in /proc/meminfo")
    return int(found.group(1)) / 1024 / 1024


def build_budget_seconds(videos: int) -> float:
    return BUILD_BUDGET_SECONDS * max(videos, BUILD_BUDGET_VIDEOS) / BUILD_BUDGET_VIDEOS


# ---- the catalog -----------------------------------------------------------------------------------------


@dataclass
class Target:
    """One database to measure: 'sqlite' or 'postgres', and its URL."""

    kind: str
    url: str

    @property
    def shown(self) -> str:
        """The database as the report names it: a project-relative file, or a URL without its password."""
        if self.kind == "sqlite":
            path = Path(make_url(self.url).database or "")
            return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)
        return make_url(self.url).render_as_string(hide_password=True)


def kind_of(url: str) -> str:
    backend = make_url(url).get_backend_name()
    if backend not in ("sqlite", "postgresql"):
        raise SystemExit(f"not a SQLite or PostgreSQL URL: {url}")
    return "sqlite" if backend == "sqlite" else "postgres"


def engine_url(url: str) -> URL:
    """The URL with the psycopg 3 driver for PostgreSQL, as the app itself connects."""
    parsed = make_url(url)
    return parsed.set(drivername="postgresql+psycopg") if parsed.get_backend_name() == "postgresql" else parsed


def catalog_target(kind: str, size: int, pg_test_url: str) -> Target:
    if kind == "sqlite":
        return Target("sqlite", f"sqlite:///{LOADTEST_DIR / f'catalog-{size}.db'}")
    url = make_url(pg_test_url).set(database=f"danza_load_{size}")
    return Target("postgres", url.render_as_string(hide_password=False))


def postgres_answers(pg_test_url: str) -> bool:
    try:
        psycopg.connect(pg_test_url, connect_timeout=3).close()
    except psycopg.Error:
        return False
    return True


def count_videos(target: Target) -> int:
    """Videos in the database, counted directly (not through the app); 0 when it has no catalog yet."""
    if target.kind == "sqlite" and not Path(make_url(target.url).database or "").is_file():
        return 0
    engine = create_engine(engine_url(target.url))
    try:
        with engine.connect() as conn:
            if not inspect(conn).has_table("videos"):
                return 0
            return conn.execute(text("select count(*) from videos")).scalar_one()
    except OperationalError as exc:
        raise SystemExit(f"cannot count the videos in {target.shown}: {exc.orig}") from exc
    finally:
        engine.dispose()


def start_afresh(target: Target) -> None:
    """`catalog synth` only fills an empty catalog: remove one of the wrong size."""
    if target.kind == "sqlite":
        database = Path(make_url(target.url).database or "")
        for leftover in (database, *(database.with_name(database.name + end) for end in ("-wal", "-shm"))):
            leftover.unlink(missing_ok=True)
        return
    name = make_url(target.url).database
    admin = create_engine(engine_url(target.url).set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()
    ensure_postgres_database(target.url)


def flask_command(settings: dict[str, str], *arguments: str) -> None:
    command = [sys.executable, "-m", "flask", "--app", "wsgi", *arguments]
    finished = subprocess.run(command, cwd=ROOT, env={**os.environ, **settings}, check=False)
    if finished.returncode:
        raise SystemExit(f"`flask {' '.join(arguments)}` failed with status {finished.returncode}")


def build_record_path(target: Target, size: int) -> Path:
    return LOADTEST_DIR / f"build-{target.kind}-{size}.json"


def ensure_catalog(target: Target, size: int, seed: int, settings: dict[str, str]) -> dict:
    """Bring the schema up to date and, unless the database already holds `size` videos, synthesize the catalog;
    answers how long the synth took, now or when it was built."""
    if target.kind == "postgres":
        ensure_postgres_database(target.url)
    held = count_videos(target)
    if held not in (0, size):
        print(f"{target.shown} holds {held:,} videos, not {size:,}: starting it afresh", flush=True)
        start_afresh(target)
    flask_command(settings, "db", "upgrade")
    record = build_record_path(target, size)
    if held == size:
        built = json.loads(record.read_text()) if record.is_file() else {}
        return {**built, "reused": True}
    print(f"building a {size:,}-video catalog in {target.shown} (seed {seed})", flush=True)
    started = time.perf_counter()
    flask_command(settings, "catalog", "synth", "--videos", str(size), "--seed", str(seed))
    built = {"seconds": round(time.perf_counter() - started, 1), "videos": size, "seed": seed}
    built["builtAt"] = datetime.now(UTC).isoformat(timespec="seconds")
    record.write_text(json.dumps(built, indent=2) + "\n")
    return {**built, "reused": False}


# ---- serving and sampling --------------------------------------------------------------------------------


def server_settings(target: Target) -> dict[str, str]:
    return {
        "DATABASE_URL": target.url,
        "REDIS_URL": os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"),
        "INSTANCE_DIR": str(LOADTEST_DIR),
        "MEDIA_DIR": str(LOADTEST_DIR / "media"),
        "SITE_URL": "http://127.0.0.1",
        "TIKTOK_SOURCE": "fixtures",
        "RATELIMIT_ENABLED": "0",
    }


@dataclass
class Sample:
    """What the rows ask for, found through the site's own API."""

    trend_key: str
    trend_videos: int
    hashtag: str
    hashtag_videos: int
    creator: str
    creator_videos: int
    video_id: str
    trend_page: str
    category_page: str
    # The largest hashtag whose videos are collected and sorted rather than found by walking a sort index (see
    # app.services.feeds.SHARE_WALKED): the costliest first page.
    collected_hashtag: str | None = None


def _get_json(http: requests.Session, base: str, path: str) -> dict:
    response = http.get(requote_uri(base + path), timeout=60)
    if response.status_code != 200:
        raise SystemExit(f"sampling: GET {path} answered {response.status_code}")
    return response.json()


def _first(items: list, what: str) -> dict:
    if not items:
        raise SystemExit(f"sampling: the catalog has no {what}")
    return items[0]


def category_page(video: dict, hashtag: str) -> str:
    """The video on the categories page, under the sampled hashtag when it carries it."""
    if video["paths"].get("category"):
        return video["paths"]["category"]
    slug = video["paths"]["trend"].rsplit("/", 1)[-1]  # '{username}-{videoId}'
    tag = hashtag if hashtag in video["tags"] else next(iter(video["tags"]), None)
    return f"/categories/{quote(tag, safe='')}/{slug}" if tag else f"/categories/{slug}"


def discover(base: str, catalog_size: int) -> Sample:
    """The largest trend and hashtag, the busiest creator of the first usernames page, one video of the trend, and
    the largest hashtag collected among `catalog_size` videos."""
    http = requests.Session()
    trend = _first(
        _get_json(http, base, "/api/tiktok/dance-trends?page=1&limit=1&sortBy=videoCount")["trends"], "trend"
    )
    tag = _first(_get_json(http, base, "/api/tiktok/hashtags?page=1&limit=1&sortBy=count")["hashtags"], "hashtag")
    key = quote(trend["songKey"], safe="")
    videos = _get_json(http, base, f"/api/tiktok/dance-trends/videos?songKey={key}&page=1&limit=1&sortBy=mostViews")
    video = _first(videos["videos"], "video in its largest trend")
    creators = _get_json(http, base, f"/api/tiktok/usernames?page=1&limit={CREATOR_CANDIDATES}")["usernames"]
    creator = max(
        (c for c in creators if c.get("isActive", True)), key=lambda c: c["videoCount"], default=None
    ) or _first(creators, "creator")
    hashtag = tag["hashtag"].lstrip("#")
    largest = _get_json(http, base, "/api/tiktok/hashtags?page=1&limit=200&sortBy=count")["hashtags"]
    collected = next((t["hashtag"].lstrip("#") for t in largest if t["count"] * SHARE_WALKED < catalog_size), None)
    return Sample(
        trend_key=trend["songKey"],
        trend_videos=trend["videoCount"],
        hashtag=hashtag,
        hashtag_videos=tag["count"],
        creator=creator["username"],
        creator_videos=creator["videoCount"],
        video_id=video["videoId"],
        trend_page=video["paths"]["trend"],
        category_page=category_page(video, hashtag),
        collected_hashtag=collected,
    )


def load_rows(sample: Sample) -> list[Row]:
    """The measured URLs, the floor first."""
    key, tag, creator = (quote(v, safe="") for v in (sample.trend_key, sample.hashtag, sample.creator))
    searches = tuple(f"/api/search?q={quote(word)}&type={kind}" for word in SEARCH_WORDS for kind in SEARCH_KINDS)
    viewing, other = VIEWING_FLOOR_SHARE, OTHER_FLOOR_SHARE
    hashtag_rows = [
        Row(
            f"hashtag videos {sort}",
            f"/api/tiktok/videos/hashtag/{tag}?page=1&limit=20&sortBy={sort}"
            + (f"&seed={SHUFFLE_SEED}" if sort == "shuffle" else ""),
            other,
        )
        for sort in HASHTAG_VIDEO_SORTS
    ]
    if sample.collected_hashtag:
        collected = quote(sample.collected_hashtag, safe="")
        path = f"/api/tiktok/videos/hashtag/{collected}?page=1&limit=20&sortBy=mostRecent"
        hashtag_rows.append(Row("hashtag videos collected", path, other))
    return [
        Row("floor /healthz", "/healthz", None),
        Row("random-video count=5", "/api/tiktok/random-video?count=5", viewing),
        Row("random-video count=50", "/api/tiktok/random-video?count=50", viewing),
        Row("dance trends", "/api/tiktok/dance-trends?page=1&limit=20", other),
        Row("dance trends rising", "/api/tiktok/dance-trends?page=1&limit=20&sortBy=rising", other),
        Row("trend videos", f"/api/tiktok/dance-trends/videos?songKey={key}&page=1&limit=20&sortBy=mostViews", other),
        Row("trend series", f"/api/tiktok/dance-trends/{key}/series", other),
        Row("trend curve fragment", f"/partials/trend-curve?songKey={key}", other),
        Row("hashtags first 1000", "/api/tiktok/hashtags?page=1&limit=1000", other),
        Row("hashtags page of 50", "/api/tiktok/hashtags?page=2&limit=50&sortBy=count", other),
        *hashtag_rows,
        Row("creator videos", f"/api/tiktok/videos/{creator}?page=1&limit=20&sortOrder=latest", other),
        Row("find-by-id", f"/api/tiktok/videos/find-by-id/{sample.video_id}", other),
        Row("user search", f"/api/users?search={USER_SEARCH_TERM}&limit=8", other),
        Row("search all kinds", "/api/search?q=dance", other),
        Row("search videos fyp", "/api/search?q=fyp&type=videos", other),
        Row("search videos fyp page 25", "/api/search?q=fyp&type=videos&page=25", other),
        Row("search trends Hoà", f"/api/search?q={quote('Hoà')}&type=trends", other),
        Row("search new query each time", searches[0], other, rotates=searches),
        Row("search page", "/search?q=dance&type=videos", other),
        Row("home page", "/", viewing),
        Row("dance-trends video page", sample.trend_page, viewing),
        Row("categories video page", sample.category_page, viewing),
        Row("creator page", f"/user/{creator}", other),
        Row("categories page", "/categories", other),
    ]


def check_rows(base: str, rows: list[Row]) -> None:
    """Each URL once before any load: a wrong URL should fail here by name, not as a row of errors."""
    http = requests.Session()
    wrong = []
    for row in rows:
        for path in row.rotates or (row.path,):
            status = http.get(requote_uri(base + path), timeout=60).status_code
            if status != 200:
                wrong.append(f"  {row.name}: GET {path} answered {status}")
    if wrong:
        raise SystemExit("rows that do not answer 200:\n" + "\n".join(wrong))


# ---- measuring -------------------------------------------------------------------------------------------


def run_wrk(url: str, connections: int, seconds: int, script: Path | None = None) -> WrkResult:
    command = ["wrk", f"-t{WRK_THREADS[connections]}", f"-c{connections}", f"-d{seconds}s", "--latency", url]
    if script is not None:
        command[1:1] = ["-s", str(script)]
    finished = subprocess.run(command, capture_output=True, text=True, check=False)
    if finished.returncode:
        raise SystemExit(f"wrk failed on {url}: {finished.stderr.strip() or finished.stdout.strip()}")
    return parse_wrk(finished.stdout)


def rotation(row: Row) -> Path | None:
    """A new wrk script for each run of a rotating row (see rotation_script)."""
    if not row.rotates:
        return None
    script = LOADTEST_DIR / "rotation.lua"
    script.write_text(rotation_script(row.rotates, run=str(time.time_ns())))
    return script


def measure(base: str, rows: list[Row], seconds: int) -> list[Measured]:
    """Each row at 1 connection, then at 32; the floor first, since every other row is judged against it."""
    measured: list[Measured] = []
    for row in rows:
        url = requote_uri(base + row.path)
        at_1, at_32 = (run_wrk(url, connections, seconds, rotation(row)) for connections in (1, 32))
        problems = budget_problems(row, at_1, at_32, measured[0].at_32 if measured else at_32)
        measured.append(Measured(row, at_1, at_32, problems))
        print(
            f"  {row.name}: {at_1.requests_per_second:,.0f} req/s @1 (p50 {_number(at_1.p50_ms)} ms), "
            f"{at_32.requests_per_second:,.0f} req/s @32 (p99 {_number(at_32.p99_ms)} ms)"
            + (f"  FAIL: {'; '.join(problems)}" if problems else ""),
            flush=True,
        )
    return measured


# ---- the report ------------------------------------------------------------------------------------------


def machine() -> dict:
    return {
        "cpus": os.cpu_count(),
        "memoryGiB": round(memory_total_gib(Path("/proc/meminfo").read_text()), 1),
        "platform": platform.platform(),
    }


def build_line(build: dict | None) -> tuple[str, list[str]]:
    """The catalog build's report line, and the build budget's problem if it missed it."""
    if build is None:
        return "not built by this run (--no-build or --database-url)", []
    if "seconds" not in build:
        return "reused; its build time was not recorded", []
    budget = build_budget_seconds(build["videos"])
    verdict = "ok" if build["seconds"] <= budget else "FAIL"
    when = f"reused, built {build.get('builtAt', 'earlier')}" if build["reused"] else "built by this run"
    line = f"`catalog synth` took {build['seconds']:,.0f} s for {build['videos']:,} videos"
    if build["videos"] < BUILD_BUDGET_VIDEOS:  # the pace, to read the full size's budget by
        line += f", {build['seconds'] * BUILD_BUDGET_VIDEOS / build['videos']:,.0f} s per {BUILD_BUDGET_VIDEOS:,}"
    line += f" (budget {budget:,.0f} s: {verdict}); {when}"
    missed = build["seconds"] > budget and not build["reused"]
    return line, [f"catalog build took {build['seconds']:,.0f} s, over {budget:,.0f} s"] if missed else []


def report(
    target: Target,
    videos: int,
    build: dict | None,
    sample: Sample,
    measured: list[Measured],
    rss: dict[int, int],
    seconds: int,
) -> tuple[str, dict, list[str]]:
    """The markdown report, its raw numbers, and every budget missed."""
    max_rss_mb = max(rss.values()) / 1024 if rss else 0.0
    build_text, problems = build_line(build)
    problems += [f"{m.row.name}: {'; '.join(m.problems)}" for m in measured if m.problems]
    if max_rss_mb > WORKER_RSS_MB:
        problems.append(f"worker RSS {max_rss_mb:,.0f} MB, over {WORKER_RSS_MB:g} MB")
    host = machine()
    rss_verdict = "ok" if max_rss_mb <= WORKER_RSS_MB else "FAIL"
    lines = [
        f"## Load test: {target.kind}, {videos:,} videos",
        "",
        table(measured),
        "",
        f"- catalog: {build_text}",
        f"- machine: {host['cpus']} CPUs, {host['memoryGiB']} GiB memory, {host['platform']}",
        f"- database: {target.kind} ({target.shown})",
        f"- videos: {videos:,}",
        f"- gunicorn workers: {len(rss)}, max worker RSS {max_rss_mb:,.0f} MB (budget {WORKER_RSS_MB:g} MB: "
        f"{rss_verdict})",
        f"- wrk: {seconds} s per row and concurrency ({' and '.join(f'-t{t} -c{c}' for c, t in WRK_THREADS.items())})",
        f"- sampled: trend {sample.trend_key!r} ({sample.trend_videos:,} videos), #{sample.hashtag} "
        f"({sample.hashtag_videos:,}; collected: #{sample.collected_hashtag}), @{sample.creator} "
        f"({sample.creator_videos:,}), video {sample.video_id}",
        f"- budgets: p50 @1 ≤ {P50_AT_1_MS:g} ms, p99 @32 ≤ {P99_AT_32_MS:g} ms, req/s @32 ≥ "
        f"{100 * VIEWING_FLOOR_SHARE:g}% of the floor's (video pages, home page, random videos) or "
        f"{100 * OTHER_FLOOR_SHARE:g}% (the rest), worker RSS ≤ {WORKER_RSS_MB:g} MB",
        f"- result: {'all budgets met' if not problems else f'{len(problems)} budget(s) missed'}",
    ]
    raw = {
        "database": target.kind,
        "url": target.shown,
        "videos": videos,
        "catalogBuild": build,
        "machine": host,
        "workers": len(rss),
        "workerRssKiB": rss,
        "maxWorkerRssMB": round(max_rss_mb, 1),
        "sample": {
            "trend": sample.trend_key,
            "trendVideos": sample.trend_videos,
            "hashtag": sample.hashtag,
            "hashtagVideos": sample.hashtag_videos,
            "creator": sample.creator,
            "creatorVideos": sample.creator_videos,
            "videoId": sample.video_id,
        },
        "rows": [
            {
                "name": m.row.name,
                "path": m.row.path,
                "floorShare": m.row.floor_share,
                "at1": m.at_1.as_json(),
                "at32": m.at_32.as_json(),
                "percentOfFloorAt32": floor_percent(m.at_32, measured[0].at_32),
                "problems": m.problems,
            }
            for m in measured
        ],
        "problems": problems,
        "secondsPerRun": seconds,
        "measuredAt": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    return "\n".join(lines) + "\n", raw, problems


# ---- the run ---------------------------------------------------------------------------------------------


def run_one(target: Target, args: argparse.Namespace, size: int, build_it: bool) -> list[str]:
    """Build (or reuse) the catalog, serve it, measure every row; prints and writes the report, answers what failed."""
    settings = server_settings(target)
    build = ensure_catalog(target, size, args.seed, settings) if build_it else None
    videos = count_videos(target)
    if not videos:
        raise SystemExit(f"{target.shown} holds no videos: build it first (leave out --no-build)")
    print(f"\n{target.kind}: {videos:,} videos in {target.shown}", flush=True)
    with gunicorn(settings, workers=args.workers) as (base, master):
        sample = discover(base, videos)
        rows = select_rows(load_rows(sample), args.rows)
        if len(rows) == 1 and args.rows:
            raise SystemExit(f"no row matches --rows {args.rows!r}")
        check_rows(base, rows)
        measured = measure(base, rows, args.seconds)
        rss = {pid: worker_rss_kib(pid, settings["DATABASE_URL"]) for pid in worker_pids(master)}
    text_report, raw, problems = report(target, videos, build, sample, measured, rss, args.seconds)
    problems = [f"{target.kind}: {problem}" for problem in problems]
    print("\n" + text_report, flush=True)
    stem = LOADTEST_DIR / f"report-{target.kind}-{videos}"
    stem.with_suffix(".md").write_text(text_report)
    stem.with_suffix(".json").write_text(json.dumps(raw, indent=2) + "\n")
    print(f"written to {stem.relative_to(ROOT)}.md and .json", flush=True)
    return problems


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help=f"a {QUICK_SIZE:,}-video catalog")
    parser.add_argument(
        "--videos", type=int, help=f"catalog size (default {FULL_SIZE:,}, {QUICK_SIZE:,} with --quick; wins over it)"
    )
    parser.add_argument("--seconds", type=int, default=10, help="wrk's duration per row and concurrency")
    parser.add_argument("--database", choices=("sqlite", "postgres", "all"), default="all")
    parser.add_argument("--seed", type=int, default=1, help="the synthetic catalog's seed")
    parser.add_argument("--rows", help="only the rows whose name contains one of these comma-separated substrings")
    parser.add_argument("--no-build", action="store_true", help="measure whatever catalog the database holds")
    parser.add_argument("--database-url", help="measure this database as it is instead (implies --no-build)")
    parser.add_argument("--workers", type=int, default=WORKERS, help=f"gunicorn workers (default {WORKERS})")
    args = parser.parse_args(argv)
    if args.seconds < 1:
        parser.error("--seconds must be at least 1")
    if args.videos is not None and args.videos < 1:
        parser.error("--videos must be at least 1")
    if args.workers < 1:
        parser.error("--workers must be at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: apt-get install wrk")
    size = args.videos or (QUICK_SIZE if args.quick else FULL_SIZE)
    LOADTEST_DIR.mkdir(parents=True, exist_ok=True)
    if args.database_url:
        targets = [Target(kind_of(args.database_url), args.database_url)]
    else:
        pg_test_url = os.environ.get("PG_TEST_URL", DEFAULT_PG_TEST_URL)
        targets = [catalog_target("sqlite", size, pg_test_url)] if args.database in ("sqlite", "all") else []
        if args.database in ("postgres", "all"):
            if postgres_answers(pg_test_url):
                targets.append(catalog_target("postgres", size, pg_test_url))
            elif args.database == "postgres":
                raise SystemExit(f"PostgreSQL does not answer at {make_url(pg_test_url).render_as_string()}")
            else:
                print(f"PostgreSQL does not answer at {make_url(pg_test_url).render_as_string()}: SQLite only")
    build_it = not (args.no_build or args.database_url)
    return verdict([problem for target in targets for problem in run_one(target, args, size, build_it)])


def verdict(problems: list[str]) -> int:
    """Prints the budgets missed (or that all were met); the exit status."""
    if problems:
        print(f"\n{len(problems)} budget(s) missed:\n" + "\n".join(f"  {p}" for p in problems))
        return 1
    print("\nall budgets met")
    return 0


if __name__ == "__main__":
    sys.exit(main())

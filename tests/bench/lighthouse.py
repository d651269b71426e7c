"""`make lighthouse`: Lighthouse (mobile) on the five pages a visitor meets first, served as `make run` serves them.

The demo catalog in a database of its own, gunicorn with 3 workers, Redis; Lighthouse 12 from npm drives Debian's
Chromium. Each page is audited RUNS times and the median run (by performance score) is reported, as Lighthouse
advises for a score that varies from run to run. Budgets: performance ≥ 95, accessibility, best practices and SEO
100, cumulative layout shift 0.

    python -m tests.bench.lighthouse [--runs 5] [--pages home,video,...]
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import requests

from tests.bench.loadtest import ROOT, discover, flask_command, verdict
from tests.ops.server import free_port, gunicorn

LIGHTHOUSE = "lighthouse@12.8.2"
CHROME_FLAGS = (
    "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update "
    "--no-first-run"
)
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
PERFORMANCE_BUDGET = 95
OTHER_BUDGET = 100
CLS_BUDGET = 0.0
RUNS = 5  # Lighthouse's own advice for a median that holds from run to run
WORKERS = 3  # as `make run` serves
LIGHTHOUSE_DIR = ROOT / "instance" / "lighthouse"
METRICS = {  # Lighthouse audit id → column
    "first-contentful-paint": "FCP",
    "largest-contentful-paint": "LCP",
    "total-blocking-time": "TBT",
    "cumulative-layout-shift": "CLS",
    "speed-index": "SI",
}


@dataclass(frozen=True)
class Audit:
    page: str
    url: str
    scores: dict[str, int]  # category → 0..100
    metrics: dict[str, float]  # column → milliseconds (CLS: unitless)


def parse_report(page: str, url: str, path: Path) -> Audit:
    data = json.loads(path.read_text())
    scores = {name: round(100 * (data["categories"][name]["score"] or 0)) for name in CATEGORIES}
    metrics = {column: data["audits"][audit]["numericValue"] for audit, column in METRICS.items()}
    return Audit(page, url, scores, metrics)


def budget_problems(audit: Audit) -> list[str]:
    problems = []
    if audit.scores["performance"] < PERFORMANCE_BUDGET:
        problems.append(f"{audit.page}: performance {audit.scores['performance']} < {PERFORMANCE_BUDGET}")
    for name in CATEGORIES[1:]:
        if audit.scores[name] < OTHER_BUDGET:
            problems.append(f"{audit.page}: {name} {audit.scores[name]} < {OTHER_BUDGET}")
    if round(audit.metrics["CLS"], 3) > CLS_BUDGET:
        problems.append(f"{audit.page}: CLS {audit.metrics['CLS']:.3f} > {CLS_BUDGET:g}")
    return problems


def median_run(runs: list[Audit]) -> Audit:
    ordered = sorted(runs, key=lambda audit: audit.scores["performance"])
    return ordered[(len(ordered) - 1) // 2]


def table(audits: list[Audit]) -> str:
    head = "| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | SI |"
    lines = [head, "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"]
    for audit in audits:
        s, m = audit.scores, audit.metrics
        timings = " | ".join(f"{m[column] / 1000:.1f} s" for column in ("FCP", "LCP"))
        lines.append(
            f"| {audit.page} `{audit.url}` | {s['performance']} | {s['accessibility']} | {s['best-practices']} | "
            f"{s['seo']} | {timings} | {m['TBT']:.0f} ms | {m['CLS']:.3f} | {m['SI'] / 1000:.1f} s |"
        )
    return "\n".join(lines) + "\n"


def pages(base: str) -> dict[str, str]:
    sample = discover(base)
    return {
        "home": "/",
        "video": sample.trend_page,
        "categories": "/categories",
        "creator": f"/user/{sample.creator}",
        "about": "/about-us",
    }


def warm_up(base: str, paths: list[str]) -> None:
    """Each worker renders each page (and its API calls) once before it is audited: a site in service is warm."""
    http = requests.Session()
    for _ in range(2 * WORKERS):
        for path in paths:
            http.get(base + path, timeout=30).raise_for_status()


def run_lighthouse(url: str, output: Path) -> None:
    command = [
        "npx",
        "--yes",
        LIGHTHOUSE,
        url,
        "--output=json",
        f"--output-path={output}",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={CHROME_FLAGS}",
        "--quiet",
    ]
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
    finished = subprocess.run(command, cwd=ROOT, env=env, check=False)
    if finished.returncode or not output.is_file():
        raise SystemExit(f"lighthouse failed on {url} (status {finished.returncode})")


def site_settings(port: int) -> dict[str, str]:
    return {
        "DATABASE_URL": f"sqlite:///{LIGHTHOUSE_DIR / 'site.db'}",
        "REDIS_URL": os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"),
        "INSTANCE_DIR": str(LIGHTHOUSE_DIR),
        "MEDIA_DIR": str(LIGHTHOUSE_DIR / "media"),
        "SITE_URL": f"http://127.0.0.1:{port}",
        "CACHE_KEY_PREFIX": f"danza-lighthouse-{os.getpid()}",  # no page cached by an earlier build
        "TIKTOK_SOURCE": "fixtures",
        "RATELIMIT_ENABLED": "0",
    }


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=RUNS, help="audits per page; the median is reported")
    parser.add_argument("--pages", help="only these pages (comma-separated: home,video,categories,creator,about)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if shutil.which("npx") is None:
        raise SystemExit("npx is missing: install Node.js (make setup does)")
    LIGHTHOUSE_DIR.mkdir(parents=True, exist_ok=True)
    port = free_port()
    settings = site_settings(port)
    flask_command(settings, "db", "upgrade")
    flask_command(settings, "catalog", "load-demo")  # loads only into an empty catalog
    audits = []
    with gunicorn(settings, workers=WORKERS, port=port) as (base, _master):
        wanted = pages(base)
        if args.pages:
            wanted = {name: path for name, path in wanted.items() if name in args.pages.split(",")}
        warm_up(base, list(wanted.values()))
        for name, path in wanted.items():
            runs = []
            for run in range(1, args.runs + 1):
                output = LIGHTHOUSE_DIR / f"{name}-{run}.json"
                run_lighthouse(base + path, output)
                runs.append(parse_report(name, path, output))
                print(f"{name} run {run}: performance {runs[-1].scores['performance']}", flush=True)
            audits.append(median_run(runs))
    report = table(audits)
    (LIGHTHOUSE_DIR / "report.md").write_text(report)
    print("\n" + report)
    return verdict([problem for audit in audits for problem in budget_problems(audit)])


if __name__ == "__main__":
    sys.exit(main())

"""The load benchmark's short form: a small synthetic catalog built, served by gunicorn and driven by wrk.

`make loadtest` is the long form; this keeps its whole path working (the bulk writer on this database, sample
discovery through the API, wrk's output) without judging speed, which a 2,000-video catalog cannot show.
"""

import json
import os
import shutil
import subprocess
import sys

import pytest

from tests.conftest import PROJECT_ROOT

VIDEOS = 2000
ROWS = "home page,find-by-id,hashtags page of 50,categories video page,search new query each time"


def test_the_load_benchmark_builds_serves_and_measures(app):
    if shutil.which("wrk") is None:
        pytest.fail("wrk is missing: make test installs it (apt-get install wrk)")
    on_postgres = app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql")
    database = "postgres" if on_postgres else "sqlite"
    report = PROJECT_ROOT / "instance" / "loadtest" / f"report-{database}-{VIDEOS}.json"
    report.unlink(missing_ok=True)
    env = {**os.environ}
    if on_postgres:
        env["PG_TEST_URL"] = os.environ["TEST_DATABASE_URL"]
    command = [sys.executable, "-m", "tests.bench.loadtest", "--videos", str(VIDEOS), "--seconds", "1"]
    finished = subprocess.run(
        [*command, "--database", database, "--rows", ROWS],
        cwd=PROJECT_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert finished.returncode in (0, 1), finished.stderr[-2000:]  # 1: budgets missed, judged by the long form
    rows = {row["name"]: row for row in json.loads(report.read_text())["rows"]}
    assert set(rows) == {"floor /healthz", *ROWS.split(",")}
    for name, row in rows.items():
        for run in (row["at1"], row["at32"]):
            assert run["requests"] > 0, name
            assert run["non2xx3xx"] == 0 and not any(run["socketErrors"].values()), (name, run)

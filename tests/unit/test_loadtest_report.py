"""The load test's reading of wrk's output, its budgets and its table: a wrong parse would pass a slow site."""

import pytest

from tests.bench import loadtest
from tests.bench.loadtest import (
    OTHER_FLOOR_SHARE,
    VIEWING_FLOOR_SHARE,
    Measured,
    Row,
    WrkResult,
    budget_problems,
    build_budget_seconds,
    latency_ms,
    memory_total_gib,
    parse_wrk,
    rotation,
    rotation_script,
    select_rows,
    table,
)

# Captured from wrk 4.1.0 against the site served by gunicorn on the demo catalog.
FLOOR_AT_1 = """\
Running 2s test @ http://127.0.0.1:47113/healthz
  1 threads and 1 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    59.59ms  134.38ms 552.78ms   86.28%
    Req/Sec   682.80    217.11     1.01k    86.67%
  Latency Distribution
     50%    1.37ms
     75%    1.93ms
     90%  291.83ms
     99%  527.66ms
  1044 requests in 2.02s, 579.09KB read
Requests/sec:    517.13
Transfer/sec:    286.84KB
"""

# wrk pads a latency in seconds with a trailing blank.
SECONDS_AT_32 = "\n".join(
    [
        "Running 2s test @ http://127.0.0.1:47113/api/tiktok/random-video?count=50",
        "  2 threads and 32 connections",
        "  Thread Stats   Avg      Stdev     Max   +/- Stdev",
        "    Latency   737.09ms  211.42ms   1.24s    79.22%",
        "    Req/Sec    36.00     22.87    67.00     55.56%",
        "  Latency Distribution",
        "     50%  616.43ms",
        "     75%  869.46ms",
        "     90%    1.11s ",
        "     99%    1.24s ",
        "  77 requests in 2.06s, 5.82MB read",
        "Requests/sec:     37.38",
        "Transfer/sec:      2.83MB",
        "",
    ]
)

NOT_FOUND_AT_32 = """\
Running 2s test @ http://127.0.0.1:47113/no-such-page
  2 threads and 32 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   186.63ms   50.48ms 359.33ms   68.92%
    Req/Sec    86.24     44.99   161.00     67.57%
  Latency Distribution
     50%  182.81ms
     75%  196.32ms
     90%  258.44ms
     99%  346.52ms
  325 requests in 2.03s, 3.80MB read
  Non-2xx or 3xx responses: 325
Requests/sec:    159.96
Transfer/sec:      1.87MB
"""

TIMEOUTS_AT_100 = """\
Running 3s test @ http://127.0.0.1:47116/api/tiktok/hashtags?page=1&limit=1000
  2 threads and 100 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   642.81ms  269.78ms 971.14ms   60.00%
    Req/Sec    24.24     14.83    60.00     62.07%
  Latency Distribution
     50%  739.24ms
     75%  871.66ms
     90%  951.01ms
     99%  971.14ms
  79 requests in 3.05s, 12.66MB read
  Socket errors: connect 0, read 0, write 0, timeout 64
Requests/sec:     25.88
Transfer/sec:      4.15MB
"""


@pytest.mark.parametrize(
    ("text", "ms"), [("812.00us", 0.812), ("1.37ms", 1.37), ("1.11s", 1110.0), ("1.24s ", 1240.0), ("2.00m", 120_000.0)]
)
def test_latencies_are_read_in_milliseconds_whatever_unit_wrk_chose(text, ms):
    assert latency_ms(text) == pytest.approx(ms)


def test_a_latency_without_a_unit_is_refused():
    with pytest.raises(ValueError, match="not a wrk latency"):
        latency_ms("12.5")


def test_a_clean_run_has_its_rate_and_percentiles_and_no_errors():
    result = parse_wrk(FLOOR_AT_1)
    assert result.requests_per_second == 517.13
    assert result.p50_ms == pytest.approx(1.37)
    assert result.p99_ms == pytest.approx(527.66)
    assert result.requests == 1044
    assert result.failed_requests == 0


def test_percentiles_in_seconds_with_trailing_blanks_are_read():
    result = parse_wrk(SECONDS_AT_32)
    assert (result.p50_ms, result.p99_ms) == (pytest.approx(616.43), pytest.approx(1240.0))


def test_non_2xx_answers_and_socket_errors_count_as_failed_requests():
    assert parse_wrk(NOT_FOUND_AT_32).non_2xx_3xx == 325
    timeouts = parse_wrk(TIMEOUTS_AT_100)
    assert timeouts.socket_errors == {"connect": 0, "read": 0, "write": 0, "timeout": 64}
    assert timeouts.failed_requests == 64


def test_output_that_is_not_wrk_s_is_refused():
    with pytest.raises(ValueError, match="no Requests/sec"):
        parse_wrk("unable to connect to 127.0.0.1:1 Connection refused")


def result(rate: float, p50: float, p99: float, **errors) -> WrkResult:
    return WrkResult(rate, p50, p99, requests=1000, **errors)


FLOOR = Row("floor /healthz", "/healthz", None)
HOME = Row("home page", "/", VIEWING_FLOOR_SHARE)
TRENDS = Row("dance trends", "/api/tiktok/dance-trends?page=1&limit=20", OTHER_FLOOR_SHARE)


def test_a_row_within_every_budget_has_no_problems():
    floor = result(2000, 0.5, 20)
    assert budget_problems(HOME, result(300, 4, 9), result(900, 30, 45), floor) == []


def test_each_missed_budget_is_named():
    floor = result(2000, 0.5, 20)
    problems = budget_problems(
        HOME, result(50, 12, 40), result(700, 40, 80, non_2xx_3xx=3, socket_errors={"timeout": 2}), floor
    )
    assert problems == [
        "p50 @1 > 10 ms",
        "p99 @32 > 50 ms",
        "< 40% of floor",
        "3 non-2xx/3xx @32",
        "2 socket errors @32",
    ]


def test_the_floor_share_depends_on_the_row():
    floor, at_1, at_32 = result(2000, 0.5, 20), result(300, 4, 9), result(600, 30, 45)  # 30% of the floor
    assert budget_problems(TRENDS, at_1, at_32, floor) == []
    assert budget_problems(HOME, at_1, at_32, floor) == ["< 40% of floor"]


def test_a_run_without_a_latency_distribution_fails_its_latency_budgets():
    floor = result(2000, 0.5, 20)
    assert budget_problems(TRENDS, result(300, None, None), result(900, None, None), floor) == [
        "p50 @1 > 10 ms",
        "p99 @32 > 50 ms",
    ]


def test_the_table_shows_each_row_against_the_floor():
    floor = Measured(FLOOR, result(1204.4, 0.71, 3.8), result(1113, 26.8, 39.7), [])
    home = Measured(HOME, result(103, 8.0, 36.2), result(103, 318.4, 414.2), ["p99 @32 > 50 ms", "< 40% of floor"])
    lines = table([floor, home]).splitlines()
    assert lines[0].startswith("| row | req/s @1 | p50 ms @1 | p99 ms @1 | req/s @32 |")
    assert lines[0].endswith("| % of floor @32 | budget |")
    assert lines[2] == "| floor /healthz | 1,204 | 0.7 | 3.8 | 1,113 | 26.8 | 39.7 | 100 | ok |"
    assert lines[3] == (
        "| home page | 103 | 8.0 | 36.2 | 103 | 318.4 | 414.2 | 9 | FAIL: p99 @32 > 50 ms; < 40% of floor |"
    )


def test_the_rows_filter_keeps_the_floor_and_matches_substrings():
    rows = [FLOOR, HOME, TRENDS, Row("trend videos", "/x", OTHER_FLOOR_SHARE)]
    assert select_rows(rows, None) == rows
    assert select_rows(rows, "TREND") == [FLOOR, TRENDS, rows[3]]
    assert select_rows(rows, "home, nothing") == [FLOOR, HOME]
    assert select_rows(rows, "zzz") == [FLOOR]


def test_the_server_has_make_run_s_workers_unless_told_otherwise(capsys):
    assert loadtest.parse_args([]).workers == loadtest.WORKERS == 3
    assert loadtest.parse_args(["--workers", "5"]).workers == 5
    with pytest.raises(SystemExit):
        loadtest.parse_args(["--workers", "0"])
    assert "--workers must be at least 1" in capsys.readouterr().err


def test_total_memory_is_read_from_meminfo():
    assert memory_total_gib("MemTotal:       24684544 kB\nMemFree:        22345216 kB\n") == pytest.approx(23.54, 0.01)


def test_the_build_budget_is_180_seconds_up_to_a_million_videos_then_grows_with_the_catalog():
    assert build_budget_seconds(200_000) == 180
    assert build_budget_seconds(1_000_000) == 180
    assert build_budget_seconds(2_000_000) == 360


def test_a_rotating_row_asks_for_its_paths_in_turn_each_time_a_new_url():
    script = rotation_script(("/api/search?q=Hoà&type=", "/api/search?q=fyp&type=videos"), run="17")
    assert 'local paths = {"/api/search?q=Ho%C3%A0&type=", "/api/search?q=fyp&type=videos"}' in script
    # each wrk run, and each of its threads, counts under a prefix of its own
    assert 'local run = "17"' in script
    assert 'thread:set("prefix", run .. "-" .. thread_number)' in script
    assert '.. "&miss=" .. prefix .. "-" .. count)' in script


def test_each_run_of_a_rotating_row_gets_a_script_of_its_own(monkeypatch, tmp_path):
    monkeypatch.setattr(loadtest, "LOADTEST_DIR", tmp_path)
    row = Row("search new query each time", "/api/search?q=a", 0.25, rotates=("/api/search?q=a",))
    first = rotation(row).read_text()
    second = rotation(row).read_text()
    assert first != second
    assert rotation(Row("floor", "/healthz", None)) is None

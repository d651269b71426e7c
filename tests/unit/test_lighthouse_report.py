"""`make lighthouse`'s reading of Lighthouse's JSON, its median and its budgets."""

import json

from tests.bench.lighthouse import budget_problems, median_run, parse_report, table


def report(tmp_path, name: str, performance: float, cls: float = 0.0, seo: float = 1.0):
    categories = {"performance": performance, "accessibility": 1.0, "best-practices": 1.0, "seo": seo}
    audits = {
        "first-contentful-paint": 900.0,
        "largest-contentful-paint": 1300.0,
        "total-blocking-time": 40.0,
        "cumulative-layout-shift": cls,
        "speed-index": 1100.0,
    }
    data = {
        "categories": {key: {"score": value} for key, value in categories.items()},
        "audits": {key: {"numericValue": value} for key, value in audits.items()},
    }
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(data))
    return parse_report("home", "/", path)


def test_a_report_is_read_into_scores_out_of_100_and_metrics(tmp_path):
    audit = report(tmp_path, "a", 0.954)
    assert audit.scores == {"performance": 95, "accessibility": 100, "best-practices": 100, "seo": 100}
    assert audit.metrics["LCP"] == 1300.0 and audit.metrics["CLS"] == 0.0
    assert budget_problems(audit) == []
    assert "| home `/` | 95 | 100 | 100 | 100 | 0.9 s | 1.3 s | 40 ms | 0.000 | 1.1 s |" in table([audit])


def test_each_budget_is_checked(tmp_path):
    audit = report(tmp_path, "b", 0.94, cls=0.014, seo=0.92)
    assert budget_problems(audit) == ["home: performance 94 < 95", "home: seo 92 < 100", "home: CLS 0.014 > 0"]


def test_the_median_run_by_performance_is_reported(tmp_path):
    runs = [report(tmp_path, name, score) for name, score in (("x", 0.99), ("y", 0.80), ("z", 0.96))]
    assert median_run(runs).scores["performance"] == 96
    assert median_run(runs[:2]).scores["performance"] == 80  # of two, the worse

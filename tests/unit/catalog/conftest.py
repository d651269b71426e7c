import json
from pathlib import Path
from typing import Any

import pytest

FIXTURE_PATH = Path(__file__).parents[2] / "fixtures" / "catalog_small.jsonl"


@pytest.fixture(scope="session")
def catalog_rows() -> list[dict[str, Any]]:
    """The small real-data catalog, ending with three hand-made rows whose ids are invalid."""
    with FIXTURE_PATH.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


@pytest.fixture(scope="session")
def rows_by_id(catalog_rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Fixture rows with a video id, keyed by it."""
    return {row["video_id"]: row for row in catalog_rows if row.get("video_id")}


@pytest.fixture(autouse=True)
def _app_context() -> None:
    """The catalog rules are pure: these tests replace the suite-wide app context and need no database."""

from collections import Counter
from importlib.resources import files
from pathlib import Path

import pytest

from app.catalog import is_valid_video_id, record_from_catalog_row
from app.catalog.demo import main, mentions_dance, read_catalog, select_demo_rows, write_catalog

DEMO_CATALOG = Path(str(files("app.demo") / "catalog.jsonl.gz"))


@pytest.fixture(scope="module")
def demo_rows() -> list[dict]:
    return list(read_catalog(DEMO_CATALOG))


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        ({"description": "#dance #garrafa", "hashtags": []}, True),
        ({"description": "Nhảy cùng em nào", "hashtags": []}, True),
        ({"description": "", "hashtags": ["BacBling"]}, True),
        ({"description": "thử thách #nhaytiktok", "hashtags": None}, True),
        ({"description": "Wait for the LOOP", "hashtags": ["transition"]}, False),
        ({"description": None, "hashtags": []}, False),
    ],
)
def test_mentions_dance(row: dict, expected: bool) -> None:
    assert mentions_dance(row) is expected


def test_selection_from_the_fixture_is_exact_and_skips_invalid_ids(catalog_rows: list[dict]) -> None:
    selected = [row["video_id"] for row in select_demo_rows(catalog_rows, size=12)]
    # Two populated song trends, one original sound from each of the first two phrase queues, the rows without music.
    assert selected == [
        "7481154741926497543",
        "7481517964362091794",
        "7483830436670622984",
        "7488990971359710519",
        "7476821366457568520",
        "6898107264805244162",
        "6895488257920945414",
        "6898020845189434625",
        "7498659870552509703",
        "7484960523855891730",
        "7486868330511486214",
        "7501151007959764231",
    ]


def test_selection_is_deterministic_and_independent_of_input_order(catalog_rows: list[dict]) -> None:
    forward = select_demo_rows(catalog_rows, size=20)
    backward = select_demo_rows(list(reversed(catalog_rows)), size=20)
    assert forward == select_demo_rows(catalog_rows, size=20)
    assert {row["video_id"] for row in forward} == {row["video_id"] for row in backward}


def test_selection_never_exceeds_the_valid_rows(catalog_rows: list[dict]) -> None:
    selected = select_demo_rows(catalog_rows, size=1000)
    assert len(selected) == 42
    assert all(is_valid_video_id(row.get("video_id")) for row in selected)


def test_selection_ignores_duplicate_ids(catalog_rows: list[dict]) -> None:
    assert len(select_demo_rows(catalog_rows + catalog_rows, size=1000)) == 42


def test_the_shipped_demo_catalog_has_400_valid_distinct_videos(demo_rows: list[dict]) -> None:
    records = [record_from_catalog_row(row) for row in demo_rows]
    assert len(demo_rows) == 400
    assert None not in records
    assert len({record.video_id for record in records}) == 400


def test_the_shipped_demo_catalog_has_populated_trends_and_every_branch(demo_rows: list[dict]) -> None:
    records = [record_from_catalog_row(row) for row in demo_rows]
    sizes = Counter(record.song_key for record in records if record.song_key)
    populated_songs = {key for key, size in sizes.items() if size >= 3 and not key.startswith("original sound|")}
    assert len(populated_songs) >= 50
    assert "bắc bling (bắc ninh) (prod. by masew)|hoà minzy, tuấn cry, xuân hinh" in populated_songs
    assert sum(record.is_original_sound for record in records) >= 60
    assert sum(record.song_key is None for record in records) >= 5
    assert sum(mentions_dance(row) for row in demo_rows) >= 150


def test_write_then_read_round_trips_and_gives_identical_bytes(tmp_path: Path, catalog_rows: list[dict]) -> None:
    first, second = tmp_path / "first.jsonl.gz", tmp_path / "second.jsonl.gz"
    assert write_catalog(catalog_rows, first) == 45
    write_catalog(catalog_rows, second)
    assert first.read_bytes() == second.read_bytes()
    assert list(read_catalog(first)) == catalog_rows


def test_command_line_writes_the_selection(
    tmp_path: Path, catalog_rows: list[dict], capsys: pytest.CaptureFixture
) -> None:
    source, destination = tmp_path / "source.jsonl.gz", tmp_path / "demo.jsonl.gz"
    write_catalog(catalog_rows, source)
    assert main([str(source), str(destination), "10"]) == 0
    assert list(read_catalog(destination)) == select_demo_rows(catalog_rows, size=10)
    assert "wrote 10 rows" in capsys.readouterr().out


def test_command_line_without_arguments_prints_usage(capsys: pytest.CaptureFixture) -> None:
    assert main([]) == 2
    assert "usage:" in capsys.readouterr().err

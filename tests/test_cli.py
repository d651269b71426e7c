"""The flask commands."""

import json
import re
import string
from pathlib import Path

from sqlalchemy import func, select

from app.extensions import db
from app.models import CatalogDay, Creator, Hashtag, User, Video
from app.models.types import utcnow

FIXTURE = Path(__file__).parent / "fixtures" / "catalog_small.jsonl"


def test_create_admin_makes_an_admin_who_can_sign_in(app, api):
    result = app.test_cli_runner().invoke(
        args=[
            "users",
            "create-admin",
            "--username",
            "root_admin",
            "--email",
            "Root@Example.com",
            "--password",
            "pw12345",
        ]
    )
    assert result.exit_code == 0, result.output
    assert "Admin @root_admin" in result.output
    assert db.session.scalar(select(User.role).where(User.username == "root_admin")) == "admin"
    assert api.login("root@example.com", "pw12345").get_json()["user"]["role"] == "admin"


def test_create_admin_reports_rule_breaks(app):
    result = app.test_cli_runner().invoke(
        args=["users", "create-admin", "--username", "a b", "--email", "x@example.com", "--password", "pw12345"]
    )
    assert result.exit_code != 0
    assert "Username cannot contain spaces" in result.output


def test_create_admin_promotes_the_same_account(app, make_user):
    make_user("existing")
    result = app.test_cli_runner().invoke(
        args=[
            "users",
            "create-admin",
            "--username",
            "existing",
            "--email",
            "existing@example.com",
            "--password",
            "newpass1",
        ]
    )
    assert result.exit_code == 0, result.output
    assert db.session.scalar(select(func.count(User.id))) == 1
    assert db.session.scalar(select(User.role)) == "admin"


def test_catalog_import_is_idempotent(app):
    runner = app.test_cli_runner()
    first = runner.invoke(args=["catalog", "import", str(FIXTURE)])
    assert first.exit_code == 0, first.output
    assert "42 videos added" in first.output and "3 skipped" in first.output
    second = runner.invoke(args=["catalog", "import", str(FIXTURE)])
    assert "0 videos added, 42 updated" in second.output
    assert db.session.scalar(select(func.count(Video.id))) == 42


def test_load_demo_only_fills_an_empty_database(app):
    runner = app.test_cli_runner()
    runner.invoke(args=["catalog", "import", str(FIXTURE)])
    result = runner.invoke(args=["catalog", "load-demo"])
    assert "already has videos" in result.output
    assert db.session.scalar(select(func.count(Video.id))) == 42


def test_the_portal_history_commands_recount_past_days_and_snapshot_today(app):
    runner = app.test_cli_runner()
    runner.invoke(args=["catalog", "import", str(FIXTURE)])
    backfill = runner.invoke(args=["catalog", "backfill-history"])
    assert backfill.exit_code == 0, backfill.output
    assert "for 1 days" in backfill.output, "every video was stored today"
    today = utcnow().date()
    assert db.session.get(CatalogDay, today).active_videos is None
    snapshot = runner.invoke(args=["catalog", "snapshot"])
    assert snapshot.exit_code == 0, snapshot.output
    assert f"Snapshot of {today.isoformat()}: 42 active and 0 inactive videos." in snapshot.output
    row = db.session.get(CatalogDay, today)
    assert (row.videos_added, row.active_videos) == (42, 42)


def test_the_demo_catalog_leaves_the_portal_a_history_to_chart(app):
    result = app.test_cli_runner().invoke(args=["catalog", "load-demo"])
    assert result.exit_code == 0, result.output
    row = db.session.get(CatalogDay, utcnow().date())
    total = db.session.scalar(select(func.count(Video.id)))
    assert total > 0 and (row.videos_added, row.active_videos, row.inactive_videos) == (total, total, 0)
    assert row.tier_complete + row.tier_partial + row.tier_basic + row.tier_none == total


def hostile_rows() -> list[dict]:
    """Rows a hostile or broken catalog file could hold, each otherwise a copy of a valid row."""
    base = json.loads(FIXTURE.read_text(encoding="utf-8").splitlines()[0])
    changes = [
        {"video_id": "7" * 29},
        {"play_count": 1e308},
        {"digg_count": -5},
        {"description": "caption with a NUL\x00"},
        {"author_unique_id": '"><svg onload=alert(1)>'},
        {"author_unique_id": "../../api/auth/me"},
        {"hashtags": ["../../api/auth/me"]},
        {"hashtags": ['"><svg/onload=alert(1)>']},
        {"duration_s": 2**40},
        {"music_title": "t" * 301},
    ]
    return [{**base, "video_id": f"74811547419264{n:05d}", **change} for n, change in enumerate(changes)]


def test_catalog_import_skips_and_counts_bad_rows_and_keeps_the_rest(app, tmp_path):
    catalog = tmp_path / "hostile.jsonl"
    lines = [json.dumps(row) for row in hostile_rows()] + FIXTURE.read_text(encoding="utf-8").splitlines()
    catalog.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = app.test_cli_runner().invoke(args=["catalog", "import", str(catalog)])
    assert result.exit_code == 0, result.output
    assert "55 rows, 42 videos added, 0 updated, 13 skipped" in result.output
    for reason in (
        "3 video_id: not a TikTok video id",
        "1 video_id: missing",
        "2 username: not a TikTok handle",
        "2 hashtags: not a hashtag",
        "1 view_count: out of range",
        "1 like_count: out of range",
        "1 description: holds a NUL character",
        "1 duration: out of range",
        "1 track: longer than 300 characters",
    ):
        assert reason in result.output
    assert db.session.scalar(select(func.count(Video.id))) == 42
    assert all(re.fullmatch(r"[A-Za-z0-9_.]{2,24}", name) for name in db.session.scalars(select(Creator.username)))
    punctuation = set(string.punctuation + string.whitespace) - {"_"}
    assert not [name for name in db.session.scalars(select(Hashtag.name)) if punctuation & set(name)]


def test_the_openapi_command_writes_the_document_the_site_serves(app, client, tmp_path):
    out = tmp_path / "openapi.json"
    result = app.test_cli_runner().invoke(args=["api", "openapi", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text()) == client.get("/api/openapi.json").get_json()

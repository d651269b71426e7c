"""The flask commands."""

from pathlib import Path

from sqlalchemy import func, select

from app.extensions import db
from app.models import User, Video

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

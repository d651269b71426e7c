"""`make install-service` written into a scratch root (nothing started), and what a machine without systemd is told."""

import shutil
import subprocess
from pathlib import Path

import pytest

from app.cli import site as serve_cli
from app.service_install import ENV_FILE, parse_env


def install(app, root: Path, *extra: str):
    return app.test_cli_runner().invoke(
        args=["site", "install-service", "--domain", "Dance.Example.com", *extra, "--root", str(root)]
    )


def test_the_services_the_caddyfile_and_the_settings_are_written(app, tmp_path):
    result = install(app, tmp_path, "--email", "ops@example.com")
    assert result.exit_code == 0, result.output
    units = tmp_path / "etc" / "systemd" / "system"
    assert sorted(path.name for path in units.iterdir()) == [
        "danza-backup.service",
        "danza-backup.timer",
        "danza-web.service",
        "danza-worker.service",
    ]
    web = (units / "danza-web.service").read_text()
    assert "-c python:app.gunicorn_conf wsgi:app" in web and "Restart=on-failure" in web
    assert "WantedBy=multi-user.target" in web and "ExecReload=/bin/kill -HUP $MAINPID" in web
    assert "jobs worker" in (units / "danza-worker.service").read_text()
    assert "db backup --into /var/backups/danza --keep 14" in (units / "danza-backup.service").read_text()
    assert "OnCalendar=daily" in (units / "danza-backup.timer").read_text()
    caddyfile = (tmp_path / "etc" / "caddy" / "Caddyfile").read_text()
    assert "dance.example.com {" in caddyfile and "email ops@example.com" in caddyfile
    assert "Strict-Transport-Security" in caddyfile and "reverse_proxy 127.0.0.1:8001" in caddyfile
    env_file = tmp_path / ENV_FILE.relative_to("/")
    settings = parse_env(env_file.read_text())
    assert settings["SITE_URL"] == "https://dance.example.com"
    assert (settings["PRODUCTION"], settings["PROXY_HOPS"], settings["BIND_HOST"]) == ("1", "1", "127.0.0.1")
    assert len(settings["SECRET_KEY"]) == 64
    assert env_file.stat().st_mode & 0o777 == 0o640


def test_installing_again_keeps_the_secret_and_the_teams_own_settings(app, tmp_path):
    install(app, tmp_path)
    env_file = tmp_path / ENV_FILE.relative_to("/")
    first = parse_env(env_file.read_text())
    env_file.write_text(env_file.read_text() + "FEED_RATE_LIMIT='300 per minute;5000 per day'\nSITE_URL=http://old\n")
    assert install(app, tmp_path).exit_code == 0
    again = parse_env(env_file.read_text())
    assert again["SECRET_KEY"] == first["SECRET_KEY"]
    assert again["FEED_RATE_LIMIT"] == "300 per minute;5000 per day"
    assert again["SITE_URL"] == "https://dance.example.com"


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_systemd_accepts_the_units(app, tmp_path):
    """systemd's own check of the unit files (syntax, absolute executables that exist, the timer's service)."""
    install(app, tmp_path)
    folder = tmp_path / "etc" / "systemd" / "system"
    names = sorted(path.name for path in folder.iterdir())
    checked = subprocess.run(
        ["systemd-analyze", "verify", "--man=no", *names], cwd=folder, capture_output=True, text=True, check=False
    )
    assert checked.returncode == 0, checked.stderr


@pytest.mark.parametrize("domain", ["https://example.com", "example", "exa mple.com", "example.com/x"])
def test_a_domain_must_be_a_host_name(app, tmp_path, domain):
    result = app.test_cli_runner().invoke(args=["site", "install-service", "--domain", domain, "--root", str(tmp_path)])
    assert result.exit_code != 0 and "is not a host name" in result.output
    assert not any(tmp_path.iterdir())


def test_a_machine_without_systemd_is_told_what_to_run_instead(app, monkeypatch):
    monkeypatch.setattr(serve_cli, "_has_systemd", lambda: False)
    monkeypatch.setattr(serve_cli.os, "geteuid", lambda: 0)
    result = app.test_cli_runner().invoke(args=["site", "install-service", "--domain", "example.com"])
    assert result.exit_code != 0
    assert "does not run systemd" in result.output and "make serve DOMAIN=example.com" in result.output
    upgrade = app.test_cli_runner().invoke(args=["site", "upgrade"])
    assert upgrade.exit_code != 0 and "No installed service" in upgrade.output

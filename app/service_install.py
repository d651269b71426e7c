"""`make install-service`: the site as systemd services on one VM, behind Debian's Caddy, started at boot.

Units: NAME-web (gunicorn on a loopback port; `systemctl reload` swaps its workers without dropping a request),
NAME-worker (the RQ worker, which also runs RQ's scheduler; a stop lets its current job finish), and a daily
NAME-backup timer (`flask db backup --into BACKUP_DIR --keep 14`). Caddy's own unit (Debian's `caddy` package)
reads the Caddyfile written here. Every setting lives in one environment file, which both the units and `make
upgrade` read; a value set there by hand is kept when the service is installed again.
"""

import secrets
import shlex
from dataclasses import dataclass
from pathlib import Path

from app.proxy import app_behind_proxy

SERVICE = "danza"
SERVICE_USER = "danza"
ENV_FILE = Path("/etc/danza/danza.env")
BACKUP_DIR = Path("/var/backups/danza")
BACKUPS_KEPT = 14
CADDYFILE = Path("/etc/caddy/Caddyfile")
UNIT_DIR = Path("/etc/systemd/system")
UPSTREAM_PORT = 8001
# Seconds systemd lets the worker finish its current job before it is killed: a job's own limit, and a minute.
WORKER_STOP_SECONDS = 60 * 60 + 60


@dataclass(frozen=True)
class Installation:
    project: Path  # the checkout, with its .venv and built static/
    domain: str
    email: str = ""

    @property
    def site_url(self) -> str:
        return f"https://{self.domain}"

    def managed_settings(self) -> dict[str, str]:
        """What the installation decides; anything else in the environment file is the team's own."""
        return app_behind_proxy(self.site_url, UPSTREAM_PORT)

    def first_settings(self) -> dict[str, str]:
        """Written only when the environment file lacks them, then left alone."""
        instance = self.project / "instance"
        return {
            "SECRET_KEY": secrets.token_hex(32),
            "DATABASE_URL": f"sqlite:///{instance / 'danza.db'}",
            "REDIS_URL": "redis://127.0.0.1:6379/0",
            "INSTANCE_DIR": str(instance),
            "MEDIA_DIR": str(self.project / "media"),
        }


def parse_env(text: str) -> dict[str, str]:
    """KEY=value lines (values possibly quoted), as systemd's EnvironmentFile and a POSIX shell both read them."""
    settings = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        parts = shlex.split(value) if value else [""]
        settings[key.strip()] = parts[0] if parts else ""
    return settings


def render_env(settings: dict[str, str]) -> str:
    lines = ["# The site's settings (see the README's Configuration), read by its units and by `make upgrade`."]
    lines += [f"{key}={shlex.quote(value)}" for key, value in settings.items()]
    return "\n".join(lines) + "\n"


def merged_env(installation: Installation, existing: str) -> str:
    kept = parse_env(existing)
    first = {key: value for key, value in installation.first_settings().items() if key not in kept}
    return render_env({**first, **kept, **installation.managed_settings()})


def _unit(description: str, service: list[str], install: str = "multi-user.target", after: str = "") -> str:
    lines = ["[Unit]", f"Description={description}"]
    if after:
        lines += [f"After={after}", f"Wants={after}"]
    lines += ["", "[Service]", *service, "", "[Install]", f"WantedBy={install}", ""]
    return "\n".join(lines)


def units(installation: Installation) -> dict[str, str]:
    """The unit files by name."""
    project = installation.project
    venv = project / ".venv" / "bin"
    common = [
        f"User={SERVICE_USER}",
        f"Group={SERVICE_USER}",
        f"WorkingDirectory={project}",
        f"EnvironmentFile={ENV_FILE}",
    ]
    after = "network-online.target redis-server.service"
    return {
        f"{SERVICE}-web.service": _unit(
            "Danza web (gunicorn)",
            [
                *common,
                f"ExecStart={venv / 'gunicorn'} -c python:app.gunicorn_conf wsgi:app",
                "ExecReload=/bin/kill -HUP $MAINPID",  # new workers with the new code, old ones finish first
                "Restart=on-failure",
                "RestartSec=2",
                "KillMode=mixed",
                "TimeoutStopSec=70",
            ],
            after=after,
        ),
        f"{SERVICE}-worker.service": _unit(
            "Danza background worker and scheduler (RQ)",
            [
                *common,
                f"ExecStart={venv / 'flask'} --app wsgi jobs worker",
                "Restart=on-failure",
                "RestartSec=5",
                "KillSignal=SIGTERM",  # RQ's warm shutdown: the current job finishes, no new one starts
                f"TimeoutStopSec={WORKER_STOP_SECONDS}",
            ],
            after=after,
        ),
        f"{SERVICE}-backup.service": "\n".join(
            [
                "[Unit]",
                "Description=Danza database backup",
                "",
                "[Service]",
                "Type=oneshot",
                *common,
                f"ExecStart={venv / 'flask'} --app wsgi db backup --into {BACKUP_DIR} --keep {BACKUPS_KEPT}",
                "",
            ]
        ),
        f"{SERVICE}-backup.timer": "\n".join(
            [
                "[Unit]",
                "Description=Daily Danza database backup",
                "",
                "[Timer]",
                "OnCalendar=daily",
                "RandomizedDelaySec=30m",
                "Persistent=true",  # a backup missed while the machine was off runs at the next boot
                "",
                "[Install]",
                "WantedBy=timers.target",
                "",
            ]
        ),
    }


ENABLED = (f"{SERVICE}-web.service", f"{SERVICE}-worker.service", f"{SERVICE}-backup.timer")

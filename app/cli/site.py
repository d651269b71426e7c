"""`flask site serve` (what `make serve` runs), `site install-service` and `site upgrade` (`make install-service`,
`make upgrade`) and `site caddyfile`: the site in its production shape.

`serve` runs, in the foreground, gunicorn on a loopback port, the RQ worker and Caddy in front of both, and stops
all three when one of them stops or on Ctrl-C. With DOMAIN, Caddy gets a certificate for it and serves HTTPS on
443 (HTTP redirected); without, plain HTTP on PORT.
"""

import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import click
from flask import current_app
from flask.cli import AppGroup

from app.config import INSTANCE_DIR, PROJECT_ROOT
from app.proxy import ProxySite, app_behind_proxy, body_caps, caddyfile
from app.service_install import (
    BACKUP_DIR,
    BACKUPS_KEPT,
    CADDYFILE,
    ENABLED,
    ENV_FILE,
    SERVICE,
    SERVICE_USER,
    UNIT_DIR,
    UPSTREAM_PORT,
    Installation,
    merged_env,
    parse_env,
    units,
)

site_cli = AppGroup("site", help="Serve the site in its production shape, behind Caddy.")

SERVE_DIR = INSTANCE_DIR / "serve"
STOP_SECONDS = 30
LOCAL_HOSTS = ("localhost", "127.0.0.1")


@dataclass(frozen=True)
class ServePlan:
    """Where the site is served and what the app behind the proxy must be told."""

    domain: str
    port: int
    upstream_port: int
    email: str

    @property
    def site_url(self) -> str:
        return f"https://{self.domain}" if self.domain else f"http://localhost:{self.port}"

    @property
    def address(self) -> str:
        return self.domain or f":{self.port}"

    def app_settings(self, base: dict[str, str]) -> dict[str, str]:
        """The environment of gunicorn and the worker: the public address, one trusted proxy, other hosts refused."""
        settings = {**base, **app_behind_proxy(base.get("SITE_URL") or self.site_url, self.upstream_port)}
        if not self.domain:  # a local trial answers to both names of this machine
            extra = [h for h in base.get("TRUSTED_HOSTS", "").split(",") if h]
            settings["TRUSTED_HOSTS"] = ",".join(dict.fromkeys([*extra, *LOCAL_HOSTS]))
        return settings


def proxy_site(**overrides) -> ProxySite:
    """The ProxySite of the running app, with any field overridden."""
    fields = {
        "address": ":8080",
        "upstreams": [f"127.0.0.1:{UPSTREAM_PORT}"],
        "project_root": PROJECT_ROOT,
        "body_caps": body_caps(current_app),
    }
    return ProxySite(**{**fields, **overrides})


@site_cli.command("caddyfile")
@click.option("--domain", default="", help="The public name to get a certificate for; plain HTTP without.")
@click.option("--port", type=int, default=8080, show_default=True, help="The HTTP port without a domain.")
@click.option("--upstream", "upstreams", multiple=True, help="gunicorn's host:port (repeat to balance).")
@click.option("--email", default="", help="Contact address for the certificate authority.")
@click.option("--admin", default="off", show_default=True, help="Caddy's admin endpoint, for `caddy reload`.")
def print_caddyfile(domain: str, port: int, upstreams: tuple[str, ...], email: str, admin: str) -> None:
    """Print the Caddyfile that serves the site."""
    plan = ServePlan(domain, port, UPSTREAM_PORT, email)
    overrides = {"upstreams": list(upstreams)} if upstreams else {}
    click.echo(caddyfile(proxy_site(address=plan.address, email=email, admin=admin, **overrides)), nl=False)


def _caddy() -> str:
    found = shutil.which("caddy")
    if found is None:
        raise click.ClickException("Caddy is missing: apt-get install caddy (or run `make serve` as root).")
    return found


def _wait_until_up(url: str, process: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise click.ClickException(f"gunicorn stopped while starting (status {process.returncode}).")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    raise click.ClickException(f"gunicorn did not answer at {url} within {seconds:.0f} s.")


def _stop(processes: dict[str, subprocess.Popen]) -> None:
    for process in processes.values():
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + STOP_SECONDS
    for process in processes.values():
        try:
            process.wait(max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()


@site_cli.command("serve")
@click.option("--domain", default=lambda: os.environ.get("DOMAIN", ""), help="Serve HTTPS for this name (DOMAIN).")
@click.option("--port", type=int, default=lambda: int(os.environ.get("PORT", "8080")), help="HTTP port (PORT).")
@click.option("--email", default=lambda: os.environ.get("EMAIL", ""), help="Contact address for certificates.")
@click.option("--upstream-port", type=int, default=UPSTREAM_PORT, show_default=True, help="gunicorn's local port.")
def serve(domain: str, port: int, email: str, upstream_port: int) -> None:
    """Run gunicorn, the worker and Caddy in the foreground until one stops or Ctrl-C."""
    plan = ServePlan(domain.strip().lower(), port, upstream_port, email.strip())
    caddy = _caddy()
    SERVE_DIR.mkdir(parents=True, exist_ok=True)
    config = SERVE_DIR / "Caddyfile"
    site = proxy_site(
        address=plan.address,
        upstreams=[f"127.0.0.1:{upstream_port}"],
        email=plan.email,
        storage=SERVE_DIR / "caddy-data",
    )
    config.write_text(caddyfile(site))
    settings = plan.app_settings(dict(os.environ))
    flask = [sys.executable, "-m", "flask", "--app", "wsgi"]
    gunicorn = [str(Path(sys.executable).with_name("gunicorn")), "-c", "python:app.gunicorn_conf", "wsgi:app"]
    processes: dict[str, subprocess.Popen] = {}
    stopping = False

    def stop_on_signal(_signum, _frame) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, stop_on_signal)
    signal.signal(signal.SIGTERM, stop_on_signal)
    try:
        processes["gunicorn"] = subprocess.Popen(gunicorn, cwd=PROJECT_ROOT, env=settings)
        _wait_until_up(f"http://127.0.0.1:{upstream_port}/healthz", processes["gunicorn"])
        processes["worker"] = subprocess.Popen([*flask, "jobs", "worker"], cwd=PROJECT_ROOT, env=settings)
        caddy_command = [caddy, "run", "--config", str(config), "--adapter", "caddyfile"]
        processes["caddy"] = subprocess.Popen(caddy_command, cwd=SERVE_DIR, env={**os.environ, "HOME": str(SERVE_DIR)})
        click.echo(f"Serving {settings['SITE_URL']} through Caddy (Ctrl-C stops the site, its worker and Caddy)")
        while not stopping:
            ended = [name for name, process in processes.items() if process.poll() is not None]
            if ended:
                raise click.ClickException(f"{ended[0]} stopped (status {processes[ended[0]].returncode}).")
            time.sleep(0.5)
    finally:
        _stop(processes)


# ---- as services (systemd) ----------------------------------------------------------------------------------

NO_SYSTEMD = (
    "This machine does not run systemd, so no service was installed. Run the site under your own supervisor "
    "instead: `make serve DOMAIN={domain}` starts Caddy, gunicorn and the worker in the foreground; schedule "
    "`flask --app wsgi db backup --into {backups} --keep {kept}` daily (cron), and after an upgrade run "
    "`flask --app wsgi db upgrade` and restart `make serve`."
)
DOMAIN_SHAPE = re.compile(r"^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$")


def _has_systemd() -> bool:
    return Path("/run/systemd/system").is_dir()


def _run(*command: str, env: dict[str, str] | None = None) -> None:
    finished = subprocess.run(command, env=env, check=False)
    if finished.returncode:
        raise click.ClickException(f"`{' '.join(command)}` failed with status {finished.returncode}.")


def _as_service_user(*command: str) -> None:
    """A command run as the services run: their user, their environment file."""
    settings = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), **parse_env(ENV_FILE.read_text())}
    _run("runuser", "-u", SERVICE_USER, "--", *command, env=settings)


def _ensure_service_user(installation: Installation) -> None:
    if subprocess.run(["id", SERVICE_USER], capture_output=True, check=False).returncode:
        home = installation.project / "instance"
        _run("useradd", "--system", "--home-dir", str(home), "--shell", "/usr/sbin/nologin", SERVICE_USER)
    owned = [installation.project / "instance", installation.project / "media", BACKUP_DIR]
    for folder in owned:
        folder.mkdir(parents=True, exist_ok=True)
    _run("chown", "-R", f"{SERVICE_USER}:{SERVICE_USER}", *map(str, owned))
    static = installation.project / "static" / "dist"
    if subprocess.run(["runuser", "-u", "caddy", "--", "test", "-r", str(static)], check=False).returncode:
        raise click.ClickException(
            f"Caddy (user caddy) cannot read {static}: keep the checkout where every user may read it "
            "(under /srv or /opt, not /root)."
        )


def _write(root: Path, path: Path, text: str, mode: int = 0o644) -> Path:
    target = root / path.relative_to("/")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text)
    target.chmod(mode)
    return target


@site_cli.command("install-service")
@click.option("--domain", required=True, help="The site's public name; its DNS must point at this machine.")
@click.option("--email", default="", help="Contact address for the certificate authority.")
@click.option(
    "--root",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("/"),
    help="Write the files under this folder instead of / to read them first; nothing is started.",
)
def install_service(domain: str, email: str, root: Path) -> None:
    """Install the site as systemd services behind Caddy, with HTTPS for DOMAIN and a daily backup."""
    domain = domain.strip().lower()
    if not DOMAIN_SHAPE.match(domain):
        raise click.BadParameter(f"{domain!r} is not a host name such as example.com", param_hint="--domain")
    installing = root == Path("/")
    if installing and os.geteuid() != 0:
        raise click.ClickException("Run it as root (it writes to /etc and starts services).")
    if installing and not _has_systemd():
        raise click.ClickException(NO_SYSTEMD.format(domain=domain, backups=BACKUP_DIR, kept=BACKUPS_KEPT))
    installation = Installation(PROJECT_ROOT, domain, email.strip())
    env_file = root / ENV_FILE.relative_to("/")
    existing = env_file.read_text() if env_file.exists() else ""
    written = [_write(root, ENV_FILE, merged_env(installation, existing), 0o640)]
    written += [_write(root, UNIT_DIR / name, text) for name, text in units(installation).items()]
    site = proxy_site(
        address=domain, upstreams=[f"127.0.0.1:{UPSTREAM_PORT}"], email=installation.email, admin="localhost:2019"
    )
    written.append(_write(root, CADDYFILE, caddyfile(site)))
    if not installing:
        click.echo("Wrote (nothing started):\n" + "\n".join(f"  {path}" for path in written))
        return
    _ensure_service_user(installation)
    _run("chown", f"root:{SERVICE_USER}", str(ENV_FILE))
    _as_service_user(sys.executable, "-m", "flask", "--app", "wsgi", "db", "upgrade")
    _run("systemctl", "daemon-reload")
    _run("systemctl", "enable", "--now", *ENABLED)
    _run("systemctl", "enable", "caddy")
    _run("systemctl", "restart", "caddy")
    click.echo(
        f"{installation.site_url} is served by {', '.join(ENABLED)} and caddy, started at boot.\n"
        f"Settings: {ENV_FILE}. Backups: {BACKUP_DIR} (the newest {BACKUPS_KEPT}). Logs: journalctl -u '{SERVICE}-*'.\n"
        f"Make an admin: cd {PROJECT_ROOT} && set -a && . {ENV_FILE} && set +a && "
        f"runuser -u {SERVICE_USER} -- .venv/bin/flask --app wsgi users create-admin --username U --email E "
        "--password P"
    )


@site_cli.command("upgrade")
def upgrade() -> None:
    """After `make setup build`: migrate, reload gunicorn without dropping requests, restart the worker after
    its current job."""
    if not (_has_systemd() and ENV_FILE.exists()):
        raise click.ClickException(
            "No installed service was found (systemd and /etc/danza/danza.env). Run `flask --app wsgi db upgrade`, "
            "then restart `make serve` (or send gunicorn's master HUP and the worker TERM)."
        )
    if os.geteuid() != 0:
        raise click.ClickException("Run it as root (it reloads services).")
    _as_service_user(sys.executable, "-m", "flask", "--app", "wsgi", "db", "upgrade")
    _run("systemctl", "reload", f"{SERVICE}-web.service")
    _run("systemctl", "restart", "--no-block", f"{SERVICE}-worker.service")
    click.echo("Upgraded: new web workers serve the new code; the worker restarts once its current job is done.")

"""`flask db backup PATH` (or `--into FOLDER --keep N`) and `flask db restore PATH`: a consistent copy of the
database, and putting one back.

They join Flask-Migrate's `db` group (beside `db upgrade`). SQLite is copied with its online backup API, which
takes one consistent snapshot while the site keeps writing; PostgreSQL with pg_dump (one transaction, custom
format) and pg_restore.
"""

import shutil
import sqlite3
import subprocess
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import click
from flask.cli import with_appcontext
from flask_migrate.cli import db as db_group
from sqlalchemy import func, make_url, select

from app.extensions import db
from app.models import Playlist, User, Video

SQLITE_HEADER = b"SQLite format 3\x00"


def _url():
    return make_url(db.engine.url.render_as_string(hide_password=False))


def _libpq_url() -> str:
    """The database URL as pg_dump and pg_restore read it (no SQLAlchemy driver name)."""
    return _url().set(drivername="postgresql").render_as_string(hide_password=False)


def _pg_tool(name: str) -> str:
    tool = shutil.which(name)
    if tool is None:
        raise click.ClickException(
            f"{name} is missing: install PostgreSQL's client tools (apt-get install postgresql-client)."
        )
    return tool


def _run(command: list[str]) -> None:
    finished = subprocess.run(command, capture_output=True, text=True)
    if finished.returncode != 0:
        raise click.ClickException(f"{Path(command[0]).name} failed: {finished.stderr.strip()}")


def _summary() -> str:
    tables = (("accounts", User), ("videos", Video), ("playlists", Playlist))
    return ", ".join(f"{db.session.scalar(select(func.count()).select_from(model))} {name}" for name, model in tables)


def _copy_sqlite(source: str, target: str) -> None:
    """One consistent copy (the whole file in one step of SQLite's online backup), with the site still writing."""
    with closing(sqlite3.connect(source)) as origin, closing(sqlite3.connect(target)) as copy:
        origin.backup(copy)


BACKUP_PREFIX = "backup-"
BACKUP_SUFFIX = {"sqlite": ".sqlite3", "postgresql": ".pgdump"}


def _dated_backup(folder: Path, backend: str) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    return folder / f"{BACKUP_PREFIX}{stamp}{BACKUP_SUFFIX.get(backend, '.pgdump')}"


def _prune(folder: Path, keep: int) -> list[Path]:
    """Delete all but the newest `keep` dated backups in `folder` (their names sort by date); answers the deleted."""
    dated = sorted(folder.glob(f"{BACKUP_PREFIX}*"))
    stale = dated[:-keep]
    for path in stale:
        path.unlink()
    return stale


@db_group.command("backup")
@click.argument("path", required=False, type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--into",
    type=click.Path(file_okay=False, path_type=Path),
    help="Write a backup named by the date and time into this folder (the daily backup).",
)
@click.option("--keep", type=click.IntRange(1), help="With --into: then delete all but the newest N backups there.")
@with_appcontext
def backup(path: Path | None, into: Path | None, keep: int | None) -> None:
    """Write a consistent copy of the whole database to PATH (or into a folder), while the site keeps running."""
    if (path is None) == (into is None):
        raise click.UsageError("Give either PATH or --into FOLDER.")
    if keep is not None and into is None:
        raise click.UsageError("--keep goes with --into.")
    url = _url()
    if into is not None:
        into.mkdir(parents=True, exist_ok=True)
        path = _dated_backup(into, url.get_backend_name())
    assert path is not None
    if path.exists():
        raise click.ClickException(f"{path} exists already: choose a new file, so no backup is overwritten.")
    path.parent.mkdir(parents=True, exist_ok=True)
    if url.get_backend_name() == "sqlite":
        _copy_sqlite(url.database, str(path))
    else:
        _run([_pg_tool("pg_dump"), "--format=custom", "--no-owner", f"--file={path}", _libpq_url()])
    click.echo(f"Backed up {url.render_as_string()} to {path} ({path.stat().st_size} bytes).")
    if into is not None and keep is not None:
        for stale in _prune(into, keep):
            click.echo(f"Deleted the older backup {stale}.")


def _check_backup(path: Path, backend: str) -> None:
    with path.open("rb") as file:
        head = file.read(16)
    expected = SQLITE_HEADER if backend == "sqlite" else b"PGDMP"
    if not head.startswith(expected):
        raise click.ClickException(f"{path} is not a {backend} backup made by `db backup`.")
    if backend == "sqlite":
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as copy:
            if copy.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                raise click.ClickException(f"{path} is damaged (SQLite's integrity check fails).")
            if not copy.execute("SELECT 1 FROM sqlite_master WHERE name = 'alembic_version'").fetchone():
                raise click.ClickException(f"{path} holds no database of this site.")


@db_group.command("restore")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--yes", is_flag=True, help="Replace the database's contents without asking.")
@with_appcontext
def restore(path: Path, yes: bool) -> None:
    """Replace the whole database with the backup at PATH (then run `db upgrade` if the backup is older)."""
    url = _url()
    backend = url.get_backend_name()
    _check_backup(path, backend)
    if not yes:
        raise click.ClickException(
            f"This replaces every row of {url.render_as_string()} with the backup's. Run again with --yes to go ahead."
        )
    db.session.remove()
    db.engine.dispose()
    if backend == "sqlite":
        _copy_sqlite(str(path), url.database)
    else:
        _run(
            [
                _pg_tool("pg_restore"),
                "--clean",
                "--if-exists",
                "--no-owner",
                "--single-transaction",
                f"--dbname={_libpq_url()}",
                str(path),
            ]
        )
    click.echo(f"Restored {path} into {url.render_as_string()}: {_summary()}.")

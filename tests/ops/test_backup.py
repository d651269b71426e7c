"""`db backup` under write load, and `db restore` into a fresh database: a consistent snapshot comes back."""

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import create_engine, func, make_url, select, text

from app import config, create_app
from app.extensions import db
from app.models import Playlist, User, Video
from app.models.types import utcnow

PAIR = (
    "INSERT INTO playlists (user_id, name, description, is_public, video_count, created_at, updated_at)"
    " VALUES (:user, :name, '', false, 0, :now, :now)"
)


class PairWriter(threading.Thread):
    """Keeps writing playlists two at a time, each pair in one transaction: a consistent copy holds an even count."""

    def __init__(self, url: str, user_id: int) -> None:
        super().__init__(daemon=True)
        self.engine, self.user_id = create_engine(url), user_id
        self.pairs, self.stop = 0, threading.Event()
        self.started_writing = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            with self.engine.begin() as conn:
                for side in "ab":
                    conn.execute(text(PAIR), {"user": self.user_id, "name": f"{self.pairs}{side}", "now": utcnow()})
            self.pairs += 1
            if self.pairs >= 20:
                self.started_writing.set()
        self.engine.dispose()


@contextmanager
def fresh_database(tmp_path) -> Iterator[str]:
    """An empty database of the run's kind, dropped afterwards."""
    url = make_url(db.engine.url.render_as_string(hide_password=False))
    if url.get_backend_name() == "sqlite":
        yield f"sqlite:///{tmp_path / 'restored.db'}"
        return
    name = f"{url.database}_restored"
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield url.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def test_a_backup_under_write_load_restores_a_consistent_snapshot(app, catalog, make_user, tmp_path):
    owner = make_user("keeper")
    videos = db.session.scalar(select(func.count()).select_from(Video))
    writer = PairWriter(app.config["SQLALCHEMY_DATABASE_URI"], owner.id)
    writer.start()
    assert writer.started_writing.wait(30)
    backup = tmp_path / "site.backup"
    made = app.test_cli_runner().invoke(args=["db", "backup", str(backup)])
    pairs_after_backup = writer.pairs
    writer.stop.set()
    writer.join(30)
    assert made.exit_code == 0, made.output
    assert "Backed up" in made.output
    assert app.test_cli_runner().invoke(args=["db", "backup", str(backup)]).exit_code != 0, "never overwrites"

    with fresh_database(tmp_path) as url:
        other = create_app(config.TestConfig(url, str(tmp_path / "media")))
        with other.app_context():
            runner = other.test_cli_runner()
            asked = runner.invoke(args=["db", "restore", str(backup)])
            assert asked.exit_code != 0 and "--yes" in asked.output
            done = runner.invoke(args=["db", "restore", "--yes", str(backup)])
            assert done.exit_code == 0, done.output
            assert f"{videos} videos" in done.output
            playlists = db.session.scalar(select(func.count()).select_from(Playlist))
            assert playlists % 2 == 0, "a pair was copied half-written"
            assert 40 <= playlists <= 2 * (pairs_after_backup + 1)
            assert db.session.scalar(select(func.count()).select_from(Video)) == videos
            assert db.session.scalar(select(User.username)) == "keeper"
            db.session.remove()
            db.engine.dispose()


def test_restore_refuses_a_file_that_is_no_backup(app, tmp_path):
    junk = tmp_path / "junk.backup"
    junk.write_bytes(b"<html>not a database</html>")
    result = app.test_cli_runner().invoke(args=["db", "restore", "--yes", str(junk)])
    assert result.exit_code != 0
    assert "is not a" in result.output


def test_the_daily_backup_keeps_only_the_newest(app, catalog, tmp_path):
    folder = tmp_path / "daily"
    folder.mkdir()
    for day in range(1, 5):  # older backups of the same kind, named as --into names them
        (folder / f"backup-202611{day:02d}-030000.old").write_bytes(b"old")
    (folder / "notes.txt").write_text("not a backup")
    made = app.test_cli_runner().invoke(args=["db", "backup", "--into", str(folder), "--keep", "3"])
    assert made.exit_code == 0, made.output
    kept = sorted(path.name for path in folder.iterdir())
    assert kept[:2] == ["backup-20261103-030000.old", "backup-20261104-030000.old"]
    assert kept[2].startswith("backup-2") and kept[2] != "backup-20261104-030000.old" and len(kept) == 4
    assert kept[3] == "notes.txt"
    assert "Deleted the older backup" in made.output
    assert app.test_cli_runner().invoke(args=["db", "backup", "--keep", "3", str(tmp_path / "x")]).exit_code != 0

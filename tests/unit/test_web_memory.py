"""What a web process keeps out of its memory: each gunicorn worker has a budget (see the load benchmark), and
these libraries serve other processes."""

import subprocess
import sys

import pytest

from app.config import PROJECT_ROOT


@pytest.mark.parametrize(
    "module, why",
    [
        ("psycopg", "the PostgreSQL driver (9 MB) on a SQLite site"),
        ("yt_dlp", "yt-dlp (16 MB), which only the job workers run"),
    ],
)
def test_a_sqlite_web_process_never_loads(tmp_path, module, why):
    program = f"import sys; from app import create_app; create_app(); print({module!r} in sys.modules)"
    settings = {"DATABASE_URL": f"sqlite:///{tmp_path / 'site.db'}", "INSTANCE_DIR": str(tmp_path)}
    loaded = subprocess.run(
        [sys.executable, "-c", program], cwd=PROJECT_ROOT, env=settings, capture_output=True, text=True, check=True
    )
    assert loaded.stdout.strip() == "False", why

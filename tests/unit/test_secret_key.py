"""The secret key kept in the instance folder: every process of a first start (gunicorn's workers, the RQ worker, a
CLI command) must sign with the same one."""

import multiprocessing

from app.config import kept_secret_key

PROCESSES = 8


def _key_after(barrier, key_file, keys) -> None:
    barrier.wait()
    keys.put(kept_secret_key(key_file))


def test_processes_starting_together_on_a_new_instance_all_read_one_whole_key(tmp_path):
    context = multiprocessing.get_context("fork")
    for attempt in range(10):
        key_file = tmp_path / f"instance-{attempt}" / "secret_key"
        barrier, keys = context.Barrier(PROCESSES), context.Queue()
        starts = [context.Process(target=_key_after, args=(barrier, key_file, keys)) for _ in range(PROCESSES)]
        for process in starts:
            process.start()
        read = [keys.get(timeout=30) for _ in starts]
        for process in starts:
            process.join(30)
        assert len(set(read)) == 1 and len(read[0]) == 64, read
        assert key_file.read_text().strip() == read[0]
        assert key_file.stat().st_mode & 0o777 == 0o600


def test_a_key_from_the_environment_is_not_written(tmp_path, monkeypatch):
    monkeypatch.setenv("SECRET_KEY", "from-the-environment")
    assert kept_secret_key(tmp_path / "secret_key") == "from-the-environment"
    assert not (tmp_path / "secret_key").exists()

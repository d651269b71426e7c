"""A worker's memory as the load test and the soak measure it: its resident pages, less a mapped SQLite file's."""

import mmap
import os
from pathlib import Path

from tests.ops.server import worker_rss_kib


def vm_rss_kib() -> int:
    status = Path(f"/proc/{os.getpid()}/status").read_text()
    return int(next(line for line in status.splitlines() if line.startswith("VmRSS:")).split()[1])


def test_the_pages_of_the_mapped_database_are_left_out_and_nothing_else(tmp_path):
    database = tmp_path / "catalog.db"
    database.write_bytes(b"\1" * 8 * 2**20)
    url = f"sqlite:///{database}"
    with database.open("rb") as file, mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ) as mapped:
        assert sum(mapped[offset] for offset in range(0, len(mapped), mmap.PAGESIZE)) > 0  # every page touched
        left_out = vm_rss_kib() - worker_rss_kib(os.getpid(), url)
        assert 8 * 1024 <= left_out <= 8 * 1024 + 64
        assert abs(vm_rss_kib() - worker_rss_kib(os.getpid(), "postgresql://localhost/danza")) <= 64
        assert abs(vm_rss_kib() - worker_rss_kib(os.getpid(), f"sqlite:///{tmp_path / 'other.db'}")) <= 64

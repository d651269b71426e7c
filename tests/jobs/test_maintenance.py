"""The catalog-totals job, run by a real worker."""

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from redis.exceptions import ConnectionError as RedisConnectionError
from rq import Queue
from sqlalchemy import select

from app.extensions import db
from app.jobs import JOBS_UNAVAILABLE, enqueue, get_queue, maintenance, release_schedule
from app.jobs.maintenance import refresh_catalog_totals
from app.models import CatalogDay, Job, JobKind, Trend, Video
from app.services.catalog_files import ReadStats, read_catalog
from app.services.errors import ServiceError
from app.services.ingest import ingest_records

FIXTURE = Path(__file__).parents[1] / "fixtures" / "catalog_small.jsonl"

pytestmark = pytest.mark.jobs


def test_refresh_job_repairs_totals_and_records_its_result(run_worker):
    ingest_records(read_catalog(FIXTURE, ReadStats()))
    trend = db.session.scalar(select(Trend).order_by(Trend.video_count.desc(), Trend.id))
    right_count = trend.video_count
    trend.video_count, trend.total_views = 0, 0
    db.session.commit()

    job = enqueue(refresh_catalog_totals, queue="maintenance", kind=JobKind.CATALOG_REFRESH)
    assert job.status == "queued"
    run_worker("maintenance")

    db.session.expire_all()
    row = db.session.get(Job, job.id)
    assert row.status == "finished", row.error
    assert row.result["trends"] == db.session.scalar(select(db.func.count(Trend.id)))
    assert row.progress["step"] == "playlists"
    assert row.started_at and row.finished_at
    assert db.session.get(Trend, trend.id).video_count == right_count


def test_a_failing_job_is_marked_failed(run_worker, monkeypatch):
    job = enqueue(refresh_catalog_totals, queue="maintenance", kind=JobKind.CATALOG_REFRESH, params={"unexpected": 1})
    run_worker("maintenance")
    db.session.expire_all()
    row = db.session.get(Job, job.id)
    assert row.status == "failed"
    assert "unexpected" in row.error


@pytest.mark.parametrize(
    ("schedule", "lock"),
    [
        (maintenance.schedule_daily_health_check, maintenance.DAILY_LOCK),
        (maintenance.schedule_daily_tiktok_canary, maintenance.CANARY_LOCK),
        (maintenance.schedule_daily_catalog_snapshot, maintenance.SNAPSHOT_LOCK),
    ],
)
def test_a_daily_job_is_scheduled_once_per_site_sharing_a_redis(app, queues, monkeypatch, schedule, lock):
    """The lock carries the queues' prefix: another site (or test run) on the same Redis schedules its own."""
    own_prefix = app.config["RQ_QUEUE_PREFIX"]
    scheduled = []
    try:
        assert schedule() is True
        assert schedule() is False, "one schedule across all workers"
        scheduled.append(get_queue("maintenance").scheduled_job_registry)
        monkeypatch.setitem(app.config, "RQ_QUEUE_PREFIX", f"{own_prefix}other-site-")
        assert schedule() is True, "another site's lock is its own"
        scheduled.append(get_queue("maintenance").scheduled_job_registry)
        release_schedule(lock)
    finally:
        monkeypatch.setitem(app.config, "RQ_QUEUE_PREFIX", own_prefix)
        release_schedule(lock)
        for registry in scheduled:
            for job_id in registry.get_job_ids():
                registry.remove(job_id, delete_job=True)


def test_a_job_s_row_is_there_before_any_worker_can_take_the_job(queues, monkeypatch):
    """A worker reads the job's row as it starts: the row must be committed before the job is on the queue."""
    seen: dict[str, str | None] = {}
    queue_it = Queue.enqueue

    def enqueue_and_look(self, func, *args, **kwargs):
        with db.engine.connect() as worker:  # what a worker, on a connection of its own, finds at that moment
            seen["row"] = worker.execute(select(Job.id).where(Job.id == kwargs.get("job_id"))).scalar()
        return queue_it(self, func, *args, **kwargs)

    monkeypatch.setattr(Queue, "enqueue", enqueue_and_look)
    job = enqueue(refresh_catalog_totals, queue="maintenance", kind=JobKind.CATALOG_REFRESH)
    assert seen["row"] == job.id
    assert get_queue("maintenance").fetch_job(job.id) is not None


def test_a_job_that_cannot_be_queued_leaves_no_row(queues, monkeypatch):
    def redis_away(*_args, **_kwargs):
        raise RedisConnectionError("Connection refused")

    monkeypatch.setattr(Queue, "enqueue", redis_away)
    with pytest.raises(ServiceError) as refused:
        enqueue(refresh_catalog_totals, queue="maintenance", kind=JobKind.CATALOG_REFRESH)
    assert (refused.value.status, refused.value.message) == (503, JOBS_UNAVAILABLE)
    assert db.session.scalar(select(db.func.count(Job.id))) == 0


def _scheduled(function) -> list[str]:
    """The ids of the maintenance queue's scheduled jobs that run `function`."""
    queue = get_queue("maintenance")
    registry = queue.scheduled_job_registry
    return [
        job_id for job_id in registry.get_job_ids() if queue.fetch_job(job_id).func_name.endswith(function.__name__)
    ]


def _unschedule(lock: str) -> None:
    release_schedule(lock)
    registry = get_queue("maintenance").scheduled_job_registry
    for job_id in registry.get_job_ids():
        registry.remove(job_id, delete_job=True)


def test_the_daily_snapshot_writes_today_s_row_and_schedules_tomorrow_s(queues):
    ingest_records(read_catalog(FIXTURE, ReadStats()))
    try:
        assert maintenance.daily_catalog_snapshot() == datetime.now(UTC).date().isoformat()
        today = db.session.get(CatalogDay, datetime.now(UTC).date())
        assert today.active_videos == db.session.scalar(select(db.func.count()).select_from(Video)) > 0
        assert today.snapshot_at is not None
        assert len(_scheduled(maintenance.daily_catalog_snapshot)) == 1
        assert maintenance.schedule_daily_catalog_snapshot() is False, "tomorrow's is scheduled already"
    finally:
        _unschedule(maintenance.SNAPSHOT_LOCK)


def test_the_daily_health_check_runs_as_a_job_of_its_own_so_its_outcome_is_kept(queues):
    try:
        job_id = maintenance.daily_health_check()
        row = db.session.get(Job, job_id)
        assert (row.kind, row.params) == (JobKind.HEALTH_CHECK, {"batchSize": 500, "delayBetweenRequests": 1000})
        assert get_queue("maintenance").fetch_job(job_id) is not None
        assert len(_scheduled(maintenance.daily_health_check)) == 1
    finally:
        _unschedule(maintenance.DAILY_LOCK)


def test_the_snapshot_is_taken_at_ten_to_midnight_utc():
    assert maintenance.until_snapshot_time(datetime(2026, 3, 10, 10, 0, tzinfo=UTC)) == timedelta(hours=13, minutes=50)
    assert maintenance.until_snapshot_time(datetime(2026, 3, 10, 23, 55, tzinfo=UTC)) == timedelta(hours=23, minutes=55)
    assert maintenance.until_snapshot_time(datetime(2026, 3, 10, 23, 50, tzinfo=UTC)) == timedelta(days=1)

"""RQ on Redis: the one way to start background work (enqueue, with a Job row keyed by the RQ id), to run it
(tracked, report_progress) and to observe it (fail_if_abandoned: a job whose worker died is marked failed when
someone looks at it)."""

from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from datetime import timedelta
from functools import wraps
from typing import Any
from uuid import uuid4

from flask import current_app
from redis import Redis
from redis.exceptions import RedisError
from rq import Queue
from rq import get_current_job as current_rq_job
from rq.exceptions import NoSuchJobError
from rq.job import Job as RqJob
from rq.job import JobStatus
from rq.registry import StartedJobRegistry
from rq.serializers import JSONSerializer

from app.extensions import db
from app.models import Job, JobKind
from app.models.types import utcnow
from app.services.errors import ServiceError

QUEUE_NAMES = ("ingest", "downloads", "maintenance")
JOBS_UNAVAILABLE = "Background work cannot be started right now. Please try again in a few minutes."
STALE_AFTER = timedelta(minutes=10)  # progress is written at least every page; silence this long means a dead worker
# A screen polls a job it shows every 2 s (a browser slows a hidden tab's timers to once a minute): this long
# without a poll, nobody is waiting for the job's result. A screen that closes says so, and then LEFT_GRACE applies:
# time for a reloaded screen to ask again.
UNWATCHED_AFTER = timedelta(minutes=2)
LEFT_GRACE = timedelta(seconds=5)


def redis_connection() -> Redis:
    """One Redis client per app, from REDIS_URL."""
    if "redis" not in current_app.extensions:
        current_app.extensions["redis"] = Redis.from_url(current_app.config["REDIS_URL"])
    return current_app.extensions["redis"]


def redis_key(name: str) -> str:
    """A Redis key of the jobs, with the queues' prefix (so test runs and sites sharing one Redis stay apart)."""
    return current_app.config["RQ_QUEUE_PREFIX"] + name


def schedule_once(lock: str, queue: str, after: timedelta, func: Callable, **options: Any) -> bool:
    """Schedule `func` to run `after` from now, unless it already is: one schedule across all workers, kept by a
    Redis lock that outlives the wait by an hour. False when one is scheduled already."""
    held_for = int((after + timedelta(hours=1)).total_seconds())
    if not redis_connection().set(redis_key(lock), 1, nx=True, ex=held_for):
        return False
    get_queue(queue).enqueue_in(after, func, **options)
    return True


def release_schedule(lock: str) -> None:
    """The scheduled run has started: the next schedule_once may schedule the one after."""
    redis_connection().delete(redis_key(lock))


def get_queue(name: str) -> Queue:
    if name not in QUEUE_NAMES:
        raise ValueError(f"Unknown queue {name!r}")
    return Queue(
        current_app.config["RQ_QUEUE_PREFIX"] + name,
        connection=redis_connection(),
        serializer=JSONSerializer,
        default_timeout=current_app.config["JOB_TIMEOUT"],
    )


@contextmanager
def queue_available(message: str = JOBS_UNAVAILABLE) -> Iterator[None]:
    """Redis away (restarting, say) is a clear 503 the caller can retry, never a 500; pages go on without it."""
    try:
        yield
    except RedisError as exc:
        current_app.logger.error("Redis unavailable, nothing queued: %s", exc)
        raise ServiceError(message, status=503) from exc


def enqueue(
    func: Callable,
    *,
    queue: str,
    kind: JobKind,
    target: str | None = None,
    params: dict | None = None,
    created_by_id: int | None = None,
    progress: dict | None = None,
    **options: Any,
) -> Job:
    """Record a Job row, then queue `func(**params)` under the row's id (a worker reads the row as it starts, so the
    row is committed first); when the queue cannot take it, the row goes again and the caller gets a 503."""
    params = params or {}
    row = Job(
        id=str(uuid4()),
        kind=kind,
        queue=queue,
        target=target.lower() if target else None,
        params=params,
        status="queued",
        created_by_id=created_by_id,
        progress=dict(progress or {}),
    )
    db.session.add(row)
    db.session.commit()
    try:
        with queue_available():
            get_queue(queue).enqueue(func, kwargs=params, job_id=row.id, **options)
    except ServiceError:
        db.session.delete(row)
        db.session.commit()
        raise
    return row


def _mark(job_id: str | None, **fields: Any) -> Job | None:
    row = db.session.get(Job, job_id) if job_id else None
    if row is not None:
        for name, value in fields.items():
            setattr(row, name, value)
        db.session.commit()
    return row


def tracked(func: Callable) -> Callable:
    """Run a job function with its Job row: running, then finished with the result or failed with the error."""

    @wraps(func)
    def run(**params: Any):
        rq_job = current_rq_job()
        job_id = rq_job.id if rq_job else None
        row = _mark(job_id, status="running", started_at=utcnow(), heartbeat_at=utcnow())
        try:
            result = func(row, **params)
        except Exception as exc:
            db.session.rollback()
            _mark(job_id, status="failed", error=str(exc)[:2000], finished_at=utcnow())
            raise
        else:
            _mark(job_id, status="finished", result=result, finished_at=utcnow())
        finally:
            db.session.remove()
        return result

    return run


def report_progress(row: Job | None, **progress: Any) -> None:
    """Write progress where the progress endpoints read it."""
    if row is not None:
        row.progress = {**(row.progress or {}), **progress}
        row.heartbeat_at = utcnow()
        db.session.commit()


def watched_key(job_id: str) -> str:
    return redis_key(f"watched:{job_id}")


def note_watched(row: Job) -> None:
    """Someone is waiting for the job's result (its screen asked for its progress); best effort without Redis."""
    with suppress(RedisError):
        redis_connection().set(watched_key(row.id), 1, ex=int(UNWATCHED_AFTER.total_seconds()))


def note_left(row: Job) -> None:
    """The screen that followed the job closed: nobody waits for it, unless a screen asks again within LEFT_GRACE
    (a reload does)."""
    with suppress(RedisError):
        redis_connection().set(watched_key(row.id), 1, ex=int(LEFT_GRACE.total_seconds()), xx=True)


def is_watched(job_id: str) -> bool:
    """Whether anyone asked for the job's progress (or started it) within UNWATCHED_AFTER."""
    return bool(redis_connection().exists(watched_key(job_id)))


def jobs_ahead(row: Job) -> int | None:
    """How many jobs a queued job waits for: those queued before it and those running from its queue (None when
    Redis cannot say). Read only: a screen's poll leaves the tidying of RQ's registries to the workers."""
    try:
        queue = get_queue(row.queue)
        running = StartedJobRegistry(queue=queue).get_job_count(cleanup=False)
        return (queue.get_job_position(row.id) or 0) + running
    except RedisError:
        return None


def _abandonment(row: Job) -> str | None:
    try:
        rq_job = RqJob.fetch(row.id, connection=redis_connection(), serializer=JSONSerializer)
    except NoSuchJobError:
        return "The job disappeared from the queue"
    if rq_job.get_status() in (JobStatus.FAILED, JobStatus.STOPPED, JobStatus.CANCELED):
        return "The worker gave up on the job"
    heartbeat = row.heartbeat_at or row.started_at
    if row.status == "running" and heartbeat is not None and utcnow() - heartbeat > STALE_AFTER:
        return "The worker stopped responding"
    return None


def fail_if_abandoned(row: Job | None) -> Job | None:
    """The job as it stands: a queued or running one that RQ gave up on, or whose heartbeat stopped, is marked
    failed first. Every read of a job's state for a screen goes through here."""
    if row is not None and row.is_active and (reason := _abandonment(row)):
        row.status, row.error, row.finished_at = "failed", reason, utcnow()
        db.session.commit()
    return row


def observed_job(kind: JobKind, job_id: str) -> Job | None:
    """A job of the given kind by its id, as it stands (None when there is none of that kind)."""
    row = db.session.get(Job, job_id)
    return fail_if_abandoned(row) if row is not None and row.kind == kind else None


def newest_observed_job(kind: JobKind, target: str | None = None) -> Job | None:
    """The newest job of a kind (for one target), as it stands."""
    return fail_if_abandoned(Job.newest(kind, target))

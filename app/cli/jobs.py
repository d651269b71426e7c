"""`flask jobs ...`: the RQ worker, run under the app so jobs have its config and database."""

import click
from flask.cli import AppGroup
from rq import SimpleWorker
from rq.serializers import JSONSerializer

from app.jobs import QUEUE_NAMES, get_queue, redis_connection
from app.jobs.ingest import schedule_creator_refresh
from app.jobs.maintenance import (
    schedule_daily_catalog_snapshot,
    schedule_daily_health_check,
    schedule_daily_tiktok_canary,
)

jobs_cli = AppGroup("jobs", help="Background jobs.")


@jobs_cli.command("worker")
@click.option("--burst", is_flag=True, help="Stop when the queues are empty.")
@click.option(
    "--queue", "queues", multiple=True, type=click.Choice(QUEUE_NAMES), help="Queues to serve (all by default)."
)
def worker(burst: bool, queues: tuple[str, ...]) -> None:
    """Work the ingest, downloads and maintenance queues."""
    if not burst:
        schedule_daily_health_check()
        schedule_daily_tiktok_canary()
        schedule_daily_catalog_snapshot()
        schedule_creator_refresh()
    # SimpleWorker runs jobs in this process, inside the app context the command already holds.
    SimpleWorker(
        [get_queue(name) for name in queues or QUEUE_NAMES], connection=redis_connection(), serializer=JSONSerializer
    ).work(burst=burst, with_scheduler=not burst)

"""`flask catalog ...`: load catalog files and the bundled demo catalog."""

import time
from pathlib import Path

import click
from flask.cli import AppGroup
from sqlalchemy import func, select

from app.extensions import db
from app.jobs import enqueue
from app.jobs.maintenance import refresh_catalog_totals
from app.models import JobKind, Video
from app.services import glance
from app.services.catalog_files import DEMO_CATALOG, ReadStats, read_catalog
from app.services.ingest import ingest_records
from app.services.synthetic_catalog import CatalogNotEmpty, build_synthetic_catalog

catalog_cli = AppGroup("catalog", help="Load videos into the catalog.")


def _import(path: Path) -> None:
    stats = ReadStats()
    result = ingest_records(read_catalog(path, stats))
    click.echo(
        f"{path.name}: {stats.rows} rows, {result.created} videos added, {result.updated} updated, "
        f"{stats.skipped} skipped."
    )
    for reason, count in stats.reasons.most_common():
        click.echo(f"  {count} {reason}")


@catalog_cli.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def import_file(file: Path) -> None:
    """Load a JSON Lines catalog (.jsonl or .jsonl.gz); running it again changes nothing."""
    _import(file)


@catalog_cli.command("refresh")
@click.option("--background", is_flag=True, help="Queue it for the worker instead of running it here.")
def refresh(background: bool) -> None:
    """Recount every trend, hashtag, creator and playlist from the videos."""
    if background:
        job = enqueue(refresh_catalog_totals, queue="maintenance", kind=JobKind.CATALOG_REFRESH)
        click.echo(f"Queued job {job.id}.")
        return
    totals = refresh_catalog_totals()
    click.echo(
        f"Refreshed {totals['trends']} trends, {totals['hashtags']} hashtags, {totals['creators']} creators, "
        f"{totals['playlists']} playlists."
    )


@catalog_cli.command("synth")
@click.option("--videos", type=click.IntRange(1, 10_000_000), required=True, help="How many videos to make.")
@click.option("--seed", type=int, default=1, show_default=True, help="The same seed makes the same catalog.")
@click.option(
    "--templates",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default=DEMO_CATALOG,
    help="A catalog file whose rows the videos are grown from (the bundled demo catalog by default).",
)
def synth(videos: int, seed: int, templates: Path) -> None:
    """Build a synthetic catalog for load benchmarks, only into an empty database."""
    records = list(read_catalog(templates, ReadStats()))
    started = time.perf_counter()
    try:
        result = build_synthetic_catalog(records, videos, seed)
    except CatalogNotEmpty as exc:
        raise click.ClickException(str(exc)) from exc
    click.echo(
        f"Built {result.videos} videos by {result.creators} creators in {result.trends} trends and "
        f"{result.hashtags} hashtags ({result.links} hashtag links) in {time.perf_counter() - started:.0f} s."
    )


@catalog_cli.command("load-demo")
def load_demo() -> None:
    """Load the bundled demo catalog, only into an empty database."""
    if db.session.scalar(select(func.count(Video.id))):
        click.echo("The catalog already has videos; the demo catalog was not loaded.")
        return
    _import(DEMO_CATALOG)
    _backfill()
    _snapshot()


def _backfill() -> None:
    days = glance.backfill()
    click.echo(f"Recounted videos added, reports and health checks for {days} days.")


def _snapshot() -> None:
    row = glance.take_snapshot()
    click.echo(
        f"Snapshot of {row.day.isoformat()}: {row.active_videos} active and {row.inactive_videos} inactive videos."
    )


@catalog_cli.command("snapshot")
def snapshot() -> None:
    """Take today's snapshot for the developer portal's charts now (the worker takes one at 23:50 UTC each day)."""
    _snapshot()


@catalog_cli.command("backfill-history")
def backfill_history() -> None:
    """Recount past days for the portal's charts from the stored videos, reports and health checks (up to a year)."""
    _backfill()

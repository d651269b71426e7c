"""`flask catalog ...`: load catalog files and the bundled demo catalog."""

from pathlib import Path

import click
from flask.cli import AppGroup
from sqlalchemy import func, select

from app.extensions import db
from app.jobs import enqueue
from app.jobs.maintenance import refresh_catalog_totals
from app.models import Video
from app.services.catalog_files import DEMO_CATALOG, ReadStats, read_catalog
from app.services.ingest import ingest_records

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
    """Recount every trend, hashtag and creator from the videos."""
    if background:
        job = enqueue(refresh_catalog_totals, queue="maintenance", kind="refresh-catalog")
        click.echo(f"Queued job {job.id}.")
        return
    totals = refresh_catalog_totals()
    click.echo(f"Refreshed {totals['trends']} trends, {totals['hashtags']} hashtags, {totals['creators']} creators.")


@catalog_cli.command("load-demo")
def load_demo() -> None:
    """Load the bundled demo catalog, only into an empty database."""
    if db.session.scalar(select(func.count(Video.id))):
        click.echo("The catalog already has videos; the demo catalog was not loaded.")
        return
    _import(DEMO_CATALOG)

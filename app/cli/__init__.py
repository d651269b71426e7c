"""Every Flask command, one module per group: users and the API contract here; catalog, db (backup and restore),
jobs (the worker) and site (serving behind Caddy) beside it."""

import json
from pathlib import Path

import click
from flask import Flask
from flask.cli import AppGroup

from app.services import accounts
from app.services.errors import ServiceError

users_cli = AppGroup("users", help="Manage accounts.")


@users_cli.command("create-admin")
@click.option("--username", required=True)
@click.option("--email", required=True)
@click.option("--password", required=True)
def create_admin(username: str, email: str, password: str) -> None:
    """Create an admin account (or promote the account with this username and e-mail)."""
    try:
        user = accounts.make_admin(username, email, password)
    except ServiceError as exc:
        raise click.ClickException(exc.message) from exc
    click.echo(f"Admin @{user.username} <{user.email}> is ready.")


api_cli = AppGroup("api", help="The API contract.")


@api_cli.command("openapi")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Write here instead of printing.")
def openapi(out: Path | None) -> None:
    """The OpenAPI document of every API operation, as /api/openapi.json serves it."""
    from app.api.openapi import build_document

    text = json.dumps(build_document(), indent=2, sort_keys=True) + "\n"
    if out is None:
        click.echo(text, nl=False)
    else:
        out.write_text(text, encoding="utf-8")


def register_cli(app: Flask) -> None:
    from app.cli import db  # noqa: F401  (adds backup and restore to Flask-Migrate's `db` group)
    from app.cli.catalog import catalog_cli
    from app.cli.jobs import jobs_cli
    from app.cli.site import site_cli

    for group in (users_cli, catalog_cli, jobs_cli, site_cli, api_cli):
        app.cli.add_command(group)

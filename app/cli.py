"""Flask commands: users, catalog, the background worker and serving behind Caddy."""

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


def register_cli(app: Flask) -> None:
    from app import db_cli  # noqa: F401  (adds backup and restore to Flask-Migrate's `db` group)
    from app.catalog_cli import catalog_cli
    from app.jobs.cli import jobs_cli
    from app.serve_cli import site_cli

    for group in (users_cli, catalog_cli, jobs_cli, site_cli):
        app.cli.add_command(group)

"""The Flask application factory: a short list of register_* steps."""

import sqlite3

from flask import Flask
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.pool import Pool
from werkzeug.middleware.proxy_fix import ProxyFix

from app.config import INSTANCE_DIR, PROJECT_ROOT, Config

# Reads through a memory map of the file find its pages in the kernel's cache, shared by every process, without a
# read call and a copy for each: a search of 1,000,000 videos took 2.8 ms at the median, mapped 1.9 ms. SQLite
# maps at most 2 GiB (its own limit); a larger file is read past that as before.
SQLITE_MMAP_BYTES = 2**31 - 2**16


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection, _record) -> None:
    """WAL for concurrent readers, enforced foreign keys (the wait on a writer is SQLITE_BUSY_TIMEOUT) and reads
    through a memory map."""
    if isinstance(dbapi_connection, sqlite3.Connection):
        cursor = dbapi_connection.cursor()
        for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON", f"mmap_size={SQLITE_MMAP_BYTES}"):
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()


@event.listens_for(Pool, "checkout")
def _begin_checks_the_connection(dbapi_connection, _record, _proxy) -> None:
    """PostgreSQL: a connection taken from the pool begins its transaction at once, and that BEGIN is its check: a
    connection the server dropped (a restart, an idle timeout) is replaced before a request uses it (the pool takes
    another when this raises DisconnectionError). psycopg then sends no BEGIN of its own: it begins only from idle.
    The pool's own check (pool_pre_ping) cost a round trip more at each request, a SELECT 1 after that BEGIN.
    A connection made to commit each statement itself (AUTOCOMMIT, set as it is made) begins nothing."""
    pgconn = getattr(dbapi_connection, "pgconn", None)
    if pgconn is None or dbapi_connection.autocommit:
        return
    import psycopg
    from psycopg.pq import ExecStatus, TransactionStatus

    if pgconn.transaction_status != TransactionStatus.IDLE:
        return
    try:
        began = pgconn.exec_(b"BEGIN").status == ExecStatus.COMMAND_OK
    except psycopg.Error as exc:  # libpq could not send it at all
        raise DisconnectionError(str(exc)) from exc
    if not began:
        raise DisconnectionError(pgconn.get_error_message())


@event.listens_for(Engine, "set_connection_execution_options")
def _isolation_is_chosen_before_the_begin(connection: Connection, options: dict) -> None:
    """A connection given an isolation level (AUTOCOMMIT for a VACUUM, say) gives back the BEGIN it was taken
    with: psycopg changes the level only between transactions, and SQLAlchemy allows it only before one begins,
    so the transaction ended holds nothing yet."""
    if "isolation_level" in options and connection.dialect.name == "postgresql" and not connection.in_transaction():
        driver = connection.connection.driver_connection
        if driver is not None and not driver.autocommit:
            driver.rollback()


@event.listens_for(Engine, "rollback")
def _reads_end_with_commit(connection: Connection) -> None:
    """PostgreSQL: a transaction that wrote nothing is ended with COMMIT, which for it is the same as ROLLBACK.
    psycopg forgets a connection's prepared statements at every ROLLBACK (it cannot know what the transaction
    dropped), and every request's transaction ends with one: each statement was planned again at every request,
    up to 2 ms for a search's. A transaction that wrote, locked rows or changed the schema has been given a
    transaction id, and is rolled back as before. What such a commit keeps that a rollback would undo are session
    settings and subscriptions made in it (a plain SET or set_config(..., false), SET ROLE, LISTEN, NOTIFY, a
    cursor WITH HOLD): the app makes none; its settings are SET LOCAL."""
    # A dropped connection is left to the rollback, which replaces it; a SQLite site never loads psycopg (9 MB).
    if connection.dialect.name != "postgresql" or connection.invalidated:
        return
    import psycopg
    from psycopg.pq import TransactionStatus

    driver = connection.connection.driver_connection
    if not isinstance(driver, psycopg.Connection) or driver.info.transaction_status != TransactionStatus.INTRANS:
        return
    try:
        assigned = driver.execute("SELECT txid_current_if_assigned()").fetchone()
        if assigned is not None and assigned[0] is None:
            driver.commit()  # the rollback that follows finds no transaction left to end
    except psycopg.Error:
        return  # the rollback that follows meets the same failure and handles it
    except BaseException as interrupted:  # a timeout's signal mid-statement: the connection's state is unknown
        connection.invalidate(interrupted)
        raise


def create_app(config: object | None = None) -> Flask:
    """Build the app from a config object (the environment-driven Config by default)."""
    app = Flask(
        __name__,
        template_folder=str(PROJECT_ROOT / "templates"),
        static_folder=str(PROJECT_ROOT / "static"),
        instance_path=str(INSTANCE_DIR),
    )
    app.config.from_object(config or Config())
    trust_proxies(app)
    register_inputs(app)
    register_extensions(app)
    register_languages(app)
    register_blueprints(app)
    register_errors(app)
    register_templates(app)
    register_commands(app)
    return app


def trust_proxies(app: Flask) -> None:
    """Behind PROXY_HOPS proxies the visitor's address and scheme are the ones the nearest proxy names, so rate
    limits, report IPs, logs and Secure cookies see the visitor rather than the proxy."""
    hops = app.config["PROXY_HOPS"]
    if hops:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops)  # type: ignore[method-assign]


def register_inputs(app: Flask) -> None:
    from app.api.inputs import register_input_checks

    register_input_checks(app)


def register_extensions(app: Flask) -> None:
    from app import models  # noqa: F401  (every table must be known before migrations run)
    from app.extensions import compress, csrf, db, limiter, login_manager, migrate
    from app.security import register_security
    from app.services.cache import watch_writes

    db.init_app(app)
    migrate.init_app(app, db, directory=str(PROJECT_ROOT / "migrations"), render_as_batch=True)
    login_manager.init_app(app)
    csrf.init_app(app)
    limiter.init_app(app)
    compress.init_app(app)
    register_security(app)
    watch_writes()


def register_languages(app: Flask) -> None:
    from app.i18n import register_i18n

    register_i18n(app)


def register_blueprints(app: Flask) -> None:
    from app.api import (
        admin,
        auth,
        creators,
        docs,
        downloads,
        feeds,
        openapi,
        player_settings,
        playlists,
        profiles,
        reports,
        search,
        uploads,
        users,
        viewer,
    )
    from app.pages import register_pages

    for module in (
        auth,
        users,
        search,
        feeds,
        creators,
        viewer,
        reports,
        playlists,
        player_settings,
        uploads,
        admin,
        openapi,
        docs,
        profiles,
        downloads,
    ):
        app.register_blueprint(module.bp)
    app.register_blueprint(playlists.video_bp)
    register_pages(app)


def register_errors(app: Flask) -> None:
    from app.api.errors import register_error_handlers

    register_error_handlers(app)


def register_templates(app: Flask) -> None:
    from app.assets import register_assets
    from app.templating import register_filters

    register_assets(app)
    register_filters(app)


def register_commands(app: Flask) -> None:
    from app.cli import register_cli

    register_cli(app)

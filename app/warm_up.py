"""A new web worker's first pages, drawn before it takes a visitor's request.

The first request for each kind of page in a process pays for compiling its templates, configuring the ORM's
mappers and compiling its SQL for the database (the home page: 150-180 ms instead of 10). A worker that draws them
at start pays that once, before it is in the pool, rather than the first visitors after each deploy.
"""

import logging
import time

from flask import Flask
from sqlalchemy.orm import configure_mappers

log = logging.getLogger(__name__)

# Public pages without parameters, one of each kind most visitors open first.
WARM_UP_PATHS = ("/", "/dance-trends", "/categories", "/search?q=dance", "/about-us")
TEMPLATE_SUFFIXES = (".html", ".xml", ".txt")


def warm_up(app: Flask) -> dict[str, int]:
    """Compile every template and draw WARM_UP_PATHS past the shared cache; answers each path's status. A failure
    (the database not answering yet) is logged and the worker starts anyway: its first visitors pay, as before."""
    started = time.perf_counter()
    statuses: dict[str, int] = {}
    cache_was = app.config.get("CACHE_ENABLED", True)
    app.config["CACHE_ENABLED"] = False  # a page the cache holds would be served, not drawn
    try:
        for name in app.jinja_env.list_templates(filter_func=lambda name: name.endswith(TEMPLATE_SUFFIXES)):
            app.jinja_env.get_template(name)
        configure_mappers()
        client = app.test_client()
        for path in WARM_UP_PATHS:  # under the site's own address: a production server trusts no other host name
            statuses[path] = client.get(path, base_url=app.config["SITE_URL"]).status_code
    except Exception:  # a worker that cannot warm up still serves
        log.warning("Warming up the worker failed; its first requests will be slower", exc_info=True)
    finally:
        app.config["CACHE_ENABLED"] = cache_was
    if any(status != 200 for status in statuses.values()):
        log.warning("Warming up the worker drew pages that were not 200: %s", statuses)
    log.info("Worker warmed up in %.0f ms", (time.perf_counter() - started) * 1000)
    return statuses

"""A new web worker draws its first pages before it serves, past the shared cache, and starts even if it cannot."""

import logging

from app import warm_up as warm_up_module
from app.services import cache
from app.warm_up import WARM_UP_PATHS, warm_up
from tests.services.test_cache import QueryCount


def test_a_worker_draws_its_first_pages_past_the_cache_and_compiles_every_template(app, client, catalog):
    for path in WARM_UP_PATHS:
        client.get(path)  # now in the shared cache: a warm-up that read them from there would draw nothing
    app.jinja_env.cache.clear()
    with QueryCount() as queries:
        statuses = warm_up(app)
    assert statuses == dict.fromkeys(WARM_UP_PATHS, 200)
    assert queries.count >= len(WARM_UP_PATHS)  # drawn, not read from the cache
    assert app.config["CACHE_ENABLED"] is True
    compiled = {name for _loader, name in app.jinja_env.cache}
    assert {"base.html", "pages/search.html", "_partials/user_results.html", "errors/error.html"} <= compiled
    with QueryCount() as queries:
        client.get("/about-us")
    assert queries.count == 0  # the cache is back on for visitors


def test_a_production_worker_warms_up_under_the_sites_own_host_name(app, catalog, monkeypatch):
    monkeypatch.setitem(app.config, "SITE_URL", "https://dance.example.com")
    monkeypatch.setitem(app.config, "TRUSTED_HOSTS", ["dance.example.com"])
    assert warm_up(app) == dict.fromkeys(WARM_UP_PATHS, 200)


def test_a_worker_that_cannot_warm_up_still_starts(app, monkeypatch, caplog):
    def unreachable(*_args, **_kwargs):
        raise ConnectionError("the database is not up yet")

    monkeypatch.setattr(warm_up_module, "configure_mappers", unreachable)
    with caplog.at_level(logging.WARNING, logger="app.warm_up"):
        assert warm_up(app) == {}
    assert "Warming up the worker failed" in caplog.text
    assert app.config["CACHE_ENABLED"] is True and cache._redis.get() is not None

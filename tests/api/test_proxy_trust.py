"""Who a request comes from behind a reverse proxy: PROXY_HOPS decides whose X-Forwarded-* headers are believed."""

import pytest
from flask import request

from app import config, create_app
from app.ratelimit import client_ip

FORWARDED = {"X-Forwarded-For": "198.51.100.7, 203.0.113.9", "X-Forwarded-Proto": "https"}


@pytest.fixture
def make_app(database_url, tmp_path):
    def build(hops: int):
        settings = config.TestConfig(database_url, str(tmp_path / "media"))
        settings.PROXY_HOPS = hops
        built = create_app(settings)
        built.add_url_rule("/whoami", "whoami", lambda: {"ip": client_ip(), "scheme": request.scheme})
        return built

    return build


def test_without_a_proxy_forwarded_headers_are_the_visitors_own_claim(make_app):
    answer = make_app(0).test_client().get("/whoami", headers=FORWARDED, environ_base={"REMOTE_ADDR": "192.0.2.1"})
    assert answer.json == {"ip": "192.0.2.1", "scheme": "http"}


def test_behind_one_proxy_the_visitor_is_the_address_that_proxy_saw(make_app):
    """Only the last hop is believed: an address the visitor put in the header before the proxy's is ignored."""
    answer = make_app(1).test_client().get("/whoami", headers=FORWARDED, environ_base={"REMOTE_ADDR": "127.0.0.1"})
    assert answer.json == {"ip": "203.0.113.9", "scheme": "https"}

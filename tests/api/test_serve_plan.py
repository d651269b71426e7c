"""What `make serve` derives from DOMAIN and PORT, and the Caddyfile it writes."""

from pathlib import Path

from app.api.uploads import MAX_UPLOAD_BODY
from app.cli.site import ServePlan
from app.proxy import PROXY_BODY_SLACK, BodyCap, ProxySite, body_caps, caddyfile


def test_a_domain_makes_an_https_site_that_answers_only_to_its_name():
    settings = ServePlan("example.com", 8080, 8001, "").app_settings({"SITE_URL": ""})
    assert settings["SITE_URL"] == "https://example.com"
    assert (settings["PRODUCTION"], settings["PROXY_HOPS"]) == ("1", "1")
    assert (settings["BIND_HOST"], settings["PORT"]) == ("127.0.0.1", "8001")
    assert "TRUSTED_HOSTS" not in settings


def test_without_a_domain_the_site_is_plain_http_on_port_for_this_machines_names():
    plan = ServePlan("", 9090, 8001, "")
    settings = plan.app_settings({"TRUSTED_HOSTS": "203.0.113.5"})
    assert (plan.address, settings["SITE_URL"]) == (":9090", "http://localhost:9090")
    assert settings["TRUSTED_HOSTS"] == "203.0.113.5,localhost,127.0.0.1"


def test_a_given_site_url_wins():
    assert ServePlan("", 8080, 8001, "").app_settings({"SITE_URL": "http://203.0.113.5:8080"})["SITE_URL"] == (
        "http://203.0.113.5:8080"
    )


def test_the_proxy_takes_what_each_operation_takes_and_a_little_more(app):
    caps = body_caps(app)
    assert BodyCap("/api/uploads", MAX_UPLOAD_BODY + PROXY_BODY_SLACK, MAX_UPLOAD_BODY) in caps
    assert caps[-1] == BodyCap("*", 2 * app.config["BODY_MAX_BYTES"], app.config["BODY_MAX_BYTES"])


def site(address: str) -> ProxySite:
    caps = [BodyCap("/api/uploads", 9, 8), BodyCap("*", 5, 4)]
    return ProxySite(address, ["127.0.0.1:8001"], Path("/srv/site"), caps)


def test_hsts_is_sent_only_where_caddy_serves_https():
    assert "Strict-Transport-Security" in caddyfile(site("example.com"))
    assert "Strict-Transport-Security" not in caddyfile(site(":8080"))


def test_every_body_is_read_whole_by_the_proxy_before_gunicorn_sees_it():
    text = caddyfile(site(":8080"))
    assert text.count("buffer_requests") == 2
    assert text.count("max_buffer_size 9") == 1 and text.count("max_size 9") == 1
    assert text.count("max_buffer_size 5") == 1 and text.count("max_size 5") == 1
    assert "root * /srv/site" in text

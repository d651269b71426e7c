"""Every absolute URL comes from SITE_URL, never from the request's Host header."""

import re

import pytest
from flask_migrate import upgrade

from app import config as app_config
from app import create_app
from tests.pages.test_watch_pages import sitemap_urls

EVIL = {"Host": "evil.example"}


def test_the_site_url_is_what_tests_and_make_run_serve(app):
    assert app.config["SITE_URL"] == "http://localhost"


def test_reset_links_ignore_the_host_header(client, user, outbox):
    csrf = client.get("/api/auth/csrf", headers=EVIL).get_json()["csrfToken"]
    asked = client.post(
        "/api/auth/forgot-password", json={"email": "dancer@example.com"}, headers={**EVIL, "X-CSRFToken": csrf}
    )
    assert asked.status_code == 200
    ((_, _, body),) = outbox.deliver()
    assert "evil.example" not in body
    assert re.search(r"http://localhost/reset-password/\S+", body)


def test_pages_name_the_site_url_whatever_the_host(client, catalog):
    for path in ("/", "/about-us", "/dance-trends", "/categories", "/user/timmytimmadome"):
        html = client.get(path, headers=EVIL).get_data(as_text=True)
        assert "evil.example" not in html, path
        assert re.search(r'<link rel="canonical" href="http://localhost/', html), path


def test_a_video_page_its_open_graph_and_json_ld_name_the_site_url(client, catalog):
    urls = sitemap_urls(client, headers=EVIL)
    assert all(url.startswith("http://localhost/") for url in urls)
    video_url = next(url for url in urls if re.match(r"http://localhost/(?:dance-trends|categories)/", url))
    html = client.get(video_url.removeprefix("http://localhost"), headers=EVIL).get_data(as_text=True)
    assert "evil.example" not in html
    assert f'<meta property="og:url" content="{video_url}">' in html
    assert f'"url": "{video_url}"' in html


def test_robots_names_the_sitemap_on_the_site_url(client):
    robots = client.get("/robots.txt", headers=EVIL).get_data(as_text=True)
    assert "Sitemap: http://localhost/sitemap.xml" in robots


def test_production_refuses_to_start_without_a_site_url(monkeypatch, tmp_path):
    monkeypatch.setenv("PRODUCTION", "1")
    monkeypatch.delenv("SITE_URL", raising=False)
    with pytest.raises(RuntimeError, match="SITE_URL"):
        app_config.Config()


def test_production_answers_400_to_other_hosts(monkeypatch, tmp_path):
    monkeypatch.setenv("PRODUCTION", "1")
    monkeypatch.setenv("SITE_URL", "https://danza.example")
    monkeypatch.setenv("TRUSTED_HOSTS", "www.danza.example")
    settings = app_config.Config()
    settings.SQLALCHEMY_DATABASE_URI = f"sqlite:///{tmp_path / 'p.db'}"
    production = create_app(settings)
    with production.app_context():
        upgrade()
    client = production.test_client()
    assert client.get("/robots.txt", headers={"Host": "danza.example"}).status_code == 200
    assert client.get("/robots.txt", headers={"Host": "www.danza.example"}).status_code == 200
    assert client.get("/robots.txt", headers=EVIL).status_code == 400
    assert client.post("/api/auth/forgot-password", json={"email": "a@b.c"}, headers=EVIL).status_code == 400

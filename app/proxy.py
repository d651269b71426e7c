"""The Caddy configuration the site is served through in production (`make serve`, `make install-service`).

Caddy terminates TLS (a certificate from Let's Encrypt for DOMAIN, renewed by Caddy), compresses, serves /static/
itself with the caching the asset URLs allow, and reads every request body whole before gunicorn sees it, so no
slow client can hold one of gunicorn's few workers. The body caps per path come from the app's own operations
(an operation that takes more than BODY_MAX_BYTES declares it), so the proxy and the app cannot drift apart.
"""

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from flask import Flask

from app.api.errors import too_large_message
from app.api.inputs import declared_body_limit

# The proxy lets through a little more than the app accepts (up to 1 MB more), so a body slightly too large still
# gets the app's own clear answer; anything larger is refused by Caddy (413) before it is read.
PROXY_BODY_SLACK = 1024 * 1024
HSTS = "max-age=31536000"
IMMUTABLE = "public, max-age=31536000, immutable"
UNHASHED_BUNDLES = ("/static/dist/manifest.json", "/static/dist/builds.json")


@dataclass(frozen=True)
class BodyCap:
    path: str  # a Caddy path matcher
    max_bytes: int  # what the proxy lets through
    accepted: int  # what the app takes, for the refusal's message

    @property
    def refusal(self) -> str:
        """The app's own answer to a body too large, as JSON."""
        return json.dumps({"success": False, "message": too_large_message(self.accepted)})


@dataclass(frozen=True)
class ProxySite:
    """What one Caddy in front of the site needs to know."""

    address: str  # "example.com" (HTTPS with a certificate), ":8080" (plain HTTP) or "https://localhost:8443"
    upstreams: Sequence[str]  # gunicorn's "host:port" (more than one are balanced)
    project_root: Path  # /static/ is served from its static/ folder
    body_caps: Sequence[BodyCap]  # the larger per-path caps; the last one is the default for every other path
    email: str = ""  # the ACME account's contact address
    tls_internal: bool = False  # a certificate from Caddy's local CA (tests, or a site without a public name)
    http_port: int | None = None
    https_port: int | None = None
    admin: str = "off"  # Caddy's admin endpoint, which `caddy reload` uses ("localhost:2019")
    storage: Path | None = None  # where certificates are kept (Caddy's default data folder when None)
    extra_global: Sequence[str] = field(default_factory=tuple)

    @property
    def is_https(self) -> bool:
        return not (self.address.startswith("http://") or self.address.startswith(":"))


def app_behind_proxy(site_url: str, upstream_port: int) -> dict[str, str]:
    """The settings of gunicorn and the worker behind Caddy: the public address, refusing other hosts, listening on
    loopback only, believing exactly one proxy hop, and leaving the access log to Caddy (it has the visitor's
    address)."""
    return {
        "SITE_URL": site_url,
        "PRODUCTION": "1",
        "PROXY_HOPS": "1",
        "BIND_HOST": "127.0.0.1",
        "PORT": str(upstream_port),
        "ACCESS_LOG": "",
    }


def body_caps(app: Flask) -> list[BodyCap]:
    """A cap per path whose operation declares a larger body, then the default for all others."""
    caps: dict[str, int] = {}
    for rule in app.url_map.iter_rules():
        declared = declared_body_limit(app.view_functions.get(rule.endpoint))
        if declared and "<" not in rule.rule:
            caps[rule.rule] = max(caps.get(rule.rule, 0), declared)
    default = app.config["BODY_MAX_BYTES"]
    found = [BodyCap(path, _with_slack(limit), limit) for path, limit in sorted(caps.items())]
    return [*found, BodyCap("*", _with_slack(default), default)]


def _with_slack(limit: int) -> int:
    return limit + min(limit, PROXY_BODY_SLACK)


def _proxy_block(site: ProxySite, cap: BodyCap, name: str) -> list[str]:
    upstreams = " ".join(site.upstreams)
    declared_length = "{http.request.header.Content-Length}"
    return [
        # A body that says it is too large is refused before a byte of it is read (Caddy 2.6 would answer a 502
        # once its reading failed); one without a length is cut off at the cap by request_body.
        f'\t\t@{name} expression `{declared_length} != "" && int({declared_length}) > {cap.max_bytes}`',
        f"\t\theader @{name} Content-Type application/json",
        f"\t\trespond @{name} `{cap.refusal}` 413",
        "\t\trequest_body {",
        f"\t\t\tmax_size {cap.max_bytes}",
        "\t\t}",
        f"\t\treverse_proxy {upstreams} {{",
        # The whole body (never more than the cap) is read before gunicorn is asked. This is Caddy 2.6's syntax
        # (Debian 12's package); Caddy 2.7 and later call it `request_buffers SIZE`.
        "\t\t\tbuffer_requests",
        f"\t\t\tmax_buffer_size {cap.max_bytes}",
        "\t\t\tlb_policy round_robin",
        "\t\t\tlb_try_duration 5s",
        "\t\t}",
    ]


def caddyfile(site: ProxySite) -> str:
    """The Caddyfile for `site`."""
    options = [f"\tadmin {site.admin}"]
    if site.http_port:
        options.append(f"\thttp_port {site.http_port}")
    if site.https_port:
        options.append(f"\thttps_port {site.https_port}")
    if site.email:
        options.append(f"\temail {site.email}")
    if site.storage:
        options.append(f"\tstorage file_system {{\n\t\troot {site.storage}\n\t}}")
    options += [
        "\tservers {",
        "\t\ttimeouts {",
        "\t\t\tread_header 10s",  # a client that trickles its headers is dropped
        "\t\t\tread_body 10m",  # an upload over a slow line may take minutes; it holds no gunicorn worker
        "\t\t\tidle 2m",
        "\t\t}",
        "\t}",
        *site.extra_global,
    ]
    lines = ["{", *options, "}", "", f"{site.address} {{"]
    if site.tls_internal:
        lines.append("\ttls internal")
    lines += ["\tencode zstd gzip", "\tlog"]
    if site.is_https:
        lines.append(f'\theader Strict-Transport-Security "{HSTS}"')
    lines += [
        "",
        "\t@immutable {",
        "\t\tpath /static/dist/*",
        f"\t\tnot path {' '.join(UNHASHED_BUNDLES)}",
        "\t}",
        "\t@versioned {",
        "\t\tpath /static/*",
        "\t\tquery v=*",
        "\t}",
        "\thandle /static/* {",
        f"\t\troot * {site.project_root}",
        f'\t\theader @immutable Cache-Control "{IMMUTABLE}"',
        f'\t\theader @versioned Cache-Control "{IMMUTABLE}"',
        "\t\tfile_server",
        "\t}",
    ]
    *larger, default = site.body_caps
    for index, cap in enumerate(larger):
        lines += ["", f"\t@body{index} path {cap.path}", f"\thandle @body{index} {{"]
        lines += [*_proxy_block(site, cap, f"too_large{index}"), "\t}"]
    lines += ["", "\thandle {", *_proxy_block(site, default, "too_large"), "\t}", "}", ""]
    return "\n".join(lines)

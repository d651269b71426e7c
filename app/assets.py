"""The esbuild manifest turned into script tags, static URLs with cache busting, the island() helper and the inline
theme script."""

import hashlib
import json
from pathlib import Path

from flask import Flask, Response, current_app, request, url_for
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup, escape

from app.first_paint import first_paint_script


class Assets:
    """Reads static/dist/manifest.json (written by islands/build.mjs) once, or on every request while debugging."""

    def __init__(self, app: Flask) -> None:
        self.static_dir = Path(app.static_folder or "static")
        self.reload = app.debug
        self._manifest: dict[str, str] | None = None
        self._versions: dict[str, str] = {}
        self._build_of: dict[str, str] | None = None
        self._build_id = ""

    def manifest(self) -> dict[str, str]:
        if self._manifest is None or self.reload:
            path = self.static_dir / "dist" / "manifest.json"
            self._manifest = json.loads(path.read_text()) if path.exists() else {}
        return self._manifest

    def build_id(self) -> str:
        """Names this build of the scripts and styles: a page is kept in the shared cache per build, since a page of
        an earlier build names files that a later build deletes (and that a host still on the earlier build lacks)."""
        manifest = self.manifest()
        if self._build_of is not manifest:  # worked out once per manifest read, not on every cached page
            self._build_of = manifest
            self._build_id = hashlib.sha256(json.dumps(manifest, sort_keys=True).encode()).hexdigest()[:10]
        return self._build_id

    def entry_script(self, name: str = "main") -> Markup:
        return self._bundle_tag(name, '<script type="module" src="{}"></script>')

    def entry_stylesheet(self, name: str = "site") -> Markup:
        return self._bundle_tag(name, '<link rel="stylesheet" href="{}">')

    def _bundle_tag(self, name: str, tag: str) -> Markup:
        """The tag of a bundle the manifest names; nothing (and a warning) before the first build."""
        file = self.manifest().get(name)
        if not file:
            current_app.logger.warning("Bundle %r is missing: run `make build`", name)
            return Markup("")
        return Markup(tag).format(url_for("static", filename=f"dist/{file}"))

    def bundle_url(self, name: str) -> str | None:
        file = self.manifest().get(name)
        return url_for("static", filename=f"dist/{file}") if file else None

    def version(self, filename: str) -> str:
        """A digest of the file's content: a new file gets a new URL, so its old URL may be cached for ever."""
        if filename not in self._versions or self.reload:
            path = self.static_dir / filename
            self._versions[filename] = hashlib.sha256(path.read_bytes()).hexdigest()[:12] if path.is_file() else "0"
        return self._versions[filename]

    def static_url(self, filename: str) -> str:
        return url_for("static", filename=filename, v=self.version(filename))

    def is_immutable(self, filename: str, version: str | None) -> bool:
        """Whether this URL names one content for ever: a bundle whose name holds its hash, or a versioned URL."""
        is_bundle = filename.startswith("dist/") and filename not in UNHASHED_BUNDLE_FILES
        return is_bundle or (version is not None and version == self.version(filename))


UNHASHED_BUNDLE_FILES = {"dist/manifest.json", "dist/builds.json"}
IMMUTABLE = "public, max-age=31536000, immutable"


def _cache_static_files(response: Response) -> Response:
    if request.endpoint == "static" and response.status_code in (200, 304):
        filename = (request.view_args or {}).get("filename", "")
        if current_app.extensions["assets"].is_immutable(filename, request.args.get("v")):
            response.headers["Cache-Control"] = IMMUTABLE
    return response


def island(name: str, props: dict | None = None, fallback: str = "", tag: str = "div", **attrs: str) -> Markup:
    """A mount node for a React island: its props as JSON and server-rendered fallback HTML inside."""
    extra = "".join(f' {escape(key.rstrip("_").replace("_", "-"))}="{escape(value)}"' for key, value in attrs.items())
    return Markup(
        f'<{tag} data-island="{escape(name)}"{extra}>'
        f'<script type="application/json" data-props>{htmlsafe_json_dumps(props or {})}</script>'
        f"{escape(fallback)}</{tag}>"
    )


def register_assets(app: Flask) -> None:
    assets = Assets(app)
    app.extensions["assets"] = assets
    app.after_request(_cache_static_files)
    app.jinja_env.globals.update(
        island=island,
        entry_script=assets.entry_script,
        entry_stylesheet=assets.entry_stylesheet,
        static_url=assets.static_url,
        first_paint_script=first_paint_script,
    )

"""A cache in Redis, shared by every web process, for answers many requests recompute.

Every key carries the content generation: a counter in Redis that moves on when a commit writes any table a shared
answer can show (videos, creators, trends, hashtags, settings, playlists, users …). So whatever ingestion, a report,
a deletion or a settings change alters is visible on the next request in every process, with no list of keys to
keep in step; the old entries simply expire. Without Redis nothing is cached and nothing fails: answers are computed
(and after a failure Redis is left alone for a few seconds, so a dead Redis costs no request a timeout).
"""

import functools
import json
import logging
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from flask import Response, current_app, g, has_app_context, has_request_context, request, session
from flask_login import current_user
from redis import Redis
from redis.exceptions import RedisError
from sqlalchemy import event
from sqlalchemy.orm import Session, UOWTransaction

from app.i18n import current_language

log = logging.getLogger(__name__)

# Writes to these tables never change an answer shared between visitors. A visitor's report is one of them (its
# removal of the video writes `videos`), so reports cannot be used to flush the cache.
PRIVATE_TABLES = frozenset(
    {
        "video_reports",
        "auth_sessions",
        "jobs",
        "downloads",
        "password_resets",
        "recovery_codes",
        "pending_registrations",
        "video_positions",
        "contact_messages",
    }
)
PAGE_SECONDS = 60  # a visitor's page: as long as a proxy may keep it (Cache-Control: public, max-age=60)
LIST_SECONDS = 60  # catalog lists and lookups of the JSON API
RETRY_AFTER_FAILURE = 5.0
GENERATION_KEY = "generation"
_CHANGED = "changed_tables"


class _Redis:
    """One connection pool per process, and a pause after a failure."""

    def __init__(self) -> None:
        self.client: Redis | None = None
        self.url: str | None = None
        self.down_until = 0.0
        self.scripts: dict = {}

    def get(self) -> Redis | None:
        config = current_app.config
        if not config.get("CACHE_ENABLED", True) or time.monotonic() < self.down_until:
            return None
        if self.client is None or self.url != config["REDIS_URL"]:
            self.url = config["REDIS_URL"]
            self.client = Redis.from_url(self.url, socket_timeout=0.5, socket_connect_timeout=0.5)
        return self.client

    def script(self, source: str):
        """A Lua script of this client, sent once and then called by its digest (EVALSHA)."""
        assert self.client is not None  # called after get() answered a client
        if source not in self.scripts or self.scripts[source].registered_client is not self.client:
            self.scripts[source] = self.client.register_script(source)
        return self.scripts[source]

    def failed(self, exc: Exception) -> None:
        log.warning("The cache is off for %.0f s: Redis failed (%s)", RETRY_AFTER_FAILURE, exc)
        self.down_until = time.monotonic() + RETRY_AFTER_FAILURE


_redis = _Redis()


def _key(*parts: str) -> str:
    return ":".join((current_app.config["CACHE_KEY_PREFIX"], *parts))


def _known_generation() -> str | None:
    return g.get("_cache_generation") if has_request_context() else None


def _remember_generation(generation: bytes | None) -> str:
    """Read once per request: every cached answer of one request belongs to one generation."""
    value = (generation or b"0").decode()
    if has_request_context():
        g._cache_generation = value
    return value


def _generation(client: Redis) -> str:
    # redis-py types a reply bytes | str; the client is made without decode_responses, so it is bytes.
    return _known_generation() or _remember_generation(client.get(_key(GENERATION_KEY)))  # type: ignore[arg-type]


# The generation and an entry of it in one round trip (a cached page costs one call to Redis, not two).
_GET_IN_CURRENT_GENERATION = """
local generation = redis.call('GET', KEYS[1]) or '0'
return {generation, redis.call('GET', ARGV[1] .. generation .. ARGV[2])}
"""


_READ_IN_CURRENT_GENERATION = """
local generation = redis.call('GET', KEYS[1]) or '0'
local pool = ARGV[1] .. generation .. ARGV[2]
local meta = redis.call('GET', pool .. ':meta')
if meta and meta == ARGV[3] then return {generation, false, meta} end
return {generation, redis.call('SMEMBERS', pool), meta}
"""


def get(name: str) -> Any | None:
    raw = get_bytes(name)
    return None if raw is None else json.loads(raw)


def put(name: str, value: Any, seconds: int) -> None:
    put_bytes(name, json.dumps(value, separators=(",", ":")).encode(), seconds)


def get_bytes(name: str) -> bytes | None:
    client = _redis.get()
    if client is None:
        return None
    try:
        if (generation := _known_generation()) is not None:
            raw: bytes | None = client.get(_key(generation, name))  # type: ignore[assignment]  # as in _generation
        else:
            found, raw = _redis.script(_GET_IN_CURRENT_GENERATION)(
                keys=[_key(GENERATION_KEY)], args=[_key(""), f":{name}"]
            )
            _remember_generation(found)
    except RedisError as exc:
        _redis.failed(exc)
        return None
    return raw


def put_bytes(name: str, value: bytes, seconds: int) -> None:
    client = _redis.get()
    if client is None:
        return
    try:
        client.set(_key(_generation(client), name), value, ex=seconds)
    except RedisError as exc:
        _redis.failed(exc)


def claim(name: str, seconds: int) -> bool:
    """True for the one caller (in any process) that takes `name` first, until it expires: who rebuilds an entry."""
    client = _redis.get()
    if client is None:
        return False
    try:
        return bool(client.set(_key(_generation(client), name), b"1", nx=True, ex=seconds))
    except RedisError as exc:
        _redis.failed(exc)
        return False


def available() -> bool:
    """Whether the cache is on and Redis has not just failed (it may still fail on the next call)."""
    return _redis.get() is not None


def put_pool(name: str, members: list[str], meta: str, seconds: int) -> None:
    """Keep a set of text members, and a `meta` text that names this set, to draw random samples from."""
    client = _redis.get()
    if client is None or not members:
        return
    try:
        key = _key(_generation(client), name)
        with client.pipeline() as pipe:
            pipe.delete(key)
            pipe.sadd(key, *members)
            pipe.expire(key, seconds)
            pipe.set(f"{key}:meta", meta, ex=seconds)
            pipe.execute()
    except RedisError as exc:
        _redis.failed(exc)


def read_pool(name: str, held_meta: str = "") -> tuple[list[str] | None, str] | None:
    """Every member of the pool kept in the current generation and its meta as stored; the members are None when
    the meta is `held_meta` (the caller holds that very pool already). None when no pool is kept."""
    client = _redis.get()
    if client is None:
        return None
    try:
        found, members, meta = _redis.script(_READ_IN_CURRENT_GENERATION)(
            keys=[_key(GENERATION_KEY)], args=[_key(""), f":{name}", held_meta]
        )
        _remember_generation(found)
    except RedisError as exc:
        _redis.failed(exc)
        return None
    if meta is None or (members is not None and not members):
        return None
    return (None if members is None else [member.decode() for member in members]), meta.decode()


_changes_here = 0


def changes_here() -> int:
    """How many content changes this process has made: a copy a process keeps of its own is stale once it moves."""
    return _changes_here


def content_changed() -> None:
    """Move every process on to a new generation (called after each commit that wrote shared content)."""
    global _changes_here
    _changes_here += 1
    client = _redis.get()
    if client is None:
        return
    try:
        client.incr(_key(GENERATION_KEY))
    except RedisError as exc:
        _redis.failed(exc)
    if has_request_context():
        g.pop("_cache_generation", None)


def memoized(name: str, seconds: int) -> Callable:
    """Cache a function's JSON-able answer per arguments, for `seconds` at most and until the content changes."""

    def decorate(function: Callable) -> Callable:
        @functools.wraps(function)
        def cached(*args, **kwargs):
            key = f"{name}:{json.dumps([args, kwargs], sort_keys=True, default=str)}"
            found = get(key)
            if found is None:
                found = function(*args, **kwargs)
                put(key, found, seconds)
            return found

        return cached

    return decorate


# ---- whole answers -------------------------------------------------------------------------------------------


def is_shared_request(visitor_only: bool) -> bool:
    """Whether the answer is the same for whoever asks: a visitor's (no session, no sign-in) or, for answers that
    never depend on the user, anyone's. A session or remember cookie counts only once it proves to be one: a
    made-up cookie (anyone can send one) would otherwise have every request build its page anew."""
    if request.method not in ("GET", "HEAD"):
        return False
    if not visitor_only:
        return True
    if "Authorization" in request.headers:
        return False
    config = current_app.config
    credentials = (config["SESSION_COOKIE_NAME"], config.get("REMEMBER_COOKIE_NAME", "remember_token"))
    if not any(name in request.cookies for name in credentials):
        return True
    return not session and not current_user.is_authenticated


# A kept answer is served as it is for `seconds`, then kept as long again: when it expires, the one request that
# claims its rebuild builds it while the others go on serving the kept copy (a popular page or list expiring under
# load is built once, not by every request at that moment). The generation still makes any content change visible
# on the next request.
REBUILD_SECONDS = 10


def cached_response(seconds: int, visitor_only: bool = False) -> Callable:
    """Serve a view's 200 answer from the cache for the same URL; `visitor_only` for pages, whose shell shows the
    signed-in user and whose words are in the visitor's language. An answer that sets a cookie or says no-store is
    never kept."""

    def decorate(view: Callable) -> Callable:
        @functools.wraps(view)
        def cached(*args, **kwargs):
            if not is_shared_request(visitor_only):
                return view(*args, **kwargs)
            key = f"answer:{_url_key()}"
            if visitor_only:  # a page: in the visitor's language, naming the files of this build
                key = f"answer:{_page_build()}:{current_language()}:{_url_key()}"
            found = get_bytes(key)
            if found is not None:  # when it was built and its headers as a JSON line, then the body as it was sent
                line, _, body = found.partition(b"\n")
                kept = json.loads(line)
                if time.time() - kept["builtAt"] < seconds or not claim(f"{key}:rebuild", REBUILD_SECONDS):
                    return Response(body, status=200, headers=kept["headers"])
            response = current_app.make_response(view(*args, **kwargs))
            if _keepable(response):
                headers = {name: value for name, value in response.headers.items() if name != "Content-Length"}
                line = json.dumps({"builtAt": time.time(), "headers": headers}).encode()
                put_bytes(key, line + b"\n" + response.get_data(), 2 * seconds)
            return response

        return cached

    return decorate


def _page_build() -> str:
    return current_app.extensions["assets"].build_id()


# The spec's clients add `_t=<time>` to some calls so browsers and proxies refetch them; the answer is the same.
CACHE_BUSTERS = frozenset({"_t"})


def _url_key() -> str:
    """The address as its answer is kept: names in order, each name's values in the order given (a page reads a
    name's first value, so `a=1&a=2` and `a=2&a=1` are different pages)."""
    named = ((name, value) for name, value in request.args.items(multi=True) if name not in CACHE_BUSTERS)
    args = sorted(named, key=lambda pair: pair[0])
    return f"{request.path}?{urlencode(args)}"


def _keepable(response: Response) -> bool:
    return (
        response.status_code == 200
        and not response.direct_passthrough
        and "Set-Cookie" not in response.headers
        and "no-store" not in response.headers.get("Cache-Control", "")
        and response.mimetype in ("text/html", "application/json", "application/atom+xml")
    )


# ---- noticing writes ---------------------------------------------------------------------------------------------


def _note(session: Session, table: str | None) -> None:
    session.info.setdefault(_CHANGED, set()).add(table or "?")


def _after_flush(session: Session, _context: UOWTransaction) -> None:
    for instance in (*session.new, *session.dirty, *session.deleted):
        _note(session, getattr(getattr(instance, "__table__", None), "name", None))


def _on_execute(state) -> None:
    if state.is_insert or state.is_update or state.is_delete:
        table = getattr(state.statement, "table", None)
        _note(state.session, getattr(table, "name", None))


def _after_commit(session: Session) -> None:
    changed = session.info.pop(_CHANGED, set())
    if changed - PRIVATE_TABLES and has_app_context():
        content_changed()


def _after_rollback(session: Session, previous) -> None:
    if previous.parent is None:  # the whole transaction, not a savepoint: its writes are gone
        session.info.pop(_CHANGED, None)


def watch_writes() -> None:
    """Listen to every session's writes (idempotent: each listener is added once per process)."""
    for name, listener in (
        ("after_flush", _after_flush),
        ("do_orm_execute", _on_execute),
        ("after_commit", _after_commit),
        ("after_soft_rollback", _after_rollback),
    ):
        if not event.contains(Session, name, listener):
            event.listen(Session, name, listener)

"""Contract fuzzing: schemathesis builds requests from /api/openapi.json, some that fit each operation's schema and
some that break it, and sends them in-process as a visitor, a user and an admin over a small real catalog. No answer
may be a server error; an unhandled exception fails the test with its traceback (the test app propagates them).
Every answer must also be what the document declares: a declared status (or the error envelope's `default`), the
declared content type, and a body that fits the declared schema, refusals included.

Every operation is fuzzed in every role and mode, with these exceptions, each for the reason given:
- An operation whose guard refuses the role (401 for a visitor, 403 for a user) gets GUARDED_EXAMPLES examples in
  that role: the guard answers before any input is read, so more would test nothing new.
- Negative examples need something to break: an operation with neither query parameters nor a body (only path
  segments, which are free text) has none, and gets positive examples only.
- Calls that end the fuzzing session or delete the rows the others read (RUN_LAST) run after all the others.
Besides the requests schemathesis makes, a third of the examples take the catalog's values where their parameters
name a creator, hashtag, trend, video, playlist or report, and a third put a NUL byte into one text value.
Examples are derandomized, so a run repeats the last one unless the code or the document changed; the six runs take
about 80 seconds per database on a developer machine (both of `make test`'s runs do them).
"""

import time
import traceback
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)
from sqlalchemy import select

from app.extensions import db
from app.models import Creator, Hashtag, Trend, Video, VideoReport
from app.services import playlists, reports
from tests.conftest import ApiClient

EXAMPLES = {GenerationMode.POSITIVE: 12, GenerationMode.NEGATIVE: 10}
GUARDED_EXAMPLES = 2
RUN_LAST = (
    "DELETE /api/playlists/{playlist_id}",
    "DELETE /api/tiktok/usernames/{username}",
    "DELETE /api/auth/account",
    "POST /api/auth/logout-all",
    "POST /api/auth/logout",
)
ROLES = {"visitor": None, "user": "user", "admin": "admin"}
PLAIN = {"Accept-Encoding": "identity"}  # the test client does not decompress answers
CONFORMANCE = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


@dataclass
class Caller:
    """How one role calls: a client (with the visitor's cookie session) and the headers that sign it in."""

    client: object
    headers: dict[str, str]


@pytest.fixture(scope="module")
def schema(app):
    with app.app_context():
        return schemathesis.openapi.from_wsgi("/api/openapi.json", app)


@pytest.fixture
def real_values(catalog, make_user) -> dict[str, str]:
    """Values of the catalog's rows, so fuzzed calls also reach real creators, hashtags, trends and videos."""
    make_user("dancer")
    boss = make_user("boss", role="admin")
    creator = db.session.scalars(select(Creator).order_by(Creator.video_count.desc())).first()
    video = db.session.scalars(select(Video).where(Video.creator_id == creator.id)).first()
    hashtag = db.session.scalars(select(Hashtag).order_by(Hashtag.video_count.desc())).first()
    trend = db.session.scalars(select(Trend).order_by(Trend.video_count.desc())).first()
    playlist = playlists.create_playlist(boss, "Fuzzed", "", True)
    reports.report_video(video.video_id, None, "198.51.100.7")
    return {
        "username": creator.username,
        "video_id": video.video_id,
        "videoId": video.video_id,
        "hashtag": hashtag.name,
        "tag": hashtag.name,
        "tags": hashtag.name,
        "song_key": trend.song_key,
        "songKey": trend.song_key,
        "trendFilter": trend.song_key,
        "playlist_id": str(playlist.id),
        "report_id": str(db.session.scalar(select(VideoReport.id))),
    }


def _caller(app, role: str | None) -> Caller:
    client = app.test_client()
    api = ApiClient(client)
    if role is None:  # a visitor: a cookie session and its CSRF token, as a browser sends
        return Caller(client, {"X-CSRFToken": api.refresh_csrf(), **PLAIN})
    email = "dancer@example.com" if role == "user" else "boss@example.com"
    token = api.login(email).get_json()["token"]
    return Caller(app.test_client(), {"Authorization": f"Bearer {token}", **PLAIN})


def _refuses(operation, role: str | None) -> bool:
    """Whether the operation's guard turns the role away before reading any input."""
    definition = operation.definition.raw
    needs_admin = "403" in definition.get("responses", {})
    return ("security" in definition and role is None) or (needs_admin and role != "admin")


def _has_input_to_break(operation) -> bool:
    definition = operation.definition.raw
    return "requestBody" in definition or any(p["in"] == "query" for p in definition.get("parameters", []))


def _with_real_values(case, real: dict[str, str], _: int):
    for part in (case.path_parameters, case.query, case.body):
        if isinstance(part, dict):
            for name in part.keys() & real.keys():
                part[name] = real[name]
    return case


def _with_a_nul(case, _: dict[str, str], index: int):
    """One text value of the case gains a NUL byte: the input PostgreSQL refuses, so the app must refuse it first."""
    texts = [
        (part, name)
        for part in (case.path_parameters, case.query, case.body)
        if isinstance(part, dict)
        for name, value in part.items()
        if isinstance(value, str)
    ]
    if texts:
        part, name = texts[index % len(texts)]
        part[name] += "\x00"
    return case


def _as_generated(case, _: dict[str, str], __: int):
    return case


# Each example is the generated case as it is, with the catalog's values where its parameters take them, or with a NUL.
VARIANTS = (_as_generated, _with_real_values, _with_a_nul)


def _strategy(operation, mode: GenerationMode, real: dict[str, str]):
    generated = operation.as_strategy(generation_mode=mode)
    variants = st.tuples(generated, st.sampled_from(VARIANTS), st.integers(0, 15))
    return variants.map(lambda drawn: drawn[1](drawn[0], real, drawn[2]))


def _ordered(operations) -> Iterator:
    last = {label: index for index, label in enumerate(RUN_LAST)}
    return iter(sorted(operations, key=lambda op: (last.get(op.label, -1), op.label)))


def _fuzz(operation, mode: GenerationMode, caller: Caller, examples: int, real: dict[str, str]) -> None:
    @given(case=_strategy(operation, mode, real))
    @settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.explicit, Phase.generate, Phase.shrink],
        suppress_health_check=list(HealthCheck),
    )
    def call(case):
        try:
            response = case.call(session=caller.client, headers=caller.headers)
        except Exception:
            db.session.rollback()  # the test holds the app context, so the failed request's session lives on
            raise
        sent = f"{case.method} {case.path} path={case.path_parameters} query={case.query} body={case.body!r:.300}"
        assert response.status_code < 500, f"{sent} → {response.status_code}: {response.text[:300]}"
        try:
            case.validate_response(response, checks=CONFORMANCE)
        except Exception as exc:
            raise AssertionError(f"{sent} → {response.status_code}: {response.text[:300]}") from exc

    call()


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE], ids=lambda m: m.value)
@pytest.mark.parametrize("role", ROLES)
def test_every_answer_is_what_the_contract_declares(app, schema, real_values, queues, monkeypatch, role, mode):
    for setting in [key for key in app.config if key.endswith("_RATE_LIMIT")]:
        monkeypatch.setitem(app.config, setting, "100000 per minute")  # limits would answer 429 instead of fuzzing
    caller = _caller(app, ROLES[role])
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) > 70
    failures, started = [], time.monotonic()
    for operation in _ordered(operations):
        if mode is GenerationMode.NEGATIVE and not _has_input_to_break(operation):
            continue
        examples = GUARDED_EXAMPLES if _refuses(operation, ROLES[role]) else EXAMPLES[mode]
        try:
            _fuzz(operation, mode, caller, examples, real_values)
        except Exception as exc:  # collected, so one run reports every operation that fails
            failures.append(f"{operation.label} as {role}:\n{''.join(traceback.format_exception(exc))[-3000:]}")
    print(f"fuzzed {len(operations)} operations as {role} ({mode.value}) in {time.monotonic() - started:.1f}s")
    assert not failures, "\n\n".join(failures)

"""What every request must be before any view, guard or rate limit reads it: free of NUL bytes, with JSON bodies of
a sane depth and size, sent with a method its route takes. Each rule answers a clear 400 (413, 405), never a 500."""

from typing import Any

from flask import Flask, Request, current_app, request
from flask.json.provider import DefaultJSONProvider
from werkzeug.exceptions import BadRequest, NotFound

from app.i18n import N_

NUL = "\x00"
NUL_MESSAGE = N_("Requests may not contain NUL characters")
SURROGATE_MESSAGE = N_("Request text must be valid Unicode")
INVALID_JSON_MESSAGE = N_("Request body is not valid JSON")
TOO_DEEP_MESSAGE = N_("JSON body is nested too deeply")
MAX_ID = 2**31 - 1  # ids are 32-bit integers in PostgreSQL
# The deepest body of the spec is three levels ({"videos": [{"videoId": …}]}); this leaves room and stops recursion.
MAX_JSON_DEPTH = 32


class MalformedJSON(ValueError):
    """A JSON body that parses but may not be used; its message is the answer."""


def _check_text(text: str) -> None:
    if NUL in text:
        raise MalformedJSON(NUL_MESSAGE)
    if not text.isascii():
        try:
            text.encode()
        except UnicodeEncodeError:  # a lone surrogate ("\ud800"), which no database can store
            raise MalformedJSON(SURROGATE_MESSAGE) from None


def check_document(document: object) -> None:
    """Refuse a parsed JSON document nested deeper than MAX_JSON_DEPTH or holding text no database takes."""
    stack = [(document, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            raise MalformedJSON(TOO_DEEP_MESSAGE)
        if isinstance(value, str):
            _check_text(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                _check_text(key)
                stack.append((item, depth + 1))
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)


class CheckedJSONProvider(DefaultJSONProvider):
    """The app's JSON, which request bodies are parsed with: the standard one, plus the document checks."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        try:
            document = super().loads(s, **kwargs)
        except RecursionError:
            raise MalformedJSON(TOO_DEEP_MESSAGE) from None
        check_document(document)
        return document


def declared_body_limit(view: object) -> int | None:
    """The most bytes an operation's body may have, when it declares more than BODY_MAX_BYTES."""
    declared = getattr(view, "operation", None)
    return declared.max_body if declared else None


class CheckedRequest(Request):
    """A request whose body may be only as large as its view takes, and whose malformed JSON is a clear 400."""

    @property
    def max_content_length(self) -> int | None:
        """The limit an operation declares (the upload: MAX_CONTENT_LENGTH), else BODY_MAX_BYTES for any body."""
        if self._max_content_length is not None:
            return self._max_content_length
        declared = declared_body_limit(current_app.view_functions.get(self.endpoint)) if self.endpoint else None
        return declared or current_app.config["BODY_MAX_BYTES"]

    @max_content_length.setter
    def max_content_length(self, value: int | None) -> None:
        self._max_content_length = value

    def _load_form_data(self) -> None:
        """The form as parsed, less any multipart part whose name could not be read: werkzeug names it None, and
        nothing can ask for it, while code that reads every name (the CSRF check, the NUL check) expects text."""
        super()._load_form_data()
        for parts in ("form", "files"):
            found = self.__dict__[parts]
            if None in found:
                self.__dict__[parts] = type(found)((name, value) for name, value in found.items(multi=True) if name)

    def on_json_loading_failed(self, e: ValueError | None):
        if e is None:
            return super().on_json_loading_failed(e)
        raise BadRequest(str(e) if isinstance(e, MalformedJSON) else INVALID_JSON_MESSAGE)


def _has_nul(pairs) -> bool:
    return any(NUL in key or NUL in value for key, value in pairs)


def refuse_nul_bytes() -> None:
    """No path, query string or form field may carry a NUL byte: PostgreSQL cannot store or compare one."""
    if (
        NUL in request.path
        or _has_nul(request.args.items(multi=True))
        or _has_nul(request.form.items(multi=True))
        or _has_nul((name, upload.filename or "") for name, upload in request.files.items(multi=True))
    ):
        raise BadRequest(NUL_MESSAGE)


def answer_routing_errors_first() -> None:
    """A path no route serves (404), a method its route does not take (405, with Allow) or an `<int:…>` id no row
    can have (404) is answered before sign-in, CSRF or rate-limit checks, which mean nothing for it."""
    if request.routing_exception is not None:
        current_app.raise_routing_exception(request)
    if any(isinstance(value, int) and value > MAX_ID for value in (request.view_args or {}).values()):
        raise NotFound()


def register_input_checks(app: Flask) -> None:
    """Install the request class and JSON provider, and run the checks before every other before-request step."""
    app.request_class = CheckedRequest
    app.json = CheckedJSONProvider(app)
    app.before_request(refuse_nul_bytes)
    app.before_request(answer_routing_errors_first)

"""One declaration per API operation: who may call it, what it reads, what it answers.

`@operation(...)` enforces the declaration and records it, and /api/openapi.json and /api/docs are built from the
records, so the published contract is the code. A view receives its parsed input (`body=`, `query=`, `form=`) and
returns data; the declared response model serialises it:

    @bp.get("/dance-trends")
    @operation("Dance trends", query=TrendListQuery, response=TrendPage, tag="feeds")
    def dance_trends(query: TrendListQuery):
        return {"trends": ..., **page_envelope(...)}

A view may return `(data, status)`, `(data, headers)` or `(data, status, headers)`; a status other than the declared
success status is serialised by its model in `errors`. An answer that is already a Response (a file, or JSON joined
from cached pieces) passes through as it is: the contract tests check those against the declaration too.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import wraps
from typing import Any, Literal, TypeVar

from flask import Response, current_app, jsonify, request
from flask_login import current_user
from pydantic import BaseModel, ValidationError

from app.api.schemas import ErrorOut
from app.i18n import N_
from app.services.errors import Forbidden, ServiceError, Unauthorized

Auth = Literal["user", "admin"]
Query = TypeVar("Query", bound=BaseModel)


@dataclass(frozen=True)
class Operation:
    """What one operation declares; /api/openapi.json and /api/docs read these."""

    summary: str
    tag: str
    auth: Auth | None = None
    body: type[BaseModel] | None = None
    query: type[BaseModel] | None = None
    form: type[BaseModel] | None = None
    response: type[BaseModel] | None = None
    status: int = 200
    errors: Mapping[int, type[BaseModel] | None] = field(default_factory=dict)
    file: str | tuple[str, ...] | None = None  # the media type(s) of a file answer
    max_body: int | None = None


def field_errors(exc: ValidationError, model: type[BaseModel]) -> dict[str, str]:
    """Map pydantic errors to `{field: message}`, first message per field, in the spec's words where it has them."""
    errors: dict[str, str] = {}
    for err in exc.errors():
        name = str(err["loc"][0]) if err["loc"] else "body"
        if name in errors:
            continue
        info = model.model_fields.get(name)
        label = (info.title if info and info.title else name.replace("_", " ").capitalize()) if info else name
        kind = err["type"]
        if kind == "missing":
            errors[name] = N_("{label} is required").format(label=label)
        elif kind in {"string_type", "int_type", "int_parsing", "bool_type", "bool_parsing"}:
            errors[name] = N_("{label} is not valid").format(label=label)
        elif kind in {"string_too_long"}:
            errors[name] = N_("{label} must be at most {max} characters long").format(
                label=label, max=err["ctx"]["max_length"]
            )
        elif kind in {"less_than_equal", "greater_than_equal", "less_than", "greater_than"}:
            errors[name] = N_("{label} is out of range").format(label=label)
        elif kind == "literal_error":
            errors[name] = f"{label} must be one of {err['ctx']['expected']}"
        elif kind == "is_instance_of":
            errors[name] = N_("{label} must be a file").format(label=label)
        elif kind == "value_error":
            errors[name] = str(err["ctx"]["error"])
        else:
            errors[name] = err["msg"]
    return errors


class InvalidInput(ServiceError):
    """Input that does not fit its model: a 400 naming every field that is wrong."""

    def __init__(self, exc: ValidationError, model: type[BaseModel]) -> None:
        self.fields = field_errors(exc, model)
        name, message = next(iter(self.fields.items()), ("body", N_("Invalid request")))
        super().__init__(message, name)

    def field_errors(self) -> dict[str, str]:
        return self.fields


def parse_query(model: type[Query]) -> Query:
    """The query string read through a model, for operations, pages and fragments alike."""
    try:
        return model.model_validate(request.args.to_dict())
    except ValidationError as exc:
        raise InvalidInput(exc, model) from None


def _json_body(model: type[BaseModel]) -> BaseModel:
    payload = request.get_json() if request.is_json else None  # malformed JSON is a 400 of its own
    if not isinstance(payload, dict):
        raise ServiceError(N_("Request body must be a JSON object"))
    try:
        return model.model_validate(payload)
    except ValidationError as exc:
        raise InvalidInput(exc, model) from None


def parse_form(model: type[Query]) -> Query:
    """A form (fields and files) read through a model, for operations and pages alike."""
    try:
        return model.model_validate({**request.form.to_dict(), **request.files.to_dict()})
    except ValidationError as exc:
        raise InvalidInput(exc, model) from None


def _check_caller(auth: Auth | None) -> None:
    if auth is None:
        return
    if not current_user.is_authenticated:
        raise Unauthorized(N_("Authentication required"))
    if auth == "admin" and not current_user.is_admin:
        raise Forbidden(N_("Admins only"))


def _split(result: Any, status: int) -> tuple[Any, int, dict]:
    """A view's `data`, `(data, status)`, `(data, headers)` or `(data, status, headers)`."""
    if not isinstance(result, tuple):
        return result, status, {}
    data, *rest = result
    if len(rest) == 2:
        return data, rest[0], dict(rest[1])
    if rest and isinstance(rest[0], int):
        return data, rest[0], {}
    return data, status, dict(rest[0]) if rest else {}


def serialise(model: type[BaseModel], data: Any) -> bytes:
    """The data as its declared model says: declared fields only, in their declared names, as given (a field the
    data leaves out stays out). Data the model refuses is a bug: tests fail on it; a live site logs it and sends the
    data as it is, so no visitor loses an answer over it."""
    try:
        return model.model_validate(data).model_dump_json(by_alias=True, exclude_unset=True).encode()
    except ValidationError as exc:
        if current_app.testing:
            raise
        current_app.logger.error("%s %s answered outside its %s: %s", request.method, request.path, model.__name__, exc)
        return jsonify(data).get_data()


def _respond(declared: Operation, result: Any) -> Response:
    if isinstance(result, Response):
        return result
    data, status, headers = _split(result, declared.status)
    if status == declared.status:
        model = declared.response
    elif status in declared.errors:
        model = declared.errors[status] or ErrorOut
    else:
        raise TypeError(f"{request.endpoint} answered {status}, which its operation does not declare")
    assert model is not None, "an operation that answers a file returns it as a Response"
    return current_app.response_class(serialise(model, data), status, headers, mimetype="application/json")


def operation(
    summary: str,
    *,
    tag: str,
    auth: Auth | None = None,
    body: type[BaseModel] | None = None,
    query: type[BaseModel] | None = None,
    form: type[BaseModel] | None = None,
    response: type[BaseModel] | None = None,
    status: int = 200,
    errors: Mapping[int, type[BaseModel] | None] | None = None,
    file: str | tuple[str, ...] | None = None,
    max_body: int | None = None,
) -> Callable:
    """Declare an API operation. `auth` is who may call it ("user": signed in; "admin"), checked before any input
    is read; `body` (JSON), `form` (multipart) and `query` are parsed into their models and passed to the view by
    those names; `response` serialises the view's answer with `status`, or `file` names the media type of a file
    answer. `errors` declares the statuses, beyond the common ones, that the view answers with (their model, or
    None for the error envelope). A body may be BODY_MAX_BYTES long unless `max_body` allows more."""
    declared = Operation(summary, tag, auth, body, query, form, response, status, dict(errors or {}), file, max_body)
    if (response is None) == (file is None):
        raise TypeError(f"{summary!r}: declare either a response model or a file answer")

    def decorate(view: Callable) -> Callable:
        @wraps(view)
        def wrapper(*args: Any, **kwargs: Any) -> Response:
            _check_caller(auth)
            if body is not None:
                kwargs["body"] = _json_body(body)
            if form is not None:
                kwargs["form"] = parse_form(form)
            if query is not None:
                kwargs["query"] = parse_query(query)
            return _respond(declared, view(*args, **kwargs))

        wrapper.operation = declared  # type: ignore[attr-defined]
        return wrapper

    return decorate


def declared_operation(view: Callable | None) -> Operation | None:
    return getattr(view, "operation", None)

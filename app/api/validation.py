"""Request validation with pydantic models: parsed input is injected, bad input answers 400 with field messages.

Each decorated view also records its models, from which /api/openapi.json is built.
"""

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from flask import request
from pydantic import BaseModel, ValidationError

from app.api.errors import error_response
from app.services.errors import ServiceError

Missing = object()
Query = TypeVar("Query", bound=BaseModel)


def field_errors(exc: ValidationError, model: type[BaseModel]) -> dict[str, str]:
    """Map pydantic errors to `{field: message}`, first message per field, in the spec's words where it has them."""
    errors: dict[str, str] = {}
    for err in exc.errors():
        field = str(err["loc"][0]) if err["loc"] else "body"
        if field in errors:
            continue
        info = model.model_fields.get(field)
        label = (info.title if info and info.title else field.replace("_", " ").capitalize()) if info else field
        kind = err["type"]
        if kind == "missing":
            errors[field] = f"{label} is required"
        elif kind in {"string_type", "int_type", "int_parsing", "bool_type", "bool_parsing"}:
            errors[field] = f"{label} is not valid"
        elif kind in {"string_too_long"}:
            errors[field] = f"{label} must be at most {err['ctx']['max_length']} characters long"
        elif kind in {"less_than_equal", "greater_than_equal", "less_than", "greater_than"}:
            errors[field] = f"{label} is out of range"
        elif kind == "literal_error":
            errors[field] = f"{label} must be one of {err['ctx']['expected']}"
        elif kind == "value_error":
            errors[field] = str(err["ctx"]["error"])
        else:
            errors[field] = err["msg"]
    return errors


def _invalid(exc: ValidationError, model: type[BaseModel]):
    errors = field_errors(exc, model)
    return error_response(400, next(iter(errors.values()), "Invalid request"), errors)


def parse_query(model: type[Query]) -> Query:
    """The query string read through a model, for pages and fragments; a bad field is a 400 naming it."""
    try:
        return model.model_validate(request.args.to_dict())
    except ValidationError as exc:
        field, message = next(iter(field_errors(exc, model).items()))
        raise ServiceError(message, field) from None


def operation(
    summary: str,
    *,
    body: type[BaseModel] | None = None,
    query: type[BaseModel] | None = None,
    response: type[BaseModel] | None = None,
    tag: str = "api",
    auth: str | None = None,
    max_body: int | None = None,
) -> Callable:
    """Document an API operation and validate its JSON body and/or query string (injected as `body=`, `query=`).

    A JSON body may be BODY_MAX_BYTES long unless `max_body` allows more (see app.api.inputs).
    """

    def decorate(view: Callable) -> Callable:
        @wraps(view)
        def wrapper(*args: Any, **kwargs: Any):
            if body is not None:
                payload = request.get_json() if request.is_json else None  # malformed JSON is a 400 of its own
                if not isinstance(payload, dict):
                    return error_response(400, "Request body must be a JSON object")
                try:
                    kwargs["body"] = body.model_validate(payload)
                except ValidationError as exc:
                    return _invalid(exc, body)
            if query is not None:
                try:
                    kwargs["query"] = query.model_validate(request.args.to_dict())
                except ValidationError as exc:
                    return _invalid(exc, query)
            return view(*args, **kwargs)

        wrapper.openapi = {
            "summary": summary,
            "body": body,
            "query": query,
            "response": response,
            "tag": tag,
            "auth": auth,
            "maxBody": max_body,
        }
        return wrapper

    return decorate

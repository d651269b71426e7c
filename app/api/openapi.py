"""/api/openapi.json, built from the operations' declarations (app.api.operations)."""

import re
from collections.abc import Iterator

from flask import Blueprint, current_app, jsonify
from pydantic import BaseModel

from app.api.operations import Operation, declared_operation
from app.api.schemas import ErrorOut

bp = Blueprint("openapi", __name__)

_PATH_PARAM = re.compile(r"<(?:[^:<>]+:)?([^<>]+)>")
_INT_PARAM = re.compile(r"<int:([^<>]+)>")
AUTH_TEXT = {None: "Anyone", "user": "Signed-in users", "admin": "Admins"}
ERROR_TEXT = {
    400: "Invalid input: the message, and errors naming each field at fault",
    401: "Not signed in",
    403: "Not allowed",
    404: "Not found",
    409: "Conflicts with what exists",
    413: "Request body too large",
    429: "Too many requests",
    502: "TikTok answered with an error",
    503: "Busy, or TikTok refused: try again later",
}


class _Components:
    def __init__(self) -> None:
        self.schemas: dict[str, dict] = {}

    def ref(self, model: type[BaseModel], mode: str = "serialization") -> dict:
        schema = model.model_json_schema(ref_template="#/components/schemas/{model}", mode=mode)  # type: ignore[arg-type]
        for name, definition in [*schema.pop("$defs", {}).items(), (model.__name__, schema)]:
            if self.schemas.setdefault(name, definition) != definition:
                raise ValueError(f"Two different API models are named {name}: rename one")
        return {"$ref": f"#/components/schemas/{model.__name__}"}


def _query_parameters(model: type[BaseModel]) -> list[dict]:
    schema = model.model_json_schema()
    required = set(schema.get("required", []))
    return [
        {"name": name, "in": "query", "required": name in required, "schema": prop}
        for name, prop in schema.get("properties", {}).items()
    ]


def _path_parameters(rule: str) -> list[dict]:
    numbers = set(_INT_PARAM.findall(rule))
    return [
        {"name": name, "in": "path", "required": True, "schema": {"type": "integer" if name in numbers else "string"}}
        for name in _PATH_PARAM.findall(rule)
    ]


def error_statuses(declared: Operation, has_path: bool) -> list[int]:
    """The refusals an operation documents: those its declaration implies, and those it names."""
    implied = set(declared.errors)
    if declared.body or declared.query or declared.form or has_path:
        implied.add(400)
    if declared.body or declared.form:
        implied.add(413)
    if declared.auth:
        implied.add(401)
    if declared.auth == "admin":
        implied.add(403)
    return sorted(implied)


def _responses(declared: Operation, components: _Components, has_path: bool) -> dict:
    if declared.file:
        media_types = (declared.file,) if isinstance(declared.file, str) else declared.file
        # A JSON file (an export) is a document to its reader; other files are bytes.
        content = {
            media: {
                "schema": {"type": "object"} if media == "application/json" else {"type": "string", "format": "binary"}
            }
            for media in media_types
        }
    else:
        assert declared.response is not None
        content = {"application/json": {"schema": components.ref(declared.response)}}
    responses: dict[str, dict] = {str(declared.status): {"description": "Success", "content": content}}
    error = {"application/json": {"schema": components.ref(ErrorOut)}}
    for status in error_statuses(declared, has_path):
        model = declared.errors.get(status)
        schema = {"application/json": {"schema": components.ref(model)}} if model else error
        responses[str(status)] = {"description": ERROR_TEXT.get(status, "Refused"), "content": schema}
    responses["default"] = {"description": "Any other refusal, in the same envelope", "content": error}
    return responses


def _request_body(declared: Operation, components: _Components) -> dict | None:
    if declared.body is not None:
        schema = components.ref(declared.body, mode="validation")
        return {"required": True, "content": {"application/json": {"schema": schema}}}
    if declared.form is not None:
        schema = components.ref(declared.form, mode="validation")
        return {"required": True, "content": {"multipart/form-data": {"schema": schema}}}
    return None


def _operation(endpoint: str, method: str, rule: str, declared: Operation, components: _Components) -> dict:
    op: dict = {
        "summary": declared.summary,
        "description": f"Who may call it: {AUTH_TEXT[declared.auth]}.",
        "tags": [declared.tag],
        "operationId": f"{endpoint}.{method}",
        "x-auth": declared.auth or "anyone",
    }
    params = _path_parameters(rule)
    if declared.query is not None:
        params += _query_parameters(declared.query)
    if params:
        op["parameters"] = params
    body = _request_body(declared, components)
    if body is not None:
        op["requestBody"] = body
    op["responses"] = _responses(declared, components, bool(_PATH_PARAM.search(rule)))
    if declared.auth:
        op["security"] = [{"cookieSession": []}, {"bearerToken": []}]
    return op


def declared_routes() -> Iterator[tuple[str, str, str, Operation]]:
    """(path, method, endpoint, declaration) of every declared operation, in path order."""
    found = []
    for rule in current_app.url_map.iter_rules():
        declared = declared_operation(current_app.view_functions.get(rule.endpoint))
        if declared is None:
            continue
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            found.append((rule.rule, method, rule.endpoint, declared))
    return iter(sorted(found, key=lambda row: (_PATH_PARAM.sub(r"{\1}", row[0]), row[1])))


def build_document() -> dict:
    """The OpenAPI 3.1 document of every declared API operation."""
    paths: dict[str, dict] = {}
    components = _Components()
    for rule, method, endpoint, declared in declared_routes():
        path = _PATH_PARAM.sub(r"{\1}", rule)
        paths.setdefault(path, {})[method.lower()] = _operation(endpoint, method, rule, declared, components)
    return {
        "openapi": "3.1.0",
        "info": {"title": f"{current_app.config['BRAND_NAME']} API", "version": "1"},
        "paths": paths,
        "components": {
            "schemas": dict(sorted(components.schemas.items())),
            "securitySchemes": {
                "cookieSession": {"type": "apiKey", "in": "cookie", "name": "session"},
                "bearerToken": {"type": "http", "scheme": "bearer"},
            },
        },
    }


@bp.get("/api/openapi.json")
def openapi_document():
    return jsonify(build_document())

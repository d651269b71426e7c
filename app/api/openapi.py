"""/api/openapi.json, built from the operations registered with `operation()`."""

import re

from flask import Blueprint, current_app, jsonify
from pydantic import BaseModel

bp = Blueprint("openapi", __name__)

_PATH_PARAM = re.compile(r"<(?:[^:<>]+:)?([^<>]+)>")


def _schema(model: type[BaseModel], components: dict) -> dict:
    schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
    for name, definition in schema.pop("$defs", {}).items():
        components[name] = definition
    components[model.__name__] = schema
    return {"$ref": f"#/components/schemas/{model.__name__}"}


def _query_parameters(model: type[BaseModel]) -> list[dict]:
    schema = model.model_json_schema()
    required = set(schema.get("required", []))
    return [
        {"name": name, "in": "query", "required": name in required, "schema": prop}
        for name, prop in schema.get("properties", {}).items()
    ]


def build_document() -> dict:
    """The OpenAPI 3.1 document of every documented API route."""
    paths: dict[str, dict] = {}
    components: dict[str, dict] = {}
    for rule in current_app.url_map.iter_rules():
        meta = getattr(current_app.view_functions.get(rule.endpoint), "openapi", None)
        if meta is None:
            continue
        path = _PATH_PARAM.sub(r"{\1}", rule.rule)
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            op: dict = {"summary": meta["summary"], "tags": [meta["tag"]], "operationId": f"{rule.endpoint}.{method}"}
            params = [{"name": n, "in": "path", "required": True, "schema": {"type": "string"}} for n in rule.arguments]
            if meta["query"] is not None:
                params += _query_parameters(meta["query"])
            if params:
                op["parameters"] = params
            if meta["body"] is not None:
                op["requestBody"] = {
                    "required": True,
                    "content": {"application/json": {"schema": _schema(meta["body"], components)}},
                }
            ok = {"description": "Success"}
            if meta["response"] is not None:
                ok["content"] = {"application/json": {"schema": _schema(meta["response"], components)}}
            op["responses"] = {"200": ok, "400": {"description": "Invalid input: {success, message, errors}"}}
            if meta["auth"]:
                op["security"] = [{"cookieSession": []}, {"bearerToken": []}]
                op["responses"]["401"] = {"description": "Not signed in"}
                if meta["auth"] == "admin":
                    op["responses"]["403"] = {"description": "Admins only"}
            paths.setdefault(path, {})[method.lower()] = op
    return {
        "openapi": "3.1.0",
        "info": {"title": f"{current_app.config['BRAND_NAME']} API", "version": "1"},
        "paths": dict(sorted(paths.items())),
        "components": {
            "schemas": components,
            "securitySchemes": {
                "cookieSession": {"type": "apiKey", "in": "cookie", "name": "session"},
                "bearerToken": {"type": "http", "scheme": "bearer"},
            },
        },
    }


@bp.get("/api/openapi.json")
def openapi_document():
    return jsonify(build_document())

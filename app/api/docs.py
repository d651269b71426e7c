"""/api/docs: the API's reference, read from the same document as /api/openapi.json and served as a page of the
site (no script, no third-party host)."""

import json
from dataclasses import dataclass, field

from flask import Blueprint, render_template
from markupsafe import Markup, escape

from app.api.openapi import AUTH_TEXT, build_document
from app.services.cache import PAGE_SECONDS, cached_response

bp = Blueprint("api_docs", __name__)

REF_PREFIX = "#/components/schemas/"


@dataclass
class Property:
    name: str
    type: Markup
    required: bool
    note: str = ""


@dataclass
class Model:
    name: str
    note: str
    fields: list[Property]


@dataclass
class Answer:
    status: str
    note: str
    model: str | None
    media_type: str


@dataclass
class Call:
    method: str
    path: str
    summary: str
    who: str
    anchor: str
    parameters: list[Property] = field(default_factory=list)
    body: str | None = None
    body_type: str = ""
    answers: list[Answer] = field(default_factory=list)


def type_text(schema: dict) -> Markup:
    """A JSON schema as a reader says it: `string`, `list of VideoOut`, `integer or null`, `one of a, b`; each
    model it names links to that model."""
    if "$ref" in schema:
        name = schema["$ref"].removeprefix(REF_PREFIX)
        return Markup('<a href="#model-{0}">{0}</a>').format(name)
    if "anyOf" in schema:
        return Markup(" or ").join(type_text(option) for option in schema["anyOf"])
    if "enum" in schema:
        return escape("one of " + ", ".join(json.dumps(value) for value in schema["enum"]))
    if "const" in schema:
        return escape(json.dumps(schema["const"]))
    kind = schema.get("type", "any")
    if kind == "array":
        return Markup("list of ") + type_text(schema.get("items", {}))
    if kind == "object" and "additionalProperties" in schema:
        return Markup("map of ") + type_text(schema["additionalProperties"])
    if schema.get("format") == "binary":
        return escape("file")
    return escape(kind)


def _limits(schema: dict) -> str:
    bounds = [
        f"{label} {schema[key]}"
        for key, label in (("minimum", "≥"), ("maximum", "≤"), ("minLength", "length ≥"), ("maxLength", "length ≤"))
        if key in schema
    ]
    if "default" in schema and schema["default"] not in (None, ""):
        bounds.append(f"default {json.dumps(schema['default'])}")
    return ", ".join(bounds)


def _fields(schema: dict) -> list[Property]:
    required = set(schema.get("required", []))
    return [
        Property(name, type_text(prop), name in required, prop.get("description") or _limits(prop))
        for name, prop in schema.get("properties", {}).items()
    ]


def _model(content: dict) -> tuple[str | None, str]:
    for media_type, entry in content.items():
        schema = entry.get("schema", {})
        return (schema["$ref"].removeprefix(REF_PREFIX) if "$ref" in schema else None), media_type
    return None, ""


def _call(path: str, method: str, op: dict) -> Call:
    call = Call(
        method.upper(),
        path,
        op["summary"],
        AUTH_TEXT[None if op["x-auth"] == "anyone" else op["x-auth"]],
        op["operationId"].replace(".", "-"),
    )
    call.parameters = [
        Property(
            p["name"], Markup("{}: {}").format(p["in"], type_text(p["schema"])), p["required"], _limits(p["schema"])
        )
        for p in op.get("parameters", [])
    ]
    if "requestBody" in op:
        call.body, call.body_type = _model(op["requestBody"]["content"])
    for status, answer in op["responses"].items():
        model, media_type = _model(answer.get("content", {}))
        call.answers.append(Answer(status, answer["description"], model, media_type))
    return call


def reference() -> tuple[dict[str, list[Call]], list[Model]]:
    """The operations grouped by tag, and every model they read or answer."""
    document = build_document()
    groups: dict[str, list[Call]] = {}
    for path, methods in document["paths"].items():
        for method, op in methods.items():
            groups.setdefault(op["tags"][0], []).append(_call(path, method, op))
    models = [
        Model(name, schema.get("description", ""), _fields(schema))
        for name, schema in document["components"]["schemas"].items()
    ]
    return dict(sorted(groups.items())), models


@bp.get("/api/docs")
@cached_response(PAGE_SECONDS, visitor_only=True)
def api_docs():
    groups, models = reference()
    return render_template("pages/api_docs.html", groups=groups, models=models)

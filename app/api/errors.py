"""One JSON error envelope for the API, content-negotiated with HTML error pages."""

from flask import Flask, jsonify, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from app.services.errors import ServiceError

CSRF_MESSAGE = "Your session has expired. Reload the page and try again."
RATE_LIMIT_MESSAGE = "Too many requests. Please wait a moment and try again."


def error_response(status: int, message: str, errors: dict[str, str] | None = None, **extra):
    """`{success: false, message, errors?}` with the given status."""
    body = {"success": False, "message": message, **extra}
    if errors:
        body["errors"] = errors
    return jsonify(body), status


def wants_json() -> bool:
    """API calls and htmx fragments get the JSON envelope (htmx shows its message); pages get an HTML page."""
    return (
        request.path.startswith("/api/")
        or bool(request.headers.get("HX-Request"))
        or request.accept_mimetypes.best == "application/json"
    )


def _http_error(exc: HTTPException):
    if isinstance(exc, CSRFError):
        message = CSRF_MESSAGE
    elif exc.code == 429:
        message = RATE_LIMIT_MESSAGE
    else:
        message = exc.description or exc.name
    if wants_json():
        response, status = error_response(exc.code or 500, message)
    else:
        response = render_template("errors/error.html", code=exc.code, title=exc.name, message=message)
        status = exc.code or 500
    if exc.code == 429 and getattr(exc, "retry_after", None):
        return response, status, {"Retry-After": str(exc.retry_after)}
    return response, status


def _service_error(exc: ServiceError):
    if wants_json():
        errors = {exc.field: exc.message} if exc.field else None
        return error_response(exc.status, exc.message, errors, **exc.extra)
    return render_template("errors/error.html", code=exc.status, title="Error", message=exc.message), exc.status


def _unexpected_error(exc: Exception):
    if isinstance(exc, HTTPException):
        return _http_error(exc)
    from flask import current_app

    current_app.logger.exception("Unhandled error on %s %s", request.method, request.path)
    message = "Something went wrong on our side. Please try again."
    if wants_json():
        return error_response(500, message)
    return render_template("errors/error.html", code=500, title="Server error", message=message), 500


def register_error_handlers(app: Flask) -> None:
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(ServiceError, _service_error)
    if not app.testing:
        app.register_error_handler(Exception, _unexpected_error)

"""One JSON error envelope for the API, content-negotiated with HTML error pages."""

from flask import Flask, Response, current_app, jsonify, render_template, request
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import OperationalError, SQLAlchemyError
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge, SecurityError

from app.extensions import db
from app.i18n import N_
from app.services.errors import ServiceError

CSRF_MESSAGE = N_("Your session has expired. Reload the page and try again.")
RATE_LIMIT_MESSAGE = N_("Too many requests. Please wait a moment and try again.")
DATABASE_BUSY_MESSAGE = N_("The site is busy right now. Please try again in a moment.")
DATABASE_RETRY_AFTER = 5
UNTRUSTED_HOST_MESSAGE = N_("This site is not served under that host name.")


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


def _size(limit: int) -> str:
    return f"{limit // 2**20} MB" if limit % 2**20 == 0 else f"{limit // 2**10} KB"


def too_large_message(limit: int) -> str:
    return f"Request body is too large: at most {_size(limit)} is accepted here"


def _message(exc: HTTPException) -> str:
    if isinstance(exc, CSRFError):
        return CSRF_MESSAGE
    if exc.code == 429:
        return RATE_LIMIT_MESSAGE
    if isinstance(exc, RequestEntityTooLarge) and request.max_content_length:
        return too_large_message(request.max_content_length)
    return exc.description or exc.name


def _headers(exc: HTTPException) -> dict[str, str]:
    """The headers the exception itself carries (Allow on a 405, Retry-After on a 429), not its content type."""
    return {name: value for name, value in exc.get_headers() if name.lower() != "content-type"}


def _http_error(exc: HTTPException):
    message = _message(exc)
    status = exc.code or 500
    if wants_json():
        response, _ = error_response(status, message)
    else:
        response = render_template("errors/error.html", code=exc.code, title=exc.name, message=message)
    return response, status, _headers(exc)


def _service_error(exc: ServiceError):
    if wants_json():
        return error_response(exc.status, exc.message, exc.field_errors(), **exc.extra)
    return render_template("errors/error.html", code=exc.status, title=N_("Error"), message=exc.message), exc.status


def _unexpected_error(exc: Exception):
    if isinstance(exc, HTTPException):
        return _http_error(exc)
    current_app.logger.exception("Unhandled error on %s %s", request.method, request.path)
    message = N_("Something went wrong on our side. Please try again.")
    if wants_json():
        return error_response(500, message)
    return render_template("errors/error.html", code=500, title=N_("Server error"), message=message), 500


def _is_transient(exc: OperationalError) -> bool:
    """A locked SQLite database or a connection the database dropped: worth retrying, not a bug."""
    return exc.connection_invalidated or "database is locked" in str(exc.orig)


def _database_unavailable(exc: OperationalError):
    db.session.rollback()
    if not _is_transient(exc):
        raise exc
    current_app.logger.warning("Database unavailable on %s %s: %s", request.method, request.path, exc.orig)
    headers = {"Retry-After": str(DATABASE_RETRY_AFTER)}
    if wants_json():
        response, _ = error_response(503, DATABASE_BUSY_MESSAGE)
        return response, 503, headers
    page: str | Response
    try:
        page = render_template("errors/error.html", code=503, title=N_("Busy"), message=DATABASE_BUSY_MESSAGE)
    except SQLAlchemyError:  # the page's shell reads the database too
        db.session.rollback()
        page = Response(DATABASE_BUSY_MESSAGE, mimetype="text/plain")
    return page, 503, headers


def _untrusted_host(exc: SecurityError):
    # No page can be built for a host the site does not serve: its URLs cannot even be resolved.
    return Response(UNTRUSTED_HOST_MESSAGE, status=400, mimetype="text/plain")


def register_error_handlers(app: Flask) -> None:
    app.register_error_handler(SecurityError, _untrusted_host)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(ServiceError, _service_error)
    app.register_error_handler(OperationalError, _database_unavailable)
    if not app.testing:
        app.register_error_handler(Exception, _unexpected_error)

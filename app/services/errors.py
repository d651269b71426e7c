"""Errors a use case raises; the API and pages turn them into responses."""


class ServiceError(Exception):
    """A refusal with a user-facing message, an HTTP status and optionally the field at fault."""

    status = 400

    def __init__(self, message: str, field: str | None = None, status: int | None = None, **extra) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.extra = extra  # more fields for the JSON envelope, e.g. twoFactorRequired
        if status is not None:
            self.status = status

    def field_errors(self) -> dict[str, str] | None:
        """`{field: message}` for the JSON envelope's `errors`, when a field is at fault."""
        return {self.field: self.message} if self.field else None


class NotFound(ServiceError):
    status = 404


class Conflict(ServiceError):
    status = 409


class Forbidden(ServiceError):
    status = 403


class Unauthorized(ServiceError):
    status = 401

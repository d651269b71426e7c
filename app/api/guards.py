"""API guards: who may call an operation. Answers 401/403 in the JSON envelope."""

from functools import wraps

from flask_login import current_user

from app.services.errors import Forbidden, Unauthorized


def signed_in(view):
    """Only a signed-in user (cookie session or bearer token)."""

    @wraps(view)
    def guarded(*args, **kwargs):
        if not current_user.is_authenticated:
            raise Unauthorized("Authentication required")
        return view(*args, **kwargs)

    return guarded


def admin_only(view):
    """Only an admin; checked on the server for every admin call."""

    @wraps(view)
    def guarded(*args, **kwargs):
        if not current_user.is_authenticated:
            raise Unauthorized("Authentication required")
        if not current_user.is_admin:
            raise Forbidden("Admins only")
        return view(*args, **kwargs)

    return guarded

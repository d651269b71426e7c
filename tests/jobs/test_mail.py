"""E-mail is written and sent by a real worker, never within the request."""

import re

import pytest

from tests.conftest import DEFAULT_PASSWORD

pytestmark = pytest.mark.jobs


def test_the_worker_mails_the_reset_link_and_the_registration_link(api, user, run_worker):
    api.post("/api/auth/forgot-password", {"email": "dancer@example.com"})
    api.post("/api/auth/register", {"username": "newbie", "email": "newbie@example.com", "password": DEFAULT_PASSWORD})
    log = run_worker("maintenance").stderr
    reset, registration = (log.index(f"E-mail to {to}") for to in ("dancer@example.com", "newbie@example.com"))
    assert re.match(r"[^\[]*http://localhost/reset-password/\S+", log[reset:])
    assert re.match(r"[^\[]*http://localhost/register/confirm/\S+", log[registration:])

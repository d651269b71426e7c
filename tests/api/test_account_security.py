"""Privacy, username redirects, two-factor sign-in and password resets."""

import re
from datetime import timedelta

import pyotp
import pytest
from sqlalchemy import select

from app.extensions import db
from app.models import PasswordReset
from app.services import mailer
from tests.conftest import DEFAULT_PASSWORD


def test_privacy_settings(api, user):
    api.login("dancer@example.com")
    body = api.put("/api/auth/privacy", {"profileVisibility": "private", "emailNotifications": False}).get_json()
    assert body["message"] == "Privacy settings saved"
    assert (body["user"]["profileVisibility"], body["user"]["emailNotifications"]) == ("private", False)
    assert api.get("/api/users?search=dancer").get_json() == []
    bad = api.put("/api/auth/privacy", {"profileVisibility": "everyone", "emailNotifications": True})
    assert bad.status_code == 400


def test_old_profile_address_redirects_after_a_rename(api, client, user, make_user):
    api.login("dancer@example.com")
    api.put("/api/auth/profile", {"username": "dancer_pro", "email": "dancer@example.com", "bio": ""})
    response = client.get("/profile/Dancer")
    assert response.status_code == 302
    assert response.headers["Location"].endswith("/profile/dancer_pro")
    make_user("dancer", email="new@example.com")
    assert client.get("/profile/dancer").status_code == 200


# ---- two-factor ------------------------------------------------------------------------------------


def enable_two_factor(api) -> tuple[str, list[str]]:
    setup = api.post("/api/auth/2fa/setup").get_json()
    assert setup["otpauthUrl"].startswith("otpauth://totp/")
    assert setup["qrSvg"].startswith("<svg") and 'xmlns="http://www.w3.org/2000/svg"' in setup["qrSvg"]
    assert api.post("/api/auth/2fa/enable", {"code": "000000"}).get_json()["errors"] == {"code": "Invalid code"}
    enabled = api.post("/api/auth/2fa/enable", {"code": pyotp.TOTP(setup["secret"]).now()}).get_json()
    assert len(enabled["recoveryCodes"]) == 10
    return setup["secret"], enabled["recoveryCodes"]


def test_two_factor_login(app, api, user):
    api.login("dancer@example.com")
    secret, _ = enable_two_factor(api)
    assert api.get("/api/auth/me").get_json()["user"]["twoFactorEnabled"] is True

    fresh = type(api)(app.test_client())
    asked = fresh.login("dancer@example.com")
    assert asked.status_code == 401
    assert asked.get_json()["twoFactorRequired"] is True
    assert asked.get_json()["message"] == "Enter the 6-digit code from your authenticator app"
    wrong = fresh.post(
        "/api/auth/login", {"email": "dancer@example.com", "password": DEFAULT_PASSWORD, "code": "123456"}
    )
    assert (wrong.status_code, wrong.get_json()["message"]) == (401, "Invalid code")
    good = fresh.post(
        "/api/auth/login",
        {"email": "dancer@example.com", "password": DEFAULT_PASSWORD, "code": pyotp.TOTP(secret).now()},
    )
    assert good.status_code == 200


def test_recovery_codes_work_once(app, api, user):
    api.login("dancer@example.com")
    _, recovery = enable_two_factor(api)
    body = {"email": "dancer@example.com", "password": DEFAULT_PASSWORD, "code": recovery[0].upper()}
    assert type(api)(app.test_client()).post("/api/auth/login", body).status_code == 200
    assert type(api)(app.test_client()).post("/api/auth/login", body).status_code == 401


def test_two_factor_can_be_turned_off_with_the_password(app, api, user):
    api.login("dancer@example.com")
    enable_two_factor(api)
    assert api.post("/api/auth/2fa/disable", {"password": "wrong-one"}).status_code == 400
    assert api.post("/api/auth/2fa/disable", {"password": DEFAULT_PASSWORD}).status_code == 200
    assert type(api)(app.test_client()).login("dancer@example.com").status_code == 200


# ---- password reset -------------------------------------------------------------------------------


@pytest.fixture
def outbox(monkeypatch):
    sent = []
    monkeypatch.setattr("app.services.password_reset.send_mail", lambda *args: sent.append(args))
    return sent


def reset_link(outbox) -> str:
    ((_, _, body),) = outbox
    return re.search(r"http://localhost(/reset-password/\S+)", body).group(1)


def test_forgot_password_mails_a_link_that_works_once(app, api, client, user, outbox):
    other_device = type(api)(app.test_client())
    other_device.login("dancer@example.com")
    answer = api.post("/api/auth/forgot-password", {"email": "DANCER@example.com"}).get_json()
    assert answer["message"].startswith("If an account exists")
    link = reset_link(outbox)
    assert "Choose a new password" in client.get(link).get_data(as_text=True)
    page = client.get(link).get_data(as_text=True)
    token_field = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    mismatch = client.post(link, data={"password": "brand-new", "confirm": "other", "csrf_token": token_field})
    assert mismatch.status_code == 422 and "Passwords do not match" in mismatch.get_data(as_text=True)
    done = client.post(link, data={"password": "brand-new", "confirm": "brand-new", "csrf_token": token_field})
    assert "Your password has been changed" in done.get_data(as_text=True)
    assert other_device.get("/api/auth/me").get_json() == {"user": None}
    assert api.login("dancer@example.com", "brand-new").status_code == 200
    assert client.get(link).status_code == 400


def test_forgot_password_answers_the_same_for_unknown_addresses(api, outbox):
    answer = api.post("/api/auth/forgot-password", {"email": "nobody@example.com"}).get_json()
    assert answer["message"].startswith("If an account exists")
    assert outbox == []


def test_reset_links_expire(api, client, user, outbox):
    api.post("/api/auth/forgot-password", {"email": "dancer@example.com"})
    link = reset_link(outbox)
    reset = db.session.scalar(select(PasswordReset))
    reset.expires_at = reset.expires_at - timedelta(hours=2)
    db.session.commit()
    response = client.get(link)
    assert response.status_code == 400
    assert "invalid or has expired" in response.get_data(as_text=True)


def test_mail_goes_through_smtp_when_configured(app, monkeypatch):
    sent = []

    class FakeSMTP:
        def __init__(self, host, port, timeout):
            sent.append(("connect", host, port))

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def starttls(self):
            sent.append(("starttls",))

        def login(self, username, password):
            sent.append(("login", username))

        def send_message(self, message):
            sent.append(("send", message["To"], message["Subject"]))

    monkeypatch.setattr(mailer.smtplib, "SMTP", FakeSMTP)
    monkeypatch.setitem(app.config, "SMTP_HOST", "smtp.example.com")
    monkeypatch.setitem(app.config, "SMTP_USERNAME", "mailer")
    mailer.send_mail("a@example.com", "Hi", "Body")
    assert sent == [
        ("connect", "smtp.example.com", 587),
        ("starttls",),
        ("login", "mailer"),
        ("send", "a@example.com", "Hi"),
    ]

"""Privacy, username redirects, two-factor sign-in and password resets."""

import re
from datetime import UTC, datetime, timedelta

import pyotp
from sqlalchemy import event, func, select, update
from sqlalchemy.exc import OperationalError

from app.extensions import db
from app.models import PasswordReset, RecoveryCode, User
from app.models.types import utcnow
from app.services import mailer, two_factor
from tests.api.test_sessions import credentials_of, none_signs_in
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


def enable_two_factor(api, at: datetime | None = None) -> tuple[str, list[str]]:
    setup = api.post("/api/auth/2fa/setup").get_json()
    assert setup["otpauthUrl"].startswith("otpauth://totp/")
    assert setup["qrSvg"].startswith("<svg") and 'xmlns="http://www.w3.org/2000/svg"' in setup["qrSvg"]
    wrong = api.post("/api/auth/2fa/enable", {"code": "000000", "password": DEFAULT_PASSWORD}).get_json()
    assert wrong["errors"] == {"code": "Invalid code"}
    code = pyotp.TOTP(setup["secret"]).at(at or datetime.now(UTC))
    enabled = api.post("/api/auth/2fa/enable", {"code": code, "password": DEFAULT_PASSWORD}).get_json()
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
        {"email": "dancer@example.com", "password": DEFAULT_PASSWORD, "code": next_code(secret)},
    )
    assert good.status_code == 200


def next_code(secret: str) -> str:
    """The app's code for the next time step (accepted for clock drift), unlike the one used to turn 2FA on."""
    return pyotp.TOTP(secret).at(datetime.now(UTC) + timedelta(seconds=30))


def test_a_used_code_is_refused_for_the_rest_of_its_window(app, api, user):
    api.login("dancer@example.com")
    secret, _ = enable_two_factor(api)
    body = {"email": "dancer@example.com", "password": DEFAULT_PASSWORD, "code": next_code(secret)}
    assert type(api)(app.test_client()).post("/api/auth/login", body).status_code == 200
    replayed = type(api)(app.test_client()).post("/api/auth/login", body)
    assert (replayed.status_code, replayed.get_json()["message"]) == (401, "Invalid code")
    now = {**body, "code": pyotp.TOTP(secret).now()}
    assert type(api)(app.test_client()).post("/api/auth/login", now).status_code == 401, "older than the last one"


def test_the_code_that_turned_two_factor_on_cannot_sign_in(app, api, user):
    api.login("dancer@example.com")
    enabled_at = datetime.now(UTC)
    secret, _ = enable_two_factor(api, at=enabled_at)
    body = {"email": "dancer@example.com", "password": DEFAULT_PASSWORD, "code": pyotp.TOTP(secret).at(enabled_at)}
    assert type(api)(app.test_client()).post("/api/auth/login", body).status_code == 401


# ---- what a stolen token alone cannot do ------------------------------------------------------------


def bearer(api, email: str = "dancer@example.com") -> dict:
    return {"Authorization": f"Bearer {api.login(email).get_json()['token']}"}


def test_a_token_alone_cannot_change_the_email(app, api, user):
    headers = bearer(api)
    thief = app.test_client()
    new_email = {"username": "dancer", "email": "thief@example.com", "bio": ""}
    refused = thief.put("/api/auth/profile", json=new_email, headers=headers)
    assert refused.status_code == 400
    assert refused.get_json()["errors"] == {"currentPassword": "Current password is required"}
    wrong = thief.put("/api/auth/profile", json={**new_email, "currentPassword": "guess-one"}, headers=headers)
    assert wrong.get_json()["errors"] == {"currentPassword": "Current password is incorrect"}
    assert db.session.get(User, user.id).email == "dancer@example.com"
    same_email = {"username": "dancer", "email": "dancer@example.com", "bio": "no password for the bio"}
    assert thief.put("/api/auth/profile", json=same_email, headers=headers).status_code == 200
    owner = thief.put("/api/auth/profile", json={**new_email, "currentPassword": DEFAULT_PASSWORD}, headers=headers)
    assert owner.get_json()["user"]["pendingEmail"] == "thief@example.com", "and then only by the link mailed to it"


def test_a_token_alone_cannot_turn_two_factor_on_or_off(app, api, user):
    headers = bearer(api)
    thief = app.test_client()
    setup = thief.post("/api/auth/2fa/setup", headers=headers).get_json()
    code = pyotp.TOTP(setup["secret"]).now()
    refused = thief.post("/api/auth/2fa/enable", json={"code": code}, headers=headers)
    assert (refused.status_code, refused.get_json()["errors"]) == (400, {"password": "Password is required"})
    wrong = thief.post("/api/auth/2fa/enable", json={"code": code, "password": "guess-one"}, headers=headers)
    assert wrong.get_json()["errors"] == {"password": "Password is incorrect"}
    assert db.session.get(User, user.id).totp_enabled is False
    assert thief.post("/api/auth/2fa/disable", json={}, headers=headers).status_code == 400


def test_a_token_alone_cannot_delete_the_account(app, api, user):
    headers = bearer(api)
    thief = app.test_client()
    refused = thief.delete("/api/auth/account", headers=headers, json={})
    assert (refused.status_code, refused.get_json()["errors"]) == (400, {"password": "Password is required"})
    wrong = thief.delete("/api/auth/account", headers=headers, json={"password": "guess-one"})
    assert wrong.get_json()["errors"] == {"password": "Password is incorrect"}
    assert db.session.get(User, user.id) is not None
    assert thief.delete("/api/auth/account", headers=headers, json={"password": DEFAULT_PASSWORD}).status_code == 200
    assert db.session.get(User, user.id) is None


def test_recovery_codes_work_once(app, api, user):
    api.login("dancer@example.com")
    _, recovery = enable_two_factor(api)
    body = {"email": "dancer@example.com", "password": DEFAULT_PASSWORD, "code": recovery[0].upper()}
    assert type(api)(app.test_client()).post("/api/auth/login", body).status_code == 200
    assert type(api)(app.test_client()).post("/api/auth/login", body).status_code == 401


def test_a_recovery_code_raced_by_two_sign_ins_signs_in_only_one(app, api, user):
    """Another sign-in with the same code lands between this one's finding the code and its using it up: of the two,
    only one may sign in."""
    api.login("dancer@example.com")
    _, recovery = enable_two_factor(api)
    code_hash = two_factor._hash(recovery[0])
    other_won: list[bool] = []
    other_started: list[bool] = []

    def other_sign_in_claims_the_code(connection, cursor, statement, *_):
        if other_started or "recovery_codes" not in statement:
            return
        other_started.append(True)  # once, and not again for its own statements
        with db.engine.connect() as other:
            # The other sign-in waits a moment at most for a row this one holds, then gives up.
            other.exec_driver_sql(
                "SET lock_timeout = '200ms'" if other.dialect.name == "postgresql" else "PRAGMA busy_timeout = 200"
            )
            try:
                claimed = other.execute(
                    update(RecoveryCode)
                    .where(RecoveryCode.code_hash == code_hash, RecoveryCode.used_at.is_(None))
                    .values(used_at=utcnow())
                )
                other.commit()
                other_won.append(claimed.rowcount == 1)
            except OperationalError:
                other_won.append(False)
            finally:
                other.invalidate()  # not back to the pool with its short wait: later tests would inherit it

    event.listen(db.engine, "after_cursor_execute", other_sign_in_claims_the_code)
    try:
        this_won = two_factor.verify_login_code(db.session.get(User, user.id), recovery[0])
    finally:
        event.remove(db.engine, "after_cursor_execute", other_sign_in_claims_the_code)
    assert other_won, "the other sign-in ran"
    assert [this_won, *other_won].count(True) == 1


def test_two_factor_can_be_turned_off_with_the_password(app, api, user):
    api.login("dancer@example.com")
    enable_two_factor(api)
    assert api.post("/api/auth/2fa/disable", {"password": "wrong-one"}).status_code == 400
    assert api.post("/api/auth/2fa/disable", {"password": DEFAULT_PASSWORD}).status_code == 200
    assert type(api)(app.test_client()).login("dancer@example.com").status_code == 200


# ---- password reset -------------------------------------------------------------------------------


def reset_link(outbox) -> str:
    """The link of the one e-mail the queued jobs send."""
    ((_, _, body),) = outbox.deliver()
    outbox.clear()
    return re.search(r"http://localhost(/reset-password/\S+)", body).group(1)


def choose_password(client, link: str, password: str):
    page = client.get(link).get_data(as_text=True)
    token_field = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    return client.post(link, data={"password": password, "confirm": password, "csrf_token": token_field})


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


def test_the_reset_mail_is_written_in_the_language_of_the_page_that_asked(api, user, outbox):
    api.post("/api/auth/forgot-password", {"email": "dancer@example.com"}, headers={"Accept-Language": "vi"})
    ((_, subject, body),) = outbox.deliver()
    assert subject == "Đặt lại mật khẩu Danza"
    assert body.startswith("Xin chào dancer,") and "/reset-password/" in body


def test_forgot_password_answers_the_same_for_unknown_addresses(api, user, outbox, monkeypatch):
    """The request only queues the job that looks the address up, so neither its answer, nor its time, nor
    an SMTP failure can tell a real account from a made-up one."""
    monkeypatch.setattr("app.services.mailer.smtplib.SMTP", None)  # any mail sent within the request would fail
    known = api.post("/api/auth/forgot-password", {"email": "dancer@example.com"})
    unknown = api.post("/api/auth/forgot-password", {"email": "nobody@example.com"})
    assert (known.status_code, known.get_json()) == (unknown.status_code, unknown.get_json())
    assert known.get_json()["message"].startswith("If an account exists")
    assert outbox == [], "nothing is mailed within the request"
    assert [to for to, _, _ in outbox.deliver()] == ["dancer@example.com"]


def test_forgot_password_refuses_what_is_not_an_email_address(api, outbox):
    refused = api.post("/api/auth/forgot-password", {"email": "not-an-email"})
    assert refused.status_code == 400
    assert refused.get_json()["errors"] == {"email": "Please enter a valid email address"}
    assert outbox.deliver() == [], "no job queued for it"


def test_only_the_newest_reset_link_works(api, client, user, outbox):
    api.post("/api/auth/forgot-password", {"email": "dancer@example.com"})
    first = reset_link(outbox)
    api.post("/api/auth/forgot-password", {"email": "dancer@example.com"})
    second = reset_link(outbox)
    assert client.get(first).status_code == 400
    assert client.get(second).status_code == 200


def test_a_used_link_ends_every_other_link(api, client, user, outbox):
    api.post("/api/auth/forgot-password", {"email": "dancer@example.com"})
    link = reset_link(outbox)
    leftover = PasswordReset(token_hash="0" * 64, user_id=user.id, expires_at=utcnow() + timedelta(hours=1))
    db.session.add(leftover)
    db.session.commit()
    assert "Your password has been changed" in choose_password(client, link, "brand-new").get_data(as_text=True)
    assert db.session.scalar(select(func.count()).select_from(PasswordReset)) == 0


def test_a_password_change_ends_the_reset_links(api, client, user, outbox):
    api.post("/api/auth/forgot-password", {"email": "dancer@example.com"})
    link = reset_link(outbox)
    api.login("dancer@example.com")
    api.put("/api/auth/password", {"currentPassword": DEFAULT_PASSWORD, "newPassword": "brand-new"})
    assert client.get(link).status_code == 400


def test_a_reset_by_link_ends_every_sign_in_and_token(app, api, client, user, outbox):
    stolen = credentials_of(app, "dancer@example.com")
    api.post("/api/auth/forgot-password", {"email": "dancer@example.com"})
    choose_password(client, reset_link(outbox), "brand-new")
    assert none_signs_in(app, stolen)


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
    mailer.deliver("a@example.com", "Hi", "Body")
    assert sent == [
        ("connect", "smtp.example.com", 587),
        ("starttls",),
        ("login", "mailer"),
        ("send", "a@example.com", "Hi"),
    ]

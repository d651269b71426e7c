"""Spec §7 "Auth and users": every call, every §5/§8 message, bad input answered 400 with field messages."""

import pytest

from app.extensions import db
from app.models import Creator, Follow, Playlist, User
from app.services import registration
from tests.conftest import DEFAULT_PASSWORD, ApiClient


def register(api, username="newbie", email="newbie@example.com", password=DEFAULT_PASSWORD):
    return api.post("/api/auth/register", {"username": username, "email": email, "password": password})


def test_register_asks_to_open_the_mailed_link_and_signs_nobody_in_yet(api):
    response = register(api)
    assert response.status_code == 202
    body = response.get_json()
    assert body == {
        "success": True,
        "pending": True,
        "message": registration.LINK_SENT.format(email="newbie@example.com"),
    }
    assert api.get("/api/auth/me").get_json() == {"user": None}
    assert db.session.scalar(db.select(User).filter_by(username="newbie")) is None


@pytest.mark.parametrize(
    ("username", "message"),
    [
        ("has space", "Username cannot contain spaces"),
        (" lead", "Username cannot contain spaces"),
        ("bad-name!", "Username can only contain letters, numbers, and underscores"),
        ("ab", "Username must be at least 3 characters long"),
        ("", "Username is required"),
        ("a" * 31, "Username must be at most 30 characters long"),
    ],
)
def test_register_rejects_bad_usernames_with_the_spec_message(api, username, message):
    response = register(api, username=username)
    assert response.status_code == 400
    body = response.get_json()
    assert body["success"] is False
    assert body["message"] == message
    assert body["errors"] == {"username": message}


@pytest.mark.parametrize(
    ("payload", "field", "message"),
    [
        (
            {"username": "okname", "email": "okname@example.com", "password": "12345"},
            "password",
            "Password must be at least 6 characters long",
        ),
        (
            {"username": "okname", "email": "not-an-email", "password": "secret1"},
            "email",
            "Please enter a valid email address",
        ),
        ({"username": "okname", "password": "secret1"}, "email", "Email is required"),
        ({"email": "a@example.com", "password": "secret1"}, "username", "Username is required"),
        ({"username": "okname", "email": "okname@example.com"}, "password", "Password is required"),
        ({"username": 5, "email": "okname@example.com", "password": "secret1"}, "username", "Username is not valid"),
    ],
)
def test_register_rejects_bad_fields(api, payload, field, message):
    response = api.post("/api/auth/register", payload)
    assert response.status_code == 400
    assert response.get_json()["errors"][field] == message


def test_register_refuses_a_taken_username_whatever_its_case(api, user):
    response = register(api, username="DANCER", email="other@example.com")
    assert response.status_code == 409
    assert response.get_json()["errors"] == {"username": "Username already exists"}


@pytest.mark.parametrize("body", [None, [], "text", 42])
def test_auth_calls_refuse_bodies_that_are_not_objects(api, body):
    for path in ("/api/auth/register", "/api/auth/login"):
        response = api.client.post(
            path,
            data="{" if body is None else __import__("json").dumps(body),
            content_type="application/json",
            headers={"X-CSRFToken": api.csrf_token or api.refresh_csrf()},
        )
        assert response.status_code == 400
        expected = "Request body is not valid JSON" if body is None else "Request body must be a JSON object"
        assert response.get_json()["message"] == expected


def test_login_with_good_credentials_starts_a_session(api, user):
    response = api.login("dancer@example.com")
    assert response.status_code == 200
    body = response.get_json()
    assert body["user"]["username"] == "dancer"
    assert body["token"] and body["csrfToken"]
    assert api.get("/api/auth/me").get_json()["user"]["email"] == "dancer@example.com"


def test_login_email_is_case_insensitive(api, user):
    assert api.login("  DANCER@example.com ".strip()).status_code == 200


@pytest.mark.parametrize(("email", "password"), [("dancer@example.com", "wrong-pass"), ("nobody@example.com", "x" * 8)])
def test_login_failure_has_one_message(api, user, email, password):
    response = api.login(email, password)
    assert response.status_code == 401
    assert response.get_json()["message"] == "Invalid email or password"
    assert api.get("/api/auth/me").get_json() == {"user": None}


def test_signing_in_before_opening_the_link_asks_to_open_it(api):
    register(api)
    response = api.login("newbie@example.com", DEFAULT_PASSWORD)
    assert response.status_code == 401
    assert response.get_json()["message"] == registration.OPEN_THE_LINK_FIRST.format(email="newbie@example.com")
    assert api.get("/api/auth/me").get_json() == {"user": None}
    assert api.login("newbie@example.com", "another-pass").get_json()["message"] == "Invalid email or password"


def test_the_link_reminder_does_not_tell_whether_the_address_has_an_account(api, user):
    """Registering someone's address with a password of one's own must not reveal, at sign-in, that it is taken."""
    register(api, username="prober", email="dancer@example.com", password="prober-pass")
    register(api, username="prober2", email="free@example.com", password="prober-pass")
    taken = api.login("dancer@example.com", "prober-pass")
    free = api.login("free@example.com", "prober-pass")
    assert taken.status_code == free.status_code == 401
    assert taken.get_json()["message"] == registration.OPEN_THE_LINK_FIRST.format(email="dancer@example.com")
    assert free.get_json()["message"] == registration.OPEN_THE_LINK_FIRST.format(email="free@example.com")
    assert api.login("dancer@example.com").status_code == 200


@pytest.mark.parametrize(
    ("payload", "errors"),
    [
        ({}, {"email": "Email is required", "password": "Password is required"}),
        ({"email": " ", "password": ""}, {"email": "Email is required", "password": "Password is required"}),
        ({"email": "dancer@example.com", "password": "x", "remember": "maybe"}, {"remember": "Remember is not valid"}),
    ],
)
def test_login_requires_its_fields(api, payload, errors):
    response = api.post("/api/auth/login", payload)
    assert response.status_code == 400
    assert response.get_json()["errors"] == errors


def test_remember_me_sets_a_persistent_cookie(api, user):
    response = api.login("dancer@example.com", remember=True)
    assert any(h.startswith("remember_token=") for h in response.headers.getlist("Set-Cookie"))
    plain = api.login("dancer@example.com", remember=False)
    assert api.client.get_cookie("remember_token") is None, "a sign-in without Remember me drops the old cookie"
    assert any(h.startswith("remember_token=;") for h in plain.headers.getlist("Set-Cookie"))


def test_me_is_a_normal_answer_for_visitors(api):
    response = api.get("/api/auth/me")
    assert response.status_code == 200
    assert response.get_json() == {"user": None}


def test_me_lists_followed_creators_and_subscribers(api, user):
    creator = Creator(username="dancer")
    star = Creator(username="star")
    db.session.add_all([creator, star])
    db.session.flush()
    db.session.add_all([Follow(user_id=user.id, creator_id=star.id), Follow(user_id=user.id, creator_id=creator.id)])
    db.session.commit()
    api.login("dancer@example.com")
    me = api.get("/api/auth/me").get_json()["user"]
    assert sorted(me["subscribedTo"]) == ["dancer", "star"]
    assert me["subscribers"] == 1
    assert set(me) >= {"_id", "role", "username", "email", "avatar", "subscribers", "subscribedTo", "createdAt", "bio"}


def test_logout_ends_the_cookie_session(api, user):
    api.login("dancer@example.com")
    assert api.post("/api/auth/logout").get_json()["success"] is True
    assert api.get("/api/auth/me").get_json() == {"user": None}


def test_check_username(api, user):
    assert api.get("/api/auth/check-username?username=Dancer").get_json() == {"exists": True}
    assert api.get("/api/auth/check-username?username=freebie").get_json() == {"exists": False}
    missing = api.get("/api/auth/check-username")
    assert missing.status_code == 400
    assert missing.get_json()["errors"] == {"username": "Username is required"}
    assert api.get("/api/auth/check-username?username=%20").status_code == 400


def test_bearer_token_authenticates_without_cookies_or_csrf(app, api, user):
    token = api.login("dancer@example.com").get_json()["token"]
    fresh = app.test_client()
    me = fresh.get("/api/auth/me", headers={"Authorization": f"Bearer {token}"}).get_json()
    assert me["user"]["username"] == "dancer"
    changed = fresh.put(
        "/api/auth/profile",
        json={"username": "dancer", "email": "dancer@example.com", "bio": "hi"},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert changed.status_code == 200
    assert fresh.get("/api/auth/me", headers={"Authorization": "Bearer forged.token"}).get_json() == {"user": None}


def test_unsafe_cookie_requests_need_the_csrf_token(api, user):
    response = api.post("/api/auth/login", {"email": "dancer@example.com", "password": DEFAULT_PASSWORD}, csrf=False)
    assert response.status_code == 400
    assert response.get_json()["message"] == "Your session has expired. Reload the page and try again."


def test_profile_update(api, user):
    api.login("dancer@example.com")
    response = api.put(
        "/api/auth/profile",
        {"username": "Dancer_2", "email": "new@example.com", "bio": "I dance", "currentPassword": DEFAULT_PASSWORD},
    )
    assert response.status_code == 200
    body = response.get_json()
    assert body["message"] == "We sent a link to new@example.com. Your e-mail address changes when you open it."
    user = body["user"]
    assert (user["username"], user["email"], user["pendingEmail"], user["bio"]) == (
        "Dancer_2",
        "dancer@example.com",
        "new@example.com",
        "I dance",
    )
    same_address = {"username": "Dancer_2", "email": "dancer@example.com", "bio": "I still dance"}
    assert api.put("/api/auth/profile", same_address).get_json()["message"] == "Profile updated successfully!"


@pytest.mark.parametrize(
    ("payload", "field", "message"),
    [
        ({"username": "two words", "email": "dancer@example.com"}, "username", "Username cannot contain spaces"),
        ({"username": "dancer", "email": "nope"}, "email", "Please enter a valid email address"),
        (
            {"username": "dancer", "email": "dancer@example.com", "bio": "b" * 501},
            "bio",
            "Bio must be at most 500 characters long",
        ),
        ({"email": "dancer@example.com"}, "username", "Username is required"),
        ({"username": "taken", "email": "dancer@example.com"}, "username", "Username already exists"),
    ],
)
def test_profile_update_rejects_bad_input(api, user, make_user, payload, field, message):
    make_user("taken")
    api.login("dancer@example.com")
    response = api.put("/api/auth/profile", payload)
    assert response.status_code in {400, 409}
    assert response.get_json()["errors"][field] == message


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("PUT", "/api/auth/profile"),
        ("PUT", "/api/auth/password"),
        ("DELETE", "/api/auth/account"),
        ("POST", "/api/auth/logout-all"),
    ],
)
def test_account_calls_need_a_signed_in_user(api, method, path):
    response = api.request(
        method, path, {"username": "x", "email": "x@example.com", "currentPassword": "a", "newPassword": "b"}
    )
    assert response.status_code == 401
    assert response.get_json()["message"] == "Authentication required"


def test_password_change_ends_other_sessions_and_tokens(app, api, user):
    other_device = type(api)(app.test_client())
    old_token = other_device.login("dancer@example.com").get_json()["token"]
    api.login("dancer@example.com")
    response = api.put("/api/auth/password", {"currentPassword": DEFAULT_PASSWORD, "newPassword": "brand-new"})
    assert response.status_code == 200
    assert response.get_json()["message"] == "Password updated successfully!"
    assert api.get("/api/auth/me").get_json()["user"]["username"] == "dancer"
    assert other_device.get("/api/auth/me").get_json() == {"user": None}
    assert app.test_client().get("/api/auth/me", headers={"Authorization": f"Bearer {old_token}"}).get_json() == {
        "user": None
    }
    assert api.login("dancer@example.com", "brand-new").status_code == 200
    assert api.login("dancer@example.com", DEFAULT_PASSWORD).status_code == 401


@pytest.mark.parametrize(
    ("payload", "field", "message"),
    [
        (
            {"currentPassword": "wrong-one", "newPassword": "brand-new"},
            "currentPassword",
            "Current password is incorrect",
        ),
        (
            {"currentPassword": DEFAULT_PASSWORD, "newPassword": "short"},
            "newPassword",
            "New password must be at least 6 characters long",
        ),
        ({"currentPassword": "", "newPassword": "brand-new"}, "currentPassword", "Current password is required"),
        ({"currentPassword": DEFAULT_PASSWORD}, "newPassword", "New password is required"),
        (
            {"currentPassword": DEFAULT_PASSWORD, "newPassword": DEFAULT_PASSWORD},
            "newPassword",
            "New password must differ from the current password",
        ),
    ],
)
def test_password_change_rejects_bad_input(api, user, payload, field, message):
    api.login("dancer@example.com")
    response = api.put("/api/auth/password", payload)
    assert response.status_code == 400
    assert response.get_json()["errors"][field] == message
    assert api.get("/api/auth/me").get_json()["user"]["username"] == "dancer"  # still signed in, nothing changed


def test_logout_all_ends_every_session(app, api, user):
    phone = type(api)(app.test_client())
    phone.login("dancer@example.com")
    api.login("dancer@example.com")
    assert api.post("/api/auth/logout-all").status_code == 200
    assert phone.get("/api/auth/me").get_json() == {"user": None}
    assert api.get("/api/auth/me").get_json() == {"user": None}


def test_delete_account_removes_the_user_and_their_things(api, user):
    db.session.add(Playlist(user_id=user.id, name="Mine"))
    db.session.commit()
    api.login("dancer@example.com")
    assert api.delete("/api/auth/account", json_body={"password": DEFAULT_PASSWORD}).get_json()["success"] is True
    assert api.get("/api/auth/me").get_json() == {"user": None}
    assert db.session.scalar(db.select(db.func.count(Playlist.id))) == 0
    assert api.login("dancer@example.com").status_code == 401


def test_login_is_rate_limited_with_retry_after(api, user):
    statuses = [api.login("dancer@example.com", "wrong-pass").status_code for _ in range(11)]
    assert statuses[:10] == [401] * 10
    assert statuses[10] == 429
    limited = api.login("dancer@example.com", "wrong-pass")
    assert limited.get_json()["message"] == "Too many requests. Please wait a moment and try again."
    assert int(limited.headers["Retry-After"]) > 0


def test_one_account_cannot_be_guessed_from_many_addresses(app, user, make_user):
    make_user("bystander")

    def attempt(ip: str, email: str, password: str):
        client = ApiClient(app.test_client())
        client.client.environ_base["REMOTE_ADDR"] = ip
        return client.login(email, password)

    statuses = [
        attempt(f"10.0.{i // 250}.{i % 250}", "dancer@example.com", "wrong-pass").status_code for i in range(11)
    ]
    assert statuses == [401] * 10 + [429]
    limited = attempt("10.9.9.9", "Dancer@Example.com", DEFAULT_PASSWORD)
    assert limited.status_code == 429, "the account is protected whoever asks, however they spell it"
    assert int(limited.headers["Retry-After"]) > 0
    assert attempt("10.9.9.9", "bystander@example.com", DEFAULT_PASSWORD).status_code == 200


def test_successful_sign_ins_do_not_count_against_the_account(app, user):
    for i in range(12):
        client = ApiClient(app.test_client())
        client.client.environ_base["REMOTE_ADDR"] = f"10.1.0.{i}"
        assert client.login("dancer@example.com").status_code == 200


def test_register_is_rate_limited(api):
    statuses = [register(api, username=f"user{i}", email=f"user{i}@example.com").status_code for i in range(6)]
    assert statuses == [202] * 5 + [429]

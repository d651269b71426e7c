"""Sign-ins end when they should: logout, "log out everywhere", a deleted account; ids are never reused."""

import pytest
from sqlalchemy import select, text

from app.extensions import db
from app.models import Playlist, User
from app.services import accounts
from tests.conftest import DEFAULT_PASSWORD, ApiClient

REMEMBER_COOKIE = "remember_token"
SESSION_COOKIE = "session"


def signed_in_username(client, token: str | None = None) -> str | None:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    user = client.get("/api/auth/me", headers=headers).get_json()["user"]
    return user["username"] if user else None


def with_cookie(app, name: str, value: str):
    """A new browser that holds just this one cookie (copied from another)."""
    client = app.test_client()
    client.set_cookie(name, value)
    return client


def credentials_of(app, email: str) -> dict:
    """Sign in with Remember me and keep everything a thief could copy: both cookies and the bearer token."""
    browser = ApiClient(app.test_client())
    token = browser.login(email, remember=True).get_json()["token"]
    return {
        "browser": browser,
        "token": token,
        "session": browser.client.get_cookie(SESSION_COOKIE).value,
        "remember": browser.client.get_cookie(REMEMBER_COOKIE).value,
    }


def none_signs_in(app, stolen: dict) -> bool:
    return (
        signed_in_username(app.test_client(), stolen["token"]) is None
        and signed_in_username(with_cookie(app, SESSION_COOKIE, stolen["session"])) is None
        and signed_in_username(with_cookie(app, REMEMBER_COOKIE, stolen["remember"])) is None
    )


def test_a_deleted_accounts_credentials_do_not_sign_in_as_the_next_account(app, make_user):
    make_user("first")
    victim = make_user("leaving")
    stolen = credentials_of(app, "leaving@example.com")
    assert signed_in_username(app.test_client(), stolen["token"]) == "leaving"
    stolen["browser"].delete("/api/auth/account", json_body={"password": DEFAULT_PASSWORD})
    assert db.session.get(User, victim.id) is None

    newcomer = accounts.make_admin("newadmin", "newadmin@example.com", "another-pass")
    assert newcomer.id > victim.id
    assert none_signs_in(app, stolen)


def test_copied_credentials_stop_working_after_logout(app, user):
    stolen = credentials_of(app, "dancer@example.com")
    assert signed_in_username(with_cookie(app, REMEMBER_COOKIE, stolen["remember"])) == "dancer"
    browser = stolen["browser"]
    assert browser.post("/api/auth/logout").status_code == 200
    assert signed_in_username(browser.client) is None
    assert browser.client.get_cookie(REMEMBER_COOKIE) is None
    assert none_signs_in(app, stolen)


def test_logout_with_remember_me_stays_logged_out_on_the_next_page(app, api, user):
    api.login("dancer@example.com", remember=True)
    api.post("/api/auth/logout")
    page = api.client.get("/").get_data(as_text=True)
    assert '"user": null' in page or '"user":null' in page
    assert signed_in_username(api.client) is None


def test_logout_ends_only_the_sign_in_it_was_called_from(app, user):
    phone = credentials_of(app, "dancer@example.com")
    laptop = credentials_of(app, "dancer@example.com")
    laptop["browser"].post("/api/auth/logout")
    assert none_signs_in(app, laptop)
    assert signed_in_username(phone["browser"].client) == "dancer"
    assert signed_in_username(app.test_client(), phone["token"]) == "dancer"


def test_logout_with_a_bearer_token_ends_that_token(app, user):
    stolen = credentials_of(app, "dancer@example.com")
    response = app.test_client().post("/api/auth/logout", headers={"Authorization": f"Bearer {stolen['token']}"})
    assert response.status_code == 200
    assert none_signs_in(app, stolen)


def test_log_out_everywhere_ends_every_cookie_and_token(app, user):
    phone = credentials_of(app, "dancer@example.com")
    laptop = credentials_of(app, "dancer@example.com")
    assert laptop["browser"].post("/api/auth/logout-all").status_code == 200
    assert none_signs_in(app, phone)
    assert none_signs_in(app, laptop)


def test_a_password_change_ends_every_other_sign_in(app, user):
    phone = credentials_of(app, "dancer@example.com")
    laptop = credentials_of(app, "dancer@example.com")
    changed = laptop["browser"].put(
        "/api/auth/password", {"currentPassword": DEFAULT_PASSWORD, "newPassword": "brand-new"}
    )
    assert changed.status_code == 200
    assert none_signs_in(app, phone)
    assert signed_in_username(laptop["browser"].client) == "dancer"
    assert signed_in_username(app.test_client(), changed.get_json()["token"]) == "dancer"


def test_a_forged_session_naming_a_user_id_signs_nobody_in(app, user):
    """Knowing the secret that signs cookies is not enough: a session names a sign-in, not a user id."""
    client = app.test_client()
    with client.session_transaction() as session:
        session["_user_id"] = str(user.id)
        session["_fresh"] = True
    assert signed_in_username(client) is None
    with client.session_transaction() as session:
        session["_user_id"] = f"{user.id}:1"
    assert signed_in_username(client) is None


def _integer_key_tables() -> list[str]:
    return [
        table.name
        for table in db.metadata.sorted_tables
        if len(table.primary_key.columns) == 1
        and next(iter(table.primary_key.columns)).type.python_type is int
        and next(iter(table.primary_key.columns)).autoincrement in (True, "auto")
    ]


def test_sqlite_never_reuses_ids_of_tables_that_reach_clients():
    if db.engine.dialect.name != "sqlite":
        pytest.skip("PostgreSQL sequences never hand out an id twice")
    tables = _integer_key_tables()
    assert {"users", "playlists", "videos", "creators", "uploads", "video_reports"} <= set(tables)
    for name in tables:
        sql = db.session.scalar(text("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = :n"), {"n": name})
        assert "AUTOINCREMENT" in sql.upper(), f"{name} may hand a deleted row's id to a new one"
    indexes = db.session.scalars(text("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'users'"))
    assert {"uq_users_username_lower", "ix_users_created_at"} <= set(indexes), "a rebuilt table keeps its indexes"


def test_the_id_of_a_deleted_account_or_playlist_is_never_given_again(make_user):
    first = make_user("first")
    playlist = Playlist(user_id=first.id, name="Mine")
    db.session.add(playlist)
    db.session.commit()
    ids = first.id, playlist.id
    db.session.delete(first)
    db.session.commit()
    second = make_user("second")
    again = Playlist(user_id=second.id, name="Mine")
    db.session.add(again)
    db.session.commit()
    assert second.id > ids[0] and again.id > ids[1]
    assert db.session.scalar(select(User.id).where(User.id == ids[0])) is None


def test_a_junk_bearer_header_does_not_switch_off_csrf_for_a_cookie_session(app, api, user):
    api.login("dancer@example.com")
    forged = api.client.put(
        "/api/user/video-position",
        json={"videoIndex": 3, "page": "categories"},
        headers={"Authorization": "Bearer junk"},
    )
    assert forged.status_code in (400, 401)
    assert api.get("/api/user/video-position?page=categories").get_json()["lastVideoPosition"] is None


def test_a_request_with_a_bearer_token_acts_as_the_tokens_user_alone(app, api, user, make_user):
    make_user("other")
    token = ApiClient(app.test_client()).login("other@example.com").get_json()["token"]
    api.login("dancer@example.com")
    me = api.client.get("/api/auth/me", headers={"Authorization": f"Bearer {token}"}).get_json()["user"]
    assert me["username"] == "other"

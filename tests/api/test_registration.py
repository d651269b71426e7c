"""Registering by e-mail link: the answer never tells whether an address has an account."""

import re
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from app.extensions import db
from app.jobs import get_queue
from app.models import PendingRegistration, User
from tests.conftest import DEFAULT_PASSWORD


def register(api, username: str, email: str):
    return api.post("/api/auth/register", {"username": username, "email": email, "password": DEFAULT_PASSWORD})


def link_in(body: str, path: str = "/register/confirm/") -> str | None:
    """The path of the link a mail carries to `path`…, if it carries one."""
    found = re.search(rf"http://localhost({re.escape(path)}\S+)", body)
    return found.group(1) if found else None


def confirm(client, path: str):
    page = client.get(path).get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    return client.post(path, data={"csrf_token": csrf})


def test_a_taken_address_gets_the_same_answer_as_a_free_one(api, user, outbox, monkeypatch):
    monkeypatch.setattr("app.services.mailer.smtplib.SMTP", None)  # any mail sent within the request would fail
    taken = register(api, "someone", "Dancer@Example.com")
    free = register(api, "another", "fresh@example.com")
    assert taken.status_code == free.status_code == 202
    assert taken.get_json()["message"].replace("dancer@example.com", "@") == free.get_json()["message"].replace(
        "fresh@example.com", "@"
    )
    assert outbox == [], "nothing is mailed within the request"
    mails = {to: body for to, _, body in outbox.deliver()}
    assert link_in(mails["fresh@example.com"])
    assert link_in(mails["dancer@example.com"]) is None
    assert "already have an account" in mails["dancer@example.com"]
    assert db.session.scalar(select(func.count()).select_from(User)) == 1


def test_the_mailed_link_creates_the_account_and_signs_it_in(api, client, outbox):
    register(api, "newbie", "newbie@example.com")
    ((to, subject, body),) = outbox.deliver()
    assert (to, subject) == ("newbie@example.com", "Finish creating your Danza account")
    path = link_in(body)
    page = client.get(path).get_data(as_text=True)
    assert "@newbie" in page and "Create my account" in page
    assert db.session.scalar(select(User).filter_by(username="newbie")) is None, "opening the link changes nothing"
    done = confirm(client, path)
    assert done.status_code == 200
    assert "Your account is ready" in done.get_data(as_text=True)
    me = client.get("/api/auth/me").get_json()["user"]
    assert (me["username"], me["email"]) == ("newbie", "newbie@example.com")
    assert api.login("newbie@example.com").status_code == 200
    assert client.get(path).status_code == 400, "a link works once"


def test_an_expired_link_creates_nothing(api, client, outbox):
    register(api, "newbie", "newbie@example.com")
    path = link_in(outbox.deliver()[0][2])
    pending = db.session.scalar(select(PendingRegistration))
    pending.expires_at -= timedelta(days=2)
    db.session.commit()
    response = client.get(path)
    assert response.status_code == 400
    assert "invalid or has expired" in response.get_data(as_text=True)


def test_only_the_newest_link_for_an_address_works(api, client, outbox):
    register(api, "first_try", "newbie@example.com")
    first = link_in(outbox.deliver()[0][2])
    register(api, "second_try", "newbie@example.com")
    second = link_in(outbox.deliver()[1][2])
    assert client.get(first).status_code == 400
    assert client.get(second).status_code == 200


@pytest.mark.parametrize(
    ("taker", "email", "message"),
    [
        ("NewBie", "quick@example.com", "Username already exists"),
        ("quicker", "newbie@example.com", "An account with this email already exists"),
    ],
)
def test_a_name_or_address_taken_before_the_link_is_opened_is_refused_then(
    api, client, outbox, make_user, taker, email, message
):
    register(api, "newbie", "newbie@example.com")
    path = link_in(outbox.deliver()[0][2])
    make_user(taker, email=email)
    response = confirm(client, path)
    assert response.status_code == 409
    assert message in response.get_data(as_text=True)
    assert db.session.scalar(select(func.count()).select_from(User).where(User.username == "newbie")) == 0


def test_the_mail_jobs_keep_their_links_and_addresses_out_of_the_workers_log(api, user, outbox):
    """A worker logs each job's description as it starts and ends it: a mail job's arguments (a link's token, an
    address) must not be in it, as anyone reading the logs could finish the registration."""
    register(api, "newcomer", "newcomer@example.com")
    api.post("/api/auth/forgot-password", {"email": "dancer@example.com"})
    jobs = get_queue("maintenance").get_jobs()
    assert len(jobs) == 2
    for job in jobs:
        assert job.args, "the job carries what it mails"
        assert all(str(argument) not in job.description for argument in job.args), job.description
        assert job.func_name in job.description


def test_the_mails_are_written_in_the_language_of_the_page_that_asked(api, user, outbox):
    vietnamese = {"headers": {"Accept-Language": "vi"}}
    api.post(
        "/api/auth/register",
        {"username": "newbie", "email": "newbie@example.com", "password": DEFAULT_PASSWORD},
        **vietnamese,
    )
    api.post(
        "/api/auth/register",
        {"username": "again", "email": "dancer@example.com", "password": DEFAULT_PASSWORD},
        **vietnamese,
    )
    register(api, "english", "english@example.com")
    mails = {to: (subject, body) for to, subject, body in outbox.deliver()}
    subject, body = mails["newbie@example.com"]
    assert subject == "Hoàn tất tạo tài khoản Danza"
    assert body.startswith("Xin chào newbie,") and link_in(body)
    assert mails["dancer@example.com"][0] == "Bạn đã có tài khoản Danza"
    assert "Quên mật khẩu?" in mails["dancer@example.com"][1]
    assert mails["english@example.com"][0] == "Finish creating your Danza account"

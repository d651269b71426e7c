"""A new e-mail address: the account uses it only once the owner of that address opens the link mailed to it, and
asking never tells whether the address already has an account."""

import threading
from collections.abc import Callable
from datetime import timedelta

import pytest
from sqlalchemy import event, select
from sqlalchemy.orm import Session

from app.extensions import db
from app.models import PendingEmailChange, User
from app.models.types import utcnow
from app.services import account_email, accounts
from app.services.links import new_token, token_hash
from tests.api.test_registration import confirm
from tests.api.test_registration import link_in as registration_link_in
from tests.conftest import DEFAULT_PASSWORD


def change_email(api, email: str, username: str = "dancer"):
    body = {"username": username, "email": email, "bio": "", "currentPassword": DEFAULT_PASSWORD}
    return api.put("/api/auth/profile", body)


def link_in(body: str) -> str | None:
    return registration_link_in(body, "/account/email/")


def mail_to(outbox, address: str) -> str:
    """The body of the newest mail to `address`, once the queued mail jobs have run."""
    return [body for to, _, body in outbox.deliver() if to == address][-1]


def email_of(username: str) -> str:
    return db.session.scalar(select(User.email).where(User.username == username))


def test_a_taken_address_gets_the_same_answer_as_a_free_one_and_neither_is_used_yet(
    api, user, make_user, outbox, monkeypatch
):
    make_user("owner", email="owner@example.com")
    monkeypatch.setattr("app.services.mailer.smtplib.SMTP", None)  # any mail sent within the request would fail
    api.login(user.email)
    taken = change_email(api, "Owner@Example.com")
    assert outbox == [], "nothing is mailed within the request"
    taken_mail = mail_to(outbox, "owner@example.com")
    free = change_email(api, "fresh@example.com")
    free_mail = mail_to(outbox, "fresh@example.com")
    assert taken.status_code == free.status_code == 200
    assert taken.get_json()["message"].replace("owner@example.com", "@") == free.get_json()["message"].replace(
        "fresh@example.com", "@"
    )
    assert email_of("dancer") == "dancer@example.com"
    assert link_in(taken_mail) is None
    assert "already has an account" in taken_mail
    assert link_in(free_mail)
    api.put(
        "/api/auth/profile", {"username": "dancer", "email": user.email, "bio": "", "currentPassword": DEFAULT_PASSWORD}
    )
    change_email(api, "owner@example.com")
    outbox.deliver()  # nor what Settings says after the job has run
    assert api.get("/api/auth/me").get_json()["user"]["pendingEmail"] == "owner@example.com"


def test_the_new_address_is_used_once_its_link_is_opened_and_the_old_one_is_told(api, client, user, outbox):
    api.login(user.email)
    answer = change_email(api, "new@example.com").get_json()
    assert answer["message"] == "We sent a link to new@example.com. Your e-mail address changes when you open it."
    assert (answer["user"]["email"], answer["user"]["pendingEmail"]) == ("dancer@example.com", "new@example.com")
    sent = {to: (subject, body) for to, subject, body in outbox.deliver()}
    assert set(sent) == {"new@example.com", "dancer@example.com"}  # the link, and word of it to the address in use
    subject, body = sent["new@example.com"]
    assert subject == "Confirm your new Danza e-mail address"
    path = link_in(body)
    page = client.get(path).get_data(as_text=True)
    assert "new@example.com" in page and "Use this address" in page
    assert email_of("dancer") == "dancer@example.com", "opening the link changes nothing"
    done = confirm(client, path)
    assert done.status_code == 200
    assert "Your e-mail address is now new@example.com" in done.get_data(as_text=True)
    assert email_of("dancer") == "new@example.com"
    assert api.get("/api/auth/me").get_json()["user"]["pendingEmail"] is None
    ((old, notice_subject, notice),) = outbox.deliver()[2:]
    assert (old, notice_subject) == ("dancer@example.com", "Your Danza e-mail address was changed")
    assert "new@example.com" in notice and "contact us" in notice
    assert client.get(path).status_code == 400, "a link works once"


def test_the_change_mails_are_written_in_the_language_of_the_page_that_asked(api, client, user, outbox):
    api.login(user.email)
    api.put(
        "/api/auth/profile",
        {"username": "dancer", "email": "moi@example.com", "bio": "", "currentPassword": DEFAULT_PASSWORD},
        headers={"Accept-Language": "vi"},
    )
    sent = {to: (subject, body) for to, subject, body in outbox.deliver()}
    assert sent["moi@example.com"][0] == "Xác nhận địa chỉ e-mail mới cho Danza"
    assert sent["dancer@example.com"][0] == "Có người yêu cầu đổi địa chỉ e-mail Danza của bạn"
    assert "moi@example.com" in sent["dancer@example.com"][1]


def test_an_address_taken_after_the_link_was_sent_is_refused(api, client, user, make_user, outbox):
    api.login(user.email)
    change_email(api, "new@example.com")
    path = link_in(mail_to(outbox, "new@example.com"))
    make_user("quicker", email="new@example.com")
    refused = confirm(client, path)
    assert refused.status_code == 409
    assert "An account with this email already exists" in refused.get_data(as_text=True)
    assert email_of("dancer") == "dancer@example.com"


def test_an_expired_or_replaced_link_changes_nothing(api, client, user, outbox):
    api.login(user.email)
    change_email(api, "first@example.com")
    first = link_in(mail_to(outbox, "first@example.com"))
    change_email(api, "second@example.com")
    second = link_in(mail_to(outbox, "second@example.com"))
    assert client.get(first).status_code == 400
    assert api.get("/api/auth/me").get_json()["user"]["pendingEmail"] == "second@example.com"
    pending = db.session.scalar(select(PendingEmailChange))
    pending.expires_at -= timedelta(days=2)
    db.session.commit()
    expired = client.get(second)
    assert expired.status_code == 400
    assert "invalid or has expired" in expired.get_data(as_text=True)
    assert api.get("/api/auth/me").get_json()["user"]["pendingEmail"] is None
    assert email_of("dancer") == "dancer@example.com"


def test_links_to_new_addresses_are_rate_limited_per_account_and_other_edits_do_not_count(app, api, user, outbox):
    usual = app.config["EMAIL_CHANGE_RATE_LIMIT"]
    app.config["EMAIL_CHANGE_RATE_LIMIT"] = "2 per minute"
    try:
        api.login(user.email)
        edits = [
            api.put("/api/auth/profile", {"username": "dancer", "email": user.email, "bio": f"take {n}"})
            for n in range(3)
        ]
        asks = [change_email(api, f"new{n}@example.com") for n in range(3)]
        after = api.put("/api/auth/profile", {"username": "dancer", "email": "Dancer@Example.com", "bio": "still"})
    finally:
        app.config["EMAIL_CHANGE_RATE_LIMIT"] = usual
    assert [response.status_code for response in [*edits, *asks, after]] == [200, 200, 200, 200, 200, 429, 200]


def test_the_current_address_is_told_of_the_request_and_a_new_password_cancels_it(api, client, user, outbox):
    """Whoever learned the password could ask to move the account: its owner hears of it at once, and a new
    password (which is what the mail tells them to choose) ends the waiting change."""
    api.login(user.email)
    change_email(api, "thief@example.com")
    mails = {to: (subject, body) for to, subject, body in outbox.deliver()}
    path = link_in(mails["thief@example.com"][1])
    subject, body = mails["dancer@example.com"]
    assert subject == "Someone asked to change your Danza e-mail address"
    assert "thief@example.com" in body and "change your password" in body
    changed = api.put("/api/auth/password", {"currentPassword": DEFAULT_PASSWORD, "newPassword": "another-secret-9"})
    assert changed.status_code == 200
    assert client.get(path).status_code == 400
    assert api.get("/api/auth/me").get_json()["user"]["pendingEmail"] is None


def test_the_owner_can_cancel_a_waiting_change_and_keep_the_address_in_use(api, client, user, outbox):
    api.login(user.email)
    change_email(api, "typo@exmaple.com")
    path = link_in(mail_to(outbox, "typo@exmaple.com"))
    cancelled = api.delete("/api/auth/email-change")
    assert cancelled.status_code == 200
    answer = cancelled.get_json()
    assert answer["message"] == "E-mail change cancelled"
    assert answer["user"]["pendingEmail"] is None and answer["user"]["email"] == "dancer@example.com"
    assert client.get(path).status_code == 400
    assert db.session.scalar(select(PendingEmailChange)) is None
    assert api.delete("/api/auth/email-change").status_code == 200, "nothing waiting: nothing to cancel, no error"
    assert email_of("dancer") == "dancer@example.com"


class HeldFirst:
    """Two requests at once, each in a thread with its own session: the one named "first" is held where it calls
    pause() (its statements sent, not committed), the other runs meanwhile; then the first goes on."""

    def __init__(self, app) -> None:
        self.app = app
        self.holding, self.release = threading.Event(), threading.Event()
        self.errors: list[Exception] = []

    def pause(self) -> None:
        if threading.current_thread().name == "first":
            db.session.flush()
            self.holding.set()
            self.release.wait(5)

    def _run(self, work: Callable[[], object]) -> None:
        with self.app.app_context():
            try:
                work()
            except Exception as exc:  # the test reports what either request raised
                self.errors.append(exc)
            finally:
                db.session.remove()

    def run(self, first: Callable[[], object], second: Callable[[], object]) -> list[Exception]:
        threads = [threading.Thread(target=self._run, args=(first,), name="first")]
        threads.append(threading.Thread(target=self._run, args=(second,), name="second"))
        threads[0].start()
        try:
            assert self.holding.wait(5)
            threads[1].start()
            threads[1].join(0.5)  # it waits for the first, or (the race) has gone ahead
        finally:
            self.release.set()
            for thread in threads:
                thread.join(10)
        return self.errors


@pytest.fixture
def postgresql(app):
    if db.engine.dialect.name != "postgresql":
        pytest.skip("SQLite lets one writer at a time: the second request waits for the first, or is told to retry")


def waiting_for(user_id: int) -> list[str]:
    return list(db.session.scalars(select(PendingEmailChange.email).where(PendingEmailChange.user_id == user_id)))


def test_two_requests_at_the_same_moment_leave_one_live_link(app, postgresql, user, outbox):
    """Two changes asked for at once (a double submit, two tabs): the later replaces the earlier, as one after the
    other would, rather than both links staying live. The first request is held just before it commits."""
    user_id = user.id
    db.session.commit()
    at_once = HeldFirst(app)

    def ask(email: str) -> Callable[[], None]:
        return lambda: account_email.ask_for(db.session.get_one(User, user_id), email)

    hold = lambda _session: at_once.pause()  # noqa: E731
    event.listen(Session, "before_commit", hold)
    try:
        assert at_once.run(ask("first@example.com"), ask("second@example.com")) == []
    finally:
        event.remove(Session, "before_commit", hold)
    assert waiting_for(user_id) == ["second@example.com"]


def test_a_link_opened_while_another_change_is_asked_for_goes_through(app, postgresql, user, outbox, monkeypatch):
    """Opening a link took the waiting row, then the account's; asking took the account's, then the waiting rows:
    at the same moment each waited for the other, and the database ended one of them."""
    user_id, token = user.id, new_token()
    db.session.add(
        PendingEmailChange(
            token_hash=token_hash(token),
            user_id=user_id,
            email="opened@example.com",
            expires_at=utcnow() + account_email.LINK_LIFETIME,
        )
    )
    db.session.commit()
    at_once = HeldFirst(app)
    find_by_email = accounts.find_by_email

    def held_find(email: str):
        at_once.pause()  # the link's row is deleted, the account not yet changed
        return find_by_email(email)

    monkeypatch.setattr(accounts, "find_by_email", held_find)
    errors = at_once.run(
        lambda: account_email.confirm(token),
        lambda: account_email.ask_for(db.session.get_one(User, user_id), "asked@example.com"),
    )
    assert errors == []
    assert email_of("dancer") == "opened@example.com"
    assert waiting_for(user_id) == ["asked@example.com"]

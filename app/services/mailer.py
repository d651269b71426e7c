"""E-mail: written and sent by the worker, through SMTP when it is configured, else into the worker's log.

A request only queues the job that writes the message, so it never waits on or fails with SMTP, and what it
answers cannot tell whether an account exists.
"""

import smtplib
from collections.abc import Callable
from email.message import EmailMessage
from functools import wraps

from flask import current_app
from flask_babel import force_locale
from rq import Retry

from app.extensions import db
from app.i18n import DEFAULT_LANGUAGE, N_, current_language
from app.jobs import get_queue, queue_available

MAIL_RETRY = Retry(max=3, interval=[30, 120, 600])
MAIL_UNAVAILABLE = N_("We cannot send e-mail right now. Please try again in a few minutes.")


def in_background(mail_job: Callable, *args: str) -> None:
    """Queue a job that writes and sends an e-mail, in the language of the page that asked for it; its arguments
    are the request's only input to it. The worker logs a job's description: here the job's name alone, as its
    arguments (a link's token, an address) would let a reader of the logs finish a registration or confirm an
    address."""
    description = f"{mail_job.__module__}.{mail_job.__name__}(…)"
    with queue_available(MAIL_UNAVAILABLE):
        get_queue("maintenance").enqueue(
            mail_job,
            *args,
            language=current_language(),
            job_timeout=60,
            result_ttl=0,
            retry=MAIL_RETRY,
            description=description,
        )


def deliver(to: str, subject: str, body: str) -> None:
    """Send one message now (from a job)."""
    config = current_app.config
    if not config.get("SMTP_HOST"):
        current_app.logger.warning(
            "E-mail to %s (SMTP_HOST is not set, so it is only logged):\n%s\n%s", to, subject, body
        )
        return
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = config["MAIL_FROM"], to, subject
    message.set_content(body)
    with smtplib.SMTP(config["SMTP_HOST"], config["SMTP_PORT"], timeout=15) as smtp:
        if config["SMTP_STARTTLS"]:
            smtp.starttls()
        if config.get("SMTP_USERNAME"):
            smtp.login(config["SMTP_USERNAME"], config["SMTP_PASSWORD"])
        smtp.send_message(message)


def mail_job(write: Callable[..., None]) -> Callable[..., None]:
    """A job that writes and sends e-mail in `language` (the asking page's, see in_background), in a database
    session of its own."""

    @wraps(write)
    def run(*args: str, language: str = DEFAULT_LANGUAGE) -> None:
        try:
            with force_locale(language):
                write(*args)
        finally:
            db.session.remove()

    return run

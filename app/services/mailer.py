"""Sending e-mail through SMTP when it is configured; otherwise the message goes to the server log."""

import smtplib
from email.message import EmailMessage

from flask import current_app


def send_mail(to: str, subject: str, body: str) -> None:
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

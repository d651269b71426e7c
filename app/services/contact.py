"""The contact form: its checks and storing a message for the team."""

from collections.abc import Mapping
from dataclasses import dataclass, field

from email_validator import EmailNotValidError, validate_email
from sqlalchemy import select

from app.extensions import db
from app.i18n import N_
from app.models import CONTACT_SUBJECTS, ContactMessage
from app.services.paging import PageOf, page_of

NAME_MAX = 100
MESSAGE_MAX = 5000


@dataclass
class ContactForm:
    name: str = ""
    email: str = ""
    subject: str = ""
    message: str = ""
    errors: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_mapping(cls, data: Mapping[str, str]) -> "ContactForm":
        def text(key: str) -> str:
            return str(data.get(key, "")).strip()

        return cls(name=text("name"), email=text("email"), subject=text("subject"), message=text("message"))

    def is_valid(self) -> bool:
        """Check all four required fields; fills `errors` field → message."""
        self.errors = {}
        if not self.name:
            self.errors["name"] = N_("Name is required")
        elif len(self.name) > NAME_MAX:
            self.errors["name"] = f"Name must be at most {NAME_MAX} characters long"
        if not self.email:
            self.errors["email"] = N_("Email Address is required")
        else:
            try:
                self.email = validate_email(self.email, check_deliverability=False).normalized
            except EmailNotValidError:
                self.errors["email"] = N_("Please enter a valid email address")
        if self.subject not in CONTACT_SUBJECTS:
            self.errors["subject"] = N_("Subject is required")
        if not self.message:
            self.errors["message"] = N_("Message is required")
        elif len(self.message) > MESSAGE_MAX:
            self.errors["message"] = f"Message must be at most {MESSAGE_MAX} characters long"
        return not self.errors


def save_message(form: ContactForm, ip: str | None, user_id: int | None) -> ContactMessage:
    """Store a checked message for the team."""
    message = ContactMessage(
        name=form.name, email=form.email, subject=form.subject, message=form.message, ip=ip, user_id=user_id
    )
    db.session.add(message)
    db.session.commit()
    return message


def list_messages(offset: int, limit: int) -> PageOf:
    """Messages sent through the contact form, newest first."""
    newest = select(ContactMessage).order_by(ContactMessage.created_at.desc(), ContactMessage.id.desc())
    return page_of(newest, offset, limit)

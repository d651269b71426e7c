"""About, Privacy, Terms and the contact form."""

from typing import Annotated

from flask import Blueprint, render_template, request
from flask_login import current_user
from pydantic import AfterValidator

from app.api.operations import parse_query
from app.api.schemas import ApiModel
from app.extensions import limiter
from app.models import CONTACT_SUBJECTS
from app.ratelimit import client_ip, configured_limit
from app.services.cache import PAGE_SECONDS, cached_response
from app.services.contact import ContactForm, save_message

bp = Blueprint("static_pages", __name__)


class ContactQuery(ApiModel):
    """A link may choose the subject (Help → support); any other value chooses none."""

    subject: Annotated[str, AfterValidator(lambda subject: subject if subject in CONTACT_SUBJECTS else "")] = ""


@bp.get("/about-us")
@cached_response(PAGE_SECONDS, visitor_only=True)
def about():
    return render_template("pages/about.html")


@bp.get("/privacy-policy")
def privacy():
    return render_template("pages/privacy.html")


@bp.get("/terms-of-use")
def terms():
    return render_template("pages/terms.html")


@bp.get("/contact-us")
def contact():
    form = ContactForm(subject=parse_query(ContactQuery).subject)
    return render_template("pages/contact.html", form=form, sent=False)


@bp.post("/contact-us")
@limiter.limit(configured_limit("CONTACT_RATE_LIMIT"), methods=["POST"])
def send_contact():
    form = ContactForm.from_mapping(request.form)
    sent = form.is_valid()
    if sent:
        save_message(form, client_ip(), current_user.id if current_user.is_authenticated else None)
    template = "_partials/contact_form.html" if request.headers.get("HX-Request") else "pages/contact.html"
    return render_template(template, form=form, sent=sent), 200 if sent else 422

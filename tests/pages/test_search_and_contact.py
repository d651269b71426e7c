"""The server-rendered user search and the contact form."""

import pytest
from sqlalchemy import select

from app.extensions import db
from app.models import ContactMessage, Creator

CONTACT = {"name": "Ana", "email": "ana@example.com", "subject": "support", "message": "The player is stuck."}


def test_search_page_renders_results_for_a_shared_link(client, make_user):
    make_user("salsa_queen")
    html = client.get("/search?q=salsa").get_data(as_text=True)
    assert "Found 1 user(s)" in html
    assert 'href="/profile/salsa_queen"' in html
    assert 'placeholder="Search users by username or bio..."' in html


def test_search_page_without_a_query_invites_a_search(client):
    assert "Search for Users" in client.get("/search").get_data(as_text=True)


def test_search_empty_result_texts(client):
    html = client.get("/search?q=zzzz").get_data(as_text=True)
    assert "No users found" in html and "Try a different search term" in html


def test_sidebar_search_fragment(client, make_user):
    make_user("tango_tim")
    html = client.get("/partials/user-search?q=tango&limit=8").get_data(as_text=True)
    assert "@tango_tim" in html and "<html" not in html
    assert client.get("/partials/user-search?q=t").get_data(as_text=True).strip() == ""


def test_search_also_finds_tiktok_creators_by_handle_or_name(client, make_user):
    db.session.add_all(
        [
            Creator(username="salsa.steps", display_name="Salsa Steps", is_active=True, video_count=12),
            Creator(username="danceclub", display_name="SALSA nights", is_active=True, video_count=1),
            Creator(username="salsa_gone", is_active=False),
        ]
    )
    db.session.commit()
    make_user("salsa_queen")
    html = client.get("/search?q=@Salsa").get_data(as_text=True)
    assert "Found 1 user(s)" not in html and 'href="/user/salsa.steps"' in html  # a handle as TikTok writes it
    html = client.get("/search?q=salsa").get_data(as_text=True)
    assert "Found 1 user(s)" in html and 'href="/profile/salsa_queen"' in html
    creators = html[html.index(">Creators</h3>") :]
    assert creators.index('href="/user/salsa.steps"') < creators.index('href="/user/danceclub"')
    assert "12 videos<" in creators and "1 video<" in creators and "salsa_gone" not in creators

    fragment = client.get("/partials/user-search?q=danceclub&limit=8").get_data(as_text=True)
    assert 'href="/user/danceclub"' in fragment and "No users found" not in fragment


def test_contact_page_has_every_field_and_subject(client):
    html = client.get("/contact-us").get_data(as_text=True)
    for text in (
        "Name*",
        "Email Address*",
        "Subject*",
        "Message*",
        "Please provide as much detail as possible...",
        "General Inquiry",
        "Technical Support",
        "Content Concern",
        "Copyright Guidance",
        "Partnership/Business Inquiry",
        "Feedback/Suggestion",
        "Mon-Fri 9-5 EST. Replies within 24-48 hours.",
    ):
        assert text in html


def test_contact_subject_can_be_preselected(client):
    assert '<option value="support" selected>' in client.get("/contact-us?subject=support").get_data(as_text=True)


def test_contact_form_stores_the_message_and_thanks(api):
    response = api.post("/contact-us", None, data=CONTACT, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert "Thank you for your message! We will get back to you soon." in response.get_data(as_text=True)
    stored = db.session.scalar(select(ContactMessage))
    assert (stored.name, stored.email, stored.subject) == ("Ana", "ana@example.com", "support")


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("name", "", "Name is required"),
        ("email", "", "Email Address is required"),
        ("email", "nope", "Please enter a valid email address"),
        ("subject", "", "Subject is required"),
        ("subject", "spam", "Subject is required"),
        ("message", "   ", "Message is required"),
    ],
)
def test_contact_form_checks_every_required_field_and_keeps_the_input(api, field, value, message):
    response = api.post("/contact-us", None, data={**CONTACT, field: value})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert message in html
    assert "The player is stuck." in html or field == "message"
    assert db.session.scalar(select(ContactMessage)) is None


def test_contact_form_is_rate_limited(api):
    statuses = [api.post("/contact-us", None, data=CONTACT).status_code for _ in range(6)]
    assert statuses == [200] * 5 + [429]


def test_htmx_errors_answer_the_json_envelope_for_the_toast(api):
    for _ in range(5):
        api.post("/contact-us", None, data=CONTACT, headers={"HX-Request": "true"})
    limited = api.post("/contact-us", None, data=CONTACT, headers={"HX-Request": "true"})
    assert limited.status_code == 429
    assert limited.get_json()["message"] == "Too many requests. Please wait a moment and try again."


def test_a_long_search_is_cut_not_refused_and_an_unknown_subject_chooses_none(client, make_user):
    make_user("tango_dancer").bio = "tango" + "o" * 95  # found by a search cut to 100 characters
    db.session.commit()
    long_search = "tango" + "o" * 195
    for path in (
        f"/search?q={long_search}",
        f"/partials/user-search?q={long_search}",
        f"/dance-trends?search={long_search}",
    ):
        response = client.get(path)
        assert response.status_code == 200, path
        assert long_search not in response.get_data(as_text=True)
    assert "tango_dancer" in client.get(f"/search?q={long_search}").get_data(as_text=True)
    assert 'value="support" selected' in client.get("/contact-us?subject=support").get_data(as_text=True)
    assert "selected" not in client.get("/contact-us?subject=nonsense").get_data(as_text=True)

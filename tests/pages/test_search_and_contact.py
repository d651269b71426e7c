"""The server-rendered user search and the contact form."""

import re

import pytest
from sqlalchemy import select

from app.extensions import db
from app.models import ContactMessage, Creator
from tests.services.test_search import ingest, row, video_id

CONTACT = {"name": "Ana", "email": "ana@example.com", "subject": "support", "message": "The player is stuck."}


def test_search_page_renders_results_for_a_shared_link(client, make_user):
    make_user("salsa_queen")
    html = client.get("/search?q=salsa").get_data(as_text=True)
    assert "Found 1 user(s)" in html
    assert 'href="/profile/salsa_queen"' in html
    assert 'placeholder="Search users by username or bio..."' in html


def test_search_page_without_a_query_invites_a_search(client):
    assert "Search for Users" in client.get("/search").get_data(as_text=True)


def test_one_character_asks_for_another_rather_than_finding_nothing(client):
    html = client.get("/search?q=a").get_data(as_text=True)
    assert "Type at least 2 characters to search" in html
    assert "No users found" not in html and 'role="tablist"' not in html


def test_search_empty_result_texts(client):
    html = client.get("/search?q=zzzz&type=users").get_data(as_text=True)
    assert "No users found" in html and "Try a different search term" in html


def test_a_search_that_finds_nothing_of_any_kind_says_so_not_only_no_users(client):
    html = client.get("/search?q=zzzz").get_data(as_text=True)
    assert "Nothing matches “zzzz”" in html and "Try a different search term" in html
    assert "No users found" not in html and html.count('<span class="search-tab-count">0</span>') == 5


def test_sidebar_search_fragment(client, make_user):
    make_user("tango_tim")
    html = client.get("/partials/user-search?q=tango&limit=8").get_data(as_text=True)
    assert "@tango<wbr>_tim" in html and "<html" not in html  # a long handle may wrap between its parts
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
    html = client.get("/search?q=@Salsa").get_data(as_text=True)  # a handle as TikTok writes it: no user has '@'
    assert "Found 1 user(s)" not in html and 'href="/user/salsa.steps"' in html
    html = client.get("/search?q=salsa").get_data(as_text=True)
    assert "Found 1 user(s)" in html and 'href="/profile/salsa_queen"' in html
    assert '<span>Creators</span> <span class="search-tab-count">2</span>' in html
    creators = client.get("/search?q=salsa&type=creators").get_data(as_text=True)
    assert creators.index('href="/user/salsa.steps"') < creators.index('href="/user/danceclub"')
    assert "12 videos<" in creators and "1 video<" in creators and "salsa_gone" not in creators

    fragment = client.get("/partials/user-search?q=danceclub&limit=8").get_data(as_text=True)
    assert 'href="/user/danceclub"' in fragment and "No users found" not in fragment


def test_sidebar_search_without_a_person_points_to_the_kinds_that_match(client):
    ingest(*(row(n, f"Hòa nhịp số {n}") for n in range(1, 4)))
    html = client.get("/partials/user-search?q=hoa&limit=8").get_data(as_text=True)
    assert "No users found" in html and "Try a different search term" not in html
    assert "“hoa” matches these instead:" in html
    link = r'<a class="search-elsewhere-link" href="([^"]+)"><span>[^<]*</span> <span[^>]*>([^<]*)<'
    links = dict(re.findall(link, html))
    assert links == {"/search?q=hoa&amp;type=trends": "1", "/search?q=hoa&amp;type=videos": "3"}

    nothing = client.get("/partials/user-search?q=zzzz&limit=8").get_data(as_text=True)
    assert "Try a different search term" in nothing and "search-elsewhere" not in nothing


def tab(html: str, kind: str) -> str:
    start = html.index(f'id="search-tab-{kind}"')
    return html[start : html.index("</a>", start)]


def test_search_page_tabs_count_every_kind_and_open_the_first_with_matches(client, make_user):
    ingest(*(row(n, f"Hòa nhịp số {n}") for n in range(1, 4)))
    html = client.get("/search?q=hoa").get_data(as_text=True)
    assert 'role="tablist"' in html and 'role="tabpanel" aria-labelledby="search-tab-trends"' in html
    trends = tab(html, "trends")
    assert 'aria-selected="true"' in trends and '<span class="search-tab-count">1</span>' in trends
    assert 'aria-selected="false"><span>Videos</span> <span class="search-tab-count">3</span>' in tab(html, "videos")
    assert 'href="/search?q=hoa&amp;type=videos"' in tab(html, "videos")
    assert 'name="type"' not in html  # the next search opens its own first kind with matches
    assert "Bắc Bling (Bắc Ninh)" in html and "/dance-trends/" in html


def test_search_page_lists_videos_for_a_shared_link_with_its_tab(client):
    ingest(*(row(n, f"Hòa nhịp số {n}", username="linhdance") for n in range(1, 4)))
    html = client.get("/search?q=H%C3%B2a&type=videos").get_data(as_text=True)
    assert 'value="Hòa"' in html and '<input type="hidden" name="type" value="videos">' in html
    listed = html[html.index('aria-label="Videos"') :]
    assert listed.index(video_id(3)) < listed.index(video_id(2)) < listed.index(video_id(1))  # most viewed first
    assert (
        'href="/dance-trends/bac-bling-bac-ninh_hoa-minzy/linhdance-' in listed
        and "@linhdance</span><span>· 3K views" in listed
    )


def test_search_page_pages_through_a_long_list(client):
    ingest(*(row(n, f"nhóm nhảy {n}") for n in range(1, 26)))
    first = client.get("/search?q=nhom&type=videos").get_data(as_text=True)
    assert "Page 1 of 2" in first and 'rel="next" href="/search?q=nhom&amp;type=videos&amp;page=2"' in first
    second = client.get("/search?q=nhom&type=videos&page=2").get_data(as_text=True)
    assert video_id(1) in second and video_id(25) not in second and 'rel="prev"' in second


def test_search_page_says_when_a_kind_has_nothing(client):
    html = client.get("/search?q=zzzz&type=videos").get_data(as_text=True)
    assert "No videos found" in html and "Try a different search term" in html
    html = client.get("/search?q=zzzz&type=hashtags").get_data(as_text=True)
    assert "No hashtags found" in html


def test_a_page_past_the_last_leads_to_the_last(client):
    ingest(*(row(n, f"nhóm nhảy {n}") for n in range(1, 26)))
    for asked in (3, 51, 9999):  # past the 2 pages there are, and past the 50 any search lists
        response = client.get(f"/search?q=nhom&type=videos&page={asked}")
        assert response.status_code == 302 and response.location == "/search?q=nhom&type=videos&page=2", asked
    assert client.get("/search?q=nhom&page=3").location == "/search?q=nhom&page=2"  # the tab stays unchosen
    assert client.get("/search?q=zzzz&type=videos&page=4").location == "/search?q=zzzz&type=videos"


def test_the_sidebar_results_lead_to_every_kind_on_the_search_page(client):
    html = client.get("/partials/user-search?q=hoa&limit=8").get_data(as_text=True)
    assert 'href="/search?q=hoa">All results for “hoa”</a>' in html


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


def test_a_trend_of_one_video_says_one_video(client):
    ingest(row(1, "Hòa nhịp"))
    trends = client.get("/search?q=bac&type=trends").get_data(as_text=True)
    assert "1 video ·" in trends and "1 videos" not in trends

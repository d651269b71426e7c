"""Every route of spec §2 renders inside the shell; the shell shows what each visitor may see."""

import base64
import hashlib
import json
import re

import pytest

from app.extensions import db
from app.models import Creator, Follow

PUBLIC_ROUTES = [
    "/",
    "/dance-trends",
    "/dance-trends?search=Bling",
    "/following",
    "/categories",
    "/search",
    "/search?q=dancer",
    "/upload",
    "/settings",
    "/add-tiktok-profile",
    "/about-us",
    "/contact-us",
    "/privacy-policy",
    "/terms-of-use",
    "/login",
    "/register",
]


def app_context_of(html: str) -> dict:
    block = re.search(r'<script id="app-context" type="application/json">(.*?)</script>', html, re.S)
    return json.loads(block.group(1))


@pytest.mark.parametrize("path", PUBLIC_ROUTES)
def test_every_route_renders_the_shell(client, path):
    response = client.get(path)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<title>Danza</title>" in html
    assert 'aria-label="Main navigation"' in html
    assert "is not associated with" in html and "hosts no video content" in html
    assert 'data-island="auth-modals"' in html
    assert app_context_of(html)["brand"] == "Danza"


def test_a_creator_page_renders_the_shell_and_an_unknown_creator_is_a_404(client):
    db.session.add(Creator(username="somecreator", is_active=True))
    db.session.commit()
    html = client.get("/user/somecreator").get_data(as_text=True)
    assert 'data-island="creator"' in html and '<h1 class="creator-username">@somecreator</h1>' in html
    assert "No videos found for @somecreator" in html
    missing = client.get("/user/nobody")
    assert missing.status_code == 404
    assert "Creator not found" in missing.get_data(as_text=True)
    assert 'aria-label="Main navigation"' in missing.get_data(as_text=True)


def test_a_creator_page_sends_its_first_videos_and_paints_the_newest_poster(client, catalog):
    from sqlalchemy import func, select

    from app.models import Video

    creator = db.session.scalar(
        select(Creator).join(Video, Video.creator_id == Creator.id).group_by(Creator.id).order_by(func.count().desc())
    )
    html = client.get(f"/user/{creator.username}").get_data(as_text=True)
    props = json.loads(
        re.search(r'data-island="creator"><script type="application/json" data-props>(.*?)</script>', html, re.S).group(
            1
        )
    )
    api = client.get(f"/api/tiktok/videos/{creator.username}?sortOrder=latest&page=1&limit=20").get_json()
    assert props["firstPage"] == api  # the island's first page is the API's own answer
    newest = api["videos"][0]
    assert f'<div class="player-frame"><img class="player-poster" src="{newest["thumbnail"]}"' in html


def test_video_links_render_the_shell(client, catalog):
    from sqlalchemy import select

    from app.models import Video
    from app.services.videos import video_card

    card = video_card(db.session.scalar(select(Video).where(Video.trend_id.isnot(None)).order_by(Video.id)))
    for path in (card.trend_path, f"/categories/{card.creator.username}-{card.video.video_id}"):
        html = client.get(path).get_data(as_text=True)
        assert 'aria-label="Main navigation"' in html and "hosts no video content" in html


def test_a_known_profile_renders_and_an_unknown_one_says_so(client, user):
    assert "Joined" in client.get("/profile/dancer").get_data(as_text=True)
    missing = client.get("/profile/ghost")
    assert missing.status_code == 404
    assert "User not found" in missing.get_data(as_text=True)
    assert "The user you're looking for doesn't exist." in missing.get_data(as_text=True)


def test_unknown_pages_get_the_404_page(client):
    response = client.get("/no/such/page")
    assert response.status_code == 404
    assert "Page not found" in response.get_data(as_text=True)


def test_unknown_api_paths_get_the_json_envelope(client):
    response = client.get("/api/nothing-here")
    assert response.status_code == 404
    assert response.get_json()["success"] is False


def test_visitors_see_the_login_button_and_no_member_links(client):
    html = client.get("/").get_data(as_text=True)
    assert 'data-open-auth="login"' in html
    assert "Your Channel" not in html
    assert ">Developer<" not in html
    assert app_context_of(html)["user"] is None


def test_a_signed_in_viewer_finds_follow_where_the_island_puts_it_and_not_on_their_own_page(api, user):
    db.session.add_all([Creator(username="somecreator", is_active=True), Creator(username="dancer", is_active=True)])
    db.session.commit()
    icon = '<svg class="icon icon-user-plus" aria-hidden="true"><use href="#i-user-plus"></use></svg>'
    follow = f'<button type="button" class="btn btn-primary feed-follow" disabled>{icon}Follow</button>'
    assert follow not in api.get("/user/somecreator").get_data(as_text=True)  # a visitor has no Follow
    api.login("dancer@example.com")
    assert follow in api.get("/user/somecreator").get_data(as_text=True)
    assert follow not in api.get("/user/dancer").get_data(as_text=True)


def test_users_see_their_menu_and_channel_but_not_developer(api, user):
    api.login("dancer@example.com")
    html = api.get("/").get_data(as_text=True)
    assert 'data-island="user-menu"' in html
    assert "Your Channel" in html
    assert ">Developer<" not in html
    assert app_context_of(html)["user"]["username"] == "dancer"


def test_admins_see_the_developer_link(api, admin):
    api.login("boss@example.com")
    assert ">Developer<" in api.get("/").get_data(as_text=True)


def test_your_channel_shows_the_subscriber_count(api, user, make_user):
    creator = Creator(username="dancer")
    db.session.add(creator)
    db.session.flush()
    for name in ("fan_one", "fan_two"):
        db.session.add(Follow(user_id=make_user(name).id, creator_id=creator.id))
    db.session.commit()
    api.login("dancer@example.com")
    html = api.get("/").get_data(as_text=True)
    assert re.search(
        r'Your Channel</span><span class="nav-count" title="Subscribers">2'
        r'<span class="visually-hidden"> subscribers<',
        html,
    )


def test_developer_portal_sends_visitors_home_with_the_origin_remembered(client):
    response = client.get("/developer-portal")
    assert response.status_code == 302
    assert response.headers["Location"] == "/?login=1&next=/developer-portal"


def test_developer_portal_sends_non_admins_home(api, user):
    api.login("dancer@example.com")
    response = api.get("/developer-portal")
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/?login=1")


def test_developer_portal_opens_for_admins_behind_the_access_check(api, admin):
    api.login("boss@example.com")
    html = api.get("/developer-portal").get_data(as_text=True)
    assert "Checking access..." in html
    assert "Developer Portal" in html


def test_celebrities_panel_empty_texts(client):
    html = client.get("/").get_data(as_text=True)
    assert "Danza Celebrities" in html
    assert "No tracked usernames yet" in html
    assert "Add usernames in the Developer Portal" in html


def test_celebrities_panel_lists_active_creators_capped(client):
    db.session.add_all(
        [Creator(username=f"creator{i:02d}") for i in range(12)] + [Creator(username="gone", is_active=False)]
    )
    db.session.commit()
    html = client.get("/").get_data(as_text=True)
    assert html.count('class="celebrity"') == 10
    assert "@gone" not in html
    assert '<a class="sidebar-more" href="/creators">and 2 more creators</a>' in html
    assert 'href="/user/creator00"' in html


def test_the_celebrities_panel_is_also_a_fragment_drawn_again_after_a_deletion(client):
    db.session.add_all([Creator(username=f"creator{i:02d}") for i in range(12)])
    db.session.commit()
    page = client.get("/").get_data(as_text=True)
    fragment = client.get("/partials/celebrities").get_data(as_text=True)
    panel = re.search(r'<section class="sidebar-section celebrities".*?</section>', page, re.S)
    assert panel is not None and panel.group(0) == fragment.strip()
    assert 'data-refresh-on="app:catalog-changed" data-refresh-url="/partials/celebrities"' in fragment

    db.session.delete(db.session.scalar(db.select(Creator).where(Creator.username == "creator00")))
    db.session.commit()
    fragment = client.get("/partials/celebrities").get_data(as_text=True)
    assert '<span class="nav-count">11</span>' in fragment
    assert "@creator00" not in fragment
    assert '<a class="sidebar-more" href="/creators">and 1 more creators</a>' in fragment


def test_the_creators_page_lists_every_active_creator_a_page_at_a_time(client):
    db.session.add_all(
        [Creator(username=f"creator{i:02d}", video_count=i) for i in range(50)]
        + [Creator(username="gone", is_active=False)]
    )
    db.session.commit()
    first = client.get("/creators").get_data(as_text=True)
    assert first.count('class="directory-entry"') == 48
    assert "@creator49" in first and "@gone" not in first  # the most videos first, when no one follows any
    assert "50 creators" in first and "Page 1 of 2" in first
    assert 'rel="next" href="/creators?page=2"' in first and 'rel="prev"' not in first
    assert '<link rel="canonical" href="http://localhost/creators">' in first

    second = client.get("/creators?page=2").get_data(as_text=True)
    assert second.count('class="directory-entry"') == 2 and "@creator00" in second
    assert 'rel="prev" href="/creators"' in second and 'rel="next"' not in second
    assert '<link rel="canonical" href="http://localhost/creators?page=2">' in second

    assert client.get("/creators?page=3").status_code == 404
    assert client.get("/creators?page=0").status_code == 400
    assert client.get("/creators?page=100001").status_code == 400
    assert "<loc>http://localhost/creators</loc>" in client.get("/sitemap.xml").get_data(as_text=True)


def test_the_creators_page_without_creators(client):
    html = client.get("/creators").get_data(as_text=True)
    assert "No tracked usernames yet" in html


def test_signed_out_prompts(client):
    assert "Please sign in to upload videos" in client.get("/upload").get_data(as_text=True)
    assert "Please log in to access settings" in client.get("/settings").get_data(as_text=True)
    assert "Go to Login" in client.get("/settings").get_data(as_text=True)
    assert "Only logged in users can add TikTok profiles" in client.get("/add-tiktok-profile").get_data(as_text=True)


def test_security_headers(app, client):
    headers = client.get("/").headers
    assert f"frame-src {app.config['TIKTOK_PLAYER_ORIGIN']};" in headers["Content-Security-Policy"]
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize("path", ["/", "/offline"])
def test_the_only_inline_script_is_the_first_paint_script_and_the_policy_allows_it_by_hash(client, path):
    page = client.get(path)
    html = page.get_data(as_text=True)
    # The theme is the browser's to apply: a page a shared cache keeps must not carry one visitor's choice.
    assert "data-theme" not in re.search(r"<html[^>]*>", html).group(0)
    inline_scripts = re.findall(r"<script>(.*?)</script>", html, re.DOTALL)
    assert len(inline_scripts) == 1
    digest = base64.b64encode(hashlib.sha256(inline_scripts[0].encode()).digest()).decode()
    assert f"script-src 'self' 'sha256-{digest}';" in page.headers["Content-Security-Policy"]


def test_session_cookie_is_httponly_and_lax(client):
    cookie = next(h for h in client.get("/api/auth/csrf").headers.getlist("Set-Cookie") if h.startswith("session="))
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie


@pytest.mark.parametrize("path", ["/", "/dance-trends", "/categories", "/about-us", "/following"])
def test_a_visitors_page_sets_no_cookie_and_may_be_cached_by_a_proxy(client, catalog, path):
    page = client.get(path)
    assert page.status_code == 200
    assert "Set-Cookie" not in page.headers
    assert page.headers["Cache-Control"] == "public, max-age=60, stale-while-revalidate=600"
    assert "Cookie" in page.headers["Vary"]
    assert app_context_of(page.get_data(as_text=True))["csrfToken"] == ""


def test_a_visitor_gets_a_csrf_token_when_a_form_needs_one_and_can_then_write(client, catalog):
    answer = client.get("/api/auth/csrf")
    assert answer.headers["Cache-Control"] == "private, no-store"
    assert "Set-Cookie" in answer.headers
    token = answer.get_json()["csrfToken"]
    refused = client.post("/api/auth/forgot-password", json={"email": "a@example.com"})
    sent = client.post("/api/auth/forgot-password", json={"email": "a@example.com"}, headers={"X-CSRFToken": token})
    assert (refused.status_code, sent.status_code) == (400, 200)
    page = client.get("/about-us")  # a browser that has a session keeps its token in the page, and its pages private
    assert app_context_of(page.get_data(as_text=True))["csrfToken"]
    assert page.headers["Cache-Control"] == "no-cache"


def test_signed_in_pages_are_private(api, user):
    api.login("dancer@example.com")
    page = api.get("/")
    assert page.headers["Cache-Control"] == "private, no-store"
    assert app_context_of(page.get_data(as_text=True))["csrfToken"]


def test_app_context_cannot_break_out_of_its_script(api, make_user):
    hostile = make_user("hostile")
    hostile.bio = "</script><script>alert(1)</script>"
    db.session.commit()
    api.login("hostile@example.com")
    html = api.get("/").get_data(as_text=True)
    assert "</script><script>alert(1)" not in html
    assert app_context_of(html)["user"]["bio"] == hostile.bio

"""Pages in Vietnamese: chosen by Accept-Language, the switcher's cookie or the account; `<html lang>` follows."""

import re

import pytest
from flask_babel import refresh

from app.extensions import db
from app.templating import count, long_date

VIETNAMESE = {"Accept-Language": "vi-VN,vi;q=0.9"}


def html_lang(html: str) -> str:
    return re.search(r'<html lang="([^"]+)"', html).group(1)


@pytest.mark.parametrize(
    ("path", "texts"),
    [
        ("/", ["Trang chủ", "Xu hướng nhảy", "Danh mục", "Đăng nhập", "Chuyển đến nội dung"]),
        ("/dance-trends", ["Sắp xếp xu hướng", "Tìm theo bài hát hoặc nghệ sĩ..."]),
        ("/categories", ["Dùng nhiều nhất"]),
        ("/search", ["Tìm kiếm người dùng"]),
        ("/about-us", ["Về chúng tôi", "Bạn có thể làm gì ở đây"]),
        ("/contact-us", ["Liên hệ với chúng tôi", "Gửi tin nhắn"]),
        ("/privacy-policy", ["Chính sách quyền riêng tư"]),
        ("/terms-of-use", ["Điều khoản sử dụng"]),
        ("/following", ["Đăng nhập để theo dõi các vũ công bạn yêu thích và xem video của họ tại đây."]),
    ],
)
def test_a_page_is_in_vietnamese_for_a_vietnamese_browser(client, catalog, path, texts):
    response = client.get(path, headers=VIETNAMESE)
    html = response.get_data(as_text=True)
    assert html_lang(html) == "vi"
    for text in texts:
        assert text in html
    assert "Skip to content" not in html


def test_english_stays_the_default(client):
    html = client.get("/").get_data(as_text=True)
    assert html_lang(html) == "en" and "Skip to content" in html


def test_the_switcher_remembers_the_choice_in_a_cookie_and_goes_back(client):
    back = {"Referer": "http://localhost/about-us?x=1"}
    response = client.post("/language", data={"language": "vi"}, headers=back)
    assert response.status_code == 303 and response.headers["Location"] == "/about-us?x=1"
    assert "lang=vi" in response.headers["Set-Cookie"]
    assert html_lang(client.get("/about-us").get_data(as_text=True)) == "vi"
    client.post("/language", data={"language": "en"})
    assert html_lang(client.get("/about-us", headers=VIETNAMESE).get_data(as_text=True)) == "en"


@pytest.mark.parametrize(
    "referrer",
    [
        None,
        "https://evil.example/",
        "http://localhost.evil.example/about-us",
        # This site's own 404 page, at a path a browser reads as another host's address ("//host/…", "/\\host/…").
        "http://localhost//evil.example/phish",
        "http://localhost/\\evil.example/phish",
    ],
)
def test_the_switcher_goes_back_only_to_this_site(client, referrer):
    headers = {"Referer": referrer} if referrer else {}
    assert client.post("/language", data={"language": "vi"}, headers=headers).headers["Location"] == "/"


def test_a_signed_in_user_keeps_the_language_in_the_account(api, user):
    api.login(user.email)
    assert api.client.post("/language", data={"language": "vi"}).status_code == 400  # no CSRF token
    api.client.post("/language", data={"language": "vi", "csrf_token": api.refresh_csrf()})
    db.session.refresh(user)
    assert user.language == "vi"
    api.client.delete_cookie("lang")
    assert html_lang(api.client.get("/").get_data(as_text=True)) == "vi"
    answer = api.put("/api/auth/language", {"language": "en"}).get_json()
    assert answer["user"]["language"] == "en"
    assert html_lang(api.client.get("/", headers=VIETNAMESE).get_data(as_text=True)) == "en"


def test_a_shared_cache_keys_pages_on_the_language(client):
    response = client.get("/about-us")
    assert {"Accept-Language", "Cookie"} <= set(response.vary)


def test_the_server_cache_keeps_each_language_apart(client, catalog):
    assert html_lang(client.get("/dance-trends").get_data(as_text=True)) == "en"
    assert html_lang(client.get("/dance-trends", headers=VIETNAMESE).get_data(as_text=True)) == "vi"
    assert html_lang(client.get("/dance-trends").get_data(as_text=True)) == "en"


@pytest.mark.parametrize(
    ("headers", "counted", "dated"), [({}, "1.2K", "January 5, 2026"), (VIETNAMESE, "1,2\xa0N", "5 tháng 1, 2026")]
)
def test_counts_and_dates_follow_the_locale(app, headers, counted, dated):
    with app.test_request_context("/", headers=headers):
        refresh()  # the test's application context outlives a request, and Flask-Babel keeps the locale there
        assert count(1234) == counted
        assert long_date("2026-01-05T10:00:00+00:00") == dated

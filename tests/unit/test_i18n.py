"""Which language a request gets: the account's setting, else the cookie, else Accept-Language, else English."""

import pytest
from flask_login import login_user

from app.i18n import choose_language, extract_islands


@pytest.mark.parametrize(
    ("accept", "cookie", "expected"),
    [
        (None, None, "en"),
        ("vi-VN,vi;q=0.9,en;q=0.8", None, "vi"),
        ("fr-FR,fr;q=0.9", None, "en"),
        ("fr-FR,vi;q=0.5", None, "vi"),
        ("vi", "en", "en"),
        ("en", "vi", "vi"),
        ("vi", "xx", "vi"),
    ],
)
def test_a_visitor_gets_the_cookie_else_accept_language_else_english(app, accept, cookie, expected):
    headers = {"Accept-Language": accept} if accept else {}
    if cookie:
        headers["Cookie"] = f"lang={cookie}"
    with app.test_request_context("/", headers=headers):
        assert choose_language() == expected


@pytest.mark.parametrize(("setting", "expected"), [("vi", "vi"), ("en", "en"), (None, "vi")])
def test_the_account_setting_comes_before_the_cookie(app, user, setting, expected):
    user.language = setting
    with app.test_request_context("/", headers={"Cookie": "lang=vi", "Accept-Language": "en"}):
        login_user(user)
        assert choose_language() == expected


def test_outside_a_request_the_language_is_english(app):
    assert choose_language() == "en"


def test_the_islands_extractor_reads_each_t_call(tmp_path):
    source = tmp_path / "Island.tsx"
    source.write_text(
        'const a = t("Add to playlist");\n'
        "const b = t('Don\\'t stop', { name });\n"
        'const c = t("Say \\"hi\\" to {name}", { name });\nconst d = set("not a text");\n'
    )
    with source.open("rb") as fileobj:
        found = [(line, text) for line, _, text, _ in extract_islands(fileobj, [], [], {})]
    assert found == [(1, "Add to playlist"), (2, "Don't stop"), (3, 'Say "hi" to {name}')]

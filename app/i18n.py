"""The interface's languages: which one a request gets, the switcher, and locale-aware counts and dates.

The English texts are the message ids (the spec's texts, verbatim); app/translations holds the Vietnamese catalogue,
which the islands share (islands/build.mjs bundles it).
"""

import json
import re
from urllib.parse import urlsplit

from babel.numbers import format_compact_decimal, format_decimal
from flask import Blueprint, Flask, current_app, has_request_context, redirect, request
from flask_babel import Babel, get_locale
from flask_login import current_user

from app.catalog import format_count
from app.config import PROJECT_ROOT

LANGUAGES = {"en": "English", "vi": "Tiếng Việt"}
DEFAULT_LANGUAGE = "en"
LANGUAGE_COOKIE = "lang"
LANGUAGE_COOKIE_SECONDS = 365 * 24 * 3600

bp = Blueprint("i18n", __name__)


def choose_language() -> str:
    """The account's setting, else the switcher's cookie, else the browser's Accept-Language; English by default
    (outside a request English, except in an e-mail job, which writes in the language of the page that queued it)."""
    if not has_request_context():
        return DEFAULT_LANGUAGE
    if current_user and current_user.is_authenticated and current_user.language in LANGUAGES:
        return current_user.language
    cookie = request.cookies.get(LANGUAGE_COOKIE)
    if cookie in LANGUAGES:
        return cookie
    return request.accept_languages.best_match(LANGUAGES) or DEFAULT_LANGUAGE


def N_(text: str) -> str:
    """Marks a text for the catalogue where it is defined; it is translated where it is shown."""
    return text


def current_language() -> str:
    return str(get_locale() or DEFAULT_LANGUAGE)


def count(value: float | None) -> str:
    """'1.2K' in English, the locale's compact number otherwise ('1,2 N')."""
    language = current_language()
    if language == DEFAULT_LANGUAGE:
        return format_count(int(value or 0))
    return format_compact_decimal(max(int(value or 0), 0), locale=language, fraction_digits=1)


def exact_count(value: float | None) -> str:
    """'12,345' in English, '12.345' in Vietnamese."""
    return format_decimal(max(int(value or 0), 0), locale=current_language())


def _page_of_the_switcher() -> str:
    """Where to go back to after switching: the page the switcher was on (its Referer) when it is on this site."""
    referrer = urlsplit(request.referrer or "")
    # "//host/…" and "/\\host/…" are this site's paths to the server but another host's address to a browser.
    if referrer.netloc != request.host or not referrer.path.startswith("/") or referrer.path[1:2] in ("/", "\\"):
        return "/"
    return referrer.path + (f"?{referrer.query}" if referrer.query else "")


@bp.post("/language")
def switch_language():
    """The switcher: remember the choice in a cookie and, for a signed-in user, in the account."""
    language = request.form.get("language", "")
    response = redirect(_page_of_the_switcher(), 303)
    if language not in LANGUAGES:
        return response
    if current_user.is_authenticated:
        # Imported here: the services mark their texts with this module's N_, so it cannot import them at load.
        from app.extensions import csrf
        from app.services.accounts import update_language

        csrf.protect()
        update_language(current_user._get_current_object(), language)
    response.set_cookie(
        LANGUAGE_COOKIE,
        language,
        max_age=LANGUAGE_COOKIE_SECONDS,
        samesite="Lax",
        secure=current_app.config.get("SESSION_COOKIE_SECURE", False),
    )
    return response


def _vary_on_language(response):
    """A page's words follow the visitor's Accept-Language and cookie: a shared cache must key on both."""
    if response.mimetype == "text/html":
        response.vary.update(("Accept-Language", "Cookie"))
    return response


def register_i18n(app: Flask) -> None:
    Babel(
        app,
        locale_selector=choose_language,
        default_locale=DEFAULT_LANGUAGE,
        default_translation_directories=str(PROJECT_ROOT / "app" / "translations"),
    )
    app.register_blueprint(bp)
    app.after_request(_vary_on_language)
    app.jinja_env.globals.update(languages=LANGUAGES, current_language=current_language)


ISLAND_MESSAGE = re.compile(r"""\b(?:t|N_)\(\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')""")


def extract_islands(fileobj, keywords, comment_tags, options):
    """Babel's extractor for the islands: the string literal that opens each `t("…")`, `t("…", {name})` or `N_("…")`
    call."""
    if ".test." in getattr(fileobj, "name", ""):
        return
    source = fileobj.read().decode("utf-8")
    for match in ISLAND_MESSAGE.finditer(source):
        literal = match.group(1)
        body = literal[1:-1].replace("\\'", "'")
        if literal[0] == "'":
            body = body.replace('"', '\\"')
        yield source.count("\n", 0, match.start()) + 1, None, json.loads(f'"{body}"'), []

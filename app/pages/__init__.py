"""HTML blueprints, one module per screen group, and the shell's shared context."""

from flask import Flask, current_app, request, session
from flask_login import current_user
from flask_wtf.csrf import generate_csrf

from app.api.schemas import UserOut
from app.i18n import N_
from app.models import CONTACT_SUBJECTS
from app.seo import PLAYER_HEIGHT, PLAYER_WIDTH, site_meta
from app.services.accounts import subscriber_count
from app.services.creators import tracked_creators
from app.services.player_settings import global_settings

NAV_ITEMS = (
    ("shell.home", N_("Home"), "home"),
    ("shell.dance_trends", N_("Dance Trends"), "trend"),
    ("shell.following", N_("Following"), "heart"),
    ("shell.categories", N_("Categories"), "grid"),
    ("shell.add_tiktok_profile", N_("Add TikTok Profile"), "plus"),
)


def _shell_context() -> dict:
    """What every page's shell needs: the user, the app context for islands, the celebrities panel."""
    if request.path.startswith("/api/") and request.endpoint != "api_docs.api_docs":  # an API call, not a page
        return {}
    user = current_user if current_user.is_authenticated else None
    brand = current_app.config["BRAND_NAME"]
    creators, creator_total = tracked_creators()
    return {
        "brand": brand,
        "nav_items": NAV_ITEMS,
        "shell_user": user,
        "channel_subscribers": subscriber_count(user.username) if user else 0,
        "celebrities": creators,
        "celebrity_total": creator_total,
        "app_context": {
            "user": UserOut.of(user).as_props() if user else None,
            # A visitor without a session gets none here, so the page sets no cookie and may be cached;
            # the islands ask /api/auth/csrf before their first write.
            "csrfToken": generate_csrf() if user or session else "",
            "brand": brand,
            "playerOrigin": current_app.config["TIKTOK_PLAYER_ORIGIN"],
            "playerSettings": global_settings(),
        },
    }


def register_pages(app: Flask) -> None:
    from app.pages import account, app_shell, crawl, feeds, partials, people, shell, static_pages

    for module in (shell, people, account, static_pages, partials, crawl, feeds, app_shell):
        app.register_blueprint(module.bp)
    app.context_processor(_shell_context)
    app.jinja_env.globals.update(
        contact_subjects=CONTACT_SUBJECTS,
        site_meta=site_meta,
        player_size=(PLAYER_WIDTH, PLAYER_HEIGHT),
        twitter_site=app.config.get("TWITTER_SITE"),
    )

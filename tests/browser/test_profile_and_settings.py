"""The profile screen and account settings in Chromium: details, password, privacy, two-factor, username, deletion."""

import re
from datetime import UTC, datetime, timedelta

import pyotp
import pytest
from playwright.sync_api import Browser, Page, expect

from app.extensions import db
from app.models import Creator, Follow, User
from tests.browser.conftest import SCREENS, sign_in
from tests.conftest import DEFAULT_PASSWORD

pytestmark = pytest.mark.browser

NEW_PASSWORD = "fresh-secret-9"


def signed_in(page: Page, email: str = "dancer@example.com", password: str = DEFAULT_PASSWORD) -> None:
    sign_in(page, email, password)
    expect(page.locator(".topbar .user-menu-trigger")).to_be_visible()


def open_own_profile(page: Page, username: str = "dancer") -> None:
    page.goto(f"/profile/{username}")
    page.wait_for_selector("[data-island='profile'][data-island-mounted='true']", state="attached")


def open_section(page: Page, name: str):
    page.get_by_role("tab", name=name, exact=True).click()
    return page.get_by_role("tabpanel", name=name)


def confirm_deletion(page: Page) -> None:
    """The deletion dialog asks for the password and shows its errors; the right one deletes and goes home."""
    dialog = page.get_by_role("dialog", name="Delete Account")
    question = "Are you sure you want to delete your account? This action cannot be undone."
    expect(dialog.get_by_text(question)).to_be_visible()
    password = dialog.get_by_label("Password", exact=True)
    expect(password).to_be_focused()
    dialog.get_by_role("button", name="Delete My Account").click()
    expect(dialog.get_by_text("Password is required")).to_be_visible()
    password.fill("not-my-password")
    dialog.get_by_role("button", name="Delete My Account").click()
    expect(password).to_have_attribute("aria-invalid", "true")
    expect(password).to_have_accessible_description("Password is incorrect")  # said beside it, once
    expect(password).to_be_focused()
    expect(dialog.get_by_role("alert")).to_have_count(0)
    password.fill(DEFAULT_PASSWORD)
    dialog.get_by_role("button", name="Delete My Account").click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.locator(".topbar [data-open-auth='login']")).to_be_visible()


def next_code(secret: str) -> str:
    """The code of the next time step: the one that turned two-factor on is accepted only once."""
    return pyotp.TOTP(secret).at(datetime.now(UTC) + timedelta(seconds=30))


def follow(user, *usernames: str) -> None:
    creators = [Creator(username=name, display_name=name.title()) for name in usernames]
    db.session.add_all(creators)
    db.session.flush()
    db.session.add_all(Follow(user_id=user.id, creator_id=creator.id) for creator in creators)
    db.session.commit()


def test_someone_elses_profile_shows_the_header_only(page: Page, user, make_user):
    other = make_user("salsa_queen")
    other.bio = "Salsa every Sunday"
    db.session.commit()
    follow(other, "bachata_bo", "tango_tia")
    signed_in(page)

    page.goto("/profile/salsa_queen")
    expect(page.get_by_role("heading", name="salsa_queen", level=1)).to_be_visible()
    expect(page.get_by_text(re.compile(r"^Joined \w+ \d{1,2}, \d{4}$"))).to_be_visible()
    expect(page.get_by_text("Salsa every Sunday")).to_be_visible()
    expect(page.get_by_role("tablist")).to_have_count(0)

    page.get_by_role("button", name="2 following").click()
    panel = page.get_by_role("region", name="Following")
    expect(panel.get_by_role("link", name=re.compile("@bachata_bo"))).to_have_attribute("href", "/user/bachata_bo")
    expect(panel.get_by_role("button", name=re.compile("Unfollow"))).to_have_count(0)


def test_a_missing_profile_keeps_the_server_message(page: Page):
    response = page.goto("/profile/nobody_here")
    assert response is not None and response.status == 404
    expect(page.get_by_text("User not found")).to_be_visible()


def test_own_profile_unfollows_from_the_following_list(page: Page, user):
    follow(user, "bachata_bo", "tango_tia")
    signed_in(page)
    open_own_profile(page)
    page.get_by_role("button", name="2 following").click()
    panel = page.get_by_role("region", name="Following")
    panel.get_by_role("button", name="Unfollow bachata_bo").click()
    expect(page.get_by_role("button", name="1 following")).to_be_visible()
    expect(panel.get_by_role("link", name=re.compile("@bachata_bo"))).to_have_count(0)
    expect(panel.get_by_role("link", name=re.compile("@tango_tia"))).to_be_visible()
    page.reload()
    expect(page.get_by_role("button", name="1 following")).to_be_visible()


def test_saving_the_bio(page: Page, user):
    signed_in(page)
    open_own_profile(page)
    details = open_section(page, "Account Details")
    expect(details.get_by_label("Username")).to_have_value("dancer")
    expect(details.get_by_label("Email")).to_have_value("dancer@example.com")
    details.get_by_label("Bio").fill("Bachata on Fridays")
    details.get_by_role("button", name="Save Changes").click()
    expect(details.get_by_text("Profile updated successfully!")).to_be_visible()
    expect(page.locator(".profile-bio")).to_have_text("Bachata on Fridays")
    page.reload()
    expect(page.locator(".profile-bio")).to_have_text("Bachata on Fridays")


def test_changing_the_password_signs_out_other_sessions(page: Page, browser: Browser, live_server, user):
    other_context = browser.new_context(base_url=live_server)
    other = other_context.new_page()
    try:
        signed_in(other)
        signed_in(page)
        open_own_profile(page)
        security = open_section(page, "Password & Security")
        security.get_by_label("Current Password").fill(DEFAULT_PASSWORD)
        security.get_by_label("New Password", exact=True).fill(NEW_PASSWORD)
        security.get_by_label("Confirm New Password").fill(NEW_PASSWORD)
        security.get_by_role("button", name="Change Password").click()
        expect(security.get_by_text("Password updated successfully!")).to_be_visible()
        expect(security.get_by_label("Current Password")).to_have_value("")

        # This browser stays signed in, and its renewed CSRF token works for the next change.
        details = open_section(page, "Account Details")
        details.get_by_label("Bio").fill("Still here")
        details.get_by_role("button", name="Save Changes").click()
        expect(details.get_by_text("Profile updated successfully!")).to_be_visible()

        other.reload()
        expect(other.locator(".topbar [data-open-auth='login']")).to_be_visible()
    finally:
        other_context.close()


def test_password_form_checks_its_fields(page: Page, user):
    signed_in(page)
    open_own_profile(page)
    security = open_section(page, "Password & Security")
    security.get_by_label("New Password", exact=True).fill("12345")
    security.get_by_label("Confirm New Password").fill("54321")
    security.get_by_role("button", name="Change Password").click()
    expect(security.get_by_text("Current password is required")).to_be_visible()
    expect(security.get_by_text("New password must be at least 6 characters long")).to_be_visible()
    expect(security.get_by_text("New passwords do not match")).to_be_visible()

    security.get_by_label("Current Password").fill("not-my-password")
    security.get_by_label("New Password", exact=True).fill(NEW_PASSWORD)
    security.get_by_label("Confirm New Password").fill(NEW_PASSWORD)
    security.get_by_role("button", name="Change Password").click()
    current = security.get_by_label("Current Password")
    expect(current).to_have_accessible_description("Current password is incorrect")
    expect(current).to_be_focused()
    expect(security.get_by_role("alert")).to_have_count(0)


def test_deleting_the_account_then_signing_in_fails(page: Page, user):
    signed_in(page)
    open_own_profile(page)
    danger = open_section(page, "Delete Account")
    button = danger.get_by_role("button", name="Permanently Delete Account")
    expect(button).to_be_disabled()
    danger.get_by_label("Type DELETE to confirm").fill("DELETE")
    expect(button).to_be_enabled()
    button.click()
    page.get_by_role("dialog").get_by_role("button", name="Cancel").click()
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(button).to_be_focused()
    button.click()
    confirm_deletion(page)

    sign_in(page, "dancer@example.com", DEFAULT_PASSWORD)
    expect(page.get_by_role("dialog").get_by_text("Invalid email or password")).to_be_visible()


def test_changing_the_username_checks_availability_and_redirects_the_old_address(page: Page, user, make_user):
    make_user("taken_name")
    signed_in(page)
    open_own_profile(page)
    section = open_section(page, "Change Username")
    expect(section.get_by_label("Current Username")).to_have_value("dancer")
    expect(section.get_by_text(re.compile("followers may be affected"))).to_be_visible()

    new_username = section.get_by_label("New Username")
    new_username.fill("taken_name")
    expect(section.get_by_text("Username already exists")).to_be_visible()
    new_username.fill("dancer_pro")
    expect(section.get_by_text("Username is available")).to_be_visible()
    section.get_by_role("button", name="Change Username").click()
    expect(page).to_have_url(re.compile(r"/profile/dancer_pro$"))
    expect(page.get_by_role("heading", name="dancer_pro", level=1)).to_be_visible()
    expect(page.locator(".page-notice")).to_have_text("Your username is now @dancer_pro.")

    page.goto("/profile/dancer")
    expect(page).to_have_url(re.compile(r"/profile/dancer_pro$"))


def overflows(locator) -> bool:
    """Whether an element's content is wider than its box."""
    return locator.evaluate("element => element.scrollWidth > element.clientWidth")


@SCREENS
def test_a_new_username_fits_its_warning_and_a_refusal_is_said_once(page: Page, user, make_user):
    signed_in(page)
    open_own_profile(page)
    section = open_section(page, "Change Username")
    new_username = section.get_by_label("New Username")
    expect(new_username).to_have_attribute("maxlength", "30")
    new_username.fill("the_longest_dance_username_yet")
    warning = section.locator(".alert-warning")
    expect(warning).to_contain_text("/profile/the_longest_dance_username_yet")
    assert not overflows(warning), "the new profile address stays inside its warning"
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]

    new_username.fill("late_taker")
    expect(section.get_by_text("Username is available")).to_be_visible()
    make_user("late_taker")  # someone else takes it after the check
    section.get_by_role("button", name="Change Username").click()
    expect(section.get_by_text("Username already exists")).to_have_count(1)
    expect(section.get_by_text("Username is available")).to_have_count(0)
    expect(new_username).to_be_focused()


def test_privacy_settings_are_saved_and_hide_the_profile(page: Page, browser: Browser, live_server, user):
    signed_in(page)
    open_own_profile(page)
    privacy = open_section(page, "Privacy")
    visibility = privacy.get_by_label("Profile Visibility")
    expect(visibility).to_have_value("public")
    notifications = privacy.get_by_label("Email notifications")
    expect(notifications).to_be_checked()
    visibility.select_option(label="Private")
    notifications.uncheck()
    privacy.get_by_role("button", name="Save Privacy Settings").click()
    expect(privacy.get_by_text("Privacy settings saved")).to_be_visible()

    page.reload()
    privacy = open_section(page, "Privacy")
    expect(privacy.get_by_label("Profile Visibility")).to_have_value("private")
    expect(privacy.get_by_label("Email notifications")).not_to_be_checked()

    visitor_context = browser.new_context(base_url=live_server)
    try:
        visitor = visitor_context.new_page()
        visitor.goto("/profile/dancer")
        expect(visitor.get_by_role("heading", name="dancer", level=1)).to_be_visible()
        expect(visitor.get_by_text("This profile is private")).to_be_visible()
        expect(visitor.get_by_text(re.compile("^Joined"))).to_have_count(0)
    finally:
        visitor_context.close()


def test_enabling_two_factor_shows_the_recovery_codes_once_then_asks_for_a_code(page: Page, user):
    signed_in(page)
    open_own_profile(page)
    privacy = open_section(page, "Privacy")
    privacy.get_by_role("button", name="Enable").click()
    qr = privacy.get_by_role("img", name="QR code for your authenticator app")
    expect(qr).to_be_visible()
    assert qr.get_attribute("src").startswith("data:image/svg+xml")
    page.wait_for_function("image => image.complete && image.naturalWidth > 0", arg=qr.element_handle())

    secret = privacy.locator(".two-factor-secret code").inner_text().replace(" ", "")
    code, password = privacy.get_by_label("Authentication Code"), privacy.get_by_label("Password", exact=True)
    code.fill("000000" if pyotp.TOTP(secret).now() != "000000" else "111111")
    privacy.get_by_role("button", name="Verify and Enable").click()
    expect(privacy.get_by_text("Password is required")).to_be_visible()
    password.fill("not-my-password")
    privacy.get_by_role("button", name="Verify and Enable").click()
    expect(privacy.locator(".field-error")).to_have_text("Password is incorrect")  # once: under its field only
    expect(privacy.locator(".alert-error")).to_have_count(0)
    expect(password).to_have_attribute("aria-invalid", "true")
    password.fill(DEFAULT_PASSWORD)
    privacy.get_by_role("button", name="Verify and Enable").click()
    expect(privacy.locator(".field-error")).to_have_text("Invalid code")
    expect(privacy.locator(".alert-error")).to_have_count(0)
    expect(code).to_have_attribute("aria-invalid", "true")

    code.fill(pyotp.TOTP(secret).now())
    privacy.get_by_role("button", name="Verify and Enable").click()
    codes = privacy.get_by_role("list", name="Recovery codes").get_by_role("listitem")
    expect(codes).to_have_count(10)
    privacy.get_by_role("button", name="Done").click()
    expect(codes).to_have_count(0)

    page.context.clear_cookies()
    sign_in(page, "dancer@example.com", DEFAULT_PASSWORD)
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_text("Enter the 6-digit code from your authenticator app")).to_be_visible()
    expect(dialog.get_by_role("alert")).to_have_count(0)  # the next step, not a failure
    dialog.get_by_label("Authentication code").fill(next_code(secret))
    dialog.get_by_role("button", name="Sign In").click()
    expect(page.locator(".topbar .user-menu-trigger")).to_be_visible()

    open_own_profile(page)
    privacy = open_section(page, "Privacy")
    expect(privacy.get_by_text("Two-factor authentication is on.")).to_be_visible()
    privacy.get_by_role("button", name="Disable").click()
    privacy.get_by_label("Password", exact=True).fill(DEFAULT_PASSWORD)
    privacy.get_by_role("button", name="Disable Two-Factor").click()
    expect(privacy.get_by_role("button", name="Enable")).to_be_visible()


def test_log_out_signs_out_everywhere(page: Page, user):
    signed_in(page)
    open_own_profile(page)
    open_section(page, "Log Out").get_by_role("button", name="Log Out").click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.locator(".topbar [data-open-auth='login']")).to_be_visible()


def test_settings_prompt_for_visitors(page: Page):
    page.goto("/settings")
    expect(page.get_by_role("heading", name="Account Settings")).to_be_visible()
    expect(page.get_by_text("Please log in to access settings")).to_be_visible()
    page.get_by_role("button", name="Go to Login").click()
    expect(page.get_by_role("dialog").get_by_text("Welcome back")).to_be_visible()


def test_settings_save_the_profile_and_change_the_password(page: Page, user):
    signed_in(page)
    page.goto("/settings")
    page.wait_for_selector("[data-island='settings'][data-island-mounted='true']", state="attached")
    profile = page.get_by_role("region", name="Profile Information")
    expect(profile.get_by_label("Bio")).to_have_attribute("placeholder", "Tell us about yourself...")
    profile.get_by_label("Email").fill("not-an-email")
    profile.get_by_role("button", name="Save Profile").click()
    expect(profile.get_by_text("Please enter a valid email address")).to_be_visible()

    profile.get_by_label("Email").fill("dancer@example.com")
    profile.get_by_label("Bio").fill("Cha-cha-cha")
    with page.expect_navigation():  # the saved profile reloads the page; the next fields belong to the new one
        profile.get_by_role("button", name="Save Profile").click()
    page.wait_for_selector("[data-island='settings'][data-island-mounted='true']", state="attached")
    expect(page.get_by_role("region", name="Profile Information").get_by_label("Bio")).to_have_value("Cha-cha-cha")

    password = page.get_by_role("region", name="Change Password")
    password.get_by_label("Current Password").fill(DEFAULT_PASSWORD)
    password.get_by_label("New Password", exact=True).fill(DEFAULT_PASSWORD)
    password.get_by_label("Confirm New Password").fill(DEFAULT_PASSWORD)
    password.get_by_role("button", name="Update Password").click()
    expect(password.get_by_text("New password must differ from the current password")).to_have_count(1)
    password.get_by_label("New Password", exact=True).fill(NEW_PASSWORD)
    password.get_by_label("Confirm New Password").fill(NEW_PASSWORD)
    password.get_by_role("button", name="Show password").first.click()
    expect(password.get_by_label("Current Password")).to_have_attribute("type", "text")
    password.get_by_role("button", name="Update Password").click()
    expect(password.get_by_text("Password updated successfully!")).to_be_visible()


def test_settings_ask_for_the_current_password_to_change_the_email_and_the_link_mailed_to_it_moves_the_account(
    page: Page, user, outbox
):
    signed_in(page)
    page.goto("/settings")
    page.wait_for_selector("[data-island='settings'][data-island-mounted='true']", state="attached")
    profile = page.get_by_role("region", name="Profile Information")
    current = profile.get_by_label("Current Password")
    expect(current).to_have_count(0)
    profile.get_by_label("Email").fill("Dancer@Example.com ")  # the same address, typed differently
    expect(current).to_have_count(0)

    profile.get_by_label("Email").fill("moved@example.com")
    expect(current).to_be_visible()
    profile.get_by_role("button", name="Save Profile").click()
    expect(profile.get_by_text("Current password is required")).to_be_visible()
    expect(current).to_be_focused()
    current.fill("not-my-password")
    profile.get_by_role("button", name="Show password").click()
    expect(current).to_have_attribute("type", "text")
    profile.get_by_role("button", name="Save Profile").click()
    expect(current).to_have_accessible_description(re.compile(r"^Current password is incorrect\b"))
    expect(current).to_have_attribute("aria-invalid", "true")
    expect(current).to_be_focused()
    expect(profile.get_by_role("alert")).to_have_count(0)

    current.fill(DEFAULT_PASSWORD)
    with page.expect_navigation():
        profile.get_by_role("button", name="Save Profile").click()
    page.wait_for_selector("[data-island='settings'][data-island-mounted='true']", state="attached")
    email = profile.get_by_label("Email")
    expect(email).to_have_value("dancer@example.com")
    expect(email).to_have_accessible_description("moved@example.com is used once you open the link we sent to it.")
    expect(current).to_have_count(0)

    sent = {to: body for to, _subject, body in outbox.deliver()}
    assert set(sent) == {"moved@example.com", "dancer@example.com"}  # the link, and word of it to the address in use
    page.goto(re.search(r"http://[^/]+(/account/email/\S+)", sent["moved@example.com"]).group(1))
    expect(page.get_by_text("The account @dancer will use moved@example.com from now on.")).to_be_visible()
    page.get_by_role("button", name="Use this address").click()
    expect(page.get_by_text("Your e-mail address is now moved@example.com.")).to_be_visible()
    page.get_by_role("link", name="Back to Settings").click()
    expect(profile.get_by_label("Email")).to_have_value("moved@example.com")
    expect(profile.get_by_label("Email")).to_have_accessible_description("")
    db.session.expire_all()
    assert db.session.get(User, user.id).email == "moved@example.com"


def test_settings_delete_the_account(page: Page, user):
    signed_in(page)
    page.goto("/settings")
    danger = page.get_by_role("region", name="Danger Zone")
    danger.get_by_role("button", name="Delete Account").click()
    confirm_deletion(page)
    sign_in(page, "dancer@example.com", DEFAULT_PASSWORD)
    expect(page.get_by_role("dialog").get_by_text("Invalid email or password")).to_be_visible()


@pytest.mark.parametrize("viewport", [(375, 812)], indirect=True, ids=["phone"])
def test_profile_fits_a_phone(page: Page, user):
    signed_in(page)
    open_own_profile(page)
    open_section(page, "Change Username")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375
    for tab in page.get_by_role("tab").all():
        assert tab.bounding_box()["height"] >= 44


def test_settings_cancel_a_waiting_email_change_and_its_link_stops_working(page: Page, user, outbox):
    signed_in(page)
    page.goto("/settings")
    page.wait_for_selector("[data-island='settings'][data-island-mounted='true']", state="attached")
    profile = page.get_by_role("region", name="Profile Information")
    cancel = profile.get_by_role("button", name="Cancel the e-mail change")
    expect(cancel).to_have_count(0)
    profile.get_by_label("Email").fill("typo@exmaple.com")
    profile.get_by_label("Current Password").fill(DEFAULT_PASSWORD)
    with page.expect_navigation():
        profile.get_by_role("button", name="Save Profile").click()
    page.wait_for_selector("[data-island='settings'][data-island-mounted='true']", state="attached")
    sent = {to: body for to, _subject, body in outbox.deliver()}  # the worker mails at once
    with page.expect_navigation():
        cancel.click()
    page.wait_for_selector("[data-island='settings'][data-island-mounted='true']", state="attached")
    expect(page.get_by_text("E-mail change cancelled")).to_be_visible()
    expect(profile.get_by_label("Email")).to_have_value("dancer@example.com")
    expect(profile.get_by_label("Email")).to_have_accessible_description("")
    expect(cancel).to_have_count(0)
    page.goto(re.search(r"http://[^/]+(/account/email/\S+)", sent["typo@exmaple.com"]).group(1))
    expect(page.get_by_text("This link is invalid or has expired.", exact=False)).to_be_visible()
    db.session.expire_all()
    assert db.session.get(User, user.id).email == "dancer@example.com"


def test_the_profile_cancels_a_waiting_email_change_in_place(page: Page, user, outbox):
    signed_in(page)
    changed = page.request.put(
        "/api/auth/profile",
        data={"username": "dancer", "email": "typo@exmaple.com", "bio": "", "currentPassword": DEFAULT_PASSWORD},
        headers={"X-CSRFToken": page.request.get("/api/auth/csrf").json()["csrfToken"]},
    )
    assert changed.ok
    open_own_profile(page)
    details = open_section(page, "Account Details")
    email = details.get_by_label("Email")
    expect(email).to_have_accessible_description("typo@exmaple.com is used once you open the link we sent to it.")
    details.get_by_role("button", name="Cancel the e-mail change").click()
    expect(details.get_by_text("E-mail change cancelled")).to_be_visible()
    expect(email).to_have_accessible_description("")
    expect(details.get_by_role("button", name="Cancel the e-mail change")).to_have_count(0)
    page.reload()
    expect(open_section(page, "Account Details").get_by_label("Email")).to_have_accessible_description("")

"""Journeys through the shell: registering, signing in and out, the user menu, admin-only places."""

import re

import pytest
from playwright.sync_api import Page, expect

from app.extensions import db
from app.models import Creator
from tests.browser.conftest import SCREENS, open_dialog, sign_in, words_split_across_lines
from tests.conftest import DEFAULT_PASSWORD

pytestmark = pytest.mark.browser


def register_form(page: Page):
    page.goto("/")
    open_dialog(page, "register")
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_text("Create your account")).to_be_visible()
    return dialog


def fill_registration(dialog, username, email="fresh@example.com", password="secret1", confirm=None):
    dialog.get_by_label("Username").fill(username)
    dialog.get_by_label("Email").fill(email)
    dialog.get_by_label("Password", exact=True).fill(password)
    dialog.get_by_label("Confirm Password").fill(confirm if confirm is not None else password)


@pytest.mark.parametrize(
    ("username", "password", "confirm", "message"),
    [
        ("has space", "secret1", None, "Username cannot contain spaces"),
        ("bad-name!", "secret1", None, "Username can only contain letters, numbers, and underscores"),
        ("ab", "secret1", None, "Username must be at least 3 characters long"),
        ("good_name", "secret1", "secret2", "Passwords do not match"),
        ("good_name", "short", None, "Password must be at least 6 characters long"),
    ],
)
def test_register_shows_each_validation_error(page: Page, username, password, confirm, message):
    dialog = register_form(page)
    fill_registration(dialog, username, password=password, confirm=confirm)
    dialog.get_by_role("button", name="Create Account").click()
    expect(dialog.get_by_text(message, exact=True)).to_be_visible()
    expect(page.locator(".topbar [data-open-auth='login']")).to_be_visible()


def test_register_checks_availability_and_blocks_a_taken_username(page: Page, user):
    dialog = register_form(page)
    fill_registration(dialog, "dancer")
    expect(dialog.get_by_text("Username already exists")).to_be_visible()
    dialog.get_by_role("button", name="Create Account").click()
    expect(dialog.get_by_text("Please fix username errors before submitting")).to_be_visible()
    dialog.get_by_label("Username").fill("dancer_two")
    expect(dialog.get_by_text("Username is available")).to_be_visible()


@SCREENS
def test_a_username_is_at_most_30_characters_and_a_refusal_is_said_once(page: Page, make_user):
    dialog = register_form(page)
    username = dialog.get_by_label("Username")
    expect(username).to_have_attribute("maxlength", "30")
    username.press_sequentially("a_very_long_dance_username_over_30")
    expect(username).to_have_value("a_very_long_dance_username_ove")

    fill_registration(dialog, "late_taker")
    expect(dialog.get_by_text("Username is available")).to_be_visible()
    make_user("late_taker")  # someone else takes it after the check
    dialog.get_by_role("button", name="Create Account").click()
    expect(dialog.get_by_text("Username already exists")).to_have_count(1)
    expect(dialog.get_by_text("Username is available")).to_have_count(0)
    expect(username).to_be_focused()


def link_sent(email: str) -> str:
    return f"Almost done! We sent a link to {email}. Open it within 24 hours to finish creating your account."


@SCREENS
def test_a_form_sent_before_the_username_check_answers_is_sent_not_swallowed(page: Page):
    """As an autofilled form sent at once, or Enter on the last field: the click goes through."""
    dialog = register_form(page)
    fill_registration(dialog, "quick_dancer", email="quick@example.com")
    dialog.get_by_role("button", name="Create Account").click()  # well inside the check's 500 ms
    expect(dialog.get_by_role("region", name="Check your e-mail")).to_contain_text(link_sent("quick@example.com"))


def test_register_with_a_taken_email_answers_as_for_a_new_one(page: Page, user, outbox):
    dialog = register_form(page)
    fill_registration(dialog, "another_one", email="dancer@example.com")
    expect(dialog.get_by_text("Username is available")).to_be_visible()
    dialog.get_by_role("button", name="Create Account").click()
    sent = dialog.get_by_role("region", name="Check your e-mail")
    expect(sent).to_contain_text(link_sent("dancer@example.com"))
    expect(dialog.get_by_role("alert")).to_have_count(0)

    [(to, subject, _body)] = outbox.deliver()
    assert (to, subject) == ("dancer@example.com", "You already have a Danza account")
    sent.get_by_role("button", name="Back to sign in").click()
    expect(dialog.get_by_text("Welcome back")).to_be_visible()
    expect(dialog.get_by_label("Email")).to_be_focused()


def test_register_finishes_by_the_mailed_link(page: Page, outbox):
    dialog = register_form(page)
    fill_registration(dialog, "newcomer", email="newcomer@example.com")
    expect(dialog.get_by_text("Username is available")).to_be_visible()
    dialog.get_by_role("button", name="Create Account").click()
    sent = dialog.get_by_role("region", name="Check your e-mail")
    expect(sent).to_be_focused()  # screen readers read the message at once
    expect(sent).to_contain_text(link_sent("newcomer@example.com"))
    page.reload()
    expect(page.locator(".topbar [data-open-auth='login']")).to_be_visible()  # no account, no session yet

    [(to, _subject, body)] = outbox.deliver()
    assert to == "newcomer@example.com"
    page.goto(re.search(r"http://[^/]+(/register/confirm/\S+)", body).group(1))
    expect(page.get_by_text("Your account will be @newcomer.")).to_be_visible()
    page.get_by_role("button", name="Create my account").click()
    expect(page.get_by_text("Your account is ready. Welcome, @newcomer!")).to_be_visible()
    page.get_by_role("link", name="Start watching").click()
    expect(page.locator(".topbar").get_by_text("newcomer")).to_be_visible()
    expect(page.get_by_role("link", name=re.compile("Your Channel"))).to_be_visible()


def test_register_can_go_back_to_correct_the_details(page: Page, outbox):
    dialog = register_form(page)
    fill_registration(dialog, "typo_fixer", email="typo@exmaple.com")
    expect(dialog.get_by_text("Username is available")).to_be_visible()
    dialog.get_by_role("button", name="Create Account").click()
    dialog.get_by_role("button", name="correct your details").click()
    expect(dialog.get_by_label("Email")).to_have_value("typo@exmaple.com")
    dialog.get_by_label("Email").fill("typo@example.com")
    dialog.get_by_role("button", name="Create Account").click()
    expect(dialog.get_by_role("region", name="Check your e-mail")).to_contain_text(link_sent("typo@example.com"))
    # The first link still works until it expires: whichever is opened first creates the account.
    assert sorted(to for to, _subject, _body in outbox.deliver()) == ["typo@example.com", "typo@exmaple.com"]


def test_login_failure_then_success_then_logout(page: Page, user):
    sign_in(page, "dancer@example.com", "wrong-password")
    expect(page.get_by_role("dialog").get_by_text("Invalid email or password")).to_be_visible()

    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Password", exact=True).fill(DEFAULT_PASSWORD)
    dialog.get_by_role("button", name="Sign In").click()
    menu_button = page.locator(".topbar").get_by_role("button", name=re.compile("dancer"))
    expect(menu_button).to_be_visible()

    menu_button.click()
    menu = page.get_by_role("menu")
    expect(menu.get_by_text("dancer@example.com")).to_be_visible()
    expect(menu.get_by_role("menuitem", name="Profile")).to_have_attribute("href", "/profile/dancer")
    page.locator(".site-footer .disclaimer").click()
    expect(menu).to_be_hidden()

    menu_button.click()
    page.get_by_role("menuitem", name="Logout").click()
    expect(page.locator(".topbar [data-open-auth='login']")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/$"))


def test_password_can_be_shown_and_hidden(page: Page):
    page.goto("/")
    open_dialog(page)
    password = page.get_by_role("dialog").get_by_label("Password", exact=True)
    password.fill("peekaboo")
    page.get_by_role("dialog").get_by_role("button", name="Show password").click()
    expect(password).to_have_attribute("type", "text")
    page.get_by_role("dialog").get_by_role("button", name="Hide password").click()
    expect(password).to_have_attribute("type", "password")


def test_only_admins_see_the_developer_link(page: Page, user, admin):
    sign_in(page, "dancer@example.com", DEFAULT_PASSWORD)
    expect(page.locator(".topbar").get_by_role("button", name=re.compile("dancer"))).to_be_visible()
    expect(page.get_by_role("link", name="Developer")).to_have_count(0)

    page.context.clear_cookies()
    sign_in(page, "boss@example.com", DEFAULT_PASSWORD)
    expect(page.get_by_role("link", name="Developer")).to_be_visible()


def test_visitor_is_sent_home_from_the_portal_and_returned_after_signing_in(page: Page, admin):
    page.goto("/developer-portal")
    expect(page).to_have_url(re.compile(r"/$"))
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_text("Welcome back")).to_be_visible()
    dialog.get_by_label("Email").fill("boss@example.com")
    dialog.get_by_label("Password", exact=True).fill(DEFAULT_PASSWORD)
    dialog.get_by_role("button", name="Sign In").click()
    expect(page).to_have_url(re.compile(r"/developer-portal$"))
    expect(page.get_by_role("heading", name="Developer Portal")).to_be_visible()


@SCREENS
def test_signed_in_non_admin_is_sent_home_from_the_portal_and_told_why(page: Page, user, catalog):
    sign_in(page, "dancer@example.com", DEFAULT_PASSWORD)
    expect(page.locator(".topbar").get_by_role("button", name=re.compile("dancer"))).to_be_visible()
    page.goto("/developer-portal")
    expect(page).to_have_url(re.compile(r"/(\?.*)?$"))
    expect(page.get_by_role("heading", name="Developer Portal")).to_have_count(0)
    expect(page.locator("#page-notices")).to_have_text("That page is for admins only.")
    expect(page.get_by_role("dialog")).to_have_count(0)  # signing in again would not help
    # The notice takes its room from the video: the feed's controls still end on the first screen.
    controls = page.get_by_role("group", name="Video controls")
    expect(controls).to_be_visible()
    assert controls.bounding_box()["y"] + controls.bounding_box()["height"] <= page.viewport_size["height"]
    page.reload()
    expect(page.locator("#page-notices")).to_be_empty()


@SCREENS
def test_the_sidebars_more_creators_leads_to_every_creator_a_page_at_a_time(page: Page):
    db.session.add_all([Creator(username=f"mover{i:02d}", video_count=i) for i in range(60)])
    db.session.commit()
    page.goto("/")
    if page.viewport_size["width"] < 1024:
        page.get_by_role("button", name="Open navigation").click()
    page.get_by_role("link", name="and 50 more creators").click()

    expect(page).to_have_url(re.compile(r"/creators$"))
    expect(page.get_by_role("heading", name="Creators", level=1)).to_be_visible()
    listed = page.get_by_role("list", name="Creators").get_by_role("link")
    expect(listed).to_have_count(48)
    expect(listed.first).to_contain_text("@mover59")
    page.get_by_role("link", name="Next").click()
    expect(page).to_have_url(re.compile(r"/creators\?page=2$"))
    expect(listed).to_have_count(12)
    expect(page.get_by_text("Page 2 of 2")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    listed.last.click()
    expect(page).to_have_url(re.compile(r"/user/mover00$"))


@SCREENS
def test_a_long_username_and_address_wrap_between_their_parts_never_inside_one(page: Page, make_user):
    email = "a.very.long.email.address.for.dancing@some-long-domain-example.com"
    make_user("the_longest_dance_username_yet", email=email)
    sign_in(page, email, DEFAULT_PASSWORD)
    page.locator(".topbar .user-menu-trigger").click()
    identity = page.get_by_role("menu", name="Account").locator(".user-menu-identity")
    expect(identity).to_contain_text(email)
    assert words_split_across_lines(identity) == []
    box = identity.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"]

    page.goto("/profile/the_longest_dance_username_yet")
    heading = page.get_by_role("heading", name="the_longest_dance_username_yet", level=1)
    expect(heading).to_be_visible()
    assert words_split_across_lines(heading) == []
    page.wait_for_selector("[data-island='profile'][data-island-mounted='true']", state="attached")
    assert words_split_across_lines(heading) == []


@SCREENS
def test_a_username_with_no_break_in_it_wraps_anywhere_rather_than_leave_the_screen(page: Page, make_user):
    """Thirty letters and nothing between them ran off both sides of a phone's profile page, which then scrolled
    sideways."""
    name = "b" * 30
    make_user(name)
    sign_in(page, f"{name}@example.com", DEFAULT_PASSWORD)
    expect(page.locator(".topbar .user-menu-trigger")).to_be_visible()
    page.goto(f"/profile/{name}")
    page.wait_for_selector("[data-island='profile'][data-island-mounted='true']", state="attached")
    heading = page.get_by_role("heading", name=name, level=1)
    expect(heading).to_be_visible()
    box = heading.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def test_sidebar_user_search(page: Page, make_user):
    make_user("salsa_sam")
    page.goto("/")
    page.locator("#sidebar-search-input").fill("salsa")
    expect(page.locator("#sidebar-search-results").get_by_text("@salsa_sam")).to_be_visible()
    page.locator("#sidebar-search-input").fill("zzzz")
    expect(page.locator("#sidebar-search-results").get_by_text("No users found")).to_be_visible()


def test_contact_form_sends_without_a_reload(page: Page):
    page.goto("/contact-us")
    page.get_by_role("button", name="Send Message").click()
    expect(page.get_by_text("Name is required")).to_be_visible()
    page.get_by_label("Name*").fill("Ana")
    page.get_by_label("Email Address*").fill("ana@example.com")
    page.get_by_label("Subject*").select_option("feedback")
    page.get_by_label("Message*").fill("Lovely site.")
    page.get_by_role("button", name="Send Message").click()
    expect(page.get_by_text("Thank you for your message! We will get back to you soon.")).to_be_visible()


@pytest.mark.parametrize("viewport", [(375, 812)], indirect=True, ids=["phone"])
def test_phone_navigation_drawer(page: Page):
    db.session.add_all([Creator(username=f"dancer{i:02d}") for i in range(10)])  # a drawer taller than the phone
    db.session.commit()
    page.goto("/")
    sidebar = page.locator("#sidebar")
    expect(page.get_by_role("link", name="Dance Trends")).not_to_be_in_viewport()
    page.get_by_role("button", name="Open navigation").click()
    expect(page.get_by_role("link", name="Dance Trends")).to_be_in_viewport()
    expect(sidebar.get_by_role("link", name="Home")).to_be_focused()  # keyboard users land in the drawer
    drawer, topbar = sidebar.bounding_box(), page.locator(".topbar").bounding_box()
    assert drawer["y"] >= topbar["height"] and drawer["y"] + drawer["height"] <= 812
    page.keyboard.press("Escape")
    expect(sidebar.get_by_role("link", name="Dance Trends")).not_to_be_in_viewport()
    expect(page.get_by_role("button", name="Open navigation")).to_be_focused()


@pytest.mark.parametrize(("path", "heading"), [("/login", "Welcome back"), ("/register", "Create your account")])
def test_sign_in_pages_open_their_dialog(page: Page, path, heading):
    page.goto(path)
    expect(page.get_by_role("dialog").get_by_text(heading)).to_be_visible()
    page.get_by_role("dialog").get_by_role("button", name="Close").click()
    expect(page.get_by_role("dialog")).to_have_count(0)


@SCREENS
def test_signing_in_on_the_login_page_returns_to_the_page_the_visitor_came_from(page: Page, user):
    """The page said 'You're signed in' with a link home, wherever the visitor had been."""
    page.goto("/categories")
    page.evaluate("location.assign('/login')")  # as a link to it would, the page it was on is the referrer
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Email").fill("dancer@example.com")
    dialog.get_by_label("Password", exact=True).fill(DEFAULT_PASSWORD)
    dialog.get_by_role("button", name="Sign In").click()
    expect(page).to_have_url(re.compile(r"/categories$"))
    expect(page.locator(".user-menu-mount")).to_be_attached()


def test_forgotten_password_by_email_link(page: Page, user, outbox):
    page.goto("/login")
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Email").fill("dancer@example.com")
    dialog.get_by_role("button", name="Forgot password?").click()
    dialog.get_by_role("button", name="Send link").click()
    expect(dialog.get_by_text("If an account exists for that e-mail address")).to_be_visible()

    link = re.search(r"http://[^/]+(/reset-password/\S+)", outbox.deliver()[0][2]).group(1)
    page.goto(link)
    page.get_by_label("New Password", exact=True).fill("fresh-pass")
    page.get_by_label("Confirm New Password").fill("fresh-pass")
    page.get_by_role("button", name="Update Password").click()
    expect(page.get_by_text("Your password has been changed")).to_be_visible()

    page.get_by_role("button", name="Sign In").click()
    dialog.get_by_label("Email").fill("dancer@example.com")
    dialog.get_by_label("Password", exact=True).fill("fresh-pass")
    dialog.get_by_role("button", name="Sign In").click()
    expect(page.locator(".topbar").get_by_role("button", name=re.compile("dancer"))).to_be_visible()

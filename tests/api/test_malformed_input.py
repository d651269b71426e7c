"""Malformed input answers a clear 400 (413 for a body too large, 405 with Allow for a wrong method), never a 500:
NUL characters anywhere a request carries text, JSON nested too deeply or too large, odd dates, limits out of range."""

import io
import json
from datetime import UTC, datetime

import pytest
from sqlalchemy import func, select

from app.api.openapi import build_document
from app.extensions import db
from app.models import Hashtag, Video, VideoHashtag
from tests.conftest import ApiClient
from tests.fakes import videos

NUL_MESSAGE = "Requests may not contain NUL characters"
DEEP_JSON_MESSAGE = "JSON body is nested too deeply"
VIDEO = "7234567890123456789"
DEEP_JSON = "[" * 50_000


@pytest.fixture
def bearer(app, api, make_user):
    """Bearer tokens of a fresh user and admin: NUL probes reach guarded views, and no CSRF token is needed."""

    def token(role: str) -> str:
        make_user(role, role=role)
        return ApiClient(app.test_client()).login(f"{role}@example.com").get_json()["token"]

    return {"user": token("user"), "admin": token("admin")}


# ---- NUL characters ----------------------------------------------------------------------------------------

PAGE_PROBES = [
    ("GET", "/search?q=da%00nce"),
    ("GET", "/partials/user-search?q=da%00nce"),
    ("GET", "/profile/da%00ncer"),
    ("GET", "/user/da%00ncer"),
    ("GET", "/dance-trends?search=%00"),
    ("GET", f"/dance-trends/song_artist/dancer-{VIDEO}%00"),
    ("GET", f"/categories/da%00nce/dancer-{VIDEO}"),
    ("GET", "/categories?playlist=1%00"),
    ("GET", "/contact-us?subject=%00"),
    ("GET", "/reset-password/tok%00en"),
    ("GET", "/register/confirm/tok%00en"),
    ("GET", f"/thumbs/{VIDEO}%00.jpg"),
    ("GET", "/about-us?x%00=1"),
]
PAGE_FORM_PROBES = [
    ("/contact-us", {"name": "Da\x00ncer", "email": "a@example.com", "subject": "General Inquiry", "message": "Hi"}),
    ("/reset-password/tok%00en", {"password": "new-secret-456", "confirm": "new-secret-456"}),
    ("/reset-password/token", {"password": "new\x00secret", "confirm": "new\x00secret"}),
    ("/register/confirm/tok%00en", {}),
]
API_PROBES = [
    ("GET", "/api/users?search=da%00nce", None),
    ("GET", "/api/auth/check-username?username=da%00ncer", None),
    ("GET", "/api/tiktok/dance-trends?search=%00", None),
    ("GET", "/api/tiktok/dance-trends/videos?songKey=%00", None),
    ("GET", "/api/tiktok/hashtags?_t=%00", None),
    ("GET", "/api/tiktok/videos/hashtag/da%00nce", None),
    ("GET", "/api/tiktok/videos?tags=da%00nce", None),
    ("GET", f"/api/tiktok/videos?videoId={VIDEO}%00", None),
    ("GET", f"/api/tiktok/videos/find-by-id/{VIDEO}%00", None),
    ("GET", "/api/tiktok/usernames/da%00ncer", None),
    ("GET", "/api/tiktok/usernames/da%00ncer/followers", None),
    ("GET", "/api/tiktok/videos/da%00ncer", None),
    ("GET", "/api/tiktok/dance-trends/user/da%00ncer", None),
    ("GET", "/api/tiktok/categories/user/da%00ncer/hashtags", None),
    ("GET", "/api/tiktok/videos/user/da%00ncer/trend/song", None),
    ("GET", "/api/tiktok/videos/user/dancer/hashtag/da%00nce", None),
    ("GET", "/api/tiktok/videos/following/hashtag/da%00nce", "user"),
    ("GET", "/api/tiktok/extraction-progress/da%00ncer", "user"),
    ("GET", f"/api/videos/{VIDEO}%00/playlists", "user"),
    ("DELETE", "/api/tiktok/usernames/da%00ncer", "admin"),
    ("GET", "/api/active-downloads/da%00ncer", "admin"),
    ("GET", "/api/download-progress/da%00ncer", "admin"),
    ("GET", "/api/tiktok/videos/enhanced-health-check/jo%00b", "admin"),
]
API_JSON_PROBES = [
    ("/api/auth/login", {"email": "dancer\x00@example.com", "password": "secret123"}, None),
    ("/api/auth/register", {"username": "da\x00ncer", "email": "new@example.com", "password": "secret123"}, None),
    ("/api/auth/forgot-password", {"email": "dancer\x00@example.com"}, None),
    ("/api/tiktok/videos/user-report", {"videoId": f"{VIDEO}\x00", "reason": "unavailable"}, None),
    ("/api/tiktok/follow", {"username": "da\x00ncer"}, "user"),
    ("/api/playlists", {"name": "Mix\x00", "isPublic": True}, "user"),
    ("/api/tiktok/preview-profile", {"username": "da\x00ncer"}, "user"),
]


def assert_refused_as_nul(response, *, page: bool = False) -> None:
    assert response.status_code == 400, response.get_data(as_text=True)[:500]
    if page:
        assert NUL_MESSAGE in response.get_data(as_text=True)
    else:
        assert response.get_json() == {"success": False, "message": NUL_MESSAGE}


@pytest.mark.parametrize(("method", "path"), PAGE_PROBES)
def test_a_nul_in_a_page_address_is_a_400(client, catalog, method, path):
    assert_refused_as_nul(client.open(path, method=method), page=True)


@pytest.mark.parametrize(("path", "form"), PAGE_FORM_PROBES)
def test_a_nul_in_a_page_form_is_a_400(api, catalog, path, form):
    assert_refused_as_nul(api.post(path, data=form), page=True)


@pytest.mark.parametrize(("method", "path", "role"), API_PROBES)
def test_a_nul_in_an_api_address_is_a_400(api, bearer, catalog, method, path, role):
    response = api.request(method, path, token=bearer[role] if role else None, csrf=role is None)
    assert_refused_as_nul(response)


@pytest.mark.parametrize(("path", "body", "role"), API_JSON_PROBES)
def test_a_nul_in_a_json_body_is_a_400(api, bearer, catalog, path, body, role):
    response = api.request("POST", path, body, token=bearer[role] if role else None, csrf=role is None)
    assert_refused_as_nul(response)


def test_a_nul_in_an_upload_form_field_or_file_name_is_a_400(api, bearer):
    token = bearer["user"]
    for form in (
        {"title": "Da\x00nce", "video": (io.BytesIO(videos.mp4(b"\x00" * 64)), "dance.mp4")},
        {"title": "Dance", "video": (io.BytesIO(videos.mp4(b"\x00" * 64)), "dan\x00ce.mp4")},
    ):
        response = api.request("POST", "/api/uploads", token=token, csrf=False, data=form)
        assert_refused_as_nul(response)


NAMELESS_PART = (
    b"--XX\r\nContent-Disposition: form-data\r\n\r\nnameless\r\n"
    b'--XX\r\nContent-Disposition: form-data; name="title"\r\n\r\nDance\r\n--XX--\r\n'
)


@pytest.mark.parametrize("signed_in_by", ["bearer", "cookie", "nobody"])
def test_a_form_part_without_a_name_is_ignored_not_a_server_error(api, bearer, signed_in_by):
    """A part whose name cannot be read must not reach code that reads every name (the CSRF check, the NUL check)."""
    headers = {"Content-Type": "multipart/form-data; boundary=XX"}
    if signed_in_by == "bearer":
        headers["Authorization"] = f"Bearer {bearer['user']}"
    elif signed_in_by == "cookie":
        api.login("user@example.com")
        headers["X-CSRFToken"] = api.refresh_csrf()
    response = api.client.post("/api/uploads", data=NAMELESS_PART, headers=headers)
    if signed_in_by == "nobody":
        assert response.status_code == 400  # no CSRF token: refused before anything else, in the envelope
    else:
        assert response.status_code == 400
        assert response.get_json()["errors"] == {"video": "Choose a video file to upload"}


# ---- deep and large JSON -------------------------------------------------------------------------------------


def json_operations(app) -> list[tuple[str, str]]:
    """Every (method, path) whose operation reads a JSON body, path parameters filled with harmless values."""
    with app.test_request_context():
        paths = build_document()["paths"]
    found = []
    for path, operations in paths.items():
        for method, op in operations.items():
            if "application/json" in op.get("requestBody", {}).get("content", {}):
                found.append((method.upper(), path.format_map(PathValues())))
    return found


class PathValues(dict):
    def __missing__(self, name: str) -> str:
        return "1" if name.endswith("_id") and name != "video_id" else ("dancer" if name == "username" else VIDEO)


def test_every_json_operation_refuses_deeply_nested_json_with_a_400(app, api, bearer):
    operations = json_operations(app)
    assert len(operations) >= 15
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {bearer['admin']}"}
    for method, path in operations:
        response = api.client.open(path, method=method, data=DEEP_JSON, headers=headers)
        assert response.status_code == 400, (method, path, response.get_data(as_text=True)[:300])
        assert response.get_json()["message"] == DEEP_JSON_MESSAGE, (method, path)


def test_deep_json_to_login_is_a_400_from_a_visitor_too(api):
    response = api.client.post(
        "/api/auth/login",
        data=DEEP_JSON,
        headers={"Content-Type": "application/json", "X-CSRFToken": api.refresh_csrf()},
    )
    assert response.status_code == 400
    assert response.get_json()["message"] == DEEP_JSON_MESSAGE


def test_json_nested_deeper_than_any_operation_needs_is_refused_before_validation(api):
    body = '{"email": ' + "[" * 40 + "]" * 40 + ', "password": "x"}'
    response = api.client.post(
        "/api/auth/login", data=body, headers={"Content-Type": "application/json", "X-CSRFToken": api.refresh_csrf()}
    )
    assert response.status_code == 400
    assert response.get_json()["message"] == DEEP_JSON_MESSAGE


def test_an_unpaired_surrogate_in_json_is_a_400(api, bearer):
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {bearer['user']}"}
    response = api.client.post("/api/tiktok/preview-profile", data='{"username": "da\\ud800ncer"}', headers=headers)
    assert response.status_code == 400
    assert response.get_json()["message"] == "Request text must be valid Unicode"


def test_a_json_body_larger_than_its_operation_takes_is_a_413(api):
    body = json.dumps({"email": "dancer@example.com", "password": "x" * 200_000})
    response = api.client.post(
        "/api/auth/login", data=body, headers={"Content-Type": "application/json", "X-CSRFToken": api.refresh_csrf()}
    )
    assert response.status_code == 413
    assert response.get_json() == {
        "success": False,
        "message": "Request body is too large: at most 64 KB is accepted here",
    }


def test_confirm_profile_takes_its_ten_thousand_video_ids(api, bearer):
    body = {"username": "dancer", "videos": [{"videoId": str(7_000_000_000_000_000_000 + n)} for n in range(10_000)]}
    assert len(json.dumps(body)) > 64 * 1024
    response = api.request("POST", "/api/tiktok/confirm-profile", body, token=bearer["user"], csrf=False)
    assert response.status_code == 409  # read and validated: no extraction of @dancer was started
    assert response.get_json()["message"] == "Find the videos of @dancer before adding the profile"


def test_an_upload_may_be_larger_than_a_json_body(api, bearer):
    video = videos.mp4(b"\x00" * (128 * 1024))
    form = {"title": "Dance", "tags": "dance", "visibility": "public", "video": (io.BytesIO(video), "dance.mp4")}
    response = api.request("POST", "/api/uploads", token=bearer["user"], csrf=False, data=form)
    assert response.status_code == 201, response.get_data(as_text=True)


def test_confirm_profile_refuses_more_than_its_declared_megabyte(api, bearer):
    body = {"username": "dancer", "videos": [{"videoId": VIDEO, "note": "x" * 1000}] * 1100}
    response = api.request("POST", "/api/tiktok/confirm-profile", body, token=bearer["user"], csrf=False)
    assert response.status_code == 413
    assert response.get_json()["message"] == "Request body is too large: at most 1 MB is accepted here"


def test_a_visitor_s_huge_json_is_refused_before_it_is_read(api):
    huge = b'{"videoId": "' + b"7" * (110 * 1024 * 1024) + b'"}'
    response = api.post("/api/tiktok/videos/user-report", None, data=huge, content_type="application/json")
    assert response.status_code == 413


def test_json_that_does_not_parse_is_a_clear_400(api):
    response = api.post("/api/auth/login", None, data='{"email": ', content_type="application/json")
    assert response.status_code == 400
    assert response.get_json() == {"success": False, "message": "Request body is not valid JSON"}


def test_a_page_form_larger_than_the_cap_is_a_413_page(api):
    form = {"name": "Dancer", "email": "a@example.com", "subject": "General Inquiry", "message": "x" * 100_000}
    response = api.post("/contact-us", data=form)
    assert response.status_code == 413
    assert "Request body is too large" in response.get_data(as_text=True)


# ---- odd dates -------------------------------------------------------------------------------------------------


def hashtags_in(api, start: str | None, end: str | None):
    """The hashtags over a date range; an end given as None is left out."""
    bounds = {key: value for key, value in (("start", start), ("end", end)) if value}
    return api.get("/api/tiktok/hashtags", query_string={"limit": 1000, "dateRange": json.dumps(bounds)})


def counted_from_videos(start: str | None, end: str | None) -> dict[str, int]:
    """Each hashtag's active videos posted in the range, counted from the videos themselves."""
    in_range = select(Video.id).where(Video.is_active.is_(True))
    if start:
        in_range = in_range.where(Video.posted_at >= datetime.fromisoformat(start).replace(tzinfo=UTC))
    if end:
        in_range = in_range.where(Video.posted_at < datetime.fromisoformat(end).replace(tzinfo=UTC))
    return dict(
        db.session.execute(
            select(Hashtag.name, func.count(VideoHashtag.video_id))
            .join(VideoHashtag, VideoHashtag.hashtag_id == Hashtag.id)
            .where(VideoHashtag.video_id.in_(in_range))
            .group_by(Hashtag.name)
        ).all()
    )


@pytest.mark.parametrize(("start", "end"), [("2024-02-29", "2024-03-30"), ("2020-02-29", "2020-03-31")])
def test_a_date_range_from_a_leap_day_counts_the_videos_in_it(api, catalog, start, end):
    response = hashtags_in(api, start, end)
    assert response.status_code == 200
    assert {h["hashtag"][1:]: h["count"] for h in response.get_json()["hashtags"]} == counted_from_videos(start, end)


@pytest.mark.parametrize(("start", "end"), [("2019-01-01", "2024-01-01"), ("2021-01-01", None), (None, "2100-01-01")])
def test_a_range_of_whole_years_counts_them_all(api, catalog, start, end):
    # From each year's counts: an open end over a million videos grouped every one of them (26 s on SQLite).
    response = hashtags_in(api, start, end)
    assert response.status_code == 200
    assert {h["hashtag"][1:]: h["count"] for h in response.get_json()["hashtags"]} == counted_from_videos(start, end)


@pytest.mark.parametrize(("start", "end"), [("2024-03-01", "2024-05-01"), ("2024-03-15", None), (None, "2024-03-15")])
def test_a_range_that_is_not_whole_years_spans_at_most_31_days(api, catalog, start, end):
    response = hashtags_in(api, start, end)
    assert response.status_code == 400
    assert response.get_json()["message"] == "A date range that is not whole years spans at most 31 days"


@pytest.mark.parametrize(
    ("start", "end"),
    [("9999-01-01", "9999-12-31"), ("0001-01-01", "2025-01-01"), ("2024-01-01", "9999-12-31T23:59:59-23:59")],
)
def test_a_date_range_outside_sane_years_is_a_400(api, catalog, start, end):
    response = hashtags_in(api, start, end)
    assert response.status_code == 400
    assert response.get_json()["message"] == "Date range dates must fall between 1970 and 2100"


@pytest.mark.parametrize(("start", "end"), [("2025-02-29", "2025-03-01"), ("2024-13-01", "2025-01-01")])
def test_a_date_range_with_a_date_that_does_not_exist_is_a_400(api, catalog, start, end):
    response = hashtags_in(api, start, end)
    assert response.status_code == 400
    assert response.get_json()["message"] == "Date range dates must be ISO dates (YYYY-MM-DD)"


def test_a_whole_year_as_a_date_range_counts_that_year(api, catalog):
    by_range = hashtags_in(api, "2024-01-01", "2025-01-01").get_json()["hashtags"]
    by_year = api.get("/api/tiktok/hashtags?year=2024").get_json()["hashtags"]
    assert by_range == by_year


# ---- limits ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("limit", ["-1", "0", "21", "abc", "99999999999999999999"])
def test_the_user_search_fragment_refuses_a_limit_out_of_range(client, make_user, limit):
    make_user("dancer")
    response = client.get(f"/partials/user-search?q=dan&limit={limit}", headers={"HX-Request": "true"})
    assert response.status_code == 400
    assert response.get_json()["errors"] == {"limit": response.get_json()["message"]}


def test_the_user_search_fragment_takes_a_limit_in_range(client, make_user):
    make_user("dancer")
    response = client.get("/partials/user-search?q=dan&limit=20", headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert "dancer" in response.get_data(as_text=True)


@pytest.mark.parametrize(
    "path",
    [
        "/api/tiktok/usernames?limit=-1",
        "/api/tiktok/usernames?page=0",
        "/api/tiktok/dance-trends?page=-5",
        "/api/tiktok/hashtags?limit=-1",
        "/api/users?search=ab&offset=-1",
        "/api/users?search=ab&limit=21",
        "/api/playlists/public?offset=-1",
        "/api/playlists/public?limit=51",
        "/api/tiktok/suggestions?limit=-1",
        "/api/tiktok/random-video?count=0",
        "/api/tiktok/videos/dancer?page=100001",
        "/api/tiktok/videos?limit=101",
        "/api/tiktok/dance-trends?limit=99999999999999999999999",
    ],
)
def test_every_api_limit_page_and_offset_is_bounded(api, path):
    response = api.get(path)
    assert response.status_code == 400
    message = response.get_json()["message"]
    assert message in {
        "Limit is out of range",
        "Page is out of range",
        "Offset is out of range",
        "Count is out of range",
    }


@pytest.mark.parametrize(
    "path",
    [
        "/api/playlists/2147483648/videos",
        "/api/playlists/99999999999999999999999/videos",
        "/api/admin/video-reports/2147483648",
        "/api/download-status/2147483648",
        "/api/admin/uploads/2147483648/file",
        "/sitemap-99999999999999999999.xml",
    ],
)
def test_an_id_in_a_path_beyond_the_database_s_integers_names_nothing(api, bearer, path):
    method = "PUT" if "video-reports" in path else "GET"
    body = {"status": "approved"} if method == "PUT" else None
    response = api.request(method, path, body, token=bearer["admin"], csrf=False)
    assert response.status_code == 404


def test_a_download_id_beyond_the_database_s_integers_is_a_400(api, bearer):
    response = api.request("GET", "/api/download-file?id=2147483648", token=bearer["admin"], csrf=False)
    assert response.status_code == 400
    assert response.get_json()["errors"] == {"id": "Download id is out of range"}


# ---- wrong methods --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("PUT", "/api/tiktok/hashtags", {"GET", "HEAD", "OPTIONS"}),
        ("DELETE", "/about-us", {"GET", "HEAD", "OPTIONS"}),
        ("GET", "/api/auth/login", {"POST", "OPTIONS"}),
    ],
)
def test_a_wrong_method_is_a_405_that_names_the_allowed_ones(api, method, path, allowed):
    response = api.request(method, path)
    assert response.status_code == 405
    assert {m.strip() for m in response.headers["Allow"].split(",")} == allowed


@pytest.mark.parametrize(("method", "path"), [("POST", "/api/auth/me"), ("PATCH", "/contact-us"), ("PUT", "/nowhere")])
def test_a_wrong_method_or_path_is_answered_before_the_csrf_check(client, method, path):
    response = client.open(path, method=method)
    assert response.status_code == (404 if path == "/nowhere" else 405)
    assert ("Allow" in response.headers) == (response.status_code == 405)


@pytest.mark.parametrize(("method", "path"), [("GET", "/"), ("POST", "/contact-us"), ("POST", "/api/auth/login")])
def test_only_the_upload_takes_a_large_multipart_body(client, method, path):
    big = {"video": (io.BytesIO(b"\x00" * (200 * 1024)), "big.bin"), "name": "x"}
    response = client.open(path, method=method, data=big, content_type="multipart/form-data")
    assert response.status_code == 413


def test_a_sign_in_key_read_from_an_oversized_body_falls_back_to_the_address(app):
    from app.ratelimit import attempted_account_key

    with app.test_request_context(
        "/api/auth/login", method="POST", data=b'{"email": "' + b"a" * 70_000 + b'"}', content_type="application/json"
    ):
        assert attempted_account_key() == "ip:unknown"


@pytest.mark.parametrize(("remote", "seen"), [("10.0.0.7", "10.0.0.7"), ("1.2.3.4\x00<b>", "unknown"), ("", "unknown")])
def test_only_an_ip_address_is_taken_as_the_visitors(app, remote, seen):
    from app.ratelimit import client_ip

    with app.test_request_context("/", environ_base={"REMOTE_ADDR": remote}):
        assert client_ip() == seen

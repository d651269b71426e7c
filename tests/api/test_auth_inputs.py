"""Whatever JSON arrives, the auth calls answer with a status of the contract, never a 500."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.extensions import limiter

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=300),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=10), children, max_size=3),
    max_leaves=6,
)
FIELDS = ("username", "email", "password", "remember", "bio", "currentPassword", "newPassword")
payloads = st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=len(FIELDS)) | json_values
EXPECTED = {200, 201, 400, 401, 409}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(payload=payloads)
def test_anonymous_auth_calls_never_fail_on_input(api, payload):
    limiter.reset()
    for path in ("/api/auth/register", "/api/auth/login"):
        response = api.post(path, payload)
        assert response.status_code in EXPECTED, (path, payload, response.get_data(as_text=True))
        assert isinstance(response.get_json(), dict)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(payload=payloads)
def test_signed_in_auth_calls_never_fail_on_input(api, user, payload):
    if api.get("/api/auth/me").get_json()["user"] is None:
        api.login("dancer@example.com")
    for path in ("/api/auth/profile", "/api/auth/password"):
        response = api.put(path, payload)
        assert response.status_code in EXPECTED, (path, payload, response.get_data(as_text=True))

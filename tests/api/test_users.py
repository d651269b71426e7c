"""GET /api/users: the user search."""

import pytest

from app.extensions import db
from app.models import Creator, Follow


@pytest.fixture
def people(make_user):
    alice = make_user("alice_dance")
    alice.bio = "Hip hop and house"
    bob = make_user("bob")
    bob.bio = "I love alice's choreography"
    hidden = make_user("alice_hidden")
    hidden.profile_visibility = "private"
    make_user("carol")
    db.session.commit()
    return alice, bob


def test_search_matches_username_and_bio_with_username_matches_first(api, people):
    results = api.get("/api/users?search=alice").get_json()
    assert [u["username"] for u in results] == ["alice_dance", "bob"]
    assert set(results[0]) == {"_id", "username", "displayName", "bio", "subscribers"}


def test_search_needs_two_trimmed_characters(api, people):
    assert api.get("/api/users?search=%20a%20").get_json() == []
    assert api.get("/api/users").get_json() == []


def test_search_hides_private_profiles(api, people):
    assert "alice_hidden" not in [u["username"] for u in api.get("/api/users?search=alice_").get_json()]


def test_search_reports_subscribers(api, people, user):
    creator = Creator(username="alice_dance")
    db.session.add(creator)
    db.session.flush()
    db.session.add(Follow(user_id=user.id, creator_id=creator.id))
    db.session.commit()
    assert api.get("/api/users?search=alice_dance").get_json()[0]["subscribers"] == 1


def test_search_is_paged_and_capped(api, make_user):
    for i in range(25):
        make_user(f"paged{i:02d}")
    assert len(api.get("/api/users?search=paged&limit=20").get_json()) == 20
    assert len(api.get("/api/users?search=paged&limit=20&offset=20").get_json()) == 5
    assert len(api.get("/api/users?search=paged").get_json()) == 8


@pytest.mark.parametrize("query", ["limit=0", "limit=21", "limit=abc", "offset=-1"])
def test_search_rejects_bad_paging(api, query):
    response = api.get(f"/api/users?search=ab&{query}")
    assert response.status_code == 400
    assert response.get_json()["errors"]


def test_search_treats_wildcards_literally(api, people):
    assert api.get("/api/users?search=%25%25").get_json() == []
    assert api.get("/api/users?search=_d").get_json()[0]["username"] == "alice_dance"

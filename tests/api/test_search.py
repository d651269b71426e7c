"""GET /api/search: every kind's count and a page of one kind, in the contract's shapes."""

import pytest
from sqlalchemy import select

from app.api.schemas import SEARCH_MAX
from app.extensions import db
from app.models import Creator, Video
from app.services import reports
from app.services.search import CAP_MESSAGE, KINDS
from tests.services.test_search import ingest, row, video_id

ANSWER_FIELDS = {"q", "type", "counts", "countCap", "total", "page", "totalPages", "hasMore", "hasNextPage"}


@pytest.fixture
def dancers(make_user):
    ingest(*(row(n, f"Hòa nhịp #nhảy số {n}", username=f"hoa_dancer{n % 2}") for n in range(1, 6)))
    member = make_user("hoa_fan")
    member.display_name = "Hòa"
    db.session.commit()


def test_a_search_answers_every_count_and_its_first_kind_with_matches(api, dancers):
    answer = api.get("/api/search?q=Hoà").get_json()
    assert set(answer) == ANSWER_FIELDS | {"users"}
    assert answer["counts"] == {"users": 1, "creators": 2, "trends": 1, "hashtags": 0, "videos": 5}
    assert answer["type"] == "users" and answer["countCap"] == 1000
    assert [u["username"] for u in answer["users"]] == ["hoa_fan"]
    assert set(answer["users"][0]) == {"_id", "username", "displayName", "bio", "subscribers"}


@pytest.mark.parametrize(
    ("query", "fields"),
    [
        ("q=hoa&type=creators", {"username", "displayName", "isActive", "videoCount"}),
        ("q=hoa&type=trends", {"songKey", "track", "artist", "videoCount", "trendScore", "slug", "searchTerm"}),
        ("q=nhay&type=hashtags", {"hashtag", "count", "exampleDescription"}),
        ("q=hoa&type=videos", {"_id", "videoId", "username", "description", "metadata", "paths", "trendInfo"}),
    ],
)
def test_each_kind_answers_in_the_shape_its_own_calls_use(api, dancers, query, fields):
    answer = api.get(f"/api/search?{query}").get_json()
    kind = answer["type"]
    assert query.endswith(f"type={kind}") and set(answer) == ANSWER_FIELDS | {kind}
    assert answer[kind] and fields <= set(answer[kind][0])


def test_videos_are_paged_most_viewed_first(api, dancers):
    first = api.get("/api/search?q=hoa nhip&type=videos&limit=2").get_json()
    assert [v["videoId"] for v in first["videos"]] == [video_id(5), video_id(4)]
    assert (first["total"], first["totalPages"], first["hasMore"]) == (5, 3, True)
    last = api.get("/api/search?q=hoa nhip&type=videos&limit=2&page=3").get_json()
    assert [v["videoId"] for v in last["videos"]] == [video_id(1)] and last["hasNextPage"] is False


def test_a_removed_video_leaves_the_answer_at_once(api, dancers):
    assert api.get("/api/search?q=hoa&type=videos").get_json()["counts"]["videos"] == 5  # now in the shared cache
    reports.deactivate_video(db.session.scalar(select(Video).where(Video.video_id == video_id(5))))
    answer = api.get("/api/search?q=hoa&type=videos").get_json()
    assert answer["counts"]["videos"] == 4 and video_id(5) not in [v["videoId"] for v in answer["videos"]]


def test_a_new_creator_is_found_on_the_next_request(api, dancers):
    assert api.get("/api/search?q=lan&type=creators").get_json()["creators"] == []
    db.session.add(Creator(username="lan.dance", display_name="Lan"))
    db.session.commit()
    assert [c["username"] for c in api.get("/api/search?q=lan&type=creators").get_json()["creators"]] == ["lan.dance"]


def test_an_empty_type_is_the_first_kind_with_matches(api, dancers):
    assert api.get("/api/search?q=hoa&type=").get_json()["type"] == "users"


def test_a_short_query_finds_nothing_and_is_not_an_error(api, dancers):
    answer = api.get("/api/search?q=%20h%20").get_json()
    assert answer["counts"] == dict.fromkeys(KINDS, 0) and answer["total"] == 0 and answer["users"] == []


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        ("q=hoa&type=people", "type", "Type must be one of"),
        ("q=hoa&limit=0", "limit", "Limit is out of range"),
        ("q=hoa&limit=21", "limit", "Limit is out of range"),
        ("q=hoa&page=0", "page", "Page is out of range"),
        ("q=hoa&page=51", "page", CAP_MESSAGE),
        ("q=hoa&page=2&limit=abc", "limit", "Limit is not valid"),
        (f"q={'x' * (SEARCH_MAX + 1)}", "q", f"Search must be at most {SEARCH_MAX} characters long"),
    ],
)
def test_bad_input_is_refused_naming_the_field(api, dancers, query, field, message):
    response = api.get(f"/api/search?{query}")
    assert response.status_code == 400
    assert response.get_json()["errors"][field].startswith(message)

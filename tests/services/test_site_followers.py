"""Each creator's followers on this site, kept by the database whatever writes or removes a follow, and the lists
that put the most followed first."""

from sqlalchemy import select, text, update

from app.extensions import db
from app.models import Creator, Follow, User
from app.services import accounts, creators, follows
from tests.conftest import DEFAULT_PASSWORD


def counted() -> dict[str, int]:
    db.session.expire_all()
    return {c.username: c.site_follower_count for c in db.session.scalars(select(Creator)) if c.site_follower_count}


def by_name(username: str) -> Creator:
    return db.session.scalar(select(Creator).where(Creator.username == username))


def test_follows_are_counted_as_they_come_and_go(make_user, catalog):
    first, second = (c.username for c in db.session.scalars(select(Creator).order_by(Creator.id).limit(2)))
    fan, other = make_user("fan"), make_user("other")
    follows.follow_many(fan, [first, second])
    follows.toggle_follow(other, first)
    assert counted() == {first: 2, second: 1}
    follows.toggle_follow(fan, first)  # stops following
    assert counted() == {first: 1, second: 1}
    db.session.execute(update(Follow).where(Follow.user_id == other.id).values(creator_id=by_name(second).id))
    db.session.commit()
    assert counted() == {second: 2}
    accounts.delete_account(db.session.get(User, other.id), DEFAULT_PASSWORD)  # its follows go with it
    assert counted() == {second: 1}
    creators.delete_creator(second)
    assert counted() == {}
    follows.follow_many(fan, [first])
    db.session.execute(text("DELETE FROM follows"))
    db.session.commit()
    assert counted() == {}


def test_the_directory_and_the_suggestions_put_the_most_followed_first(make_user, catalog):
    listed = [c["username"] for c in creators.creator_directory(0, 100).items]
    least = listed[-1]
    fans = [make_user(f"fan{n}") for n in range(2)]
    for fan in fans:
        follows.follow_many(fan, [least])
    directory = creators.creator_directory(0, 100).items
    assert directory[0] == {**directory[0], "username": least, "followers": 2}
    assert [c["username"] for c in directory[1:]] == [name for name in listed if name != least]
    assert follows.suggestions(None, 1)[0].username == least
    assert least not in [c.username for c in follows.suggestions(fans[0], 20)]

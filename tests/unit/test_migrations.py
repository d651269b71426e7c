"""The migration chain: upgrading a database that already holds videos keeps its data right."""

from flask_migrate import downgrade, upgrade
from sqlalchemy import func, select

from app.extensions import db
from app.models import Hashtag, HashtagYear, VideoHashtag


def test_hashtag_years_are_backfilled_on_upgrade(catalog):
    expected = db.session.execute(
        select(HashtagYear.hashtag_id, HashtagYear.year, HashtagYear.video_count).order_by(
            HashtagYear.hashtag_id, HashtagYear.year
        )
    ).all()
    assert expected
    db.session.commit()
    downgrade(revision="0001")
    db.session.remove()
    upgrade()
    backfilled = db.session.execute(
        select(HashtagYear.hashtag_id, HashtagYear.year, HashtagYear.video_count).order_by(
            HashtagYear.hashtag_id, HashtagYear.year
        )
    ).all()
    assert backfilled == expected
    assert sum(row.video_count for row in backfilled) == db.session.scalar(select(func.sum(Hashtag.video_count)))


def test_example_views_are_backfilled_on_upgrade(catalog):
    expected = db.session.execute(select(Hashtag.id, Hashtag.example_views).order_by(Hashtag.id)).all()
    assert any(views for _, views in expected)
    links = db.session.scalar(select(func.count()).select_from(VideoHashtag))
    db.session.commit()
    downgrade(revision="0004")
    db.session.remove()
    upgrade()
    assert db.session.execute(select(Hashtag.id, Hashtag.example_views).order_by(Hashtag.id)).all() == expected
    assert db.session.scalar(select(func.count()).select_from(VideoHashtag)) == links

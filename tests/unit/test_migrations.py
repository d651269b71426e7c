"""The migration chain: upgrading a database that already holds videos keeps its data right."""

from flask_migrate import downgrade, upgrade
from sqlalchemy import func, select

from app.extensions import db
from app.models import Hashtag, HashtagYear


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

"""How the site's connections to the database end their transactions."""

import pytest
from sqlalchemy import select, text

from app.extensions import db
from app.models import Hashtag


@pytest.fixture
def postgresql(app):
    if db.engine.dialect.name != "postgresql":
        pytest.skip("PostgreSQL's connections only")


def prepared_statements(connection) -> int:
    return connection.execute(text("SELECT count(*) FROM pg_prepared_statements")).scalar_one()


def test_a_transaction_that_only_read_keeps_the_prepared_statements(postgresql):
    with db.engine.connect() as connection:
        for n in range(connection.connection.driver_connection.prepare_threshold + 1):
            connection.execute(select(Hashtag.id).where(Hashtag.name == f"tag{n}"))
        assert prepared_statements(connection) > 0
        connection.rollback()
        assert prepared_statements(connection) > 0


def test_a_transaction_that_wrote_is_rolled_back(postgresql):
    with db.engine.connect() as connection:
        connection.execute(Hashtag.__table__.insert().values(name="written_then_undone", video_count=0))
        connection.rollback()
        assert connection.execute(select(Hashtag.id).where(Hashtag.name == "written_then_undone")).first() is None

"""each hashtag's example caption for each year, so a list filtered by year shows a video of that year

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-27 23:40:00.000000

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade():
    op.add_column("hashtag_years", sa.Column("example_description", sa.Text(), nullable=True))
    op.add_column("hashtag_years", sa.Column("example_views", sa.BigInteger(), nullable=True))
    sqlite = op.get_bind().dialect.name == "sqlite"
    year = "CAST(strftime('%Y', v.posted_at) AS INTEGER)" if sqlite else "CAST(EXTRACT(YEAR FROM v.posted_at) AS INTEGER)"
    # The most viewed active video of each hashtag and year, the lower id on equal views (as a recount chooses).
    op.execute(
        "UPDATE hashtag_years SET example_description = best.caption, example_views = best.views FROM ("
        "  SELECT hid, year, caption, views FROM ("
        f"    SELECT vh.hashtag_id AS hid, {year} AS year, v.description AS caption, v.view_count AS views,"
        f"      row_number() OVER (PARTITION BY vh.hashtag_id, {year} ORDER BY v.view_count DESC, v.id) AS place"
        "    FROM video_hashtags vh JOIN videos v ON v.id = vh.video_id WHERE v.is_active"
        "  ) ranked WHERE place = 1"
        ") best WHERE hashtag_years.hashtag_id = best.hid AND hashtag_years.year = best.year"
    )


def downgrade():
    # Not batch mode: on SQLite that copies and drops the table (see 0005).
    op.drop_column("hashtag_years", "example_views")
    op.drop_column("hashtag_years", "example_description")

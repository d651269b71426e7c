"""views of each hashtag's example video, for counting new videos in without a recount

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-22 10:40:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('hashtags', sa.Column('example_views', sa.BigInteger(), nullable=True))
    op.execute(
        """
        UPDATE hashtags SET example_views = (
            SELECT max(videos.view_count) FROM video_hashtags
            JOIN videos ON videos.id = video_hashtags.video_id
            WHERE video_hashtags.hashtag_id = hashtags.id AND videos.is_active
        )
        """
    )


def downgrade():
    # Not batch mode: on SQLite that copies and drops the table, and the drop cascades to every hashtag link.
    op.drop_column('hashtags', 'example_views')

"""trend weeks, starters and rising

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-26 09:30:00.000000

"""
from datetime import timedelta

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None

RISING_COLUMNS = ('recent_video_count', 'recent_creator_count', 'prior_video_count')


def upgrade():
    op.create_table('trend_weeks',
    sa.Column('trend_id', sa.Integer(), nullable=False),
    sa.Column('week_start', sa.Date(), nullable=False),
    sa.Column('video_count', sa.Integer(), nullable=False),
    sa.Column('view_count', sa.BigInteger(), nullable=False),
    sa.Column('like_count', sa.BigInteger(), nullable=False),
    sa.ForeignKeyConstraint(['trend_id'], ['trends.id'], name=op.f('fk_trend_weeks_trend_id_trends'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('trend_id', 'week_start', name=op.f('pk_trend_weeks'))
    )
    op.create_table('trend_starters',
    sa.Column('trend_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('creator_id', sa.Integer(), nullable=False),
    sa.Column('first_video_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['creator_id'], ['creators.id'], name=op.f('fk_trend_starters_creator_id_creators'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['trend_id'], ['trends.id'], name=op.f('fk_trend_starters_trend_id_trends'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('trend_id', 'position', name=op.f('pk_trend_starters'))
    )
    op.create_index(op.f('ix_trend_starters_creator_id'), 'trend_starters', ['creator_id'], unique=False)
    for name in RISING_COLUMNS:
        op.add_column('trends', sa.Column(name, sa.Integer(), server_default='0', nullable=False))
    op.add_column('trends', sa.Column('rising_score', sa.Float(), server_default='0', nullable=False))
    op.create_index('ix_trends_rising', 'trends', ['rising_score'], unique=False)
    _backfill()


def _backfill():
    bind = op.get_bind()
    week = "date(v.posted_at, 'weekday 0', '-6 days')" if bind.dialect.name == 'sqlite' \
        else "CAST(date_trunc('week', v.posted_at AT TIME ZONE 'UTC') AS DATE)"
    op.execute(
        "INSERT INTO trend_weeks (trend_id, week_start, video_count, view_count, like_count) "
        f"SELECT v.trend_id, {week}, COUNT(v.id), COALESCE(SUM(v.view_count), 0), COALESCE(SUM(v.like_count), 0) "
        f"FROM videos v WHERE v.is_active AND v.trend_id IS NOT NULL GROUP BY v.trend_id, {week}"
    )
    op.execute(
        "INSERT INTO trend_starters (trend_id, position, creator_id, first_video_at) "
        "SELECT trend_id, position, creator_id, first_video_at FROM ("
        " SELECT trend_id, creator_id, first_video_at,"
        " ROW_NUMBER() OVER (PARTITION BY trend_id ORDER BY first_video_at, creator_id) AS position FROM ("
        "  SELECT trend_id, creator_id, MIN(posted_at) AS first_video_at FROM videos"
        "  WHERE is_active AND trend_id IS NOT NULL GROUP BY trend_id, creator_id) firsts) ranked "
        "WHERE position <= 3"
    )
    # Rising as app.catalog.rising_score computes it, over the catalog's last 28 days, with its "now" then.
    videos = sa.table('videos', sa.column('trend_id', sa.Integer()), sa.column('creator_id', sa.Integer()),
                      sa.column('posted_at', sa.DateTime(timezone=True)), sa.column('is_active', sa.Boolean()))
    trends = sa.table('trends', sa.column('id', sa.Integer()), *(sa.column(c, sa.Integer()) for c in RISING_COLUMNS),
                      sa.column('rising_score', sa.Float()))
    newest = bind.scalar(sa.select(sa.func.max(videos.c.posted_at)).where(videos.c.is_active.is_(True)))
    if newest is None:
        return
    if isinstance(newest, str):  # SQLite, read without the model's type
        newest = sa.DateTime().result_processor(bind.dialect, None)(newest)
    newest = newest.replace(tzinfo=None)
    split, start = newest - timedelta(days=14), newest - timedelta(days=28)
    recent = videos.c.posted_at > split
    rows = bind.execute(
        sa.select(
            videos.c.trend_id,
            sa.func.count(sa.case((recent, videos.c.trend_id))),
            sa.func.count(sa.distinct(sa.case((recent, videos.c.creator_id)))),
            sa.func.count(sa.case((sa.not_(recent), videos.c.trend_id))),
        )
        .where(videos.c.is_active.is_(True), videos.c.trend_id.isnot(None), videos.c.posted_at > start,
               videos.c.posted_at <= newest)
        .group_by(videos.c.trend_id)
    ).all()
    for trend_id, recent_videos, recent_creators, prior_videos in rows:
        bind.execute(
            trends.update().where(trends.c.id == trend_id).values(
                recent_video_count=recent_videos, recent_creator_count=recent_creators,
                prior_video_count=prior_videos, rising_score=_rising(recent_videos, prior_videos, recent_creators),
            )
        )


def _rising(recent_videos, prior_videos, recent_creators):
    """app.catalog.rising_score as it was written with this migration."""
    import math

    if recent_videos <= prior_videos or recent_creators <= 0:
        return 0.0
    return (recent_videos - prior_videos) / (prior_videos + 5) * math.log(1 + recent_creators)


def downgrade():
    # Not batch mode: on SQLite that copies and drops the trends table, and the drop cascades to its videos' links.
    op.drop_index('ix_trends_rising', table_name='trends')
    op.drop_column('trends', 'rising_score')
    for name in reversed(RISING_COLUMNS):
        op.drop_column('trends', name)
    op.drop_index(op.f('ix_trend_starters_creator_id'), table_name='trend_starters')
    op.drop_table('trend_starters')
    op.drop_table('trend_weeks')

"""daily catalog snapshots for the developer portal's 'At a glance' charts

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-26 09:30:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None

COUNTS = (
    'reports_pending', 'reports_reviewed', 'reports_approved', 'reports_rejected',
    'checks_available', 'checks_unavailable', 'checks_rate_limited', 'checks_blocked', 'checks_network',
    'checks_unknown',
)
STATE = (
    'active_videos', 'inactive_videos', 'tier_complete', 'tier_partial', 'tier_basic', 'tier_none',
)


def upgrade():
    op.create_table(
        'catalog_days',
        sa.Column('day', sa.Date(), nullable=False),
        sa.Column('videos_added', sa.Integer(), nullable=False),
        *(sa.Column(name, sa.Integer(), nullable=True) for name in STATE),
        *(sa.Column(name, sa.Integer(), nullable=False) for name in COUNTS),
        sa.Column('snapshot_at', sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint('day', name=op.f('pk_catalog_days')),
    )
    op.create_index('ix_videos_created_at', 'videos', ['created_at'], unique=False)


def downgrade():
    op.drop_index('ix_videos_created_at', table_name='videos')
    op.drop_table('catalog_days')

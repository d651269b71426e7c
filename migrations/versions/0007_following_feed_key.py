"""the key in the address of each user's private Atom feed of their Following videos

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-26 02:20:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('users', sa.Column('following_feed_key', sa.String(length=64), nullable=True))
    op.create_index('uq_users_following_feed_key', 'users', ['following_feed_key'], unique=True)


def downgrade():
    op.drop_index('uq_users_following_feed_key', table_name='users')
    op.drop_column('users', 'following_feed_key')

"""the interface's language a user chose

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-27 09:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('users', sa.Column('language', sa.String(length=8), nullable=True))


def downgrade():
    op.drop_column('users', 'language')

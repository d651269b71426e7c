"""a new e-mail address waits for the link mailed to it before the account uses it

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-27 08:00:00.000000

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "pending_email_changes",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_pending_email_changes_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_pending_email_changes")),
    )
    with op.batch_alter_table("pending_email_changes", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_pending_email_changes_user_id"), ["user_id"], unique=False)


def downgrade():
    with op.batch_alter_table("pending_email_changes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_pending_email_changes_user_id"))
    op.drop_table("pending_email_changes")

"""one waiting e-mail change per account: its user_id is unique

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-27 14:00:00.000000

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None

# Two requests at the same moment could each leave a link (see app.services.account_email.ask_for): of an
# account's links the one that expires last is the one asked for last, and the only one kept.
KEEP_THE_LATEST = """
DELETE FROM pending_email_changes WHERE EXISTS (
    SELECT 1 FROM pending_email_changes AS later
    WHERE later.user_id = pending_email_changes.user_id
      AND (later.expires_at > pending_email_changes.expires_at
           OR (later.expires_at = pending_email_changes.expires_at
               AND later.token_hash > pending_email_changes.token_hash))
)
"""


def upgrade():
    op.execute(sa.text(KEEP_THE_LATEST))
    with op.batch_alter_table("pending_email_changes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_pending_email_changes_user_id"))
        batch_op.create_index(batch_op.f("ix_pending_email_changes_user_id"), ["user_id"], unique=True)


def downgrade():
    with op.batch_alter_table("pending_email_changes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_pending_email_changes_user_id"))
        batch_op.create_index(batch_op.f("ix_pending_email_changes_user_id"), ["user_id"], unique=False)

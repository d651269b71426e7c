"""sign-ins of their own, pending registrations, one use per two-factor code, ids never reused

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23 09:00:00.000000

"""
import re

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None

# Every table whose integer id reaches a client or a token. On SQLite a table without AUTOINCREMENT hands the id
# of its newest deleted row to the next row; PostgreSQL sequences never do.
ID_TABLES = (
    'users', 'playlists', 'videos', 'creators', 'trends', 'hashtags', 'uploads', 'contact_messages',
    'video_reports', 'downloads', 'player_settings',
)


def _rebuild_with_autoincrement(table):
    """SQLite's documented table rebuild (foreign keys are off for the migration: see env.py)."""
    conn = op.get_bind()
    create = conn.exec_driver_sql(
        "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)
    ).scalar()
    if 'AUTOINCREMENT' in create.upper():
        return
    indexes = conn.exec_driver_sql(
        "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL", (table,)
    ).scalars().all()
    rebuilt, found_id = re.subn(r'\bid INTEGER NOT NULL,', 'id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,', create, 1)
    rebuilt, found_key = re.subn(rf',\s*CONSTRAINT pk_{table} PRIMARY KEY \(id\)', '', rebuilt, 1)
    if not (found_id and found_key):
        raise RuntimeError(f'Unexpected schema of {table}: {create}')
    conn.exec_driver_sql(rebuilt.replace(f'CREATE TABLE {table} (', f'CREATE TABLE _rebuilt_{table} (', 1))
    conn.exec_driver_sql(f'INSERT INTO _rebuilt_{table} SELECT * FROM {table}')
    conn.exec_driver_sql(f'DROP TABLE {table}')
    conn.exec_driver_sql(f'ALTER TABLE _rebuilt_{table} RENAME TO {table}')
    for sql in indexes:
        conn.exec_driver_sql(sql)


def upgrade():
    op.create_table('auth_sessions',
    sa.Column('key_hash', sa.String(length=64), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('expires_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_auth_sessions_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('key_hash', name=op.f('pk_auth_sessions'))
    )
    with op.batch_alter_table('auth_sessions', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_auth_sessions_user_id'), ['user_id'], unique=False)

    op.create_table('pending_registrations',
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('username', sa.String(length=30), nullable=False),
    sa.Column('email', sa.String(length=254), nullable=False),
    sa.Column('password_hash', sa.String(length=255), nullable=False),
    sa.Column('expires_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('token_hash', name=op.f('pk_pending_registrations'))
    )
    with op.batch_alter_table('pending_registrations', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_pending_registrations_email'), ['email'], unique=False)

    # Plain ADD/DROP COLUMN rather than a batch copy, which would lose the lower(username) index on SQLite.
    op.add_column('users', sa.Column('totp_last_step', sa.BigInteger(), nullable=True))
    op.drop_column('users', 'session_version')  # every sign-in now lives in auth_sessions

    if op.get_bind().dialect.name == 'sqlite':
        for table in ID_TABLES:
            _rebuild_with_autoincrement(table)


def downgrade():
    # AUTOINCREMENT stays: giving old ids out again is what it prevents.
    op.add_column('users', sa.Column('session_version', sa.Integer(), nullable=False, server_default='1'))
    op.drop_column('users', 'totp_last_step')
    with op.batch_alter_table('pending_registrations', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_pending_registrations_email'))
    op.drop_table('pending_registrations')
    with op.batch_alter_table('auth_sessions', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_auth_sessions_user_id'))
    op.drop_table('auth_sessions')

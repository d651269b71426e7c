"""people search: trigram indexes of users' and creators' folded text, so a part of a handle is found without a scan

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-26 10:00:00.000000

"""
from alembic import op

# revision identifiers, used by Alembic.
revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None

# Keep in step with PEOPLE_INDEXES in app/services/search.py.
PEOPLE = ('users', 'creators')


def _sqlite_trigrams(table):
    # An FTS5 trigram index of every row, its rowid the row's id: a quoted query of three characters or more matches
    # where the folded text holds it, as LIKE '%query%' does. Whether the row may be shown stays the table's test.
    index = f'{table}_trigrams'
    op.execute(f"CREATE VIRTUAL TABLE {index} USING fts5(search_text, content='', tokenize='trigram')")
    op.execute(f'INSERT INTO {index}(rowid, search_text) SELECT id, search_text FROM {table}')
    op.execute(
        f'CREATE TRIGGER {index}_insert AFTER INSERT ON {table} BEGIN '
        f'INSERT INTO {index}(rowid, search_text) VALUES (new.id, new.search_text); END'
    )
    op.execute(
        f'CREATE TRIGGER {index}_delete AFTER DELETE ON {table} BEGIN '
        f"INSERT INTO {index}({index}, rowid, search_text) VALUES ('delete', old.id, old.search_text); END"
    )
    op.execute(
        f'CREATE TRIGGER {index}_update AFTER UPDATE OF search_text ON {table} BEGIN '
        f"INSERT INTO {index}({index}, rowid, search_text) VALUES ('delete', old.id, old.search_text); "
        f'INSERT INTO {index}(rowid, search_text) VALUES (new.id, new.search_text); END'
    )


def upgrade():
    if op.get_bind().dialect.name == 'sqlite':
        for table in PEOPLE:
            _sqlite_trigrams(table)
        return
    # pg_trgm is a trusted extension: the database's owner may create it. LIKE '%query%' then uses the index.
    op.execute('CREATE EXTENSION IF NOT EXISTS pg_trgm')
    for table in PEOPLE:
        op.execute(f'CREATE INDEX ix_{table}_search_trigrams ON {table} USING gin (search_text gin_trgm_ops)')
    op.execute('ANALYZE ' + ', '.join(PEOPLE))


def downgrade():
    for table in PEOPLE:
        if op.get_bind().dialect.name == 'sqlite':
            for change in ('insert', 'delete', 'update'):
                op.execute(f'DROP TRIGGER {table}_trigrams_{change}')
            op.execute(f'DROP TABLE {table}_trigrams')
        else:
            op.execute(f'DROP INDEX ix_{table}_search_trigrams')

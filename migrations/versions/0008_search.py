"""search: folded text on every searchable row, and full-text indexes of trends, hashtags and videos

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-26 09:00:00.000000

"""
from alembic import op
import sqlalchemy as sa

from app.models import Creator, Hashtag, Trend, User, Video


# revision identifiers, used by Alembic.
revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None

SEARCHABLE = (User, Creator, Trend, Hashtag, Video)
BACKFILL_BATCH = 5000

# The catalog's full-text indexes, each holding the rows search may show: table -> (what makes a row findable, the
# count it is ranked by, the columns that change either). Keep in step with app/services/search.py.
FULL_TEXT = {
    'trends': ('{row}video_count > 0', 'video_count', ('search_text', 'video_count')),
    'hashtags': ('{row}video_count > 0', 'video_count', ('search_text', 'video_count')),
    'videos': ('{row}is_active', 'view_count', ('search_text', 'view_count', 'is_active')),
}
# SQLite: an FTS5 table per kind whose rowid is the row's rank and id, (count << 32) | id, so the index itself
# answers "most popular first" without sorting every match. Counts rank alike above 2^31 - 1.
RANK_KEY = '(min(max({row}{count}, 0), 2147483647) << 32) | {row}id'
# A query word is read as a prefix. FTS5 reads an indexed prefix as it reads a word, from the top of its list; a
# longer one it must first merge from every word that starts with it ('trend' from trend, trending, trends...),
# as costly as the matches are many.
PREFIX_LENGTHS = ' '.join(str(n) for n in range(1, 13))


def _backfill(model):
    """Compose search_text for every row, a batch at a time (the rule is Python's: see app/models/search.py)."""
    sources = model.search_sources
    table = sa.table(model.__tablename__, sa.column('id'), sa.column('search_text'), *map(sa.column, sources))
    conn = op.get_bind()
    update = table.update().where(table.c.id == sa.bindparam('row_id')).values(search_text=sa.bindparam('text'))
    last = 0
    while rows := conn.execute(
        sa.select(table.c.id, *(table.c[name] for name in sources))
        .where(table.c.id > last)
        .order_by(table.c.id)
        .limit(BACKFILL_BATCH)
    ).all():
        conn.execute(update, [{'row_id': row[0], 'text': model.compose_search_text(*row[1:])} for row in rows])
        last = rows[-1][0]


def _sqlite_full_text(table, findable, count, watched):
    index = f'{table}_search'
    new_key, old_key = (RANK_KEY.format(row=row, count=count) for row in ('new.', 'old.'))
    new_findable, old_findable = (findable.format(row=row) for row in ('new.', 'old.'))
    op.execute(
        f"CREATE VIRTUAL TABLE {index} USING fts5("
        f"search_text, content='', tokenize='ascii', prefix='{PREFIX_LENGTHS}', detail=none)"
    )
    op.execute(
        f'INSERT INTO {index}(rowid, search_text) '
        f"SELECT {RANK_KEY.format(row='', count=count)}, search_text FROM {table} WHERE {findable.format(row='')}"
    )
    op.execute(
        f'CREATE TRIGGER {index}_insert AFTER INSERT ON {table} WHEN {new_findable} BEGIN '
        f'INSERT INTO {index}(rowid, search_text) VALUES ({new_key}, new.search_text); END'
    )
    op.execute(
        f'CREATE TRIGGER {index}_delete AFTER DELETE ON {table} WHEN {old_findable} BEGIN '
        f"INSERT INTO {index}({index}, rowid, search_text) VALUES ('delete', {old_key}, old.search_text); END"
    )
    op.execute(
        f"CREATE TRIGGER {index}_update AFTER UPDATE OF {', '.join(watched)} ON {table} BEGIN "
        f"INSERT INTO {index}({index}, rowid, search_text) SELECT 'delete', {old_key}, old.search_text "
        f'WHERE {old_findable}; '
        f'INSERT INTO {index}(rowid, search_text) SELECT {new_key}, new.search_text WHERE {new_findable}; END'
    )


def _postgres_full_text(table, findable):
    # The words are split in Python already: array_to_tsvector takes them as they are (no parser, no stemming).
    op.execute(
        f'ALTER TABLE {table} ADD COLUMN search_vector tsvector '
        f"GENERATED ALWAYS AS (array_to_tsvector(string_to_array(search_text, ' '))) STORED"
    )
    op.execute(f"CREATE INDEX ix_{table}_search ON {table} USING gin (search_vector) WHERE {findable.format(row='')}")


def upgrade():
    for model in SEARCHABLE:
        op.add_column(model.__tablename__, sa.Column('search_text', sa.Text(), server_default='', nullable=False))
        _backfill(model)
    sqlite = op.get_bind().dialect.name == 'sqlite'
    for table, (findable, count, watched) in FULL_TEXT.items():
        if sqlite:
            _sqlite_full_text(table, findable, count, watched)
        else:
            _postgres_full_text(table, findable)
    if not sqlite:
        op.execute('ANALYZE ' + ', '.join(FULL_TEXT))


def downgrade():
    sqlite = op.get_bind().dialect.name == 'sqlite'
    for table in FULL_TEXT:
        if sqlite:
            for change in ('insert', 'delete', 'update'):
                op.execute(f'DROP TRIGGER {table}_search_{change}')
            op.execute(f'DROP TABLE {table}_search')
        else:
            op.execute(f'DROP INDEX ix_{table}_search')
            op.drop_column(table, 'search_vector')
    # Not batch mode: on SQLite that copies and drops the table, and the drop cascades to every link.
    for model in SEARCHABLE:
        op.drop_column(model.__tablename__, 'search_text')

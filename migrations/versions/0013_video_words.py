"""PostgreSQL: each active video's words in a table ordered by word, then views, so a word's most viewed videos
are read from the top of its list instead of sorting every match

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-26 13:00:00.000000

"""

from alembic import op

# revision identifiers, used by Alembic.
revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

# A GIN index finds a word's videos but not in order of views: a page of the most viewed among 75,000 matches
# meant reading all of them. Here each (word, views, video) is a key of a B-tree, so a word's videos come most
# viewed first and a page or a capped count reads about as many keys as it shows (see app/services/search.py).
# SQLite needs none of this: its FTS5 index is keyed by views already (see 0008).
WORDS_OF = (
    "SELECT DISTINCT word, {row}view_count, {row}id"
    " FROM unnest(string_to_array({row}search_text, ' ')) AS word WHERE word <> ''"
)

SYNC = f"""
CREATE FUNCTION video_words_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE video_words;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.search_text = NEW.search_text AND OLD.view_count = NEW.view_count
     AND OLD.is_active = NEW.is_active THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.is_active THEN
    DELETE FROM video_words
    WHERE word = ANY (string_to_array(OLD.search_text, ' ')) AND views = OLD.view_count AND video_id = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.is_active THEN
    INSERT INTO video_words (word, views, video_id) {WORDS_OF.format(row="NEW.")};
  END IF;
  RETURN NULL;
END
$$
"""


def upgrade():
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(
        "CREATE TABLE video_words ("
        ' word text COLLATE "C" NOT NULL, views bigint NOT NULL, video_id integer NOT NULL,'
        " CONSTRAINT pk_video_words PRIMARY KEY (word, views, video_id))"
    )
    op.execute(SYNC)
    op.execute(
        "CREATE TRIGGER video_words_sync AFTER INSERT OR DELETE OR UPDATE OF search_text, view_count, is_active"
        " ON videos FOR EACH ROW EXECUTE FUNCTION video_words_sync()"
    )
    op.execute(
        "CREATE TRIGGER video_words_truncate AFTER TRUNCATE ON videos"
        " FOR EACH STATEMENT EXECUTE FUNCTION video_words_sync()"
    )
    # After the triggers: creating them locked writers to videos out until this migration commits, so the rows
    # copied here are all there are.
    op.execute(
        "INSERT INTO video_words (word, views, video_id) SELECT w.* FROM videos, "
        f"LATERAL ({WORDS_OF.format(row='videos.')}) AS w WHERE videos.is_active ORDER BY 1, 2, 3"
    )


def downgrade():
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("DROP TRIGGER video_words_truncate ON videos")
    op.execute("DROP TRIGGER video_words_sync ON videos")
    op.execute("DROP FUNCTION video_words_sync()")
    op.execute("DROP TABLE video_words")

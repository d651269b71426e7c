"""each creator's followers on this site, kept in step by the database, so lists by followers read an index

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-27 20:30:00.000000

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None

# The creators directory and the follow suggestions list the most followed first. Counted on every request, each
# creator's follows were looked up one by one: 13-49 ms among 25,000 creators, whatever the page. Kept here by
# triggers on follows (whatever writes or cascades them), a page is a walk of ix_creators_by_site_followers.
SQLITE_TRIGGERS = {
    "follows_count_insert": "AFTER INSERT ON follows BEGIN {up} END",
    "follows_count_delete": "AFTER DELETE ON follows BEGIN {down} END",
    "follows_count_update": "AFTER UPDATE OF creator_id ON follows BEGIN {down} {up} END",
}
UP = "UPDATE creators SET site_follower_count = site_follower_count + 1 WHERE id = NEW.creator_id;"
DOWN = "UPDATE creators SET site_follower_count = site_follower_count - 1 WHERE id = OLD.creator_id;"

POSTGRES_SYNC = f"""
CREATE FUNCTION follows_count_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE creators SET site_follower_count = 0 WHERE site_follower_count <> 0;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    {DOWN}
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    {UP}
  END IF;
  RETURN NULL;
END
$$
"""
BY_SITE_FOLLOWERS = ["is_active", sa.text("site_follower_count DESC"), sa.text("video_count DESC"), "username"]


def upgrade():
    # A plain ADD COLUMN on both (a batch copy of the table would drop SQLite's search triggers on it).
    op.add_column("creators", sa.Column("site_follower_count", sa.Integer(), nullable=False, server_default="0"))
    if op.get_bind().dialect.name == "postgresql":
        op.execute(POSTGRES_SYNC)
        op.execute(
            "CREATE TRIGGER follows_count_sync AFTER INSERT OR DELETE OR UPDATE OF creator_id ON follows"
            " FOR EACH ROW EXECUTE FUNCTION follows_count_sync()"
        )
        op.execute(
            "CREATE TRIGGER follows_count_truncate AFTER TRUNCATE ON follows"
            " FOR EACH STATEMENT EXECUTE FUNCTION follows_count_sync()"
        )
    else:
        for name, body in SQLITE_TRIGGERS.items():
            op.execute(f"CREATE TRIGGER {name} {body.format(up=UP, down=DOWN)}")
    # After the triggers, so no follow written meanwhile is missed (PostgreSQL: writers wait for this commit). Only
    # the followed creators are written: rewriting every row left PostgreSQL 25,000 dead rows and as many entries in
    # the trigram index's pending list, which each people search then read (0.5 → 4 ms) until a vacuum.
    op.execute(
        "UPDATE creators SET site_follower_count ="
        " (SELECT count(*) FROM follows WHERE follows.creator_id = creators.id)"
        " WHERE creators.id IN (SELECT creator_id FROM follows)"
    )
    op.create_index("ix_creators_by_site_followers", "creators", BY_SITE_FOLLOWERS)
    op.execute("ANALYZE creators")  # a new index without statistics looks perfectly selective to SQLite (see 0003)


def downgrade():
    op.drop_index("ix_creators_by_site_followers", table_name="creators")
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER follows_count_truncate ON follows")
        op.execute("DROP TRIGGER follows_count_sync ON follows")
        op.execute("DROP FUNCTION follows_count_sync()")
    else:
        for name in SQLITE_TRIGGERS:
            op.execute(f"DROP TRIGGER {name}")
    op.drop_column("creators", "site_follower_count")

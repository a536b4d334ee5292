"""Search tokens indexed for the prefix search itself (``cards.search``): by token, then position,
card and language, so that finding the words that start with a query word, counting them and
finding how early they stand in their names read this index alone, never the table. It replaces the
index on the token alone, which it serves as well. On PostgreSQL the token is indexed with
``text_pattern_ops``, the only way it can serve ``LIKE 'nar%'`` under a collation other than C.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_index("ix_search_token_token", table_name="search_token")
    op.create_index("ix_search_token_prefix", "search_token", ["token", "position", "card_id", "lang"],
                    postgresql_ops={"token": "text_pattern_ops"})


def downgrade() -> None:
    op.drop_index("ix_search_token_prefix", table_name="search_token")
    op.create_index("ix_search_token_token", "search_token", ["token"])

"""Index search tokens by card, so re-indexing a card and deleting one no longer scan the table.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_search_token_card_id", "search_token", ["card_id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_search_token_card_id", table_name="search_token")

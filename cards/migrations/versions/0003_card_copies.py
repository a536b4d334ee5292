"""A card's number of copies: Llamas Unleashed is played with the one deck its box holds, so how
many of each card that box has is a fact of the card (null for games whose players build decks).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("card", sa.Column("copies", sa.Integer(), nullable=True))


def downgrade() -> None:
    # a plain DROP COLUMN (SQLite 3.35 and later), not a batch rebuild: rebuilding ``card`` with
    # foreign keys on would cascade to every name, text and deck entry of the cards
    op.drop_column("card", "copies")

"""Who is writing a recorded match now (so that one match continued in two places, two windows or
two machines on one database, is told instead of mixing two histories), and which seats of a match
are computer players (so that resuming it restores them).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMNs: a batch rebuild of match_record would cascade to its actions
    op.add_column("match_record", sa.Column("writer", sa.String(length=100), nullable=True))
    op.add_column("match_record", sa.Column("claimed", sa.DateTime(timezone=True), nullable=True))
    op.add_column("match_record", sa.Column("computers", sa.Text(), nullable=False, server_default="{}"))


def downgrade() -> None:
    for name in ("computers", "claimed", "writer"):
        op.drop_column("match_record", name)

"""The teacher's hints in a match's record (issue 19): ``match_record.hints_allowed``, whether hints
were on for the match (a player can switch them off), and ``match_record.hints_asked``, how many
were asked. Matches recorded before count none, with hints on.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("match_record", sa.Column("hints_allowed", sa.Boolean(), nullable=False, server_default=sa.true()))
    op.add_column("match_record", sa.Column("hints_asked", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    op.drop_column("match_record", "hints_asked")
    op.drop_column("match_record", "hints_allowed")

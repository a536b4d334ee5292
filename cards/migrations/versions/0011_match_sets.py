"""The expansions of a recorded match (Llamas Unleashed): ``match_record.sets``, the codes its initial
position shuffles in, separated by spaces, so that lists of matches show them without reading each
initial position. Matches recorded before get theirs from their initial position.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("match_record", sa.Column("sets", sa.Text(), nullable=False, server_default=""))
    table = sa.table("match_record", sa.column("id", sa.Integer), sa.column("initial", sa.Text),
                     sa.column("sets", sa.Text))
    conn = op.get_bind()
    for match_id, initial in conn.execute(sa.select(table.c.id, table.c.initial)).all():
        try:
            sets = json.loads(initial).get("sets")
        except (ValueError, TypeError, AttributeError):  # a damaged position: its match says so when opened
            continue
        codes = " ".join(code for code in sets if isinstance(code, str)) if isinstance(sets, list) else ""
        if codes:
            conn.execute(table.update().where(table.c.id == match_id).values(sets=codes))


def downgrade() -> None:
    op.drop_column("match_record", "sets")

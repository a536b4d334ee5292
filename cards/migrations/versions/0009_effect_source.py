"""Where each card's effect definition comes from (``card.effect_source``): ``hand`` (written by hand,
the bundled sets), ``read`` (read from its English text on import by the effect-text reader) or
``manual`` (no definition: the manual toolbox); and ``card.effect_override``, a player's or
organiser's choice to apply a card's effect by hand in this database whatever its definition, since
a wrong automation is worse than none (issue 17).

The cards of the bundled sets already stored are marked hand-written here (their loader writes the
mark from now on, but reloads them only when the shipped files change); imported cards stay manual
until their file is imported again, which reads their texts.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

CARD = sa.table("card", sa.column("set_id", sa.Integer), sa.column("effect_source", sa.Text))
CARD_SET = sa.table("card_set", sa.column("id", sa.Integer), sa.column("data_hash", sa.String))


def upgrade() -> None:
    op.add_column("card", sa.Column("effect_source", sa.Text(), nullable=False, server_default="manual"))
    op.add_column("card", sa.Column("effect_override", sa.Boolean(), nullable=False, server_default=sa.false()))
    bundled = sa.select(CARD_SET.c.id).where(CARD_SET.c.data_hash != "")
    op.get_bind().execute(CARD.update().where(CARD.c.set_id.in_(bundled)).values(effect_source="hand"))


def downgrade() -> None:
    op.drop_column("card", "effect_override")
    op.drop_column("card", "effect_source")

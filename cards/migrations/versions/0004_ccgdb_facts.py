"""What the N-CCG-DB community catalogue says of a card beyond its game facts (its Card ID, the
number as printed, the effect's title, year, errata note, scan path and the stats printed as X),
and a section for each deck entry (the Mainboard, Reinforcements or Sideboard of its deck builder).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

CARD_COLUMNS = (
    ("ccgdb_id", sa.String(length=32), True, None),
    ("printed", sa.String(length=32), False, ""),
    ("effect_title", sa.String(length=200), False, ""),
    ("year", sa.Integer(), True, None),
    ("errata", sa.String(length=200), False, ""),
    ("image_path", sa.String(length=300), False, ""),
    ("variable", sa.String(length=100), False, ""),
)


def _old_deck_entry(unique: str) -> sa.Table:
    """deck_entry as revision 0001 made it, its unique constraint named so that it can be dropped
    (SQLite keeps it unnamed)."""
    return sa.Table(
        "deck_entry", sa.MetaData(),
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("deck_id", sa.Integer(), sa.ForeignKey("deck.id", ondelete="CASCADE"), nullable=False),
        sa.Column("card_id", sa.Integer(), sa.ForeignKey("card.id", ondelete="RESTRICT"), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.UniqueConstraint("deck_id", "card_id", name=unique),
    )


def upgrade() -> None:
    # plain ADD COLUMNs, not a batch rebuild of ``card``: rebuilding it with foreign keys on would
    # cascade to every name, text and deck entry of the cards
    for name, type_, nullable, default in CARD_COLUMNS:
        op.add_column("card", sa.Column(name, type_, nullable=nullable,
                                        server_default=None if default is None else default))
    op.create_index("ix_card_ccgdb_id", "card", ["ccgdb_id"])
    section = sa.Column("section", sa.String(length=16), nullable=False, server_default="main")
    if op.get_bind().dialect.name == "sqlite":
        with op.batch_alter_table("deck_entry", copy_from=_old_deck_entry("uq_deck_entry"),
                                  recreate="always") as batch:
            batch.add_column(section)
            batch.drop_constraint("uq_deck_entry", type_="unique")
            batch.create_unique_constraint("uq_deck_entry_section", ["deck_id", "card_id", "section"])
    else:
        op.add_column("deck_entry", section)
        op.drop_constraint("deck_entry_deck_id_card_id_key", "deck_entry", type_="unique")
        op.create_unique_constraint("uq_deck_entry_section", "deck_entry", ["deck_id", "card_id", "section"])


def downgrade() -> None:
    op.execute("DELETE FROM deck_entry WHERE section <> 'main'")
    if op.get_bind().dialect.name == "sqlite":
        with op.batch_alter_table("deck_entry", recreate="always") as batch:
            batch.drop_constraint("uq_deck_entry_section", type_="unique")
            batch.drop_column("section")
            batch.create_unique_constraint("uq_deck_entry", ["deck_id", "card_id"])
    else:
        op.drop_constraint("uq_deck_entry_section", "deck_entry", type_="unique")
        op.drop_column("deck_entry", "section")
        op.create_unique_constraint("deck_entry_deck_id_card_id_key", "deck_entry", ["deck_id", "card_id"])
    op.drop_index("ix_card_ccgdb_id", "card")
    for name, *_ in reversed(CARD_COLUMNS):
        op.drop_column("card", name)

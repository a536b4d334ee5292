"""One row per seat of each recorded match (``match_seat``: its player, its deck's label, whether the
match is over, whether the seat won it, the match's turns), so that the statistics are counted by one
plain query on both back ends instead of reading every finished match into Python (see
`cards.records.stats` for why a table rather than JSON read in SQL); and an index on when a match
started (and whether it is over) that lets the history read a page of matches, newest first, without
reading the matches' rows.

The seats of the matches already recorded are filled here from their players and decks; a row
damaged outside the program (players or decks that are not JSON lists) gets none, so it is listed as
damaged and left out of the statistics rather than breaking them.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import hashlib
import json

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

MATCH = sa.table("match_record", sa.column("id", sa.Integer), sa.column("players", sa.Text),
                 sa.column("decks", sa.Text), sa.column("finished", sa.DateTime(timezone=True)),
                 sa.column("winner", sa.Integer), sa.column("turns", sa.Integer))
SEAT = sa.table("match_seat", sa.column("match_id", sa.Integer), sa.column("seat", sa.Integer),
                sa.column("player", sa.Text), sa.column("deck", sa.Text), sa.column("finished", sa.Boolean),
                sa.column("won", sa.Boolean), sa.column("turns", sa.Integer))
BATCH = 1000


def _label(deck) -> str | None:
    """A deck's label as the statistics name it (cards.records.stats.deck_label as of this revision):
    its name, or ``list:`` and a fingerprint of an unnamed card list; None for no deck, or anything
    else."""
    if isinstance(deck, str):
        return deck
    if isinstance(deck, list) and all(isinstance(n, str) for n in deck):
        return "list:" + hashlib.sha1("\n".join(sorted(deck)).encode()).hexdigest()[:8]
    return None


def _seats(row) -> list[dict]:
    try:
        players, decks = json.loads(row.players), json.loads(row.decks)
    except (TypeError, ValueError, RecursionError):
        return []
    if not isinstance(players, list) or not isinstance(decks, list) or \
            not all(isinstance(p, str) for p in players):
        return []
    over = row.finished is not None
    return [{"match_id": row.id, "seat": seat, "player": player,
             "deck": _label(decks[seat]) if seat < len(decks) else None,
             "finished": over, "won": over and row.winner == seat, "turns": row.turns or 0}
            for seat, player in enumerate(players)]


def upgrade() -> None:
    op.create_table(
        "match_seat",
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("match_record.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False, autoincrement=False),
        sa.Column("player", sa.Text(), nullable=False),
        sa.Column("deck", sa.Text(), nullable=True),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("turns", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("match_id", "seat"),
    )
    op.create_index("ix_match_record_started", "match_record", ["started", "finished"])
    conn = op.get_bind()
    rows: list[dict] = []
    for row in conn.execute(sa.select(MATCH)).all():
        rows += _seats(row)
        if len(rows) >= BATCH:
            conn.execute(SEAT.insert(), rows)
            rows = []
    if rows:
        conn.execute(SEAT.insert(), rows)


def downgrade() -> None:
    op.drop_index("ix_match_record_started", table_name="match_record")
    op.drop_table("match_seat")

"""The winner of the set-up coin flip chooses who starts (N-SETUP-3): a Naruto match recorded when the
coin decided it by itself goes from ``flip`` straight to the mulligans. Each such record gets the
choice it implied, the winner choosing to start, so that it replays and resumes under the rules as
they are now (see `referee.games.naruto.turn.chosen_after_flip`).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

from referee.games.naruto.turn import chosen_after_flip

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

MATCH = sa.table("match_record", sa.column("id", sa.Integer), sa.column("game", sa.String),
                 sa.column("initial", sa.Text))
ACTION = sa.table("action_record", sa.column("match_id", sa.Integer), sa.column("seq", sa.Integer),
                  sa.column("notation", sa.String), sa.column("actor", sa.Integer), sa.column("phase", sa.String),
                  sa.column("at", sa.DateTime(timezone=True)))


def upgrade() -> None:
    conn = op.get_bind()
    flipped = conn.execute(sa.select(MATCH.c.id, MATCH.c.initial).select_from(MATCH.join(
        ACTION, ACTION.c.match_id == MATCH.c.id)).where(MATCH.c.game == "naruto", ACTION.c.seq == 1,
                                                         ACTION.c.notation == "flip")).all()
    for match_id, initial in flipped:
        rows = conn.execute(sa.select(ACTION.c.notation, ACTION.c.at).where(
            ACTION.c.match_id == match_id, ACTION.c.seq <= 2).order_by(ACTION.c.seq)).all()
        try:
            implied = chosen_after_flip(json.loads(initial), [r.notation for r in rows])
        except (ValueError, TypeError, KeyError):  # a damaged record stays as it is, reported when read
            continue
        if implied is None:
            continue
        place, notation, seat, phase = implied
        later = sa.and_(ACTION.c.match_id == match_id, ACTION.c.seq > place)
        # two steps, so that no two actions share a place on the way (unique per match)
        conn.execute(ACTION.update().where(later).values(seq=-ACTION.c.seq))
        conn.execute(ACTION.update().where(ACTION.c.match_id == match_id, ACTION.c.seq < 0)
                     .values(seq=1 - ACTION.c.seq))
        conn.execute(ACTION.insert().values(match_id=match_id, seq=place + 1, notation=notation, actor=seat,
                                            phase=phase, at=rows[0].at))


def downgrade() -> None:
    """The choices go again, as the older program has no step for them."""
    conn = op.get_bind()
    chosen = conn.execute(sa.select(ACTION.c.match_id, ACTION.c.seq).where(ACTION.c.phase == "setup_coin")).all()
    for match_id, seq in chosen:
        conn.execute(ACTION.delete().where(ACTION.c.match_id == match_id, ACTION.c.seq == seq))
        later = sa.and_(ACTION.c.match_id == match_id, ACTION.c.seq > seq)
        conn.execute(ACTION.update().where(later).values(seq=-ACTION.c.seq))
        conn.execute(ACTION.update().where(ACTION.c.match_id == match_id, ACTION.c.seq < 0)
                     .values(seq=-ACTION.c.seq - 1))

"""Llamas Unleashed as the shared match widgets see it (`gui.match.game.GameView`): its table, its
verbs and steps under term kinds of their own (``llamas_verb``, ``llamas_step``...: the registry's
``term_prefix``), passing (not
answering with an Instant) as the page's one control, and the field a card is played into chosen
once for the whole "Play a card" group."""

from __future__ import annotations

from referee.games.llamas.cards import FIELD_TYPES
from referee.games.llamas.table import STATES

from ..match.game import GameView, Pick


def llamas_view() -> GameView:
    return GameView(
        states=STATES, game="llamas",
        order=("choose", "baby", "first", "play", "instant", "draw", "discard"),
        controls=("pass",),
        plays={"play": lambda card: card.type != "instant", "instant": lambda card: card.type == "instant"},
        picks={"discard": Pick("hand")},
        seat_option={"play": ("into", lambda card: card.type in FIELD_TYPES)},
    )

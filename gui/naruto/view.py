"""The Naruto CCG as the shared match widgets see it (`gui.match.game.GameView`): its table, its
verbs in the order a player meets them, pass and next as the page's controls, the hand cards each
verb plays, the cards ticked for a charge, a discard or a new team, the verbs whose costs are paid
with cards chosen on their tiles, and its manual toolbox (N-EFFECT-3)."""

from __future__ import annotations

from typing import Any, Callable

from referee.games.naruto.table import STATES

from ..match.game import GameView, Pick
from .toolbox import Toolbox


def naruto_view() -> GameView:
    return GameView(
        states=STATES, game="naruto",
        order=("tool", "choose", "use", "first", "flip", "keep", "mulligan", "deploy", "grow", "mission", "counter",
               "charge", "client", "join", "team", "send", "block", "jutsu", "discard"),
        controls=("pass", "next"),
        plays={"deploy": _typed("Ninja"), "grow": _typed("Ninja"), "mission": _typed("Mission"),
               "counter": _typed("Mission"), "client": _typed("Client"), "jutsu": _typed("Jutsu")},
        picks={"charge": Pick("hand"), "discard": Pick("hand"), "team": Pick("village", _typed("Ninja"), 2)},
        pays={"deploy": "hand", "mission": "hand", "counter": "hand", "client": "hand", "send": "chakra",
              "block": "chakra", "jutsu": "chakra", "use": "chakra"},
        watched=("hand", "village"),
        panels={"tool": Toolbox},
    )


def _typed(kind: str) -> Callable[[Any], bool]:
    return lambda card: card.type == kind

"""Llamas Unleashed's teacher (issue 19, `referee.engine.teacher`): a hint is what the heuristic
computer player would do for the seat to act, its reason worked out from what that seat may see
(its hand, the public fields and pile, how many animals each player still lacks). A seat's standing
is the race to the winning herd: how many animals the opponent closest to winning still lacks,
less how many this seat lacks.
"""

from __future__ import annotations

from referee.engine.action import Action
from referee.engine.match import Match
from referee.engine.players import guided
from referee.engine.teacher import Hint

from .opponent import HeuristicPlayer, SeatView
from .state import LlamasState

#: the seed of the coach's player: equal choices are broken the same way every time
SEED = 0


class Coach:
    """`referee.engine.teacher.Coach` for Llamas Unleashed."""

    #: the actions `foresee` has something to say of: none (no Showdown in Llamas Unleashed)
    foresees: frozenset[str] = frozenset()

    def hint(self, match: Match) -> Hint:
        s = guided(match, LlamasState, "Llamas Unleashed")
        player = HeuristicPlayer(SEED)
        action = player.choose(match)
        view = SeatView(s, match.actor, match.rules)
        reason, params = _reason(view, player, action)
        return Hint(action, reason, params)

    def standing(self, match: Match, seat: int) -> float:
        view = SeatView(match.state, seat, match.rules)
        others = [view.short(o) for o in range(view.seats) if o != seat]
        return float(min(others, default=0) - view.short(seat))

    def foresee(self, match: Match, action: Action) -> list:
        """No Showdown in Llamas Unleashed: nothing to foresee."""
        return []


def _reason(view: SeatView, player: HeuristicPlayer, action: Action) -> tuple[str, dict]:
    verb = action.verb
    if verb == "play":
        card = view.catalogue(action.args[0])
        into = action.one("into")
        params = {"card": action.args[0]}
        if card.type == "animal":
            if view.short(view.me) <= 1:
                return "animal_wins", params
            return "animal", {**params, "animals": view.animals(view.me) + 1,
                              "needed": view.animals(view.me) + view.short(view.me)}
        if card.type == "downgrade" and into is not None:
            return "downgrade", {**params, "player": int(into) - 1}
        return ("upgrade" if card.type == "upgrade" else "magic"), params
    if verb == "instant":
        top = view.pile()[-1]
        return "instant", {"card": action.args[0], "on": view.card(top["card"]).number}
    if verb == "pass" and view.pile():
        return "let_it_be", {"on": view.card(view.pile()[-1]["card"]).number}
    if verb == "discard":
        return "discard", {"card": action.args[0]}
    if verb in ("draw", "first"):
        return verb, {}
    if verb == "choose":
        return "best_answer", {}
    return "go_on", {}


COACH = Coach()

"""The Naruto CCG's teacher (issue 19, `referee.engine.teacher`): a hint is what the heuristic
computer player would do for the seat to act, and its reason is worked out from what that seat may
see. For a battle decision the reason is the Showdown it leads to, foreseen against the answers the
other player could visibly give (`foresight.py`): "Send Kakashi: every block loses to it, the closest
by 1". The seat's standing is the heuristic's public balance (battle rewards and Ninjas in play, an
injured one counting half).
"""

from __future__ import annotations

from referee.engine.action import Action
from referee.engine.match import Match
from referee.engine.players import guided
from referee.engine.teacher import Hint

from .foresight import Foresight, foresee
from .opponent import HeuristicPlayer, SeatView, material
from .state import NarutoState

#: the seed of the coach's player: equal choices are broken the same way every time
SEED = 0

#: the reason of a plain step, by the phase it is taken in
_STEPS = {"battle_attack": "hold_back", "battle_block": "let_through", "mission_main": "missions_done",
          "organization_organize": "teams_ready", "battle_exchange_open": "no_jutsu"}
#: the reason of an action naming one card, by its verb
_ONE_CARD = {"deploy": "deploy", "grow": "grow", "mission": "mission", "counter": "counter", "charge": "charge",
             "discard": "discard", "use": "use", "client": "client"}


class Coach:
    """`referee.engine.teacher.Coach` for the Naruto CCG."""

    #: the actions `foresee` has something to say of: those that lead to a Showdown or change one
    foresees = frozenset({"send", "block", "jutsu", "join", "team"})

    def hint(self, match: Match) -> Hint:
        s = guided(match, NarutoState, "Naruto CCG")
        action = HeuristicPlayer(SEED).choose(match)
        view = SeatView(s, match.actor, match.rules)
        reason, params = _reason(match, view, action)
        return Hint(action, reason, params)

    def standing(self, match: Match, seat: int) -> float:
        return material(SeatView(match.state, seat, match.rules))

    def foresee(self, match: Match, action: Action) -> list[Foresight]:
        return foresee(match, action)


def _reason(match: Match, view: SeatView, action: Action) -> tuple[str, dict]:
    verb = action.verb
    if verb == "send":
        return _send(foresee(match, action))
    if verb == "block":
        return _block(foresee(match, action), action, view)
    if verb == "jutsu":
        return _jutsu(foresee(match, action), action, view)
    if verb in _ONE_CARD:
        params = {"card": action.args[0]}
        if verb == "deploy":
            card = view.catalogue(action.args[0])
            params.update(combat=card.healthy[0], support=card.healthy[1])
        if verb == "grow":
            params["over"] = action.one("over")
        return _ONE_CARD[verb], params
    if verb == "join":
        return ("alone" if action.args[1] == "new" else "join"), {"card": action.args[0], "team": action.args[1]}
    if verb in ("keep", "mulligan", "first"):
        return verb, {}
    if verb in ("next", "pass"):
        return _STEPS.get(match.phase, "go_on"), {}
    return "best_answer", {}


def _send(outcomes: list[Foresight]) -> tuple[str, dict]:
    """Sending a team: what the blocker's best answer leaves it (the closest the blocks come)."""
    if not outcomes:
        return "go_on", {}
    free, blocks = outcomes[0], outcomes[1:]
    params = {"lead": free.lead, "power": free.power, "rewards": free.rewards}
    if not blocks:
        return "send_unblockable", params
    worst = min(blocks, key=lambda f: f.difference)
    params.update(against=worst.against, margin=abs(worst.difference))
    if worst.attacker_wins:
        return "send_wins", params
    return ("send_draw" if worst.result == "draw" else "send_risky"), params


def _block(outcomes: list[Foresight], action: Action, view: SeatView) -> tuple[str, dict]:
    """Blocking a team: the Showdown it makes, from the blocker's side."""
    if not outcomes:
        return "go_on", {}
    (f,) = outcomes
    lead = action.one("lead") or _only_member(view, action.args[0])
    params = {"lead": lead, "on": f.lead, "margin": abs(f.difference)}
    if f.result == "draw":
        return "block_draw", params
    return ("block_wins" if f.attacker_wins is False else "block_saves"), params


def _jutsu(outcomes: list[Foresight], action: Action, view: SeatView) -> tuple[str, dict]:
    """A Jutsu: the Showdown of its user's team once it has taken effect, from the user's side."""
    params = {"card": action.args[0], "user": action.one("by")}
    if not outcomes:
        return "jutsu", params
    (f,) = outcomes
    attacking = view.attacker == view.me
    wins = None if f.attacker_wins is None else f.attacker_wins == attacking
    params["margin"] = abs(f.difference)
    if f.result == "draw":
        return "jutsu_draw", params
    return ("jutsu_wins" if wins else "jutsu"), params


def _only_member(view: SeatView, team: str) -> str | None:
    """The one Ninja of team ``T<k>`` of the seat (a team of one is sent without naming its leader)."""
    teams = view.teams(view.me)
    k = int(team[1:]) - 1
    return view.number(teams[k][0]) if 0 <= k < len(teams) and teams[k] else None


COACH = Coach()

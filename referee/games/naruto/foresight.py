"""The Showdown a decision would produce, worked out before it is taken (a teacher's "before you
commit", issue 19).

While a player organizes teams, sends a team, blocks one or chooses a Jutsu, each choice is tried on a copy of the
position (the match itself, its undo stack and its observers are never touched), played on with the
answers the other player could give that the acting seat can see, and read back from the public
Showdown events the engine emits (N-SHOW-1..7): the same arithmetic, effects and rule words as the
real Showdown, never a second implementation of it.

The answers considered are the visible ones: a team sent to attack meets no block and each block the
blocker's free teams could make (their members and injuries are public, N-ZONE-2); no Jutsu is
assumed from a hand the seat cannot see, so every trial passes through the Jutsu exchange. A trial
that reaches a choice an effect asks (a coin, a card to pick) stops there: what follows would depend
on it, and no Showdown is foreseen.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.action import Action
from referee.engine.errors import IllegalAction
from referee.engine.match import Match

#: how many steps a trial may take to reach the Showdown (passes, the end of the exchange)
_STEPS = 60


@dataclass(frozen=True)
class Foresight:
    """One Showdown as it would be: the attacking team's leader and power, the blocking team's
    (None when unblocked), the difference, the result (``unblocked``, ``draw``, ``victory``,
    ``outstanding``, ``skipped``), the rule deciding it, the battle rewards an unblocked team takes
    and whether the attacker wins it (None for a draw or a skipped Showdown)."""

    lead: str
    power: int
    against: str | None
    against_power: int | None
    difference: int
    result: str
    rule: str
    rewards: int = 0
    attacker_wins: bool | None = None


def foresee(match: Match, action: Action | str) -> list[Foresight]:
    """The Showdowns ``action`` would produce for the team it concerns: a ``send``, one per visible
    answer (no block first, then each block the blocker could make on it); a ``block``, the one it
    makes; a ``jutsu``, the Showdown of its user's team once the exchange is over; a ``join`` or a
    ``team`` (organizing), the team it makes sent at once, led by its strongest leader. Empty for any
    other action, or when no Showdown can be foreseen."""
    action = Action.parse(action) if isinstance(action, str) else action
    if action.verb not in ("send", "block", "jutsu", "join", "team") or match.is_over():
        return []
    trial = _copy(match)
    if not _apply(trial, action):
        return []
    s = trial.state
    if action.verb in ("join", "team"):
        return _organized(trial, action)
    if action.verb == "send":
        lead = s.instances[s.players[s.attacker].sent[-1][0]]
        return _answers(trial, lead)
    if action.verb == "block":
        lead = action.one("on")
        return [f for f in [_showdown_after(trial, lead)] if f is not None]
    user = action.one("by")
    lead = _lead_of(trial, user)
    found = _showdown_after(trial, lead) if lead is not None else None
    return [found] if found is not None else []


def _organized(trial: Match, action: Action) -> list[Foresight]:
    """A team as organized: sent as soon as the Battle phase begins, led by the member that gives it
    the most power, against no block and each block the blocker could make."""
    s = trial.state
    mover = action.args[0]
    team = next((k for k, t in enumerate(s.players[s.attacker].teams) if any(s.instances[m] == mover for m in t)), None)
    if team is None or not _apply(trial, Action.of("next")) or trial.phase != "battle_attack":
        return []
    sends = [a for a in trial.legal_actions() if a.verb == "send" and a.args == (f"T{team + 1}",)]
    best: list[Foresight] = []
    for send in sends:
        seen = foresee(trial, send)
        if seen and (not best or seen[0].power > best[0].power):
            best = seen
    return best


def _answers(trial: Match, lead: str) -> list[Foresight]:
    """The attacking team led by ``lead`` unblocked, then against each block the blocker could make
    on it (its other blocks left out: they do not change this team's Showdown)."""
    if not _apply(trial, Action.of("next")) or trial.phase != "battle_block":
        return []
    out = [f for f in [_showdown_after(_copy(trial), lead)] if f is not None]
    for block in trial.legal_actions():
        if block.verb == "block" and block.one("on") == lead:
            answer = _copy(trial)
            if _apply(answer, block):
                found = _showdown_after(answer, lead)
                if found is not None:
                    out.append(found)
    return out


def _showdown_after(trial: Match, lead: str) -> Foresight | None:
    """Everyone passes (blocking no more, no Jutsu) until the Showdown; the one of ``lead``'s team."""
    start = len(trial.log)
    for _ in range(_STEPS):  # the Showdown and the teams' return are automatic steps
        if trial.is_over() or trial.state.pending or not trial.phase.startswith("battle_"):
            break
        step = "pass" if trial.phase.startswith("battle_exchange") else "next"
        if not _apply(trial, Action.of(step)):
            return None
    for event in trial.log[start:]:
        if event.params.get("lead") != lead:
            continue
        p = event.params
        if event.key == "showdown_unblocked":
            return Foresight(lead, p["power"], None, None, p["power"], "unblocked", p["rule"], p["rewards"], True)
        if event.key == "showdown":
            wins = None if p["result"] == "draw" else p["difference"] > 0
            return Foresight(lead, p["power"], p["against"], p["against_power"], p["difference"], p["result"],
                             p["rule"], 0, wins)
        if event.key == "showdown_skipped":
            return Foresight(lead, 0, None, None, 0, "skipped", "N-EFFECT-4")
    return None


def _lead_of(trial: Match, number: str | None) -> str | None:
    """The leader of the sent team ``number`` is in (either side)."""
    s = trial.state
    for player in s.players:
        for team in player.sent:
            if any(s.instances[m] == number for m in team):
                return s.instances[team[0]]
    return None


def _copy(match: Match) -> Match:
    state = match.rules.load_state(match.state.to_dict(), match.state.cards)
    return Match(match.rules, state, settle=False)


def _apply(trial: Match, action: Action) -> bool:
    try:
        trial.apply(action)
    except IllegalAction:
        return False
    return True

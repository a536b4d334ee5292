"""A teacher at the table (issue 19): what every game's teacher shares.

A *hint* is the action the game's computer player would take for the seat to act, with its reason:
a key of the game's reasons (the application words it, ``term:hint:<key>`` in the catalogues) and
the numbers and cards it names. A game's `Coach` reads only what that seat may see (the computer
players' `SeatView`), so a hint never tells a player something their seat does not know.

The *review* of a finished match replays its actions from its initial position and measures, before
and after each decision of the seats reviewed, how the acting seat stands (`Coach.standing`, the
computer player's own evaluation of the public position), and where it would have stood had it done
as the hint said there. The turning points are first the decisions where the hint would have left
it best placed compared with what it did, then those where its standing changed most. Everything is
deterministic: the coach's player is seeded, so the review of a seeded game is stable.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Protocol

from .action import Action
from .match import Match


@dataclass(frozen=True)
class Hint:
    """An action for the seat to act and why: ``reason`` names the sentence, ``params`` fills it."""

    action: Action
    reason: str
    params: dict[str, Any] = field(default_factory=dict)


class Coach(Protocol):
    """A game's teacher: a hint for the seat to act, how well a seat stands, and what an action
    would lead to (``foresees``: the verbs whose actions it foresees; none for a game without
    anything to foresee)."""

    foresees: frozenset[str]

    def hint(self, match: Match) -> Hint:
        """For ``match.actor``, from what that seat may see; a guided-mode match that is not over."""

    def standing(self, match: Match, seat: int) -> float:
        """How well ``seat`` stands in the position, by what it may see (higher is better)."""

    def foresee(self, match: Match, action: Action) -> list:
        """What ``action`` would lead to before it is taken (the Naruto CCG's Showdowns, `Foresight`);
        empty where the game has nothing to foresee."""


@dataclass(frozen=True)
class TurningPoint:
    """A decision of a finished match: its place in the action list, the seat, the action taken,
    the seat's standing before and after it, the hint it could have had and the standing the hint's
    action would have left it (``after`` when it did as the hint said)."""

    index: int
    seat: int
    action: Action
    before: float
    after: float
    hint: Hint
    hinted: float

    @property
    def change(self) -> float:
        return self.after - self.before

    @property
    def missed(self) -> float:
        """How much better the hint's action would have left the seat than what it did (0 or less:
        it did as well or better)."""
        return self.hinted - self.after

    @property
    def followed(self) -> bool:
        """Whether the player did what the hint says."""
        return self.hint.action == self.action


def review(match: Match, coach: Coach, seats: Iterable[int] | None = None, count: int = 5) -> list[TurningPoint]:
    """The ``count`` turning points of ``seats`` (all seats by default), in the order they were taken:
    first the decisions where the hint's action would have left the acting seat better placed than
    what it did, by the largest margin (`TurningPoint.missed`); then, if fewer, those where its
    standing changed most. A decision is an action taken where there was a choice (more than one
    legal action); forced moves are not reviewed."""
    wanted = None if seats is None else set(seats)
    rules, cards = match.rules, match.state.cards
    replay = Match.from_json(rules, {"initial": match.to_json()["initial"], "history": []}, cards)
    points: list[TurningPoint] = []
    for index, action in enumerate(match.history):
        seat = replay.actor
        if (wanted is None or seat in wanted) and len(replay.legal_actions()) > 1:
            before, hint, hinted = coach.standing(replay, seat), coach.hint(replay), None
            if hint.action != action:  # where the hint's action leads, on a copy of the position
                aside = Match(rules, rules.restore(rules.snapshot(replay.state), cards), settle=False)
                aside.apply(hint.action)
                hinted = coach.standing(aside, seat)
            replay.apply(action)
            after = coach.standing(replay, seat)
            points.append(TurningPoint(index, seat, action, before, after, hint, after if hinted is None else hinted))
        else:
            replay.apply(action)
    missed = sorted((p for p in points if p.missed > 0), key=lambda p: (-p.missed, p.index))
    changed = sorted((p for p in points if p.missed <= 0), key=lambda p: (-abs(p.change), p.index))
    return sorted((missed + changed)[:count], key=lambda p: p.index)

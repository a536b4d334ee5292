"""A teacher at the table (issue 19): what every game's teacher shares.

A *hint* is the action the game's computer player would take for the seat to act, with its reason:
a key of the game's reasons (the application words it, ``term:hint:<key>`` in the catalogues) and
the numbers and cards it names. A game's `Coach` reads only what that seat may see (the computer
players' `SeatView`), so a hint never tells a player something their seat does not know.

The *review* of a finished match replays its actions from its initial position and measures, before
and after each decision of the seats reviewed, how the acting seat stands (`Coach.standing`, the
computer player's own evaluation of the public position). The turning points are the decisions
where that changed most, each with the hint the seat could have asked for there. Everything is deterministic: the coach's player is
seeded, so the review of a seeded game is stable.
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
    would lead to (``foresees``: whether the game has anything to foresee)."""

    foresees: bool

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
    the seat's standing before and after it, and the hint it could have had."""

    index: int
    seat: int
    action: Action
    before: float
    after: float
    hint: Hint

    @property
    def change(self) -> float:
        return self.after - self.before

    @property
    def followed(self) -> bool:
        """Whether the player did what the hint says."""
        return self.hint.action == self.action


def review(match: Match, coach: Coach, seats: Iterable[int] | None = None, count: int = 5) -> list[TurningPoint]:
    """The ``count`` decisions of ``seats`` (all seats by default) where the acting seat's standing
    changed most, in the order they were taken, each with the hint it could have had (`followed`:
    the player did as it says). A decision is an action taken where there was a choice (more than
    one legal action); forced moves are not reviewed."""
    wanted = None if seats is None else set(seats)
    initial = match.to_json()["initial"]

    def at(index: int) -> Match:  # the position before action ``index``, replayed from the start
        return Match.from_json(match.rules, {"initial": initial, "history": [str(a) for a in match.history[:index]]},
                               match.state.cards)

    replay = at(0)
    moves: list[tuple[int, int, float, float]] = []  # (index, seat, before, after) of each decision
    for index, action in enumerate(match.history):
        seat = replay.actor
        decision = (wanted is None or seat in wanted) and len(replay.legal_actions()) > 1
        before = coach.standing(replay, seat) if decision else 0.0
        replay.apply(action)
        if decision:
            moves.append((index, seat, before, coach.standing(replay, seat)))
    chosen = sorted(sorted(moves, key=lambda m: (-abs(m[3] - m[2]), m[0]))[:count])
    # the hint only where it is shown: a hint can try moves on copies of the position
    return [TurningPoint(index, seat, match.history[index], before, after, coach.hint(at(index)))
            for index, seat, before, after in chosen]

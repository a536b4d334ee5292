"""Positions written by hand: the start of the Llamas scenario tests and of `referee play` files.

Each player's hand and field name cards by number, as do the shared zones::

    scenario(players=3, phase="action_main", hands=[["LU-062"], [], ["LU-051"]],
             fields=[["LU-003"], ["LU-007", "LU-001"], ["LU-002"]], deck=["LU-005"] * 10)

The nursery holds every baby no field holds unless ``nursery`` is given; the expansions in play are
those its cards come from unless ``sets`` is given; any other keyword sets a field of the position
(``plays``, ``words``, ``skips``...). The result is a guided-mode match at that step, with the
automatic steps that follow done.
"""

from __future__ import annotations

from typing import Any, Sequence

from referee.engine.match import Match

from .cards import BASE, LlamasCards, bundled
from .rules import rules_for
from .state import LlamasState


def scenario_state(*, players: int = 2, phase: str = "action_main", current: int = 0, turn: int = 3,
                   hands: Sequence[Sequence[str]] = (), fields: Sequence[Sequence[str]] = (),
                   deck: Sequence[str] = (), discard: Sequence[str] = (), nursery: Sequence[str] | None = None,
                   cards: LlamasCards | None = None, seed: int = 0, **values: Any) -> LlamasState:
    s = LlamasState(cards or bundled(), players, seed=seed)
    s.phase, s.current, s.turn, s.plays = phase, current, turn, 1

    def add(number: str) -> int:
        if s.cards.get(number) is None:
            raise ValueError(f"unknown card {number}")
        s.instances.append(number)
        return len(s.instances) - 1

    for seat in range(players):
        s.players[seat].hand = [add(n) for n in (hands[seat] if seat < len(hands) else ())]
        s.players[seat].field = [add(n) for n in (fields[seat] if seat < len(fields) else ())]
    s.deck = [add(n) for n in deck]
    s.discard = [add(n) for n in discard]
    if nursery is None:
        babies = s.cards.babies()
        for number in s.instances:
            if number in babies:
                babies.remove(number)
        nursery = babies
    s.nursery = [add(n) for n in nursery]
    # the expansions the position's cards come from are shuffled in (L-SETUP-3), unless ``sets`` says
    s.sets = sorted({s.cards.get(n).set for n in s.instances} - {BASE})
    for key, value in values.items():
        if not hasattr(s, key):
            raise ValueError(f"unknown scenario field {key}")
        setattr(s, key, value)
    return s


def scenario(**kwargs: Any) -> Match:
    return Match(rules_for(), scenario_state(**kwargs))

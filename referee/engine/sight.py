"""What a seat may see: one answer, given by each game's rules, that the computer players and the
application both read.

Every game's rules define ``visible(state, seat) -> frozenset[int]`` (see `referee.engine.match.Rules`):
the card instances seat ``seat`` may look at in that position, by the game's own zone rules: its own
hand, every face-up zone, the cards a choice it must answer shows it; never another player's hand, a
deck or a face-down zone. Nothing else in the engine or the application decides which cards a seat
may see: a computer player reads the position through a `SeatSight`, which refuses any other card,
and the application's widgets that show a seat's cards list only those the rules allow (the
options panel and the manual toolbox, `gui/match/`).

This module imports nothing but the standard library, so the application may import it cheaply.
"""

from __future__ import annotations

from typing import Any


def seen_by(rules: Any, state: Any, seat: int | None) -> frozenset[int]:
    """The instances ``seat`` may see (``rules.visible``); for ``seat`` None, a screen no seat holds
    (a spectator, a computer's turn on a shared screen), only those every seat may see."""
    if seat is not None:
        return rules.visible(state, seat)
    return frozenset.intersection(*(rules.visible(state, k) for k in range(len(state.players))))


class SeatSight:
    """What one seat may look at: the cards the rules say are visible to it (``rules.visible``), the
    printed card list, nothing else. Each game's `SeatView` builds on it; `card` refuses any other
    instance (LookupError), so everything a computer player reads through it is fair."""

    def __init__(self, rules: Any, s: Any, me: int):
        self._s = s
        self.me = me
        self._visible: frozenset[int] = rules.visible(s, me)

    def card(self, iid: int) -> Any:
        if iid not in self._visible:
            raise LookupError(f"seat {self.me + 1} may not see card instance {iid}")
        return self._s.card(iid)

    def catalogue(self, number: str) -> Any:
        """A printed card's facts by its number (the card list is public)."""
        return self._s.cards.get(number)

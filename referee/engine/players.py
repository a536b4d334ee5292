"""What the computer players of every game share: the interface the application calls, the checks
that a match is one a program may play, and the random player.

A computer player only plays guided-mode matches, where the program holds the cards: in referee mode
the cards are physical and their players name them.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from .action import Action
from .match import Match


class Player(Protocol):
    #: what kind of player it is ("random", "heuristic"): a match record keeps it, so that a
    #: resumed match gets the same players back
    kind: str

    def choose(self, match: Match) -> Action: ...


def guided(match: Match, state_type: type | None = None, game: str = "") -> Any:
    """The match's position, refusing (ValueError) a match a computer player cannot play: another
    game's (when ``state_type`` is given), a referee-mode one, or one that is over."""
    s = match.state
    if state_type is not None and not isinstance(s, state_type):
        raise ValueError(f"this computer player plays {game} matches only")
    if s.mode != "guided":
        raise ValueError("the computer player needs a guided-mode match (the program holds the cards); "
                         "in referee mode the cards are physical and their players name them")
    if match.is_over():
        raise ValueError("the match is over: there is nothing to choose")
    return s


class RandomPlayer:
    """A uniformly random legal action, from a random generator of its own: any game."""

    kind = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, match: Match) -> Action:
        guided(match)
        return self.rng.choice(match.legal_actions())


class SeatSight:
    """What one seat may look at: the cards ``visible`` to it, the printed card list, nothing else.
    Each game's `SeatView` builds on it, deciding which zones are visible; `card` refuses any other
    instance (LookupError), so everything a computer player reads through it is fair."""

    def __init__(self, s: Any, me: int, visible: set[int]):
        self._s = s
        self.me = me
        self._visible = visible

    def card(self, iid: int) -> Any:
        if iid not in self._visible:
            raise LookupError(f"seat {self.me + 1} may not see card instance {iid}")
        return self._s.card(iid)

    def catalogue(self, number: str) -> Any:
        """A printed card's facts by its number (the card list is public)."""
        return self._s.cards.get(number)

"""What the computer players of every game share: the interface the application calls, the checks
that a match is one a program may play, the random player, and `SeatSight` (from `sight.py`), what a
seat may look at.

A computer player only plays guided-mode matches, where the program holds the cards: in referee mode
the cards are physical and their players name them.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from .action import Action
from .match import Match
from .sight import SeatSight  # noqa: F401 (the computer players import it from here)


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

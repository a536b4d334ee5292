"""What a game's engine provides, so that the kernel's callers (the command line, the records, the
application) work with any game listed in `referee.games` without naming one. A game package
exposes one `GamePlay` as ``play.PLAY``."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from .match import Match


def _nothing_left_out(initial: dict, notations: Sequence[str]) -> None:
    return None


def _no_rematch(match: Match, seed: int) -> None:
    return None


@dataclass(frozen=True)
class GamePlay:
    #: format -> the rules of that format (built once, shared by all matches)
    rules: Callable[[str], Any]
    #: the cards the engine plays with when the caller gives none (the game's own bundled set)
    cards: Callable[[], Any]
    #: (generator, format, seats) -> a guided match set up at random (random legal decks): selfplay; a
    #: game with expansions (`referee.games.Game.expansions`) takes the codes shuffled in as a fourth
    random_match: Callable[[random.Random, str, int], Match]
    #: a position -> the invariants it breaks (checked after every action of a playout)
    invariants: Callable[[Any], list[str]]
    #: a play file's ``setup`` / ``scenario`` (keys already checked against the two sets below) -> a match
    from_setup: Callable[[dict], Match]
    from_scenario: Callable[[dict], Match]
    setup_keys: frozenset[str]
    scenario_keys: frozenset[str]
    #: (saved match or position, cards or None) -> the match (`Match.from_json`, checked)
    load_match: Callable[[dict, Any], Match]
    #: the computer players by kind ("random", "heuristic"): kind(seed) -> a player with ``choose(match)``
    computers: dict[str, Callable[[int], Any]] = field(default_factory=dict)
    #: the teacher: hints with reasons, the Showdown a choice would produce, a seat's standing for
    #: the review (`referee.engine.teacher.Coach`); None for a game without one
    coach: Any = None
    #: a game played with deck lists: (text, cards) -> the list read (any format the game reads), and
    #: (numbers, cards, format) -> the construction rules the deck breaks; None for a shared deck
    read_deck_list: Callable[[str, Any], Any] | None = None
    check_deck: Callable[[list, Any, str], list] | None = None
    #: (initial position, notations) -> what a record made under older rules leaves out, as
    #: (actions before it, notation, seat, step), or None (see `cards.records.as_now`)
    older: Callable[[dict, Sequence[str]], tuple | None] = _nothing_left_out
    #: (a match, a new seed) -> a new match set up as that one was (same players, decks, format and
    #: mode; a new shuffle), or None for a match that began as a position rather than a set-up
    rematch: Callable[[Match, int], Match | None] = _no_rematch

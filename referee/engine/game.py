"""What a game's engine provides, so that the kernel's callers (the command line, the records, the
application) work with any game listed in `referee.games` without naming one. A game package
exposes one `GamePlay` as ``play.PLAY``."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Sequence

if TYPE_CHECKING:  # the deck lists' part (`DeckRules`) is read while the command line's parsers are built
    from .match import Match


def _nothing_left_out(initial: dict, notations: Sequence[str]) -> None:
    return None


def _no_rematch(match: Match, seed: int) -> None:
    return None


@dataclass(frozen=True)
class SeatTable:
    """One seat's cards as a position's summary in a few lines shows them: how many cards each of
    its zones holds, and the face-up zones with their cards."""

    counts: tuple[tuple[str, int], ...]  # (zone, how many cards), in the order they are read out
    listed: tuple[tuple[str, tuple[int, ...]], ...] = ()  # (face-up zone, its card instances)


@dataclass(frozen=True)
class TableView:
    """A position in a few lines (`referee matches replay`): each seat's zones, the seats holding
    a role this turn and the zones of no seat. Zones and roles are keys of the game's term kinds
    ``zone`` and ``role`` (`referee.games.Game.term`: ``llamas_zone``...)."""

    seats: tuple[SeatTable, ...]
    roles: tuple[tuple[str, int], ...] = ()  # (role, seat): the Naruto CCG's attacker
    shared: tuple[tuple[str, int], ...] = ()  # (zone of no seat, how many it holds), shown when not empty
    injured: frozenset[int] = frozenset()  # listed cards shown as injured


@dataclass(frozen=True)
class DeckRules:
    """What a game whose players bring deck lists gives the deck store, the deck commands and the
    deck builder (the registry's ``decks`` part), so that none of them names the game. It stays
    light: the command line's parsers read its writers' names."""

    #: a deck list's sections, the deck played first (``"main"``); the others are kept with it
    sections: tuple[str, ...]
    #: the deck lists' class: ``of(main, **others)`` (numbers or counts), ``sections``, ``main``,
    #: ``copies()``, ``count()``, ``add(section, number, count)``, ``problems``, ``name``, ``format``
    deck_list: type
    #: (text, cards) -> the deck list read from any of the formats the game reads; an
    #: `referee.engine.errors.IllegalAction` when the text cannot be read at all
    read: Callable[[str, Any], Any]
    #: the formats a deck list is written in, by name: (deck list, cards[, images]) -> its text
    writers: dict[str, Callable[..., str]]
    #: (numbers one per copy or with counts, cards, format) -> the construction rules the deck breaks
    check: Callable[[Any, Any, str], list]
    #: (cards, format, generator) -> a legal deck drawn at random, one number per copy
    random: Callable[[Any, str, random.Random], list[str]]


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
    #: a position -> its summary in a few lines (`TableView`)
    table: Callable[[Any], TableView]
    #: the computer players by kind ("random", "heuristic"): kind(seed) -> a player with ``choose(match)``
    computers: dict[str, Callable[[int], Any]] = field(default_factory=dict)
    #: the teacher: hints with reasons, the Showdown a choice would produce, a seat's standing for
    #: the review (`referee.engine.teacher.Coach`); None for a game without one
    coach: Any = None
    #: a game played with deck lists (`DeckRules`): (a deck per seat, each a list of numbers or None
    #: for a physical deck not entered; settings: format, mode, seed, names, cards) -> a new match,
    #: `referee.engine.errors.IllegalDeck` when a deck breaks the construction rules
    from_decks: Callable[..., Match] | None = None
    #: (initial position, notations) -> what a record made under older rules leaves out, as
    #: (actions before it, notation, seat, step), or None (see `cards.records.as_now`)
    older: Callable[[dict, Sequence[str]], tuple | None] = _nothing_left_out
    #: (a match, a new seed) -> a new match set up as that one was (same players, decks, format and
    #: mode; a new shuffle), or None for a match that began as a position rather than a set-up
    rematch: Callable[[Match, int], Match | None] = _no_rematch

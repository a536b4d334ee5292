"""The games the referee knows, in one place.

The command line, the records, the catalogue and the application ask this table which games exist
and where each part of a game lives, instead of naming a game themselves. An entry holds the facts
every caller needs at once (its id, how many seats, its deck formats, the prefix of its rule ids)
and names the rest as ``"module:attribute"`` references, imported only when asked for: the command
line lists the games without importing any engine, the engine never imports the application, and
a game is added by writing its package and one entry here (see the README, "Adding a game").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import Any


@dataclass(frozen=True)
class Game:
    """A game and where its parts are. ``formats``: its deck formats, the first the default (a game
    without formats has one, recorded under that name). Every ``"module:attribute"`` reference is
    loaded by `part`."""

    id: str
    seats: range
    formats: tuple[str, ...]
    rule_prefix: str  # the rule ids of the game start with it ("N-", "L-")
    #: the engine's side: ``play`` (a `referee.engine.play.GamePlay`: rules, new and saved matches,
    #: play files, invariants, computer players, older records)
    play: str
    #: the catalogue's side: ``catalogue`` (a `cards.games.Catalogue`, in a module light enough for
    #: the command line's parsers: its bundled set, its search filters, the term kind naming its
    #: card types, the importer of its catalogue files if it has one) and whether the engine plays
    #: with the catalogue's cards (imported ones too) rather than its own box
    catalogue: str
    plays_catalogue: bool
    #: the application's side: ``page`` the match page class, ``app`` a `gui.games.GameApp` (its
    #: panel of the new-match page, its columns and facts in the card browser, its screenshots)
    page: str
    app: str
    #: its players' deck lists (a `referee.engine.game.DeckRules`): "" for a game whose players
    #: share one deck
    decks: str = ""
    #: the expansions a match may shuffle in at set-up, by code (its engine's cards say the same)
    expansions: tuple[str, ...] = ()
    #: what begins the names of its term kinds in `localization/sources/terms.toml`: "" for the
    #: kernel's own (``step``, ``zone``...), ``"llamas_"`` for ``llamas_step``, ``llamas_zone``...
    term_prefix: str = ""
    #: card-number prefixes another edition prints, each with the prefix the catalogue stores
    #: (`referee.engine.numbers.canonical_number`)
    number_aliases: tuple[tuple[str, str], ...] = ()

    def part(self, name: str) -> Any:
        """The object the reference ``name`` (``"play"``, ``"catalogue"``, ``"page"``, ``"app"``,
        ``"decks"``) points at, imported now."""
        return load(getattr(self, name))

    def term(self, kind: str) -> str:
        """The term kind naming its ``kind`` of things (``"step"`` -> ``"llamas_step"``)."""
        return self.term_prefix + kind

    @property
    def deck_lists(self) -> bool:
        """Whether its players bring deck lists (lists of cards) rather than share one deck."""
        return bool(self.decks)

    @property
    def default_format(self) -> str:
        return self.formats[0]


GAMES: dict[str, Game] = {g.id: g for g in (
    Game("naruto", range(2, 3), ("standard", "french"), "N-", play="referee.games.naruto.play:PLAY",
         catalogue="cards.games.naruto:CATALOGUE", plays_catalogue=True,
         page="gui.naruto.page:NarutoPage", app="gui.naruto.app:APP", decks="referee.games.naruto.decklists:DECKS",
         # N-CARD-4: the French edition's prefixes (NI-008 is N-008)
         number_aliases=(("NI", "N"), ("TE", "J"), ("TA", "M"), ("CL", "C"))),
    Game("llamas", range(2, 9), ("base",), "L-", play="referee.games.llamas.play:PLAY",
         catalogue="cards.games.llamas:CATALOGUE", plays_catalogue=False,
         page="gui.llamas.page:LlamasPage", app="gui.llamas.app:APP",
         expansions=("farmed-and-dangerous",), term_prefix="llamas_"),
)}
#: the game a caller means when it names none (a play file without "game", the catalogue's default)
DEFAULT = next(iter(GAMES))


def game(game_id: str | None) -> Game:
    """The entry of ``game_id`` (the default game for None); KeyError for an unknown one."""
    return GAMES[DEFAULT if game_id is None else game_id]


def with_decks() -> Game:
    """The game whose players bring deck lists: the one the deck store, the deck commands and the
    deck builder serve."""
    return next(g for g in GAMES.values() if g.deck_lists)


def of_rule(rule_id: str) -> Game | None:
    """The game whose rules define ``rule_id`` (None for the kernel's own ids: NOTATION...)."""
    return next((g for g in GAMES.values() if rule_id.startswith(g.rule_prefix)), None)


def of_match(match: Any) -> Game:
    """The game a match is played by (its rules say which)."""
    return GAMES[match.rules.game]


@cache
def load(reference: str) -> Any:
    module, _, attribute = reference.partition(":")
    return getattr(import_module(module), attribute)

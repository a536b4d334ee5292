"""What the catalogue needs of each game, in one shape: a `Catalogue` per game, in that game's own
module or package here (``cards/games/<id>.py``, or ``cards/games/<id>/`` for a game whose
catalogue files have importers), which the game registry (`referee.games`, ``catalogue``) names.

A game's catalogue says which set the package ships of it (`BundledSet`: its files and how their
rows become catalogue rows, read and written by `cards.bundled`), how a stored card becomes the
engine's card (`Catalogue.engine_cards`), which filters a search of its cards takes (`Filter`: the
values, and the column of a card's row each is looked for in, made a condition by `cards.search`),
the term kind its card types are named by, and the importer of its catalogue files when it has one.

These modules are light: the command line builds its parsers from them (the filters' values are
choices in its help), so they import no database layer (SQLModel, SQLAlchemy), only the game's own
engine data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable, Iterable

from referee.games import GAMES, game, load

#: what a set's reader makes of each row of its facts CSV: (CardRecord columns, English name,
#: English effect description or "" for a card with none)
CardReader = Callable[[list[dict[str, str]]], list[tuple[dict, str, str]]]


@dataclass(frozen=True)
class BundledSet:
    """One set the package ships, and where its load reads it from: so that every game's set is
    read, checked, fingerprinted and written by the same code (`cards.bundled`)."""

    game: str
    code: str
    name: str
    package: str  # the engine package whose data holds the facts
    facts: str  # the facts CSV in that package: number, name, effect_summary and the game's own columns
    read: CardReader
    names_file: str  # es/ru/fr names in cards/ (see cards.names)
    effects_file: str  # es/ru/fr effect descriptions in cards/
    engine_files: tuple[str, ...] = ()  # more engine data the reader depends on
    decks: str = ""  # the folder of ready decks in cards/, for a set that ships some
    #: a ready deck's text -> (its name or "", its format or "", its Mainboard {number: copies})
    read_deck: Callable[[str], tuple[str, str, dict[str, int]]] | None = None


@dataclass(frozen=True)
class Filter:
    """One way a game's cards can be filtered: the values it takes as the catalogue spells them
    (None: a whole number), the `cards.models.CardRecord` column a value is looked for in, and
    ``sep`` when that column holds a list joined by it (else the value is the whole column)."""

    values: tuple[str, ...] | None
    column: str
    sep: str = ""


@dataclass(frozen=True)
class Catalogue:
    """A game's part of the catalogue (see the module's docstring)."""

    bundled: BundledSet
    #: the stored cards, each (`cards.models.CardRecord`, English name, English effect text) -> the
    #: engine's table of those cards, each equal to the card the engine reads from its own data: what
    #: the browser and the tiles show, and what a game played with the catalogue's cards
    #: (`referee.games.Game.plays_catalogue`) plays with
    engine_cards: Callable[[Iterable[tuple[Any, str, str]]], Any]
    #: the other sets it ships, loaded beside ``bundled`` (a game's expansions, each a set of its own)
    expansions: tuple[BundledSet, ...] = ()
    #: its search filters, by the name `cards.search.search` takes them under
    filters: dict[str, Filter] = field(default_factory=dict)
    #: the term kind naming its card types (`localization`'s terms)
    type_term: str = "card_type"
    #: ``"module:attribute"`` of the importer of its catalogue files (``import_file(db, path, game, *,
    #: strict, progress)``), "" for a game that has none
    importer: str = ""


def catalogue(game_id: str | None = None) -> Catalogue:
    """The catalogue part of ``game_id`` (the default game for None)."""
    return game(game_id).part("catalogue")


def catalogues() -> dict[str, Catalogue]:
    """Every game's catalogue part, in the registry's order."""
    return {g: catalogue(g) for g in GAMES}


def shipped_sets(game_id: str) -> tuple[BundledSet, ...]:
    """Every set the package ships of ``game_id``: its bundled set first, then its expansions."""
    c = catalogue(game_id)
    return (c.bundled, *c.expansions)


def importing(reference: str | None = None) -> str:
    """The game whose catalogue files are imported (by ``reference``, an importer's module or
    ``"module:attribute"``; by any importer for None)."""
    return next(g for g, c in catalogues().items()
                if c.importer and (reference is None or c.importer.partition(":")[0] == reference.partition(":")[0]))


def importer() -> Callable[..., Any]:
    """The importer of catalogue files (`Catalogue.importer`) of the game that has one, given that
    game: ``importer()(db, path, strict=..., progress=...)``."""
    game_id = importing()
    return partial(load(catalogue(game_id).importer), game=game_id)


def as_read(source: Any, rows: list[dict[str, str]], facts: Callable[[Any, dict[str, str]], dict]
            ) -> list[tuple[dict, str, str]]:
    """Each row's card as the engine's card ``source`` reads it (effect definitions included):
    its CardRecord columns ``facts(card, row)``, its English name and its English description."""
    out = []
    for row in rows:
        card = source.get(row["number"])
        out.append((facts(card, row), card.name, card.effect))
    return out

"""What a card tile shows: a card's `Face`, in the active language, worked out once per card and
language and kept on the context.

A face is plain, hashable data (the tiles cache their painting by it): the card's number and
name, its `Look` (what its game prints on it: a type band, symbols, costs, Combat/Support, small
lines of attributes and keywords, the rules its keywords follow), the scan of it found in the
user's folder of card images, and how to describe it at length (the preview's text, asked only when
a preview opens: it reads the effect text from the catalogue). Each game's part of the application
makes its cards' looks (`gui.games.GameApp.look`), so this module names no game: a number is looked
up among every game's cards, as `AppContext.card_name` does.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable

from localization import current
from referee.games import GAMES

from .games import app

#: the file types a folder of card scans may hold
IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".webp", ".bmp", ".gif"})
#: a symbol's colour on a tile (the game's symbol keys); any other pip is grey
SYMBOL_COLOURS = {"Fire": "#cf3f2a", "Water": "#2d6cc8", "Wind": "#3a9447", "Lightning": "#cf9a00",
                  "Earth": "#8a5d32", "Void": "#6a5793"}
GREY = "#6f6f6f"


@dataclass(frozen=True)
class Pip:
    """A cost or a symbol printed in a small disc: its text (may be empty) and its fill colour."""

    text: str
    colour: str


@dataclass(frozen=True)
class Look:
    """What a card's game prints on it, in the active language (a game's ``look(card)`` makes it)."""

    kind: str  # the card's type, named
    band: str  # the type's colour: the tile's top band
    body: str  # the tile's background
    symbols: tuple[Pip, ...] = ()
    cost: tuple[Pip, ...] = ()  # at the top right: entrance and hand cost, or the Jutsu cost
    #: Combat/Support healthy and injured ("3/1", "1/0"), for a card that fights
    power: tuple[str, str] | None = None
    #: small lines at the bottom: an attribute, keywords; a Llamas animal's subtype and variations
    details: tuple[str, ...] = ()
    #: the ids of the rules its keywords and its type follow
    rules: tuple[str, ...] = ()


#: the look of a number no catalogue knows
UNKNOWN = Look(kind="", band=GREY, body="#f4f4f4")


@dataclass(frozen=True)
class Face:
    """A card face up: its number, its name without the number, what it is called on screen (number
    and name), its look and its scan ("" for none)."""

    number: str
    name: str
    label: str
    look: Look
    image: str = ""
    #: the preview's text (HTML) in the active language: asked when a preview opens
    describe: Callable[[], str] = field(default=str, compare=False, hash=False, repr=False)


def scans(folder: str | None) -> dict[str, str]:
    """The images in ``folder`` and its subfolders by file name without suffix, lower case (an
    N-CCG-DB id: ``n008``, ``pr018b``); none for no folder or one that cannot be read."""
    found: dict[str, str] = {}
    if not folder:
        return found
    for root, _dirs, files in os.walk(folder):
        for name in files:
            path = Path(root, name)
            if path.suffix.lower() in IMAGE_SUFFIXES:
                found.setdefault(path.stem.casefold(), str(path))
    return found


def game_of(context, number: str) -> str | None:
    """The game whose catalogue has ``number`` (the games' numbers differ)."""
    return next((game for game in GAMES if context.cards(game).get(number) is not None), None)


def face(context, number: str) -> Face:
    """The face of card ``number`` in the active language (made once per language)."""
    lang = current().lang
    key = (number, lang)
    known = context.faces.get(key)
    if known is None:
        known = context.faces[key] = _make(context, number)
    return known


def _make(context, number: str) -> Face:
    game = game_of(context, number)
    label = context.card_name(number)
    name = label[len(number) + 1:] if label.startswith(number + " ") else label
    if game is None:
        return Face(number, name, label, UNKNOWN)
    card = context.cards(game).get(number)
    from .browser import card_summary  # the browser's facts, shortened (it shows tiles itself)

    made = Face(number, name, label, app(game).look(card, game), describe=lambda: card_summary(context, number, game))
    image = context.scans().get((app(game).scan_name(card) or "").casefold())
    return replace(made, image=image) if image else made

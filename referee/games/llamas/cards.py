"""Llamas Unleashed card facts (data/base.csv, and data/farmed.csv for the "Farmed and Dangerous"
expansion) and their effect definitions (data/effects.toml, data/farmed.toml).

The card source knows every card of the box, the expansions' too; which of them make the deck is the
match's choice at set-up (L-SETUP-3: "the expansion cards you want to use"): `LlamasCards.deck_list`
takes the expansions chosen.

The rules read cards through a `LlamasCards` source by number, as the Naruto rules read theirs, so a
catalogue can stand in for the bundled base game. A card's ``abilities`` are its entry of
effects.toml: what `effects.py` carries out (see that module for the vocabulary); a card with no
entry has no effect (the basic animals).
"""

from __future__ import annotations

import csv
import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from referee.engine.cards import CardTable

VARIATIONS = ("llama", "alpaca", "goat", "ram")
TYPES = ("animal", "upgrade", "downgrade", "magic", "instant")
#: an animal's subtypes (L-CARD-5)
SUBTYPES = ("baby", "basic", "magical")
#: the types that stay in a field once they resolve (L-CARD-2, L-CARD-3, L-CARD-5)
FIELD_TYPES = frozenset({"animal", "upgrade", "downgrade"})
#: the base game's set code: its cards are always in the deck
BASE = "base"
#: set code -> (facts CSV, effect definitions) in data/, the base game first; every other set is an
#: expansion a table may shuffle in (the registry lists the same codes, `referee.games.Game.expansions`)
SETS = {BASE: ("base.csv", "effects.toml"), "farmed-and-dangerous": ("farmed.csv", "farmed.toml")}
EXPANSIONS = tuple(code for code in SETS if code != BASE)


@dataclass(frozen=True, slots=True)
class Card:
    number: str
    name: str
    type: str  # one of TYPES
    subtype: str  # one of SUBTYPES for an animal; "" otherwise
    #: the animal's variations: one, or several for a card treated as all of them (Henry the Huarizo
    #: is a llama and an alpaca, and still one animal)
    variations: tuple[str, ...]
    copies: int
    effect: str = ""  # our one-line summary of the card text
    abilities: dict = field(default_factory=dict, compare=False, hash=False)
    set: str = BASE  # the code of the set it comes from (`SETS`)
    #: worked out once from the fields above, since the rules ask them of nearly every card they look
    #: at: the type is ``animal``; the ``while`` table of its continuous words (see `traits.py`), empty
    #: for most cards
    is_animal: bool = field(init=False, repr=False, compare=False)
    continuous: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # a frozen dataclass: its derived fields are set once, here
        object.__setattr__(self, "is_animal", self.type == "animal")
        object.__setattr__(self, "continuous", self.abilities.get("while", {}))

    @property
    def is_baby(self) -> bool:
        return self.subtype == "baby"

    @property
    def letters(self) -> int:
        """Letters of its name, for the tie-break (L-WIN-4)."""
        return sum(ch.isalpha() for ch in self.name)


class LlamasCards(CardTable):
    """A card source in memory: the base game, or a test's own cards beside it."""

    def babies(self) -> list[str]:
        """Every baby copy, by number (they start in the nursery, L-SETUP-2)."""
        return [c.number for c in self if c.is_baby for _ in range(c.copies)]

    def deck_list(self, expansions: tuple[str, ...] | list[str] = ()) -> list[str]:
        """The blue-backed deck, every copy by number: everything but the babies, of the base game and
        the ``expansions`` shuffled in (L-SETUP-3)."""
        sets = {BASE, *expansions}
        return [c.number for c in self if not c.is_baby and c.set in sets for _ in range(c.copies)]


def card_from_row(row: dict[str, str], abilities: dict | None = None, set_code: str = BASE) -> Card:
    return Card(
        number=row["number"], name=row["name"], type=row["type"], subtype=row["subtype"],
        variations=tuple(v for v in row["variation"].split(";") if v), copies=int(row["copies"]),
        effect=row.get("effect_summary", ""), abilities=abilities or {}, set=set_code,
    )


def _data(name: str) -> str:
    return resources.files(__package__).joinpath(f"data/{name}").read_text(encoding="utf-8")


@cache
def definitions() -> dict[str, dict]:
    """Every card's effect definition (data/effects.toml and each expansion's), by number."""
    return {number: d for _, effects in SETS.values() for number, d in tomllib.loads(_data(effects)).items()}


def rows(set_code: str) -> list[dict[str, str]]:
    """The facts CSV of a set, row by row."""
    return list(csv.DictReader(_data(SETS[set_code][0]).splitlines()))


@cache
def bundled() -> LlamasCards:
    """The box: the base game (78 cards, 128 copies: 116 in the deck and the 12 babies) and the
    expansions (Farmed and Dangerous: 34 cards, 53 copies, no baby)."""
    defs = definitions()
    return LlamasCards(card_from_row(r, defs.get(r["number"]), code) for code in SETS for r in rows(code))

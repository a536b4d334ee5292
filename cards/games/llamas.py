"""Llamas Unleashed's part of the catalogue: the base game and its expansion as shipped, each a set
of its own, kept in the columns that say the same of a Naruto card, and its search filters (type, an
animal's subtype and variation)."""

from __future__ import annotations

import json

from referee.games.llamas import cards as engine_cards
from referee.games.llamas.cards import SUBTYPES, TYPES, VARIATIONS

from . import BundledSet, Catalogue, Filter, as_read


def _facts(card, row: dict[str, str]) -> dict:
    """The base game in the columns that say the same of a Naruto card: the subtype (baby, basic,
    magical) as its keyword, the variations (two for Henry the Huarizo) as its characteristics,
    base.csv's trigger as its effect kind and the engine's effect definition as JSON ("" for a card
    with none)."""
    return {
        "number": card.number,
        "type": card.type,
        "keywords": card.subtype,
        "characteristics": ", ".join(card.variations),
        "copies": card.copies,
        "effect_kind": row["trigger"],
        "effect": json.dumps(card.abilities) if card.abilities else "",
    }


def _cards(rows: list[dict[str, str]]) -> list[tuple[dict, str, str]]:
    return as_read(engine_cards.bundled(), rows, _facts)


def _engine_cards(stored) -> engine_cards.LlamasCards:
    """The stored cards as the engine has them: its own box's cards of those numbers (the catalogue
    holds only the sets the package ships, so nothing is lost)."""
    box = engine_cards.bundled()
    numbers = {record.number for record, _, _ in stored}
    return engine_cards.LlamasCards(card for card in box if card.number in numbers)


SET = BundledSet("llamas", engine_cards.BASE, "Llamas Unleashed", engine_cards.__package__, "data/base.csv", _cards,
                 "data/llamas_names.csv", "data/llamas_effects.csv", engine_files=("data/effects.toml",))
#: the "Farmed and Dangerous" expansion, a set of its own (LU-079..LU-112)
FARMED = BundledSet("llamas", "farmed-and-dangerous", "Farmed and Dangerous", engine_cards.__package__,
                    "data/farmed.csv", _cards, "data/llamas_farmed_names.csv", "data/llamas_farmed_effects.csv",
                    engine_files=("data/farmed.toml",))

#: a card's row keeps an animal's subtype as its keywords and its variations as its characteristics
CATALOGUE = Catalogue(
    SET,
    expansions=(FARMED,),
    filters={"type": Filter(TYPES, "type"), "subtype": Filter(SUBTYPES, "keywords"),
             "variation": Filter(VARIATIONS, "characteristics", ", ")},
    type_term="llamas_card_type",
    engine_cards=_engine_cards,
)

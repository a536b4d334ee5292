"""The Naruto CCG's part of the catalogue: Set 1 "The Path to Hokage" as shipped, with its ready
decks, its facts as printed; its search filters (type, symbol, entrance cost); and its catalogue
files, which `cards.games.naruto.importers` reads (the N-CCG-DB community file, `ccgdb`, and our CSV)."""

from __future__ import annotations

from referee.games.naruto import cards as engine_cards
from referee.games.naruto.cards import CARD_TYPES, SYMBOLS, CardTable, card_from_row, cost_text
from referee.games.naruto.decklists import read_deck_list

from .. import BundledSet, Catalogue, Filter, as_read

#: CardRecord columns filled from Set 1's CSV as they are written there
STAT_COLUMNS = ("entrance_cost", "hand_cost", "healthy_combat", "healthy_support", "injured_combat", "injured_support")


def _int_or_none(text: str) -> int | None:
    return int(text) if text.strip() else None


def _facts(card, row: dict[str, str]) -> dict:
    """Set 1's columns, with the stats as printed: a blank stays blank, not 0."""
    return {
        "number": card.number,
        "type": card.type,
        "symbols": "/".join(card.symbols),
        **{col: _int_or_none(row[col]) for col in STAT_COLUMNS},
        "attribute": card.attribute,
        "jutsu_cost": cost_text(card.costs),
        "characteristics": ", ".join(card.characteristics),
        "keywords": ", ".join(card.keywords),
        "effect_kind": card.effect_kind,
        "requirement": card.requirement,
        "target": card.target,
        "effect": card.script,
        "ccgdb_id": card.ccgdb_id,
        "printed": card.number,
    }


def _cards(rows: list[dict[str, str]]) -> list[tuple[dict, str, str]]:
    return as_read(engine_cards.bundled(), rows, _facts)


def _deck(text: str) -> tuple[str, str, dict[str, int]]:
    """A ready deck's list (its ``# name:`` / ``# format:`` header comments and its Mainboard)."""
    deck = read_deck_list(text, engine_cards.bundled())
    return deck.name, deck.format, deck.main


#: the stored columns the engine's CSV reader takes as they are (`card_from_row`)
ENGINE_COLUMNS = ("number", "type", "symbols", "attribute", "jutsu_cost", "characteristics", "keywords",
                  "effect_kind", "requirement", "target", "entrance_cost", "hand_cost",
                  "healthy_combat", "healthy_support", "injured_combat", "injured_support", "ccgdb_id", "variable")


def _engine_cards(stored) -> CardTable:
    """The engine's cards from stored ones (record, English name, English effect text), read by the
    engine's own CSV reader; a card set back to manual (``effect_override``) has no definition."""
    table = []
    for record, name, effect in stored:
        row = {col: "" if getattr(record, col) is None else str(getattr(record, col)) for col in ENGINE_COLUMNS}
        row.update(name=name, effect_summary=effect, script="" if record.effect_override else record.effect)
        table.append(card_from_row(row))
    return CardTable(table)


SET = BundledSet("naruto", "set01", "The Path to Hokage", engine_cards.__package__, "data/set01.csv", _cards,
                 "data/set01_names.csv", "data/set01_effects.csv", engine_files=("data/effects.toml",),
                 decks="data/decks", read_deck=_deck)

CATALOGUE = Catalogue(
    SET,
    filters={"type": Filter(CARD_TYPES, "type"), "symbol": Filter(SYMBOLS, "symbols", "/"),
             "cost": Filter(None, "entrance_cost")},
    type_term="card_type",
    importer="cards.games.naruto.importers:import_file",
    engine_cards=_engine_cards,
)

"""The engine's card source, read from the catalogue.

The engine asks for cards by number in its hot loops, so `CatalogueSource` reads every card of a
game once, when it is made, and answers from a dict; the rules engine never sees SQL. A card is
rebuilt with the engine's own CSV reader (`card_from_row`) from the stored facts, its English name
and its English effect text (`CardText`), so it is equal to the card the engine would read from
its own package data.
"""

from __future__ import annotations

from typing import Iterator

from sqlmodel import select

from referee.games.naruto.cards import Card, CardTable, card_from_row

from .models import CardName, CardRecord, CardText

#: CardRecord columns that map one to one to the engine's CSV columns
_COLUMNS = ("number", "type", "symbols", "attribute", "jutsu_cost", "characteristics", "keywords",
            "effect_kind", "requirement", "target", "entrance_cost", "hand_cost",
            "healthy_combat", "healthy_support", "injured_combat", "injured_support")


def card_of(record: CardRecord, name: str, effect: str) -> Card:
    """An engine `Card` from a stored card, its English name and its English effect text."""
    row = {col: "" if getattr(record, col) is None else str(getattr(record, col)) for col in _COLUMNS}
    row.update(name=name, effect_summary=effect)
    return card_from_row(row)


class CatalogueSource:
    """`referee.games.naruto.cards.CardSource` over the catalogue: every card of ``game``, read once."""

    def __init__(self, db, game: str = "naruto"):
        self.game = game
        with db.session() as session:
            records = session.exec(select(CardRecord).where(CardRecord.game == game)).all()
            names = dict(session.exec(
                select(CardName.card_id, CardName.name).join(CardRecord, CardRecord.id == CardName.card_id)
                .where(CardRecord.game == game, CardName.lang == "en")).all())
            texts = dict(session.exec(
                select(CardText.card_id, CardText.text).join(CardRecord, CardRecord.id == CardText.card_id)
                .where(CardRecord.game == game, CardText.lang == "en")).all())
        self._table = CardTable(card_of(r, names.get(r.id, r.number), texts.get(r.id, "")) for r in records)

    def get(self, number: str) -> Card | None:
        return self._table.get(number)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._table)

    def __len__(self) -> int:
        return len(self._table)

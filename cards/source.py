"""The engine's card source, read from the catalogue.

The engine asks for cards by number in its hot loops, so `CatalogueSource` reads every card of a
game once, when it is made, and answers from a dict; the rules engine never sees SQL. A card is
rebuilt by the game's catalogue part (`cards.games.Catalogue.engine_cards`, with the engine's own CSV
reader) from the stored facts, its English name and its English effect text (`CardText`), so it is equal to the card the engine would read from
its own package data (the effect definition, `CardRecord.effect`, included). A card a player or
organiser set back to manual (`set_manual`) is given with no definition, so the engine opens the
manual toolbox for it as for any card whose effect the vocabulary does not hold.
"""

from __future__ import annotations

from typing import Any, Iterator

from sqlmodel import or_, select

from referee.engine.numbers import canonical_number, is_card_number
from referee.games import DEFAULT, game as game_entry

from .games import catalogue
from .models import LANGUAGES, MANUAL, CardName, CardRecord, CardSet, CardText
from localization import Messages

#: how the interface names where a card's effect comes from (`effect_source`)
SOURCES = Messages("cards.source", {
    "hand": "hand-written",
    "read": "read from the text",
    "manual": "applied by hand",
})

def effect_source(source: str, override: bool) -> str:
    """Where the effect the referee applies comes from: the stored source (``hand``, ``read``), or
    ``manual`` when there is no definition or a player set the card back to manual."""
    return MANUAL if override else source


class NoSuchCard(LookupError):
    """`set_manual` was given a number or id that names no card of the game."""


def set_manual(db, card: str, manual: bool = True, game: str = DEFAULT) -> tuple[str, str]:
    """Set a card's effect back to manual in this database (``manual``), or undo it: the card found
    by its number or N-CCG-DB id. Returns its number and the source its effect has now; an import
    or the bundled loader never changes the choice (cards.games.naruto.importers)."""
    key = card.strip()
    found = CardRecord.ccgdb_id == key.casefold()
    if is_card_number(key):
        found = or_(found, CardRecord.number == canonical_number(key))
    db.verify()
    with db.exclusive() as session:
        record = session.exec(select(CardRecord).where(CardRecord.game == game, found)
                              .order_by(CardRecord.number)).first()
        if record is None:
            raise NoSuchCard(card)
        record.effect_override = manual
        session.add(record)
        return record.number, effect_source(record.effect_source, manual)


class CatalogueSource:
    """The engine's card source over the catalogue (`Catalogue.engine_cards`): every card of ``game``,
    read once."""

    def __init__(self, db, game: str = DEFAULT):
        self.game = game
        with db.session() as session:
            records = session.exec(select(CardRecord).where(CardRecord.game == game)).all()
            localized = session.exec(
                select(CardName.card_id, CardName.lang, CardName.name).join(CardRecord, CardRecord.id == CardName.card_id)
                .where(CardRecord.game == game)).all()
            texts = dict(session.exec(
                select(CardText.card_id, CardText.text).join(CardRecord, CardRecord.id == CardText.card_id)
                .where(CardRecord.game == game, CardText.lang == "en")).all())
        numbers = {r.id: r.number for r in records}
        # (the three reads are not one snapshot on SQLite: a name of a card an import is writing
        # now, met before its card, waits for the next read)
        self._names: dict[tuple[str, str], str] = {(numbers[cid], lang): name for cid, lang, name in localized
                                                   if cid in numbers}
        self._table = catalogue(game).engine_cards((r, self._names.get((r.number, "en"), r.number), texts.get(r.id, ""))
                                                   for r in records)

    def name(self, number: str, lang: str) -> str | None:
        """The card's name in ``lang``, else in English; None for a card the catalogue lacks."""
        return self._names.get((number, lang)) or self._names.get((number, "en"))

    def names(self, number: str) -> dict[str, str]:
        """The card's name in each language the catalogue has it in (an imported card: English)."""
        return {lang: self._names[(number, lang)] for lang in LANGUAGES if (number, lang) in self._names}

    def get(self, number: str) -> Any:
        return self._table.get(number)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._table)

    def __len__(self) -> int:
        return len(self._table)


def engine_cards(db, game: str):
    """The cards the engine plays ``game`` with: the catalogue's (imported cards included) for a
    game played with the catalogue's cards, else the game's own box (`referee.games`)."""
    entry = game_entry(game)
    return CatalogueSource(db, game) if entry.plays_catalogue else entry.part("play").cards()


def effect_texts(db, number: str, game: str = DEFAULT) -> dict[str, str]:
    """The card's effect description in every language the catalogue has it in (a number is
    unique within one game only)."""
    with db.session() as session:
        rows = session.exec(select(CardText.lang, CardText.text).join(CardRecord, CardRecord.id == CardText.card_id)
                            .where(CardRecord.game == game, CardRecord.number == number)).all()
    return dict(rows)


def catalogue_facts(db, number: str, game: str = DEFAULT) -> dict:
    """What the catalogue knows of a card beyond what the engine plays with: its set's name and code, the
    number as printed, its N-CCG-DB id, effect title, year and errata note, where the effect the
    referee applies comes from and whether a player set it back to manual ({} for no such card)."""
    with db.session() as session:
        row = session.exec(select(CardRecord.printed, CardRecord.ccgdb_id, CardRecord.effect_title, CardRecord.year,
                                  CardRecord.errata, CardRecord.image_path, CardSet.name, CardRecord.effect_source,
                                  CardRecord.effect_override, CardSet.code)
                           .outerjoin(CardSet, CardSet.id == CardRecord.set_id)
                           .where(CardRecord.game == game, CardRecord.number == number)).first()
    if row is None:
        return {}
    printed, ccgdb_id, title, year, errata, image_path, set_name, source, override, set_code = row
    return {"printed": printed if printed and printed != number else "", "ccgdb_id": ccgdb_id or "",
            "effect_title": title, "year": year, "errata": errata, "image_path": image_path, "set": set_name or "",
            "set_code": set_code or "",
            "effect_source": effect_source(source, override), "effect_override": override}


def image_paths(db, numbers, game: str = DEFAULT) -> dict[str, str]:
    """The N-CCG-DB scan path of each of these cards that has one (for Tabletop Simulator decks)."""
    from .search import chunks

    out: dict[str, str] = {}
    with db.session() as session:
        for chunk in chunks(numbers):
            out.update(session.exec(select(CardRecord.number, CardRecord.image_path).where(
                CardRecord.game == game, CardRecord.number.in_(chunk), CardRecord.image_path != "")).all())
    return out

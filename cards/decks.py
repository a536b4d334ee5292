"""Stored decks: build, list, validate, import and export them in the deck-list formats players use.

A deck is stored as entries (card, count, section) under a name unique per game; its format is the
one it is meant for. Its sections are the N-CCG-DB deck builder's: the Mainboard (the deck played
and checked by the rules), Reinforcements and Sideboard (kept with it, never played nor counted;
the game's `referee.engine.game.DeckRules`, the registry's ``decks`` part). Saving only refuses
what cannot be stored (cards the catalogue does not have, an empty or too long name, an unknown
format): a deck under construction may break the construction rules, which `validate` lists with
the engine's own checker (`DeckRules.check`) over the catalogue (`cards.source.CatalogueSource`),
so the rules live in one place.

Deck lists are read in any of the three formats (the referee's text, the deck builder's text and
its Tabletop Simulator JSON) and written in any of them (`EXPORT_FORMATS`), cards found in the
whole catalogue by number, N-CCG-DB id or name. Saving over a bundled deck makes it the user's
own: the bundled loader never touches it again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from sqlalchemy import delete, func, insert, select

from referee.engine.errors import Violation
from referee.engine.names import name_problem
from referee.engine.numbers import number_key
from referee.games import with_decks

from .choices import EXPORT_FORMATS  # noqa: F401  (defined where the command line can read it cheaply)
from .models import CardRecord, Deck, DeckEntry
from .search import chunks
from .source import CatalogueSource, image_paths
from localization import Messages

#: the game whose players bring decks (the registry says which), and its deck lists
_ENTRY = with_decks()
GAME, FORMATS = _ENTRY.id, _ENTRY.formats
DECKS = _ENTRY.part("decks")
DeckList = DECKS.deck_list
SECTIONS = DECKS.sections
NAME_MAX = 200

MESSAGES = Messages("cards.decks", {
    "no_deck": "There is no deck named {name!r}.",
    "unknown_cards": "The catalogue has no card {numbers}.",
    "unknown_format": "Unknown deck format {value!r}; expected one of {choices}.",
    "bad_name": "A deck name must have 1 to {maximum} characters, without control characters.",
    "unreadable": "The deck list names cards the catalogue cannot tell: {count}.",
})


class DeckError(ValueError):
    """A deck that cannot be stored or found: ``key`` names the message in `MESSAGES`, ``params``
    fill it; ``violations`` lists the unknown cards (rule N-CARD-4) when there are any."""

    messages = MESSAGES  # so that the error can be shown in any language

    def __init__(self, key: str, violations: Sequence[Violation] = (), **params):
        self.key = key
        self.params = params
        self.violations = list(violations)
        super().__init__(MESSAGES(key, **params))


@dataclass(frozen=True)
class DeckInfo:
    name: str
    format: str
    cards: int  # copies in the Mainboard
    bundled: bool = False
    game: str = GAME
    reinforcements: int = 0
    sideboard: int = 0


def _check_name(name: str) -> str:
    name = (name or "").strip()
    if name_problem(name, NAME_MAX) is not None:
        raise DeckError("bad_name", maximum=NAME_MAX)
    return name


def _check_format(fmt: str) -> str:
    if fmt not in FORMATS:
        raise DeckError("unknown_format", value=fmt, choices=", ".join(FORMATS))
    return fmt


def _info(name: str, fmt: str, deck: DeckList, bundled: bool, game: str) -> DeckInfo:
    return DeckInfo(name, fmt, deck.count("main"), bundled, game, deck.count("reinforcements"),
                    deck.count("sideboard"))


def save_deck(db, name: str, deck: DeckList | Sequence[str], fmt: str = FORMATS[0], game: str = GAME) -> DeckInfo:
    """Store ``deck`` (a `DeckList`, or numbers one per copy: its Mainboard) as ``name``, replacing
    its entries if it exists. Unknown numbers are refused (`DeckError` with their N-CARD-4
    violations), and so are the entries of a list that named no single card; nothing is written."""
    name, fmt = _check_name(name), _check_format(fmt)
    if not isinstance(deck, DeckList):
        deck = DeckList.of(deck)
    if deck.problems:
        raise DeckError("unreadable", deck.problems, count=len(deck.problems))
    numbers = {n for section in SECTIONS for n in deck.sections[section]}
    db.verify()
    with db.exclusive() as session:
        ids = {}
        for chunk in chunks(sorted(numbers)):
            ids.update(session.execute(select(CardRecord.number, CardRecord.id).where(
                CardRecord.game == game, CardRecord.number.in_(chunk))).all())
        unknown = sorted((n for n in numbers if n not in ids), key=number_key)
        if unknown:
            raise DeckError("unknown_cards", [Violation("N-CARD-4", {"number": n}) for n in unknown],
                            numbers=", ".join(unknown))
        stored = session.execute(select(Deck).where(Deck.game == game, Deck.name == name)).scalar_one_or_none()
        if stored is None:
            stored = Deck(game=game, name=name)
        stored.format, stored.bundled = fmt, False
        session.add(stored)
        session.flush()
        session.execute(delete(DeckEntry).where(DeckEntry.deck_id == stored.id),
                        execution_options={"synchronize_session": False})
        rows = [{"deck_id": stored.id, "card_id": ids[n], "count": k, "section": section}
                for section in SECTIONS for n, k in deck.sections[section].items()]
        if rows:
            session.execute(insert(DeckEntry), rows)
    return _info(name, fmt, deck, False, game)


def _stored(db, name: str, game: str) -> tuple[DeckInfo, DeckList]:
    with db.session() as session:
        stored = session.execute(select(Deck).where(Deck.game == game, Deck.name == name.strip())).scalar_one_or_none()
        if stored is None:
            raise DeckError("no_deck", name=name)
        rows = session.execute(select(CardRecord.number, DeckEntry.count, DeckEntry.section)
                               .join(CardRecord, CardRecord.id == DeckEntry.card_id)
                               .where(DeckEntry.deck_id == stored.id)).all()
        deck = DeckList(name=stored.name, format=stored.format)
        for number, k, section in sorted(rows, key=lambda r: number_key(r[0])):
            deck.add(section if section in SECTIONS else "main", number, k)
        return _info(stored.name, stored.format, deck, stored.bundled, game), deck


def load_deck(db, name: str, game: str = GAME) -> list[str]:
    """The deck's Mainboard: its card numbers, one per copy, in card-number order."""
    return _stored(db, name, game)[1].copies()


def load_deck_list(db, name: str, game: str = GAME) -> DeckList:
    """The stored deck, every section."""
    return _stored(db, name, game)[1]


def get_deck(db, name: str, game: str = GAME) -> DeckInfo:
    return _stored(db, name, game)[0]


def list_decks(db, game: str = GAME) -> list[DeckInfo]:
    """Every stored deck of the game, by name."""
    per_section = {s: func.coalesce(func.sum(DeckEntry.count).filter(DeckEntry.section == s), 0) for s in SECTIONS}
    with db.session() as session:
        rows = session.execute(
            select(Deck.name, Deck.format, Deck.bundled, *per_section.values())
            .outerjoin(DeckEntry, DeckEntry.deck_id == Deck.id)
            .where(Deck.game == game)
            .group_by(Deck.id, Deck.name, Deck.format, Deck.bundled)
            .order_by(Deck.name)).all()
    return [DeckInfo(name, fmt, int(main), bool(bundled), game, int(reinf), int(side))
            for name, fmt, bundled, main, reinf, side in rows]


def delete_deck(db, name: str, game: str = GAME) -> None:
    db.verify()
    with db.exclusive() as session:
        deck = session.execute(select(Deck).where(Deck.game == game, Deck.name == name.strip())).scalar_one_or_none()
        if deck is None:
            raise DeckError("no_deck", name=name)
        session.execute(delete(DeckEntry).where(DeckEntry.deck_id == deck.id),
                        execution_options={"synchronize_session": False})
        session.delete(deck)


def validate(db, deck: str | Sequence[str] | DeckList, fmt: str | None = None, game: str = GAME,
             source=None) -> list[Violation]:
    """Every construction rule the deck's Mainboard breaks in ``fmt`` (default: the deck's own
    format, else standard), after the entries of a list that named no single card: a stored deck's
    name, a `DeckList`, or card numbers. ``source`` reuses a CatalogueSource."""
    if isinstance(deck, str):
        info, deck = _stored(db, deck, game)
        fmt = fmt or info.format
    elif not isinstance(deck, DeckList):
        deck = DeckList.of(deck)
    fmt = _check_format(fmt or deck.format or "standard")
    return list(deck.problems) + DECKS.check(deck.main, source or CatalogueSource(db, game), fmt)


def parse_text(text: str, source) -> DeckList:
    """A deck list in any format (see the game's `DeckRules.read`), its cards found in
    ``source`` (a CatalogueSource: the whole catalogue); `DeckListError` (a refusal of rule
    DECKLIST, shown like any other) when it cannot be read."""
    return DECKS.read(text, source)


def import_deck_text(db, name: str, text: str, fmt: str | None = None, game: str = GAME) -> DeckInfo:
    """Save a deck list as ``name``; ``fmt`` defaults to the list's ``# format:`` line, else
    standard."""
    deck = parse_text(text, CatalogueSource(db, game))
    return save_deck(db, name, deck, fmt or deck.format or "standard", game)


def deck_text(name: str, fmt: str, deck: DeckList | Sequence[str], source, kind: str = "text",
              images: dict[str, str] | None = None) -> str:
    """A deck, stored or not, as a list in ``kind`` (`EXPORT_FORMATS`) that `import_deck_text`
    (and ``referee deck check``) reads back; ``source`` gives the cards' names and ids,
    ``images`` their scans for Tabletop Simulator."""
    if not isinstance(deck, DeckList):
        deck = DeckList.of(deck)
    deck.name, deck.format = name, fmt
    if kind == "tts":
        return DECKS.writers[kind](deck, source, images)
    return DECKS.writers[kind](deck, source)


def export_deck_text(db, name: str, kind: str = "text", game: str = GAME) -> str:
    """A stored deck as a list in ``kind`` (see `deck_text`)."""
    info, deck = _stored(db, name, game)
    images = image_paths(db, [n for section in SECTIONS for n in deck.sections[section]], game) if kind == "tts" else None
    return deck_text(info.name, info.format, deck, CatalogueSource(db, game), kind, images)

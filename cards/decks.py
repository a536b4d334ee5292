"""Stored decks: build, list, validate, import and export them as plain-text lists.

A deck is stored as entries (card, count) under a name unique per game; its format is the one it is
meant for. Saving only refuses what cannot be stored (cards the catalogue does not have, an empty
or too long name, an unknown format): a deck under construction may break the construction rules,
which `validate` lists with the engine's own checker (`referee.games.naruto.decks.check_deck`)
over the catalogue (`cards.source.CatalogueSource`), so the rules live in one place.

The text form is the engine's (``3 N-008 Iruka Umino`` per line, the name optional, French numbers
accepted), with ``# name:`` / ``# format:`` comment lines on top as in the bundled deck files.
Saving over a bundled deck makes it the user's own: the bundled loader never touches it again.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Sequence

from sqlalchemy import delete, func, insert, select

from referee.engine.errors import Violation
from referee.games.naruto import decks as rules
from referee.games.naruto.decks import number_key, canonical_number

from .bundled import read_deck_file
from .models import CardRecord, Deck, DeckEntry
from .source import CatalogueSource
from localization import Messages

GAME = "naruto"
NAME_MAX = 200

MESSAGES = Messages("cards.decks", {
    "no_deck": "There is no deck named {name!r}.",
    "unknown_cards": "The catalogue has no card {numbers}.",
    "unknown_format": "Unknown deck format {value!r}; expected one of {choices}.",
    "bad_name": "A deck name must have 1 to {maximum} characters.",
    "bad_line": "line {line}: {reason}: {text!r}",
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
    cards: int  # copies in all
    bundled: bool = False
    game: str = GAME


@dataclass
class _Stored:
    info: DeckInfo
    numbers: list[str] = field(default_factory=list)


def _check_name(name: str) -> str:
    name = (name or "").strip()
    if not name or len(name) > NAME_MAX:
        raise DeckError("bad_name", maximum=NAME_MAX)
    return name


def _check_format(fmt: str) -> str:
    if fmt not in rules.FORMATS:
        raise DeckError("unknown_format", value=fmt, choices=", ".join(rules.FORMATS))
    return fmt


def save_deck(db, name: str, numbers: Sequence[str], fmt: str = "standard", game: str = GAME) -> DeckInfo:
    """Store ``numbers`` (one per copy) as the deck ``name``, replacing its entries if it exists.
    Unknown numbers are refused (`DeckError` with their N-CARD-4 violations); nothing is written."""
    name, fmt = _check_name(name), _check_format(fmt)
    counts = Counter(canonical_number(n) for n in numbers)
    db.verify()
    with db.exclusive() as session:
        ids = dict(session.execute(select(CardRecord.number, CardRecord.id).where(
            CardRecord.game == game, CardRecord.number.in_(list(counts)))).all())
        unknown = sorted((n for n in counts if n not in ids), key=number_key)
        if unknown:
            raise DeckError("unknown_cards", [Violation("N-CARD-4", {"number": n}) for n in unknown],
                            numbers=", ".join(unknown))
        deck = session.execute(select(Deck).where(Deck.game == game, Deck.name == name)).scalar_one_or_none()
        if deck is None:
            deck = Deck(game=game, name=name)
        deck.format, deck.bundled = fmt, False
        session.add(deck)
        session.flush()
        session.execute(delete(DeckEntry).where(DeckEntry.deck_id == deck.id),
                        execution_options={"synchronize_session": False})
        if counts:
            session.execute(insert(DeckEntry), [{"deck_id": deck.id, "card_id": ids[n], "count": k}
                                                for n, k in counts.items()])
    return DeckInfo(name, fmt, sum(counts.values()), False, game)


def _stored(db, name: str, game: str) -> _Stored:
    with db.session() as session:
        deck = session.execute(select(Deck).where(Deck.game == game, Deck.name == name.strip())).scalar_one_or_none()
        if deck is None:
            raise DeckError("no_deck", name=name)
        rows = session.execute(select(CardRecord.number, DeckEntry.count)
                               .join(CardRecord, CardRecord.id == DeckEntry.card_id)
                               .where(DeckEntry.deck_id == deck.id)).all()
        numbers = [n for n, k in sorted(rows, key=lambda r: number_key(r[0])) for _ in range(k)]
        return _Stored(DeckInfo(deck.name, deck.format, len(numbers), deck.bundled, game), numbers)


def load_deck(db, name: str, game: str = GAME) -> list[str]:
    """The deck's card numbers, one per copy, in card-number order."""
    return _stored(db, name, game).numbers


def get_deck(db, name: str, game: str = GAME) -> DeckInfo:
    return _stored(db, name, game).info


def list_decks(db, game: str = GAME) -> list[DeckInfo]:
    """Every stored deck of the game, by name."""
    with db.session() as session:
        rows = session.execute(
            select(Deck.name, Deck.format, Deck.bundled, func.coalesce(func.sum(DeckEntry.count), 0))
            .outerjoin(DeckEntry, DeckEntry.deck_id == Deck.id)
            .where(Deck.game == game)
            .group_by(Deck.id, Deck.name, Deck.format, Deck.bundled)
            .order_by(Deck.name)).all()
    return [DeckInfo(name, fmt, int(cards), bool(bundled), game) for name, fmt, bundled, cards in rows]


def delete_deck(db, name: str, game: str = GAME) -> None:
    db.verify()
    with db.exclusive() as session:
        deck = session.execute(select(Deck).where(Deck.game == game, Deck.name == name.strip())).scalar_one_or_none()
        if deck is None:
            raise DeckError("no_deck", name=name)
        session.execute(delete(DeckEntry).where(DeckEntry.deck_id == deck.id),
                        execution_options={"synchronize_session": False})
        session.delete(deck)


def validate(db, name_or_numbers: str | Sequence[str], fmt: str | None = None, game: str = GAME,
             source=None) -> list[Violation]:
    """Every construction rule the deck breaks in ``fmt`` (default: a stored deck's own format,
    else standard): a stored deck's name, or card numbers. ``source`` reuses a CatalogueSource."""
    if isinstance(name_or_numbers, str):
        stored = _stored(db, name_or_numbers, game)
        numbers, fmt = stored.numbers, fmt or stored.info.format
    else:
        numbers = list(name_or_numbers)
    fmt = _check_format(fmt or "standard")
    return rules.check_deck(numbers, source or CatalogueSource(db, game), fmt)


def parse_text(text: str) -> tuple[list[str], str]:
    """(card numbers, format) of a plain-text deck list: the format is its ``# format:`` header
    line, else standard (read as the bundled deck files are)."""
    try:
        numbers = rules.parse_deck_list(text)
    except rules.DeckListError as err:
        raise DeckError("bad_line", line=err.line, reason=err.reason, text=err.text) from None
    return numbers, read_deck_file("deck", text).format


def import_deck_text(db, name: str, text: str, fmt: str | None = None, game: str = GAME) -> DeckInfo:
    """Save a plain-text deck list as ``name``; ``fmt`` defaults to the list's ``# format:`` line,
    else standard."""
    numbers, header_format = parse_text(text)
    return save_deck(db, name, numbers, fmt or header_format, game)


def deck_text(name: str, fmt: str, numbers: Sequence[str], source) -> str:
    """A deck, stored or not, as a plain-text list that `import_deck_text` (and ``referee deck
    check``) reads back; ``source`` gives the card names written after the numbers."""
    return f"# name: {name}\n# format: {fmt}\n{rules.format_deck_list(list(numbers), source)}"


def export_deck_text(db, name: str, game: str = GAME) -> str:
    """A stored deck as a plain-text list (see `deck_text`)."""
    stored = _stored(db, name, game)
    return deck_text(stored.info.name, stored.info.format, stored.numbers, CatalogueSource(db, game))

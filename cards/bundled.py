"""The catalogue shipped in the package: Naruto Set 1 "The Path to Hokage" and the ready decks.

A first start loads them with no user action: `Database` calls `ensure_bundled` on every open.
Whether anything must be written is decided by a fingerprint of what a load is made from (the
shipped files, and the source of this loader and of `cards.search`, whose folding fills the search
tokens), kept in the set's ``card_set.data_hash`` with a count of its cards: an up-to-date
database costs a hash of a few small files and one query, and a new translation file, a corrected
summary or a change in the folding reloads it.

Sources: the card facts and English names come from the engine's package data
(``referee.games.naruto.cards.bundled()`` and the same CSV for the effect summaries, which become
the English `CardText`); the es/ru/fr names from ``cards/data/set01_names.csv`` and the es/ru/fr
effect descriptions from ``cards/data/set01_effects.csv`` (both number,es,ru,fr, read by
`cards.names`) when they are there, a row for a card Set 1 lacks being refused, not dropped; the
decks from ``cards/data/decks/*.txt`` (deck lists whose first comment lines may say
``# name: ...`` and ``# format: ...``). The whole load is one transaction.
"""

from __future__ import annotations

import csv
import hashlib
from collections import Counter
from dataclasses import dataclass, field
from importlib import resources

from sqlmodel import Session, delete, func, select

from referee.games.naruto import cards as engine_cards
from referee.games.naruto.decks import parse_deck_list

from .models import CardName, CardRecord, CardSet, CardText, Deck, DeckEntry
from .names import EFFECTS_FILE, NAMES_FILE, bundled_names, read_translations
from .search import fold, index_cards

GAME = "naruto"
SET_CODE = "set01"
SET_NAME = "The Path to Hokage"
DECKS_FOLDER = "data/decks"
#: CardRecord columns filled from the engine's CSV as they are written there
STAT_COLUMNS = ("entrance_cost", "hand_cost", "healthy_combat", "healthy_support", "injured_combat", "injured_support")


@dataclass
class BundledCard:
    facts: dict  # CardRecord columns
    names: dict[str, str]  # lang -> name
    effects: dict[str, str]  # lang -> effect description, English first (empty for a card with none)


@dataclass
class BundledDeck:
    name: str
    format: str
    entries: list[tuple[str, int]]  # (canonical number, count), sorted by number


@dataclass
class Bundle:
    cards: list[BundledCard] = field(default_factory=list)
    decks: list[BundledDeck] = field(default_factory=list)


# --- reading the package data ------------------------------------------------------------------


def _int_or_none(text: str) -> int | None:
    return int(text) if text.strip() else None


def _engine_rows() -> list[dict[str, str]]:
    text = resources.files(engine_cards.__package__).joinpath("data/set01.csv").read_text(encoding="utf-8")
    return list(csv.DictReader(text.splitlines()))


def _other_names() -> dict[str, dict[str, str]]:
    """number -> {lang: name} from the translations file (`cards.names`); empty until it exists."""
    return {number: dict(names) for number, names in bundled_names().items()}


def _other_effects() -> dict[str, dict[str, str]]:
    """number -> {lang: effect description} from the effects file (`cards.names`); empty until it exists."""
    return read_translations(EFFECTS_FILE)


def _refuse_strays(name: str, rows: dict[str, dict[str, str]], known: set[str], what: str) -> None:
    """A translation row whose number is not one of ``known`` is a typo or a stale row: loading
    it would keep a text no card shows, and skipping it would hide the mistake."""
    strays = sorted(set(rows) - known)
    if strays:
        raise ValueError(f"cards/{name} has rows for {what}: {', '.join(strays)}")


def _deck_files() -> list:
    folder = resources.files(__package__).joinpath(DECKS_FOLDER)
    if not folder.is_dir():
        return []
    return sorted((f for f in folder.iterdir() if f.name.endswith(".txt")), key=lambda f: f.name)


def fingerprint() -> str:
    """A hash of everything a load is made from (a fraction of a millisecond)."""
    digest = hashlib.sha256()
    parts = [(engine_cards.__package__, "data/set01.csv"), (engine_cards.__package__, "data/effects.toml"),
             (__package__, NAMES_FILE), (__package__, EFFECTS_FILE),
             (__package__, "bundled.py"), (__package__, "names.py"), (__package__, "search.py")]
    for package, name in parts:
        f = resources.files(package).joinpath(name)
        digest.update(f"{package}/{name}\0".encode())
        digest.update(f.read_bytes() if f.is_file() else b"(none)")
    for f in _deck_files():
        digest.update(f"deck/{f.name}\0".encode())
        digest.update(f.read_bytes())
    return digest.hexdigest()


def read_deck_file(name: str, text: str) -> BundledDeck:
    """A shipped deck list: its ``# name:`` / ``# format:`` header comments (the file's stem and
    ``standard`` without them) and its entries."""
    header = {"name": name.rsplit(".", 1)[0], "format": "standard"}
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if not line.startswith("#"):
            break
        key, sep, value = line.lstrip("#").partition(":")
        if sep and key.strip().lower() in header and value.strip():
            header[key.strip().lower()] = value.strip()
    counts = Counter(parse_deck_list(text))
    return BundledDeck(header["name"], header["format"], sorted(counts.items()))


def read_bundle() -> Bundle:
    """Everything the package ships, read from its files (a few milliseconds)."""
    source = engine_cards.bundled()
    rows = _engine_rows()
    other, other_effects = _other_names(), _other_effects()
    _refuse_strays(NAMES_FILE, other, {row["number"] for row in rows}, "cards Set 1 does not have")
    _refuse_strays(EFFECTS_FILE, other_effects, {row["number"] for row in rows if row["effect_summary"].strip()},
                   "cards Set 1 does not have or that have no English effect")
    bundle = Bundle()
    for row in rows:
        card = source.get(row["number"])
        facts = {
            "game": GAME,
            "number": card.number,
            "type": card.type,
            "symbols": "/".join(card.symbols),
            **{col: _int_or_none(row[col]) for col in STAT_COLUMNS},
            "attribute": card.attribute,
            "jutsu_cost": " ".join(card.jutsu_cost),
            "characteristics": ", ".join(card.characteristics),
            "keywords": ", ".join(card.keywords),
            "effect_kind": card.effect_kind,
            "requirement": card.requirement,
            "target": card.target,
            "effect": card.script,
        }
        names = {"en": card.name, **other.get(card.number, {})}
        effects = {"en": card.effect, **other_effects.get(card.number, {})} if card.effect else {}
        bundle.cards.append(BundledCard(facts, names, effects))
    for f in _deck_files():
        bundle.decks.append(read_deck_file(f.name, f.read_text(encoding="utf-8")))
    return bundle


# --- loading -------------------------------------------------------------------------------------


def _current(session: Session) -> tuple[CardSet | None, int]:
    """The bundled set's row and how many cards it holds."""
    card_set = session.exec(select(CardSet).where(CardSet.game == GAME, CardSet.code == SET_CODE)).first()
    if card_set is None:
        return None, 0
    count = session.exec(select(func.count()).select_from(CardRecord).where(CardRecord.set_id == card_set.id)).one()
    return card_set, count


def _up_to_date(card_set: CardSet | None, count: int, hash_: str) -> bool:
    return card_set is not None and card_set.data_hash == hash_ and count == len(engine_cards.bundled())


def is_loaded(db) -> bool:
    """Whether the database holds the bundled catalogue as this program ships it."""
    with db.session() as session:
        return _up_to_date(*_current(session), fingerprint())


def ensure_bundled(db) -> bool:
    """Load the bundled catalogue and decks unless the database already holds exactly them.
    True when something was written. A database opened read-only is left as it is."""
    hash_ = fingerprint()
    with db.session() as session:
        if _up_to_date(*_current(session), hash_) or db.read_only:
            return False
    db.verify()
    with db.exclusive() as session:
        card_set, count = _current(session)
        if _up_to_date(card_set, count, hash_):
            return False  # another program loaded it while we waited for the lock
        load(session, read_bundle(), card_set, hash_)
        return True


def load(session: Session, bundle: Bundle, card_set: CardSet | None = None, hash_: str = "") -> None:
    """Write the bundle (idempotent: cards, names and texts are updated in place, search tokens
    and deck entries rewritten) and mark the set with ``hash_``. The caller owns the transaction."""
    if card_set is None:
        card_set = CardSet(game=GAME, code=SET_CODE, name=SET_NAME)
        session.add(card_set)
        session.flush()
    card_set.name = SET_NAME

    numbers = [c.facts["number"] for c in bundle.cards]
    existing = {r.number: r for r in session.exec(
        select(CardRecord).where(CardRecord.game == GAME, CardRecord.number.in_(numbers)))}
    records: dict[str, CardRecord] = {}
    for c in bundle.cards:
        record = existing.get(c.facts["number"]) or CardRecord(**c.facts)
        for key, value in c.facts.items():
            setattr(record, key, value)
        record.set_id = card_set.id
        session.add(record)
        records[record.number] = record
    session.flush()
    ids = [r.id for r in records.values()]

    _write_names(session, bundle, records, ids)
    _write_texts(session, bundle, records, ids)
    _write_decks(session, bundle)
    card_set.data_hash = hash_
    session.add(card_set)
    session.flush()


def _write_names(session: Session, bundle: Bundle, records: dict[str, CardRecord], ids: list[int]) -> None:
    """Names updated in place, then every name of these cards indexed for search."""
    names = {(n.card_id, n.lang): n for n in session.exec(select(CardName).where(CardName.card_id.in_(ids)))}
    for c in bundle.cards:
        card_id = records[c.facts["number"]].id
        for lang, name in c.names.items():
            row = names.get((card_id, lang)) or CardName(card_id=card_id, lang=lang, name=name, folded="")
            row.name, row.folded = name, fold(name)
            session.add(row)
    session.flush()
    index_cards(session, ids)


def _write_texts(session: Session, bundle: Bundle, records: dict[str, CardRecord], ids: list[int]) -> None:
    """Effect descriptions updated in place, in every language shipped; one the package no longer
    ships (a summary or a translation taken out) is removed, so the catalogue never shows it."""
    texts = {(t.card_id, t.lang): t for t in session.exec(select(CardText).where(CardText.card_id.in_(ids)))}
    for c in bundle.cards:
        card_id = records[c.facts["number"]].id
        for lang, text in c.effects.items():
            row = texts.pop((card_id, lang), None) or CardText(card_id=card_id, lang=lang, text=text)
            row.text = text
            session.add(row)
    for row in texts.values():
        session.delete(row)


def _write_decks(session: Session, bundle: Bundle) -> None:
    """Bundled decks are replaced; a user's own deck of the same name is never touched, and a
    bundled deck no longer shipped is removed."""
    decks = {d.name: d for d in session.exec(select(Deck).where(Deck.game == GAME))}
    wanted = [n for d in bundle.decks for n, _ in d.entries]
    card_ids = dict(session.exec(
        select(CardRecord.number, CardRecord.id).where(CardRecord.game == GAME, CardRecord.number.in_(wanted))).all())
    for shipped in bundle.decks:
        deck = decks.get(shipped.name)
        if deck is not None and not deck.bundled:
            continue
        missing = [n for n, _ in shipped.entries if n not in card_ids]
        if missing:
            raise ValueError(f"bundled deck {shipped.name!r} names unknown cards: {', '.join(missing)}")
        if deck is None:
            deck = Deck(game=GAME, name=shipped.name, format=shipped.format, bundled=True)
        deck.format, deck.bundled = shipped.format, True
        session.add(deck)
        session.flush()
        session.exec(delete(DeckEntry).where(DeckEntry.deck_id == deck.id))
        session.add_all(DeckEntry(deck_id=deck.id, card_id=card_ids[n], count=k) for n, k in shipped.entries)
    shipped_names = {d.name for d in bundle.decks}
    for name, deck in decks.items():
        if deck.bundled and name not in shipped_names:
            session.delete(deck)

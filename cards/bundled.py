"""The catalogue shipped in the package: one set per game and its expansions, each described next
to its game (`cards.games`: Naruto Set 1 "The Path to Hokage" with the ready decks, the Llamas
Unleashed base game and its "Farmed and Dangerous" expansion), in the game registry's order.

A first start loads them with no user action: `Database` calls `ensure_bundled` on every open.
Whether a set must be written is decided by a fingerprint of what its load is made from (its
shipped files, and the source of this loader, of the set's own module in `cards.games`, of
`cards.names` and of `cards.search`, whose folding fills the search tokens), kept in the set's
``card_set.data_hash`` with a count of its cards: an up-to-date database costs a hash of a few
small files and one query per set, and a new translation file, a corrected summary or a change in
the folding reloads the sets it touches.

Sources (`cards.games.BundledSet`): the card facts, effect definitions, English names and effect
summaries come from the engine's package data, as the engine reads it (each game's
``referee.games.<id>.cards.bundled()``), and from the same CSV (Set 1's stats as printed, the Llamas
triggers); the summaries become the English `CardText`. The es/ru/fr names and effect descriptions
come from two files per set in ``cards/data/`` (number,es,ru,fr, read by `cards.names`) when they
are there, a row for a card the set lacks being refused, not dropped; the ready decks of a set that
ships some from its folder (``cards/data/decks/*.txt`` for Set 1: deck lists whose first comment
lines may say ``# name: ...`` and ``# format: ...``), read by the set's own reader. The whole load is
one transaction.
"""

from __future__ import annotations

import csv
import hashlib
import sys
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from sqlmodel import Session, delete, func, select

from referee.games import GAMES

from .games import BundledSet, catalogue, shipped_sets
from .models import HAND, CardName, CardRecord, CardSet, CardText, Deck, DeckEntry
from .names import read_translations
from .search import fold, index_cards


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
    shipped: BundledSet
    cards: list[BundledCard] = field(default_factory=list)
    decks: list[BundledDeck] = field(default_factory=list)


# --- reading the package data ------------------------------------------------------------------


#: every game's bundled set and its expansions, in the game registry's order (`referee.games`: each
#: game's catalogue part names its set, so a game added there without one fails at once)
SETS = tuple(shipped for g in GAMES for shipped in shipped_sets(g))


def _default(shipped: BundledSet | None) -> BundledSet:
    """``shipped``, else the default game's set."""
    return catalogue().bundled if shipped is None else shipped


def _rows(shipped: BundledSet) -> list[dict[str, str]]:
    text = resources.files(shipped.package).joinpath(shipped.facts).read_text(encoding="utf-8")
    return list(csv.DictReader(text.splitlines()))


def _other_names(shipped: BundledSet) -> dict[str, dict[str, str]]:
    """number -> {lang: name} from the set's names file (`cards.names`); empty until it exists."""
    return read_translations(shipped.names_file)


def _other_effects(shipped: BundledSet) -> dict[str, dict[str, str]]:
    """number -> {lang: effect description} from the set's effects file; empty until it exists."""
    return read_translations(shipped.effects_file)


def _refuse_strays(name: str, rows: dict[str, dict[str, str]], known: set[str], what: str) -> None:
    """A translation row whose number is not one of ``known`` is a typo or a stale row: loading
    it would keep a text no card shows, and skipping it would hide the mistake."""
    strays = sorted(set(rows) - known)
    if strays:
        raise ValueError(f"cards/{name} has rows for {what}: {', '.join(strays)}")


def _deck_files(folder: str) -> list:
    """The deck lists in ``folder`` of this package, by file name; none for no folder."""
    if not folder:
        return []
    path = resources.files(__package__).joinpath(folder)
    if not path.is_dir():
        return []
    return sorted((f for f in path.iterdir() if f.name.endswith(".txt")), key=lambda f: f.name)


def _reader(shipped: BundledSet) -> tuple[str, str]:
    """(package, file) of the module that describes the set (its own in `cards.games`)."""
    module = sys.modules[shipped.read.__module__]
    return module.__package__, Path(module.__file__).name


def fingerprint(shipped: BundledSet | None = None) -> str:
    """A hash of everything the set's load is made from (a fraction of a millisecond); the default
    game's set for None."""
    shipped = _default(shipped)
    digest = hashlib.sha256()
    parts = [(shipped.package, shipped.facts), *((shipped.package, name) for name in shipped.engine_files),
             (__package__, shipped.names_file), (__package__, shipped.effects_file), _reader(shipped),
             (__package__, "bundled.py"), (__package__, "names.py"), (__package__, "search.py")]
    for package, name in parts:
        f = resources.files(package).joinpath(name)
        digest.update(f"{package}/{name}\0".encode())
        digest.update(f.read_bytes() if f.is_file() else b"(none)")
    for f in _deck_files(shipped.decks):
        digest.update(f"deck/{f.name}\0".encode())
        digest.update(f.read_bytes())
    return digest.hexdigest()


def read_deck_file(name: str, text: str, shipped: BundledSet | None = None) -> BundledDeck:
    """A deck list the set ships (the default game's set for None), read by the set's reader: its
    name and format (the file's stem and the game's default format when it gives none) and its
    Mainboard."""
    shipped = _default(shipped)
    deck_name, fmt, main = shipped.read_deck(text)
    return BundledDeck(deck_name or name.rsplit(".", 1)[0], fmt or GAMES[shipped.game].default_format,
                       sorted(main.items()))


def read_bundle(shipped: BundledSet | None = None) -> Bundle:
    """Everything the package ships of one set, read from its files (a few milliseconds); the
    default game's set for None."""
    shipped = _default(shipped)
    cards = shipped.read(_rows(shipped))
    other, other_effects = _other_names(shipped), _other_effects(shipped)
    _refuse_strays(shipped.names_file, other, {facts["number"] for facts, _, _ in cards},
                   f"cards not in {shipped.name}")
    _refuse_strays(shipped.effects_file, other_effects, {facts["number"] for facts, _, effect in cards if effect.strip()},
                   f"cards not in {shipped.name} or with no English effect")
    bundle = Bundle(shipped)
    for facts, name, effect in cards:
        number = facts["number"]
        names = {"en": name, **other.get(number, {})}
        effects = {"en": effect, **other_effects.get(number, {})} if effect else {}
        bundle.cards.append(BundledCard({"game": shipped.game, **facts}, names, effects))
    for f in _deck_files(shipped.decks):
        bundle.decks.append(read_deck_file(f.name, f.read_text(encoding="utf-8"), shipped))
    return bundle


# --- loading -------------------------------------------------------------------------------------


def _current(session: Session, shipped: BundledSet) -> tuple[CardSet | None, int]:
    """The bundled set's row and how many cards it holds."""
    card_set = session.exec(select(CardSet).where(CardSet.game == shipped.game, CardSet.code == shipped.code)).first()
    if card_set is None:
        return None, 0
    count = session.exec(select(func.count()).select_from(CardRecord).where(CardRecord.set_id == card_set.id)).one()
    return card_set, count


def _up_to_date(shipped: BundledSet, card_set: CardSet | None, count: int, hash_: str) -> bool:
    return card_set is not None and card_set.data_hash == hash_ and count == len(_rows(shipped))


def is_loaded(db) -> bool:
    """Whether the database holds every bundled set as this program ships it."""
    with db.session() as session:
        return all(_up_to_date(shipped, *_current(session, shipped), fingerprint(shipped)) for shipped in SETS)


def ensure_bundled(db) -> bool:
    """Load each bundled set (and the decks) unless the database already holds exactly it.
    True when something was written. A database opened read-only is left as it is."""
    hashes = [(shipped, fingerprint(shipped)) for shipped in SETS]
    with db.session() as session:
        stale = [(shipped, hash_) for shipped, hash_ in hashes
                 if not _up_to_date(shipped, *_current(session, shipped), hash_)]
    if not stale or db.read_only:
        return False
    db.verify()
    written = False
    with db.exclusive() as session:
        for shipped, hash_ in stale:
            card_set, count = _current(session, shipped)
            if _up_to_date(shipped, card_set, count, hash_):
                continue  # another program loaded it while we waited for the lock
            load(session, read_bundle(shipped), card_set, hash_)
            written = True
    return written


def load(session: Session, bundle: Bundle, card_set: CardSet | None = None, hash_: str = "") -> None:
    """Write the bundle (idempotent: cards, names and texts are updated in place, search tokens
    and deck entries rewritten) and mark its set with ``hash_``. The caller owns the transaction."""
    shipped = bundle.shipped
    if card_set is None:
        card_set = CardSet(game=shipped.game, code=shipped.code, name=shipped.name)
        session.add(card_set)
        session.flush()
    card_set.name = shipped.name

    numbers = [c.facts["number"] for c in bundle.cards]
    existing = {r.number: r for r in session.exec(
        select(CardRecord).where(CardRecord.game == shipped.game, CardRecord.number.in_(numbers)))}
    records: dict[str, CardRecord] = {}
    for c in bundle.cards:
        record = existing.get(c.facts["number"]) or CardRecord(**c.facts)
        for key, value in c.facts.items():
            setattr(record, key, value)
        record.effect_source = HAND  # every bundled definition is written by hand (effects.toml)
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
    """Bundled decks of the bundle's game are replaced; a user's own deck of the same name is never
    touched, and a bundled deck no longer shipped is removed."""
    game = bundle.shipped.game
    decks = {d.name: d for d in session.exec(select(Deck).where(Deck.game == game))}
    wanted = [n for d in bundle.decks for n, _ in d.entries]
    card_ids = dict(session.exec(
        select(CardRecord.number, CardRecord.id).where(CardRecord.game == game, CardRecord.number.in_(wanted))).all())
    for shipped in bundle.decks:
        deck = decks.get(shipped.name)
        if deck is not None and not deck.bundled:
            continue
        missing = [n for n, _ in shipped.entries if n not in card_ids]
        if missing:
            raise ValueError(f"bundled deck {shipped.name!r} names unknown cards: {', '.join(missing)}")
        if deck is None:
            deck = Deck(game=game, name=shipped.name, format=shipped.format, bundled=True)
        deck.format, deck.bundled = shipped.format, True
        session.add(deck)
        session.flush()
        session.exec(delete(DeckEntry).where(DeckEntry.deck_id == deck.id))
        session.add_all(DeckEntry(deck_id=deck.id, card_id=card_ids[n], count=k) for n, k in shipped.entries)
    shipped_names = {d.name for d in bundle.decks}
    for name, deck in decks.items():
        if deck.bundled and name not in shipped_names:
            session.delete(deck)

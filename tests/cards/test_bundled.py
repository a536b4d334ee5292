"""The bundled catalogue (cards.bundled): Set 1 with its names in every language shipped, effect
texts, search tokens and the ready decks, loaded on the first open, idempotently, in one
transaction. Written to hold whether or not the translations file and the decks exist yet."""

from __future__ import annotations

import csv
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest
from sqlmodel import func, select

import cards.bundled as bundled_module
from cards.bundled import ensure_bundled, fingerprint, is_loaded, read_bundle, read_deck_file
from cards.games.naruto import SET as NARUTO
from cards.db import Database
from cards.models import LANGUAGES, CardName, CardRecord, CardSet, CardText, Deck, DeckEntry, SearchToken
from cards.search import fold, tokens
from cards.source import CatalogueSource
from referee.games.naruto.cards import bundled as engine_bundled
from referee.games.naruto.decks import check_deck
from referee.games.naruto.decklists import read_deck_list

ROOT = Path(__file__).resolve().parents[2]
NAMES_FILE = ROOT / "cards/data/set01_names.csv"
DECK_FILES = sorted((ROOT / "cards/data/decks").glob("*.txt"))
ENGINE_CSV = ROOT / "referee/games/naruto/data/set01.csv"


@pytest.fixture
def db_url(empty_db_url) -> str:
    """This module tests opening a database: each test starts from one never opened."""
    return empty_db_url


def rows(db: Database, model) -> list:
    with db.session() as s:
        return list(s.exec(select(model)))


def counts(db: Database) -> dict[str, int]:
    with db.session() as s:
        return {m.__tablename__: s.exec(select(func.count()).select_from(m)).one()
                for m in (CardSet, CardRecord, CardName, CardText, SearchToken, Deck, DeckEntry)}


@pytest.fixture
def db(db_url):
    with Database(db_url) as database:
        yield database


def test_set_one_is_loaded_with_its_facts(db):
    (card_set,) = [s for s in rows(db, CardSet) if s.game == "naruto"]
    assert (card_set.code, card_set.name) == (NARUTO.code, "The Path to Hokage")
    records = {r.number: r for r in rows(db, CardRecord) if r.game == "naruto"}
    assert len(records) == 127
    assert Counter(r.type for r in records.values()) == {"Ninja": 43, "Jutsu": 42, "Mission": 42}
    assert all(r.set_id == card_set.id for r in records.values())
    naruto = records["N-001"]
    assert (naruto.symbols, naruto.entrance_cost, naruto.healthy_combat, naruto.injured_combat,
            naruto.attribute, naruto.characteristics) == ("Lightning", 0, 1, 3, "Ninjutsu", "Leaf, Genin, Male")
    with ENGINE_CSV.open(encoding="utf-8") as f:
        for row in csv.DictReader(f):  # the stats as printed: blank stays blank (None), not 0
            r = records[row["number"]]
            assert r.healthy_combat == (int(row["healthy_combat"]) if row["healthy_combat"] else None)
            assert r.hand_cost == (int(row["hand_cost"]) if row["hand_cost"] else None)


def test_every_card_has_its_english_name_and_every_shipped_language(db):
    by_number = {r.number: r.id for r in rows(db, CardRecord) if r.game == "naruto"}
    names = {(n.card_id, n.lang): n.name for n in rows(db, CardName) if n.card_id in by_number.values()}
    for card in engine_bundled():
        assert names[(by_number[card.number], "en")] == card.name
    if NAMES_FILE.exists():
        with NAMES_FILE.open(encoding="utf-8-sig") as f:
            translated = {row["number"]: row for row in csv.DictReader(f)}
        assert len(translated) == 127
        for number, card_id in by_number.items():
            for lang in LANGUAGES[1:]:
                assert names[(card_id, lang)] == translated[number][lang].strip() != ""
        assert len(names) == 127 * len(LANGUAGES)
    else:
        assert {lang for _, lang in names} == {"en"}


def test_english_effect_texts_are_the_summaries(db):
    texts = {t.card_id: t for t in rows(db, CardText) if t.lang == "en"}  # the others: test_effect_texts
    by_number = {r.number: r.id for r in rows(db, CardRecord)}
    with ENGINE_CSV.open(encoding="utf-8") as f:
        for row in csv.DictReader(f):
            text = texts.get(by_number[row["number"]])
            if row["effect_summary"]:
                assert (text.lang, text.text) == ("en", row["effect_summary"])
            else:
                assert text is None


def test_names_are_folded_and_tokenized_for_search(db):
    names = rows(db, CardName)
    found: dict[tuple[int, str], list[tuple[int, str]]] = {}
    for t in rows(db, SearchToken):
        found.setdefault((t.card_id, t.lang), []).append((t.position, t.token))
    for n in names:
        assert n.folded == fold(n.name)
        assert [tok for _, tok in sorted(found.pop((n.card_id, n.lang)))] == tokens(n.name)
    assert found == {}  # no token without its name
    kakashi = next(n for n in names if n.name == "Kakashi Hatake" and n.lang == "en")
    assert kakashi.folded == "kakashi hatake"


def test_the_ready_decks_are_loaded_and_legal(db):
    decks = {d.name: d for d in rows(db, Deck)}
    assert len(decks) == len(DECK_FILES)
    numbers = {r.id: r.number for r in rows(db, CardRecord)}
    entries: dict[int, Counter] = {}
    for e in rows(db, DeckEntry):
        entries.setdefault(e.deck_id, Counter())[numbers[e.card_id]] += e.count
    source = CatalogueSource(db)
    for path in DECK_FILES:
        shipped = read_deck_file(path.name, path.read_text(encoding="utf-8"))
        deck = decks[shipped.name]
        assert deck.bundled and deck.game == "naruto" and deck.format == shipped.format
        assert entries[deck.id] == Counter(read_deck_list(path.read_text(encoding="utf-8"), engine_bundled()).copies())
        listed = [n for n, k in entries[deck.id].items() for _ in range(k)]
        assert check_deck(listed, source, deck.format) == [], deck.name


def test_a_deck_file_names_its_deck_or_is_named_after_the_file():
    text = "# name: Leaf Genin\n# format: french\n3 N-001 Naruto Uzumaki\n2 J-001\n"
    deck = read_deck_file("leaf.txt", text)
    assert (deck.name, deck.format, deck.entries) == ("Leaf Genin", "french", [("J-001", 2), ("N-001", 3)])
    deck = read_deck_file("mist-rogues.txt", "# a comment\n1 N-002\n")
    assert (deck.name, deck.format, deck.entries) == ("mist-rogues", "standard", [("N-002", 1)])


# --- idempotence, refresh, one transaction ---------------------------------------------------


def test_loading_again_changes_nothing(db):
    before = counts(db)
    ids = {(r.number, r.id) for r in rows(db, CardRecord)}
    assert is_loaded(db)
    assert ensure_bundled(db) is False
    with db.exclusive() as s:  # a forced second load writes the same rows in place
        bundled_module.load(s, read_bundle(), s.exec(select(CardSet).where(CardSet.game == "naruto")).one(), fingerprint())
    assert counts(db) == before
    assert {(r.number, r.id) for r in rows(db, CardRecord)} == ids
    db.close()
    with Database(db.url) as again:
        assert counts(again) == before


def test_a_changed_or_damaged_catalogue_is_restored_on_open(db):
    before = counts(db)
    with db.session() as s:
        naruto = s.exec(select(CardRecord).where(CardRecord.number == "N-001")).one()
        name = s.exec(select(CardName).where(CardName.lang == "en", CardName.card_id == naruto.id)).one()
        name.name = "Someone Else"
        s.add(name)
        deck = s.exec(select(Deck)).first()
        s.delete(deck)
        s.commit()
    # the hash still matches, so a count must notice a missing card; a wrong name alone is a user
    # edit we keep until the shipped data changes
    assert is_loaded(db)
    with db.session() as s:
        s.delete(s.exec(select(CardRecord).where(CardRecord.number == "M-042")).one())
        s.commit()
    assert not is_loaded(db)
    assert ensure_bundled(db) is True
    assert counts(db) == before
    assert "Someone Else" not in {n.name for n in rows(db, CardName)}


def test_a_translations_file_that_appears_later_is_loaded(db_url, monkeypatch):
    # as the package was before the files existed: no other language, another fingerprint
    monkeypatch.setattr(bundled_module, "_other_names", lambda shipped: {})
    monkeypatch.setattr(bundled_module, "fingerprint", lambda shipped: "before the translations")
    with Database(db_url) as db:
        assert {n.lang for n in rows(db, CardName)} == {"en"}
    monkeypatch.undo()
    with Database(db_url) as db:
        ru = {n.name for n in rows(db, CardName) if n.lang == "ru"}
        assert "Наруто Узумаки" in ru
        assert {t.token for t in rows(db, SearchToken) if t.lang == "ru"} >= {"наруто", "узумаки"}
        assert is_loaded(db)


def test_the_fingerprint_follows_the_shipped_files(monkeypatch):
    first = fingerprint()
    assert fingerprint() == first
    monkeypatch.setattr(bundled_module, "_deck_files", lambda folder: [])
    assert fingerprint() != first


def test_a_failed_load_keeps_nothing(db_url, monkeypatch):
    with Database(db_url, bundled=False) as db:
        assert counts(db)["card"] == 0

        def broken(*args):
            raise RuntimeError("disk full, say")

        monkeypatch.setattr(bundled_module, "_write_decks", broken)
        with pytest.raises(RuntimeError):
            ensure_bundled(db)
        assert set(counts(db).values()) == {0}


def test_a_users_deck_named_like_a_bundled_deck_is_kept(db_url):
    if not DECK_FILES:
        pytest.skip("no bundled deck yet")
    name = read_deck_file(DECK_FILES[0].name, DECK_FILES[0].read_text(encoding="utf-8")).name
    with Database(db_url, bundled=False) as db:
        with db.session() as s:
            s.add(Deck(name=name, format="french", bundled=False))
            s.commit()
        ensure_bundled(db)
        (deck,) = [d for d in rows(db, Deck) if d.name == name]
        assert (deck.bundled, deck.format) == (False, "french")
        assert not [e for e in rows(db, DeckEntry) if e.deck_id == deck.id]


def test_the_package_ships_its_data_files():
    files = resources.files("cards")
    assert files.joinpath("migrations/versions/0001_initial.py").is_file()
    assert files.joinpath("migrations/env.py").is_file()

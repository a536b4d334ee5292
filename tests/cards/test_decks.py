"""Stored decks (cards.decks): save, load, list, delete, validate with the engine's deck checker,
and the plain-text list in and out, on SQLite and PostgreSQL."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from sqlalchemy import func
from sqlmodel import select

from cards.db import Database
from cards.decks import (DeckError, delete_deck, export_deck_text, get_deck, import_deck_text, list_decks,
                         load_deck, save_deck, validate)
from cards.models import Deck, DeckEntry
from cards.source import CatalogueSource
from referee.engine.errors import Violation
from referee.games.naruto.decks import check_deck, random_deck
from referee.games.naruto.cards import bundled
from referee.games.naruto.decklists import DeckListError, read_deck_list


@pytest.fixture
def db(db_url):
    with Database(db_url) as database:
        yield database


@pytest.fixture
def legal(db) -> list[str]:
    """A legal standard deck of Set 1 cards."""
    return random_deck(CatalogueSource(db), "standard", random.Random(7))


def entries(db: Database) -> int:
    with db.session() as s:
        return s.exec(select(func.count()).select_from(DeckEntry)).one()


def test_save_and_load_round_trip_in_number_order(db, legal):
    shuffled = random.Random(1).sample(legal, len(legal))
    info = save_deck(db, "Sand Siblings", shuffled, "standard")
    assert (info.name, info.format, info.cards, info.bundled) == ("Sand Siblings", "standard", 50, False)
    loaded = load_deck(db, "Sand Siblings")
    assert Counter(loaded) == Counter(legal)
    assert loaded == sorted(legal, key=lambda n: (n[0], int(n[2:])))


def test_numbers_are_canonical_and_french_numbers_accepted(db):
    save_deck(db, "mixed", ["ni-008", "N-008", " n - 008", "TE-006", "j-001"], "french")
    assert load_deck(db, "mixed") == ["J-001", "J-006", "N-008", "N-008", "N-008"]
    assert get_deck(db, "mixed").format == "french"


def test_saving_again_replaces_the_entries(db, legal):
    save_deck(db, "mine", legal)
    save_deck(db, "mine", ["N-001", "N-002"], "french")
    assert load_deck(db, "mine") == ["N-001", "N-002"]
    assert [d for d in list_decks(db) if d.name == "mine"][0].format == "french"
    with db.session() as s:
        assert len(s.exec(select(Deck).where(Deck.name == "mine")).all()) == 1


def test_unknown_numbers_are_refused_with_their_violations_and_nothing_is_written(db, legal):
    save_deck(db, "mine", legal)
    before = entries(db)
    with pytest.raises(DeckError) as err:
        save_deck(db, "mine", ["N-001", "N-999", "X-1", "N-999"])
    assert err.value.key == "unknown_cards"
    assert err.value.violations == [Violation("N-CARD-4", {"number": "N-999"}), Violation("N-CARD-4", {"number": "X-1"})]
    assert "N-999" in str(err.value) and "X-1" in str(err.value)
    assert load_deck(db, "mine") == sorted(load_deck(db, "mine"), key=lambda n: (n[0], int(n[2:])))
    assert Counter(load_deck(db, "mine")) == Counter(legal) and entries(db) == before
    with pytest.raises(DeckError):
        save_deck(db, "new one", ["N-999"])
    assert "new one" not in [d.name for d in list_decks(db)]


def test_bad_names_and_formats_are_refused(db):
    for name in ("", "   ", "x" * 201):
        with pytest.raises(DeckError) as err:
            save_deck(db, name, ["N-001"])
        assert err.value.key == "bad_name"
    with pytest.raises(DeckError) as err:
        save_deck(db, "mine", ["N-001"], "modern")
    assert err.value.key == "unknown_format"


def test_list_shows_bundled_and_own_decks_with_their_sizes(db, legal):
    save_deck(db, "A deck", legal)
    save_deck(db, "Empty", [])
    found = {d.name: d for d in list_decks(db)}
    assert {"Leaf Genin", "Mist Rogues", "A deck", "Empty"} <= set(found)
    assert [d.name for d in list_decks(db)] == sorted(found)
    assert (found["A deck"].cards, found["A deck"].bundled) == (50, False)
    assert (found["Leaf Genin"].cards, found["Leaf Genin"].bundled) == (50, True)
    assert found["Empty"].cards == 0


def test_delete(db, legal):
    save_deck(db, "gone", legal)
    delete_deck(db, "gone")
    assert "gone" not in [d.name for d in list_decks(db)]
    with pytest.raises(DeckError) as err:
        load_deck(db, "gone")
    assert err.value.key == "no_deck"
    with pytest.raises(DeckError):
        delete_deck(db, "gone")


def test_validate_uses_the_engines_checker_over_the_catalogue(db, legal):
    assert validate(db, "Leaf Genin", "standard") == []
    save_deck(db, "legal", legal)
    assert validate(db, "legal") == []
    small = ["N-001"] * 4 + ["N-002"] * 36
    save_deck(db, "small", small, "french")
    found = validate(db, "small")  # its own format
    assert found == check_deck(small, CatalogueSource(db), "french")
    assert {v.rule for v in found} == {"N-DECK-FR-2", "N-DECK-FR-3"}
    assert {v.rule for v in validate(db, "small", "standard")} == {"N-DECK-1", "N-DECK-2", "N-DECK-3"}
    assert validate(db, small, "french") == found  # numbers instead of a name
    assert [v.rule for v in validate(db, ["N-999"], "standard")][:1] == ["N-CARD-4"]
    with pytest.raises(DeckError):
        validate(db, "no such deck", "standard")


def test_text_import_accepts_lines_without_names_and_comments(db):
    text = "# my deck\n3 N-008 Iruka Umino\n2x J-001\nM-001\n\n1 ni-009 anything at all\n"
    info = import_deck_text(db, "typed", text, "standard")
    assert info.cards == 7
    assert load_deck(db, "typed") == ["J-001", "J-001", "M-001", "N-008", "N-008", "N-008", "N-009"]


def test_text_format_header_is_the_default_format(db):
    assert import_deck_text(db, "fr", "# format: french\n3 N-008\n").format == "french"
    assert import_deck_text(db, "forced", "# format: french\n3 N-008\n", "standard").format == "standard"
    assert import_deck_text(db, "plain", "3 N-008\n").format == "standard"


def test_a_bad_line_is_reported_with_its_number(db):
    with pytest.raises(DeckListError) as err:
        import_deck_text(db, "broken", "3 N-008\nthree Kunai\n", "standard")
    assert (err.value.rule, err.value.params["reason"], err.value.line) == ("DECKLIST", "entry", 2)
    assert "broken" not in [d.name for d in list_decks(db)]


def test_export_writes_names_and_reads_back_the_same_deck(db, legal):
    save_deck(db, "round trip", legal, "standard")
    text = export_deck_text(db, "round trip")
    lines = text.splitlines()
    assert lines[:2] == ["# name: round trip", "# format: standard"]
    body = [line for line in lines if not line.startswith("#")]
    cards = CatalogueSource(db)
    for line in body:
        count, number, name = line.split(" ", 2)
        assert name == cards.get(number).name and int(count) == legal.count(number)
    assert Counter(read_deck_list(text, bundled()).copies()) == Counter(legal)
    import_deck_text(db, "copy", text)
    assert load_deck(db, "copy") == load_deck(db, "round trip")


def test_saving_over_a_bundled_deck_makes_it_the_users_and_it_stays(db, db_url):
    save_deck(db, "Leaf Genin", ["N-001"] * 3)
    assert get_deck(db, "Leaf Genin").bundled is False
    db.close()
    with Database(db_url) as again:  # opening again runs the bundled loader
        assert load_deck(again, "Leaf Genin") == ["N-001"] * 3

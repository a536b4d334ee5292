"""The engine's cards read from the catalogue (cards.source): the same cards as the engine's own
package data, held in memory, and the same games."""

from __future__ import annotations

import random

import pytest

from cards.db import Database
from cards.source import CatalogueSource
from referee.engine.playout import play_random
from referee.games.naruto.cards import bundled
from referee.games.naruto.decks import FORMATS, random_deck
from referee.games.naruto.rules import load_match, new_match


@pytest.fixture
def source(db_url) -> CatalogueSource:
    with Database(db_url) as db:
        return CatalogueSource(db)


def test_every_card_is_the_engines_own_card(source):
    engine = bundled()
    assert len(source) == len(engine) == 127
    for card in engine:
        assert source.get(card.number) == card
        assert source.get(card.number).names == card.names
    assert sorted(c.number for c in source) == sorted(c.number for c in engine)
    assert source.get("N-999") is None


def test_cards_are_read_once_and_served_from_memory(sqlite_url):
    db = Database(sqlite_url)
    source = CatalogueSource(db)
    db.close()
    db.engine = None  # any database access from now on would fail
    assert source.get("N-001").name == "Naruto Uzumaki"
    assert len(list(source)) == 127


def play(cards, seed: int, fmt: str):
    rng = random.Random(seed)
    decks = [random_deck(cards, fmt, rng), random_deck(cards, fmt, rng)]
    match = new_match(decks, fmt=fmt, mode="guided", seed=rng.randrange(2**32), cards=cards)
    result = play_random(match, rng)
    return decks, match, result


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_guided_match_over_the_catalogue_is_the_same_game(source, seed, fmt):
    decks, over_catalogue, result = play(source, seed, fmt)
    same_decks, over_package, same_result = play(bundled(), seed, fmt)
    assert decks == same_decks
    assert result.outcome is not None and result.outcome == same_result.outcome
    assert [str(a) for a in over_catalogue.history] == [str(a) for a in over_package.history]
    assert over_catalogue.state.to_dict() == over_package.state.to_dict()
    # and a record of it replays over the catalogue
    replayed = load_match(over_package.to_json(), source)
    assert replayed.state.to_dict() == over_catalogue.state.to_dict()


def test_names_in_each_language_fall_back_to_english(source):
    assert source.name("N-008", "en") == "Iruka Umino"
    assert source.name("N-008", "ru") == "Ирука Умино"
    assert source.name("N-008", "xx") == "Iruka Umino"
    assert source.name("N-999", "ru") is None

"""The "Farmed and Dangerous" expansion in the catalogue (cards.bundled): a set of its own beside the
Llamas Unleashed base game, its 34 cards (53 copies, LU-079..LU-112) with their facts and effect
definitions as the engine reads them (farmed.csv, farmed.toml), names and effect descriptions in
every language (cards/data/llamas_farmed_names.csv, llamas_farmed_effects.csv), found by search. The
translations themselves are held to the base game's tests (`test_llamas_catalogue.py`)."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from sqlmodel import func, select

from cards.db import Database
from cards.games.llamas import FARMED
from cards.models import LANGUAGES, CardName, CardRecord, CardSet, CardText
from cards.names import localized_name, read_translations
from cards.search import search
from referee.games import GAMES
from referee.games.llamas.cards import EXPANSIONS, bundled, rows

FACTS = {row["number"]: row for row in rows(FARMED.code)}
NAMES = read_translations(FARMED.names_file)
EFFECTS = read_translations(FARMED.effects_file)


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    with Database(f"sqlite:///{tmp_path_factory.mktemp('farmed') / 'referee.sqlite'}") as database:
        yield database


def test_the_registry_and_the_engine_name_the_same_expansions():
    assert GAMES["llamas"].expansions == EXPANSIONS == (FARMED.code,)


def test_the_expansion_is_a_set_of_its_own_with_every_card_and_its_facts(db):
    with db.session() as s:
        card_set = s.exec(select(CardSet).where(CardSet.game == "llamas", CardSet.code == FARMED.code)).one()
        records = {r.number: r for r in s.exec(select(CardRecord).where(CardRecord.set_id == card_set.id))}
        copies = s.exec(select(func.sum(CardRecord.copies)).where(CardRecord.set_id == card_set.id)).one()
    assert card_set.name == "Farmed and Dangerous"
    assert sorted(records) == [f"LU-{i:03d}" for i in range(79, 113)] == sorted(FACTS)
    assert copies == 53 and not any(r.keywords == "baby" for r in records.values())
    assert Counter(r.type for r in records.values()) == {"animal": 19, "magic": 6, "upgrade": 4, "downgrade": 3,
                                                         "instant": 2}
    engine = bundled()
    for number, r in records.items():
        assert (json.loads(r.effect) if r.effect else {}) == engine.get(number).abilities, number
    # only the basic animals have no definition
    assert sorted(n for n, r in records.items() if not r.effect) == ["LU-079", "LU-080", "LU-081", "LU-082"]


def test_every_card_has_four_names_and_four_descriptions(db):
    with db.session() as s:
        ids = {r.id: r.number for r in s.exec(select(CardRecord).where(CardRecord.number.in_(FACTS),
                                                                        CardRecord.game == "llamas"))}
        names = Counter(ids[n.card_id] for n in s.exec(select(CardName).where(CardName.card_id.in_(ids))))
        texts = Counter(ids[t.card_id] for t in s.exec(select(CardText).where(CardText.card_id.in_(ids))))
    assert names == texts == {number: len(LANGUAGES) for number in FACTS}


def test_an_expansion_card_is_found_by_its_name_in_any_language(db):
    assert [h.number for h in search(db, "Llamanator", game="llamas")][:1] == ["LU-093"]
    (hit, *_) = search(db, "huelga de hambre", game="llamas")
    assert (hit.number, hit.lang) == ("LU-099", "es")
    assert localized_name("LU-106", "ru") == NAMES["LU-106"]["ru"] == "Обстригли!"

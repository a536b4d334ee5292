"""The bundled Llamas Unleashed base game in the catalogue (cards.bundled): its 78 cards with their
facts and effect definitions as the engine reads them (base.csv, effects.toml), names and effect
descriptions in English, Spanish, Russian and French (cards/data/llamas_names.csv, llamas_effects.csv),
found by search in any language, kept apart from the Naruto cards, reloaded only when its files
change, and a translation row for a card the set lacks refused. The translations of the "Farmed and
Dangerous" expansion (its own set, `test_llamas_expansion_catalogue.py`) are held to the same
tests."""

from __future__ import annotations

import csv
import json
import re
import tomllib
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from sqlmodel import func, select

import cards.bundled as bundled_module
from cards.bundled import ensure_bundled, is_loaded, read_bundle
from cards.games.llamas import FARMED
from cards.games.llamas import SET as LLAMAS
from cards.games.naruto import SET as NARUTO
from cards.db import Database
from cards.models import LANGUAGES, CardName, CardRecord, CardSet, CardText
from cards.names import OTHER_LANGUAGES, localized_name, read_translations
from cards.search import SearchError, search
from cards.source import effect_texts
from localization import translator
from localization.text import fold
from referee.games.llamas.cards import bundled as engine_bundled

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = tomllib.loads((ROOT / "localization/glossary.toml").read_text(encoding="utf-8"))


def facts(shipped) -> dict[str, dict[str, str]]:
    """number -> row of a set's facts CSV."""
    with (ROOT / "referee/games/llamas" / shipped.facts).open(encoding="utf-8") as f:
        return {row["number"]: row for row in csv.DictReader(f)}


FACTS = facts(LLAMAS)
NAMES = read_translations(LLAMAS.names_file)
EFFECTS = read_translations(LLAMAS.effects_file)
#: each shipped Llamas set's facts and translations, for the tests of the translations themselves
TRANSLATED_SETS = {s.code: (facts(s), read_translations(s.names_file), read_translations(s.effects_file))
                   for s in (LLAMAS, FARMED)}


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def db(request, tmp_path_factory):
    """One loaded catalogue per back end for the tests that only read it (loading costs a second)."""
    if request.param == "sqlite":
        with Database(f"sqlite:///{tmp_path_factory.mktemp('llamas') / 'referee.sqlite'}") as database:
            yield database
        return
    with Database(request.getfixturevalue("pg_module_url")) as database:
        yield database


def llamas_cards(db: Database) -> dict[str, CardRecord]:
    """The base game's cards (the expansion is a set of its own)."""
    with db.session() as s:
        return {r.number: r for r in s.exec(select(CardRecord).where(CardRecord.game == "llamas",
                                                                      CardRecord.number.in_(FACTS)))}


def by_card(db: Database, model) -> dict[str, dict[str, str]]:
    """number -> {lang: name or text} of the base game's CardName or CardText rows."""
    column = model.name if model is CardName else model.text
    out: dict[str, dict[str, str]] = {}
    with db.session() as s:
        for number, lang, value in s.exec(select(CardRecord.number, model.lang, column)
                                          .join(CardRecord, CardRecord.id == model.card_id)
                                          .where(CardRecord.game == "llamas", CardRecord.number.in_(FACTS))):
            out.setdefault(number, {})[lang] = value
    return out


# --- what is loaded ------------------------------------------------------------------------------


def test_the_base_game_is_its_own_set_with_every_card_and_its_facts(db):
    with db.session() as s:
        (card_set,) = s.exec(select(CardSet).where(CardSet.game == "llamas", CardSet.code == "base")).all()
    assert (card_set.code, card_set.name) == ("base", "Llamas Unleashed")
    records, engine_cards = llamas_cards(db), engine_bundled()
    assert sorted(records) == [f"LU-{i:03d}" for i in range(1, 79)] == sorted(FACTS)
    assert all(r.set_id == card_set.id for r in records.values())
    for number, row in FACTS.items():
        r = records[number]
        assert (r.type, r.keywords, r.copies, r.effect_kind) == (row["type"], row["subtype"], int(row["copies"]),
                                                                 row["trigger"]), number
        stored = r.characteristics.split(", ") if r.characteristics else []
        assert stored == (row["variation"].split(";") if row["variation"] else []), number
        assert (json.loads(r.effect) if r.effect else {}) == engine_cards.get(number).abilities, number
    henry = records["LU-031"]
    assert (henry.characteristics, henry.keywords, henry.effect) == ("llama, alpaca", "magical", "")
    # the babies go back to the nursery by rule and the basics do nothing: no definition
    assert sorted(n for n, r in records.items() if not r.effect) == [f"LU-{i:03d}" for i in range(1, 9)] + ["LU-031"]
    assert Counter(r.type for r in records.values()) == {"animal": 39, "magic": 16, "upgrade": 10,
                                                         "downgrade": 8, "instant": 5}


def test_the_copies_add_up_to_the_128_cards_of_the_box(db):
    with db.session() as s:
        base = (CardRecord.game == "llamas", CardRecord.number.in_(FACTS))
        total = s.exec(select(func.sum(CardRecord.copies)).where(*base)).one()
        babies = s.exec(select(func.sum(CardRecord.copies)).where(*base, CardRecord.keywords == "baby")).one()
        naruto = s.exec(select(func.count()).select_from(CardRecord).where(
            CardRecord.game == "naruto", CardRecord.copies.is_not(None))).one()
    assert (total, babies) == (128, 12)
    assert naruto == 0  # Naruto players build their own decks: no box count


def test_every_card_has_four_names_and_four_descriptions(db):
    names, texts = by_card(db, CardName), by_card(db, CardText)
    assert set(names) == set(texts) == set(FACTS)
    for number, row in FACTS.items():
        assert set(names[number]) == set(texts[number]) == set(LANGUAGES), number
        assert names[number] == {"en": row["name"], **NAMES[number]}
        assert texts[number] == {"en": row["effect_summary"], **EFFECTS[number]}
        assert effect_texts(db, number, game="llamas") == texts[number]
    assert effect_texts(db, "LU-015") == {}  # a Naruto look-up never answers with a Llamas card


# --- the translations themselves -----------------------------------------------------------------


@pytest.mark.parametrize("code", TRANSLATED_SETS)
def test_each_translation_file_has_every_card_in_every_language(code):
    FACTS, NAMES, EFFECTS = TRANSLATED_SETS[code]
    for rows in (NAMES, EFFECTS):
        assert set(rows) == set(FACTS)
        for number, texts in rows.items():
            assert set(texts) == set(OTHER_LANGUAGES), number
    for number, texts in EFFECTS.items():
        assert re.search("[а-яё]", texts["ru"], re.I) and not re.search("[A-Za-z]", texts["ru"]), number
        assert all(texts[lang] != FACTS[number]["effect_summary"] for lang in OTHER_LANGUAGES), number


#: the draw verb in Spanish, sacar, in any form ("sacrificar" is another verb)
SACAR = re.compile(r"\b(?:sac(?!rific)|saqu)\w*")


@pytest.mark.parametrize("code, least_draws, steal_count", [("base", 15, 2), ("farmed-and-dangerous", 7, 2)])
def test_spanish_draws_with_sacar_and_steals_with_robar(code, least_draws, steal_count):
    """In the Llamas glossary robar is to steal, so a draw must never be written with it (Naruto's
    Spanish draws with robar: the two games' words must not leak into each other)."""
    FACTS, NAMES, EFFECTS = TRANSLATED_SETS[code]
    draws = [n for n, row in FACTS.items() if re.search(r"\bdraw", row["effect_summary"], re.I)]
    steals = [n for n, row in FACTS.items() if re.search(r"\bst(?:eal|olen)", row["effect_summary"], re.I)]
    assert len(draws) >= least_draws and len(steals) == steal_count
    for number in draws:
        assert SACAR.search(fold(EFFECTS[number]["es"])), number
    for number, texts in EFFECTS.items():  # no draw among the steals: no robar in any draw
        assert bool(re.search(r"\brob", fold(texts["es"]))) == (number in steals), number


#: a zone (its key among the llamas_zone terms) -> how an English summary names it
ZONES = {"field": r"\bfield", "nursery": r"\bnursery", "deck": r"\bdeck", "discard": r"\bdiscard(?:-| )pile|\bdiscarded\b"}


@pytest.mark.parametrize("code", TRANSLATED_SETS)
@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_the_zones_are_named_as_the_interface_names_them(lang, code):
    """Each description that names a zone uses that zone's word in the Llamas terms the rest of the
    program shows (Campo, ясли, Poubelle...), declined: its last letter may change into up to two."""
    FACTS, NAMES, EFFECTS = TRANSLATED_SETS[code]
    tr = translator(lang)
    for zone, english in ZONES.items():
        word = fold(tr.term("llamas_zone", zone))
        declined = re.compile(rf"\b{re.escape(word[:-1])}\w{{0,2}}\b")
        named = [n for n, row in FACTS.items() if re.search(english, row["effect_summary"], re.I)]
        assert named or code != "base", zone
        for number in named:
            assert declined.search(fold(EFFECTS[number][lang])), (number, zone, EFFECTS[number][lang])


@pytest.mark.parametrize("code", TRANSLATED_SETS)
@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_the_words_the_glossary_replaces_are_not_used(lang, code):
    FACTS, NAMES, EFFECTS = TRANSLATED_SETS[code]
    texts = fold(" \n ".join([*(t[lang] for t in EFFECTS.values()), *(n[lang] for n in NAMES.values())]))
    words = set(re.findall(r"\w+", texts))
    avoided = [w for w in GLOSSARY[lang]["avoid"] if (fold(w) in words if " " not in w else fold(w) in texts)]
    assert not avoided, avoided


#: the animal an English name is built on -> how each language's names may spell it (folded)
ANIMALS = {
    "alpaca": {"es": ("alpac",), "ru": ("альпа",), "fr": ("alpag",)},
    "goat": {"es": ("cabr",), "ru": ("коз",), "fr": ("chevr", "bouc")},
    "llama": {"es": ("llam",), "ru": ("лам",), "fr": ("lama",)},
    "ram": {"es": ("carner",), "ru": ("бара",), "fr": ("belier",)},
}


@pytest.mark.parametrize("code, least", [("base", 50), ("farmed-and-dangerous", 15)])
def test_a_name_built_on_an_animal_keeps_it_in_every_language(code, least):
    """The names are puns (Goatsferatu, Llamakaze, Download More Ram): a translation may make its
    own pun, but the player must still see which animal the card is about."""
    FACTS, NAMES, EFFECTS = TRANSLATED_SETS[code]
    checked = 0
    for number, row in FACTS.items():
        for animal, spellings in ANIMALS.items():
            if animal in fold(row["name"]):
                checked += 1
                for lang in OTHER_LANGUAGES:
                    assert any(s in fold(NAMES[number][lang]) for s in spellings[lang]), (number, lang)
    assert checked >= least


def test_the_babies_are_named_with_the_glossary_word():
    babies = [n for n, row in FACTS.items() if row["subtype"] == "baby"]
    for lang in OTHER_LANGUAGES:
        word = GLOSSARY[lang]["use"]["llamas_baby"].split()[0]  # "Bebé", "Детёныш", "Bébé"
        assert all(NAMES[n][lang].startswith(word) for n in babies), lang


# --- search and the Naruto catalogue ---------------------------------------------------------------


@pytest.mark.parametrize("query, lang, number", [
    ("Козферату", "ru", "LU-015"),
    ("альпакалипсис", "ru", "LU-055"),
    ("cabrasferatu", "es", "LU-015"),
    ("Gran llatrocinio", "es", "LU-060"),
    ("chevrosferatu", "fr", "LU-015"),  # accents folded: Chèvre... is found without them
    ("Grand lamarcin", "fr", "LU-060"),
    ("goatsferatu", "en", "LU-015"),
])
def test_a_card_is_found_by_its_name_in_any_language(db, query, lang, number):
    (hit, *_) = search(db, query, game="llamas")
    assert (hit.number, hit.lang, hit.name) == (number, lang, {"en": FACTS[number]["name"], **NAMES[number]}[lang])
    assert search(db, query, lang="fr", game="llamas")[0].name == NAMES[number]["fr"]


def test_a_card_is_found_by_its_number(db):
    assert [h.number for h in search(db, "LU-31", game="llamas")][:1] == ["LU-031"]


def test_filters_by_type_subtype_and_variation(db):
    animals = {n for rows, _, _ in TRANSLATED_SETS.values() for n, row in rows.items() if row["type"] == "animal"}
    assert {h.number for h in search(db, "", type="Animal", limit=500, game="llamas")} == animals
    assert [h.number for h in search(db, "", subtype="baby", game="llamas")] == ["LU-001", "LU-002", "LU-003", "LU-004"]
    llamas = [h.number for h in search(db, "", variation="llama", limit=500, game="llamas")]
    alpacas = [h.number for h in search(db, "", variation="ALPACA", limit=500, game="llamas")]
    assert "LU-031" in llamas and "LU-031" in alpacas  # Henry the Huarizo is both
    assert set(llamas) == {n for rows, _, _ in TRANSLATED_SETS.values() for n, row in rows.items()
                           if "llama" in row["variation"].split(";")}
    basic_goats = [h.number for h in search(db, "goat", type="animal", subtype="basic", game="llamas")]
    assert basic_goats == ["LU-006", "LU-080"]  # the base game's and the expansion's
    upgrades = search(db, "", type="upgrade", limit=500, game="llamas")
    assert upgrades and {h.type for h in upgrades} == {"upgrade"}


@pytest.mark.parametrize("game, filters, key", [
    ("llamas", {"symbol": "Fire"}, "no_filter"),
    ("llamas", {"cost": 2}, "no_filter"),
    ("naruto", {"variation": "goat"}, "no_filter"),
    ("llamas", {"type": "Ninja"}, "unknown_type"),
    ("llamas", {"subtype": "adult"}, "unknown_subtype"),
    ("llamas", {"variation": "emu"}, "unknown_variation"),
    ("chess", {}, "unknown_game"),
])
def test_a_filter_the_game_does_not_know_is_refused_in_the_readers_language(db, game, filters, key):
    with pytest.raises(SearchError) as err:
        search(db, "", game=game, **filters)
    assert err.value.key == key
    english, russian = translator("en").error(err.value), translator("ru").error(err.value)
    assert english != russian and re.search(r"[а-яё]", russian)
    if key == "no_filter":
        assert translator("ru").term("game", game) in russian
    if game == "llamas" and key.startswith("unknown_"):  # the values it does know, as typed
        assert {"type": "instant", "subtype": "magical", "variation": "ram"}[key[8:]] in english


def test_naruto_searches_do_not_list_llamas_cards(db):
    assert search(db, "Козферату") == []
    assert search(db, "LU-0") == []
    assert all(not h.number.startswith("LU-") for h in search(db, "la", limit=500))
    assert len(search(db, "la", limit=500, game="llamas")) > 0


def test_the_command_line_names_llamas_cards_too():
    assert localized_name("LU-015", "ru") == "Козферату"
    assert localized_name("N-001", "ru") == "Наруто Узумаки"


# --- loading -------------------------------------------------------------------------------------


def test_nothing_is_reloaded_when_nothing_changed(db_url, monkeypatch):
    with Database(db_url) as db:
        assert is_loaded(db)

    def no_load(*args):
        raise AssertionError("an up-to-date database must not be written")

    monkeypatch.setattr(bundled_module, "load", no_load)
    with Database(db_url) as db:
        assert ensure_bundled(db) is False
        assert len(llamas_cards(db)) == 78


def test_a_changed_llamas_set_is_reloaded_alone(db_url, monkeypatch):
    """A stale Llamas fingerprint (as after a corrected translation) reloads the Llamas set, in
    place, and leaves Set 1 as it is."""
    with Database(db_url) as db:
        before = {n: r.id for n, r in llamas_cards(db).items()}
        with db.session() as s:
            card_set = s.exec(select(CardSet).where(CardSet.game == "llamas", CardSet.code == "base")).one()
            card_set.data_hash = "an older file"
            s.add(card_set)
            s.commit()
        assert not is_loaded(db)
    loaded = []
    real_load = bundled_module.load
    monkeypatch.setattr(bundled_module, "load", lambda session, bundle, *rest: (
        loaded.append(bundle.shipped), real_load(session, bundle, *rest)))
    with Database(db_url) as db:
        assert loaded == [LLAMAS]
        assert is_loaded(db)
        assert {n: r.id for n, r in llamas_cards(db).items()} == before


@pytest.mark.parametrize("hook, file", [("_other_names", "llamas_names"), ("_other_effects", "llamas_effects")])
def test_a_row_for_a_card_the_base_game_lacks_is_refused(monkeypatch, hook, file):
    real = getattr(bundled_module, hook)
    monkeypatch.setattr(bundled_module, hook, lambda shipped: {**real(shipped), "LU-099": {"es": "Llama perdida"}})
    with pytest.raises(ValueError, match=rf"cards/data/{file}\.csv has rows for cards not in Llamas Unleashed.*LU-099"):
        read_bundle(LLAMAS)


def test_the_fingerprints_follow_each_sets_own_files():
    naruto, llamas = bundled_module.fingerprint(NARUTO), bundled_module.fingerprint(LLAMAS)
    assert naruto != llamas
    assert bundled_module.fingerprint(replace(LLAMAS, effects_file="data/no_such_file.csv")) != llamas
    assert bundled_module.fingerprint(replace(LLAMAS, engine_files=())) != llamas  # effects.toml counts

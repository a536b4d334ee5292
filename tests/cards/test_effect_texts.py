"""The es/ru/fr effect descriptions of Set 1 (cards/data/set01_effects.csv): one for every card
with an English summary, in our own words and the glossary's vocabulary, stored in the catalogue
next to the English one, and a row for a card Set 1 lacks refused by the load."""

from __future__ import annotations

import csv
import re
import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

import cards.bundled as bundled_module
from cards.bundled import read_bundle
from cards.games.naruto import SET as NARUTO
from cards.db import Database
from cards.names import OTHER_LANGUAGES, bundled_names, read_translations
from cards.source import effect_texts
from localization.text import fold

ROOT = Path(__file__).resolve().parents[2]
ENGINE_CSV = ROOT / "referee/games/naruto/data/set01.csv"
GLOSSARY = tomllib.loads((ROOT / "localization/glossary.toml").read_text(encoding="utf-8"))

with ENGINE_CSV.open(encoding="utf-8") as f:
    ENGINE_ROWS = list(csv.DictReader(f))
SUMMARIES = {r["number"]: r["effect_summary"] for r in ENGINE_ROWS if r["effect_summary"].strip()}
EFFECTS = read_translations(NARUTO.effects_file)


def test_every_card_with_an_english_summary_has_one_in_each_language():
    assert len(SUMMARIES) == 112
    assert set(EFFECTS) == set(SUMMARIES)
    for number, english in SUMMARIES.items():
        for lang in OTHER_LANGUAGES:
            text = EFFECTS[number].get(lang, "")
            assert text, (number, lang)
            assert text != english, (number, lang)


def test_russian_descriptions_are_in_cyrillic():
    for number, texts in EFFECTS.items():
        ru = texts["ru"]
        assert re.search("[а-яё]", ru, re.I), number
        assert not re.search("[A-Za-z]", ru.replace("X", "")), number  # only the X of +X/+0


def test_card_names_are_written_as_the_names_file_writes_them():
    """"Requires Haku" names a card; "Requires Sharingan Eye" names a characteristic that a card
    happens to share, so only names that are no card's characteristic are checked."""
    characteristics = {c.strip() for r in ENGINE_ROWS for c in r["characteristics"].split(",")}
    numbers_by_name = {r["name"]: r["number"] for r in ENGINE_ROWS if r["name"] not in characteristics}
    checked = 0
    for number, english in SUMMARIES.items():
        for name, named in numbers_by_name.items():
            if re.search(rf"\b{re.escape(name)}\b", english):
                checked += 1
                for lang in OTHER_LANGUAGES:
                    assert bundled_names()[named][lang] in EFFECTS[number][lang], (number, name, lang)
    assert checked >= 7  # Kiba, Kakashi, Haku twice, Naruto, Sakura, Shooting Star


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_the_words_the_glossary_replaces_are_not_used(lang):
    words = set(re.findall(r"\w+", fold(" ".join(t[lang] for t in EFFECTS.values()))))
    joined = fold(" \n ".join(t[lang] for t in EFFECTS.values()))
    avoided = [w for w in GLOSSARY[lang]["avoid"] if (fold(w) in words if " " not in w else fold(w) in joined)]
    assert not avoided, avoided


def test_the_catalogue_returns_the_description_in_all_four_languages(db_url):
    with Database(db_url) as db:
        for number, english in SUMMARIES.items():
            assert effect_texts(db, number) == {"en": english, **EFFECTS[number]}
        assert effect_texts(db, "N-001") == {}  # no effect, no text in any language


def test_a_row_for_an_unknown_card_fails_clearly(monkeypatch):
    monkeypatch.setattr(bundled_module, "_other_effects", lambda shipped: {**EFFECTS, "N-999": {"es": "Roba una carta."}})
    with pytest.raises(ValueError, match=r"set01_effects\.csv.*N-999"):
        read_bundle()


def test_a_row_for_a_card_without_an_english_effect_fails_clearly(monkeypatch):
    monkeypatch.setattr(bundled_module, "_other_effects", lambda shipped: {**EFFECTS, "N-001": {"es": "Roba una carta."}})
    with pytest.raises(ValueError, match=r"set01_effects\.csv.*N-001"):
        read_bundle()


def test_the_fingerprint_covers_the_file():
    first = bundled_module.fingerprint(NARUTO)
    assert bundled_module.fingerprint(replace(NARUTO, effects_file="data/no_such_file.csv")) != first


def test_a_database_loaded_before_the_file_existed_gets_the_descriptions_on_open(db_url, monkeypatch):
    monkeypatch.setattr(bundled_module, "_other_effects", lambda shipped: {})
    monkeypatch.setattr(bundled_module, "fingerprint", lambda shipped: "before the effects file")
    with Database(db_url) as db:
        assert set(effect_texts(db, "M-006")) == {"en"}
    monkeypatch.undo()
    with Database(db_url) as db:
        assert effect_texts(db, "M-006") == {"en": "Draw a card.", "es": "Roba una carta.",
                                             "ru": "Возьмите карту.", "fr": "Piochez une carte."}

"""The catalogues: complete in every language, compiled files in step with their sources, the
same placeholders everywhere, real plural forms, the glossary's words."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from localization import TRANSLATED, Messages, placeholders, translator
from localization.catalog import compile_mo, entries, message_modules, po_path
from localization.text import fold

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = tomllib.loads((ROOT / "localization" / "glossary.toml").read_text(encoding="utf-8"))
PERCENT = re.compile(r"%(?:\(\w+\))?[sdr]")


def catalogue(lang: str):
    return read_po(po_path(lang).open("rb"), locale=lang)


def translations(lang: str) -> dict[tuple[str, str], object]:
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in catalogue(lang) if m.id}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_entry_is_translated_in_every_language(lang):
    found = translations(lang)
    missing = []
    for e in entries():
        m = found.get((e.context, e.english))
        strings = [] if m is None else (list(m.string) if isinstance(m.string, (tuple, list)) else [m.string])
        if m is None or m.fuzzy or not strings or not all(strings):
            missing.append(e.context)
    assert not missing, f"{lang}: {len(missing)} untranslated, e.g. {missing[:10]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_compiled_catalogue_matches_its_source(lang):
    mo = po_path(lang).with_suffix(".mo")
    assert mo.read_bytes() == compile_mo(po_path(lang)), "run: python -m localization.catalog"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_are_the_same_in_every_language(lang):
    wrong = []
    for m in catalogue(lang):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, (tuple, list)) else (m.id,)
        strings = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        if m.context == "argparse":
            want = sorted(PERCENT.findall(ids[-1]))
            got = [sorted(PERCENT.findall(s)) for s in strings if s]
        else:
            want = sorted(placeholders(ids[-1]))
            got = [sorted(placeholders(s)) for s in strings if s]
        if any(g != want for g in got):
            wrong.append((m.context, want, got))
    assert not wrong, wrong[:10]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_nothing_is_left_in_english_but_names(lang):
    allowed = {fold(x) for x in GLOSSARY[lang].get("same", [])}

    def words(text: str) -> str:  # the text without placeholders, layout and punctuation
        bare = re.sub(r"\{[^}]*\}|%(?:\(\w+\))?[sdr]", " ", text)
        return " ".join(re.findall(r"[^\W\d_]+", fold(bare)))

    same = [m.context for m in catalogue(lang)
            if m.id and isinstance(m.id, str) and m.string == m.id and words(m.id) and words(m.id) not in allowed]
    assert not same, f"{lang}: identical to English: {same[:15]}"


@pytest.mark.parametrize(("lang", "expected"), [
    ("ru", {1: "1 карта", 2: "2 карты", 5: "5 карт", 21: "21 карта", 11: "11 карт", 22: "22 карты"}),
    ("es", {1: "1 carta", 2: "2 cartas", 5: "5 cartas", 21: "21 cartas"}),
    ("fr", {1: "1 carte", 2: "2 cartes", 5: "5 cartes", 21: "21 cartes", 0: "0 carte"}),
    ("en", {1: "1 card", 2: "2 cards", 5: "5 cards", 21: "21 cards"}),
])
def test_plural_forms(lang, expected):
    tr = translator(lang)
    assert {n: tr.plural("cards", n) for n in expected} == expected


@pytest.mark.parametrize("lang", TRANSLATED)
def test_glossary_words_are_used_and_the_words_they_replace_are_not(lang):
    texts = [m.string for m in catalogue(lang) if m.id and m.context != "argparse" and isinstance(m.string, str)]
    # rule ids (N-MISSION-2, N-JUTSU-3) are names, not words of the language
    folded = fold(re.sub(r"\b[NL]-[A-Z0-9-]+", " ", " \n ".join(texts)))
    unused = [w for w in GLOSSARY[lang]["use"].values() if fold(w) not in folded]
    assert not unused, f"{lang}: glossary words never used: {unused}"
    words = set(re.findall(r"\w+", folded))
    avoided = [w for w in GLOSSARY[lang]["avoid"]
               if (fold(w) in words if " " not in w else fold(w) in folded)]
    assert not avoided, f"{lang}: words the glossary replaces: {avoided}"


def test_every_module_with_messages_is_in_the_catalogue():
    """Every table a module declares is found by the catalogue build, under its module's name."""
    declared = {}
    for path in list(ROOT.glob("referee/**/*.py")) + list(ROOT.glob("cards/**/*.py")) + \
            list(ROOT.glob("gui/**/*.py")) + list(ROOT.glob("localization/**/*.py")):
        for domain in re.findall(r'Messages\(\s*"([\w.]+)"', path.read_text(encoding="utf-8")):
            declared[domain] = path
    entries()
    assert set(declared) <= set(Messages.registry), set(declared) - set(Messages.registry)
    assert set(declared) <= set(message_modules()), set(declared) - set(message_modules())


def test_the_engine_imports_no_translation_qt_or_sql():
    for path in list(ROOT.glob("referee/engine/*.py")) + list(ROOT.glob("referee/games/**/*.py")):
        text = path.read_text(encoding="utf-8")
        for banned in ("localization", "PySide6", "sqlmodel", "sqlalchemy", "cards."):
            assert not re.search(rf"^\s*(from|import) {re.escape(banned)}", text, re.M), (path, banned)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_both_games_name_their_phases_zones_card_types_actions_and_outcomes(lang):
    from localization import term_kinds

    kinds = set(term_kinds())
    naruto = {"phase", "step", "zone", "card_type", "symbol", "verb", "outcome"}
    llamas = {"llamas_phase", "llamas_zone", "llamas_card_type", "llamas_verb", "llamas_effect", "llamas_outcome"}
    assert naruto | llamas <= kinds
    tr = translator(lang)
    assert tr.term("llamas_zone", "nursery") == GLOSSARY[lang]["use"]["llamas_nursery"]
    assert tr.term("llamas_verb", "steal") != tr.term("llamas_verb", "draw")  # L-VERB-5: never one word

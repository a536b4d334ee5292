"""The rules reference in docs/ (`localization.rules_doc`): each language's document is exactly what
rules.toml and the catalogues give today, lists every rule under its game and section, and holds
every rule id the program cites, so a citation never points at a rule the reader cannot find."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from localization import LANGUAGES, rule_entry, rule_ids, translator
from localization.rules_doc import MESSAGES, doc_path, is_numbered, render

ROOT = Path(__file__).resolve().parents[2]
#: a rule id as the code cites it (N-SETUP-3, N-KEY-PERM-2, N-DECK-FR-1, L-WIN-4); card numbers
#: (N-008, N-US093) have no letters between hyphen and digits
CITED = re.compile(r"\b[NL]-[A-Z]+(?:-[A-Z]+)*-\d+\b")
HEADING = re.compile(r"^(#{1,4}) (.+)$", re.M)
RULE_HEADING = re.compile(r"(\S+) — (.+)")


def document(lang: str) -> str:
    return doc_path(lang).read_text(encoding="utf-8")


def rule_headings(text: str) -> list[tuple[str, str, str, str]]:
    """(rule id, its title, the ## and ### headings above it) for each rule heading, in order."""
    out, above = [], {1: "", 2: "", 3: ""}
    for marks, title in HEADING.findall(text):
        level = len(marks)
        if level < 4:
            above[level] = title
            above.update({deeper: "" for deeper in range(level + 1, 4)})
        else:
            rule, name = RULE_HEADING.fullmatch(title).groups()
            out.append((rule, name, above[2], above[3]))
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_committed_document_is_what_the_sources_give(lang):
    assert document(lang) == render(lang), "run: python -m localization.rules_doc"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_is_a_heading_once_the_referees_own_ids_last(lang):
    ids = [rule for rule, *_ in rule_headings(document(lang))]
    numbered = [r for r in rule_ids() if is_numbered(r)]
    own = [r for r in rule_ids() if not is_numbered(r)]
    assert own and set(own) >= {"N-TURN", "L-TURN", "POSITION", "NOTATION", "DECKLIST"}
    assert ids == numbered + own


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_rule_is_under_its_game_and_section_with_its_title(lang):
    tr = translator(lang)
    kernel = MESSAGES.render("kernel", tr)
    for rule, title, game, section in rule_headings(document(lang)):
        group = rule_entry(rule)["group"]
        assert title == tr.rule_field(rule, "title"), rule
        assert tr.term("section", group) in section, rule
        if is_numbered(rule):
            assert game == tr.term("game", group.partition(".")[0]), rule
        else:
            assert game == kernel, rule


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_document_is_in_its_language(lang):
    tr = translator(lang)
    text = document(lang)
    assert text.startswith(f"# {MESSAGES.render('title', tr)}\n\n{MESSAGES.render('intro', tr)}\n")
    assert tr.rule_field("N-DEPLOY-4", "summary") in text
    assert tr.rule_field("N-DEPLOY-4", "reference") in text
    if lang != "en":
        assert MESSAGES.render("intro", tr) != MESSAGES["intro"]
        assert rule_entry("N-DEPLOY-4")["summary"] not in text


def test_a_rule_without_a_translation_is_shown_in_english(monkeypatch):
    tr = translator("ru")
    missing = "rule:N-KEY-PERM-2:reference"
    real = tr.text
    monkeypatch.setattr(tr, "text", lambda context, english: english if context == missing else real(context, english))
    text = render("ru")
    assert rule_entry("N-KEY-PERM-2")["reference"] in text
    assert tr.rule_field("N-KEY-PERM-2", "title") != rule_entry("N-KEY-PERM-2")["title"]
    assert f"#### N-KEY-PERM-2 — {tr.rule_field('N-KEY-PERM-2', 'title')}" in text


def test_every_rule_id_the_program_cites_is_in_the_english_document():
    cited = {}
    for package in ("referee", "cards", "gui"):
        for path in sorted((ROOT / package).rglob("*")):
            if path.suffix in (".py", ".toml"):
                for rule in CITED.findall(path.read_text(encoding="utf-8")):
                    cited.setdefault(rule, path.relative_to(ROOT))
    assert len(cited) > 100  # the engine cites most rules; an empty scan would prove nothing
    documented = {rule for rule, *_ in rule_headings(document("en"))}
    missing = {rule: str(path) for rule, path in cited.items() if rule not in documented}
    assert not missing, missing


def test_the_readings_of_the_original_rules_are_said_in_the_rules():
    """The README's "Rule readings": each rule where the engine follows an original rules text says so."""
    text = document("en")
    for rule, words in {
        "N-KEY-PERM-2": "« à chaque début de tour »",
        "N-SETUP-3": "the winner decides who starts",
        "N-KEY-GROW-2": "the entrance cost still applies",
        "N-WIN-1": "10 or more",
        "N-MISSION-5": "« 1 из них или все »",
        "N-ORG-4": "Only the attacker organizes teams",
    }.items():
        reference = rule_entry(rule)["reference"]
        assert words in reference and "rules" in reference, rule
        assert reference in text, rule

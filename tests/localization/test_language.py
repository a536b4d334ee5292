"""Choosing the language, and the program speaking it: refusals, the command line, the rules
reference."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from localization import LANGUAGES, choose_language, rule_ids, set_language, translator
from localization.reference import all_rules, links, rule_text, search
from referee.cli import main
from referee.engine.errors import IllegalAction
from referee.games.naruto.scenario import scenario

ROOT = Path(__file__).resolve().parents[2]
CYRILLIC = re.compile(r"[а-яё]", re.I)


# --- choosing -------------------------------------------------------------------------------
def test_lang_option_wins_over_the_variable_and_the_locale():
    assert choose_language("ru", {"REFEREE_LANG": "fr", "LANG": "es_ES.UTF-8"}) == ("ru", None)


def test_the_variable_wins_over_the_locale():
    assert choose_language(None, {"REFEREE_LANG": "fr", "LANG": "es_ES.UTF-8"}) == ("fr", None)


@pytest.mark.parametrize(("system", "lang"), [("es_ES.UTF-8", "es"), ("ru_RU", "ru"), ("fr_CA.utf8", "fr"),
                                             ("de_DE.UTF-8", "en"), ("C", "en"), ("", "en")])
def test_the_system_locale_chooses_when_nothing_is_said(system, lang):
    assert choose_language(None, {}, system=system) == (lang, None)


def test_an_unknown_language_falls_back_to_english_with_a_notice():
    lang, notice = choose_language("de", {})
    assert lang == "en"
    assert "de" in notice and "es" in notice and "ru" in notice


def test_unknown_language_on_the_command_line_prints_the_notice(capsys):
    assert main(["--lang", "xx", "deck", "check", "missing-file.txt"]) == 2
    err = capsys.readouterr().err
    assert "xx" in err and "English" in err


# --- refusals in each language ----------------------------------------------------------------
def deploy_too_expensive():
    m = scenario(phase="mission_main", turn=3, counters=(1, 1),
                 p1={"hand": ["N-008"], "deck": ["N-001"] * 3}, p2={"deck": ["N-001"] * 3})
    with pytest.raises(IllegalAction) as err:
        m.apply("deploy N-008")
    return err.value


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refusal_renders_as_a_sentence_in_each_language(lang):
    err = deploy_too_expensive()
    assert err.rule == "N-DEPLOY-4"
    text = translator(lang).refusal(err.rule, err.params, lambda n: f"{n} Iruka")
    assert "2" in text and "1" in text and "N-008 Iruka" in text
    assert "{" not in text
    if lang != "en":
        assert text != translator("en").refusal(err.rule, err.params, lambda n: f"{n} Iruka")
    if lang == "ru":
        assert CYRILLIC.search(text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_verb_in_a_refusal_is_named_in_each_language(lang):
    m = scenario(phase="mission_main", turn=3, counters=(1, 1), p1={"deck": ["N-001"] * 3}, p2={"deck": ["N-001"] * 3})
    with pytest.raises(IllegalAction) as err:
        m.apply("keep")
    assert err.value.rule == "N-TURN" and err.value.params["verb"] == "keep"
    tr = translator(lang)
    text = tr.refusal(err.value.rule, err.value.params)
    assert tr.term("verb", "keep") in text and tr.term("step", "mission_main") in text
    assert tr.term("step", "setup_mulligan") in text  # where it is allowed
    assert not re.search(r"\bkeep\b", text) and "mission_main" not in text
    if lang == "ru":
        assert CYRILLIC.search(tr.term("verb", "keep"))


def test_play_names_cards_in_the_chosen_language(tmp_path, capsys):
    """The catalogue plugin's localized names reach the engine's command (which knows only English)."""
    path = tmp_path / "s.json"
    path.write_text(json.dumps({
        "scenario": {"phase": "mission_main", "turn": 3, "counters": [1, 1],
                     "p1": {"hand": ["N-008"], "deck": ["N-001"] * 3}, "p2": {"deck": ["N-001"] * 3}},
        "actions": ["deploy N-008"]}))
    assert main(["--lang", "ru", "play", str(path)]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("deploy N-008: ") and "N-DEPLOY-4" in first
    assert "N-008 Ирука Умино" in first and "Iruka" not in first
    assert main(["play", str(path)]) == 0
    assert "N-008 Iruka Umino" in capsys.readouterr().out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_has_a_title_summary_and_explanation_in_each_language(lang):
    tr = translator(lang)
    for rule in rule_ids():
        r = rule_text(rule, tr)
        assert r.title and r.summary and r.reference, (lang, rule)


def test_every_rule_the_engine_cites_has_texts():
    from referee.games.naruto.rules import GUARDS, ROWS

    cited = {r.rule for r in ROWS} | {rule for _, rule in GUARDS.values()}
    source = "\n".join(p.read_text(encoding="utf-8") for p in ROOT.glob("referee/**/*.py"))
    cited |= set(re.findall(r'IllegalAction\(\s*"([A-Z][A-Z0-9-]+)"', source))
    cited |= set(re.findall(r'"(N-[A-Z]+(?:-[A-Z]+)*-\d+)"', source))
    assert cited <= set(rule_ids()), sorted(cited - set(rule_ids()))


# --- the command line in each language ----------------------------------------------------------
def test_referee_lang_ru_prints_russian():
    done = subprocess.run([sys.executable, "-m", "referee.cli", "--lang", "ru", "selfplay", "--games", "1"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    first = done.stdout.splitlines()[0]
    assert CYRILLIC.search(first), done.stdout


def test_the_variable_chooses_the_command_line_language():
    env = {"REFEREE_LANG": "es", "PATH": ""}
    done = subprocess.run([sys.executable, "-m", "referee.cli", "selfplay", "--games", "1"],
                          capture_output=True, text=True, cwd=ROOT, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] != "Games: 1"


@pytest.mark.parametrize("lang", ["es", "ru", "fr"])
def test_help_is_translated_argparse_included(lang, capsys):
    with pytest.raises(SystemExit):
        main(["--lang", lang, "--help"])
    out = capsys.readouterr().out
    assert "show this help message and exit" not in out
    assert "usage:" not in out
    set_language("en")


@pytest.mark.parametrize("lang", ["es", "ru", "fr"])
def test_rules_show_prints_the_rule_in_the_language(lang, capsys):
    assert main(["rules", "show", "N-DEPLOY-4", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert out.startswith("N-DEPLOY-4 — " + translator(lang).rule_field("N-DEPLOY-4", "title"))
    assert translator(lang).rule_field("N-DEPLOY-4", "reference") in out


def test_rules_show_of_an_unknown_rule(capsys):
    assert main(["rules", "show", "N-NOPE-9"]) == 2
    assert "N-NOPE-9" in capsys.readouterr().err


def test_rules_search_in_spanish(capsys):
    set_language("es")
    word = translator("es").term("zone", "village")  # Pueblo
    set_language("en")
    assert main(["rules", "search", word.lower(), "--lang", "es"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines and all(re.match(r"[NL]-[A-Z0-9-]+ ", line) for line in lines)


def test_rules_list_groups_by_game_and_section(capsys):
    assert main(["rules", "list", "--game", "naruto"]) == 0
    out = capsys.readouterr().out
    assert "Naruto CCG: Mission phase" in out and "N-DEPLOY-4" in out
    assert "L-WIN-1" not in out


# --- the reference ------------------------------------------------------------------------------
def test_search_ignores_case_accents_and_yo():
    tr = translator("ru")
    hits = search("ЦЕПОЧКА", tr)
    assert hits
    assert search("цепочка", tr) == hits


def test_search_finds_a_rule_by_its_id_first():
    assert search("n-deploy-4", translator("fr"))[0].rule == "N-DEPLOY-4"


def test_entries_link_the_rules_they_mention():
    mentioned = [r for r in all_rules(translator("en")) if r.links]
    assert mentioned
    for r in mentioned:
        assert all(x in rule_ids() and x != r.rule for x in r.links)
    assert links("see N-DEPLOY-1 and N-DEPLOY-1, N-NOPE-3") == ("N-DEPLOY-1",)

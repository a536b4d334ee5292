"""Every refusal the Llamas Unleashed rules make names a rule of part L (or the kernel's) that the
rules reference holds, with a sentence for each reason it gives, and reads in each language with
the game's own names of steps and zones."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from localization import LANGUAGES, _sources, translator
from referee.cli import card_namer
from referee.games.llamas.cards import bundled
from referee.games.llamas.rules import GUARDS, rules_for

ROOT = Path(__file__).resolve().parents[2] / "referee" / "games" / "llamas"
SOURCE = "\n".join(p.read_text(encoding="utf-8") for p in ROOT.glob("*.py"))
#: IllegalAction("L-...", reason="...") as the sources write it; a choice's refusal cites the rule the
#: choice names (``rule=``) with one of the choice reasons
CITED = set(re.findall(r'IllegalAction\(\s*"([A-Z]+(?:-[A-Z0-9]+)*)"(?:, reason="(\w+)")?', SOURCE))
CHOICE_RULES = {rule for line in SOURCE.splitlines() if "emit(" not in line
                for rule in re.findall(r'rule(?:=|": )"(L-[A-Z0-9-]+)"', line)} | {"L-EFFECT-2"}
CHOICE_REASONS = {"yes_no", "player", "must_choose", "count", "option"}


def test_every_rule_the_engine_cites_is_in_the_rules_reference_with_its_reasons():
    rules = _sources().rules
    rules_obj = rules_for()
    cited = {rule for rule, _ in CITED} | {rule for _, rule in GUARDS.values()} | CHOICE_RULES | \
            {rules_obj.turn_rule, rules_obj.over_rule, rules_obj.answer_rule}
    assert len(cited) > 20
    assert cited <= set(rules), cited - set(rules)
    missing = [(rule, reason) for rule, reason in CITED if reason and reason not in rules[rule].get("reasons", {})]
    assert missing == []
    for rule in CHOICE_RULES - {"L-SEARCH-1", "L-PULL-1"}:
        assert CHOICE_REASONS <= set(rules[rule]["reasons"]), rule


@pytest.mark.parametrize("lang", LANGUAGES)
def test_llamas_refusals_read_with_card_names_and_the_games_own_terms(lang):
    tr, name = translator(lang), card_namer(bundled())
    turn = tr.refusal("L-TURN", {"verb": "instant", "step": "action_main", "allowed": ["action_window"]}, name)
    assert tr.term("llamas_step", "action_main") in turn and tr.term("llamas_step", "action_window") in turn
    absent = tr.refusal("L-ZONE-1", {"reason": "absent", "card": "LU-062", "zone": "hand"}, name)
    assert "LU-062 Llama Bomb" in absent and tr.term("llamas_zone", "hand") in absent
    barred = tr.refusal("L-EFFECT-3", {"reason": "no_play", "card": "LU-062", "by": "LU-044"}, name)
    assert "LU-044 Llamaphobia" in barred and "{" not in barred

"""`Match.offers`: whether a verb may be given now, whatever its arguments. The application asks it
before showing a verb's own form (the Naruto CCG's manual toolbox, N-EFFECT-3) instead of repeating
the verb's guards; it must agree with the guards and with the choice being answered (N-EFFECT-1)."""

from __future__ import annotations

from referee.games.naruto.cards import Card, bundled
from referee.games.naruto.scenario import scenario

DECK = ["N-003"] * 6


def _exchange(cards=None, hand=("J-016",)):
    m = scenario(phase="battle_attack", turn=3, cards=cards,
                 p1={"village": ["N-011"], "chakra": ["N-009"], "hand": list(hand), "deck": DECK},
                 p2={"village": ["N-018"], "deck": DECK})
    for a in ("send T1", "next", "block T1 on N-011", "next"):
        m.apply(a)
    return m


def test_the_toolbox_is_offered_only_while_an_unknown_effect_waits_to_be_applied_by_hand():
    secret = Card(number="J-990", name="Test Secret Art", type="Jutsu", symbols=("Fire",), jutsu_cost=("1",),
                  effect_kind="jutsu", effect="Something the vocabulary does not hold.", target="user")
    m = _exchange(bundled().with_cards([secret]), hand=("J-990",))
    assert not m.offers("tool") and m.offers("jutsu") and m.offers("pass")  # no effect waits yet
    for a in ("jutsu J-990 by N-011 pay N-009", "pass", "pass"):
        m.apply(a)
    assert m.state.pending[0]["kind"] == "manual"
    assert m.offers("tool") and m.offers("choose")
    assert not m.offers("jutsu") and not m.offers("pass")  # only the answers (N-EFFECT-1)
    assert m.explain("tool damage N-018@2 1").legal


def test_a_choice_that_is_not_manual_offers_its_answer_and_not_the_toolbox():
    m = _exchange()
    for a in ("jutsu J-016 by N-011 pay N-009", "pass", "pass"):
        m.apply(a)
    assert m.state.pending and m.state.pending[0]["kind"] != "manual"
    assert m.offers("choose") and not m.offers("tool")
    assert not m.explain("tool mental").legal  # the guard the toolbox is hidden by, as the referee says


def test_a_verb_of_another_step_or_an_unknown_verb_is_not_offered():
    m = _exchange()
    assert not m.offers("deploy") and not m.offers("no-such-verb")

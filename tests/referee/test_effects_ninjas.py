"""One scenario test per Set 1 Ninja (N-001 ... N-043): each card's effect, as written in
data/effects.toml, checked through the public Match API against its summary in set01.csv.

Ninjas without an effect text are checked in one table: the Showdown uses their printed Combat and
Support, healthy and injured (N-SHOW-1, N-DMG-4). For every Ninja with an effect, the test also
checks the Valid rule (N-KEY-VALID-1, N-DMG-5): a Ninja whose effect kind is ``valid`` keeps its
effect while injured, any other loses it.
"""

from __future__ import annotations

import pytest

from referee.games.naruto.cards import bundled
from referee.games.naruto.power import stats
from referee.games.naruto.scenario import scenario

from test_rules_battle_end import (CARDS, attacking, events, exchange, fight, iid, keys, legal, numbers, play,
                                   player, refused, results, showdown, team_numbers)


# =================================================================================================
# helpers
# =================================================================================================

def stat(m, seat: int, number: str) -> tuple[int, int]:
    """Combat/Support now of seat's card ``number`` in play (battlefield first, then village)."""
    s = m.state
    for zone in ("battlefield", "village"):
        for i in getattr(s.players[seat], zone):
            if s.instances[i] == number:
                return stats(s, i)
    raise AssertionError(f"{number} not in play for seat {seat + 1}")


def mission_phase(**kw):
    """Step B-E of turn 3, seat 1 attacking."""
    return scenario(phase="mission_main", turn=3, cards=CARDS, p1=player(**kw.pop("p1", {})),
                    p2=player(**kw.pop("p2", {})), **kw)


def kind(number: str) -> str:
    return bundled().get(number).effect_kind


# =================================================================================================
# Ninjas without an effect text: printed values in the Showdown
# =================================================================================================

PLAIN = ["N-001", "N-002", "N-003", "N-009", "N-010", "N-011", "N-014", "N-015", "N-016", "N-017", "N-018",
         "N-029", "N-032", "N-033", "N-038"]


def test_the_table_lists_every_ninja_without_an_effect():
    c = bundled()
    ninjas = [f"N-{k:03d}" for k in range(1, 44)]
    assert [n for n in ninjas if not c.get(n).has_effect] == PLAIN
    assert all(c.get(n).effect_kind == "none" and not c.get(n).abilities for n in PLAIN)


@pytest.mark.parametrize("number", PLAIN)
@pytest.mark.parametrize("hurt", [False, True], ids=["healthy", "injured"])
def test_N_0NN_plain_ninjas_fight_with_their_printed_combat_and_support(number, hurt):
    card = bundled().get(number)
    combat, support = card.injured if hurt else card.healthy
    partner = "N-010" if number == "N-009" else "N-009"  # Mizuki 3/1, no effect
    injured = [number] if hurt else []
    p_combat, p_support = bundled().get(partner).healthy
    # as the Head Ninja: its Combat counts
    m = fight({"village": [number, partner], "teams": [[number, partner]], "injured": injured}, {},
              [f"send T1 lead {number}"])
    assert results(m)[0]["arithmetic"] == [[number, "lead", combat], [partner, "rear", p_support]]
    assert results(m)[0]["power"] == combat + p_support
    # behind another Head Ninja: its Support counts
    m = fight({"village": [number, partner], "teams": [[number, partner]], "injured": injured}, {},
              [f"send T1 lead {partner}"])
    assert results(m)[0]["arithmetic"] == [[partner, "lead", p_combat], [number, "rear", support]]


# =================================================================================================
# N-004 ... N-013
# =================================================================================================

def test_N_004_ino_gains_1_1_while_fighting_an_opposing_female_ninja():
    assert kind("N-004") == "on_battle"
    # Ino (0/1) blocked by Sakura (Female): 1/2; the Showdown is a draw, 1 against 1
    m = exchange({"village": ["N-004"]}, {"village": ["N-003"]}, ["send T1"], ["block T1 on N-004"])
    assert stat(m, 0, "N-004") == (1, 2)
    showdown(m)
    assert results(m)[0]["arithmetic"] == [["N-004", "lead", 1]] and results(m)[0]["result"] == "draw"
    # against a Male Ninja, or not battling, nothing
    m = exchange({"village": ["N-004"]}, {"village": ["N-001"]}, ["send T1"], ["block T1 on N-004"])
    assert stat(m, 0, "N-004") == (0, 1)
    m = exchange({"village": ["N-004"]}, {"village": ["N-003"]}, ["send T1"])
    assert stat(m, 0, "N-004") == (0, 1)
    # injured, the effect does not apply (not Valid): injured values 0/1
    m = exchange({"village": ["N-004"], "injured": ["N-004"]}, {"village": ["N-003"]}, ["send T1"],
                 ["block T1 on N-004"])
    assert stat(m, 0, "N-004") == (0, 1)


def test_N_005_shikamaru_cannot_be_sent_into_battle_alone():
    assert kind("N-005") == "valid"
    m = attacking({"village": ["N-005", "N-001"]})
    err = refused(m, "send T1", "N-EFFECT-4")
    assert err.params["restriction"] == "not_alone" and err.params["card"] == "N-005"
    # nor block alone
    m = attacking({"village": ["N-001"]}, {"village": ["N-005"]})
    play(m, "send T1", "next")
    refused(m, "block T1 on N-001", "N-EFFECT-4")
    # with a teammate it goes
    m = play(attacking({"village": ["N-005", "N-001"], "teams": [["N-005", "N-001"]]}), "send T1 lead N-005")
    assert team_numbers(m, 0, "sent") == [["N-005", "N-001"]]
    # Valid: injured, still not alone
    m = attacking({"village": ["N-005"], "injured": ["N-005"]})
    refused(m, "send T1", "N-EFFECT-4")


def test_N_006_choji_gains_1_0_when_sent_out_to_attack():
    assert kind("N-006") == "on_attack"
    m = play(attacking({"village": ["N-006"]}), "send T1")
    assert events(m, "boosted") == [{"player": 0, "card": "N-006", "combat": 1, "support": 0}]
    assert stat(m, 0, "N-006") == (3, 0)
    play(m, "next", "next")
    showdown(m)
    assert results(m)[0]["arithmetic"] == [["N-006", "lead", 3]]
    # blocking is not attacking
    m = exchange({"village": ["N-001"]}, {"village": ["N-006"]}, ["send T1"], ["block T1 on N-001"])
    assert events(m, "boosted") == [] and stat(m, 1, "N-006") == (2, 0)
    # injured (not Valid): no boost, injured values 0/0
    m = play(attacking({"village": ["N-006"], "injured": ["N-006"]}), "send T1")
    assert events(m, "boosted") == [] and stat(m, 0, "N-006") == (0, 0)


def test_N_007_konohamaru_makes_jonin_in_hand_cost_1_less_to_enter():
    assert kind("N-007") == "valid"
    # Kakashi (entrance cost 4) with turn counter 3
    refused(mission_phase(p1={"hand": ["N-011"]}, counters=(3, 0)), "deploy N-011", "N-DEPLOY-4")
    m = mission_phase(p1={"hand": ["N-011"], "village": ["N-007"]}, counters=(3, 0))
    assert "deploy N-011" in legal(m)
    play(m, "deploy N-011")
    assert numbers(m, 0, "village") == ["N-007", "N-011"]
    # only 1 less: counter 2 is still too little
    refused(mission_phase(p1={"hand": ["N-011"], "village": ["N-007"]}, counters=(2, 0)), "deploy N-011",
            "N-DEPLOY-4")
    # a Special Jonin (Ebisu, cost 3) is below Jonin: no discount
    err = refused(mission_phase(p1={"hand": ["N-010"], "village": ["N-007"]}, counters=(2, 0)), "deploy N-010",
                  "N-DEPLOY-4")
    assert err.params["cost"] == 3
    # Valid: an injured Konohamaru still lowers the cost
    m = mission_phase(p1={"hand": ["N-011"], "village": ["N-007"], "injured": ["N-007"]}, counters=(3, 0))
    play(m, "deploy N-011")
    assert "N-011" in numbers(m, 0, "village")


def test_N_008_iruka_gains_0_1_when_its_head_ninja_is_a_genin_sent_to_battle():
    assert kind("N-008") == "valid"
    m = attacking({"village": ["N-001", "N-008"], "teams": [["N-001", "N-008"]]})
    assert stat(m, 0, "N-008") == (3, 1)  # at home, nothing
    play(m, "send T1 lead N-001", "next", "next")
    assert stat(m, 0, "N-008") == (3, 2)
    showdown(m)
    assert results(m)[0]["arithmetic"] == [["N-001", "lead", 1], ["N-008", "rear", 2]]
    # a Special Jonin head: nothing
    m = exchange({"village": ["N-010", "N-008"], "teams": [["N-010", "N-008"]]}, None, ["send T1 lead N-010"])
    assert stat(m, 0, "N-008") == (3, 1)
    # Valid: injured (1/1) it still gains +0/+1
    m = exchange({"village": ["N-001", "N-008"], "teams": [["N-001", "N-008"]], "injured": ["N-008"]}, None,
                 ["send T1 lead N-001"])
    assert stat(m, 0, "N-008") == (1, 2)


def test_N_012_asuma_cannot_be_sent_while_its_player_leads_in_battle_rewards():
    assert kind("N-012") == "continuous"
    lead = attacking({"village": ["N-012", "N-001"], "teams": [["N-012", "N-001"]], "rewards": ["N-002"] * 3},
                     {"rewards": ["N-002"] * 2})
    err = refused(lead, "send T1 lead N-001", "N-EFFECT-4")
    assert err.params["restriction"] == "grounded_while_leading"
    # the blocker leading in rewards cannot block with it either
    m = attacking({"village": ["N-001"]}, {"village": ["N-012"], "rewards": ["N-002"]})
    play(m, "send T1", "next")
    refused(m, "block T1 on N-001", "N-EFFECT-4")
    # level, or behind: it goes
    m = play(attacking({"village": ["N-012"], "rewards": ["N-002"] * 2}, {"rewards": ["N-002"] * 2}), "send T1")
    assert team_numbers(m, 0, "sent") == [["N-012"]]
    # injured (not Valid): the restriction does not apply
    m = play(attacking({"village": ["N-012"], "injured": ["N-012"], "rewards": ["N-002"] * 3}), "send T1")
    assert team_numbers(m, 0, "sent") == [["N-012"]]


def test_N_013_the_third_hokage_heals_an_injured_ninja_for_one_chakra_card_at_turn_start():
    assert kind("N-013") == "start_of_turn"

    def hokage(**p2):
        spec = {"village": ["N-013", "N-010"], "injured": ["N-010"], "chakra": ["J-001", "J-002"]}
        spec.update(p2)
        return play(attacking({}, spec), "next")  # seat 1 does not attack; seat 2's turn starts

    m = hokage()
    assert m.phase == "start_draw" and m.actor == 1
    assert events(m, "ability_offered") == [{"player": 1, "card": "N-013"}]
    refused(m, "use N-013 pay J-001 J-002 target N-010@2", "N-EFFECT-6")  # one card, not two
    refused(m, "use N-013 pay J-001 target N-013@2", "N-KEY-TARGET-1")  # not injured
    play(m, "use N-013 pay J-001 target N-010@2")
    assert events(m, "healed") == [{"player": 1, "card": "N-010"}]
    assert numbers(m, 1, "discard") == ["J-001"] and numbers(m, 1, "chakra") == ["J-002"]
    assert not m.state.injured and m.phase == "mission_main"
    assert keys(m).index("healed") < keys(m).index("drew")  # before the draw (N-START-2)
    # declined with pass: nothing healed, nothing paid
    m = hokage()
    play(m, "pass")
    assert events(m, "ability_declined") == [{"player": 1, "card": "N-013"}] and events(m, "healed") == []
    assert numbers(m, 1, "chakra") == ["J-001", "J-002"] and m.phase == "mission_main"
    # no chakra card: not offered
    assert events(hokage(chakra=[]), "ability_offered") == []
    # injured (not Valid): not offered
    m = hokage(injured=["N-013", "N-010"])
    assert events(m, "ability_offered") == [] and m.phase == "mission_main"

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
from referee.games.naruto.scenario import scenario

from test_rules_battle_end import (CARDS, attacking, events, exchange, fight, iid, keys, legal, numbers, play,
                                   player, refused, results, showdown, stat, team_numbers)


# =================================================================================================
# helpers
# =================================================================================================



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


# =================================================================================================
# N-019 ... N-030
# =================================================================================================

def seeded(build, seeds=range(40)) -> dict[str, list]:
    """Matches built with each seed, grouped by the result of their one logged coin flip."""
    out: dict[str, list] = {"heads": [], "tails": []}
    for seed in seeds:
        m = build(seed)
        (coin,) = events(m, "coin_flip")
        out[coin["result"]].append(m)
    assert out["heads"] and out["tails"], "the seeds give both sides of the coin"
    return out


def test_N_019_naruto_flips_a_coin_when_damaged_and_heads_lowers_the_damage_by_1():
    assert kind("N-019") == "valid"
    # Kakashi 5 beats Naruto 1 by 4: one damage
    flips = seeded(lambda seed: fight({"village": ["N-011"]}, {"village": ["N-019"]}, ["send T1"],
                                      ["block T1 on N-011"], seed=seed))
    for m in flips["heads"]:  # lowered to 0: still healthy
        assert events(m, "injured") == [] and events(m, "knocked_out") == []
        assert "N-019" in numbers(m, 1, "village") and not m.state.injured
    for m in flips["tails"]:
        assert events(m, "injured") == [{"player": 1, "card": "N-019"}]
        assert m.state.injured == {iid(m, 1, "village", "N-019")}
    # an Outstanding Victory: two damage become one on heads (injured, not discarded)
    flips = seeded(lambda seed: fight({"village": ["N-011", "N-010"], "teams": [["N-011", "N-010"]]},
                                      {"village": ["N-019"]}, ["send T1 lead N-011"], ["block T1 on N-011"],
                                      seed=seed))
    assert all(r["result"] == "outstanding" for m in flips["heads"] + flips["tails"] for r in results(m))
    for m in flips["heads"]:
        assert events(m, "injured") == [{"player": 1, "card": "N-019"}] and numbers(m, 1, "discard") == []
    for m in flips["tails"]:
        assert events(m, "knocked_out") == [{"player": 1, "card": "N-019", "damage": 2}]
        assert numbers(m, 1, "discard") == ["N-019"]
    # Valid: injured, it still flips; heads keeps it in play, tails knocks it out
    flips = seeded(lambda seed: fight({"village": ["N-011"]}, {"village": ["N-019"], "injured": ["N-019"]},
                                      ["send T1"], ["block T1 on N-011"], seed=seed))
    for m in flips["heads"]:
        assert "N-019" in numbers(m, 1, "village") and events(m, "knocked_out") == []
    for m in flips["tails"]:
        assert numbers(m, 1, "discard") == ["N-019"]
    # the same seed, the same flip
    again = seeded(lambda seed: fight({"village": ["N-011"]}, {"village": ["N-019"], "injured": ["N-019"]},
                                      ["send T1"], ["block T1 on N-011"], seed=seed))
    assert {k: len(v) for k, v in again.items()} == {k: len(v) for k, v in flips.items()}
    # referee mode: its player gives the physical coin's result before the damage is dealt
    for side, injured in (("heads", set()), ("tails", {"N-019"})):
        m = fight({"village": ["N-011"]}, {"village": ["N-019"]}, ["send T1"], ["block T1 on N-011"], mode="referee")
        assert events(m, "choice_asked") == [{"player": 1, "card": "N-019", "choice": "coin"}]
        assert m.actor == 1 and legal(m) == ["choose heads", "choose tails"] and events(m, "injured") == []
        play(m, f"choose {side}")
        assert events(m, "coin_flip") == [{"result": side}]
        assert {m.state.instances[i] for i in m.state.injured} == injured and "N-019" in numbers(m, 1, "village")


def test_N_020_sasuke_cannot_go_into_battle_on_a_team_with_genin_or_lower():
    assert kind("N-020") == "continuous"
    m = attacking({"village": ["N-020", "N-001"], "teams": [["N-020", "N-001"]]})
    err = refused(m, "send T1 lead N-020", "N-EFFECT-4")
    assert err.params["restriction"] == "no_low_teammates"
    refused(m, "send T1 lead N-001", "N-EFFECT-4")
    # an Academy Student is lower than Genin
    refused(attacking({"village": ["N-020", "N-007"], "teams": [["N-020", "N-007"]]}), "send T1 lead N-020",
            "N-EFFECT-4")
    # a Chunin teammate, or alone: it goes
    m = play(attacking({"village": ["N-020", "N-009"], "teams": [["N-020", "N-009"]]}), "send T1 lead N-020")
    assert team_numbers(m, 0, "sent") == [["N-020", "N-009"]]
    play(attacking({"village": ["N-020"]}), "send T1")
    # injured (not Valid): the restriction does not apply
    m = play(attacking({"village": ["N-020", "N-001"], "teams": [["N-020", "N-001"]], "injured": ["N-020"]}),
             "send T1 lead N-020")
    assert team_numbers(m, 0, "sent") == [["N-020", "N-001"]]


def test_N_021_sakura_gains_0_1_when_sent_with_a_male_genin_teammate():
    assert kind("N-021") == "on_battle"
    m = attacking({"village": ["N-001", "N-021"], "teams": [["N-001", "N-021"]]})
    assert stat(m, 0, "N-021") == (0, 1)
    play(m, "send T1 lead N-001", "next", "next")
    assert stat(m, 0, "N-021") == (0, 2)
    showdown(m)
    assert results(m)[0]["arithmetic"] == [["N-001", "lead", 1], ["N-021", "rear", 2]]
    # a Male Special Jonin, or a Female Genin: nothing
    for mate in ("N-010", "N-032"):
        m = exchange({"village": [mate, "N-021"], "teams": [[mate, "N-021"]]}, None, [f"send T1 lead {mate}"])
        assert stat(m, 0, "N-021") == (0, 1)
    # injured (not Valid): nothing
    m = exchange({"village": ["N-001", "N-021"], "teams": [["N-001", "N-021"]], "injured": ["N-021"]}, None,
                 ["send T1 lead N-001"])
    assert stat(m, 0, "N-021") == (0, 1)


def test_N_023_kakashi_copies_the_combat_bonus_its_opponent_gains_from_jutsu():
    assert kind("N-023") == "on_battle"

    def position(**p2):
        spec = {"village": ["N-023"]}
        spec.update(p2)
        m = exchange({"village": ["N-001"], "chakra": ["N-009", "N-010"], "hand": ["J-002", "J-001"]}, spec,
                     ["send T1"], ["block T1 on N-001"])
        return m

    m = position()
    assert stat(m, 1, "N-023") == (6, 3)
    play(m, "jutsu J-002 by N-001 pay N-009 N-010", "pass", "pass")  # Naruto +3/+0
    assert stat(m, 0, "N-001") == (4, 0) and stat(m, 1, "N-023") == (9, 3)
    showdown(m)
    assert results(m)[0]["against_arithmetic"] == [["N-023", "lead", 9]]
    # Kunai's +2/+2: only the Combat bonus is copied
    m = play(position(), "jutsu J-001 by N-001 pay N-009", "pass", "pass")
    assert stat(m, 0, "N-001") == (3, 2) and stat(m, 1, "N-023") == (8, 3)
    # injured (not Valid): nothing copied
    m = play(position(injured=["N-023"]), "jutsu J-002 by N-001 pay N-009 N-010", "pass", "pass")
    assert stat(m, 1, "N-023") == (3, 2)


def test_N_024_zabuza_as_head_ninja_discards_every_ninja_its_team_damages():
    assert kind("N-024") == "on_battle"
    # Zabuza 6 beats Ebisu 4 by 2: one damage, and Ebisu is discarded, not injured
    m = fight({"village": ["N-024"]}, {"village": ["N-010"]}, ["send T1"], ["block T1 on N-024"])
    assert results(m)[0]["result"] == "victory"
    assert events(m, "knocked_out") == [{"player": 1, "card": "N-010", "damage": 1}] and events(m, "injured") == []
    assert numbers(m, 1, "discard") == ["N-010"]
    # even when the damage is lowered to 0 (Naruto's coin on heads, N-019)
    flips = seeded(lambda seed: fight({"village": ["N-024"]}, {"village": ["N-019", "N-010"],
                                                                "teams": [["N-019", "N-010"]]},
                                      ["send T1"], ["block T1 on N-024 lead N-019"], seed=seed))
    for m in flips["heads"] + flips["tails"]:
        assert events(m, "knocked_out")[0]["card"] == "N-019" and numbers(m, 1, "discard") == ["N-019"]
    assert [events(m, "knocked_out")[0]["damage"] for m in flips["heads"][:1] + flips["tails"][:1]] == [0, 1]
    # the same in referee mode, where the coin's result is asked first
    m = fight({"village": ["N-024"]}, {"village": ["N-019", "N-010"], "teams": [["N-019", "N-010"]]}, ["send T1"],
              ["block T1 on N-024 lead N-019"], mode="referee")
    play(m, "choose heads")
    assert events(m, "knocked_out") == [{"player": 1, "card": "N-019", "damage": 0}]
    # as a rear Ninja: ordinary damage
    m = fight({"village": ["N-009", "N-024"], "teams": [["N-009", "N-024"]]}, {"village": ["N-010"]},
              ["send T1 lead N-009"], ["block T1 on N-009"])
    assert results(m)[0]["power"] == 3 + 2 and events(m, "injured") == [{"player": 1, "card": "N-010"}]
    # injured (not Valid): ordinary damage (Zabuza 4 beats Haku 1)
    m = fight({"village": ["N-024"], "injured": ["N-024"]}, {"village": ["N-016"]}, ["send T1"],
              ["block T1 on N-024"])
    assert events(m, "injured") == [{"player": 1, "card": "N-016"}] and numbers(m, 1, "discard") == []


def test_N_025_naruto_injured_and_alone_gains_its_players_hand_size_in_combat():
    assert kind("N-025") == "valid"
    hand = ["N-002", "N-003", "J-001"]
    m = exchange({"village": ["N-025"], "injured": ["N-025"], "hand": hand}, None, ["send T1"])
    assert stat(m, 0, "N-025") == (0 + 3, 0)
    showdown(m)
    assert results(m)[0]["arithmetic"] == [["N-025", "lead", 3]]
    # healthy: its printed 1/0
    m = exchange({"village": ["N-025"], "hand": hand}, None, ["send T1"])
    assert stat(m, 0, "N-025") == (1, 0)
    # injured in a team: nothing
    m = exchange({"village": ["N-025", "N-009"], "teams": [["N-025", "N-009"]], "injured": ["N-025"], "hand": hand},
                 None, ["send T1 lead N-025"])
    assert stat(m, 0, "N-025") == (0, 0)
    # the hand size now: playing a Jutsu from hand lowers it
    m = exchange({"village": ["N-025"], "injured": ["N-025"], "hand": hand, "chakra": ["N-009"]}, None, ["send T1"])
    play(m, "jutsu J-001 by N-025 pay N-009", "pass", "pass")
    assert stat(m, 0, "N-025") == (2 + 2, 0 + 2)


def test_N_026_sasuke_cannot_be_targeted_by_opposing_jutsu_costing_2_or_fewer():
    assert kind("N-026") == "continuous"

    def position(**p1):
        spec = {"village": ["N-026"]}
        spec.update(p1)
        m = exchange(spec, {"village": ["N-018"], "chakra": ["N-014", "N-015", "N-016", "N-009"],
                            "hand": ["J-032", "J-014"]}, ["send T1"], ["block T1 on N-026"])
        return play(m, "pass")

    m = position()
    refused(m, "jutsu J-032 by N-018 target N-026@1 pay N-014 N-015", "N-KEY-TARGET-1")  # W W: 2
    assert not [a for a in legal(m) if a.startswith("jutsu J-032")]
    # Silent Killing Jutsu (W W W 1) may: it injures every Ninja fighting the user
    play(m, "jutsu J-014 by N-018 pay N-014 N-015 N-016 N-009", "pass", "pass")
    assert events(m, "injured") == [{"player": 0, "card": "N-026"}]
    # injured (not Valid): the 2-cost Jutsu may target it
    m = position(injured=["N-026"])
    play(m, "jutsu J-032 by N-018 target N-026@1 pay N-014 N-015", "pass", "pass")
    assert stat(m, 0, "N-026") == (0, 0)


def test_N_027_sakura_sent_with_at_most_1_chakra_may_move_the_decks_top_card_to_chakra():
    assert kind("N-027") == "on_battle"
    deck = ["N-001", "N-002", "N-003"]
    m = play(attacking({"village": ["N-027"], "chakra": ["J-001"], "deck": list(deck)}), "send T1")
    assert events(m, "ability_offered") == [{"player": 0, "card": "N-027"}]
    play(m, "use N-027")
    assert events(m, "deck_to_chakra") == [{"player": 0, "cards": 1}]
    assert numbers(m, 0, "chakra") == ["J-001", "N-001"] and numbers(m, 0, "deck") == ["N-002", "N-003"]
    refused(m, "use N-027", "N-EFFECT-6")  # once
    # it may be declined: going on loses it
    m = play(attacking({"village": ["N-027"], "deck": list(deck)}), "send T1", "next")
    assert numbers(m, 0, "chakra") == [] and m.phase == "battle_block"
    # as a blocker too
    m = play(attacking({"village": ["N-001"]}, {"village": ["N-027"], "deck": list(deck)}), "send T1", "next",
             "block T1 on N-001")
    assert events(m, "ability_offered") == [{"player": 1, "card": "N-027"}]
    play(m, "use N-027")
    assert numbers(m, 1, "chakra") == ["N-001"]
    # two chakra cards: not offered
    m = play(attacking({"village": ["N-027"], "chakra": ["J-001", "J-002"]}), "send T1")
    assert events(m, "ability_offered") == []
    refused(m, "use N-027", "N-EFFECT-6")
    # injured (not Valid): not offered
    m = play(attacking({"village": ["N-027"], "injured": ["N-027"]}), "send T1")
    assert events(m, "ability_offered") == []


def test_N_028_kiba_gains_1_1_when_sent_on_a_team_with_an_animal_ninja():
    assert kind("N-028") == "valid"
    m = attacking({"village": ["N-028", "N-036"], "teams": [["N-028", "N-036"]]})
    assert stat(m, 0, "N-028") == (2, 0)
    play(m, "send T1 lead N-028", "next", "next")
    assert stat(m, 0, "N-028") == (3, 1)
    showdown(m)
    assert results(m)[0]["arithmetic"] == [["N-028", "lead", 3], ["N-036", "rear", 1]]
    # no Animal teammate: nothing
    m = exchange({"village": ["N-028", "N-001"], "teams": [["N-028", "N-001"]]}, None, ["send T1 lead N-028"])
    assert stat(m, 0, "N-028") == (2, 0)
    # Valid: injured (0/0), still +1/+1
    m = exchange({"village": ["N-028", "N-036"], "teams": [["N-028", "N-036"]], "injured": ["N-028"]}, None,
                 ["send T1 lead N-036"])
    assert stat(m, 0, "N-028") == (1, 1)


def test_N_030_hinata_heals_an_injured_genin_for_three_chakra_cards_at_turn_start():
    assert kind("N-030") == "start_of_turn"

    def hinata(**p2):
        spec = {"village": ["N-030", "N-001", "N-010"], "injured": ["N-001", "N-010"],
                "chakra": ["J-001", "J-002", "N-009", "N-014"]}
        spec.update(p2)
        return play(attacking({}, spec), "next")

    m = hinata()
    assert events(m, "ability_offered") == [{"player": 1, "card": "N-030"}]
    refused(m, "use N-030 pay J-001 J-002 target N-001@2", "N-EFFECT-6")  # three cards
    refused(m, "use N-030 pay J-001 J-002 N-009 target N-010@2", "N-KEY-TARGET-1")  # Ebisu is no Genin
    play(m, "use N-030 pay J-001 J-002 N-009 target N-001@2")
    assert events(m, "healed") == [{"player": 1, "card": "N-001"}]
    assert numbers(m, 1, "discard") == ["J-001", "J-002", "N-009"] and numbers(m, 1, "chakra") == ["N-014"]
    assert m.state.injured == {iid(m, 1, "village", "N-010")}
    # two chakra cards: not offered
    assert events(hinata(chakra=["J-001", "J-002"]), "ability_offered") == []
    # injured (not Valid): not offered
    assert events(hinata(injured=["N-030", "N-001"]), "ability_offered") == []


# =================================================================================================
# N-022 (left to the players), N-031 ... N-043
# =================================================================================================

def test_N_022_iruka_may_take_1_of_its_head_ninjas_damage():
    assert kind("N-022") == "valid" and "guard_leader" in bundled().get("N-022").abilities["rules"]
    # its Head Ninja is about to take damage (Naruto 1 + Iruka 1 lose to Ebisu 4): its player is asked
    m = fight({"village": ["N-001", "N-022"], "teams": [["N-001", "N-022"]]}, {"village": ["N-010"]},
              ["send T1 lead N-001"], ["block T1 on N-001"])
    assert events(m, "injured") == []
    assert events(m, "choice_asked") == [{"player": 0, "card": "N-022", "choice": "guard"}]
    assert m.actor == 0 and legal(m) == ["choose yes", "choose no"]
    refused(m, "next", "N-EFFECT-1")
    # yes: Naruto's 1 damage becomes 0, and Iruka takes 1 instead
    play(m, "choose yes")
    assert events(m, "injured") == [{"player": 0, "card": "N-022"}] and m.state.turn == 4
    assert m.state.injured == {iid(m, 0, "village", "N-022")}
    # no: Naruto takes it
    m = fight({"village": ["N-001", "N-022"], "teams": [["N-001", "N-022"]]}, {"village": ["N-010"]},
              ["send T1 lead N-001"], ["block T1 on N-001"])
    play(m, "choose no")
    assert m.state.injured == {iid(m, 0, "village", "N-001")}
    # an injured Head Ninja saved from being knocked out
    m = fight({"village": ["N-001", "N-022"], "teams": [["N-001", "N-022"]], "injured": ["N-001"]},
              {"village": ["N-010"]}, ["send T1 lead N-001"], ["block T1 on N-001"])
    play(m, "choose yes")
    assert events(m, "knocked_out") == [] and sorted(numbers(m, 0, "village")) == ["N-001", "N-022"]
    assert {i for i in m.state.injured if m.state.owner[i] == 0} == {iid(m, 0, "village", "N-001"),
                                                                      iid(m, 0, "village", "N-022")}
    # not when a rear Ninja is hurt, nor when Iruka leads
    m = fight({"village": ["N-022", "N-001"], "teams": [["N-022", "N-001"]]}, {"village": ["N-010"]},
              ["send T1 lead N-022"], ["block T1 on N-022"])
    assert events(m, "choice_asked") == [] and m.state.pending == [] and m.state.turn == 4
    # Valid: an injured Iruka still may
    m = fight({"village": ["N-001", "N-022"], "teams": [["N-001", "N-022"]], "injured": ["N-022"]},
              {"village": ["N-010"]}, ["send T1 lead N-001"], ["block T1 on N-001"])
    assert [e["choice"] for e in events(m, "choice_asked")] == ["guard"]
    play(m, "choose yes")  # Iruka, already injured, is knocked out in Naruto's place
    assert events(m, "knocked_out") == [{"player": 0, "card": "N-022", "damage": 1}]
    assert not any(m.state.owner[i] == 0 for i in m.state.injured) and numbers(m, 0, "village") == ["N-001"]


def test_N_031_rock_lee_cannot_use_jutsu_whose_cost_needs_specific_symbols():
    assert kind("N-031") == "valid"

    def position(**p1):
        spec = {"village": ["N-031"], "chakra": ["N-001", "N-009"], "hand": ["J-025", "J-026", "J-005"]}
        spec.update(p1)
        return exchange(spec, None, ["send T1"])

    m = position()
    err = refused(m, "jutsu J-025 by N-031 pay N-001 N-009", "N-EFFECT-4")  # L 1
    assert err.params["restriction"] == "no_symbol_jutsu"
    refused(m, "jutsu J-005 by N-031 pay N-001 N-009 x 1", "N-EFFECT-4")  # L X
    assert not [a for a in legal(m) if a.startswith(("jutsu J-025", "jutsu J-005"))]
    # Leaf Hurricane costs 1 of any symbol
    play(m, "jutsu J-026 by N-031 pay N-009", "pass", "pass")
    assert stat(m, 0, "N-031") == (3 + 3, 0)
    # Valid: injured, still refused
    refused(position(injured=["N-031"]), "jutsu J-025 by N-031 pay N-001 N-009", "N-EFFECT-4")


def test_N_034_konohamaru_draws_a_card_whenever_its_team_wins_a_victory():
    assert kind("N-034") == "valid"
    deck = ["N-002", "N-029", "N-032"]
    # Kakashi 5 + Konohamaru 0 beat Haku 1 by 4
    m = fight({"village": ["N-011", "N-034"], "teams": [["N-011", "N-034"]], "deck": list(deck)},
              {"village": ["N-016"]}, ["send T1 lead N-011"], ["block T1 on N-011"])
    assert results(m)[0]["result"] == "victory"
    assert events(m, "drew")[0] == {"player": 0, "cards": 1} and numbers(m, 0, "hand") == ["N-002"]
    assert keys(m).index("drew") < keys(m).index("teams_returned")
    # an Outstanding Victory (against Konohamaru N-007, 0 Combat) draws too
    m = fight({"village": ["N-011", "N-034"], "teams": [["N-011", "N-034"]], "deck": list(deck)},
              {"village": ["N-007"]}, ["send T1 lead N-011"], ["block T1 on N-011"])
    assert results(m)[0]["result"] == "outstanding" and numbers(m, 0, "hand") == ["N-002"]
    # a defeat, a draw or an unblocked team: no card
    for lead, p2, result in (("N-001", {"village": ["N-010"]}, "victory"), ("N-011", {"village": ["N-018"]}, "draw"),
                             ("N-011", {}, None)):
        m = fight({"village": [lead, "N-034"], "teams": [[lead, "N-034"]], "deck": list(deck)}, p2,
                  [f"send T1 lead {lead}"], [f"block T1 on {lead}"] if p2 else [])
        assert results(m)[0].get("result") == result and results(m)[0].get("difference", 0) <= 0
        assert numbers(m, 0, "hand") == [] and numbers(m, 0, "deck")[:1] == ["N-002"]
    # Valid: injured, it still draws
    m = fight({"village": ["N-011", "N-034"], "teams": [["N-011", "N-034"]], "deck": list(deck), "injured": ["N-034"]},
              {"village": ["N-016"]}, ["send T1 lead N-011"], ["block T1 on N-011"])
    assert numbers(m, 0, "hand") == ["N-002"]


def test_N_035_kaede_draws_when_it_enters_play_and_discards_when_it_leaves():
    assert kind("N-035") == "valid"
    m = play(mission_phase(p1={"hand": ["N-035"], "deck": ["N-029", "N-032"]}), "deploy N-035")
    assert events(m, "drew") == [{"player": 0, "cards": 1}] and numbers(m, 0, "hand") == ["N-029"]
    # knocked out (Kakashi 5 against 0): its player discards a card of their choice from hand
    m = fight({"village": ["N-011"]}, {"village": ["N-035"], "hand": ["N-001", "N-002"]}, ["send T1"],
              ["block T1 on N-011"])
    assert events(m, "knocked_out") == [{"player": 1, "card": "N-035", "damage": 2}]
    assert events(m, "choice_asked") == [{"player": 1, "card": "N-035", "choice": "pick"}]
    assert m.actor == 1 and sorted(legal(m)) == ["choose N-001@2", "choose N-002@2"]
    refused(m, "choose none", "N-EFFECT-2")
    play(m, "choose N-002@2")
    assert numbers(m, 1, "discard") == ["N-035", "N-002"] and numbers(m, 1, "hand")[:1] == ["N-001"]
    # going to battle and coming home is not leaving play
    m = fight({"village": ["N-035"], "hand": ["N-001"]}, {}, ["send T1"])
    assert events(m, "choice_asked") == [] and numbers(m, 0, "village") == ["N-035"]
    # an empty hand: nothing to discard
    m = fight({"village": ["N-011"]}, {"village": ["N-035"]}, ["send T1"], ["block T1 on N-011"])
    assert events(m, "nothing_to_choose") == [{"player": 1, "card": "N-035"}] and m.state.turn == 4
    # Valid: an injured Kaede knocked out still makes its player discard
    m = fight({"village": ["N-001"]}, {"village": ["N-035"], "injured": ["N-035"], "hand": ["N-002"]}, ["send T1"],
              ["block T1 on N-001"])
    play(m, "choose N-002@2")
    assert numbers(m, 1, "discard") == ["N-035", "N-002"]


def test_N_036_akamaru_with_kiba_in_play_is_a_free_deployment_and_cannot_battle_alone():
    assert kind("N-036") == "valid"
    m = play(mission_phase(p1={"hand": ["N-001", "N-036"], "village": ["N-028"]}, counters=(1, 0)),
             "deploy N-001", "pass")
    assert m.phase == "mission_main" and m.state.players[0].deployed
    play(m, "deploy N-036")
    assert numbers(m, 0, "village") == ["N-028", "N-001", "N-036"]
    # Akamaru first, then another Ninja: still the one deployment left
    m = play(mission_phase(p1={"hand": ["N-001", "N-036"], "village": ["N-028"]}, counters=(1, 0)),
             "deploy N-036", "pass", "deploy N-001")
    assert numbers(m, 0, "village") == ["N-028", "N-036", "N-001"]
    # without Kiba it is the turn's one Ninja
    m = play(mission_phase(p1={"hand": ["N-001", "N-036"]}, counters=(1, 0)), "deploy N-001", "pass")
    refused(m, "deploy N-036", "N-DEPLOY-1")
    # it cannot go into battle alone, even injured (Valid)
    err = refused(attacking({"village": ["N-036"]}), "send T1", "N-EFFECT-4")
    assert err.params["restriction"] == "not_alone"
    refused(attacking({"village": ["N-036"], "injured": ["N-036"]}), "send T1", "N-EFFECT-4")
    m = play(attacking({"village": ["N-028", "N-036"], "teams": [["N-028", "N-036"]]}), "send T1 lead N-036")
    assert team_numbers(m, 0, "sent") == [["N-036", "N-028"]]


def test_N_037_kakashi_gives_the_leaf_genin_of_its_team_0_1_when_sent():
    assert kind("N-037") == "on_battle"
    m = attacking({"village": ["N-037", "N-001", "N-003"], "teams": [["N-037", "N-001", "N-003"]]})
    assert stat(m, 0, "N-001") == (1, 0)
    play(m, "send T1 lead N-037", "next", "next")
    assert [stat(m, 0, n) for n in ("N-037", "N-001", "N-003")] == [(6, 3), (1, 1), (1, 2)]
    showdown(m)
    assert results(m)[0]["arithmetic"] == [["N-037", "lead", 6], ["N-001", "rear", 1], ["N-003", "rear", 2]]
    # not a Chunin, nor a Mist Genin... (Ebisu is a Special Jonin)
    m = exchange({"village": ["N-037", "N-010", "N-016"], "teams": [["N-037", "N-010", "N-016"]]}, None,
                 ["send T1 lead N-037"])
    assert stat(m, 0, "N-010") == (4, 2) and stat(m, 0, "N-016") == (1, 1)
    # injured (not Valid): nothing
    m = exchange({"village": ["N-037", "N-001"], "teams": [["N-037", "N-001"]], "injured": ["N-037"]}, None,
                 ["send T1 lead N-037"])
    assert stat(m, 0, "N-001") == (1, 0)


def test_N_039_might_guy_gains_0_4_behind_a_taijutsu_genin_head_ninja():
    assert kind("N-039") == "on_battle"
    m = attacking({"village": ["N-031", "N-039"], "teams": [["N-031", "N-039"]]})
    assert stat(m, 0, "N-039") == (6, 0)
    play(m, "send T1 lead N-031", "next", "next")
    assert stat(m, 0, "N-039") == (6, 4)
    showdown(m)
    assert results(m)[0]["arithmetic"] == [["N-031", "lead", 3], ["N-039", "rear", 4]]
    # a Genin head without Taijutsu, or Guy leading: nothing
    m = exchange({"village": ["N-001", "N-039"], "teams": [["N-001", "N-039"]]}, None, ["send T1 lead N-001"])
    assert stat(m, 0, "N-039") == (6, 0)
    m = exchange({"village": ["N-031", "N-039"], "teams": [["N-031", "N-039"]]}, None, ["send T1 lead N-039"])
    assert stat(m, 0, "N-039") == (6, 0)
    # injured (not Valid): nothing
    m = exchange({"village": ["N-033", "N-039"], "teams": [["N-033", "N-039"]], "injured": ["N-039"]}, None,
                 ["send T1 lead N-033"])
    assert stat(m, 0, "N-039") == (5, 0)


def test_N_040_zabuza_gives_both_battling_teams_minus_1_except_mist_attribute_ninjas():
    assert kind("N-040") == "on_battle"

    def position(**p1):
        spec = {"village": ["N-040", "N-003"], "teams": [["N-040", "N-003"]]}
        spec.update(p1)
        return exchange(spec, {"village": ["N-010", "N-009", "N-018"], "teams": [["N-010", "N-009", "N-018"]]},
                        ["send T1 lead N-040"], ["block T1 on N-040 lead N-010"])

    m = position()
    assert stat(m, 0, "N-040") == (5, 2)  # Mist attribute: ignores it
    assert stat(m, 0, "N-003") == (0, 0)
    assert stat(m, 1, "N-010") == (3, 1) and stat(m, 1, "N-009") == (2, 0)
    assert stat(m, 1, "N-018") == (5, 1)  # Zabuza N-018 has the Mist attribute too
    showdown(m)
    (r,) = results(m)
    assert (r["power"], r["against_power"]) == (5 + 0, 3 + 0 + 1)
    # at home: nothing
    m = attacking({"village": ["N-040", "N-003"], "teams": [["N-040", "N-003"]]})
    assert stat(m, 0, "N-003") == (1, 1)
    # injured (not Valid): nothing
    m = position(injured=["N-040"])
    assert stat(m, 0, "N-003") == (1, 1) and stat(m, 1, "N-010") == (4, 2)


def test_N_041_rock_lee_sent_as_head_ninja_gets_a_1_0_coin_at_the_end_of_the_turn():
    assert kind("N-041") == "on_battle"
    m = exchange({"village": ["N-041"]}, None, ["send T1"])
    assert stat(m, 0, "N-041") == (0, 0)  # not yet
    showdown(m)
    assert events(m, "coin_placed") == [{"player": 0, "card": "N-041", "coin": "combat"}]
    assert keys(m).index("coin_placed") > keys(m).index("marker_moved")  # at the end of the turn
    assert m.state.coins[iid(m, 0, "village", "N-041")] == {"combat": 1}
    assert stat(m, 0, "N-041") == (1, 0) and m.state.turn == 4  # and it stays
    # as a rear Ninja: no coin
    m = fight({"village": ["N-009", "N-041"], "teams": [["N-009", "N-041"]]}, None, ["send T1 lead N-009"])
    assert events(m, "coin_placed") == []
    # injured (not Valid): no coin
    m = fight({"village": ["N-041"], "injured": ["N-041"]}, None, ["send T1"])
    assert events(m, "coin_placed") == [] and stat(m, 0, "N-041") == (-1, 0)


def test_N_042_neji_puts_a_tenketsu_coin_on_ninjas_its_team_damages_and_they_cannot_be_healed():
    assert kind("N-042") == "on_battle"
    # Neji 3 beats Haku 1: Haku is injured and gets a Tenketsu coin
    m = fight({"village": ["N-042"]}, {"village": ["N-016", "N-013"], "chakra": ["J-001"]}, ["send T1"],
              ["block T1 on N-042 lead N-016"])
    haku = iid(m, 1, "village", "N-016")
    assert events(m, "injured") == [{"player": 1, "card": "N-016"}]
    assert events(m, "coin_placed") == [{"player": 1, "card": "N-016", "coin": "tenketsu"}]
    assert m.state.coins[haku] == {"tenketsu": 1}
    # the Third Hokage's heal does nothing to it
    assert events(m, "ability_offered") == [{"player": 1, "card": "N-013"}]
    play(m, "use N-013 pay J-001 target N-016@2")
    assert events(m, "not_healed") == [{"player": 1, "card": "N-016", "coin": "tenketsu"}]
    assert events(m, "healed") == [] and haku in m.state.injured and numbers(m, 1, "discard") == ["J-001"]
    # injured (not Valid): no coin
    m = fight({"village": ["N-042"], "injured": ["N-042"]}, {"village": ["N-016"]}, ["send T1"],
              ["block T1 on N-042"])
    assert events(m, "injured") == [{"player": 1, "card": "N-016"}] and events(m, "coin_placed") == []


def test_N_043_haku_uses_jutsu_that_cannot_be_negated():
    assert kind("N-043") == "valid"

    def position(haku="N-043", **p1):
        spec = {"village": [haku], "chakra": ["N-009"], "hand": ["J-001"]}
        spec.update(p1)
        m = exchange(spec, {"village": ["N-011"], "chakra": ["N-002", "N-010"], "hand": ["J-007"]},
                     ["send T1"], [f"block T1 on {haku}"])
        return play(m, f"jutsu J-001 by {haku} pay N-009")

    m = position()
    assert m.actor == 1
    refused(m, "jutsu J-007 by N-011 target J-001@1 pay N-002 N-010", "N-KEY-TARGET-1")
    play(m, "pass", "pass")
    assert stat(m, 0, "N-043") == (4 + 2, 3 + 2)
    # the other Haku's Jutsu can be negated
    m = play(position("N-016"), "jutsu J-007 by N-011 target J-001@1 pay N-002 N-010", "pass", "pass")
    assert events(m, "negated") == [{"player": 0, "card": "J-001", "zone": "discard"}]
    assert stat(m, 0, "N-016") == (1, 1)
    # Valid: injured, still unnegatable
    refused(position(injured=["N-043"]), "jutsu J-007 by N-011 target J-001@1 pay N-002 N-010", "N-KEY-TARGET-1")

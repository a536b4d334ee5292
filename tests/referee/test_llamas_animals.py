"""Each Llamas Unleashed animal (LU-001..LU-039) played or triggered in a real position, named after
the card (`test_LU_009_...`). Seat 1 acts unless said otherwise; ``plays=2`` keeps its turn going
after the card tested, so that what follows in the next turn does not blur the result."""

from __future__ import annotations

import pytest

from llamas_support import FILLER, act, events, keys, numbers, pending, turn


@pytest.mark.parametrize("baby", ["LU-001", "LU-002", "LU-003", "LU-004"])
def test_LU_001_to_004_a_baby_destroyed_sacrificed_or_returned_goes_back_to_the_nursery(baby):
    m = turn(hands=[["LU-062", "LU-055", "LU-027"]], fields=[["LU-006"], [baby]], nursery=[], plays=3)
    act(m, "play LU-062", f"choose {baby}@2")  # Llama Bomb
    assert numbers(m, "nursery") == [baby] and numbers(m, "field", 1) == []
    m = turn(hands=[["LU-055"]], fields=[[baby], ["LU-006"]], nursery=[], plays=2)
    act(m, "play LU-055", f"choose {baby}@1", "choose LU-006@2")  # Alpacalypse
    assert numbers(m, "nursery") == [baby] and numbers(m, "discard") == ["LU-006", "LU-055"]
    m = turn(hands=[["LU-027"]], fields=[[baby]], nursery=[], plays=2)
    act(m, "play LU-027 into 1", f"choose {baby}@1")  # Shaved Llama
    assert numbers(m, "nursery") == [baby] and numbers(m, "hand", 0) == []


@pytest.mark.parametrize("basic", ["LU-005", "LU-006", "LU-007", "LU-008"])
def test_LU_005_to_008_a_basic_animal_has_no_effect_and_counts_as_one_animal(basic):
    m = turn(hands=[[basic]], fields=[["LU-001"] * 6], nursery=[])
    act(m, f"play {basic} into 1")
    assert "choice_asked" not in keys(m)
    assert m.outcome().winner == 0  # the seventh animal


def test_LU_009_adorable_alpaca_may_draw_a_card():
    m = turn(hands=[["LU-009"]], fields=[["LU-001"]], plays=2)
    act(m, "play LU-009 into 1", "choose yes")
    assert numbers(m, "hand", 0) == ["LU-005"]


def test_LU_010_alpacacopter_discards_the_hand_to_draw_three_and_comes_back_to_the_hand():
    m = turn(hands=[["LU-010", "LU-062", "LU-007"]], fields=[["LU-001"]], plays=2)
    act(m, "play LU-010 into 1", "choose yes")
    assert numbers(m, "discard") == ["LU-062", "LU-007"] and numbers(m, "hand", 0) == ["LU-005"] * 3
    m = turn(hands=[["LU-055"]], fields=[["LU-010"], ["LU-006"]], plays=2)
    act(m, "play LU-055", "choose LU-010@1", "choose LU-006@2")
    assert numbers(m, "hand", 0) == ["LU-010"]  # sacrificed: back to the hand instead


def test_LU_011_dreadlocked_alpaca_searches_the_deck_for_a_magic_card_shown_then_reshuffles():
    m = turn(hands=[["LU-011"]], fields=[["LU-001"]], deck=["LU-006", "LU-062", "LU-007"] + FILLER, plays=2)
    act(m, "play LU-011 into 1", "choose yes")
    assert pending(m)["options"] == ["LU-062"] and pending(m)["rule"] == "L-SEARCH-1"
    act(m, "choose LU-062")
    assert numbers(m, "hand", 0) == ["LU-062"]
    assert events(m, "shown") == [{"player": 0, "card": "LU-062", "zone": "deck"}]
    assert "shuffled" in keys(m)


@pytest.mark.parametrize("corn, friend, other", [("LU-012", "LU-005", "LU-006"), ("LU-017", "LU-006", "LU-007"),
                                                 ("LU-025", "LU-007", "LU-008"), ("LU-036", "LU-008", "LU-005")])
def test_LU_012_017_025_036_the_corns_bring_an_animal_of_their_variation_from_the_hand(corn, friend, other):
    m = turn(hands=[[corn, friend, other]], fields=[["LU-001"]], plays=2)
    act(m, f"play {corn} into 1")
    assert pending(m)["options"] == [friend] and pending(m)["optional"]
    act(m, f"choose {friend}")
    assert numbers(m, "field", 0) == ["LU-001", corn, friend] and numbers(m, "hand", 0) == [other]


def test_LU_013_static_charged_alpaca_makes_an_opponent_targeting_it_discard():
    m = turn(hands=[["LU-062", "LU-007"]], fields=[["LU-001"], ["LU-013", "LU-002"]], plays=2)
    act(m, "play LU-062", "choose LU-013@2")
    assert numbers(m, "field", 1) == ["LU-002"]
    assert pending(m)["player"] == 0 and pending(m)["card"] == "LU-013"
    act(m, "choose LU-007")
    assert numbers(m, "discard") == ["LU-013", "LU-062", "LU-007"]


def test_LU_014_ceaselessly_screaming_goat_makes_a_chosen_opponent_discard():
    m = turn(players=3, phase="beginning_start", fields=[["LU-014"], ["LU-001"], ["LU-002"]],
             hands=[[], ["LU-062", "LU-007"], ["LU-008"]])
    assert pending(m)["options"] == ["2", "3"] and pending(m)["optional"]
    act(m, "choose 2")
    assert pending(m)["player"] == 1
    act(m, "choose LU-062")
    assert numbers(m, "hand", 1) == ["LU-007"] and numbers(m, "discard") == ["LU-062"]


def test_LU_015_goatsferatu_sacrifices_an_animal_to_revive_one_from_the_discard_pile():
    m = turn(phase="beginning_start", fields=[["LU-003", "LU-015", "LU-006"]], discard=["LU-007", "LU-062"])
    act(m, "choose LU-006@1")
    assert pending(m)["options"] == ["LU-007"]  # the goat is not in the discard pile yet: targets come first
    act(m, "choose LU-007")
    assert numbers(m, "field", 0) == ["LU-003", "LU-015", "LU-007"]
    assert numbers(m, "discard") == ["LU-062", "LU-006"]


def test_LU_016_hardcore_parkour_goat_sacrifices_another_animal_to_destroy_one():
    m = turn(hands=[["LU-016"]], fields=[["LU-001", "LU-006"], ["LU-002", "LU-007"]], plays=2)
    act(m, "play LU-016 into 1")
    assert pending(m)["options"] == ["LU-001@1", "LU-006@1"]  # not itself
    act(m, "choose LU-006@1", "choose LU-007@2")
    assert numbers(m, "field", 0) == ["LU-001", "LU-016"] and numbers(m, "field", 1) == ["LU-002"]
    m = turn(hands=[["LU-062"]], fields=[["LU-001"], ["LU-016"]], current=0)
    act(m, "play LU-062", "choose LU-016@2")
    assert numbers(m, "hand", 1)[:1] == ["LU-016"]  # destroyed: back to its player's hand


def test_LU_018_speedy_goatercycle_takes_an_instant_back_from_the_discard_pile():
    m = turn(hands=[["LU-018"]], fields=[["LU-001"]], discard=["LU-062", "LU-051"], plays=2)
    act(m, "play LU-018 into 1")
    assert pending(m)["options"] == ["LU-051"]
    act(m, "choose LU-051")
    assert numbers(m, "hand", 0) == ["LU-051"] and events(m, "shown")[0]["card"] == "LU-051"


def test_LU_019_spontaneously_fainting_goat_shuffles_itself_in_and_draws_two():
    m = turn(phase="beginning_start", fields=[["LU-001", "LU-019"]], deck=["LU-006"] * 6)
    assert "shuffled_in" in keys(m)
    assert pending(m)["count"] == 2 and pending(m)["least"] == 0  # the drawn animals may come into the field
    drawn = list(pending(m)["options"])
    act(m, "choose " + drawn[0])
    assert len(numbers(m, "field", 0)) == 2 and len(numbers(m, "hand", 0)) == 2  # one drawn, one in the draw step


def test_LU_020_the_fearsome_alligoater_sacrificed_destroys_an_animal():
    m = turn(hands=[["LU-055"]], fields=[["LU-020"], ["LU-002", "LU-007"]], plays=2)
    act(m, "play LU-055", "choose LU-020@1", "choose LU-002@2")
    assert pending(m)["card"] == "LU-020" and pending(m)["options"] == ["LU-007@2"]
    act(m, "choose LU-007@2")
    assert numbers(m, "field", 1) == []


def test_LU_021_the_negoatiator_gives_a_card_then_pulls_one_at_random():
    m = turn(phase="beginning_start", fields=[["LU-021"], ["LU-001"]], hands=[["LU-062"], ["LU-007"]])
    act(m, "choose LU-062", "choose 2")
    assert [k for k in keys(m) if k in ("given", "pulled")] == ["given", "pulled"]
    assert len(m.state.players[1].hand) == 1 and len(m.state.players[0].hand) == 2  # pulled, then drawn


def test_LU_022_bahama_llama_discards_a_card_to_make_a_player_miss_a_turn():
    m = turn(hands=[["LU-022", "LU-062"]], fields=[["LU-001"], ["LU-002"]])
    act(m, "play LU-022 into 1")
    act(m, "choose LU-062")
    assert pending(m)["options"] == ["1", "2"]  # any player
    act(m, "choose 2")
    assert events(m, "turn_missed") == [{"player": 1, "turn": 4}] and m.state.current == 0


def test_LU_023_dalai_llama_draws_three_then_the_others_may_draw_one():
    m = turn(hands=[["LU-023"], ["LU-008"]], fields=[["LU-001"], ["LU-002"]], plays=2)
    act(m, "play LU-023 into 1", "pass", "choose yes")
    assert pending(m)["player"] == 1
    act(m, "choose yes")
    assert [len(p.hand) for p in m.state.players] == [3, 2]


def test_LU_024_llamabot_3000_fetches_an_upgrade_instead_of_the_draw():
    m = turn(phase="beginning_start", fields=[["LU-001", "LU-024"]], deck=["LU-007", "LU-076"] + FILLER)
    act(m, "choose yes", "choose LU-076")
    assert numbers(m, "hand", 0) == ["LU-076"] and m.phase == "action_main"  # no draw step
    assert "no_draw" in keys(m)


def test_LU_026_prehistoric_llamadon_makes_every_opponent_sacrifice_and_lowers_its_hand_limit():
    m = turn(players=3, hands=[["LU-026", "LU-007", "LU-007", "LU-007", "LU-007"]],
             fields=[["LU-001"], ["LU-002", "LU-046"], []])
    act(m, "play LU-026 into 1")
    assert pending(m)["player"] == 1 and pending(m)["options"] == ["LU-002@2", "LU-046@2"]
    act(m, "choose LU-046@2")
    assert events(m, "impossible") == [{"player": 2, "card": "LU-026", "action": "sacrifice"}]
    assert m.phase == "end_hand"  # hand limit 7 - 5 = 2
    act(m, "discard LU-007 LU-007")
    assert m.state.current == 1


def test_LU_027_shaved_llama_picks_a_card_of_its_field_back_up():
    m = turn(hands=[["LU-027"]], fields=[["LU-001", "LU-076"]], plays=2)
    act(m, "play LU-027 into 1")
    assert pending(m)["options"] == ["LU-001@1", "LU-027@1", "LU-076@1"]
    act(m, "choose LU-076@1")
    assert numbers(m, "hand", 0) == ["LU-076"]


def test_LU_028_shinobi_llama_discards_to_take_any_card_of_the_discard_pile_unseen():
    m = turn(hands=[["LU-028", "LU-007"]], fields=[["LU-001"]], discard=["LU-062"], plays=2)
    act(m, "play LU-028 into 1", "choose LU-007", "choose LU-062")
    assert numbers(m, "hand", 0) == ["LU-062"] and numbers(m, "discard") == ["LU-007"]
    assert "shown" not in keys(m)


def test_LU_029_swashbuckling_llama_pulls_a_card_and_skips_the_draw():
    m = turn(phase="beginning_start", fields=[["LU-029"], ["LU-001"]], hands=[[], ["LU-062", "LU-007"]], seed=3)
    act(m, "choose 2")
    assert len(m.state.players[0].hand) == 1 and len(m.state.players[1].hand) == 1
    assert numbers(m, "hand", 0)[0] in ("LU-062", "LU-007") and "no_draw" in keys(m)


def test_LU_030_wingsuit_llama_pulls_a_card_then_its_victim_may_draw():
    m = turn(hands=[["LU-030"], ["LU-062"]], fields=[["LU-001"], ["LU-002"]], plays=2)
    act(m, "play LU-030 into 1", "pass", "choose 2")
    assert numbers(m, "hand", 0) == ["LU-062"] and pending(m)["player"] == 1
    act(m, "choose yes")
    assert numbers(m, "hand", 1) == ["LU-005"]


def test_LU_031_henry_the_huarizo_is_a_llama_and_an_alpaca_and_one_animal():
    for corn in ("LU-012", "LU-025"):
        m = turn(hands=[[corn, "LU-031"]], fields=[["LU-001"]], plays=2)
        act(m, f"play {corn} into 1")
        assert pending(m)["options"] == ["LU-031"]
    m = turn(hands=[["LU-031"]], fields=[["LU-001"] * 5])
    act(m, "play LU-031 into 1")
    assert not m.is_over()  # six animals, not seven


def test_LU_032_battering_ram_destroys_every_upgrade_of_a_player():
    m = turn(hands=[["LU-032"]], fields=[["LU-001"], ["LU-002", "LU-076", "LU-075", "LU-046"]], plays=2)
    act(m, "play LU-032 into 1", "choose 2")
    assert numbers(m, "field", 1) == ["LU-002", "LU-046"]


def test_LU_033_gin_rammy_discards_any_number_and_draws_as_many():
    m = turn(hands=[["LU-033", "LU-062", "LU-007", "LU-008"]], fields=[["LU-001"]], plays=2)
    act(m, "play LU-033 into 1", "choose yes")
    assert pending(m)["least"] == 0 and pending(m)["count"] == 3
    act(m, "choose LU-062 LU-008")
    assert numbers(m, "hand", 0) == ["LU-007", "LU-005", "LU-005"]


def test_LU_034_ignoramus_brings_a_downgrade_and_passes_it_on_later():
    m = turn(hands=[["LU-034"]], fields=[["LU-001"]], deck=["LU-046"] + FILLER, plays=2)
    act(m, "play LU-034 into 1", "choose yes", "choose LU-046")
    assert numbers(m, "field", 0) == ["LU-001", "LU-034", "LU-046"]
    m = turn(phase="beginning_start", fields=[["LU-034", "LU-046"], ["LU-001"]])
    act(m, "choose LU-046@1", "choose 2")
    assert numbers(m, "field", 1) == ["LU-001", "LU-046"]


def test_LU_035_jetpack_ram_discards_to_fetch_any_card_of_the_deck():
    m = turn(hands=[["LU-035", "LU-007"]], fields=[["LU-001"]], deck=["LU-062"] + FILLER, plays=2)
    act(m, "play LU-035 into 1", "choose LU-007")
    assert pending(m)["options"] == ["LU-005", "LU-062"]
    act(m, "choose LU-062")
    assert numbers(m, "hand", 0) == ["LU-062"] and numbers(m, "discard") == ["LU-007"]


def test_LU_037_paralleloram_draws_two_then_players_with_a_ram_may_draw_one():
    m = turn(players=3, hands=[["LU-037"]], fields=[["LU-001"], ["LU-004"], ["LU-002"]], plays=2)
    act(m, "play LU-037 into 1", "choose yes")
    assert pending(m)["player"] == 1  # seat 3 has no ram: not asked
    act(m, "choose yes")
    assert [len(p.hand) for p in m.state.players] == [2, 1, 0]


def test_LU_038_scammer_ram_discards_two_cards_to_steal_an_animal():
    m = turn(hands=[["LU-038", "LU-062", "LU-007"]], fields=[["LU-001"], ["LU-002", "LU-006"]], plays=2)
    act(m, "play LU-038 into 1", "choose LU-007 LU-062", "choose LU-006@2")
    assert numbers(m, "field", 0) == ["LU-001", "LU-038", "LU-006"] and numbers(m, "hand", 0) == []


def test_LU_039_unstoppable_ram_forbids_instants_for_the_turn():
    m = turn(phase="beginning_start", fields=[["LU-039"], ["LU-001"]], hands=[["LU-007"], ["LU-051"]])
    assert m.state.words == ["no_instants"]
    act(m, "play LU-007 into 1")
    assert m.phase != "action_window" and numbers(m, "field", 0) == ["LU-039", "LU-007"]

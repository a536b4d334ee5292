"""Each card of the "Farmed and Dangerous" expansion (LU-079..LU-112) played or triggered in a real
position, named after the card (`test_LU_083_...`), as the base game's cards are. Seat 1 acts unless
said otherwise; ``plays=2`` keeps its turn going after the card tested."""

from __future__ import annotations

import pytest

from llamas_support import FILLER, act, events, keys, legal, numbers, passes, pending, turn
from referee.engine.errors import IllegalAction


def play(m, action: str, *answers: str):
    """Play a card, let everyone asked pass (L-CARD-1), then give the answers."""
    return act(passes(act(m, action)), *answers)


@pytest.mark.parametrize("basic, kind", [("LU-079", "alpaca"), ("LU-080", "goat"), ("LU-081", "llama"),
                                         ("LU-082", "ram")])
def test_LU_079_to_082_a_basic_animal_of_the_expansion_counts_as_one_animal_of_its_variation(basic, kind):
    m = turn(hands=[[basic]], fields=[["LU-001"] * 6], nursery=[])
    act(m, f"play {basic} into 1")
    assert "choice_asked" not in keys(m)
    assert m.state.cards.get(basic).variations == (kind,) and m.state.cards.get(basic).set == "farmed-and-dangerous"
    assert m.outcome().winner == 0  # the seventh animal


def test_LU_083_alpacaman_makes_every_opponent_discard_a_card():
    m = turn(players=3, hands=[["LU-083"], ["LU-062", "LU-007"], ["LU-008"]], fields=[["LU-001"], [], []],
             plays=2)
    play(m, "play LU-083 into 1")
    assert pending(m)["player"] == 1
    act(m, "choose LU-062")  # seat 3 has one card: it has to discard it, and is asked all the same
    act(m, "choose LU-008")
    assert numbers(m, "discard") == ["LU-062", "LU-008"] and numbers(m, "hand", 1) == ["LU-007"]


def test_LU_084_avenging_alpaca_destroyed_may_destroy_a_card_of_any_field():
    m = turn(hands=[["LU-062"]], fields=[["LU-001"], ["LU-084", "LU-006", "LU-002"]], plays=2)
    act(m, "play LU-062", "choose LU-084@2")
    assert pending(m)["player"] == 1 and pending(m)["optional"]
    act(m, "choose LU-001@1")
    assert numbers(m, "nursery")[-1] == "LU-001" and numbers(m, "field", 0) == []
    m = turn(hands=[["LU-062"]], fields=[["LU-001"], ["LU-084", "LU-006", "LU-002"]], plays=2)
    act(m, "play LU-062", "choose LU-084@2", "choose LU-006@2")  # one of its own: sacrificed
    assert numbers(m, "field", 1) == ["LU-002"] and events(m, "sacrificed")[-1]["card"] == "LU-006"


def test_LU_085_owlpaca_looks_at_a_hand_and_comes_back_to_the_hand():
    m = turn(players=3, phase="beginning_start", fields=[["LU-085"], ["LU-002"], ["LU-004"]],
             hands=[[], ["LU-062", "LU-007"], []])
    assert pending(m)["options"] == ["2"] and pending(m)["optional"]  # a player with cards in hand
    act(m, "choose 2")
    looked = events(m, "looked")[-1]  # the third player may not read the cards
    assert looked["owner"] == 1 and sorted(looked["cards"]) == ["LU-007", "LU-062"] and looked["seen"] == [0, 1]
    m = turn(hands=[["LU-062"]], fields=[["LU-001"], ["LU-085"]], plays=2)
    act(m, "play LU-062", "choose LU-085@2")
    assert numbers(m, "hand", 1) == ["LU-085"]  # destroyed: back to the hand instead


def test_LU_086_tracker_alpacker_takes_an_alpaca_from_the_deck_then_reshuffles():
    m = turn(hands=[["LU-086"]], fields=[["LU-001"]], deck=["LU-006", "LU-031", "LU-007"] + ["LU-006"] * 5, plays=2)
    act(m, "play LU-086 into 1", "choose yes")
    assert pending(m)["options"] == ["LU-031"] and pending(m)["rule"] == "L-SEARCH-1"
    act(m, "choose LU-031")
    assert numbers(m, "hand", 0) == ["LU-031"] and events(m, "shown")[-1]["card"] == "LU-031"
    assert "shuffled" in keys(m)


def test_LU_087_mother_goat_brings_a_baby_from_the_nursery():
    m = turn(hands=[["LU-087"]], fields=[["LU-001"]], nursery=["LU-003", "LU-004"], plays=2)
    act(m, "play LU-087 into 1")
    assert pending(m)["options"] == ["LU-003", "LU-004"] and pending(m)["optional"]
    act(m, "choose LU-004")
    assert numbers(m, "field", 0) == ["LU-001", "LU-087", "LU-004"] and numbers(m, "nursery") == ["LU-003"]


def test_LU_088_the_escape_goat_sacrifices_every_downgrade_of_its_field():
    m = turn(hands=[["LU-088"]], fields=[["LU-001", "LU-042", "LU-044", "LU-069"], ["LU-046"]], plays=2)
    act(m, "play LU-088 into 1")
    assert numbers(m, "field", 0) == ["LU-001", "LU-069", "LU-088"] and numbers(m, "field", 1) == ["LU-046"]
    assert sorted(numbers(m, "discard")) == ["LU-042", "LU-044"]


def test_LU_089_the_goat_discards_a_card_then_steals_a_goat():
    m = turn(hands=[["LU-089", "LU-062"]], fields=[["LU-001"], ["LU-006", "LU-007"]], plays=2)
    act(m, "play LU-089 into 1", "choose LU-062")
    assert pending(m)["options"] == ["LU-006@2"]
    act(m, "choose LU-006@2")
    assert numbers(m, "field", 0) == ["LU-001", "LU-089", "LU-006"] and numbers(m, "discard") == ["LU-062"]


def test_LU_090_vincent_van_goat_sacrificed_may_draw_three():
    m = turn(hands=[["LU-055"]], fields=[["LU-090"], ["LU-002"]], plays=2)
    act(m, "play LU-055", "choose LU-090@1", "choose LU-002@2")
    assert pending(m)["card"] == "LU-090" and pending(m)["kind"] == "confirm"
    act(m, "choose yes")
    assert numbers(m, "hand", 0) == ["LU-005"] * 3


def test_LU_091_dalis_llama_shifts_a_downgrade_to_an_opponent():
    m = turn(hands=[["LU-091"]], fields=[["LU-001", "LU-042"], ["LU-002"]], plays=2)
    act(m, "play LU-091 into 1", "choose LU-042@1", "choose 2")
    assert numbers(m, "field", 0) == ["LU-001", "LU-091"] and numbers(m, "field", 1) == ["LU-002", "LU-042"]


def test_LU_092_llama_lawyer_pulls_from_the_hand_of_who_destroyed_an_animal():
    m = turn(hands=[["LU-062", "LU-067", "LU-007"]], fields=[["LU-001"], ["LU-092", "LU-006"]], plays=2)
    act(m, "play LU-062", "choose LU-006@2")
    assert pending(m)["player"] == 1 and pending(m)["card"] == "LU-092"
    act(m, "choose yes")
    assert len(numbers(m, "hand", 1)) == 1 and events(m, "pulled")[-1] == {"player": 1, "owner": 0}
    m = turn(hands=[["LU-062", "LU-007"]], fields=[["LU-001"], ["LU-092", "LU-006"]], plays=2)
    act(m, "play LU-062", "choose LU-092@2")  # the lawyer itself destroyed: no longer watching
    assert "pulled" not in keys(m) and numbers(m, "hand", 0) == ["LU-007"]


def test_LU_093_llamanator_makes_every_animal_of_its_field_a_llama():
    m = turn(hands=[["LU-063"]], fields=[["LU-093", "LU-006", "LU-008"], ["LU-002", "LU-042"]], plays=2)
    act(m, "play LU-063")  # Llamakaze: sacrifice one of your llamas
    assert pending(m)["options"] == ["LU-006@1", "LU-008@1", "LU-093@1"]
    m = turn(hands=[["LU-064"]], fields=[["LU-001"], ["LU-093", "LU-006"]], plays=2)
    with pytest.raises(IllegalAction):  # No Butts About It: a goat that is a llama there is no target
        m.apply("play LU-064")
    m = turn(hands=[["LU-064"]], fields=[["LU-001"], ["LU-093", "LU-006", "LU-043"]], plays=2)
    play(m, "play LU-064")  # Legal Ramifications: rams, and Llamanator loses its ability
    assert pending(m)["options"] == ["LU-006@2", "LU-093@2"]


def test_LU_094_samba_llama_keeps_one_of_the_top_two_and_hands_the_other():
    m = turn(players=3, hands=[["LU-094"]], fields=[["LU-001"]], deck=["LU-062", "LU-007"] + FILLER, plays=2)
    play(m, "play LU-094 into 1")
    assert pending(m)["options"] == ["2", "3"] and not pending(m).get("optional")
    act(m, "choose 3")
    assert pending(m)["options"] == ["LU-007", "LU-062"]
    act(m, "choose LU-062")
    assert numbers(m, "hand", 0) == ["LU-062"] and numbers(m, "hand", 2) == ["LU-007"]
    assert events(m, "split_top")[-1] == {"player": 0, "to": 2, "cards": 2}


def test_LU_095_costume_party_rampire_draws_when_its_player_destroys_an_animal():
    m = turn(hands=[["LU-062"]], fields=[["LU-095"], ["LU-006"]], plays=2)
    act(m, "play LU-062", "choose LU-006@2")
    assert pending(m)["card"] == "LU-095" and pending(m)["player"] == 0
    act(m, "choose yes")
    assert numbers(m, "hand", 0) == ["LU-005"]
    m = turn(hands=[["LU-055"]], fields=[["LU-095", "LU-007"], ["LU-006"]], plays=2)
    act(m, "play LU-055", "choose LU-007@1", "choose LU-006@2")  # sacrifices: nothing destroyed
    assert numbers(m, "hand", 0) == []


def test_LU_096_traffic_ram_puts_the_top_three_back_in_the_order_chosen():
    m = turn(hands=[["LU-096"]], fields=[["LU-001"]], deck=["LU-062", "LU-007", "LU-006"] + FILLER, plays=2)
    act(m, "play LU-096 into 1")
    assert pending(m)["ordered"] and pending(m)["count"] == 3
    act(m, "choose LU-006 LU-062 LU-007")
    assert numbers(m, "deck")[:4] == ["LU-006", "LU-062", "LU-007", "LU-005"]


def test_LU_097_woolly_rammoth_a_player_discards_the_hand_and_draws_as_many():
    m = turn(hands=[["LU-097"], ["LU-062", "LU-007", "LU-008"]], fields=[["LU-001"]], plays=2)
    play(m, "play LU-097 into 1")
    assert pending(m)["options"] == ["1", "2"]
    act(m, "choose 2")
    assert numbers(m, "hand", 1) == ["LU-005"] * 3
    assert sorted(numbers(m, "discard")) == ["LU-007", "LU-008", "LU-062"]


def test_LU_098_crowded_field_sacrifices_the_animals_beyond_five():
    m = turn(hands=[["LU-007", "LU-098"]], fields=[["LU-001", "LU-005", "LU-005", "LU-006", "LU-098"]], plays=2)
    act(m, "play LU-007 into 1")
    assert "choice_asked" not in keys(m) and len(numbers(m, "field", 0)) == 6  # five animals: nothing
    m = turn(hands=[["LU-007"]], fields=[["LU-001", "LU-005", "LU-005", "LU-006", "LU-008", "LU-098"]], plays=2)
    act(m, "play LU-007 into 1")
    assert pending(m)["player"] == 0 and pending(m)["count"] == 1
    act(m, "choose LU-005@1")
    assert numbers(m, "field", 0).count("LU-005") == 1 and len(numbers(m, "field", 0)) == 6
    m = turn(hands=[["LU-098"]], fields=[["LU-001"], ["LU-002"] + ["LU-005"] * 6], plays=2)
    play(m, "play LU-098 into 2")  # arriving in a field of seven animals: two go
    assert pending(m)["player"] == 1 and pending(m)["count"] == 2
    act(m, "choose LU-005@2 LU-005@2")
    assert numbers(m, "field", 1) == ["LU-002", "LU-005", "LU-005", "LU-005", "LU-005", "LU-098"]


def test_LU_099_hunger_strike_keeps_its_player_from_winning():
    m = turn(hands=[["LU-005"]], fields=[["LU-001"] * 6 + ["LU-099"]], nursery=[])
    act(m, "play LU-005 into 1")
    assert m.outcome() is None and len(numbers(m, "field", 0)) == 8
    m = turn(fields=[["LU-001"] * 3 + ["LU-099"], ["LU-002"]], deck=[], nursery=[])
    assert m.outcome().winner == 1 and m.outcome().rule == "L-WIN-3"  # the deck ran out: most animals can't win


def test_LU_100_no_kidding_sacrifices_the_babies_and_keeps_them_out():
    m = turn(hands=[["LU-100", "LU-103"]], fields=[["LU-001"], ["LU-002", "LU-006"]], nursery=["LU-003"], plays=3)
    play(m, "play LU-100 into 2")
    assert numbers(m, "field", 1) == ["LU-006", "LU-100"] and sorted(numbers(m, "nursery")) == ["LU-002", "LU-003"]
    play(m, "play LU-103", "choose LU-003")  # Animal Adoption: into its own field
    m = turn(hands=[["LU-087"]], fields=[["LU-100", "LU-006"]], nursery=["LU-003"], plays=2)
    act(m, "play LU-087 into 1", "choose LU-003")  # Mother Goat cannot bring a baby into this field
    assert numbers(m, "field", 0) == ["LU-100", "LU-006", "LU-087"] and numbers(m, "nursery") == ["LU-003"]


def test_LU_101_goatsunderheit_cancels_a_card_and_both_players_may_draw():
    m = turn(hands=[["LU-062"], ["LU-101"]], fields=[["LU-001"], ["LU-002"]], plays=2)
    act(m, "play LU-062", "instant LU-101")  # seat 1 has no card left to answer back
    assert pending(m)["player"] == 1
    act(m, "choose yes")
    assert pending(m)["player"] == 0
    act(m, "choose no")
    assert numbers(m, "hand", 1) == ["LU-005"] and numbers(m, "hand", 0) == []
    assert numbers(m, "discard") == ["LU-062", "LU-101"] and numbers(m, "field", 1) == ["LU-002"]


def test_LU_102_llama_stop_you_right_there_draws_two_only_when_it_cancels_an_instant():
    m = turn(hands=[["LU-062"], ["LU-102"]], fields=[["LU-001"], ["LU-002"]], plays=2)
    passes(act(m, "play LU-062", "instant LU-102"))
    assert "choice_asked" not in keys(m) and numbers(m, "hand", 1) == []
    assert numbers(m, "discard") == ["LU-062", "LU-102"]
    m = turn(players=3, hands=[["LU-062", "LU-051"], ["LU-051"], ["LU-102"]], fields=[["LU-001"], ["LU-007"], []],
             plays=2)
    act(m, "play LU-062", "instant LU-051", "instant LU-102")  # seat 3 cancels seat 2's Instant
    passes(m)
    assert pending(m)["player"] == 2 and pending(m)["kind"] == "confirm"
    act(m, "choose yes")
    assert numbers(m, "hand", 2) == ["LU-005", "LU-005"]


def test_LU_103_animal_adoption_brings_a_baby_from_the_nursery():
    m = turn(hands=[["LU-103"]], fields=[["LU-001"]], nursery=["LU-004"], plays=2)
    play(m, "play LU-103", "choose LU-004")
    assert numbers(m, "field", 0) == ["LU-001", "LU-004"]
    m = turn(hands=[["LU-103"]], fields=[["LU-001"]], nursery=[], plays=2)
    with pytest.raises(IllegalAction) as e:  # no baby left in the nursery (L-IMPOSSIBLE-1)
        m.apply("play LU-103")
    assert e.value.rule == "L-IMPOSSIBLE-1"


def test_LU_104_compound_l_sacrifices_a_baby_for_an_animal_of_its_variation_from_the_deck():
    m = turn(hands=[["LU-104"]], fields=[["LU-003", "LU-006"]], deck=["LU-006", "LU-025", "LU-007"] + FILLER,
             nursery=[], plays=2)
    play(m, "play LU-104")
    act(m, "choose LU-003@1")  # the one baby: chosen as the target
    assert pending(m)["options"] == ["LU-007", "LU-025"] and pending(m)["rule"] == "L-SEARCH-1"
    act(m, "choose LU-025")
    assert numbers(m, "field", 0) == ["LU-006", "LU-025"] and numbers(m, "nursery") == ["LU-003"]


def test_LU_105_field_change_moves_an_upgrade_or_downgrade_to_another_field():
    m = turn(players=3, hands=[["LU-105"]], fields=[["LU-001"], ["LU-002", "LU-073"], ["LU-004"]], plays=2)
    play(m, "play LU-105", "choose LU-073@2")
    assert pending(m)["options"] == ["1", "3"]  # not the field it is in
    act(m, "choose 3")
    assert numbers(m, "field", 2) == ["LU-004", "LU-073"] and numbers(m, "field", 1) == ["LU-002"]


def test_LU_106_fleeced_swaps_the_whole_hands():
    m = turn(hands=[["LU-106", "LU-062"], ["LU-007", "LU-008", "LU-006"]], fields=[["LU-001"]], plays=2)
    play(m, "play LU-106", "choose 2")
    assert numbers(m, "hand", 0) == ["LU-007", "LU-008", "LU-006"] and numbers(m, "hand", 1) == ["LU-062"]
    assert events(m, "hands_swapped") == [{"player": 0, "to": 1}]


def test_LU_107_hoofin_it_discards_the_hand_draws_two_and_takes_an_extra_turn():
    m = turn(hands=[["LU-107", "LU-062", "LU-007"]], fields=[["LU-001"], ["LU-002"]])
    play(m, "play LU-107")
    assert numbers(m, "discard") == ["LU-062", "LU-007", "LU-107"]
    assert m.state.current == 0 and m.state.turn == 4 and m.phase == "action_main"  # seat 1 again
    assert numbers(m, "hand", 0) == ["LU-005"] * 3  # two drawn, and the extra turn's draw
    act(m, "draw")
    assert m.state.current == 1 and m.state.extra == [0, 0]  # then the next player


def test_LU_108_the_wool_shebang_draws_one_card_per_alpaca_in_the_field():
    m = turn(hands=[["LU-108"]], fields=[["LU-001", "LU-005", "LU-031", "LU-006"]], plays=2)
    play(m, "play LU-108")
    assert numbers(m, "hand", 0) == ["LU-005"] * 3  # a baby alpaca, a basic one and Henry the Huarizo


def test_LU_109_a_basic_catapult_discards_a_basic_animal_to_destroy_a_card():
    m = turn(phase="beginning_start", fields=[["LU-109"], ["LU-002", "LU-073"]], hands=[["LU-008", "LU-062"]])
    assert pending(m)["options"] == ["LU-008"] and pending(m)["optional"]
    act(m, "choose LU-008", "choose LU-073@2")
    assert numbers(m, "field", 1) == ["LU-002"] and numbers(m, "discard") == ["LU-008", "LU-073"]


def test_LU_110_fannypaca_raises_the_hand_limit_by_two_and_may_draw_two():
    m = turn(hands=[["LU-110"]], fields=[["LU-001"]], plays=2)
    act(m, "play LU-110 into 1", "choose yes")
    assert numbers(m, "hand", 0) == ["LU-005", "LU-005"]
    m = turn(hands=[["LU-062"] * 9], fields=[["LU-001", "LU-110"]])
    act(m, "draw")
    assert m.phase == "end_hand"  # ten cards, a limit of nine
    act(m, "discard LU-062")
    assert m.state.current == 1


def test_LU_111_the_kids_are_alright_keeps_the_babies_of_its_field_from_harm():
    m = turn(hands=[["LU-062", "LU-055"]], fields=[["LU-001"], ["LU-002", "LU-006", "LU-111"]], plays=3)
    act(m, "play LU-062")
    assert pending(m)["options"] == ["LU-006@2"]  # the baby is no target
    act(m, "choose LU-006@2", "play LU-055", "choose LU-001@1")
    assert numbers(m, "field", 1) == ["LU-002", "LU-111"]  # its player could sacrifice no animal
    m = turn(hands=[["LU-089", "LU-062"]], fields=[["LU-001"], ["LU-002", "LU-111"]], plays=2)
    act(m, "play LU-089 into 1", "choose LU-062")  # The G.O.A.T. finds no goat to steal
    assert "effect_dropped" in keys(m) and numbers(m, "field", 1) == ["LU-002", "LU-111"]
    assert numbers(m, "hand", 0) == ["LU-062"]


def test_LU_112_un_herd_of_other_players_herd_bonuses_do_not_reach_its_player():
    m = turn(hands=[["LU-007"], ["LU-051"]], fields=[["LU-001", "LU-074"], ["LU-002", "LU-112"]], plays=2)
    act(m, "play LU-007 into 1")
    assert m.phase == "action_window" and "instant LU-051" in legal(m)  # No Probllama does not stop it
    m = turn(hands=[["LU-007"], ["LU-051"]], fields=[["LU-001", "LU-074"], ["LU-002"]], plays=2)
    act(m, "play LU-007 into 1")
    assert m.phase == "action_main"  # without it, nobody may answer
    m = turn(hands=[["LU-062", "LU-008"]], fields=[["LU-001", "LU-112"], ["LU-078", "LU-006"]], plays=2)
    act(m, "play LU-062", "choose LU-006@2")  # Careful. I Bite does not make its player discard
    assert numbers(m, "hand", 0) == ["LU-008"] and "link_added" not in keys(m)[keys(m).index("destroyed"):]


def test_a_card_of_an_expansion_not_shuffled_in_breaks_an_invariant():
    from referee.games.llamas.invariants import violations

    m = turn(hands=[["LU-106"]], fields=[["LU-001"]])
    assert m.state.sets == ["farmed-and-dangerous"] and violations(m.state) == []  # taken from its cards
    m = turn(hands=[["LU-106"]], fields=[["LU-001"]], sets=[])
    assert violations(m.state) == ["LU-106 comes from a set not shuffled in (L-SETUP-3)"]


def test_owlpaca_in_referee_mode_looks_at_the_physical_hand_at_the_table():
    from referee.games.llamas.rules import new_match

    m = new_match(2, seed=3, mode="referee", expansions=("farmed-and-dangerous",))
    act(m, "baby LU-001", "baby LU-002", "first 1", "play LU-085 into 1")
    while not m.state.pending:  # seat 2 passes and draws; seat 1's next turn begins
        act(m, "pass" if m.phase == "action_window" else "draw")
    assert pending(m)["card"] == "LU-085"
    act(m, "choose 2")
    assert events(m, "looked_at_table") == [{"player": 0, "owner": 1}]


def test_a_rematch_shuffles_the_same_expansions_in():
    from referee.games.llamas.play import PLAY
    from referee.games.llamas.rules import new_match

    match = new_match(3, seed=4, expansions=("farmed-and-dangerous",))
    again = PLAY.rematch(match, 5)
    assert again.state.sets == ["farmed-and-dangerous"] and again.state.seed == 5
    assert sorted(again.state.instances) == sorted(match.state.instances)  # the same cards, shuffled anew
    assert PLAY.rematch(new_match(3, seed=4), 5).state.sets == []

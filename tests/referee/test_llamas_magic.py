"""Each Llamas Unleashed Instant (LU-048..LU-052) and Magic card (LU-053..LU-068) played in a real
position, named after the card."""

from __future__ import annotations

import pytest

from llamas_support import FILLER, act, events, numbers, passes, pending, turn
from referee.engine.errors import IllegalAction


@pytest.mark.parametrize("instant, kept, other", [("LU-048", "LU-005", "LU-006"), ("LU-049", "LU-008", "LU-005"),
                                                  ("LU-050", "LU-006", "LU-007"), ("LU-051", "LU-007", "LU-008")])
def test_LU_048_to_051_an_instant_blocks_the_card_and_keeps_one_of_its_variation(instant, kept, other):
    m = turn(hands=[[kept, other], [instant, instant]], fields=[["LU-001"], ["LU-002"]], plays=2)
    passes(act(m, f"play {other} into 1", f"instant {instant}"))  # seat 1 may answer back, and passes
    assert numbers(m, "discard") == [other, instant] and numbers(m, "field", 0) == ["LU-001"]
    passes(act(m, f"play {kept} into 1", f"instant {instant}"))
    assert numbers(m, "hand", 1)[0] == kept  # kept instead of discarded (then seat 2 draws: its turn)
    assert events(m, "blocked")[-1] == {"player": 1, "card": kept, "kept": True}


def test_LU_052_surprise_emu_attack_answers_an_animal_by_destroying_one_of_that_player():
    m = turn(hands=[["LU-007", "LU-067"], ["LU-052"]], fields=[["LU-001", "LU-006"], ["LU-002"]], plays=2)
    act(m, "play LU-067")
    with pytest.raises(IllegalAction) as e:
        m.apply("instant LU-052")
    assert e.value.rule == "L-CARD-1" and e.value.params["reason"] == "answers"
    act(m, "pass", "choose 2")
    m = turn(hands=[["LU-007"], ["LU-052"]], fields=[["LU-001", "LU-006"], ["LU-002"]], plays=2)
    passes(act(m, "play LU-007 into 1", "instant LU-052"))
    assert pending(m)["options"] == ["LU-001@1", "LU-006@1"]  # the llama played is not in the field yet
    act(m, "choose LU-006@1")
    assert numbers(m, "field", 0) == ["LU-001", "LU-007"] and numbers(m, "discard") == ["LU-006", "LU-052"]


def test_LU_053_alarm_call_every_player_returns_a_card_of_their_field_to_their_hand():
    m = turn(hands=[["LU-053"]], fields=[["LU-001", "LU-076"], ["LU-002", "LU-006"]], plays=2)
    act(m, "play LU-053")
    assert pending(m)["player"] == 0
    act(m, "choose LU-076@1", "choose LU-006@2")
    assert numbers(m, "hand", 0) == ["LU-076"] and numbers(m, "hand", 1) == ["LU-006"]


@pytest.mark.parametrize("magic, found", [("LU-054", "LU-009"), ("LU-057", "LU-008"), ("LU-059", "LU-006")])
def test_LU_054_057_059_search_the_deck_for_an_animal_of_a_variation_into_the_field(magic, found):
    m = turn(hands=[[magic]], fields=[["LU-001"]], deck=["LU-062", found, "LU-007"], plays=2)
    act(m, f"play {magic}")
    assert pending(m)["options"] == [found]
    act(m, f"choose {found}")
    assert numbers(m, "field", 0)[-1] == found and events(m, "entered")[-1]["how"] == "brought"


def test_LU_054_adorable_alpaca_brought_by_the_flute_triggers_its_own_effect():
    m = turn(hands=[["LU-054"]], fields=[["LU-001"]], deck=["LU-009", "LU-062"], plays=2)
    act(m, "play LU-054", "choose LU-009", "choose yes")
    assert numbers(m, "hand", 0) == ["LU-062"]


def test_LU_055_alpacalypse_every_player_sacrifices_an_animal():
    m = turn(players=3, hands=[["LU-055"]], fields=[["LU-001", "LU-076"], ["LU-002"], ["LU-046"]], plays=2)
    act(m, "play LU-055")
    assert pending(m)["options"] == ["LU-001@1"]  # an animal, not the upgrade
    act(m, "choose LU-001@1", "choose LU-002@2")
    assert numbers(m, "nursery")[-2:] == ["LU-001", "LU-002"]
    assert events(m, "impossible") == [{"player": 2, "card": "LU-055", "action": "sacrifice"}]


def test_LU_056_animal_swap_gives_one_animal_and_steals_one():
    m = turn(players=3, hands=[["LU-056"]], fields=[["LU-001", "LU-006"], ["LU-002"], ["LU-003", "LU-007"]],
             plays=2)
    act(m, "play LU-056", "choose LU-006@1")
    assert pending(m)["options"] == ["LU-002@2", "LU-003@3", "LU-007@3"]
    act(m, "choose LU-007@3")
    assert numbers(m, "field", 0) == ["LU-001", "LU-007"] and numbers(m, "field", 2) == ["LU-003", "LU-006"]


def test_LU_058_garbage_buffet_takes_the_top_of_the_discard_pile_two_with_a_goat():
    m = turn(hands=[["LU-058"]], fields=[["LU-001"]], discard=["LU-007", "LU-008", "LU-062"], plays=2)
    act(m, "play LU-058")
    assert numbers(m, "hand", 0) == ["LU-062"]
    m = turn(hands=[["LU-058"]], fields=[["LU-002"]], discard=["LU-007", "LU-008", "LU-062"], plays=2)
    act(m, "play LU-058")
    assert sorted(numbers(m, "hand", 0)) == ["LU-008", "LU-062"] and numbers(m, "discard") == ["LU-007", "LU-058"]


def test_LU_060_grand_llarceny_looks_at_a_hand_and_takes_a_card_of_it():
    m = turn(hands=[["LU-060"], ["LU-062", "LU-007"]], fields=[["LU-001"], ["LU-002"]], plays=2)
    act(m, "play LU-060", "pass", "choose 2")
    assert pending(m)["options"] == ["LU-007", "LU-062"] and pending(m)["rule"] == "L-PULL-1"
    act(m, "choose LU-062")
    assert numbers(m, "hand", 0) == ["LU-062"] and numbers(m, "hand", 1) == ["LU-007"]


def test_LU_061_illamanati_one_card_on_top_one_at_the_bottom_two_kept():
    m = turn(hands=[["LU-061"]], fields=[["LU-001"]], deck=["LU-006", "LU-007", "LU-008", "LU-062", "LU-009"],
             plays=2)
    act(m, "play LU-061")
    assert pending(m)["count"] == 2 and pending(m)["ordered"]
    act(m, "choose LU-062 LU-006")
    assert numbers(m, "deck") == ["LU-062", "LU-009", "LU-006"] and numbers(m, "hand", 0) == ["LU-007", "LU-008"]


def test_LU_062_llama_bomb_destroys_an_animal_of_another_player():
    m = turn(hands=[["LU-062"]], fields=[["LU-006"], ["LU-002", "LU-007", "LU-076"]], plays=2)
    act(m, "play LU-062")
    assert pending(m)["options"] == ["LU-002@2", "LU-007@2"]
    act(m, "choose LU-007@2")
    assert events(m, "destroyed") == [{"player": 1, "card": "LU-007", "by": 0, "zone": "discard"}]


def test_LU_063_llamakaze_sacrifices_a_llama_to_destroy_two_cards_of_one_player():
    m = turn(players=3, hands=[["LU-063"]], fields=[["LU-003", "LU-007"], ["LU-002"], ["LU-004", "LU-076", "LU-008"]],
             plays=2)
    act(m, "play LU-063", "choose LU-007@1")
    assert pending(m)["options"] == ["3"]  # seat 2 has one card only
    act(m, "choose 3", "choose LU-076@3 LU-008@3")
    assert numbers(m, "field", 0) == ["LU-003"] and numbers(m, "field", 2) == ["LU-004"]


def test_LU_064_no_butts_about_it_destroys_a_goat_or_a_ram_then_draws():
    m = turn(hands=[["LU-064"]], fields=[["LU-001"], ["LU-007", "LU-006", "LU-008"]], plays=2)
    act(m, "play LU-064")
    assert pending(m)["options"] == ["LU-006@2", "LU-008@2"]
    act(m, "choose LU-008@2")
    assert numbers(m, "hand", 0) == ["LU-005"]


def test_LU_065_shear_terror_every_owner_of_a_llama_or_alpaca_sacrifices_one():
    m = turn(players=3, hands=[["LU-065"]], fields=[["LU-006"], ["LU-007", "LU-005"], ["LU-031"]], plays=2)
    act(m, "play LU-065")
    assert pending(m)["player"] == 1  # seat 1 has only a goat
    act(m, "choose LU-005@2", "choose LU-031@3")
    assert numbers(m, "field", 1) == ["LU-007"] and numbers(m, "field", 2) == []


def test_LU_066_spitting_fire_discards_then_sacrifices_or_destroys():
    m = turn(hands=[["LU-066", "LU-007"]], fields=[["LU-001", "LU-076"], ["LU-046"]], plays=2)
    act(m, "play LU-066", "choose LU-007", "choose LU-046@2")
    assert numbers(m, "field", 1) == [] and events(m, "destroyed")[0]["card"] == "LU-046"
    m = turn(hands=[["LU-066", "LU-007"]], fields=[["LU-001", "LU-046"], ["LU-002"]], plays=2)
    act(m, "play LU-066", "choose LU-007", "choose LU-046@1")
    assert events(m, "sacrificed")[0]["card"] == "LU-046"


def test_LU_067_throw_off_their_groove_draws_and_makes_a_player_miss_a_turn():
    m = turn(players=3, hands=[["LU-067"]], fields=[["LU-001"], ["LU-002"], ["LU-003"]])
    act(m, "play LU-067", "choose 3")
    assert numbers(m, "hand", 0) == ["LU-005"]
    assert m.state.skips == [0, 0, 1] and m.state.current == 1


def test_LU_068_totes_magoats_draws_two_and_goats_drawn_may_go_into_the_field():
    m = turn(hands=[["LU-068"]], fields=[["LU-001"]], deck=["LU-006", "LU-007"] + FILLER, plays=2)
    act(m, "play LU-068")
    assert pending(m)["options"] == ["LU-006"]
    act(m, "choose LU-006")
    assert numbers(m, "field", 0) == ["LU-001", "LU-006"] and numbers(m, "hand", 0) == ["LU-007"]

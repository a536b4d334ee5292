"""Each Llamas Unleashed Downgrade (LU-040..LU-047) and Upgrade (LU-069..LU-078) in a real position,
named after the card. They work in the field they are in (L-CARD-2, L-CARD-3)."""

from __future__ import annotations

import pytest

from llamas_support import CARDS, FILLER, act, events, keys, legal, numbers, pending, turn
from referee.engine.errors import IllegalAction
from referee.games.llamas.cards import Card
from referee.games.llamas.scenario import scenario
from referee.games.llamas.traits import hand_limit, needed


def refusal(m, action: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as e:
        m.apply(action)
    return e.value


def test_LU_040_beserk_llama_syndrome_a_llama_owner_sacrifices_a_non_llama_animal():
    m = turn(phase="beginning_start", fields=[["LU-003", "LU-007", "LU-006", "LU-040"]])
    assert pending(m)["options"] == ["LU-006@1"]
    act(m, "choose LU-006@1")
    assert numbers(m, "field", 0) == ["LU-003", "LU-007", "LU-040"]
    m = turn(phase="beginning_start", fields=[["LU-002", "LU-006", "LU-040"]])
    assert m.phase == "action_main" and not m.state.pending  # no llama: it does not trigger


def test_L_CHAIN_4_LU_040_its_mandatory_sacrifice_is_chosen_before_an_optional_effects_targets():
    """Seed 003: every target of a link is chosen before it resolves, the mandatory effects' first.
    Beserk Llama Syndrome's animal is chosen first; Goatsferatu (optional) may not offer it again."""
    m = turn(phase="beginning_start", fields=[["LU-007", "LU-015", "LU-006", "LU-040"]], discard=["LU-005"])
    first = pending(m)
    assert (first["player"], sorted(first["options"])) == (0, ["LU-006@1", "LU-015@1"])
    assert not first.get("optional")  # a mandatory effect's target cannot be declined
    act(m, "choose LU-006@1")
    second = pending(m)  # Goatsferatu's offering: the Syndrome's animal is taken already
    assert second["optional"] and "LU-006@1" not in second["options"]
    assert numbers(m, "field", 0) == ["LU-007", "LU-015", "LU-006", "LU-040"]  # nothing resolved yet
    act(m, "choose none")
    assert numbers(m, "field", 0) == ["LU-007", "LU-015", "LU-040"] and m.phase == "action_main"


def test_LU_041_bridge_troll_on_duty_keeps_goats_and_rams_out_and_in():
    m = turn(hands=[["LU-006", "LU-005", "LU-038", "LU-062", "LU-007"]],
             fields=[["LU-001"], ["LU-041", "LU-008", "LU-007"]], plays=2)
    e = refusal(m, "play LU-006 into 2")
    assert (e.rule, e.params["reason"], e.params["by"]) == ("L-EFFECT-3", "closed", "LU-041")
    act(m, "play LU-005 into 2")
    assert numbers(m, "field", 1)[-1] == "LU-005"
    act(m, "play LU-038 into 1", "choose LU-062 LU-007", "choose LU-008@2")
    assert numbers(m, "field", 1).count("LU-008") == 1 and "kept_in_field" in keys(m)  # the ram stays


def test_LU_042_flea_ridden_barn_forbids_playing_upgrades():
    m = turn(hands=[["LU-076", "LU-006"]], fields=[["LU-005", "LU-042"]])
    e = refusal(m, "play LU-076 into 1")
    assert (e.rule, e.params["by"]) == ("L-EFFECT-3", "LU-042")
    assert "play LU-076 into 1" not in legal(m) and "play LU-006 into 1" in legal(m)


def test_LU_043_legal_ramifications_every_animal_is_a_ram_and_rams_lose_their_abilities():
    m = turn(hands=[["LU-065"]], fields=[["LU-001"], ["LU-007", "LU-026", "LU-043"]], plays=2)
    assert hand_limit(m.state, 1) == 7  # Llamadon's -5 is lost
    act(m, "play LU-065")  # Shear Terror: seat 2 has no llama any more, only rams
    assert pending(m)["player"] == 0
    act(m, "choose LU-001@1")
    assert numbers(m, "field", 1) == ["LU-007", "LU-026", "LU-043"]


def test_LU_044_llamaphobia_forbids_cards_whose_name_says_llama():
    m = turn(hands=[["LU-062", "LU-007", "LU-006", "LU-061"]], fields=[["LU-001", "LU-044"], ["LU-002"]])
    assert refusal(m, "play LU-062").params["by"] == "LU-044"
    assert refusal(m, "play LU-007 into 1").rule == "L-EFFECT-3"
    assert refusal(m, "play LU-061").rule == "L-EFFECT-3"  # Illamanati
    act(m, "play LU-006 into 1")


def test_LU_045_scratchy_wool_blanket_each_card_coming_in_costs_a_discard_else_the_blanket():
    m = turn(hands=[["LU-006", "LU-007", "LU-062"]], fields=[["LU-001", "LU-045"]], plays=2)
    act(m, "play LU-006 into 1")
    assert pending(m)["player"] == 0 and pending(m)["card"] == "LU-045"
    act(m, "choose LU-062")
    act(m, "play LU-007 into 1")  # no card left to discard: the blanket goes
    assert numbers(m, "field", 0) == ["LU-001", "LU-006", "LU-007"]
    assert numbers(m, "discard") == ["LU-062", "LU-045"]


def test_LU_046_tranquilizer_forbids_playing_instants():
    m = turn(hands=[["LU-007"], ["LU-051"]], fields=[["LU-001"], ["LU-002", "LU-046"]])
    act(m, "play LU-007 into 1")
    assert numbers(m, "field", 0) == ["LU-001", "LU-007"] and "passed" not in keys(m)


def test_LU_047_velcro_barrier_keeps_alpacas_and_llamas_out():
    m = turn(hands=[["LU-005", "LU-007", "LU-006"]], fields=[["LU-001"], ["LU-047"]])
    assert refusal(m, "play LU-005 into 2").params["reason"] == "closed"
    assert refusal(m, "play LU-007 into 2").params["by"] == "LU-047"
    act(m, "play LU-006 into 2")


def test_LU_069_studlife_needs_two_animals_of_a_variation():
    m = turn(phase="beginning_start", fields=[["LU-069", "LU-007", "LU-006"]])
    assert m.phase == "action_main" and "effect_dropped" in keys(m)


def test_LU_070_embrace_diversity_only_enters_a_field_of_all_four_variations():
    m = turn(hands=[["LU-070"]], fields=[["LU-001", "LU-006", "LU-007"], ["LU-001", "LU-002", "LU-003", "LU-008"]])
    e = refusal(m, "play LU-070 into 1")
    assert (e.rule, e.params["reason"]) == ("L-IMPOSSIBLE-1", "entry")
    act(m, "play LU-070 into 2")
    assert needed(m.state, 1) == 5 and needed(m.state, 0) == 7


def test_LU_071_llama_kick_returns_an_upgrade_or_downgrade_to_its_players_hand():
    m = turn(phase="beginning_start", fields=[["LU-001", "LU-071"], ["LU-002", "LU-046"]])
    assert pending(m)["options"] == ["LU-046@2", "LU-071@1"]
    act(m, "choose LU-046@2")
    assert numbers(m, "hand", 1) == ["LU-046"]


def test_LU_072_llama_pinata_draws_two_when_it_is_destroyed():
    m = turn(hands=[["LU-066", "LU-007"]], fields=[["LU-001"], ["LU-002", "LU-072"]], plays=2)
    act(m, "play LU-066", "choose LU-007", "choose LU-072@2")
    assert "save_offered" not in keys(m)  # it saves another card, not itself
    assert numbers(m, "hand", 1) == ["LU-005", "LU-005"]


def test_LU_072_llama_pinata_yes_it_is_sacrificed_instead_of_the_card_an_opponent_destroys():
    m = turn(hands=[["LU-062"]], fields=[["LU-001"], ["LU-002", "LU-007", "LU-072", "LU-078"]], plays=2)
    act(m, "play LU-062", "choose LU-007@2")
    assert (pending(m)["player"], pending(m)["card"], legal(m)) == (1, "LU-072", {"choose yes", "choose no"})
    assert events(m, "save_offered") == [{"player": 1, "card": "LU-072", "cards": ["LU-007"]}]
    act(m, "choose yes")
    assert numbers(m, "field", 1) == ["LU-002", "LU-007", "LU-078"]
    assert numbers(m, "discard") == ["LU-072", "LU-062"]
    assert events(m, "kept_in_field") == [{"player": 1, "card": "LU-007"}]
    assert "destroyed" not in keys(m)  # nothing destroyed: Careful. I Bite does not trigger
    assert numbers(m, "hand", 1) == ["LU-005", "LU-005"] and numbers(m, "hand", 0) == []
    added = [e["cards"] for e in events(m, "link_added")]
    assert added == [["LU-062"], ["LU-072"]]  # its draw is a link of its own, after the bomb's (L-CHAIN-3)


def test_LU_072_llama_pinata_no_the_card_is_destroyed_and_the_pinata_stays():
    m = turn(hands=[["LU-062"]], fields=[["LU-001"], ["LU-002", "LU-007", "LU-072"]], plays=2)
    act(m, "play LU-062", "choose LU-007@2", "choose no")
    assert numbers(m, "field", 1) == ["LU-002", "LU-072"] and numbers(m, "discard") == ["LU-007", "LU-062"]
    assert numbers(m, "hand", 1) == [] and keys(m).count("save_offered") == 1


def test_LU_072_llama_pinata_may_save_a_baby_from_the_nursery():
    m = turn(hands=[["LU-062", "LU-062"]], fields=[["LU-001"], ["LU-002", "LU-072"]], nursery=[], plays=2)
    act(m, "play LU-062", "choose LU-002@2", "choose yes")
    assert numbers(m, "field", 1) == ["LU-002"] and numbers(m, "nursery") == []
    m = turn(hands=[["LU-062"]], fields=[["LU-001"], ["LU-002", "LU-072"]], nursery=[], plays=2)
    act(m, "play LU-062", "choose LU-002@2", "choose no")
    assert numbers(m, "field", 1) == ["LU-072"] and numbers(m, "nursery") == ["LU-002"]  # L-BABY-1


def test_LU_072_llama_pinata_is_asked_about_each_card_leaving_until_it_is_gone():
    m = turn(players=3, hands=[["LU-063"]], fields=[["LU-003", "LU-007"], ["LU-002"], ["LU-006", "LU-008", "LU-072"]],
             plays=2)
    act(m, "play LU-063", "choose LU-007@1", "choose 3", "choose LU-006@3 LU-008@3")
    assert events(m, "save_offered")[-1]["cards"] == ["LU-006"]
    act(m, "choose no")
    assert events(m, "save_offered")[-1]["cards"] == ["LU-008"]  # the next card has its own offer
    act(m, "choose yes")
    assert numbers(m, "field", 2) == ["LU-008"] and numbers(m, "discard")[:2] == ["LU-007", "LU-006"]
    assert numbers(m, "hand", 2) == ["LU-005", "LU-005"]


def test_LU_072_llama_pinata_saving_its_players_own_sacrifice_means_the_sacrifice_did_not_happen():
    m = turn(players=3, hands=[["LU-063"]], fields=[["LU-003", "LU-007", "LU-072"], ["LU-002"], ["LU-006", "LU-008"]],
             plays=2)
    act(m, "play LU-063", "choose LU-007@1", "choose 3", "choose LU-006@3 LU-008@3")
    assert (pending(m)["player"], events(m, "save_offered")[-1]["cards"]) == (0, ["LU-007"])
    act(m, "choose yes")
    assert numbers(m, "field", 0) == ["LU-003", "LU-007"]
    assert numbers(m, "field", 2) == ["LU-006", "LU-008"]  # "then": Llamakaze destroys nothing (L-MULTI-2)


def test_LU_072_a_saver_that_cannot_be_affected_cannot_be_sacrificed_to_save():
    shield = Card("LU-901", "Untouchable Pinata", "upgrade", "", (), 1,
                  abilities={"saves": "card", "while": {"immune": True}})
    m = scenario(cards=CARDS.with_cards([shield]), deck=FILLER, hands=[["LU-062"]],
                 fields=[["LU-001"], ["LU-002", "LU-007", "LU-901"]])
    act(m, "play LU-062", "choose LU-007@2")
    assert "save_offered" not in keys(m) and numbers(m, "field", 1) == ["LU-002", "LU-901"]  # L-IMMUNE-1


def test_LU_073_llamaste_its_player_may_draw_when_anyone_plays_a_llama():
    m = turn(hands=[["LU-007", "LU-006"]], fields=[["LU-001"], ["LU-002", "LU-073"]], plays=2)
    act(m, "play LU-007 into 1")
    assert pending(m)["player"] == 1 and pending(m)["card"] == "LU-073"
    act(m, "choose yes")  # then the llama resolves
    assert numbers(m, "hand", 1) == ["LU-005"] and numbers(m, "field", 0) == ["LU-001", "LU-007"]
    act(m, "play LU-006 into 1", "pass")  # a goat: nothing
    assert keys(m).count("choice_asked") == 1


def test_LU_074_no_probllama_needs_a_llama_and_shields_its_players_cards_from_instants():
    m = turn(hands=[["LU-074", "LU-008"], ["LU-049"]], fields=[["LU-002"], ["LU-001"]])
    assert refusal(m, "play LU-074 into 1").params["reason"] == "requires"
    m = turn(hands=[["LU-074", "LU-008"], ["LU-049"]], fields=[["LU-003"], ["LU-001"]], plays=2)
    act(m, "play LU-074 into 1", "pass", "play LU-008 into 1")
    assert numbers(m, "field", 0) == ["LU-003", "LU-074", "LU-008"]  # nobody could answer the ram


def test_LU_075_ramstar_energy_drink_two_plays_this_turn():
    m = turn(phase="beginning_start", fields=[["LU-004", "LU-075"]], hands=[["LU-006", "LU-007"]])
    act(m, "choose yes", "play LU-006 into 1")
    assert m.phase == "action_main" and m.state.plays == 1
    act(m, "play LU-007 into 1")
    assert m.state.current == 1


def test_LU_076_venti_alpacchino_draws_one_more():
    m = turn(phase="beginning_start", fields=[["LU-001", "LU-076"]])
    act(m, "choose yes")
    assert len(m.state.players[0].hand) == 2


def test_LU_077_walking_trash_compactor_takes_a_discarded_card_instead_of_drawing():
    m = turn(hands=[["LU-077"]], fields=[["LU-001"]])
    assert refusal(m, "play LU-077 into 1").params["condition"] == "own:goat"
    m = turn(phase="beginning_start", fields=[["LU-002", "LU-077"]], discard=["LU-062", "LU-007"])
    act(m, "choose LU-062")
    assert numbers(m, "hand", 0) == ["LU-062"] and events(m, "shown")[0]["zone"] == "discard"


def test_LU_078_careful_i_bite_an_opponent_destroying_its_players_card_discards():
    m = turn(hands=[["LU-062", "LU-007"]], fields=[["LU-001"], ["LU-002", "LU-006", "LU-078"]], plays=2)
    act(m, "play LU-062", "choose LU-006@2")
    assert pending(m)["player"] == 0 and pending(m)["card"] == "LU-078"
    act(m, "choose LU-007")
    assert numbers(m, "discard") == ["LU-006", "LU-062", "LU-007"]

"""Scenario tests of part L of docs/rules.en.md, one or more per rule id (named after it), from positions
written by hand (`referee.games.llamas.scenario`) or from the set-up of a new match."""

from __future__ import annotations

import pytest

from llamas_support import CARDS, FILLER, act, events, keys, legal, numbers, passes, pending, turn
from referee.engine.errors import IllegalAction
from referee.games.llamas.cards import Card
from referee.games.llamas.rules import new_match
from referee.games.llamas.scenario import scenario


def refused(m, action: str, rule: str, **params) -> IllegalAction:
    before = m.state.to_dict()
    with pytest.raises(IllegalAction) as e:
        m.apply(action)
    assert e.value.rule == rule, (action, e.value)
    for key, value in params.items():
        assert e.value.params[key] == value, (key, e.value.params)
    assert m.state.to_dict() == before
    return e.value


# --- L-SETUP --------------------------------------------------------------------------------------
def test_L_SETUP_2_each_player_chooses_a_baby_in_seat_order_the_rest_stay_in_the_nursery():
    m = new_match(3, seed=5)
    assert legal(m) == {"baby LU-001", "baby LU-002", "baby LU-003", "baby LU-004"}
    assert m.actor == 0
    refused(m, "baby LU-005", "L-SETUP-2")
    act(m, "baby LU-003")
    assert m.actor == 1 and numbers(m, "field", 0) == ["LU-003"]
    act(m, "baby LU-003", "baby LU-001")
    assert [numbers(m, "field", k) for k in range(3)] == [["LU-003"], ["LU-003"], ["LU-001"]]
    assert sorted(numbers(m, "nursery")) == ["LU-001"] * 2 + ["LU-002"] * 3 + ["LU-003"] + ["LU-004"] * 3


def test_L_SETUP_3_the_shared_deck_has_every_card_but_the_babies_and_five_are_dealt_to_each():
    m = act(new_match(4, seed=2), "baby LU-001", "baby LU-002", "baby LU-003", "baby LU-004")
    assert m.phase == "setup_first"
    assert [len(p.hand) for p in m.state.players] == [5, 5, 5, 5]
    assert len(m.state.deck) == 116 - 20
    dealt = [m.state.card(i) for p in m.state.players for i in p.hand] + [m.state.card(i) for i in m.state.deck]
    assert not any(c.is_baby for c in dealt) and len(dealt) == 116


def test_L_SETUP_4_the_table_says_who_goes_first():
    m = act(new_match(3, seed=2), "baby LU-001", "baby LU-002", "baby LU-003")
    assert legal(m) == {"first 1", "first 2", "first 3"}
    refused(m, "first 4", "L-SETUP-4", seats=3)
    refused(m, "first", "L-SETUP-4")
    act(m, "first 2")
    assert m.state.current == 1 and m.state.first == 1 and m.phase == "action_main"
    assert len(m.state.players[1].hand) == 6  # drawn in the draw step (L-TURN-2)


# --- L-TURN ---------------------------------------------------------------------------------------
def test_L_TURN_1_an_optional_beginning_of_turn_effect_not_used_is_lost():
    m = turn(phase="beginning_start", fields=[["LU-001", "LU-076"]], hands=[["LU-006"]])
    assert pending(m)["kind"] == "confirm" and pending(m)["card"] == "LU-076"
    act(m, "choose no")
    assert m.phase == "action_main" and len(m.state.players[0].hand) == 2  # the draw step only


def test_L_TURN_1_mandatory_effects_of_the_link_come_first():
    m = turn(phase="beginning_start", fields=[["LU-076", "LU-001", "LU-039"]])
    assert [e["number"] for e in m.state.chain[0]["effects"]] == ["LU-039", "LU-076"]


def test_L_TURN_2_and_3_draw_then_play_a_card_or_draw_one():
    m = turn(hands=[["LU-006"]], fields=[["LU-001"], ["LU-002"]], phase="draw")
    assert numbers(m, "hand", 0) == ["LU-006", "LU-005"] and m.phase == "action_main"
    assert "draw" in legal(m) and "play LU-006 into 2" in legal(m)
    act(m, "draw")
    assert m.state.current == 1 and m.state.turn == 4  # one action, then the next player's turn


def test_L_TURN_3_no_second_play_unless_a_card_says_so():
    m = turn(hands=[["LU-006", "LU-007"]], fields=[["LU-001"]], plays=2)
    act(m, "play LU-006 into 1")
    assert m.phase == "action_main" and m.state.plays == 1
    act(m, "play LU-007 into 1")
    assert m.state.current == 1


def test_L_TURN_4_discard_down_to_seven_at_the_end_of_the_turn():
    m = turn(hands=[["LU-006"] * 8], fields=[["LU-001"]])
    act(m, "draw")
    assert m.phase == "end_hand" and m.actor == 0
    refused(m, "discard LU-006 LU-006 LU-006", "L-TURN-4", limit=7, discarding=3)
    refused(m, "discard LU-007", "L-ZONE-1", reason="absent")
    act(m, "discard LU-006 LU-005")
    assert len(m.state.players[0].hand) == 7 and m.state.current == 1
    assert events(m, "turn_ended")[-1] == {"player": 0, "hand": 7, "limit": 7}


# --- L-CARD ---------------------------------------------------------------------------------------
def test_L_CARD_1_every_other_player_in_turn_order_may_answer_and_answers_are_answered():
    m = turn(players=3, hands=[["LU-007", "LU-050"], ["LU-051"], ["LU-049"]],
             fields=[["LU-001"], ["LU-002"], ["LU-004"]])
    refused(m, "play LU-050", "L-CARD-1", reason="answer_only")
    act(m, "play LU-007 into 1")
    assert m.phase == "action_window" and m.actor == 1
    act(m, "instant LU-051")  # Spit Happens answers the llama
    assert m.actor == 2
    act(m, "pass")
    assert m.actor == 0  # the player whose card was answered may answer back
    act(m, "instant LU-050")  # Don't Kid Yourself! answers Spit Happens
    assert [m.state.instances[e["card"]] for e in m.state.pile] == ["LU-007", "LU-051", "LU-050"]
    assert m.actor == 2  # seat 2 has no card left to answer with: it is not asked
    act(m, "pass")
    assert numbers(m, "field", 0) == ["LU-001", "LU-007"]
    assert numbers(m, "discard") == ["LU-051", "LU-050"]
    assert [e["card"] for e in events(m, "blocked")] == ["LU-051"]


def test_L_CARD_1_an_instant_cannot_answer_out_of_its_window():
    m = turn(hands=[["LU-051", "LU-006"]], fields=[["LU-001"]])
    refused(m, "instant LU-051", "L-TURN", step="action_main")


def test_L_CARD_2_3_5_animals_upgrades_and_downgrades_go_into_any_field_named_with_into():
    m = turn(hands=[["LU-006", "LU-046", "LU-076"]], fields=[["LU-001"], ["LU-002"]], plays=3)
    refused(m, "play LU-006", "L-CARD-5", reason="into")
    refused(m, "play LU-046 into 3", "L-CARD-3", reason="into")
    refused(m, "play LU-006 into 1 2", "NOTATION", reason="values")
    refused(m, "play LU-006 by 2", "NOTATION", reason="option")
    act(m, "play LU-006 into 2", "play LU-046 into 2", "play LU-076 into 1")
    assert numbers(m, "field", 1) == ["LU-002", "LU-006", "LU-046"]
    assert numbers(m, "field", 0) == ["LU-001", "LU-076"]


def test_L_CARD_4_a_magic_card_takes_effect_then_is_discarded_and_goes_into_no_field():
    m = turn(hands=[["LU-067"]], fields=[["LU-001"], ["LU-002"]])
    refused(m, "play LU-067 into 1", "L-CARD-4", reason="no_field")
    act(m, "play LU-067")
    assert pending(m)["kind"] == "player"
    act(m, "choose 2")
    assert numbers(m, "discard") == ["LU-067"]
    assert events(m, "turn_missed") == [{"player": 1, "turn": 4}] and m.state.current == 0 and m.state.turn == 5


# --- L-CHAIN --------------------------------------------------------------------------------------
def test_L_CHAIN_2_and_4_one_link_targets_first_no_card_twice_too_few_targets_fewer_effects():
    m = turn(phase="beginning_start", fields=[["LU-069", "LU-069", "LU-007", "LU-007"]],
             nursery=["LU-003", "LU-001"])
    assert len(m.state.chain) == 1 and len(m.state.chain[0]["effects"]) == 2
    assert pending(m)["options"] == ["LU-003"]  # a llama baby: the field has two llamas
    act(m, "choose LU-003")
    # the second #Studlife has no baby left to choose: it does not trigger, before anything resolves
    assert events(m, "effect_dropped") == [{"player": 0, "card": "LU-069"}]
    assert keys(m).index("effect_dropped") < keys(m).index("effect_resolves")
    assert events(m, "effect_resolves") == [{"player": 0, "card": "LU-069"}]
    assert numbers(m, "field", 0)[-1] == "LU-003" and numbers(m, "nursery") == ["LU-001"]
    assert m.state.current == 1  # #Studlife cost seat 1 its Action phase


def test_L_CHAIN_3_an_effect_triggered_while_a_link_resolves_is_a_new_link_after_it():
    m = turn(hands=[["LU-062"]], fields=[["LU-001", "LU-006"], ["LU-020", "LU-007"]])
    act(m, "play LU-062")
    assert pending(m)["options"] == ["LU-007@2", "LU-020@2"]
    act(m, "choose LU-020@2")  # the Alligoater's own effect triggers: a second link
    assert len(m.state.chain) == 1 and m.state.chain[0]["effects"][0]["number"] == "LU-020"
    assert numbers(m, "discard") == ["LU-020", "LU-062"]  # Llama Bomb's link is done
    assert m.actor == 1 and pending(m)["options"] == ["LU-001@1", "LU-006@1"]
    act(m, "choose LU-006@1")
    assert numbers(m, "field", 0) == ["LU-001"] and m.state.chain == []


def test_L_CHAIN_5_and_L_WIN_2_no_winner_until_the_chain_has_resolved():
    m = turn(hands=[["LU-025", "LU-007"]], fields=[["LU-001"] + ["LU-006"] * 5])
    act(m, "play LU-025 into 1")  # the seventh animal, whose effect is still to resolve
    assert len(numbers(m, "field", 0)) == 7 and not m.is_over() and m.state.pending
    act(m, "choose LU-007")
    assert m.outcome().winner == 0 and m.outcome().rule == "L-WIN-1"
    assert len(numbers(m, "field", 0)) == 8


# --- L-MULTI, L-IMPOSSIBLE, L-PLAY, L-MISC -------------------------------------------------------
def test_L_MULTI_2_then_the_second_action_only_if_the_first_succeeded():
    # Animal Swap: seat 1's goat cannot leave its field (Bridge Troll), so nothing is stolen
    m = turn(hands=[["LU-056"]], fields=[["LU-006", "LU-041"], ["LU-007"]])
    act(m, "play LU-056", "choose LU-006@1", "choose LU-007@2")
    assert numbers(m, "field", 0) == ["LU-006", "LU-041"] and numbers(m, "field", 1) == ["LU-007"]
    assert "kept_in_field" in keys(m)


def test_L_MULTI_2_if_you_do_the_second_action_when_the_first_was_chosen():
    m = turn(players=3, hands=[["LU-023"], ["LU-008"], ["LU-008"]], fields=[["LU-001"], ["LU-002"], ["LU-003"]])
    act(m, "play LU-023 into 1")
    passes(m)
    act(m, "choose yes")
    assert len(m.state.players[0].hand) == 3
    assert pending(m)["player"] == 1 and pending(m)["kind"] == "confirm"
    act(m, "choose yes", "choose no")
    assert events(m, "drew")[:2] == [{"player": 0, "cards": 3}, {"player": 1, "cards": 1}]
    assert len(m.state.players[2].hand) == 1


def test_L_IMPOSSIBLE_1_a_card_whose_action_is_impossible_cannot_be_played():
    m = turn(hands=[["LU-062", "LU-055", "LU-074"]], fields=[["LU-042"], ["LU-046"]])
    refused(m, "play LU-062", "L-IMPOSSIBLE-1", reason="target")  # no animal to destroy
    refused(m, "play LU-055", "L-IMPOSSIBLE-1", reason="requires")  # no animal to sacrifice
    refused(m, "play LU-074 into 2", "L-EFFECT-3", reason="no_play")  # the Barn forbids Upgrades


def test_L_IMPOSSIBLE_2_an_impossible_action_imposed_on_a_player_is_skipped():
    m = turn(hands=[["LU-026"]], fields=[["LU-001"], []])
    act(m, "play LU-026 into 1")
    assert events(m, "impossible") == [{"player": 1, "card": "LU-026", "action": "sacrifice"}]
    assert m.state.current == 1


def test_L_PLAY_2_a_card_brought_directly_is_not_played_and_cannot_be_answered():
    m = turn(hands=[["LU-012", "LU-005"], ["LU-048"]], fields=[["LU-001"], ["LU-002"]])
    act(m, "play LU-012 into 1", "pass")
    act(m, "choose LU-005")
    assert numbers(m, "field", 0) == ["LU-001", "LU-012", "LU-005"]
    assert [e["how"] for e in events(m, "entered")] == ["played", "brought"]
    assert "answered" not in keys(m) and m.state.current == 1


def test_L_IMMUNE_1_a_card_that_cannot_be_affected_is_no_target():
    ghost = Card("LU-900", "Untouchable Llama", "animal", "magical", ("llama",), 1,
                 abilities={"while": {"immune": True}})
    m = scenario(cards=CARDS.with_cards([ghost]), deck=FILLER, hands=[["LU-062", "LU-056"]],
                 fields=[["LU-006"], ["LU-900"]])
    refused(m, "play LU-062", "L-IMPOSSIBLE-1", reason="target")
    refused(m, "play LU-056", "L-IMPOSSIBLE-1", reason="target")


def test_L_BABY_1_a_destroyed_baby_goes_back_to_the_nursery():
    m = turn(hands=[["LU-062"]], fields=[["LU-001"], ["LU-003"]], nursery=[])
    act(m, "play LU-062", "choose LU-003@2")
    assert numbers(m, "nursery") == ["LU-003"] and numbers(m, "discard") == ["LU-062"]


def test_L_EFFECT_1_a_card_in_a_hand_has_no_effect():
    m = turn(hands=[["LU-007"], ["LU-073"]], fields=[["LU-001"], ["LU-002"]])
    act(m, "play LU-007 into 1", "pass")
    assert "choice_asked" not in keys(m)


def test_L_EFFECT_3_a_continuous_effect_holds_while_the_card_is_in_the_field():
    m = turn(players=3, hands=[["LU-007"], ["LU-051"], ["LU-049"]],
             fields=[["LU-001"], ["LU-002", "LU-046"], ["LU-003"]])
    act(m, "play LU-007 into 1")
    assert m.actor == 2  # seat 2's Tranquilizer: it may not answer, so it is not asked


# --- L-WIN ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("players, animals", [(2, 7), (5, 7), (6, 6), (8, 6)])
def test_L_WIN_1_the_first_with_the_required_number_of_animals_wins(players, animals):
    m = turn(players=players, hands=[["LU-006"]], fields=[["LU-001"] + ["LU-007"] * (animals - 2)])
    act(m, "play LU-006 into 1")
    passes(m)
    assert m.outcome().winner == 0 and m.outcome().rule == "L-WIN-1"
    assert m.legal_actions() == []
    refused(m, "draw", "L-WIN-1")


def test_L_WIN_1_a_card_can_lower_the_number_needed():
    m = turn(hands=[["LU-006"]], fields=[["LU-001", "LU-005", "LU-007", "LU-008", "LU-070"]])
    act(m, "play LU-006 into 1")
    assert m.outcome().winner == 0  # 5 animals, Embrace Diversity: 7 - 2


def test_L_WIN_3_the_deck_runs_out_most_animals_win():
    m = turn(deck=["LU-005"], fields=[["LU-001"], ["LU-002", "LU-006"]])
    act(m, "draw")
    assert m.outcome().winner == 1 and m.outcome().rule == "L-WIN-3"


def test_L_WIN_4_a_tie_is_broken_by_letters_else_everyone_loses():
    m = turn(deck=["LU-005"], fields=[["LU-007"], ["LU-006"]])  # Basic Llama 10 letters, Basic Goat 9
    act(m, "draw")
    assert m.outcome().winner == 0 and m.outcome().rule == "L-WIN-4"
    m = turn(deck=["LU-005"], fields=[["LU-007"], ["LU-007"]])
    act(m, "draw")
    assert m.outcome().winner is None and m.outcome().rule == "L-WIN-4"


def test_a_choice_must_be_answered_before_anything_else():
    m = turn(hands=[["LU-062"]], fields=[["LU-001"], ["LU-007"]])
    act(m, "play LU-062")
    refused(m, "draw", "L-CHAIN-1")
    refused(m, "choose LU-001@1", "L-CHAIN-2", reason="option")

"""Scenario tests for part N of docs/rules.en.md: set-up and mulligans (N-SETUP, N-MULL), the Start phase (N-START),
the end of the game (N-TURN-1), the Mission phase (N-DEPLOY, N-MISSION, N-CHARGE, N-CLIENT), the keyword
mechanics played in it (N-KEY-PERM, N-KEY-GROW, N-KEY-GROUP), zones and referee mode (N-ZONE) and card
facts (N-CARD).

Every refusal is checked for its exact rule id and for leaving the match exactly as it was; every
accepted action for what it does to the zones. Set-up tests start from `new_match` with random legal
decks, the others from hand-written positions (`scenario`). Cards Set 1 lacks (Ambush, Growth, Group,
"Name X", Clients, Permanent (X), a Counter mission that costs nothing) are test cards numbered 9xx.
"""

from __future__ import annotations

import random
import re

import pytest

from referee.engine.errors import IllegalAction
from referee.engine.match import Match
from referee.games.naruto.cards import CARD_TYPES, LETTERS, SYMBOLS, Card, bundled
from referee.games.naruto.decks import random_deck
from referee.games.naruto.invariants import violations
from referee.games.naruto.rules import new_match, rules_for
from referee.games.naruto.scenario import scenario_state
from referee.games.naruto.state import ZONES
from referee.games.naruto.power import stats
from referee.games.naruto.traits import rules_in_play

SET1 = bundled()

# --- test cards ----------------------------------------------------------------------------------
AMBUSHER = Card(number="N-901", name="Test Ambusher", type="Ninja", symbols=("Fire",), entrance_cost=0,
                hand_cost=0, healthy=(2, 1), injured=(1, 0), keywords=("Ambush",),
                characteristics=("Leaf", "Genin"))
GROWN_NARUTO = Card(number="N-902", name="Naruto Uzumaki", type="Ninja", symbols=("Lightning",),
                    entrance_cost=3, hand_cost=2, healthy=(4, 2), injured=(2, 1), keywords=("Growth",),
                    characteristics=("Leaf", "Genin", "Male"))
GROWN_NARUTO_2 = Card(number="N-909", name="Naruto Uzumaki", type="Ninja", symbols=("Lightning",),
                      entrance_cost=0, hand_cost=0, healthy=(5, 3), injured=(3, 1), keywords=("Growth",),
                      characteristics=("Leaf", "Genin", "Male"))
GROWN_SAKURA = Card(number="N-908", name="Sakura Haruno", type="Ninja", symbols=("Wind",), entrance_cost=4,
                    hand_cost=1, healthy=(2, 2), injured=(1, 1), keywords=("Growth",),
                    characteristics=("Leaf", "Genin", "Female"))
GROUP = Card(number="N-903", name="Kakashi Hatake & Iruka Umino", type="Ninja", symbols=("Fire", "Lightning"),
             entrance_cost=0, hand_cost=2, healthy=(7, 3), injured=(4, 1),
             characteristics=("Leaf", "Jonin", "Male", "Group"))
GROUP_B = Card(number="N-904", name="Sakura Haruno & Ino Yamanaka", type="Ninja", symbols=("Wind", "Earth"),
               entrance_cost=0, hand_cost=0, healthy=(3, 2), injured=(1, 1),
               characteristics=("Leaf", "Genin", "Female", "Group"))
NAMED_SASUKE = Card(number="N-905", name="Masked Avenger", type="Ninja", symbols=("Fire",), entrance_cost=0,
                    hand_cost=0, healthy=(2, 1), injured=(1, 0),
                    characteristics=("Leaf", "Genin", "Name Sasuke Uchiha"))
FIRE_CAPTAIN = Card(number="N-906", name="Test Fire Captain", type="Ninja", symbols=("Fire",), entrance_cost=0,
                    hand_cost=2, healthy=(4, 2), injured=(2, 1), characteristics=("Leaf", "Chunin"))
TWO_SYMBOLS = Card(number="N-907", name="Test Mist Runner", type="Ninja", symbols=("Water", "Wind"),
                   entrance_cost=0, hand_cost=2, healthy=(3, 1), injured=(1, 1), characteristics=("Mist",))
TAZUNA = Card(number="C-901", name="Tazuna", type="Client", symbols=("Water", "Earth"), entrance_cost=1,
              hand_cost=2)
TOM = Card(number="C-902", name="Tom", type="Client", symbols=("Fire",), entrance_cost=0, hand_cost=0)
LORD = Card(number="C-903", name="Feudal Lord", type="Client", symbols=("Wind",), entrance_cost=3, hand_cost=0)
LASTING = Card(number="M-901", name="Test Lasting Order", type="Mission", symbols=("Earth",), entrance_cost=0,
               hand_cost=0, keywords=("Permanent (2)",), effect_kind="permanent")
INTERRUPT = Card(number="M-902", name="Test Interruption", type="Mission", symbols=("Fire",), entrance_cost=0,
                 hand_cost=0, keywords=("Counter",), effect_kind="counter")
JOINT = Card(number="M-903", name="Test Joint Mission", type="Mission", symbols=("Fire", "Water"),
             entrance_cost=0, hand_cost=2)

CARDS = SET1.with_cards([AMBUSHER, GROWN_NARUTO, GROWN_NARUTO_2, GROWN_SAKURA, GROUP, GROUP_B, NAMED_SASUKE,
                         FIRE_CAPTAIN, TWO_SYMBOLS, TAZUNA, TOM, LORD, LASTING, INTERRUPT, JOINT])
DECK = ["N-001"] * 10  # a deck that does not run out during a test


# --- helpers -------------------------------------------------------------------------------------
def position(prepare=None, **kwargs) -> Match:
    """A hand-written position (see `scenario`) with the test cards; ``prepare(state)`` may adjust it
    (coins, flags, a chain) before the match settles its automatic steps."""
    kwargs.setdefault("p1", {})
    kwargs.setdefault("p2", {})
    for spec in (kwargs["p1"], kwargs["p2"]):
        spec.setdefault("deck", list(DECK))
    state = scenario_state(cards=CARDS, **kwargs)
    if prepare is not None:
        prepare(state)
    return Match(rules_for(state.format), state)


def mission_phase(p1=None, p2=None, counters=(3, 3), **kwargs) -> Match:
    """Turn 3, the attacker (seat 1) in step B-E."""
    return position(phase="mission_main", turn=3, counters=counters, p1=p1 or {}, p2=p2 or {}, **kwargs)


def decks(seed: int, fmt: str = "standard") -> list[list[str]]:
    rng = random.Random(seed)
    return [random_deck(SET1, fmt, rng), random_deck(SET1, fmt, rng)]


def fresh(seed: int = 1, **kwargs) -> Match:
    """A guided match at set-up with two random legal decks."""
    return new_match(decks(seed), seed=seed, **kwargs)


def started(seed: int = 1, first: int = 1) -> Match:
    """A guided match at turn 1's Mission phase: ``first`` starts, both keep."""
    m = fresh(seed)
    play(m, f"first {first}", "keep", "keep")
    assert m.phase == "mission_main"
    return m


def play(m: Match, *actions: str) -> None:
    for action in actions:
        m.apply(action)


def refused(m: Match, action: str, rule: str) -> IllegalAction:
    """``action`` is refused citing ``rule``, and the match is exactly as before."""
    before, log, history = m.state.to_dict(), list(m.log), list(m.history)
    with pytest.raises(IllegalAction) as err:
        m.apply(action)
    assert err.value.rule == rule, err.value
    assert m.state.to_dict() == before
    assert m.log == log and m.history == history
    verdict = m.explain(action)
    assert not verdict.legal and verdict.rule == rule
    return err.value


def zone(m: Match, seat: int, name: str) -> list[str | None]:
    """Card numbers in a zone of seat 0 or 1 (None for an unknown physical card)."""
    return [m.state.instances[i] for i in getattr(m.state.players[seat], name)]


def iid(m: Match, seat: int, name: str, number: str) -> int:
    return next(i for i in getattr(m.state.players[seat], name) if m.state.instances[i] == number)


def legal(m: Match) -> list[str]:
    return [str(a) for a in m.legal_actions()]


def keys(m: Match) -> list[str]:
    return [e.key for e in m.log]


def events(m: Match, key: str) -> list[dict]:
    return [e.params for e in m.log if e.key == key]


def sound(m: Match) -> None:
    assert violations(m.state) == []


def all_cards(m: Match, seat: int) -> list[str]:
    """Every card number seat ``seat`` owns, sorted: to check cards are conserved."""
    return sorted(n for i, n in enumerate(m.state.instances) if m.state.owner[i] == seat)


def finish_turn(m: Match) -> None:
    """Pass through the rest of the turn with nothing done (no attack) until the next Mission phase."""
    turn = m.state.turn
    while m.state.turn == turn and not m.is_over():
        if m.phase in ("mission_main", "organization_organize", "battle_attack"):
            m.apply("next")
        elif m.phase == "mission_window":
            m.apply("pass")
        else:
            raise AssertionError(f"finish_turn cannot go on from {m.phase}")
    assert m.is_over() or m.phase == "mission_main"


def settle_chain(m: Match) -> None:
    """Both players pass until the open Mission-phase chain is settled."""
    while m.phase == "mission_chain_priority":
        m.apply("pass")


def to_exchange(m: Match) -> None:
    """From the attack step: send team T1, the blocker sends nobody, the Jutsu exchange opens."""
    play(m, "send T1", "next", "next")
    assert m.phase == "battle_exchange_open" and m.actor == 0


# === N-SETUP: starting a game =====================================================================
def test_N_SETUP_1_turn_counters_start_at_zero():
    m = fresh()
    assert [p.counter for p in m.state.players] == [0, 0]
    play(m, "first 1", "keep", "keep")
    assert m.state.turn == 1 and [p.counter for p in m.state.players] == [0, 0]
    finish_turn(m)  # the first player's marker moves up at the end of their turn (N-COUNT-1)
    assert m.state.turn == 2 and [p.counter for p in m.state.players] == [1, 0]


def test_N_SETUP_2_each_deck_is_shuffled_before_the_deal():
    lists = decks(3)
    m = new_match(lists, seed=11)
    for seat in (0, 1):
        assert zone(m, seat, "deck") == lists[seat]  # not touched before set-up
    m.apply("first 1")
    for seat in (0, 1):
        dealt = zone(m, seat, "hand") + zone(m, seat, "deck")
        assert sorted(dealt) == sorted(lists[seat])  # the same cards...
        assert dealt != lists[seat]  # ...in another order
    sound(m)


def test_N_SETUP_2_shuffles_follow_the_match_seed():
    lists = decks(3)

    def order(seed: int) -> list[list[str | None]]:
        m = new_match(lists, seed=seed)
        m.apply("first 1")
        return [zone(m, s, "hand") + zone(m, s, "deck") for s in (0, 1)]

    assert order(11) == order(11)
    assert order(11) != order(12)


@pytest.mark.parametrize("seat", [1, 2])
def test_N_SETUP_3_the_players_say_who_starts(seat):
    m = fresh()
    assert m.phase == "setup_first" and {"first 1", "first 2", "flip"} <= set(legal(m))
    m.apply(f"first {seat}")
    assert m.state.first == m.state.attacker == seat - 1
    assert events(m, "first_player") == [{"player": seat - 1}]
    play(m, "keep", "keep")
    assert m.phase == "mission_main" and m.state.turn == 1 and m.actor == seat - 1


def test_N_SETUP_3_the_coin_flip_is_reproducible_and_its_winner_chooses():
    """Seed 001, set-up step 3: "the winner decides who begins" (the coin does not decide it)."""
    winners = set()
    for seed in range(20):
        m = fresh(seed)
        m.apply("flip")
        (flip,) = events(m, "coin_flip")
        winner = m.state.coin_winner
        assert flip["result"] == ("heads" if winner == 0 else "tails")
        assert events(m, "coin_won") == [{"player": winner}]
        assert m.phase == "setup_coin" and m.actor == winner and sorted(legal(m)) == ["first 1", "first 2"]
        assert not m.state.players[0].hand  # nothing dealt before the choice
        again = fresh(seed)
        again.apply("flip")
        assert again.state.coin_winner == winner
        winners.add(winner)
    assert winners == {0, 1}


@pytest.mark.parametrize("chosen", [1, 2])
def test_N_SETUP_3_the_winner_may_let_either_seat_start(chosen):
    m = fresh(3)
    m.apply("flip")
    m.apply(f"first {chosen}")
    assert m.state.first == chosen - 1 and m.state.coin_winner is None
    assert m.phase == "setup_mulligan" and m.actor == chosen - 1
    assert events(m, "first_player") == [{"player": chosen - 1}]


def test_N_SETUP_3_no_second_flip_and_no_mulligan_before_the_choice():
    m = fresh(3)
    m.apply("flip")
    refused(m, "flip", "N-TURN")
    refused(m, "keep", "N-TURN")
    refused(m, "first 3", "N-SETUP-3")


def test_N_SETUP_3_an_older_record_reads_as_the_winner_choosing_to_start():
    """Before the winner chose, ``flip`` dealt at once with the winner starting: such a record gets
    the choice it implied (`chosen_after_flip`, used by the import and migration 0006)."""
    from referee.games.naruto.turn import chosen_after_flip

    for seed in range(6):
        m = fresh(seed)
        initial = m.state.to_dict()
        m.apply("flip")
        winner = m.state.coin_winner
        assert chosen_after_flip(initial, ["flip", "keep"]) == (1, f"first {winner + 1}", winner, "setup_coin")
        assert chosen_after_flip(initial, ["flip", "first 2", "keep"]) is None
        assert chosen_after_flip(initial, ["flip"]) is None  # the winner is asked when it is resumed
        assert chosen_after_flip(initial, ["first 1", "keep"]) is None


@pytest.mark.parametrize("action", ["first 3", "first 0", "first", "first 1 2"])
def test_N_SETUP_3_refuses_a_seat_that_does_not_exist(action):
    refused(fresh(), action, "N-SETUP-3")


def test_N_SETUP_4_each_player_draws_six():
    m = fresh()
    m.apply("first 2")
    for seat in (0, 1):
        assert len(m.state.players[seat].hand) == 6 and len(m.state.players[seat].deck) == 44
        assert all(m.state.owner[i] == seat for i in m.state.players[seat].hand)
    assert events(m, "dealt") == [{"player": 0, "cards": 6}, {"player": 1, "cards": 6}]
    assert m.phase == "setup_mulligan" and m.actor == 1  # the first player decides first
    sound(m)


def test_N_SETUP_4_the_game_starts_once_both_keep():
    m = fresh()
    play(m, "first 1", "keep")
    assert m.phase == "setup_mulligan" and m.actor == 1
    m.apply("keep")
    assert m.phase == "mission_main" and "game_started" in keys(m)
    assert [len(p.hand) for p in m.state.players] == [6, 6]


# === N-MULL: redrawing the opening hand ===========================================================
def test_N_MULL_1_redraw_returns_the_hand_and_draws_five():
    m = fresh()
    m.apply("first 1")
    owned = all_cards(m, 0)
    other_hand = list(m.state.players[1].hand)
    m.apply("mulligan")
    p = m.state.players[0]
    assert len(p.hand) == 5 and len(p.deck) == 45 and p.mulligans == 1
    assert sorted(zone(m, 0, "hand") + zone(m, 0, "deck")) == owned
    assert m.state.players[1].hand == other_hand  # the other player's hand is untouched
    assert events(m, "mulligan") == [{"player": 0, "cards": 5}]
    assert m.phase == "setup_mulligan" and m.actor == 0  # still deciding: keep or a second redraw
    sound(m)


def test_N_MULL_1_the_second_player_may_redraw_after_the_first_keeps():
    m = fresh()
    play(m, "first 1", "keep", "mulligan")
    assert [len(p.hand) for p in m.state.players] == [6, 5]
    assert m.state.players[1].mulligans == 1 and m.actor == 1


def test_N_MULL_1_the_redraw_is_shuffled_from_the_seed():
    def hand_after(seed: int) -> list[str | None]:
        m = new_match(decks(4), seed=seed)
        play(m, "first 1", "mulligan")
        return zone(m, 0, "hand")

    assert hand_after(5) == hand_after(5)
    assert len({tuple(hand_after(seed)) for seed in range(5, 10)}) > 1


def test_N_MULL_2_second_redraw_draws_four():
    m = fresh()
    play(m, "first 1", "mulligan", "mulligan")
    p = m.state.players[0]
    assert len(p.hand) == 4 and len(p.deck) == 46 and p.mulligans == 2
    play(m, "keep", "keep")
    assert m.phase == "mission_main" and len(m.state.players[0].hand) == 4  # no draw on turn 1
    sound(m)


def test_N_MULL_2_no_third_redraw():
    m = fresh()
    play(m, "first 1", "mulligan", "mulligan")
    assert legal(m) == ["keep"]
    refused(m, "mulligan", "N-MULL-2")
    play(m, "keep", "mulligan", "mulligan")  # the other player has their own two
    assert legal(m) == ["keep"]
    refused(m, "mulligan", "N-MULL-2")


# === N-START: the Start phase =====================================================================
def test_N_START_1_the_attacker_draws_the_top_card():
    m = position(phase="start_begin", turn=4, attacker=1,
                 p1={"hand": ["N-002"], "deck": ["N-004", "N-005"]},
                 p2={"hand": ["N-004"], "deck": ["N-003", "N-001", "N-002"]})
    assert m.phase == "mission_main" and m.actor == 1
    assert zone(m, 1, "hand") == ["N-004", "N-003"] and zone(m, 1, "deck") == ["N-001", "N-002"]
    assert zone(m, 0, "hand") == ["N-002"] and zone(m, 0, "deck") == ["N-004", "N-005"]
    assert events(m, "drew") == [{"player": 1, "cards": 1}]


def test_N_START_1_the_second_player_draws_on_their_first_turn():
    m = started(first=2)
    finish_turn(m)
    assert m.state.turn == 2 and m.actor == 0
    assert len(m.state.players[0].hand) == 7 and len(m.state.players[0].deck) == 43
    assert len(m.state.players[1].hand) == 6
    assert events(m, "drew") == [{"player": 0, "cards": 1}]


def test_N_START_2_start_of_turn_effects_apply_before_the_draw():
    def one_coin_left(s):
        lasting = next(i for i in s.players[0].village if s.instances[i] == "M-901")
        s.coins[lasting] = {"permanent": 1}

    m = position(one_coin_left, phase="start_begin", turn=5,
                 p1={"village": ["M-901", "N-013", "N-010"], "injured": ["N-010"], "chakra": ["J-001"],
                     "deck": ["N-002", "N-001"]})
    assert m.phase == "start_draw" and events(m, "drew") == []  # The Third Hokage's heal waits before the draw
    m.apply("pass")  # not used: lost
    order = keys(m)
    assert order.index("turn_started") < order.index("permanent_coin") < order.index("ability_offered")
    assert order.index("ability_declined") < order.index("drew")
    assert events(m, "ability_offered") == [{"player": 0, "card": "N-013"}]
    assert zone(m, 0, "chakra") == ["J-001", "M-901"] and zone(m, 0, "hand") == ["N-002"]


def test_N_START_2_turn_limits_are_reset_at_the_start_of_the_turn():
    def used_up(s):
        for p in s.players:
            p.deployed, p.missions, p.countered, p.client = True, 1, True, True

    m = position(used_up, phase="start_begin", turn=5, counters=(3, 3),
                 p1={"hand": ["N-002", "M-006", "N-028", "C-902"]})
    assert m.phase == "mission_main"
    assert all(m.explain(a).legal for a in ("deploy N-002", "mission M-006 pay N-028", "client C-902"))
    assert [(p.deployed, p.missions, p.countered, p.client) for p in m.state.players] == [(False, 0, False, False)] * 2


def test_N_START_3_the_first_player_does_not_draw_on_turn_one():
    m = started(first=1)
    assert m.state.turn == 1 and len(m.state.players[0].hand) == 6 and len(m.state.players[0].deck) == 44
    assert events(m, "no_draw") == [{"player": 0, "rule": "N-START-3"}]
    assert events(m, "drew") == []


def test_N_START_3_in_a_written_position_too():
    m = position(phase="start_begin", turn=1, p1={"hand": ["N-002"], "deck": ["N-003", "N-001"]})
    assert m.phase == "mission_main" and zone(m, 0, "hand") == ["N-002"]
    assert zone(m, 0, "deck") == ["N-003", "N-001"]
    assert "drew" not in keys(m)


# === N-TURN-1: the game ends as soon as a victory condition holds, checked in step L =============
def test_N_TURN_1_an_empty_deck_ends_the_game_in_step_L():
    m = position(phase="organization_organize", turn=1, p1={"hand": ["N-001"] * 8}, p2={"deck": []})
    assert m.outcome() is None  # seat 2's deck is empty, but victory is checked in step L only
    counters = [p.counter for p in m.state.players]
    m.apply("next")  # turn 1: no Battle phase (N-ORG-5), straight to the End phase
    assert m.phase == "over" and m.state.over
    assert m.outcome().winner == 0 and m.outcome().rule == "N-WIN-2"
    assert events(m, "game_over") == [{"winner": 0, "rule": "N-WIN-2"}]
    # the game ended at L: no hand adjustment (M) and no marker move (N)
    assert len(m.state.players[0].hand) == 8 and [p.counter for p in m.state.players] == counters
    assert "marker_moved" not in keys(m)


def test_N_TURN_1_ten_rewards_won_earlier_wait_for_step_L():
    m = mission_phase(p1={"hand": ["N-001", "N-002"], "rewards": ["N-003"] * 10})
    assert m.outcome() is None
    play(m, "charge N-001", "deploy N-002", "pass")
    assert m.outcome() is None and m.phase == "mission_main"
    play(m, "next", "pass", "next")
    assert m.phase == "battle_attack" and m.outcome() is None
    m.apply("next")  # no attack: Return, then step L
    assert m.phase == "over" and (m.outcome().winner, m.outcome().rule) == (0, "N-WIN-1")


def test_N_TURN_1_drawing_the_last_card_does_not_end_the_game():
    m = position(phase="start_begin", turn=4, p1={"deck": ["N-002"]})
    assert m.phase == "mission_main" and m.state.players[0].deck == [] and m.outcome() is None
    m.apply("deploy N-002")
    assert m.outcome() is None


@pytest.mark.parametrize("action", ["next", "pass", "deploy N-001", "keep", "first 1"])
def test_N_TURN_1_actions_after_the_end_are_refused(action):
    m = position(phase="organization_organize", turn=1, p1={"hand": ["N-001"]}, p2={"deck": []})
    m.apply("next")
    assert m.is_over() and m.actor is None and m.legal_actions() == []
    refused(m, action, "N-TURN-1")


# === N-DEPLOY: deploying a Ninja (step B) =========================================================
def test_N_DEPLOY_1_one_ninja_per_turn():
    m = mission_phase(p1={"hand": ["N-001", "N-002"]})
    m.apply("deploy N-001")
    assert m.phase == "mission_window" and m.actor == 1
    m.apply("pass")
    assert m.phase == "mission_main" and m.state.players[0].deployed
    refused(m, "deploy N-002", "N-DEPLOY-1")
    assert not [a for a in legal(m) if a.startswith("deploy")]


def test_N_DEPLOY_1_an_ambush_deployment_is_the_one():
    m = mission_phase(p1={"hand": ["N-002"], "chakra": ["N-901"]})
    play(m, "deploy N-901 from chakra", "pass")
    refused(m, "deploy N-002", "N-DEPLOY-1")
    m = mission_phase(p1={"hand": ["N-002"], "chakra": ["N-901"]})
    play(m, "deploy N-002", "pass")
    refused(m, "deploy N-901 from chakra", "N-DEPLOY-1")


def test_N_DEPLOY_1_the_limit_is_per_turn():
    m = mission_phase(p1={"hand": ["N-001", "N-002"]}, p2={"hand": []})
    play(m, "deploy N-001", "pass")
    finish_turn(m)  # seat 2's turn
    finish_turn(m)  # seat 1 again
    assert m.actor == 0 and not m.state.players[0].deployed
    m.apply("deploy N-002")
    assert zone(m, 0, "village") == ["N-001", "N-002"]


def test_N_DEPLOY_2_an_ambush_ninja_from_the_chakra_area():
    m = mission_phase(p1={"chakra": ["N-901", "N-002"]})
    assert "deploy N-901 from chakra" in legal(m)
    m.apply("deploy N-901 from chakra")
    assert zone(m, 0, "village") == ["N-901"] and zone(m, 0, "chakra") == ["N-002"]
    assert events(m, "deployed") == [{"player": 0, "card": "N-901", "paid": []}]


def test_N_DEPLOY_2_an_ambush_ninja_from_the_hand():
    m = mission_phase(p1={"hand": ["N-901"]})
    m.apply("deploy N-901")
    assert zone(m, 0, "village") == ["N-901"] and zone(m, 0, "hand") == []


def test_N_DEPLOY_2_no_chakra_deployment_without_ambush():
    m = mission_phase(p1={"chakra": ["N-002"]})
    assert "deploy N-002 from chakra" not in legal(m)
    refused(m, "deploy N-002 from chakra", "N-DEPLOY-2")


@pytest.mark.parametrize("source", ["discard", "deck", "village"])
def test_N_DEPLOY_2_no_other_zone(source):
    m = mission_phase(p1={"discard": ["N-901"], "hand": ["N-001"]})
    refused(m, f"deploy N-901 from {source}", "N-DEPLOY-2")


def test_N_DEPLOY_3_not_a_name_already_in_the_village():
    m = mission_phase(p1={"village": ["N-002"], "hand": ["N-020"]})
    err = refused(m, "deploy N-020", "N-DEPLOY-3")
    assert err.params["name"] == "Sasuke Uchiha"
    assert "deploy N-020" not in legal(m)


def test_N_DEPLOY_3_the_opponent_having_the_name_does_not_matter():
    m = mission_phase(p1={"hand": ["N-020"]}, p2={"village": ["N-002"]})
    m.apply("deploy N-020")
    assert zone(m, 0, "village") == ["N-020"] and zone(m, 1, "village") == ["N-002"]


def test_N_DEPLOY_3_a_name_x_characteristic_bears_that_name():
    m = mission_phase(p1={"village": ["N-905"], "hand": ["N-002"]})
    assert refused(m, "deploy N-002", "N-DEPLOY-3").params["name"] == "Sasuke Uchiha"
    m = mission_phase(p1={"village": ["N-002"], "hand": ["N-905"]})
    refused(m, "deploy N-905", "N-DEPLOY-3")


def test_N_DEPLOY_3_a_plain_clash_beside_an_unrelated_group():
    # the Group in the village bears other names: the refusal is the plain name rule
    m = mission_phase(p1={"village": ["N-904", "N-002"], "hand": ["N-020"]})
    refused(m, "deploy N-020", "N-DEPLOY-3")


def test_N_DEPLOY_4_entrance_cost_above_counter():
    m = mission_phase(p1={"hand": ["N-008"]}, counters=(1, 5))  # the opponent's counter does not count
    err = refused(m, "deploy N-008", "N-DEPLOY-4")
    assert (err.params["cost"], err.params["counter"]) == (2, 1)
    assert "deploy N-008" not in legal(m)


def test_N_DEPLOY_4_entrance_cost_equal_to_counter():
    m = mission_phase(p1={"hand": ["N-008"]}, counters=(2, 0))
    m.apply("deploy N-008")
    assert zone(m, 0, "village") == ["N-008"]


def test_N_DEPLOY_5_hand_cost_paid_with_cards_of_its_symbol():
    m = mission_phase(p1={"hand": ["N-013", "N-001", "N-002"]}, counters=(6, 0))
    assert "deploy N-013 pay N-002" in legal(m)
    m.apply("deploy N-013 pay N-002")
    assert zone(m, 0, "village") == ["N-013"]
    assert zone(m, 0, "chakra") == ["N-002"] and zone(m, 0, "hand") == ["N-001"]
    assert events(m, "deployed") == [{"player": 0, "card": "N-013", "paid": ["N-002"]}]


def test_N_DEPLOY_5_a_payer_of_another_symbol_is_refused():
    m = mission_phase(p1={"hand": ["N-013", "N-001", "J-001"]}, counters=(6, 0))
    refused(m, "deploy N-013 pay N-001", "N-DEPLOY-5")
    refused(m, "deploy N-013 pay J-001", "N-DEPLOY-5")
    assert not [a for a in legal(m) if a.startswith("deploy N-013")]


@pytest.mark.parametrize("action", ["deploy N-906", "deploy N-906 pay N-002",
                                    "deploy N-906 pay N-002 N-028 N-036", "deploy N-001 pay N-002"])
def test_N_DEPLOY_5_exactly_the_hand_cost(action):
    m = mission_phase(p1={"hand": ["N-906", "N-001", "N-002", "N-028", "N-036"]})
    refused(m, action, "N-DEPLOY-5")


def test_N_DEPLOY_5_payers_come_from_the_hand():
    m = mission_phase(p1={"hand": ["N-906", "N-002"], "chakra": ["N-028"]})
    refused(m, "deploy N-906 pay N-002 N-028", "N-ZONE-2")
    refused(m, "deploy N-906 pay N-002 N-002", "N-ZONE-2")  # one copy cannot pay twice
    refused(m, "deploy N-906 pay N-906 N-002", "N-ZONE-2")  # nor can the Ninja pay for itself


def test_N_DEPLOY_5_a_two_symbol_ninja_takes_either_symbol():
    m = mission_phase(p1={"hand": ["N-907", "N-016", "N-003"]})
    m.apply("deploy N-907 pay N-016 N-003")  # one Water, one Wind
    assert zone(m, 0, "village") == ["N-907"] and zone(m, 0, "chakra") == ["N-016", "N-003"]


def test_N_DEPLOY_5_a_named_physical_payer_is_checked_in_referee_mode():
    m = new_match([None, None], mode="referee", cards=CARDS)
    play(m, "first 1", "keep", "keep")
    refused(m, "deploy N-906 pay J-001 N-002", "N-DEPLOY-5")  # Kunai is Lightning
    m.apply("deploy N-906 pay N-002 N-028")
    assert zone(m, 0, "village") == ["N-906"] and zone(m, 0, "chakra") == ["N-002", "N-028"]
    assert zone(m, 0, "hand") == [None, None, None]


def test_N_DEPLOY_6_the_ninja_enters_healthy_in_its_own_team():
    m = mission_phase(p1={"hand": ["N-011"], "village": ["N-001"], "injured": ["N-001"]}, counters=(4, 0))
    m.apply("deploy N-011")
    kakashi = iid(m, 0, "village", "N-011")
    assert kakashi not in m.state.injured and stats(m.state, kakashi) == (5, 3)
    assert iid(m, 0, "village", "N-001") in m.state.injured  # the others keep their state
    assert [kakashi] in m.state.players[0].teams
    assert m.state.entered[kakashi] == m.state.turn
    sound(m)


def test_N_DEPLOY_6_an_ambush_ninja_enters_healthy_too():
    m = mission_phase(p1={"chakra": ["N-901"]})
    m.apply("deploy N-901 from chakra")
    ambusher = iid(m, 0, "village", "N-901")
    assert ambusher not in m.state.injured and stats(m.state, ambusher) == (2, 1)


def test_N_DEPLOY_7_deploying_opens_no_chain_and_the_blocker_may_answer():
    m = mission_phase(p1={"hand": ["N-002"]}, p2={"hand": ["M-902", "N-001"]})
    m.apply("deploy N-002")
    assert m.state.chain == [] and "chain_opened" not in keys(m)
    assert m.phase == "mission_window" and m.actor == 1
    assert set(legal(m)) == {"counter M-902", "pass"}
    m.apply("counter M-902")
    assert m.phase == "mission_chain_priority" and len(m.state.chain) == 1
    settle_chain(m)
    assert m.phase == "mission_main" and m.actor == 0
    assert zone(m, 1, "chakra") == ["M-902"] and zone(m, 0, "village") == ["N-002"]


def test_N_DEPLOY_7_a_pass_lets_the_mission_phase_go_on():
    m = mission_phase(p1={"hand": ["N-002", "M-006", "N-028"]})
    play(m, "deploy N-002", "pass")
    assert m.phase == "mission_main" and m.actor == 0 and m.state.window == ""
    assert "mission M-006 pay N-028" in legal(m)


def test_N_DEPLOY_7_a_counter_needing_a_mission_has_no_target_after_a_deploy():
    m = mission_phase(p1={"hand": ["N-002"]}, p2={"hand": ["M-009", "N-028"]})
    m.apply("deploy N-002")
    assert legal(m) == ["pass"]
    refused(m, "counter M-009 pay N-028", "N-KEY-TARGET-1")


# === N-MISSION: Missions and Counter missions (step C) ============================================
def test_N_MISSION_1_one_mission_per_turn():
    m = mission_phase(p1={"hand": ["M-006", "M-011", "N-002", "N-016"]})
    m.apply("mission M-006 pay N-002")
    settle_chain(m)
    assert m.phase == "mission_main" and m.state.players[0].missions == 1
    refused(m, "mission M-011 pay N-016", "N-MISSION-1")
    assert not [a for a in legal(m) if a.startswith("mission")]


def test_N_MISSION_2_the_blocker_counters_once_per_turn():
    m = mission_phase(p1={"hand": ["M-006", "N-002", "N-001"]}, p2={"hand": ["M-009", "N-028", "M-902"]})
    play(m, "mission M-006 pay N-002", "counter M-009 pay N-028 target M-006@1")
    assert m.state.players[1].countered
    settle_chain(m)
    m.apply("deploy N-001")
    assert legal(m) == ["pass"]
    refused(m, "counter M-902", "N-MISSION-2")


def test_N_MISSION_2_only_the_blocker_plays_counter_missions():
    m = mission_phase(p1={"hand": ["M-902", "M-006", "N-002"]})
    refused(m, "mission M-902", "N-MISSION-2")  # not as the attacker's Mission
    m.apply("mission M-006 pay N-002")
    m.apply("pass")  # the blocker adds nothing: the attacker has priority
    assert m.actor == 0
    refused(m, "counter M-902", "N-MISSION-2")


def test_N_MISSION_2_a_counter_mission_outside_its_moment_cites_the_counter_rule():
    m = mission_phase(p1={"hand": ["M-902", "N-002"]}, p2={"hand": ["M-902"]})
    refused(m, "counter M-902", "N-MISSION-2")  # the attacker, in its own Mission phase: not N-TURN


def test_N_CHARGE_1_only_the_attacker_charges_in_its_mission_phase():
    m = mission_phase(p2={"hand": ["M-902", "N-028"]})
    m.apply("next")  # the blocker may answer the end of the Mission phase
    assert m.phase == "mission_window" and m.actor == 1
    refused(m, "charge N-028", "N-CHARGE-1")


def test_N_MISSION_2_only_counter_missions_answer():
    m = mission_phase(p1={"hand": ["N-002"]}, p2={"hand": ["M-006", "N-028"]})
    m.apply("deploy N-002")
    refused(m, "counter M-006 pay N-028", "N-MISSION-2")


def test_N_MISSION_2_a_counter_mission_answers_the_end_of_the_mission_phase():
    m = mission_phase(p2={"hand": ["M-902"]})
    m.apply("next")
    assert m.phase == "mission_window" and m.actor == 1 and "counter M-902" in legal(m)
    m.apply("counter M-902")
    settle_chain(m)
    assert zone(m, 1, "chakra") == ["M-902"]


def test_N_MISSION_2_not_outside_the_attackers_mission_phase():
    m = position(phase="battle_attack", turn=3, p1={"village": ["N-002"], "hand": ["J-001"],
                                                   "chakra": ["N-001"]},
                 p2={"hand": ["M-902"]})
    to_exchange(m)
    assert not [a for a in legal(m) if a.startswith("counter")]
    m.apply("pass")  # the blocker has priority in the exchange now
    assert m.actor == 1
    refused(m, "counter M-902", "N-MISSION-2")  # only the attacker's Mission phase takes a Counter mission


def test_N_MISSION_3_entrance_cost_at_most_the_counter():
    m = mission_phase(p1={"hand": ["M-022", "N-004"]}, counters=(2, 5))
    err = refused(m, "mission M-022 pay N-004", "N-MISSION-3")
    assert (err.params["cost"], err.params["counter"]) == (3, 2)
    m = mission_phase(p1={"hand": ["M-022", "N-004"]}, counters=(3, 0))
    m.apply("mission M-022 pay N-004")
    assert m.phase == "mission_chain_priority"


def test_N_MISSION_3_a_counter_mission_uses_the_blockers_counter():
    m = mission_phase(p1={"hand": ["N-002"]}, p2={"hand": ["M-037", "N-003"]}, counters=(5, 2))
    m.apply("deploy N-002")
    refused(m, "counter M-037 pay N-003", "N-MISSION-3")
    m = mission_phase(p1={"hand": ["N-002"]}, p2={"hand": ["M-037", "N-003"]}, counters=(0, 3))
    play(m, "deploy N-002", "counter M-037 pay N-003")
    assert m.phase == "mission_chain_priority"


def test_N_MISSION_4_the_target_is_chosen_when_played():
    m = mission_phase(p1={"hand": ["M-007", "N-002"], "village": ["N-001"]})
    assert "mission M-007 pay N-002 target N-001@1" in legal(m)
    m.apply("mission M-007 pay N-002 target N-001@1")
    (link,) = m.state.chain
    assert link["targets"] == [iid(m, 0, "village", "N-001")]
    assert events(m, "mission_played")[0]["targets"] == ["N-001@1"]


def test_N_MISSION_4_a_target_must_be_given():
    m = mission_phase(p1={"hand": ["M-007", "N-002"], "village": ["N-001"]})
    refused(m, "mission M-007 pay N-002", "N-MISSION-4")


def test_N_MISSION_4_no_legal_target_no_mission():
    m = mission_phase(p1={"hand": ["M-007", "N-002"]}, p2={"village": ["N-001"]})
    assert not [a for a in legal(m) if a.startswith("mission")]
    refused(m, "mission M-007 pay N-002 target N-001@2", "N-KEY-TARGET-1")  # own Ninja only


def test_N_MISSION_4_a_mission_without_target_takes_none():
    m = mission_phase(p1={"hand": ["M-006", "N-002"], "village": ["N-001"]})
    refused(m, "mission M-006 pay N-002 target N-001@1", "N-MISSION-4")


def test_N_MISSION_5_hand_cost_paid_with_the_missions_symbol():
    m = mission_phase(p1={"hand": ["M-006", "N-001", "N-002"]})
    refused(m, "mission M-006 pay N-001", "N-MISSION-5")  # Lightning for a Fire mission
    refused(m, "mission M-006", "N-MISSION-5")
    refused(m, "mission M-006 pay N-002 N-001", "N-MISSION-5")
    m.apply("mission M-006 pay N-002")
    assert zone(m, 0, "chakra") == ["N-002"] and zone(m, 0, "hand") == ["N-001"]  # paid at once


@pytest.mark.parametrize("pay", ["N-002 N-016", "N-016 N-002", "N-002 N-028", "N-016 N-014"])
def test_N_MISSION_5_several_symbols_pay_with_any_of_them(pay):
    m = mission_phase(p1={"hand": ["M-903", "N-002", "N-028", "N-016", "N-014", "N-003"]})
    m.apply(f"mission M-903 pay {pay}")
    assert zone(m, 0, "chakra") == pay.split()


def test_N_MISSION_5_several_symbols_still_refuse_another_symbol():
    m = mission_phase(p1={"hand": ["M-903", "N-002", "N-003"]})
    refused(m, "mission M-903 pay N-002 N-003", "N-MISSION-5")


def test_N_MISSION_6_a_mission_starts_a_chain():
    m = mission_phase(p1={"hand": ["M-006", "N-002"]}, p2={"hand": ["M-009", "N-028"]})
    m.apply("mission M-006 pay N-002")
    assert m.phase == "mission_chain_priority" and m.actor == 1
    (link,) = m.state.chain
    assert (m.state.instances[link["card"]], link["player"], link["paid"]) == ("M-006", 0, ["N-002"])
    assert events(m, "chain_opened") == [{"player": 0}]
    assert "M-006" not in zone(m, 0, "hand") + zone(m, 0, "chakra")  # it is in the chain
    assert set(legal(m)) == {"counter M-009 pay N-028 target M-006@1", "pass"}


def test_N_MISSION_6_the_opponent_responds_with_a_counter_mission():
    m = mission_phase(p1={"hand": ["M-006", "N-002"]}, p2={"hand": ["M-009", "N-028"]})
    play(m, "mission M-006 pay N-002", "counter M-009 pay N-028 target M-006@1")
    assert [m.state.instances[link["card"]] for link in m.state.chain] == ["M-006", "M-009"]
    assert m.actor == 0 and legal(m) == ["pass"]
    play(m, "pass", "pass")
    assert m.phase == "mission_main" and m.state.chain == []
    # last in, first out: Lone Avenger settles first and negates the Mission, which never applies
    assert [e["card"] for e in events(m, "link_applied")] == ["M-009"]
    assert zone(m, 0, "chakra") == ["N-002"] and zone(m, 1, "chakra") == ["N-028", "M-009"]
    assert zone(m, 0, "discard") == ["M-006"]


def test_N_MISSION_7_a_resolved_mission_goes_to_the_chakra_area():
    m = mission_phase(p1={"hand": ["M-006", "N-002"]})
    m.apply("mission M-006 pay N-002")
    settle_chain(m)
    assert zone(m, 0, "chakra") == ["N-002", "M-006"]
    assert "M-006" not in zone(m, 0, "village") + zone(m, 0, "hand") + zone(m, 0, "discard")


def test_N_MISSION_7_a_failed_mission_goes_to_the_chakra_area_too():
    def target_gone(s):  # M-007 was played on Naruto, who has left play since
        mission = s.players[0].hand.pop()
        naruto = s.players[0].discard[0]
        s.chain = [{"card": mission, "player": 0, "user": None, "targets": [naruto], "paid": ["N-028"], "x": 0}]
        s.chain_starter, s.priority, s.passes = 0, 1, 1

    m = position(target_gone, phase="mission_chain_priority", turn=3,
                 p1={"hand": ["M-007"], "discard": ["N-001"], "chakra": ["N-028"]})
    m.apply("pass")
    assert events(m, "card_failed") == [{"link": 1, "player": 0, "card": "M-007", "rule": "N-CHAIN-6"}]
    assert zone(m, 0, "chakra") == ["N-028", "M-007"] and m.phase == "mission_main"
    sound(m)


def test_N_MISSION_7_a_permanent_mission_stays_in_the_village():
    m = mission_phase(p1={"hand": ["M-022", "N-004"]})
    m.apply("mission M-022 pay N-004")
    settle_chain(m)
    assert zone(m, 0, "village") == ["M-022"] and zone(m, 0, "chakra") == ["N-004"]


# === N-CHARGE: charging chakra (step D) ===========================================================
def test_N_CHARGE_1_any_number_of_cards_from_the_hand():
    m = mission_phase(p1={"hand": ["N-001", "J-001", "M-006", "N-002"]})
    m.apply("charge N-001 J-001 M-006")
    assert zone(m, 0, "chakra") == ["N-001", "J-001", "M-006"] and zone(m, 0, "hand") == ["N-002"]
    assert m.phase == "mission_main" and m.actor == 0  # nothing to answer
    m.apply("charge N-002")  # and again
    assert zone(m, 0, "chakra") == ["N-001", "J-001", "M-006", "N-002"] and zone(m, 0, "hand") == []
    assert events(m, "charged") == [{"player": 0, "cards": ["N-001", "J-001", "M-006"]},
                                    {"player": 0, "cards": ["N-002"]}]


def test_N_CHARGE_1_at_least_one_card():
    refused(mission_phase(p1={"hand": ["N-001"]}), "charge", "N-CHARGE-1")


@pytest.mark.parametrize("action", ["charge N-011", "charge N-001 N-001", "charge N-002"])
def test_N_CHARGE_1_only_cards_in_the_hand(action):
    m = mission_phase(p1={"hand": ["N-001"], "village": ["N-002"]})
    refused(m, action, "N-ZONE-2")


def test_N_CHARGE_2_charged_cards_have_no_effect():
    m = mission_phase(p1={"hand": ["N-013", "M-006", "N-001", "N-002", "M-011", "N-016"]})
    m.apply("charge N-013 M-006 N-001")
    assert "effect_left" not in keys(m) and m.state.chain == []
    p = m.state.players[0]
    assert p.missions == 0 and not p.deployed  # neither the turn's Mission nor its Ninja
    play(m, "deploy N-002", "pass", "mission M-011 pay N-016")
    assert m.phase == "mission_chain_priority"


def test_N_CHARGE_3_a_used_mission_moving_to_chakra_is_not_a_charge():
    m = mission_phase(p1={"hand": ["M-006", "N-002"]})
    m.apply("mission M-006 pay N-002")
    settle_chain(m)
    assert "M-006" in zone(m, 0, "chakra")
    assert events(m, "charged") == []
    assert m.state.players[0].missions == 1


def test_N_CHARGE_3_a_used_jutsu_moving_to_chakra_is_not_a_charge():
    m = position(phase="battle_attack", turn=3,
                 p1={"village": ["N-002"], "hand": ["J-001"], "chakra": ["N-001"]})
    to_exchange(m)
    play(m, "jutsu J-001 by N-002 pay N-001", "pass", "pass")
    assert zone(m, 0, "chakra") == ["J-001"] and zone(m, 0, "discard") == ["N-001"]
    assert events(m, "charged") == []


# === N-CLIENT: deploying a Client (step E) ========================================================
def test_N_CLIENT_1_one_client_per_turn():
    m = mission_phase(p1={"hand": ["C-902", "C-903"]})
    m.apply("client C-902")
    assert m.phase == "mission_window" and m.state.players[0].client
    m.apply("pass")
    refused(m, "client C-903", "N-CLIENT-1")
    assert not [a for a in legal(m) if a.startswith("client")]


def test_N_CLIENT_2_one_client_in_play():
    m = mission_phase(p1={"village": ["C-901"], "hand": ["C-902"]})
    refused(m, "client C-902", "N-CLIENT-2")
    assert not [a for a in legal(m) if a.startswith("client")]


def test_N_CLIENT_3_the_opponents_client_of_the_same_name_does_not_matter():
    m = mission_phase(p1={"hand": ["C-901", "N-016", "N-004"]}, p2={"village": ["C-901"]})
    m.apply("client C-901 pay N-016 N-004")
    assert zone(m, 0, "village") == ["C-901"] and zone(m, 1, "village") == ["C-901"]


def test_N_CLIENT_4_entrance_cost_at_most_the_counter():
    m = mission_phase(p1={"hand": ["C-903"]}, counters=(2, 5))
    err = refused(m, "client C-903", "N-CLIENT-4")
    assert (err.params["cost"], err.params["counter"]) == (3, 2)
    m = mission_phase(p1={"hand": ["C-903"]}, counters=(3, 0))
    m.apply("client C-903")
    assert zone(m, 0, "village") == ["C-903"]


@pytest.mark.parametrize("pay", ["N-016 N-004", "N-016 N-014", "N-004 N-005"])
def test_N_CLIENT_4_hand_cost_paid_with_its_symbols(pay):
    m = mission_phase(p1={"hand": ["C-901", "N-016", "N-014", "N-004", "N-005", "N-002"]})
    m.apply(f"client C-901 pay {pay}")
    assert zone(m, 0, "village") == ["C-901"] and zone(m, 0, "chakra") == pay.split()
    assert events(m, "client_deployed") == [{"player": 0, "card": "C-901", "paid": pay.split()}]


@pytest.mark.parametrize("pay", ["N-016 N-002", "N-016", "N-016 N-004 N-005", ""])
def test_N_CLIENT_4_wrong_hand_payment_refused(pay):
    m = mission_phase(p1={"hand": ["C-901", "N-016", "N-004", "N-005", "N-002"]})
    refused(m, f"client C-901 pay {pay}" if pay else "client C-901", "N-CLIENT-4")


def test_N_CLIENT_5_a_client_is_not_the_turns_ninja():
    m = mission_phase(p1={"hand": ["N-001", "C-902"]})
    play(m, "deploy N-001", "pass", "client C-902", "pass")
    assert zone(m, 0, "village") == ["N-001", "C-902"]
    m = mission_phase(p1={"hand": ["N-001", "C-902"]})
    play(m, "client C-902", "pass", "deploy N-001", "pass")
    assert zone(m, 0, "village") == ["C-902", "N-001"]


def test_N_CLIENT_5_deploying_a_client_opens_no_chain():
    m = mission_phase(p1={"hand": ["C-902"]}, p2={"hand": ["M-902"]})
    m.apply("client C-902")
    assert m.state.chain == [] and "chain_opened" not in keys(m)
    assert m.phase == "mission_window" and m.actor == 1 and set(legal(m)) == {"counter M-902", "pass"}
    m.apply("pass")
    assert m.phase == "mission_main" and m.actor == 0


def test_N_CLIENT_6_a_client_is_in_no_team():
    m = position(phase="organization_organize", turn=3, p1={"village": ["N-001", "C-902"]})
    assert m.state.players[0].teams == [[iid(m, 0, "village", "N-001")]]
    assert not [a for a in legal(m) if "C-902" in a]
    refused(m, "join C-902 T1", "N-CLIENT-6")
    refused(m, "team C-902 N-001", "N-CLIENT-6")
    m.apply("next")
    assert legal(m) == ["send T1", "next"]  # only the Ninja's team can be sent


def test_N_CLIENT_6_a_client_cannot_use_a_jutsu():
    m = position(phase="battle_attack", turn=3,
                 p1={"village": ["N-001", "C-902"], "hand": ["J-001"], "chakra": ["N-002"]})
    to_exchange(m)
    assert not [a for a in legal(m) if "by C-902" in a]
    refused(m, "jutsu J-001 by C-902 pay N-002", "N-CLIENT-6")
    m.apply("jutsu J-001 by N-001 pay N-002")
    assert m.phase == "battle_exchange_chain_priority"


# === N-KEY-PERM: Permanent and Permanent (X) missions =============================================
def test_N_KEY_PERM_1_a_permanent_mission_stays_in_play():
    m = mission_phase(p1={"hand": ["M-002", "N-001"]})
    m.apply("mission M-002 pay N-001")
    settle_chain(m)
    lasting = iid(m, 0, "village", "M-002")
    assert zone(m, 0, "village") == ["M-002"] and zone(m, 0, "chakra") == ["N-001"]
    assert lasting not in m.state.coins  # no coins on a plain Permanent
    assert all(lasting not in team for team in m.state.players[0].teams)  # not a Ninja
    finish_turn(m)
    finish_turn(m)
    assert zone(m, 0, "village") == ["M-002"]  # still there, turns later
    sound(m)


def test_N_KEY_PERM_1_its_text_applies_when_it_takes_effect():
    m = mission_phase(p1={"hand": ["M-002", "N-001"]})
    m.apply("mission M-002 pay N-001")
    settle_chain(m)
    assert events(m, "link_applied") == [{"link": 1, "player": 0, "card": "M-002"}]
    mission = m.state.players[0].village[0]
    assert rules_in_play(m.state, "naruto_coin", 0) == [mission] and events(m, "effect_left") == []


def test_N_KEY_PERM_2_placed_with_x_coins_one_off_each_turn_start():
    m = mission_phase(p1={"hand": ["M-901"]})
    m.apply("mission M-901")
    settle_chain(m)
    lasting = iid(m, 0, "village", "M-901")
    assert m.state.coins[lasting] == {"permanent": 2}
    finish_turn(m)  # the opponent's turn starts: seed 002 takes a coin at every turn's start
    assert m.actor == 1 and m.state.coins[lasting] == {"permanent": 1}
    assert events(m, "permanent_coin") == [{"player": 0, "card": "M-901", "left": 1}]
    finish_turn(m)  # the owner's turn starts: the last coin goes, and so does the mission
    assert m.actor == 0 and zone(m, 0, "village") == [] and zone(m, 0, "chakra") == ["M-901"]
    assert lasting not in m.state.coins
    assert events(m, "permanent_coin")[-1] == {"player": 0, "card": "M-901", "left": 0}
    sound(m)


def test_N_KEY_PERM_2_a_coin_goes_at_the_start_of_the_opponents_turn_too():
    def coins(n):
        def prepare(s):
            lasting = next(i for i in s.players[0].village if s.instances[i] == "M-901")
            s.coins[lasting] = {"permanent": n}
        return prepare

    m = position(coins(2), phase="start_begin", turn=4, attacker=1, p1={"village": ["M-901"]})
    assert zone(m, 0, "village") == ["M-901"] and m.state.coins[iid(m, 0, "village", "M-901")] == {"permanent": 1}
    m = position(coins(1), phase="start_begin", turn=4, attacker=1, p1={"village": ["M-901"]})
    assert zone(m, 0, "village") == [] and zone(m, 0, "chakra") == ["M-901"]


# === N-KEY-GROW: Growth ===========================================================================
def test_N_KEY_GROW_1_replaces_a_ninja_of_the_same_name():
    def marked(s):
        naruto = next(i for i in s.players[0].village if s.instances[i] == "N-001")
        s.coins[naruto] = {"seal": 2}

    m = position(marked, phase="mission_main", turn=3, counters=(3, 0),
                 p1={"village": ["N-002", "N-001"], "teams": [["N-002", "N-001"]], "injured": ["N-001"],
                     "hand": ["N-902", "N-003"]})
    old = iid(m, 0, "village", "N-001")
    assert "grow N-902 over N-001" in legal(m)
    m.apply("grow N-902 over N-001")
    new = iid(m, 0, "village", "N-902")
    assert zone(m, 0, "village") == ["N-002", "N-902"]  # in the old card's place
    assert zone(m, 0, "chakra") == ["N-001"] and zone(m, 0, "hand") == ["N-003"]
    assert m.state.players[0].teams == [[iid(m, 0, "village", "N-002"), new]]
    assert m.state.coins[new] == {"seal": 2, "growth": 1} and old not in m.state.coins
    assert new in m.state.injured and old not in m.state.injured  # keeps the injured state
    assert stats(m.state, new) == (2 + 1, 1 + 1)  # injured values plus the Growth coin
    assert events(m, "grown") == [{"player": 0, "card": "N-902", "over": "N-001"}]
    assert m.phase == "mission_main" and m.actor == 0
    sound(m)


def test_N_KEY_GROW_1_a_healthy_ninja_grows_healthy():
    m = mission_phase(p1={"village": ["N-001"], "hand": ["N-902"]})
    m.apply("grow N-902 over N-001")
    new = iid(m, 0, "village", "N-902")
    assert new not in m.state.injured and stats(m.state, new) == (5, 3)


@pytest.mark.parametrize("action", ["grow N-019 over N-001", "grow N-902 over N-002", "grow N-902"])
def test_N_KEY_GROW_1_needs_growth_and_the_same_name(action):
    m = mission_phase(p1={"village": ["N-001", "N-002"], "hand": ["N-902", "N-019"]})
    refused(m, action, "N-KEY-GROW-1")


def test_N_KEY_GROW_1_only_over_ones_own_ninja():
    m = mission_phase(p1={"hand": ["N-902"]}, p2={"village": ["N-001"]})
    assert not [a for a in legal(m) if a.startswith("grow")]
    refused(m, "grow N-902 over N-001", "N-ZONE-2")


def test_N_KEY_GROW_2_any_number_besides_the_deployment_without_hand_cost():
    m = mission_phase(p1={"village": ["N-001", "N-003"], "hand": ["N-002", "N-902", "N-908", "N-028"]},
                      counters=(4, 0))  # entrance costs 3 and 4, reached; hand costs 2 and 1: none is paid
    play(m, "deploy N-002", "pass", "grow N-902 over N-001", "grow N-908 over N-003")
    assert zone(m, 0, "village") == ["N-902", "N-908", "N-002"]
    assert zone(m, 0, "chakra") == ["N-001", "N-003"] and zone(m, 0, "hand") == ["N-028"]
    assert m.phase == "mission_main"


def test_N_KEY_GROW_2_the_entrance_cost_still_applies():
    """Seed 002 waives the « prix d'appel » (the hand cost) only: the entrance cost is the turn
    counter's threshold, as for any deployment."""
    m = mission_phase(p1={"village": ["N-001"], "hand": ["N-902"]}, counters=(2, 0))  # N-902: entrance 3
    assert not [a for a in legal(m) if a.startswith("grow")]
    err = refused(m, "grow N-902 over N-001", "N-KEY-GROW-2")
    assert err.params == {"card": "N-902", "cost": 3, "counter": 2}
    m = mission_phase(p1={"village": ["N-001"], "hand": ["N-902"]}, counters=(3, 0))
    m.apply("grow N-902 over N-001")
    assert zone(m, 0, "village") == ["N-902"]


def test_N_KEY_GROW_2_growth_leaves_the_deployment_free():
    m = mission_phase(p1={"village": ["N-001"], "hand": ["N-902", "N-002"]})
    play(m, "grow N-902 over N-001", "deploy N-002")
    assert zone(m, 0, "village") == ["N-902", "N-002"]


def test_N_KEY_GROW_3_not_on_a_ninja_deployed_this_turn():
    m = mission_phase(p1={"hand": ["N-001", "N-902"]})
    play(m, "deploy N-001", "pass")
    refused(m, "grow N-902 over N-001", "N-KEY-GROW-3")


def test_N_KEY_GROW_3_not_on_a_ninja_that_already_has_a_growth_coin():
    m = mission_phase(p1={"village": ["N-001"], "hand": ["N-902", "N-909"]})
    m.apply("grow N-902 over N-001")
    refused(m, "grow N-909 over N-902", "N-KEY-GROW-3")
    finish_turn(m)
    finish_turn(m)  # a later turn does not change it
    refused(m, "grow N-909 over N-902", "N-KEY-GROW-3")


# === N-KEY-GROUP: Group / Platoon Ninjas ==========================================================
def test_N_KEY_GROUP_1_a_group_bears_both_names():
    assert GROUP.is_group and GROUP.names == {"Kakashi Hatake", "Iruka Umino"}
    m = position(phase="battle_attack", turn=3,
                 p1={"village": ["N-903"], "hand": ["J-030"], "chakra": ["N-002", "N-001"]})
    to_exchange(m)
    assert "jutsu J-030 by N-903 pay N-002 N-001" in legal(m)  # Lightning Blade needs Kakashi Hatake
    m.apply("jutsu J-030 by N-903 pay N-002 N-001")
    assert m.phase == "battle_exchange_chain_priority"


@pytest.mark.parametrize("present", ["N-008", "N-011"])
def test_N_KEY_GROUP_2_no_group_while_either_name_is_in_the_village(present):
    m = mission_phase(p1={"village": [present], "hand": ["N-903", "N-002", "N-001"]})
    refused(m, "deploy N-903 pay N-002 N-001", "N-KEY-GROUP-2")


@pytest.mark.parametrize("number", ["N-008", "N-011"])
def test_N_KEY_GROUP_2_neither_name_while_the_group_is_in_the_village(number):
    m = mission_phase(p1={"village": ["N-903"], "hand": [number]}, counters=(4, 4))
    refused(m, f"deploy {number}", "N-KEY-GROUP-2")


def test_N_KEY_GROUP_2_the_opponents_group_does_not_matter():
    m = mission_phase(p1={"hand": ["N-008"]}, p2={"village": ["N-903"]})
    m.apply("deploy N-008")
    assert zone(m, 0, "village") == ["N-008"]


def test_N_KEY_GROUP_3_any_number_of_groups_per_turn():
    m = mission_phase(p1={"hand": ["N-001", "N-903", "N-904", "N-002", "N-007"]})
    play(m, "deploy N-001", "pass", "deploy N-903 pay N-002 N-007", "pass", "deploy N-904", "pass")
    assert zone(m, 0, "village") == ["N-001", "N-903", "N-904"]
    assert m.phase == "mission_main"


def test_N_KEY_GROUP_3_a_group_leaves_the_deployment_free():
    m = mission_phase(p1={"hand": ["N-904", "N-001"]})
    play(m, "deploy N-904", "pass")
    assert not m.state.players[0].deployed
    m.apply("deploy N-001")
    assert zone(m, 0, "village") == ["N-904", "N-001"] and m.state.players[0].deployed


@pytest.mark.parametrize("pay", ["N-002 N-001", "N-001 N-007", "N-002 N-028"])
def test_N_KEY_GROUP_4_hand_cost_with_either_or_both_symbols(pay):
    m = mission_phase(p1={"hand": ["N-903", "N-002", "N-001", "N-007", "N-028", "N-003"]})
    m.apply(f"deploy N-903 pay {pay}")
    assert zone(m, 0, "village") == ["N-903"] and zone(m, 0, "chakra") == pay.split()


def test_N_KEY_GROUP_4_hand_cost_of_another_symbol_refused():
    m = mission_phase(p1={"hand": ["N-903", "N-002", "N-003"]})
    refused(m, "deploy N-903 pay N-002 N-003", "N-DEPLOY-5")


def test_N_KEY_GROUP_4_as_chakra_a_group_counts_as_one_symbol():
    # 8 Trigram Divination Seal (J-006) costs F F: the Fire/Lightning Group pays one F, not two
    m = position(phase="battle_attack", turn=3,
                 p1={"village": ["N-011"], "hand": ["J-006"], "chakra": ["N-903", "N-001", "N-002"]})
    to_exchange(m)
    refused(m, "jutsu J-006 by N-011 target N-011@1 pay N-903 N-001", "N-JUTSU-3")
    m.apply("jutsu J-006 by N-011 target N-011@1 pay N-903 N-002")
    assert zone(m, 0, "discard") == ["N-903", "N-002"] and zone(m, 0, "chakra") == ["N-001"]


# === N-ZONE: zones and what is public =============================================================
def test_N_ZONE_1_each_player_has_every_zone_and_a_counter():
    assert ZONES == ("deck", "hand", "discard", "chakra", "village", "rewards", "battlefield", "removed")
    m = fresh()
    for seat, player in enumerate(m.to_json()["position"]["players"]):
        assert set(ZONES) <= set(player) and player["counter"] == 0
        assert len(player["deck"]) == 50 and all(player[z] == [] for z in ZONES if z != "deck")
        assert all(m.state.owner[i] == seat for i in player["deck"])


def test_N_ZONE_1_cards_go_to_their_zones():
    m = mission_phase(p1={"hand": ["N-001", "C-902", "M-002", "N-007", "J-001"]})
    play(m, "deploy N-001", "pass", "client C-902", "pass", "mission M-002 pay N-007")
    settle_chain(m)
    m.apply("charge J-001")
    assert zone(m, 0, "village") == ["N-001", "C-902", "M-002"]  # Ninjas, the Client, Permanent missions
    assert zone(m, 0, "chakra") == ["N-007", "J-001"] and zone(m, 0, "hand") == []
    sound(m)


def test_N_ZONE_2_in_referee_mode_hands_are_counts():
    m = new_match([None, None], mode="referee")
    assert [len(p.deck) for p in m.state.players] == [50, 50] and set(m.state.instances) == {None}
    play(m, "first 1", "keep", "keep")
    for p in m.state.players:
        assert len(p.hand) == 6 and len(p.deck) == 44  # the number of cards is known...
    assert set(m.state.instances) == {None}  # ...their identity is not
    assert {"deploy ?", "mission ?", "charge ?", "client ?", "next"} <= set(legal(m))
    refused(m, "deploy ?", "N-ZONE-2")


def test_N_ZONE_2_naming_a_card_reveals_it():
    m = new_match([None, None], mode="referee")
    play(m, "first 1", "keep", "keep")
    m.apply("charge N-001 J-001")
    assert zone(m, 0, "chakra") == ["N-001", "J-001"] and zone(m, 0, "hand") == [None] * 4
    assert events(m, "named") == [{"player": 0, "card": "N-001"}, {"player": 0, "card": "J-001"}]
    m.apply("deploy N-002")
    assert zone(m, 0, "village") == ["N-002"] and zone(m, 0, "hand") == [None] * 3
    sound(m)


def test_N_ZONE_2_a_deck_list_limits_which_cards_may_be_named():
    lists = decks(6)
    m = new_match([lists[0], None], mode="referee", seed=2)
    play(m, "first 1", "keep", "keep")
    absent = next(c.number for c in SET1 if c.number not in lists[0])
    assert refused(m, f"charge {absent}", "N-ZONE-2").params["reason"] == "not_in_deck"
    listed = max(set(lists[0]), key=lists[0].count)
    copies = lists[0].count(listed)
    refused(m, "charge " + " ".join([listed] * (copies + 1)), "N-ZONE-2")  # one copy too many
    m.apply("charge " + " ".join([listed] * copies))
    assert zone(m, 0, "chakra") == [listed] * copies and m.state.players[0].pool[listed] == 0
    m.apply("next")  # seat 2 entered no deck list: any card may be named
    m.apply("pass")
    finish_turn(m)
    m.apply(f"charge {absent}")
    assert zone(m, 1, "chakra") == [absent]


def test_N_ZONE_2_a_listed_copy_cannot_pay_for_itself():
    # one Small Act of Courage in the list: it cannot be both the Mission and its payment
    m = new_match([["M-039"] + ["N-004"] * 49, None], mode="referee", check_decks=False)
    play(m, "first 1", "keep", "keep")
    assert refused(m, "mission M-039 pay M-039", "N-ZONE-2").params["reason"] == "not_in_deck"
    m.apply("mission M-039 pay N-004")
    assert m.state.players[0].pool == {"M-039": 0, "N-004": 48}
    assert zone(m, 0, "chakra") == ["N-004"] and len(m.state.chain) == 1


def test_N_ZONE_2_a_card_goes_to_its_owners_zones():
    m = mission_phase(p1={"hand": ["M-006", "N-002"]}, p2={"hand": ["M-009", "N-028"]})
    play(m, "mission M-006 pay N-002", "counter M-009 pay N-028 target M-006@1")
    settle_chain(m)
    assert zone(m, 1, "chakra") == ["N-028", "M-009"] and zone(m, 0, "chakra") == ["N-002"]
    assert zone(m, 0, "discard") == ["M-006"]  # negated into its owner's discard pile
    assert all(m.state.owner[i] == seat for seat in (0, 1) for i in m.state.players[seat].chakra)


# === N-CARD: card types and what a card shows =====================================================
def test_N_CARD_1_four_card_types_and_mission_kinds():
    assert CARD_TYPES == ("Ninja", "Jutsu", "Mission", "Client")
    assert {c.type for c in SET1} <= set(CARD_TYPES)
    assert SET1.get("M-022").is_permanent and SET1.get("M-022").permanent_coins is None
    assert SET1.get("M-009").is_counter and not SET1.get("M-009").is_permanent
    assert LASTING.is_permanent and LASTING.permanent_coins == 2
    assert not SET1.get("M-006").is_permanent and not SET1.get("M-006").is_counter


@pytest.mark.parametrize("action, expected", [
    ("deploy J-001", "Ninja"), ("deploy M-006", "Ninja"), ("deploy C-902", "Ninja"),
    ("mission N-002", "Mission"), ("mission J-001", "Mission"),
    ("client N-002", "Client"), ("client M-006", "Client"),
    ("grow J-001 over N-001", "Ninja"),
])
def test_N_CARD_1_a_card_of_the_wrong_type_is_refused(action, expected):
    m = mission_phase(p1={"hand": ["J-001", "M-006", "C-902", "N-002"], "village": ["N-001"]})
    err = refused(m, action, "N-CARD-1")
    assert err.params["expected"] == expected


def test_N_CARD_1_wrong_type_as_a_counter_mission_or_a_jutsu():
    m = mission_phase(p1={"hand": ["N-002"]}, p2={"hand": ["N-028"]})
    m.apply("deploy N-002")
    refused(m, "counter N-028", "N-CARD-1")
    m = position(phase="battle_attack", turn=3, p1={"village": ["N-002"], "hand": ["N-001", "M-006"]})
    to_exchange(m)
    refused(m, "jutsu N-001 by N-002", "N-CARD-1")
    refused(m, "jutsu M-006 by N-002", "N-CARD-1")


def test_N_CARD_2_one_or_two_symbols():
    for card in SET1:
        assert 1 <= len(card.symbols) <= 2 and set(card.symbols) <= set(SYMBOLS), card.number


@pytest.mark.parametrize("ninja", ["N-023", "N-039"])  # a Fire Ninja and a Lightning Ninja, hand cost 1
def test_N_CARD_2_a_two_symbol_card_pays_with_either_symbol(ninja):
    m = mission_phase(p1={"hand": [ninja, "N-903"]}, counters=(5, 0))
    m.apply(f"deploy {ninja} pay N-903")
    assert zone(m, 0, "village") == [ninja] and zone(m, 0, "chakra") == ["N-903"]


def test_N_CARD_3_costs_and_values_a_card_shows():
    for card in SET1:
        if card.type in ("Ninja", "Mission", "Client"):
            assert isinstance(card.entrance_cost, int) and isinstance(card.hand_cost, int), card.number
        if card.type == "Ninja":
            assert len(card.healthy) == 2 and len(card.injured) == 2, card.number
        if card.type == "Jutsu":
            assert card.jutsu_cost, card.number
            assert all(t in LETTERS or t.isdigit() or t == "X" for t in card.jutsu_cost), card.number
    assert SET1.get("J-030").jutsu_cost == ("F", "1") and LETTERS["F"] == "Fire"


def test_N_CARD_3_an_injured_ninja_shows_its_injured_values():
    m = mission_phase(p1={"village": ["N-008", "N-011"], "injured": ["N-008"]})
    assert stats(m.state, iid(m, 0, "village", "N-008")) == SET1.get("N-008").injured == (1, 1)
    assert stats(m.state, iid(m, 0, "village", "N-011")) == SET1.get("N-011").healthy == (5, 3)


@pytest.mark.parametrize("action", ["deploy N-999", "charge N-001 Z-001", "mission M-999", "client C-001"])
def test_N_CARD_4_an_unknown_card_number_is_refused(action):
    m = mission_phase(p1={"hand": ["N-001"]})
    err = refused(m, action, "N-CARD-4")
    assert err.params["number"] in action.split()


def test_N_CARD_4_card_numbers_carry_their_type_prefix():
    prefix = {"Ninja": "N", "Jutsu": "J", "Mission": "M", "Client": "C"}
    for card in SET1:
        assert re.fullmatch(rf"{prefix[card.type]}-\d{{3}}", card.number), card.number


def test_N_CARD_4_a_french_deck_list_uses_the_same_numbers():
    french = {"N": "NI", "J": "TE", "M": "TA", "C": "CL"}
    lists = decks(8, "french")
    written = [f"{french[n[0]]}-{n[2:]}" for n in lists[0]]
    m = new_match([written, lists[1]], fmt="french", seed=3)
    assert sorted(zone(m, 0, "deck")) == sorted(lists[0])
    play(m, "first 1", "keep", "keep")
    assert all(SET1.get(n) is not None for n in m.state.instances)  # every instance is a known card
    assert legal(m) and "NI-" not in " ".join(legal(m))
    sound(m)

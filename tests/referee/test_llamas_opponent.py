"""The Llamas Unleashed computer players (`referee/games/llamas/opponent.py`): whole guided games with
legal actions only, the match never changed by a choice, the heuristic choosing from what its seat
may see, referee mode refused, and the heuristic beating random play.

The win-rate test is deterministic (fixed seeds): one heuristic seat against two random ones, the
heuristic's seat turning round the table. Measured over 60 such 3-player games the heuristic won 59
(random play would win a third), and 38 of 40 with the Farmed and Dangerous expansion shuffled in;
the test asks for 24 of 30, with the base game alone and with the expansion.
"""

from __future__ import annotations

import copy
import random

import pytest

from referee.engine.match import Match
from referee.games.llamas.invariants import violations
from referee.games.llamas.opponent import HeuristicPlayer, RandomPlayer, SeatView
from referee.games.llamas.rules import new_match
from referee.games.llamas.scenario import scenario

from llamas_support import FILLER
from watched import Watched

WIN_GAMES = 30
WIN_THRESHOLD = 24  # of 30; measured: 59 of 60


def play_out(match, players) -> int:
    actions = 0
    while not match.is_over():
        match.apply(players[match.actor].choose(match))
        assert violations(match.state) == [], match.history[-1]
        actions += 1
    return actions


@pytest.mark.parametrize("seats", [2, 3, 8])
def test_whole_games_with_legal_actions_leaving_the_match_unchanged(seats):
    match = new_match(seats, seed=seats)
    players = {k: Watched(HeuristicPlayer(k) if k % 2 == 0 else RandomPlayer(k)) for k in range(seats)}
    actions = play_out(match, players)
    assert match.outcome().rule in ("L-WIN-1", "L-WIN-3", "L-WIN-4")
    assert sum(p.choices for p in players.values()) == actions == len(match.history)


@pytest.mark.parametrize("expansions", [(), ("farmed-and-dangerous",)])
def test_heuristic_beats_random_play(expansions):
    wins = 0
    for game in range(WIN_GAMES):
        match = new_match(3, seed=1000 + game, expansions=expansions)
        me = game % 3
        players = {k: HeuristicPlayer(game) if k == me else RandomPlayer(10 * game + k) for k in range(3)}
        play_out(match, players)
        wins += match.outcome().winner == me
    assert wins >= WIN_THRESHOLD


def _hidden_shuffled(match, me: int, rng: random.Random):
    """A match at a copy of the position where every card ``me`` may not see (other hands, the deck)
    is dealt differently: the same counts, other cards (the position alone: no history to copy)."""
    s = match.rules.load_state(match.state.to_dict(), match.state.cards)
    hidden = [i for seat, p in enumerate(s.players) if seat != me for i in p.hand] + list(s.deck)
    numbers = [s.instances[i] for i in hidden]
    rng.shuffle(numbers)
    for iid, number in zip(hidden, numbers):
        s.instances[iid] = number
    return Match(match.rules, s, settle=False)


def test_heuristic_sees_only_what_its_seat_may_see():
    """At each decision of whole games, the heuristic chooses the same when the other hands and the
    deck hold other cards. Positions where the legal actions themselves differ (a choice that shows
    another hand or searches the deck lists what it shows) are not compared: there the seat sees it."""
    rng = random.Random(0)
    compared = 0
    for seed in (5, 6):
        match = new_match(3, seed=seed)
        players = {k: HeuristicPlayer(k) for k in range(3)}
        while not match.is_over():
            me = match.actor
            twin_player = copy.deepcopy(players[me])
            choice = players[me].choose(match)
            other = _hidden_shuffled(match, me, rng)
            if [str(a) for a in other.legal_actions()] == [str(a) for a in match.legal_actions()]:
                assert twin_player.choose(other) == choice
                compared += 1
            match.apply(choice)
    assert compared > 100


def test_seat_view_refuses_hidden_cards():
    match = scenario(players=3, hands=[["LU-005"], ["LU-006"], ["LU-007"]], fields=[["LU-003"], ["LU-001"], []],
                     deck=FILLER)
    s = match.state
    view = SeatView(s, 0)
    assert view.card(s.players[0].hand[0]).number == "LU-005"
    assert view.card(s.players[1].field[0]).number == "LU-001"  # fields are public
    assert view.hand_size(1) == 1
    for hidden in (s.players[1].hand[0], s.players[2].hand[0], s.deck[0]):
        with pytest.raises(LookupError):
            view.card(hidden)


def test_referee_mode_and_finished_matches_are_refused():
    referee = new_match(3, mode="referee")
    for player in (HeuristicPlayer(1), RandomPlayer(1)):
        with pytest.raises(ValueError, match="guided"):
            player.choose(referee)
    match = new_match(2, seed=3)
    play_out(match, {0: RandomPlayer(1), 1: RandomPlayer(2)})
    with pytest.raises(ValueError, match="over"):
        HeuristicPlayer(1).choose(match)


# --- decisions in written positions ----------------------------------------------------------------
def test_plays_an_animal_into_its_own_field():
    match = scenario(players=3, hands=[["LU-006", "LU-067"], [], []], fields=[["LU-003"], ["LU-001"], ["LU-002"]],
                     deck=FILLER)
    assert str(HeuristicPlayer(1).choose(match)) == "play LU-006 into 1"


def test_plays_a_downgrade_into_the_field_of_the_opponent_closest_to_winning():
    match = scenario(players=3, hands=[["LU-042"], [], []],
                     fields=[["LU-003"], ["LU-001", "LU-005", "LU-006"], ["LU-002", "LU-007", "LU-008", "LU-005", "LU-006"]],
                     deck=FILLER)
    assert str(HeuristicPlayer(1).choose(match)) == "play LU-042 into 3"


def test_draws_when_the_hand_holds_nothing_worth_playing():
    match = scenario(players=2, hands=[["LU-048"], []], fields=[["LU-003"], ["LU-001"]], deck=FILLER)
    assert str(HeuristicPlayer(1).choose(match)) == "draw"


def test_answers_with_an_instant_the_animal_that_would_make_an_opponent_win_and_lets_a_small_one_stand():
    near = ["LU-001", "LU-005", "LU-006", "LU-007", "LU-008", "LU-005"]  # six animals: one short of seven
    match = scenario(players=3, current=1, hands=[["LU-048"], ["LU-006"], []], fields=[["LU-003"], near, ["LU-002"]],
                     deck=FILLER)
    match.apply("play LU-006 into 2")
    assert match.actor == 0 and str(HeuristicPlayer(1).choose(match)) == "instant LU-048"
    match = scenario(players=3, current=2, hands=[["LU-048"], [], ["LU-006"]],
                     fields=[["LU-003"], ["LU-001", "LU-005"], ["LU-002"]], deck=FILLER)
    match.apply("play LU-006 into 3")
    assert match.actor == 0 and str(HeuristicPlayer(1).choose(match)) == "pass"


def test_aims_a_destruction_at_the_leaders_animal():
    match = scenario(players=3, hands=[["LU-062"], [], []],
                     fields=[["LU-003"], ["LU-001", "LU-005"], ["LU-002", "LU-006", "LU-007", "LU-008"]], deck=FILLER)
    player = HeuristicPlayer(1)
    match.apply(player.choose(match))
    assert str(match.history[-1]) == "play LU-062"
    while match.actor != 0 or not match.state.pending:
        match.apply("pass")
    choice = str(player.choose(match))
    assert choice.startswith("choose ") and choice.endswith("@3") and "LU-002" not in choice


def test_sacrifices_the_pinata_to_save_an_animal_but_not_a_downgrade():
    player = HeuristicPlayer(1)
    match = scenario(hands=[["LU-062"]], fields=[["LU-001"], ["LU-002", "LU-007", "LU-072"]], deck=FILLER)
    match.apply("play LU-062")
    match.apply("choose LU-007@2")
    assert match.actor == 1 and str(player.choose(match)) == "choose yes"
    match = scenario(hands=[["LU-066", "LU-005"]], fields=[["LU-001"], ["LU-002", "LU-046", "LU-072"]], deck=FILLER)
    for action in ("play LU-066", "choose LU-005", "choose LU-046@2"):
        match.apply(action)
    assert match.actor == 1 and str(player.choose(match)) == "choose no"


# --- the expansion's cards ---------------------------------------------------------------------------
def test_heuristic_plays_fleeced_only_against_a_bigger_hand_and_swaps_with_the_biggest():
    small = scenario(players=3, hands=[["LU-106", "LU-007"], ["LU-005"], ["LU-006"]],
                     fields=[["LU-001"], ["LU-002"], ["LU-003"]], deck=FILLER)
    assert str(HeuristicPlayer(1).choose(small)) != "play LU-106"
    big = scenario(players=3, hands=[["LU-106"], ["LU-005"], ["LU-006"] * 6],
                   fields=[["LU-001"], ["LU-002"], ["LU-003"]], deck=FILLER)
    assert str(HeuristicPlayer(1).choose(big)) == "play LU-106"
    big.apply("play LU-106")
    while big.phase == "action_window":
        big.apply("pass")
    assert str(HeuristicPlayer(1).choose(big)) == "choose 3"


def test_heuristic_sends_samba_llamas_other_card_to_the_player_furthest_from_winning():
    m = scenario(players=3, hands=[["LU-094"]], fields=[["LU-001"], ["LU-002"] + ["LU-006"] * 4, ["LU-003"]],
                 deck=["LU-046", "LU-007"] + FILLER)
    m.apply("play LU-094 into 1")
    assert str(HeuristicPlayer(1).choose(m)) == "choose 3"
    m.apply("choose 3")
    assert str(HeuristicPlayer(1).choose(m)) == "choose LU-007"  # the animal kept, the Downgrade given


def test_heuristic_moves_a_downgrade_to_the_leader_and_an_upgrade_to_itself():
    m = scenario(players=3, hands=[["LU-105"]], fields=[["LU-001", "LU-046"], ["LU-002"] + ["LU-006"] * 4,
                                                         ["LU-003", "LU-073"]], deck=FILLER)
    m.apply("play LU-105")
    assert str(HeuristicPlayer(1).choose(m)) == "choose LU-046@1"  # its own Tranquilizer out
    m.apply("choose LU-046@1")
    assert str(HeuristicPlayer(1).choose(m)) == "choose 2"
    m = scenario(players=3, hands=[["LU-105"]], fields=[["LU-001"], ["LU-002"], ["LU-003", "LU-073"]], deck=FILLER)
    m.apply("play LU-105")
    m.apply("choose LU-073@3")
    assert str(HeuristicPlayer(1).choose(m)) == "choose 1"


def test_whole_games_with_the_expansion_and_the_heuristic():
    match = new_match(5, seed=5, expansions=("farmed-and-dangerous",))
    players = {k: Watched(HeuristicPlayer(k) if k % 2 == 0 else RandomPlayer(k)) for k in range(5)}
    actions = play_out(match, players)
    assert match.outcome().rule in ("L-WIN-1", "L-WIN-3", "L-WIN-4") and actions == len(match.history)

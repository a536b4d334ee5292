"""The Naruto CCG's teacher (issue 19): a hint is the computer player's action with its reason,
worked out from what the seat to act may see; the review of a finished match names the decisions
where the acting seat's standing changed most, and is the same for the same seeded game."""

from __future__ import annotations

import random

import pytest

from referee.engine.match import Match
from referee.engine.teacher import review
from referee.games.naruto.coach import COACH
from referee.games.naruto.decks import random_deck
from referee.games.naruto.cards import bundled
from referee.engine.players import RandomPlayer
from referee.engine.playout import play as play_game
from referee.games.naruto.opponent import HeuristicPlayer
from referee.games.naruto.rules import new_match
from referee.games.naruto.scenario import scenario

from test_rules_battle_end import play, player


def attack(p1: dict, p2: dict):
    return scenario(phase="battle_attack", turn=3, p1=player(**p1), p2=player(**p2))


def test_a_hint_is_the_computer_players_action():
    m = attack({"village": ["N-011"]}, {"village": ["N-009"]})
    hint = COACH.hint(m)
    assert hint.action == HeuristicPlayer(0).choose(m) and hint.action in m.legal_actions()


def test_sending_a_team_every_block_loses_to():
    m = attack({"village": ["N-011"]}, {"village": ["N-009", "N-010"]})  # Kakashi 5 against 3 and 4
    hint = COACH.hint(m)
    assert str(hint.action) == "send T1"
    assert (hint.reason, hint.params) == ("send_wins", {"lead": "N-011", "power": 5, "rewards": 2,
                                                         "against": "N-010", "margin": 1})


def test_sending_a_team_nobody_can_block():
    m = attack({"village": ["N-009"]}, {})
    hint = COACH.hint(m)
    assert (str(hint.action), hint.reason, hint.params) == (
        "send T1", "send_unblockable", {"lead": "N-009", "power": 3, "rewards": 1})


def test_blocking_with_a_team_that_wins():
    m = attack({"village": ["N-009"]}, {"village": ["N-011"]})
    play(m, "send T1", "next")
    hint = COACH.hint(m)
    assert str(hint.action) == "block T1 on N-009"
    assert (hint.reason, hint.params) == ("block_wins", {"lead": "N-011", "on": "N-009", "margin": 2})


def test_a_deployment_names_the_ninja_and_its_strength():
    m = scenario(phase="mission_main", turn=3, counters=(4, 4), p1=player(hand=["N-011"]), p2=player())
    hint = COACH.hint(m)
    assert hint.action.verb == "deploy" and hint.reason == "deploy"
    assert hint.params == {"card": "N-011", "combat": 5, "support": 3}


def test_a_hint_reads_only_what_the_seat_may_see():
    """Two positions that differ only in the other player's hand give the same hint."""
    def hinted(hand):
        m = attack({"village": ["N-011"]}, {"village": ["N-009", "N-010"], "hand": hand})
        return COACH.hint(m)
    assert hinted([]) == hinted(["J-001", "J-002", "N-024"])


def test_a_hint_needs_a_guided_match():
    m = scenario(phase="battle_attack", turn=3, mode="referee", p1=player(village=["N-011"]), p2=player())
    with pytest.raises(ValueError):
        COACH.hint(m)


def seeded_game(seed: int):
    """Seat 0 played at random (a learner who often does otherwise than the hint), seat 1 by the heuristic."""
    rng = random.Random(seed)
    decks = [random_deck(bundled(), "standard", rng) for _ in range(2)]
    match = new_match(decks, seed=seed)
    play_game(match, {0: RandomPlayer(seed), 1: HeuristicPlayer(seed + 1)})
    return match


def test_the_review_of_a_seeded_game_is_stable_and_names_first_where_the_hint_would_have_done_best():
    """Seat 0 plays at random: its turning points are the decisions where the hint's action would
    have left it best placed compared with what it did; the rest come after, by how much its standing
    changed."""
    match = seeded_game(3)
    points = review(match, COACH, seats=[0], count=4)
    assert len(points) == 4 and points == review(seeded_game(3), COACH, seats=[0], count=4)
    assert [p.index for p in points] == sorted(p.index for p in points)  # in the order they were taken
    assert all(p.seat == 0 and p.action == match.history[p.index] and p.hint.reason for p in points)
    assert all(p.followed == (p.hint.action == p.action) for p in points)
    everyone = review(match, COACH, seats=[0], count=10_000)
    assert all(p.hinted == p.after for p in everyone if p.followed)
    # first where the hint would have done better, by the largest margins; then by the change of standing
    missed = sorted((p.missed for p in everyone if p.missed > 0), reverse=True)
    rest = sorted((abs(p.change) for p in everyone if p.missed <= 0), reverse=True)
    assert missed and rest  # the random seat did worse than the hint somewhere, and as well elsewhere
    kept_missed = sorted((p.missed for p in points if p.missed > 0), reverse=True)
    assert kept_missed == missed[:4]
    assert sorted((abs(p.change) for p in points if p.missed <= 0), reverse=True) == rest[:4 - len(kept_missed)]


def test_the_review_tells_where_the_hint_would_have_led():
    """A turning point's ``hinted`` is the standing after the hint's action, taken instead at that
    point of the match."""
    match = seeded_game(3)
    point = next(p for p in review(match, COACH, seats=[0], count=10_000) if not p.followed)
    before = Match.from_json(match.rules, {"initial": match.to_json()["initial"],
                                           "history": [str(a) for a in match.history[:point.index]]},
                             match.state.cards)
    assert COACH.standing(before, 0) == point.before
    before.apply(point.hint.action)
    assert COACH.standing(before, 0) == point.hinted

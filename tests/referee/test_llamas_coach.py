"""Llamas Unleashed's teacher (issue 19): a hint is the computer player's action with its reason from
what the seat to act may see; the review of a finished seeded game is stable."""

from __future__ import annotations

import pytest

from referee.engine.teacher import review
from referee.games.llamas.coach import COACH
from referee.games.llamas.opponent import HeuristicPlayer, SeatView
from referee.games.llamas.rules import new_match
from referee.games.llamas.scenario import scenario

from llamas_support import FILLER, turn


def test_a_hint_is_the_computer_players_action_with_the_herd_it_makes():
    m = turn(hands=[["LU-005", "LU-006"]], fields=[["LU-007"]])
    hint = COACH.hint(m)
    assert hint.action == HeuristicPlayer(0).choose(m)
    assert hint.action.verb == "play" and hint.reason == "animal"
    assert hint.params["animals"] == 2 and hint.params["needed"] == 1 + SeatView(m.state, 0, m.rules).short(0)


def test_a_downgrade_goes_to_the_player_closest_to_winning():
    m = turn(players=3, hands=[["LU-040"]], fields=[[], ["LU-005"], ["LU-005", "LU-006", "LU-007"]])
    hint = COACH.hint(m)
    assert str(hint.action).startswith("play LU-040") and (hint.reason, hint.params) == (
        "downgrade", {"card": "LU-040", "player": 2})


def test_a_hint_reads_only_what_the_seat_may_see():
    def hinted(other_hand):
        return COACH.hint(turn(hands=[["LU-005", "LU-040"], other_hand], fields=[[], ["LU-006"]]))
    assert hinted([]) == hinted(["LU-009", "LU-040", "LU-005"])


def test_a_hint_needs_a_guided_match():
    m = scenario(players=2, deck=FILLER, hands=[["LU-005"]], mode="referee")
    with pytest.raises(ValueError):
        COACH.hint(m)


def seeded_game(seed: int, seats: int = 3):
    match = new_match(seats, seed=seed)
    players = [HeuristicPlayer(seed + k) for k in range(seats)]
    while not match.is_over():
        match.apply(players[match.actor].choose(match))
    return match


def test_the_review_of_a_seeded_game_is_stable():
    match = seeded_game(5)
    points = review(match, COACH, seats=[1], count=3)
    assert points and points == review(seeded_game(5), COACH, seats=[1], count=3)
    assert all(p.seat == 1 and p.action == match.history[p.index] and p.hint.reason for p in points)
    assert all(p.hinted == p.after for p in points if p.followed)

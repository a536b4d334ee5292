"""A rematch sets a match up again as it was (players, decks or physical decks, format, mode) with a
new shuffle, in every game; a match that began as a position has none."""

from __future__ import annotations

import random

import pytest

from referee.games import GAMES
from referee.games.naruto.scenario import scenario


@pytest.mark.parametrize("game", list(GAMES))
def test_a_rematch_sets_the_match_up_again_with_a_new_shuffle(game):
    entry = GAMES[game]
    play = entry.part("play")
    match = play.random_match(random.Random(4), entry.default_format, max(entry.seats.start, 3))
    for action in match.legal_actions()[:1]:
        match.apply(action)
    again = play.rematch(match, 99)
    first, second = match.to_json()["initial"], again.to_json()["initial"]
    assert second["seed"] == 99 and second["mode"] == first["mode"] and not again.history
    assert [p["name"] for p in second["players"]] == [p["name"] for p in first["players"]]
    assert sorted(map(str, second["instances"])) == sorted(map(str, first["instances"]))
    assert second["rng"] != first["rng"]


def test_a_referee_mode_rematch_keeps_the_physical_decks_sizes():
    play = GAMES["naruto"].part("play")
    match = play.from_setup({"mode": "referee", "deck_sizes": [40, 43], "names": ["Ana", "Boris"]})
    again = play.rematch(match, 5)
    assert [len(p.deck) for p in again.state.players] == [40, 43] and again.state.mode == "referee"


def test_a_match_begun_as_a_position_has_no_rematch():
    match = scenario(phase="mission_main", turn=2, p1={"deck": ["N-001"] * 5}, p2={"deck": ["N-001"] * 5})
    assert GAMES["naruto"].part("play").rematch(match, 1) is None

"""What the engine does once rather than many times, checked against doing it the plain way:

- a verb's ``checked`` listing (`referee.engine.match.Verb`) gives exactly the candidates its
  ``check`` accepts, in order, with the plans ``check`` returns (Llamas `play`: each card checked
  once, then each field it may go into);
- a `Not` guard holds exactly when its guard does not, and with a memo costs no evaluation of its own;
- actions are made once per value (`Action.of`), and equal ones stay equal, hashable and picklable.
"""

from __future__ import annotations

import pickle
import random

import pytest

from referee.engine.action import Action
from referee.engine.errors import IllegalAction
from referee.engine.machine import Not, holds
from referee.games.llamas.pile import candidates_play, check_play, checked_play
from referee.games.llamas.rules import new_match


def plain_listing(s, row) -> list[tuple[Action, object]]:
    """`candidates_play` each checked by `check_play`: what `checked_play` must give."""
    out = []
    for action in candidates_play(s, row):
        if action.needs_naming:
            out.append((action, None))
            continue
        try:
            out.append((action, check_play(s, row, action)))
        except IllegalAction:
            pass
    return out


@pytest.mark.parametrize("seats,seed", [(2, 11), (4, 12), (6, 13)])
def test_the_checked_play_listing_is_the_candidates_check_accepts_with_their_plans(seats, seed):
    compared = 0
    for game in range(3):
        match = new_match(seats, seed=seed + 100 * game)
        rows = [r for r in match.rules.table.rows if r.verb == "play"]
        rng = random.Random(seed + game)
        while not match.is_over():
            s = match.state
            for row in rows:
                if row.source == s.phase:
                    assert checked_play(s, row) == plain_listing(s, row)
                    compared += 1
            match.apply(rng.choice(match.legal_actions()))
    assert compared >= 40


def test_a_not_guard_is_the_opposite_guard_read_from_the_memo():
    calls = []

    def even(n: int) -> bool:
        calls.append(n)
        return n % 2 == 0

    odd = Not(even)
    assert odd(3) and not odd(4) and calls == [3, 4]
    calls.clear()
    memo: dict = {}
    assert holds(odd, 5, memo) and not holds(even, 5, memo) and calls == [5]  # one evaluation for both
    assert holds(odd, 5, None) and calls == [5, 5]  # without a memo, every time


def test_actions_are_values_made_once():
    a = Action.of("deploy", "N-008", pay=["J-001", "J-002"])
    b = Action.parse("deploy N-008 pay J-001 J-002")
    assert a is Action.of("deploy", "N-008", pay=("J-001", "J-002"))
    assert a == b and hash(a) == hash(b) and {a: 1}[b] == 1
    assert pickle.loads(pickle.dumps(a)) == a
    assert Action.parse("deploy ? pay J-001").needs_naming and not a.needs_naming
    assert Action.of("play", "LU-006", into=None) == Action("play", ("LU-006",))

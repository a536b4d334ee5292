"""What the engine does once rather than many times, checked against doing it the plain way:

- a verb's ``checked`` listing (`referee.engine.match.Verb`) gives exactly the candidates its
  ``check`` accepts, in order, with the plans ``check`` returns (Llamas `play`: each card checked
  once, then each field it may go into);
- a `Not` guard holds exactly when its guard does not, and with a memo costs no evaluation of its own;
- actions are made once per value (`Action.of`), and equal ones stay equal, hashable and picklable;
- what a field makes true (Llamas `traits.field_traits`) and what the cards in play do (Naruto
  `traits.play_effects`), kept while their zones hold the same cards, are what working them out
  afresh gives, after every action of random games and after a field is changed by hand.
"""

from __future__ import annotations

import pickle
import random

import pytest

from referee.engine.action import Action
from referee.engine.errors import IllegalAction
from referee.engine.machine import Not
from referee.engine.match import unseen
from referee.games.llamas.pile import candidates_play, check_play
from referee.games.llamas.rules import new_match


def plain_listing(s, row, candidates=candidates_play, check=check_play) -> list[tuple[Action, object]]:
    """``candidates`` each checked by ``check``: what the verb's ``checked`` must give."""
    out = []
    for action in candidates(s, row):
        if action.needs_naming:
            out.append((action, None))
            continue
        try:
            out.append((action, check(s, row, action)))
        except IllegalAction:
            pass
    return out


@pytest.mark.parametrize("verb", ["play", "discard"])
@pytest.mark.parametrize("seats,seed", [(2, 11), (4, 12), (6, 13)])
def test_a_checked_listing_is_the_candidates_check_accepts_with_their_plans(seats, seed, verb):
    """Llamas `play` and `discard` list their legal actions with their plans at once (`Verb.checked`):
    the same actions, in the same order, with the same plans as each candidate checked alone."""
    compared = 0
    for game in range(3 if verb == "play" else 20):  # a hand over the limit is rarer
        match = new_match(seats, seed=seed + 100 * game)
        rows = [r for r in match.rules.table.rows if r.verb == verb]
        plain = match.rules.verbs[verb]
        rng = random.Random(seed + game)
        while not match.is_over():
            s = match.state
            for row in rows:
                if row.source == s.phase and all(match.rules.table.guards[g][0](s) for g in row.guards):
                    assert plain.checked(s, row) == plain_listing(s, row, plain.candidates, plain.check)
                    compared += 1
            match.apply(rng.choice(match.legal_actions()))
    assert compared >= (40 if verb == "play" else 4)


def test_a_not_guard_is_the_opposite_guard_read_from_the_memo():
    calls = []

    def even(n: int) -> bool:
        calls.append(n)
        return n % 2 == 0

    odd = Not(even)
    assert odd(3) and not odd(4) and calls == [3, 4]
    calls.clear()
    memo = unseen(5)
    assert memo[odd] and not memo[even] and calls == [5]  # one evaluation for both
    assert memo[odd] and not memo[even] and calls == [5]  # then read
    assert unseen(5)[even] is False and calls == [5, 5]  # another position, worked out again


def test_actions_are_values_made_once():
    a = Action.of("deploy", "N-008", pay=["J-001", "J-002"])
    b = Action.parse("deploy N-008 pay J-001 J-002")
    assert a is Action.of("deploy", "N-008", pay=("J-001", "J-002"))
    assert a == b and hash(a) == hash(b) and {a: 1}[b] == 1
    assert pickle.loads(pickle.dumps(a)) == a
    assert Action.parse("deploy ? pay J-001").needs_naming and not a.needs_naming
    assert Action.of("play", "LU-006", into=None) == Action("play", ("LU-006",))


def fresh_field_traits(s, seat):
    from referee.games.llamas.traits import FieldTraits
    fresh = FieldTraits(s, tuple(s.players[seat].field))
    return (fresh.rams, fresh.animals, fresh.variations_here(s), fresh.words, fresh.win_count, fresh.abilities,
            fresh.no_instants)


def test_what_a_llamas_field_makes_true_is_kept_only_while_the_field_is_the_same():
    from referee.games.llamas.traits import field_traits

    for seed in (31, 32):
        match = new_match(4, seed=seed)
        rng = random.Random(seed)
        while not match.is_over():
            s = match.state
            for seat in range(s.seats):
                kept = field_traits(s, seat)
                assert (kept.rams, kept.animals, kept.variations_here(s), kept.words, kept.win_count, kept.abilities,
                        kept.no_instants) == \
                    fresh_field_traits(s, seat)
            match.apply(rng.choice(match.legal_actions()))
    s = match.state
    seat = next(k for k in range(s.seats) if s.players[k].field)
    before = field_traits(s, seat)
    s.players[seat].field.pop()  # changed by hand: worked out again
    assert field_traits(s, seat) is not before
    assert field_traits(s, seat).animals == fresh_field_traits(s, seat)[1]


def test_what_the_naruto_cards_in_play_do_is_kept_only_while_the_zones_in_play_are_the_same():
    from referee.games.naruto.cards import bundled
    from referee.games.naruto.decks import random_deck
    from referee.games.naruto.rules import new_match as naruto_match
    from referee.games.naruto.traits import PlayEffects, play_effects

    rng = random.Random(41)
    for game in range(2):
        match = naruto_match([random_deck(bundled(), "standard", rng) for _ in range(2)], seed=41 + game)
        while not match.is_over():
            s = match.state
            kept = play_effects(s)
            fresh = PlayEffects(s, kept.key)
            assert (kept.ruled, kept.static) == (fresh.ruled, fresh.static)
            match.apply(rng.choice(match.legal_actions()))

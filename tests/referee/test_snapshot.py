"""Undo snapshots: `NarutoState.snapshot`/`restore` give back exactly the position (the same `to_dict`,
every attribute, independent copies), `TrackedRandom` draws the same numbers as `random.Random` while
reusing its state tuple as long as it has not drawn, and the match, keeping a snapshot one action in
`CHECKPOINT_EVERY`, undoes and redoes to every exact position and puts back a half-done action."""

from __future__ import annotations

import random

import pytest

from referee.engine.match import CHECKPOINT_EVERY, Verb
from referee.engine.rng import TrackedRandom
from referee.games.naruto.cards import bundled
from referee.games.naruto.decks import random_deck
from referee.games.naruto.rules import new_match
from referee.games.naruto.state import NarutoState, Player


def _draws(rng: random.Random) -> list:
    deck = list(range(50))
    rng.shuffle(deck)
    return [deck, rng.randrange(2), rng.randrange(2**40), rng.choice("abcdef"), rng.random(), rng.gauss(0, 1),
            rng.gauss(0, 1), rng.getrandbits(70), rng.sample(range(100), 5), rng.randint(3, 9), rng.randbytes(5)]


def test_tracked_random_draws_as_random():
    for seed in (0, 1, 7, 2**32 - 1, 123456789):
        plain, tracked = random.Random(seed), TrackedRandom(seed)
        for _ in range(3):
            assert _draws(plain) == _draws(tracked)
            assert plain.getstate() == tracked.getstate()


def test_tracked_random_state_is_reused_until_it_draws():
    rng, plain = TrackedRandom(5), random.Random(5)
    first = rng.getstate()
    assert rng.getstate() is first and first == plain.getstate()
    for draw in (lambda r: r.random(), lambda r: r.shuffle([1, 2, 3]), lambda r: r.gauss(0, 1),
                 lambda r: r.getrandbits(3), lambda r: r.seed(9), lambda r: r.setstate(first)):
        before = rng.getstate()
        draw(rng)
        draw(plain)
        after = rng.getstate()
        assert after == plain.getstate()
        assert after is not before  # drawn (or reset): read again
        assert rng.getstate() is after  # not drawn since: the same tuple


def test_restored_generator_continues_the_sequence():
    rng = TrackedRandom(11)
    rng.random()
    again = TrackedRandom.restored(rng.getstate())
    assert _draws(again) == _draws(rng)


def _positions(games: int = 4):
    cards = bundled()
    for g in range(games):
        rng = random.Random(g)
        match = new_match([random_deck(cards, "standard", rng), random_deck(cards, "standard", rng)],
                          seed=rng.randrange(2**32))
        while not match.is_over():
            yield match.state
            match.apply(rng.choice(match.legal_actions()))
        yield match.state


def test_restore_gives_the_same_position():
    for state in _positions():
        before = state.to_dict()
        snap = state.snapshot()
        restored = NarutoState.restore(snap, state.cards)
        assert restored.to_dict() == before
        assert set(vars(restored)) == set(vars(state))
        assert restored.events == [] and restored.cards is state.cards
        # every mutable part is a copy: playing on the restored position leaves the snapshot as it was
        for p in restored.players:
            for slot in Player.__slots__:
                value = getattr(p, slot)
                if isinstance(value, list):
                    value.append(-1)
        restored.instances.append(None)
        restored.injured.add(-1)
        restored.coins[-1] = {}
        restored.entered[-1] = 0
        restored.rng.random()
        assert NarutoState.restore(snap, state.cards).to_dict() == before
        assert state.to_dict() == before


def test_player_copy_covers_every_slot():
    p = Player("x")
    for k, slot in enumerate(Player.__slots__):
        setattr(p, slot, [[k]] if slot in ("teams", "sent") else {"N-001": k} if slot == "pool" else [k] if
                slot in ("deck", "hand", "discard", "chakra", "village", "rewards", "battlefield", "removed", "against")
                else f"v{k}")
    q = p.copy()
    for slot in Player.__slots__:
        assert getattr(q, slot) == getattr(p, slot), slot
        if isinstance(getattr(p, slot), (list, dict)):
            assert getattr(q, slot) is not getattr(p, slot), slot
    assert q.teams[0] is not p.teams[0] and q.sent[0] is not p.sent[0]
    assert q.to_dict() == p.to_dict()


def _game(seed: int):
    cards = bundled()
    rng = random.Random(seed)
    match = new_match([random_deck(cards, "standard", rng), random_deck(cards, "standard", rng)],
                      seed=rng.randrange(2**32))
    return match, rng


def test_undo_all_the_way_back_and_redo_all_the_way_forward():
    """Snapshots are kept one action in CHECKPOINT_EVERY; every position in between is replayed."""
    for seed in range(3):
        match, rng = _game(seed)
        positions, logs = [match.state.to_dict()], [list(match.log)]
        while not match.is_over():
            match.apply(rng.choice(match.legal_actions()))
            positions.append(match.state.to_dict())
            logs.append(list(match.log))
        assert len(positions) > 3 * CHECKPOINT_EVERY
        for k in range(len(positions) - 2, -1, -1):
            match.undo()
            assert match.state.to_dict() == positions[k] and match.log == logs[k], k
        assert not match.can_undo
        for k in range(1, len(positions)):
            match.redo()
            assert match.state.to_dict() == positions[k] and match.log == logs[k], k
        assert match.is_over() and not match.can_redo


class Boom(Exception):
    pass


def test_an_action_failing_half_way_leaves_the_match_as_it_was(monkeypatch):
    """Whether or not a snapshot was kept just before it, a failure inside perform (after the state has
    started to change) gives back the position, log and history as they were."""
    match, rng = _game(7)
    rules = match.rules
    tried = set()
    while not match.is_over() and len(tried) < 12:
        actions = match.legal_actions()
        action = rng.choice(actions)
        verb = rules.verbs[action.verb]
        done = len(match.history)
        key = (action.verb, done % CHECKPOINT_EVERY == 0)
        if key not in tried:
            tried.add(key)
            before, log, history = match.state.to_dict(), list(match.log), list(match.history)

            def broken(s, plan, perform=verb.perform):
                perform(s, plan)
                s.players[0].hand.clear()
                s.turn += 100
                raise Boom()

            monkeypatch.setitem(rules.verbs, action.verb, Verb(verb.candidates, verb.check, broken))
            with pytest.raises(Boom):
                match.apply(action)
            monkeypatch.setitem(rules.verbs, action.verb, verb)
            assert match.state.to_dict() == before and match.log == log and match.history == history
            assert match.legal_actions() == actions
        match.apply(action)
    assert {snapshot for _, snapshot in tried} == {True, False}

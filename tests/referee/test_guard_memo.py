"""A decision evaluates each guard once (`referee.engine.match.Seen`): listing the legal actions,
checking the chosen one and the machine's transition conditions read one value per guard and
position, and an action `legal_actions` listed is not checked again when it is applied. Whatever is
remembered, the match refuses and applies exactly as one that remembers nothing: an action that was
not listed is checked in full, with the same rule and parameters.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from referee.engine.errors import IllegalAction
from referee.engine.machine import Table
from referee.engine.match import Match, Verb
from referee.games.llamas.rules import LlamasRules
from referee.games.llamas.rules import new_state as llamas_state
from referee.games.naruto.cards import bundled
from referee.games.naruto.decks import random_deck
from referee.games.naruto.rules import NarutoRules
from referee.games.naruto.rules import new_state as naruto_state


class Counted:
    """A game's rules whose guards note every evaluation as (guard, position) and whose verbs count
    their checks."""

    def __init__(self, rules):
        self.rules = rules
        self.calls: list[tuple[str, str]] = []
        self.checks = 0
        table = rules.table
        guards = {name: (self._noted(name, fn), rule) for name, (fn, rule) in table.guards.items()}
        rules.table = Table(table.name, table.states, table.rows, guards, table.initial, table.anywhere)
        rules.verbs = {name: self._counted(verb) for name, verb in rules.verbs.items()}

    def _noted(self, name, fn):
        def guard(state):
            self.calls.append((name, position(state)))
            return fn(state)
        return guard

    def _counted(self, verb: Verb) -> Verb:
        def check(state, row, action):
            self.checks += 1
            return verb.check(state, row, action)
        return Verb(verb.candidates, check, verb.perform, verb.trusted)


def position(state) -> str:
    return json.dumps({**state.to_dict(), "phase": state.phase}, sort_keys=True)


def naruto(seed: int) -> Match:
    rng = random.Random(seed)
    cards = bundled()
    decks = [random_deck(cards, "standard", rng), random_deck(cards, "standard", rng)]
    return naruto_state(decks, seed=seed)


def play(rules, state, seed: int, decisions: int) -> Counted:
    """``decisions`` random decisions, asserting for each that no guard is evaluated twice on one
    position and that the chosen action, listed and checked, is not checked again."""
    counted = Counted(rules)
    match = Match(counted.rules, state)
    rng = random.Random(seed)
    for _ in range(decisions):
        if match.is_over():
            break
        counted.calls.clear()
        counted.checks = 0
        actions = match.legal_actions()
        listing = counted.checks
        action = rng.choice(actions)
        match.apply(action)
        twice = [call for call, n in Counter(counted.calls).items() if n > 1]
        assert not twice, (str(action), [name for name, _ in twice])
        verb = rules.verbs[action.verb]
        checked_when_listed = not verb.trusted and not action.needs_naming
        assert counted.checks - listing == (0 if checked_when_listed else 1), str(action)
    return counted


def test_a_naruto_decision_evaluates_each_guard_once():
    for seed in range(3):
        play(NarutoRules("standard"), naruto(seed), seed, 400)


def test_a_llamas_decision_with_four_players_evaluates_each_guard_once():
    for seed in range(3):
        play(LlamasRules(), llamas_state(4, seed=seed), seed, 300)


def refusal(match: Match, notation: str) -> tuple[str, dict] | None:
    try:
        match.apply(notation)
    except IllegalAction as err:
        return err.rule, dict(err.params)
    return None


def test_an_action_not_listed_is_checked_in_full_and_refused_as_by_a_fresh_match():
    """Actions typed by a user after the listing: the same refusals, rule and parameters, as from a
    match that listed nothing, and the same explanation."""
    rng = random.Random(7)
    listed = Match(NarutoRules("standard"), naruto(7))
    fresh = Match(NarutoRules("standard"), naruto(7))
    typed = ("next", "pass", "charge N-001", "deploy N-001", "send T1", "join N-001 new", "keep", "mulligan",
             "first 3", "flip", "jutsu J-001 by N-001")
    for _ in range(300):
        if listed.is_over():
            break
        actions = listed.legal_actions()
        for notation in typed:
            if notation not in {str(a) for a in actions}:
                assert listed.explain(notation) == fresh.explain(notation), notation
                assert refusal(listed, notation) == refusal(fresh, notation), notation
        action = rng.choice(actions)
        listed.apply(action)
        fresh.apply(str(action))
        assert listed.state.to_dict() == fresh.state.to_dict()
        assert listed.log == fresh.log
    assert [str(a) for a in listed.history] == [str(a) for a in fresh.history]


def test_undo_and_redo_forget_what_was_worked_out_about_the_position():
    match = Match(NarutoRules("standard"), naruto(3))
    rng = random.Random(3)
    for _ in range(60):
        match.apply(rng.choice(match.legal_actions()))
    before = [str(a) for a in match.legal_actions()]
    match.apply(rng.choice(match.legal_actions()))
    match.undo()
    assert [str(a) for a in match.legal_actions()] == before
    redone = match.redo()
    fresh = Match(NarutoRules("standard"), naruto(3))
    for action in match.history:
        fresh.apply(str(action))
    assert [str(a) for a in match.legal_actions()] == [str(a) for a in fresh.legal_actions()], str(redone)

"""Whole games played by programs: random playouts (as OpenSpiel's random_sim_test), whole games of
random legal actions, checking after every action that the position is sound, that its JSON round
trip is exact and that undo restores the previous position exactly, and at the end that replaying
the log from the seed gives the same position; and games between computer players (`play`)."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from .match import Match, Outcome


@dataclass
class Playout:
    actions: int = 0
    outcome: Outcome | None = None
    turns: int = 0
    violations: list[str] = field(default_factory=list)


#: the most actions a whole game played by programs may take before it is called unfinished
MAX_ACTIONS = 20_000


def play(match: Match, players: Mapping[int, Any], *, max_actions: int = MAX_ACTIONS,
         invariants: Callable[[Any], list[str]] | None = None) -> Playout:
    """Play ``match`` to its end, each seat's action chosen by ``players[seat]`` (anything with
    ``choose(match)``: the games' computer players); the result is a `Playout` as for random
    playouts (``invariants`` checked after every action when given)."""
    result = Playout()
    while not match.is_over() and result.actions < max_actions:
        match.apply(players[match.actor].choose(match))
        result.actions += 1
        if invariants is not None:
            result.violations += [f"after {match.history[-1]}: {v}" for v in invariants(match.state)]
    if not match.is_over():
        result.violations.append(f"game did not end within {max_actions} actions")
    result.outcome = match.outcome()
    result.turns = match.state.turn
    return result


def play_random(match: Match, rng: random.Random, *, invariants: Callable[[Any], list[str]] | None = None,
                deep: bool = False, max_actions: int = MAX_ACTIONS) -> Playout:
    """Play ``match`` to its end with uniformly random legal actions. ``deep`` adds the round-trip,
    undo and replay checks (slower)."""
    result = Playout()
    rules = match.rules
    while not match.is_over() and result.actions < max_actions:
        actions = match.legal_actions()
        if not actions:
            result.violations.append(f"no legal action at {match.phase}")
            break
        before = match.state.to_dict() if deep else None
        match.apply(rng.choice(actions))
        result.actions += 1
        if invariants is not None:
            result.violations += [f"after {match.history[-1]}: {v}" for v in invariants(match.state)]
        if deep:
            after = match.state.to_dict()
            if rules.load_state(json.loads(json.dumps(after)), match.state.cards).to_dict() != after:
                result.violations.append(f"JSON round trip differs after {match.history[-1]}")
            action = match.undo()
            if match.state.to_dict() != before:
                result.violations.append(f"undo of {action} does not restore the position")
            match.redo()
            if match.state.to_dict() != after:
                result.violations.append(f"redo of {action} does not give the same position")
    if not match.is_over():
        result.violations.append(f"game did not end within {max_actions} actions")
    if deep:
        replayed = Match.from_json(rules, {"initial": match.to_json()["initial"],
                                           "history": [str(a) for a in match.history]}, match.state.cards)
        if replayed.state.to_dict() != match.state.to_dict():
            result.violations.append("replaying the log from the seed gives another position")
    result.outcome = match.outcome()
    result.turns = getattr(match.state, "turn", 0)
    return result


def perft(match: Match, depth: int) -> int:
    """Leaves of the legal-action tree ``depth`` plies deep (a finished game is a leaf), walked with
    apply/undo, as chess engines count moves to check their move generation; after every undo the
    position must be exactly the one before the action (AssertionError otherwise)."""
    if depth == 0 or match.is_over():
        return 1
    before = match.state.to_dict()
    nodes = 0
    for action in match.legal_actions():
        match.apply(action)
        nodes += perft(match, depth - 1)
        match.undo()
        if match.state.to_dict() != before:
            raise AssertionError(f"undo of {action} at {match.phase} does not restore the position")
    return nodes

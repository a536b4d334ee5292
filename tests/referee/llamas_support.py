"""Helpers shared by the Llamas Unleashed tests: positions by hand, reading zones by card number."""

from __future__ import annotations

from referee.engine.match import Match
from referee.games.llamas.cards import bundled
from referee.games.llamas.invariants import violations
from referee.games.llamas.scenario import scenario

CARDS = bundled()
FILLER = ["LU-005"] * 20  # a deck of Basic Alpacas, so that nobody runs out


def numbers(m: Match, zone: str, seat: int | None = None) -> list[str]:
    """The card numbers of a zone: a seat's ``hand`` or ``field``, or a shared zone."""
    s = m.state
    ids = getattr(s.players[seat], zone) if seat is not None else getattr(s, zone)
    return [s.instances[i] for i in ids]


def act(m: Match, *actions: str) -> Match:
    """Apply each action in turn; every position on the way keeps every invariant."""
    for action in actions:
        m.apply(action)
        assert violations(m.state) == [], (action, violations(m.state))
    return m


def keys(m: Match) -> list[str]:
    return [e.key for e in m.log]


def events(m: Match, key: str) -> list[dict]:
    return [e.params for e in m.log if e.key == key]


def legal(m: Match) -> set[str]:
    return {str(a) for a in m.legal_actions()}


def pending(m: Match) -> dict:
    return m.state.pending[0]


def turn(players: int = 2, **kwargs) -> Match:
    """A position in the Action phase of seat 1's turn (a deck of fillers unless given)."""
    kwargs.setdefault("deck", FILLER)
    return scenario(players=players, **kwargs)


def passes(m: Match) -> Match:
    """Everyone asked lets the top of the pile be (L-CARD-1)."""
    while m.phase == "action_window" and not m.state.pending:
        act(m, "pass")
    return m

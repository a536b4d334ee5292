"""Refusals. The engine holds no display text: a refusal is a rule id of docs/rules.en.md plus named
parameters, and `localization` turns it into a sentence in the player's language."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Violation:
    """A broken rule: its id (e.g. ``N-DEPLOY-4``) and the values that explain it."""

    rule: str
    params: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        args = ", ".join(f"{k}={v}" for k, v in self.params.items())
        return f"{self.rule}({args})" if args else self.rule


class IllegalAction(ValueError):
    """An action the rules refuse. The match it was tried on is left exactly as it was."""

    def __init__(self, rule: str, **params: Any):
        self.rule = rule
        self.params = params
        super().__init__(str(Violation(rule, params)))

    @property
    def violation(self) -> Violation:
        return Violation(self.rule, dict(self.params))


class NotationError(IllegalAction):
    """A string that is not an action's notation at all."""

    def __init__(self, text: str, reason: str):
        super().__init__("NOTATION", text=text, reason=reason)


class PositionError(IllegalAction):
    """A position, set-up or scenario the referee cannot start from (a file written by hand, a
    saved position edited or damaged): ``reason`` says why, with the key or value concerned. It is
    a refusal of the pseudo-rule ``POSITION``, so it reads as a sentence in every language."""

    def __init__(self, reason: str, **params: Any):
        super().__init__("POSITION", reason=reason, **params)


class IllegalDeck(ValueError):
    """A deck that breaks the format's construction rules, refused when a match is set up from
    decks; ``seat`` is whose, ``violations`` lists every rule it breaks."""

    def __init__(self, seat: int, violations: list):
        self.seat = seat
        self.violations = violations
        super().__init__(f"deck {seat + 1}: " + ", ".join(str(v) for v in violations))

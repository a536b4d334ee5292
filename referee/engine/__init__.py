"""The game-agnostic kernel: matches, actions and their notation, refusals, the machine builder."""

from .action import Action
from .errors import IllegalAction, NotationError, Violation
from .match import Match, Outcome, Verdict

__all__ = ["Action", "IllegalAction", "Match", "NotationError", "Outcome", "Verdict", "Violation"]

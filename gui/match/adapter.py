"""The one object through which the GUI changes a match.

Widgets never touch the `Match`: every control hands an `Action` (or undo/redo) to `MatchAdapter`,
which applies it and emits ``changed``; the views then redraw from the state. A refusal is emitted
as ``refused`` with the `IllegalAction` (its rule id and parameters), and the match is untouched.
"""

from __future__ import annotations

from contextlib import contextmanager

from PySide6.QtCore import QObject, Signal

from referee.engine.action import Action
from referee.engine.errors import IllegalAction
from referee.engine.match import Match

#: log events that come from chance or from hidden cards: stepping back over them is confirmed,
#: because at a real table the cards drawn or the coin tossed cannot be taken back unseen
CHANCE_EVENTS = frozenset({"drew", "dealt", "shuffled", "coin_flip", "mulligan"})


class MatchAdapter(QObject):
    changed = Signal()
    refused = Signal(object)  # IllegalAction
    applied = Signal(object)  # Action
    finished = Signal(object)  # Outcome
    lost = Signal(object)  # cards.records.MatchElsewhere: another window or computer took the match over

    def __init__(self, match: Match, uid: str | None = None):
        super().__init__()
        self.match = match
        self.uid = uid  # the match record, when it is recorded
        self.actors = _actors(match)  # the seat that took each action of the history
        match.observers.append(self._observe)

    def _observe(self, match, change, action, phase, actor) -> None:
        if change == "apply":
            self.actors.append(actor)
        else:
            self.actors.pop()

    def apply(self, action: Action | str) -> bool:
        try:
            with self._recording():
                self.match.apply(action)
        except IllegalAction as err:
            self.refused.emit(err)
            return False
        self.applied.emit(self.match.history[-1])
        self._moved_on()
        return True

    def undo(self) -> bool:
        if not self.match.can_undo:
            return False
        with self._recording():
            self.match.undo()
        self.changed.emit()
        return True

    def redo(self) -> bool:
        if not self.match.can_redo:
            return False
        with self._recording():
            self.match.redo()
        self._moved_on()
        return True

    @contextmanager
    def _recording(self):
        """The match's record was taken over elsewhere: the change stands on this page, which is
        told (``lost``) and no longer records it."""
        from cards.records import MatchElsewhere

        try:
            yield
        except MatchElsewhere as err:
            self.lost.emit(err)

    def _moved_on(self) -> None:
        """After an action (applied or redone): the views redraw, and a finished match says so."""
        self.changed.emit()
        outcome = self.match.outcome()
        if outcome is not None:
            self.finished.emit(outcome)

    def undo_crosses_chance(self) -> bool:
        """Whether the last action drew, shuffled or flipped a coin (its own or the automatic steps
        that followed it)."""
        last = len(self.match.history)
        for entry in reversed(self.match.log):  # the last action's events are at the end
            if entry.index != last:
                return False
            if entry.key in CHANCE_EVENTS:
                return True
        return False


def _actors(match: Match) -> list[int | None]:
    """Who took each action of the match's history: as its record has them (a resumed match's were
    read with its actions, a new one has none yet), so nothing is replayed to learn it. Only a match
    shown without a record (the application records every match before showing it) is replayed from
    its initial position."""
    from cards.records import recorded_actors

    recorded = recorded_actors(match)
    if recorded is not None:
        return recorded
    if not match.history:
        return []
    replay = Match(match.rules, match.rules.load_state(match.to_json()["initial"], match.state.cards), settle=False)
    out = []
    for action in match.history:
        out.append(replay.actor)
        replay.apply(action)
    return out

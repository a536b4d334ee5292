"""A computer player under watch, for the opponent tests of every game."""

from __future__ import annotations

from referee.engine.match import Match


class Watched:
    """A player whose every choice is checked: one of the legal actions, the match left exactly as it
    was (position, history, undo and redo, log) and no observer told of anything."""

    def __init__(self, player):
        self.player = player
        self.choices = 0

    def choose(self, match: Match):
        before, log, undo, redo = match.dumps(), list(match.log), match.can_undo, match.can_redo
        heard = []
        match.observers.append(lambda *event: heard.append(event))
        try:
            action = self.player.choose(match)
        finally:
            match.observers.pop()
        assert match.dumps() == before
        assert match.log == log and (match.can_undo, match.can_redo) == (undo, redo)
        assert heard == []
        assert action in match.legal_actions(), str(action)
        self.choices += 1
        return action

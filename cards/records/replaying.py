"""Rebuilding recorded matches: a match at its last recorded action (`rebuilt`, which resuming a
match starts from) and stepping through one (`replay`, `Replay`).

Positions are never stored: the engine is deterministic from its seed, so a match is rebuilt by
replaying its recorded actions from its initial position (`replaying`, which also gives the step and
seat each action was taken at). A record the rules can no longer follow is a `RecordError` naming
the action.
"""

from __future__ import annotations

from typing import Iterator, Sequence

from referee.engine.errors import IllegalAction, NotationError, PositionError
from referee.engine.match import Match, load_position
from referee.games import GAMES, game as game_entry

from ..source import engine_cards
from .errors import RecordError, short
from .reading import ActionInfo, MatchInfo, load, stored
from localization import current


def rules_for(game: str, fmt: str):
    """The rules ``game`` is played by in the format ``fmt``."""
    if game not in GAMES:
        raise RecordError("unknown_game", game=game, known=", ".join(GAMES))
    return game_entry(game).part("play").rules(fmt)


def replaying(rules, initial: dict, notations: Sequence[str], cards, uid: str) -> Iterator:
    """Replay ``notations`` from ``initial`` on a match built there (sent first, then one
    (phase, actor) per action: the step and seat it was taken at); an action the rules refuse
    raises RecordError("does_not_replay")."""
    try:
        state = load_position(rules, initial, cards)
    except PositionError as err:
        raise RecordError("bad_position", uid=short(uid), reason=current().error(err)) from None
    match = Match(rules, state, settle=False)
    yield match
    for seq, notation in enumerate(notations, 1):
        phase, actor = match.phase, match.actor
        try:
            match.apply(notation)
        except (IllegalAction, NotationError) as err:
            raise RecordError("does_not_replay", uid=uid, seq=seq, notation=notation, reason=current().error(err)) from None
        yield phase, actor


def catalogue(db, game: str, cards):
    """The cards the engine plays ``game`` with: ``cards`` itself, or ``cards(game)`` when it is a
    function of the game (a program holding one source per game), else the game's own."""
    if callable(cards):
        return cards(game)
    if cards is not None:
        return cards
    return engine_cards(db, game)


def rebuild(info: MatchInfo, initial: dict, actions: Sequence[ActionInfo], cards) -> Match:
    """The match ``info`` at its last action: ``actions`` replayed from ``initial``."""
    steps = replaying(rules_for(info.game, info.format), initial, [a.notation for a in actions], cards, info.uid)
    match = next(steps)
    for _ in steps:
        pass
    return match


def rebuilt(db, uid: str, cards=None) -> tuple[MatchInfo, object, list[ActionInfo], Match]:
    """The match ``uid`` read and rebuilt at its last recorded action: (the match's record, its
    database row, its actions, the match). ``cards`` default to the catalogue's."""
    info, row, actions = load(db, uid)
    match = rebuild(info, stored(row, "initial", dict), actions, catalogue(db, info.game, cards))
    return info, row, actions, match


class Replay:
    """A recorded match step by step: ``step`` is how many of its actions are applied (0: the
    initial position); `forward` and `back` move one action, `go` to any step."""

    def __init__(self, info: MatchInfo, actions: list[ActionInfo], match: Match):
        self.info = info
        self.actions = actions
        self.match = match  # at the last action; its undo and redo are the steps
        self.go(0)

    def __len__(self) -> int:
        return len(self.actions)

    @property
    def step(self) -> int:
        return len(self.match.history)

    @property
    def position(self) -> dict:
        return self.match.state.to_dict()

    @property
    def last(self) -> ActionInfo | None:
        """The action that led to the current position (None at the start)."""
        return self.actions[self.step - 1] if self.step else None

    def forward(self) -> ActionInfo | None:
        if not self.match.can_redo:
            return None
        self.match.redo()
        return self.last

    def back(self) -> ActionInfo | None:
        if not self.match.can_undo:
            return None
        action = self.last
        self.match.undo()
        return action

    def go(self, step: int) -> None:
        if not 0 <= step <= len(self.actions):
            raise IndexError(f"step {step} is outside 0..{len(self.actions)}")
        while self.step > step:
            self.match.undo()
        while self.step < step:
            self.match.redo()

    def positions(self) -> Iterator[dict]:
        """The position after each action, from the first."""
        self.go(0)
        while self.forward() is not None:
            yield self.position


def replay(db, uid: str, *, cards=None) -> Replay:
    """Step through the match ``uid`` (its actions are all replayed first, so a record that does
    not replay fails here, not halfway)."""
    info, _, actions, match = rebuilt(db, uid, cards)
    return Replay(info, actions, match)

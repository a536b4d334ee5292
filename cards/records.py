"""Match records: every applied action is written as it happens, so a match outlives its process.

A `Recorder` writes a match's set-up (seed, game, format, mode, players, decks, initial position)
and attaches an observer to the match that commits each applied action in its own transaction
before `Match.apply` returns: a process killed at any moment (SIGKILL, a power cut) loses at most
the action being applied, and `resume` rebuilds the match exactly at its last recorded action by
replaying the recorded actions from the initial position (the engine is deterministic from its
seed, so the actions are the whole record; positions are never stored).

The observer keeps the database in step with ``match.history`` rather than mirroring events one by
one: after each change it deletes the recorded actions past the first one that may differ and
inserts what follows. Undo, redo, and a write that failed (a locked database) are then the same
case: nothing is lost while the process lives, and the next change, or `Recorder.flush`, catches up.

Each transaction only writes (no read first), so on SQLite the write lock is waited for under
``busy_timeout`` instead of failing with a stale snapshot; two processes recording at once on
SQLite (WAL) or PostgreSQL lose nothing.

Exported matches (`export_match`) are plain JSON; `import_match` checks every field and replays the
actions before writing anything, so a malformed or inconsistent file is refused with its reason and
leaves the database as it was. Times are aware datetimes in UTC (the models' column type).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import socket
import sys
import uuid
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from referee.engine.errors import IllegalAction, NotationError, PositionError
from referee.engine.match import Match, load_position
from referee.engine.names import PLAYER_NAME_MAX, name_problem
from referee.games import GAMES, game as game_entry

from .models import ActionRecord, MatchRecord
from .source import engine_cards
from localization import KeyedError, Messages, current


MODES = ("guided", "referee")
EXPORT_FORMAT = "referee-match"
EXPORT_VERSION = 1
_UID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9-]{0,35}$")
_MATCH = MatchRecord.__table__
_ACTION = ActionRecord.__table__
_NOTATION_MAX = _ACTION.c.notation.type.length
_PHASE_MAX = _ACTION.c.phase.type.length

MESSAGES = Messages("cards.records", {
    "unknown_uid": "no recorded match has the id {uid!r}",
    "ambiguous_uid": "the id {uid!r} is the start of several matches' ids: {matches}",
    "unknown_game": "the game {game!r} is not one this program records (known: {known})",
    "does_not_replay": "match {uid}: recorded action {seq} ({notation!r}) cannot be replayed: {reason}",
    "bad_players": "players must be a list of {seats} names of 1 to {maximum} characters without control "
                   "characters, got {value!r}",
    "bad_decks": "decks must be a list of {seats} deck names, card-number lists or nulls, got {value!r}",
    "not_object": "the match data must be a JSON object",
    "wrong_format": "this is not an exported match (expected format {expected!r} version {version}, "
                    "got {got!r} version {got_version!r})",
    "missing_field": "the field {field!r} is missing",
    "bad_field": "the field {field!r} is not valid: expected {expected}, got {value!r}",
    "bad_action": "action {place}: the field {field!r} is not valid: expected {expected}, got {value!r}",
    "action_not_object": "action {place} must be a JSON object, got {value!r}",
    "expect_uid": "up to 36 letters, digits and '-'",
    "expect_one_of": "one of {values}",
    "expect_integer": "an integer",
    "expect_whole": "a whole number",
    "expect_players": "a list of player names (1 to {maximum} characters each, without control characters): "
                      "{low} to {high}",
    "expect_players_exact": "a list of player names (1 to {maximum} characters each, without control "
                            "characters): exactly {n}",
    "expect_decks": "a list of {seats} deck names, card-number lists or nulls",
    "expect_position": "a position (a JSON object)",
    "expect_time": "an ISO date and time",
    "expect_time_or_null": "an ISO date and time or null",
    "expect_seat": "a seat from 0 to {last} or null",
    "expect_rule": "a rule id or null",
    "expect_computers": "the seats played by the computer, as {{\"1\": \"heuristic\"}}",
    "expect_actions": "a list of actions",
    "expect_notation": "an action's notation",
    "expect_step": "a step name",
    "bad_sequence": "action {place} has the sequence number {seq!r}; expected {expected}",
    "bad_initial": "the initial position cannot be read: {reason}",
    "bad_position": "the record of match {uid} cannot be played from its initial position: {reason}",
    "unplayable": "the rules cannot follow it",
    "unknown_deck_cards": "deck {seat} names cards this catalogue does not hold: {cards}; import them first",
    "unfinished": "an unfinished match",
    "won_by": "a win by seat {seat} ({rule})",
    "no_winner": "no winner ({rule})",
    "initial_differs": "the initial position's {field} is {initial!r} but the match says {value!r}",
    "replay_differs": "action {seq} ({notation!r}) was recorded with {field} {recorded!r}, but replaying gives {replayed!r}",
    "outcome_differs": "the match says {recorded}, but replaying its actions gives {replayed}",
    "turns_differ": "the match says {turns} turns were played, but replaying its actions gives {replayed}",
    "conflict": "a different match with the id {uid!r} is already stored ({detail}); nothing was imported",
    "damaged": "the record of match {uid} is damaged: its {field} cannot be read",
    "open_elsewhere": "the match {uid} is open in another window or on another computer (since {since}); "
                      "take it over here, or open a copy of it",
    "taken": "the match {uid} was taken over in another window or on another computer: this one no longer "
             "records it; open a copy to keep what was played here",
})


class RecordError(KeyedError, ValueError):
    """A problem with a match record the user can act on: ``key`` names the message in `MESSAGES`,
    ``params`` fill it in (kept apart so the message can be translated later)."""

    messages = MESSAGES  # its key and params can be shown in any language


class MatchElsewhere(RecordError):
    """The match is recorded by another window or computer: ``open_elsewhere`` when opening it
    (``since``: when that one took it), ``taken`` when writing after another took it over. The
    stored record is never touched by the one told."""

    def __init__(self, key: str, uid: str, since: datetime | None = None):
        super().__init__(key, uid=uid, since=_when(since))
        self.uid = uid


def _when(value: datetime | None) -> str:
    return "" if value is None else value.strftime("%Y-%m-%d %H:%M")


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def writer_token() -> str:
    """Who writes: this computer, this process and a token of one window or command."""
    return f"{socket.gethostname()[:60]}:{os.getpid()}:{uuid.uuid4().hex[:12]}"


def _gone(writer: str) -> bool:
    """Whether ``writer`` was a process of this computer that no longer runs (it crashed or was
    killed before letting the match go): its claim is void. A writer on another computer, or one
    whose process cannot be asked (Windows), is taken to be there."""
    host, _, rest = writer.partition(":")
    pid = rest.partition(":")[0]
    if host != socket.gethostname()[:60] or not pid.isdigit() or sys.platform == "win32":
        return False
    if int(pid) == os.getpid():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False
    try:  # a killed process its parent has not waited for yet is still listed, as a zombie
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] == "Z"
    except (OSError, IndexError):
        return False


# --- what the records look like to callers ------------------------------------------------------


@dataclass(frozen=True)
class MatchInfo:
    uid: str
    game: str
    format: str
    mode: str
    seed: int
    players: list[str]
    decks: list  # per seat: a deck name, a list of card numbers, or None
    started: datetime
    finished: datetime | None
    winner: int | None  # seat index
    reason: str | None  # rule id
    turns: int
    actions: int  # how many actions are recorded
    computers: dict[int, str] = field(default_factory=dict)  # seat -> kind of computer player
    #: the column of a row damaged outside the program that cannot be read ("" for a sound one):
    #: lists show such a match as damaged, and opening it says so (`RecordError` "damaged")
    damaged: str = ""

    @property
    def is_finished(self) -> bool:
        return self.finished is not None


@dataclass(frozen=True)
class ActionInfo:
    seq: int
    notation: str
    actor: int | None
    phase: str
    at: datetime


@dataclass(frozen=True)
class DeckStats:
    deck: str
    games: int
    wins: int
    average_turns: float


@dataclass(frozen=True)
class PlayerStats:
    player: str
    games: int
    wins: int


@dataclass(frozen=True)
class Imported:
    uid: str
    status: str  # "imported", "extended" (more actions than the stored copy) or "unchanged"
    actions: int


# --- recording -----------------------------------------------------------------------------------


class _Tape:
    """The observer that keeps one match's recorded actions equal to ``match.history``.

    ``stored`` actions (seq 1..stored) are in the database, of which the first ``low`` are known to
    equal the match's history; ``pending`` holds the phase, actor and time of each applied action
    (by seq) until it is written.
    """

    def __init__(self, db, match_id: int, stored: int, outcome: tuple | None, turns: int, writer: str = "",
                 uid: str = ""):
        self.db = db
        self.writer, self.uid = writer, uid
        self.match_id = match_id
        self.stored = stored
        self.low = stored
        self.pending: dict[int, tuple[str, int | None, datetime]] = {}
        self.outcome = outcome
        self.turns = turns

    def __call__(self, match: Match, change: str, action, phase: str, actor: int | None) -> None:
        n = len(match.history)
        if change == "apply":
            self.pending[n] = (phase, actor, utc_now())
            self.low = min(self.low, n - 1)
        else:
            self.low = min(self.low, n)
        self.sync(match)

    def sync(self, match: Match) -> None:
        """Write what the database lacks, in one committed transaction."""
        with self.db.session() as session:
            self.write(session.connection(), match)
            session.commit()
        self.written(match)

    def write(self, conn, match: Match) -> None:
        # still ours? (the row stays locked until the commit, so a take-over waits for this write)
        claimed = conn.execute(update(_MATCH).where(_MATCH.c.id == self.match_id, _MATCH.c.writer == self.writer)
                               .values(claimed=utc_now()))
        if claimed.rowcount != 1:
            raise MatchElsewhere("taken", self.uid)
        history, n = match.history, len(match.history)
        if self.stored > self.low:
            conn.execute(delete(_ACTION).where(_ACTION.c.match_id == self.match_id, _ACTION.c.seq > self.low))
        if n > self.low:
            rows = []
            for seq in range(self.low + 1, n + 1):
                phase, actor, at = self.pending[seq]
                rows.append({"match_id": self.match_id, "seq": seq, "notation": str(history[seq - 1]),
                             "actor": actor, "phase": phase, "at": at})
            conn.execute(insert(_ACTION), rows)
        outcome, turns = _outcome_of(match), match.state.turn
        if outcome != self.outcome or turns != self.turns:
            winner, reason = outcome or (None, None)
            conn.execute(update(_MATCH).where(_MATCH.c.id == self.match_id).values(
                finished=utc_now() if outcome else None, winner=winner, reason=reason, turns=turns))

    def written(self, match: Match) -> None:
        self.stored = self.low = len(match.history)
        self.pending = {}
        self.outcome, self.turns = _outcome_of(match), match.state.turn


def _outcome_of(match: Match) -> tuple | None:
    outcome = match.outcome()
    return None if outcome is None else (outcome.winner, outcome.rule)


class Recorder:
    """Records matches into ``db`` (a `cards.db.Database`) as one writer: `record` a new match,
    `resume` one; `release` lets it go. A match is written by one writer at a time: another is
    told (`MatchElsewhere`) and may take it over or open a copy, so the record stays one history."""

    def __init__(self, db, writer: str | None = None):
        self.db = db
        self.writer = writer or writer_token()

    def record(self, match: Match, *, players: Sequence[str] | None = None, decks: Sequence | None = None,
               game: str | None = None, computers: dict[int, str] | None = None) -> str:
        """Write the match's set-up (and any action it already has) and record every later action;
        returns the match's uid. ``game`` defaults to the match's rules' game, ``players`` to the
        names in the match, ``decks`` to none named (per seat: a deck name, a list of card numbers,
        or None), ``computers`` to none (seat: the kind of computer player)."""
        game = game or match.rules.game
        if game not in GAMES:
            raise RecordError("unknown_game", game=game, known=", ".join(GAMES))
        state = match.state
        seats = len(state.players)
        players = [p.name for p in state.players] if players is None else list(players)
        if len(players) != seats or not all(name_problem(p) is None for p in players):
            raise RecordError("bad_players", seats=seats, value=_short(players), maximum=PLAYER_NAME_MAX)
        decks = [None] * seats if decks is None else [list(d) if isinstance(d, (tuple, list)) else d for d in decks]
        if not _decks_ok(decks, seats):
            raise RecordError("bad_decks", seats=seats, value=decks)
        uid = str(uuid.uuid4())
        initial = match.to_json()["initial"]
        tape = _Tape(self.db, 0, 0, None, 0, self.writer, uid)
        if match.history:  # actions applied before recording began: their phases and actors
            at = utc_now()
            steps = _replaying(match.rules, initial, [str(a) for a in match.history], state.cards, uid)
            next(steps)
            tape.pending = {seq: (phase, actor, at) for seq, (phase, actor) in enumerate(steps, 1)}
        with self.db.session() as session:
            conn = session.connection()
            result = conn.execute(insert(_MATCH).values(
                uid=uid, game=game, format=state_format(game, state), mode=state.mode, seed=state.seed,
                players=_dumps(players), decks=_dumps(decks), initial=_dumps(initial),
                started=utc_now(), turns=0, writer=self.writer, claimed=utc_now(),
                computers=_dumps({str(k): v for k, v in sorted((computers or {}).items())})))
            tape.match_id = result.inserted_primary_key[0]
            tape.write(conn, match)
            session.commit()
        tape.written(match)
        match.observers.append(tape)
        return uid

    def claim(self, uid: str, take_over: bool = False) -> None:
        """Make this recorder the match's one writer: `MatchElsewhere` when another window or
        computer has it, unless ``take_over`` (a writer whose process on this computer is gone
        has no claim)."""
        self.db.verify()
        with self.db.exclusive() as session:
            conn = session.connection()
            row = conn.execute(select(_MATCH.c.id, _MATCH.c.writer, _MATCH.c.claimed).where(_MATCH.c.uid == uid)).first()
            if row is None:
                raise RecordError("unknown_uid", uid=uid)
            if row.writer not in (None, self.writer) and not take_over and not _gone(row.writer):
                raise MatchElsewhere("open_elsewhere", uid, row.claimed)
            conn.execute(update(_MATCH).where(_MATCH.c.id == row.id).values(writer=self.writer, claimed=utc_now()))

    def resume(self, uid: str, *, cards=None, take_over: bool = False) -> Match:
        """The match ``uid`` exactly at its last recorded action, recorded by this recorder from
        there (see `claim`). ``cards`` default to the catalogue's."""
        self.claim(uid, take_over)
        info, row, actions = _load(self.db, uid)
        match = _rebuild(info, _stored(row, "initial", dict), actions, _catalogue(self.db, info.game, cards))
        outcome = (row.winner, row.reason) if row.finished is not None else None
        match.observers.append(_Tape(self.db, row.id, len(actions), outcome, row.turns, self.writer, uid))
        return match

    def flush(self, match: Match) -> None:
        """Write what an earlier failed write left unrecorded (the next action would also do it)."""
        for observer in match.observers:
            if isinstance(observer, _Tape) and observer.db is self.db:
                observer.sync(match)


def state_format(game: str, state) -> str:
    """The format a position is played in: its own (Naruto), else its game's one format."""
    return getattr(state, "format", None) or GAMES[game].default_format


def _decks_ok(decks: list, seats: int) -> bool:
    return len(decks) == seats and all(
        d is None or isinstance(d, str) or (isinstance(d, list) and all(isinstance(n, str) for n in d))
        for d in decks)


def _dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


# --- reading records -----------------------------------------------------------------------------


def _count_actions():
    return select(func.count()).where(_ACTION.c.match_id == _MATCH.c.id).scalar_subquery()


def _info(row, listing: bool = False) -> MatchInfo:
    """A row as a `MatchInfo`; a damaged row is a `RecordError`, or, in a ``listing``, a match marked
    damaged so that one damaged row does not hide the others."""
    try:
        players, decks, damaged = _stored(row, "players", list), _stored(row, "decks", list), ""
    except RecordError as err:
        if not listing:
            raise
        players, decks, damaged = [], [], err.params["field"]
    return MatchInfo(uid=row.uid, game=row.game, format=row.format, mode=row.mode, seed=row.seed,
                     players=players, decks=decks, started=row.started, finished=row.finished, winner=row.winner,
                     reason=row.reason, turns=row.turns, actions=row.actions, computers=_computers(row.computers),
                     damaged=damaged)


def _stored(row, column: str, kind: type):
    """A JSON column of a match's row; a row edited or damaged outside the program is a
    `RecordError` naming the match and the column, never a traceback."""
    try:
        value = json.loads(getattr(row, column))
    except (TypeError, ValueError, RecursionError):
        value = None
    if not isinstance(value, kind):
        raise RecordError("damaged", uid=_short(row.uid), field=column)
    return value


def _computers(text: str | None) -> dict[int, str]:
    """The stored computer seats ({"1": "heuristic"}) as {1: "heuristic"}; anything else: none."""
    try:
        value = json.loads(text or "{}")
    except ValueError:
        return {}
    if not isinstance(value, dict):
        return {}
    return {int(k): v for k, v in value.items() if isinstance(k, str) and k.isdigit() and isinstance(v, str)}


def list_matches(db, finished: bool | None = None) -> list[MatchInfo]:
    """Every recorded match, oldest first; only the finished (True) or unfinished (False) ones."""
    query = select(_MATCH, _count_actions().label("actions")).order_by(_MATCH.c.started, _MATCH.c.id)
    if finished is not None:
        query = query.where(_MATCH.c.finished.is_not(None) if finished else _MATCH.c.finished.is_(None))
    with db.session() as session:
        return [_info(row, listing=True) for row in session.connection().execute(query)]


def unfinished(db) -> list[MatchInfo]:
    """The matches that can be resumed."""
    return list_matches(db, finished=False)


def resolve_uid(db, text: str) -> str:
    """The uid of the one match whose uid is ``text`` or starts with it (for the command line)."""
    if not _UID.match(text or ""):  # no uid is longer than 36 letters, digits and '-'
        raise RecordError("unknown_uid", uid=_short(text))
    with db.session() as session:
        conn = session.connection()
        if conn.execute(select(_MATCH.c.id).where(_MATCH.c.uid == text)).first() is not None:
            return text
        escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        found = conn.execute(select(_MATCH.c.uid).where(_MATCH.c.uid.like(escaped + "%", escape="\\"))
                             .order_by(_MATCH.c.uid).limit(6)).scalars().all()
    if not text or not found:
        raise RecordError("unknown_uid", uid=_short(text))
    if len(found) > 1:
        raise RecordError("ambiguous_uid", uid=text, matches=", ".join(found[:5]) + (", ..." if len(found) > 5 else ""))
    return found[0]


def get_match(db, uid: str) -> MatchInfo:
    return _load(db, uid)[0]


def match_actions(db, uid: str) -> list[ActionInfo]:
    return _load(db, uid)[2]


def _load(db, uid: str) -> tuple[MatchInfo, Any, list[ActionInfo]]:
    """(the match, its database row, its actions in order)."""
    with db.session() as session:
        conn = session.connection()
        row = conn.execute(select(_MATCH, _count_actions().label("actions")).where(_MATCH.c.uid == uid)).first()
        if row is None:
            raise RecordError("unknown_uid", uid=uid)
        actions = [ActionInfo(a.seq, a.notation, a.actor, a.phase, a.at) for a in conn.execute(
            select(_ACTION).where(_ACTION.c.match_id == row.id).order_by(_ACTION.c.seq))]
    return _info(row), row, actions


# --- rebuilding matches ----------------------------------------------------------------------------


def _rules(game: str, fmt: str):
    if game not in GAMES:
        raise RecordError("unknown_game", game=game, known=", ".join(GAMES))
    return game_entry(game).part("play").rules(fmt)


def _replaying(rules, initial: dict, notations: Sequence[str], cards, uid: str) -> Iterator[tuple[str, int | None]]:
    """Replay ``notations`` from ``initial`` on a match built there (sent first, then one
    (phase, actor) per action: the step and seat it was taken at); an action the rules refuse
    raises RecordError("does_not_replay")."""
    try:
        state = load_position(rules, initial, cards)
    except PositionError as err:
        raise RecordError("bad_position", uid=_short(uid), reason=current().error(err)) from None
    match = Match(rules, state, settle=False)
    yield match
    for seq, notation in enumerate(notations, 1):
        phase, actor = match.phase, match.actor
        try:
            match.apply(notation)
        except (IllegalAction, NotationError) as err:
            raise RecordError("does_not_replay", uid=uid, seq=seq, notation=notation, reason=current().error(err)) from None
        yield phase, actor


def _catalogue(db, game: str, cards):
    """The cards the engine plays ``game`` with: ``cards`` itself, or ``cards(game)`` when it is a
    function of the game (a program holding one source per game), else the game's own."""
    if callable(cards):
        return cards(game)
    if cards is not None:
        return cards
    return engine_cards(db, game)


def _rebuild(info: MatchInfo, initial: dict, actions: Sequence[ActionInfo], cards) -> Match:
    steps = _replaying(_rules(info.game, info.format), initial, [a.notation for a in actions], cards, info.uid)
    match = next(steps)
    for _ in steps:
        pass
    return match


def release(match: Match) -> None:
    """Stop recording ``match`` and let its record go, so that it opens anywhere without a question
    (a window closing it, a command done with it). Nothing is lost: every action was written as it
    was applied."""
    for tape in [o for o in match.observers if isinstance(o, _Tape)]:
        match.observers.remove(tape)
        with tape.db.session() as session:
            session.connection().execute(update(_MATCH).where(
                _MATCH.c.id == tape.match_id, _MATCH.c.writer == tape.writer).values(writer=None))
            session.commit()


def resume(db, uid: str, *, cards=None, take_over: bool = False) -> Match:
    """The match ``uid`` exactly at its last recorded action, recording again from there as a
    new writer (`Recorder.resume`). ``cards`` default to the catalogue's."""
    return Recorder(db).resume(uid, cards=cards, take_over=take_over)


def copy_match(db, uid: str) -> str:
    """A new record holding the match ``uid`` as it is stored (another uid, nobody writing it):
    "open a copy" of a match open elsewhere. Returns the copy's uid."""
    data = export_match(db, uid)
    data["uid"] = str(uuid.uuid4())
    return import_match(db, data).uid


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
    info, row, actions = _load(db, uid)
    match = _rebuild(info, _stored(row, "initial", dict), actions, _catalogue(db, info.game, cards))
    return Replay(info, actions, match)


# --- export and import ---------------------------------------------------------------------------


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.astimezone(timezone.utc).isoformat()


def export_match(db, uid: str) -> dict:
    """The match as JSON-able data: its record's fields and its actions."""
    info, row, actions = _load(db, uid)
    return {
        "format": EXPORT_FORMAT, "version": EXPORT_VERSION,
        "uid": info.uid, "game": info.game, "match_format": info.format, "mode": info.mode, "seed": info.seed,
        "players": info.players, "decks": info.decks, "initial": _stored(row, "initial", dict),
        "started": _iso(info.started), "finished": _iso(info.finished), "winner": info.winner,
        "reason": info.reason, "turns": info.turns, "computers": {str(k): v for k, v in sorted(info.computers.items())},
        "actions": [{"seq": a.seq, "notation": a.notation, "actor": a.actor, "phase": a.phase, "at": _iso(a.at)}
                    for a in actions],
    }


def _field(data: dict, name: str, check: Callable[[Any], bool], expected: str, *, optional: bool = False):
    if name not in data:
        if optional:
            return None
        raise RecordError("missing_field", field=name)
    value = data[name]
    try:
        ok = (value is None and optional) or check(value)
    except (TypeError, ValueError):  # a value of another kind than the check expects ([] as a game)
        ok = False
    if ok:
        return value
    raise RecordError("bad_field", field=name, expected=expected, value=_short(value))


def _expect(key: str, **params: Any) -> str:
    """What a field of an exported match must hold, as words in the user's language (the
    ``expected`` of a RecordError)."""
    return MESSAGES(f"expect_{key}", **params)


def _short(value) -> Any:
    text = repr(value)
    return value if len(text) <= 80 else text[:77] + "..."


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_time(v) -> bool:
    return isinstance(v, str) and _parse_time(v) is not None


def _parse_time(text: str) -> datetime | None:
    try:
        value = datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return None
    return value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value.astimezone(timezone.utc)


def _text(limit: int) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, str) and 0 < len(v) <= limit


@dataclass
class _Parsed:
    info: MatchInfo
    initial: dict
    actions: list[ActionInfo]


def _parse(data) -> _Parsed:
    """The exported match ``data`` checked field by field (RecordError naming the first problem)."""
    if not isinstance(data, dict):
        raise RecordError("not_object")
    if data.get("format") != EXPORT_FORMAT or data.get("version") != EXPORT_VERSION:
        raise RecordError("wrong_format", expected=EXPORT_FORMAT, version=EXPORT_VERSION,
                          got=_short(data.get("format")), got_version=_short(data.get("version")))
    uid = _field(data, "uid", lambda v: isinstance(v, str) and bool(_UID.match(v)), _expect("uid"))
    game = _field(data, "game", lambda v: v in GAMES, _expect("one_of", values=", ".join(GAMES)))
    formats, counts = GAMES[game].formats, GAMES[game].seats
    fmt = _field(data, "match_format", lambda v: v in formats, _expect("one_of", values=", ".join(formats)))
    mode = _field(data, "mode", lambda v: v in MODES, _expect("one_of", values=", ".join(MODES)))
    seed = _field(data, "seed", lambda v: _is_int(v) and -2**63 <= v < 2**63, _expect("integer"))
    players = _field(data, "players", lambda v: isinstance(v, list) and len(v) in counts
                     and all(name_problem(p) is None for p in v),
                     _expect("players_exact", n=counts[0], maximum=PLAYER_NAME_MAX) if len(counts) == 1 else
                     _expect("players", low=counts[0], high=counts[-1], maximum=PLAYER_NAME_MAX))
    seats = len(players)
    decks = _field(data, "decks", lambda v: isinstance(v, list) and _decks_ok(v, seats), _expect("decks", seats=seats))
    initial = _field(data, "initial", lambda v: isinstance(v, dict), _expect("position"))
    started = _field(data, "started", _is_time, _expect("time"))
    finished = _field(data, "finished", _is_time, _expect("time_or_null"), optional=True)
    winner = _field(data, "winner", lambda v: _is_int(v) and 0 <= v < seats, _expect("seat", last=seats - 1),
                    optional=True)
    reason = _field(data, "reason", _text(_MATCH.c.reason.type.length), _expect("rule"), optional=True)
    turns = _field(data, "turns", lambda v: _is_int(v) and v >= 0, _expect("whole"))
    computers = _field(data, "computers", lambda v: isinstance(v, dict) and all(
        isinstance(k, str) and k.isdigit() and int(k) < seats and c in game_entry(game).part("play").computers
        for k, c in v.items()),
        _expect("computers"), optional=True) or {}
    raw = _field(data, "actions", lambda v: isinstance(v, list), _expect("actions"))
    actions = []
    for i, item in enumerate(raw, 1):
        if not isinstance(item, dict):
            raise RecordError("action_not_object", place=i, value=_short(item))
        checks = (("seq", _is_int, _expect("whole")), ("notation", _text(_NOTATION_MAX), _expect("notation")),
                  ("actor", lambda v: v is None or (_is_int(v) and 0 <= v < seats), _expect("seat", last=seats - 1)),
                  ("phase", _text(_PHASE_MAX), _expect("step")), ("at", _is_time, _expect("time")))
        for name, check, expected in checks:
            if name not in item or not check(item[name]):
                raise RecordError("bad_action", place=i, field=name, expected=expected, value=_short(item.get(name)))
        if item["seq"] != i:
            raise RecordError("bad_sequence", place=i, seq=item["seq"], expected=i)
        actions.append(ActionInfo(i, item["notation"], item["actor"], item["phase"], _parse_time(item["at"])))
    actions = as_now(game, initial, actions)
    info = MatchInfo(uid=uid, game=game, format=fmt, mode=mode, seed=seed, players=players, decks=decks,
                     started=_parse_time(started), finished=None if finished is None else _parse_time(finished),
                     winner=winner, reason=reason, turns=turns, actions=len(actions),
                     computers={int(k): c for k, c in computers.items()})
    return _Parsed(info, initial, actions)


def as_now(game: str, initial: dict, actions: list[ActionInfo]) -> list[ActionInfo]:
    """An exported match's actions as the rules read them now: the action a record made under older
    rules leaves out is put in (`GamePlay.older`; the database's own records were mended by a
    migration the same way)."""
    try:
        implied = game_entry(game).part("play").older(initial, [a.notation for a in actions])
    except (ValueError, TypeError, KeyError, IndexError):  # a damaged initial position is refused later
        return actions
    if implied is None:
        return actions
    place, notation, seat, phase = implied
    added = ActionInfo(place + 1, notation, seat, phase, actions[place - 1].at)
    later = [replace(a, seq=a.seq + 1) for a in actions[place:]]
    return [*actions[:place], added, *later]


def _verify(parsed: _Parsed, cards) -> None:
    """The actions replay from the initial position, at the recorded steps and seats, to the
    recorded outcome."""
    info = parsed.info
    rules = _rules(info.game, info.format)
    try:
        state = load_position(rules, parsed.initial, cards)
    except PositionError as err:
        raise RecordError("bad_initial", reason=current().error(err)) from None
    for seat, deck in enumerate(info.decks):
        unknown = sorted({n for n in deck if cards.get(n) is None}) if isinstance(deck, list) else []
        if unknown:
            raise RecordError("unknown_deck_cards", seat=seat + 1, cards=", ".join(unknown[:5]))
    initial = {"format": state_format(info.game, state), "mode": state.mode, "seed": state.seed,
               "players": len(state.players)}
    for name, value in (("format", info.format), ("mode", info.mode), ("seed", info.seed),
                        ("players", len(info.players))):
        if initial[name] != value:
            raise RecordError("initial_differs", field=name, initial=initial[name], value=value)
    steps = _replaying(rules, parsed.initial, [a.notation for a in parsed.actions], cards, info.uid)
    match = next(steps)
    try:
        for action, (phase, actor) in zip(parsed.actions, steps):
            for name, recorded, replayed in (("phase", action.phase, phase), ("actor", action.actor, actor)):
                if recorded != replayed:
                    raise RecordError("replay_differs", seq=action.seq, notation=action.notation, field=name,
                                      recorded=recorded, replayed=replayed)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
        if isinstance(err, RecordError):
            raise
        raise RecordError("bad_initial", reason=MESSAGES("unplayable")) from None  # the rules cannot follow it
    recorded = (info.winner, info.reason) if info.finished is not None else None
    replayed = _outcome_of(match)
    if recorded != replayed or (recorded is None and (info.winner, info.reason) != (None, None)):
        raise RecordError("outcome_differs", recorded=_outcome_text(recorded), replayed=_outcome_text(replayed))
    if info.turns != match.state.turn:
        raise RecordError("turns_differ", turns=info.turns, replayed=match.state.turn)


def _outcome_text(outcome: tuple | None) -> str:
    if outcome is None:
        return MESSAGES("unfinished")
    winner, rule = outcome
    return MESSAGES("won_by", seat=winner + 1, rule=rule) if winner is not None else MESSAGES("no_winner", rule=rule)


def import_match(db, data, *, cards=None) -> Imported:
    """Store an exported match. Importing it again changes nothing; a later export of the same
    match (more actions) adds the new ones. Malformed or inconsistent data raises RecordError and
    nothing is written."""
    parsed = _parse(data)
    _verify(parsed, _catalogue(db, parsed.info.game, cards))
    for attempt in (1, 2):
        try:
            with db.session() as session:
                result = _store(session.connection(), parsed)
                session.commit()
                return result
        except IntegrityError:  # another program stored the same uid meanwhile: compare with it
            if attempt == 2:
                raise


def _store(conn, parsed: _Parsed) -> Imported:
    info = parsed.info
    row = conn.execute(select(_MATCH).where(_MATCH.c.uid == info.uid)).first()
    rows = [{"seq": a.seq, "notation": a.notation, "actor": a.actor, "phase": a.phase, "at": a.at}
            for a in parsed.actions]
    if row is None:
        match_id = conn.execute(insert(_MATCH).values(
            uid=info.uid, game=info.game, format=info.format, mode=info.mode, seed=info.seed,
            players=_dumps(info.players), decks=_dumps(info.decks), initial=_dumps(parsed.initial),
            started=info.started, finished=info.finished, winner=info.winner, reason=info.reason,
            turns=info.turns, computers=_dumps({str(k): v for k, v in sorted(info.computers.items())}))
        ).inserted_primary_key[0]
        if rows:
            conn.execute(insert(_ACTION), [{"match_id": match_id, **r} for r in rows])
        return Imported(info.uid, "imported", len(rows))
    for name, stored, new in (("game", row.game, info.game), ("format", row.format, info.format),
                              ("mode", row.mode, info.mode), ("seed", row.seed, info.seed),
                              ("players", json.loads(row.players), info.players),
                              ("decks", json.loads(row.decks), info.decks),
                              ("initial position", _stored(row, "initial", dict), parsed.initial)):
        if stored != new:
            raise RecordError("conflict", uid=info.uid, detail=f"its {name} differs")
    stored = conn.execute(select(_ACTION.c.notation).where(_ACTION.c.match_id == row.id)
                          .order_by(_ACTION.c.seq)).scalars().all()
    if len(stored) > len(rows) or list(stored) != [r["notation"] for r in rows[:len(stored)]]:
        raise RecordError("conflict", uid=info.uid,
                          detail=f"its {len(stored)} recorded actions are not the start of the file's {len(rows)}")
    if len(stored) == len(rows):
        return Imported(info.uid, "unchanged", len(rows))
    conn.execute(insert(_ACTION), [{"match_id": row.id, **r} for r in rows[len(stored):]])
    conn.execute(update(_MATCH).where(_MATCH.c.id == row.id).values(
        finished=info.finished, winner=info.winner, reason=info.reason, turns=info.turns))
    return Imported(info.uid, "extended", len(rows))


# --- statistics ------------------------------------------------------------------------------------


def deck_label(deck) -> str | None:
    """How statistics name a seat's deck: its name, or ``list:`` and a fingerprint of an unnamed
    card list (the same list always gets the same label); None when no deck was given."""
    if deck is None or isinstance(deck, str):
        return deck
    digest = hashlib.sha1("\n".join(sorted(deck)).encode()).hexdigest()[:8]
    return f"list:{digest}"


def _finished_seats(db) -> Iterator[tuple[int, str | None, str, bool, int]]:
    """(seat, deck label, player, won, turns) for each seat of each finished match."""
    query = select(_MATCH.c.players, _MATCH.c.decks, _MATCH.c.winner, _MATCH.c.turns).where(
        _MATCH.c.finished.is_not(None))
    with db.session() as session:
        rows = session.connection().execute(query).all()
    for row in rows:
        players, decks = json.loads(row.players), json.loads(row.decks)
        for seat, player in enumerate(players):
            yield seat, deck_label(decks[seat] if seat < len(decks) else None), player, row.winner == seat, row.turns


def deck_stats(db) -> list[DeckStats]:
    """Per deck, over finished matches: games played (a deck on both seats plays two), games won
    and the average number of turns; most played first."""
    games: dict[str, list] = {}
    for _, deck, _, won, turns in _finished_seats(db):
        if deck is None:
            continue
        entry = games.setdefault(deck, [0, 0, 0])
        entry[0] += 1
        entry[1] += won
        entry[2] += turns
    return sorted((DeckStats(d, g, w, t / g) for d, (g, w, t) in games.items()), key=lambda s: (-s.games, s.deck))


def player_stats(db) -> list[PlayerStats]:
    """Per player name, over finished matches: games played and games won; most played first."""
    games: dict[str, list] = {}
    for _, _, player, won, _ in _finished_seats(db):
        entry = games.setdefault(player, [0, 0])
        entry[0] += 1
        entry[1] += won
    return sorted((PlayerStats(p, g, w) for p, (g, w) in games.items()), key=lambda s: (-s.games, s.player))


__all__ = ["ActionInfo", "DeckStats", "Imported", "MatchInfo", "PlayerStats", "RecordError", "Recorder", "Replay",
           "deck_stats", "export_match", "get_match", "import_match", "list_matches", "match_actions",
           "player_stats", "replay", "resolve_uid", "resume", "unfinished"]

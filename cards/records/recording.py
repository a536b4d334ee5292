"""Recording matches: every applied action is written as it happens, so a match outlives its process.

A `Recorder` writes a match's set-up (seed, game, format, mode, players, decks, initial position, and
one row per seat for the statistics) and attaches an observer to the match (`_Tape`) that commits
each applied action, with the step and seat it was taken at, in its own transaction before
`Match.apply` returns: a process killed at any moment (SIGKILL, a power cut) loses at most the action
being applied, and `resume` rebuilds the match exactly at its last recorded action.

The observer keeps the database in step with ``match.history`` rather than mirroring events one by
one: after each change it deletes the recorded actions past the first one that may differ and
inserts what follows. Undo, redo, and a write that failed (a locked database) are then the same
case: nothing is lost while the process lives, and the next change, or `Recorder.flush`, catches up.
It also keeps who took each action of the history (`recorded_actors`), as read from the record when
the match was resumed, so nobody replays a match to learn it.

Each transaction only writes (no read first), so on SQLite the write lock is waited for under
``busy_timeout`` instead of failing with a stale snapshot; two processes recording at once on
SQLite (WAL) or PostgreSQL lose nothing. A match is written by one writer at a time (`Recorder.claim`):
another is told (`MatchElsewhere`) and may take it over or open a copy; `release` lets it go.
"""

from __future__ import annotations

import json
import os
import socket
import sys
import uuid
from datetime import datetime, timezone
from pathlib import Path
from typing import Sequence

from sqlalchemy import delete, insert, select, update

from referee.engine.match import Match
from referee.engine.names import PLAYER_NAME_MAX, name_problem
from referee.games import GAMES

from .errors import MatchElsewhere, RecordError, short
from .reading import ACTION, MATCH, SEAT
from .replaying import rebuilt, replaying
from .stats import seat_rows, seats_outcome


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


def expansions_of(initial: dict) -> str:
    """The expansions an initial position shuffles in (its ``sets``, Llamas Unleashed), as the match's
    record keeps them: their codes separated by spaces ("" for none)."""
    sets = initial.get("sets")
    return " ".join(code for code in sets if isinstance(code, str)) if isinstance(sets, list) else ""


def state_format(game: str, state) -> str:
    """The format a position is played in: its own (Naruto), else its game's one format."""
    return getattr(state, "format", None) or GAMES[game].default_format


def decks_ok(decks: list, seats: int) -> bool:
    """Whether ``decks`` holds, per seat, a deck name, a list of card numbers or None."""
    return len(decks) == seats and all(
        d is None or isinstance(d, str) or (isinstance(d, list) and all(isinstance(n, str) for n in d))
        for d in decks)


def dumps(value) -> str:
    """A JSON column's text, as the records store it."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def outcome_of(match: Match) -> tuple | None:
    outcome = match.outcome()
    return None if outcome is None else (outcome.winner, outcome.rule)


class _Tape:
    """The observer that keeps one match's recorded actions equal to ``match.history``.

    ``stored`` actions (seq 1..stored) are in the database, of which the first ``low`` are known to
    equal the match's history; ``pending`` holds the phase, actor and time of each applied action
    (by seq) until it is written; ``actors`` the seat that took each action of the history.
    """

    def __init__(self, db, match_id: int, stored: int, outcome: tuple | None, turns: int, writer: str = "",
                 uid: str = "", actors: Sequence[int | None] = ()):
        self.db = db
        self.writer, self.uid = writer, uid
        self.match_id = match_id
        self.stored = stored
        self.low = stored
        self.pending: dict[int, tuple[str, int | None, datetime]] = {}
        self.outcome = outcome
        self.turns = turns
        self.actors: list[int | None] = list(actors)

    def __call__(self, match: Match, change: str, action, phase: str, actor: int | None) -> None:
        n = len(match.history)
        if change == "apply":
            self.pending[n] = (phase, actor, utc_now())
            self.low = min(self.low, n - 1)
            del self.actors[n - 1:]
            self.actors.append(actor)
        else:
            self.low = min(self.low, n)
            del self.actors[n:]
        self.sync(match)

    def sync(self, match: Match) -> None:
        """Write what the database lacks, in one committed transaction."""
        with self.db.session() as session:
            self.write(session.connection(), match)
            session.commit()
        self.written(match)

    def write(self, conn, match: Match) -> None:
        # still ours? (the row stays locked until the commit, so a take-over waits for this write)
        claimed = conn.execute(update(MATCH).where(MATCH.c.id == self.match_id, MATCH.c.writer == self.writer)
                               .values(claimed=utc_now()))
        if claimed.rowcount != 1:
            raise MatchElsewhere("taken", self.uid)
        history, n = match.history, len(match.history)
        if self.stored > self.low:
            conn.execute(delete(ACTION).where(ACTION.c.match_id == self.match_id, ACTION.c.seq > self.low))
        if n > self.low:
            rows = []
            for seq in range(self.low + 1, n + 1):
                phase, actor, at = self.pending[seq]
                rows.append({"match_id": self.match_id, "seq": seq, "notation": str(history[seq - 1]),
                             "actor": actor, "phase": phase, "at": at})
            conn.execute(insert(ACTION), rows)
        outcome, turns = outcome_of(match), match.state.turn
        if outcome != self.outcome or turns != self.turns:
            winner, reason = outcome or (None, None)
            conn.execute(update(MATCH).where(MATCH.c.id == self.match_id).values(
                finished=utc_now() if outcome else None, winner=winner, reason=reason, turns=turns))
            if outcome != self.outcome or outcome is not None:  # what the statistics count
                conn.execute(seats_outcome(self.match_id, outcome, turns))

    def written(self, match: Match) -> None:
        self.stored = self.low = len(match.history)
        self.pending = {}
        self.outcome, self.turns = outcome_of(match), match.state.turn


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
            raise RecordError("bad_players", seats=seats, value=short(players), maximum=PLAYER_NAME_MAX)
        decks = [None] * seats if decks is None else [list(d) if isinstance(d, (tuple, list)) else d for d in decks]
        if not decks_ok(decks, seats):
            raise RecordError("bad_decks", seats=seats, value=decks)
        uid = str(uuid.uuid4())
        initial = match.to_json()["initial"]
        tape = _Tape(self.db, 0, 0, None, 0, self.writer, uid)
        if match.history:  # actions applied before recording began: their phases and actors
            at = utc_now()
            steps = replaying(match.rules, initial, [str(a) for a in match.history], state.cards, uid)
            next(steps)
            tape.pending = {seq: (phase, actor, at) for seq, (phase, actor) in enumerate(steps, 1)}
            tape.actors = [actor for _, actor, _ in tape.pending.values()]
        with self.db.session() as session:
            conn = session.connection()
            result = conn.execute(insert(MATCH).values(
                uid=uid, game=game, format=state_format(game, state), mode=state.mode, seed=state.seed,
                players=dumps(players), decks=dumps(decks), initial=dumps(initial), sets=expansions_of(initial),
                started=utc_now(), turns=0, writer=self.writer, claimed=utc_now(),
                computers=dumps({str(k): v for k, v in sorted((computers or {}).items())})))
            tape.match_id = result.inserted_primary_key[0]
            conn.execute(insert(SEAT), seat_rows(tape.match_id, players, decks))
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
            row = conn.execute(select(MATCH.c.id, MATCH.c.writer, MATCH.c.claimed).where(MATCH.c.uid == uid)).first()
            if row is None:
                raise RecordError("unknown_uid", uid=uid)
            if row.writer not in (None, self.writer) and not take_over and not _gone(row.writer):
                raise MatchElsewhere("open_elsewhere", uid, row.claimed)
            conn.execute(update(MATCH).where(MATCH.c.id == row.id).values(writer=self.writer, claimed=utc_now()))

    def resume(self, uid: str, *, cards=None, take_over: bool = False) -> Match:
        """The match ``uid`` exactly at its last recorded action, recorded by this recorder from
        there (see `claim`). ``cards`` default to the catalogue's."""
        self.claim(uid, take_over)
        _, row, actions, match = rebuilt(self.db, uid, cards)
        outcome = (row.winner, row.reason) if row.finished is not None else None
        match.observers.append(_Tape(self.db, row.id, len(actions), outcome, row.turns, self.writer, uid,
                                     [a.actor for a in actions]))
        return match

    def flush(self, match: Match) -> None:
        """Write what an earlier failed write left unrecorded (the next action would also do it)."""
        for observer in match.observers:
            if isinstance(observer, _Tape) and observer.db is self.db:
                observer.sync(match)


def recorded_actors(match: Match) -> list[int | None] | None:
    """Who took each action of ``match``'s history (a seat, or None for the referee), as its record
    has them: read with the record when the match was resumed, kept since by its recorder, so
    nothing is replayed to learn it. None when the match is not being recorded."""
    for observer in match.observers:
        if isinstance(observer, _Tape) and len(observer.actors) == len(match.history):
            return list(observer.actors)
    return None


def release(match: Match) -> None:
    """Stop recording ``match`` and let its record go, so that it opens anywhere without a question
    (a window closing it, a command done with it). Nothing is lost: every action was written as it
    was applied."""
    for tape in [o for o in match.observers if isinstance(o, _Tape)]:
        match.observers.remove(tape)
        with tape.db.session() as session:
            session.connection().execute(update(MATCH).where(
                MATCH.c.id == tape.match_id, MATCH.c.writer == tape.writer).values(writer=None))
            session.commit()


def note_hints(db, uid: str, *, allowed: bool, asked: int) -> None:
    """Keep with the match ``uid`` whether the teacher's hints are on and how many were asked
    (issue 19): written as they change, as the actions are."""
    with db.exclusive() as session:
        session.connection().execute(update(MATCH).where(MATCH.c.uid == uid).values(
            hints_allowed=allowed, hints_asked=asked))


def resume(db, uid: str, *, cards=None, take_over: bool = False) -> Match:
    """The match ``uid`` exactly at its last recorded action, recording again from there as a
    new writer (`Recorder.resume`). ``cards`` default to the catalogue's."""
    return Recorder(db).resume(uid, cards=cards, take_over=take_over)

"""Reading match records: what a recorded match and its actions look like to callers (`MatchInfo`,
`ActionInfo`), the matches listed whole (`list_matches`, `unfinished`) or a page at a time in any
order a table shows them (`page_matches`, `match_place`), a uid from its start (`resolve_uid`), one
match and its actions (`get_match`, `match_actions`).

A listing reads every column of a match but its initial position (by far the largest, needed only to
rebuild the match) and counts its actions; a row damaged outside the program is listed as such
(`MatchInfo.damaged`) rather than hiding the others. A page is read in two steps: the ids of the
page's matches in the order asked (on SQLite the newest-first order is read from the index on
``started`` alone, never from the rows), then those matches' rows and action counts, so a page costs
the same with fifty matches recorded or fifty thousand.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import case, func, select

from ..models import ActionRecord, MatchRecord, MatchSeat
from .errors import RecordError, short

MATCH = MatchRecord.__table__
ACTION = ActionRecord.__table__
SEAT = MatchSeat.__table__
UID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9-]{0,35}$")
#: what a listing reads of a match: all but its initial position and who writes it now
_LISTED = [c for c in MATCH.c if c.name not in ("initial", "writer", "claimed")]
#: how many matches `page_matches` reads unless told
PAGE = 100


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
    hints_allowed: bool = True  # whether the teacher's hints were on (issue 19)
    hints_asked: int = 0  # how many hints were asked
    expansions: tuple[str, ...] = ()  # the codes of the expansions shuffled in (Llamas Unleashed)
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


def _count_actions():
    return select(func.count()).where(ACTION.c.match_id == MATCH.c.id).scalar_subquery()


def info(row, listing: bool = False) -> MatchInfo:
    """A row as a `MatchInfo`; a damaged row is a `RecordError`, or, in a ``listing``, a match marked
    damaged so that one damaged row does not hide the others."""
    try:
        players, decks, damaged = stored(row, "players", list), stored(row, "decks", list), ""
    except RecordError as err:
        if not listing:
            raise
        players, decks, damaged = [], [], err.params["field"]
    return MatchInfo(uid=row.uid, game=row.game, format=row.format, mode=row.mode, seed=row.seed,
                     players=players, decks=decks, started=row.started, finished=row.finished, winner=row.winner,
                     reason=row.reason, turns=row.turns, actions=row.actions, computers=_computers(row.computers),
                     hints_allowed=bool(row.hints_allowed), hints_asked=row.hints_asked,
                     expansions=tuple(row.sets.split()), damaged=damaged)


def stored(row, column: str, kind: type):
    """A JSON column of a match's row; a row edited or damaged outside the program is a
    `RecordError` naming the match and the column, never a traceback."""
    try:
        value = json.loads(getattr(row, column))
    except (TypeError, ValueError, RecursionError):
        value = None
    if not isinstance(value, kind):
        raise RecordError("damaged", uid=short(row.uid), field=column)
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


def _finished(query, finished: bool | None):
    if finished is None:
        return query
    return query.where(MATCH.c.finished.is_not(None) if finished else MATCH.c.finished.is_(None))


def list_matches(db, finished: bool | None = None) -> list[MatchInfo]:
    """Every recorded match, oldest first; only the finished (True) or unfinished (False) ones."""
    query = _finished(select(*_LISTED, _count_actions().label("actions")).order_by(MATCH.c.started, MATCH.c.id),
                      finished)
    with db.session() as session:
        return [info(row, listing=True) for row in session.connection().execute(query)]


def unfinished(db) -> list[MatchInfo]:
    """The matches that can be resumed."""
    return list_matches(db, finished=False)


# --- a page at a time ----------------------------------------------------------------------------

_WINNER = SEAT.alias("winner_seat")


def _winner_key():
    """How matches sort by their result: won (by the winner's name), then no winner, then unfinished."""
    return [case((MATCH.c.finished.is_(None), 2), (MATCH.c.winner.is_(None), 1), else_=0),
            func.coalesce(_WINNER.c.player, "")]


#: the orders `page_matches` reads in, by name: the keys that sort the matches (then their start and
#: id, so that every order is total and a page never repeats or skips a match). A table sorting by a
#: column that shows these words or numbers sorts by these keys: the players and decks by how they
#: are stored (the first seat's first), a format, mode or rule by its id.
ORDERS = {
    "started": lambda: [],
    "players": lambda: [MATCH.c.players],
    "decks": lambda: [MATCH.c.decks],
    "format": lambda: [MATCH.c.format],
    "mode": lambda: [MATCH.c.mode],
    "winner": _winner_key,
    "reason": lambda: [func.coalesce(MATCH.c.reason, "")],
    "turns": lambda: [MATCH.c.turns],
    "actions": lambda: [_count_actions()],
}


def _keys(order: str, descending: bool) -> list:
    if order not in ORDERS:
        raise ValueError(f"unknown order {order!r} (known: {', '.join(ORDERS)})")
    keys = [*ORDERS[order](), MATCH.c.started, MATCH.c.id]
    return [k.desc() if descending else k.asc() for k in keys]


def _listing(columns, finished: bool | None, order: str):
    """``columns`` of the matches (only the finished or unfinished ones), with what ``order`` sorts by."""
    query = select(*columns)
    if order == "winner":  # the winner's name is their seat's
        query = query.select_from(MATCH.outerjoin(_WINNER, (_WINNER.c.match_id == MATCH.c.id)
                                                  & (_WINNER.c.seat == MATCH.c.winner)))
    return _finished(query, finished)


def page_matches(db, finished: bool | None = None, *, order: str = "started", descending: bool = True,
                 offset: int = 0, limit: int = PAGE) -> list[MatchInfo]:
    """``limit`` recorded matches from the ``offset``-th on, in the ``order`` named (one of `ORDERS`;
    newest first unless told), only the finished (True) or unfinished (False) ones: a table reads its
    rows this way as they scroll into view."""
    query = _listing([MATCH.c.id], finished, order).order_by(*_keys(order, descending))
    with db.session() as session:
        conn = session.connection()
        ids = conn.execute(query.offset(offset).limit(limit)).scalars().all()
        if not ids:
            return []
        rows = {row.id: row for row in conn.execute(
            select(*_LISTED, _count_actions().label("actions")).where(MATCH.c.id.in_(ids)))}
    return [info(rows[i], listing=True) for i in ids if i in rows]


def match_place(db, uid: str, finished: bool | None = None, *, order: str = "started",
                descending: bool = True) -> int | None:
    """Where the match ``uid`` stands among the matches `page_matches` reads with the same arguments
    (0: the first), or None when it is not among them (unknown, or filtered out)."""
    place = (func.row_number().over(order_by=_keys(order, descending)) - 1).label("place")
    numbered = _listing([MATCH.c.id, place], finished, order).subquery()
    with db.session() as session:
        conn = session.connection()
        match_id = conn.execute(select(MATCH.c.id).where(MATCH.c.uid == uid)).scalar()
        if match_id is None:
            return None
        return conn.execute(select(numbered.c.place).where(numbered.c.id == match_id)).scalar()


# --- one match -----------------------------------------------------------------------------------


def resolve_uid(db, text: str) -> str:
    """The uid of the one match whose uid is ``text`` or starts with it (for the command line)."""
    if not UID.match(text or ""):  # no uid is longer than 36 letters, digits and '-'
        raise RecordError("unknown_uid", uid=short(text))
    with db.session() as session:
        conn = session.connection()
        if conn.execute(select(MATCH.c.id).where(MATCH.c.uid == text)).first() is not None:
            return text
        escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        found = conn.execute(select(MATCH.c.uid).where(MATCH.c.uid.like(escaped + "%", escape="\\"))
                             .order_by(MATCH.c.uid).limit(6)).scalars().all()
    if not text or not found:
        raise RecordError("unknown_uid", uid=short(text))
    if len(found) > 1:
        raise RecordError("ambiguous_uid", uid=text, matches=", ".join(found[:5]) + (", ..." if len(found) > 5 else ""))
    return found[0]


def get_match(db, uid: str) -> MatchInfo:
    """The match ``uid`` (its actions are counted, not read)."""
    with db.session() as session:
        row = session.connection().execute(select(*_LISTED, _count_actions().label("actions"))
                                           .where(MATCH.c.uid == uid)).first()
    if row is None:
        raise RecordError("unknown_uid", uid=uid)
    return info(row)


def match_actions(db, uid: str) -> list[ActionInfo]:
    return load(db, uid)[2]


def load(db, uid: str) -> tuple[MatchInfo, Any, list[ActionInfo]]:
    """(the match, its database row, its actions in order)."""
    with db.session() as session:
        conn = session.connection()
        row = conn.execute(select(MATCH, _count_actions().label("actions")).where(MATCH.c.uid == uid)).first()
        if row is None:
            raise RecordError("unknown_uid", uid=uid)
        actions = [ActionInfo(a.seq, a.notation, a.actor, a.phase, a.at) for a in conn.execute(
            select(ACTION).where(ACTION.c.match_id == row.id).order_by(ACTION.c.seq))]
    return info(row), row, actions

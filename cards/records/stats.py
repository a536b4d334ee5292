"""Statistics of finished matches, each counted by one aggregate query: per deck (games, wins,
average turns) and per player (games, wins), per seat at each size of table (and for whoever took
the first turn), and how many matches lasted each number of turns; every one over all games or over
one game's matches (`game_statistics`: what the history's statistics tab shows for the game chosen).

Why a table of seats (``match_seat``) rather than the JSON columns: a match's players and decks are
JSON lists in ``match_record``, and a per-seat count over them would need the JSON read in SQL, once
per back end (SQLite's ``json_each``, PostgreSQL's ``json_array_elements_text``); PostgreSQL stops
the whole query at the first row whose text is not JSON (``IS JSON`` arrives only in version 16), so
one row damaged outside the program would break the statistics; an unnamed card list is named by a
fingerprint (`deck_label`, SHA-1) that neither back end computes in plain SQL; and on SQLite the
columns saying whether a match is over, who won and its turns sit after its initial position (about
10 kB), so reading them for every match walks every match's overflow pages.

So each seat is a row of its own: its player and deck label, written once with the match
(`seat_rows`: `cards.records.recording.Recorder.record`, `cards.records.exchange.import_match`;
migration 0007 wrote those of older matches), since players and decks never change; and whether the
match is over, whether the seat won and the match's turns, written with the match's own outcome
whenever that changes (`seats_outcome`: finishing, undoing a finish, an import adding actions). The
statistics then read this small table, with the same plain SQL on both back ends; the few rows they
return are sorted in Python, as Python orders names (the back ends' collations differ).

Two facts live elsewhere and are read where they are cheap. A match's game is a plain column at the
start of its row (before the initial position, so never an overflow page): one game's statistics
keep the seats whose match is of that game (an index on the game saved about 5 ms of 28 at 5,000
matches in `bench/history.py`: not worth a migration). Who took the first turn is the match's
set-up action ``first N`` (both games record who starts so, seat N - 1), among its first few
actions: it is read through the index on (match, sequence), stopping at the first such action of
each match.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Sequence

from sqlalchemy import String, and_, case, cast, func, literal, select, update

from .reading import ACTION, MATCH, SEAT

#: the verb of the set-up action saying who takes the first turn (``first 2``: the second seat)
FIRST = "first"


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
class SeatStats:
    """How one seat did at tables of ``players`` seats: ``seat`` 0 is the first seat, 1 the second...;
    None stands for whoever took the first turn, wherever they sat (``games``: the matches whose
    record says who started)."""

    players: int
    seat: int | None
    games: int
    wins: int


@dataclass(frozen=True)
class GameStatistics:
    """Every statistic of one game's finished matches, as the history's statistics tab shows them."""

    game: str
    decks: list[DeckStats]
    players: list[PlayerStats]
    seats: list[SeatStats]
    lengths: dict[int, int]  # turns -> matches that lasted that many, shortest first


def deck_label(deck) -> str | None:
    """How statistics name a seat's deck: its name, or ``list:`` and a fingerprint of an unnamed
    card list (the same list always gets the same label); None when no deck was given."""
    if deck is None or isinstance(deck, str):
        return deck
    digest = hashlib.sha1("\n".join(sorted(deck)).encode()).hexdigest()[:8]
    return f"list:{digest}"


def seat_rows(match_id: int, players: Sequence[str], decks: Sequence, *, finished: bool = False,
              winner: int | None = None, turns: int = 0) -> list[dict]:
    """The ``match_seat`` rows of a match: per seat its player and its deck's label (a seat past the
    decks given has none), and the match's outcome (`seats_outcome`)."""
    return [{"match_id": match_id, "seat": seat, "player": player,
             "deck": deck_label(decks[seat]) if seat < len(decks) else None,
             "finished": finished, "won": finished and winner == seat, "turns": turns}
            for seat, player in enumerate(players)]


def seats_outcome(match_id: int, outcome: tuple | None, turns: int):
    """The statement that gives a match's seats its outcome ((winner seat or None, rule), or None
    while it is not over) and its turns."""
    winner = None if outcome is None else outcome[0]
    won = (SEAT.c.seat == winner) if winner is not None else False
    return update(SEAT).where(SEAT.c.match_id == match_id).values(finished=outcome is not None, won=won, turns=turns)


def _of_game(game: str | None) -> tuple:
    """The condition keeping the seats of ``game``'s matches (nothing for every game): the game is
    read from the first columns of each match's row, never its overflow pages."""
    if game is None:
        return ()
    return (SEAT.c.match_id.in_(select(MATCH.c.id).where(MATCH.c.game == game)),)


def _count_if(condition):
    """How many of the rows counted have ``condition`` true (whether the seat won, went first...): a
    sum, the one count of a condition both back ends share."""
    return func.sum(case((condition, 1), else_=0))


def _rows(db, query) -> list[tuple]:
    """The rows of ``query``, read in a session of their own (the statistics write nothing).

    On PostgreSQL without JIT compilation, for this transaction: the planner cannot know that a
    match's ``first N`` action is among its first few, so it prices looking it up for every seat as
    scanning the match's actions, crosses ``jit_above_cost`` and spends some 350 ms compiling a
    query that runs in 30 ms (5,000 matches)."""
    with db.session() as session:
        conn = session.connection()
        if conn.dialect.name == "postgresql":
            conn.exec_driver_sql("SET LOCAL jit = off")
        return [tuple(row) for row in conn.execute(query)]


def _totals(db, key, game: str | None, *where) -> list[tuple]:
    """(key, games, wins, total turns) per value of ``key`` (a column of ``match_seat``), over the
    seats of finished matches (of ``game``, or of every game)."""
    return _rows(db, select(key, func.count(), _count_if(SEAT.c.won), func.sum(SEAT.c.turns))
                 .where(SEAT.c.finished, *_of_game(game), *where).group_by(key))


def deck_stats(db, game: str | None = None) -> list[DeckStats]:
    """Per deck, over finished matches (of ``game``, or of every game): games played (a deck on both
    seats plays two), games won and the average number of turns; most played first."""
    rows = _totals(db, SEAT.c.deck, game, SEAT.c.deck.is_not(None))
    return sorted((DeckStats(deck, games, int(wins), int(turns) / games) for deck, games, wins, turns in rows),
                  key=lambda s: (-s.games, s.deck))


def player_stats(db, game: str | None = None) -> list[PlayerStats]:
    """Per player name, over finished matches (of ``game``, or of every game): games played and games
    won; most played first."""
    rows = _totals(db, SEAT.c.player, game)
    return sorted((PlayerStats(player, games, int(wins)) for player, games, wins, _ in rows),
                  key=lambda s: (-s.games, s.player))


def _seated(game: str | None, *columns):
    """The seats of finished matches (of ``game``) with their table's size (``players``, counted
    over the match's own seats in the same pass) and ``columns``, as a subquery."""
    size = func.count().over(partition_by=SEAT.c.match_id).label("players")
    return select(SEAT.c.seat, SEAT.c.won, size, *columns).where(SEAT.c.finished, *_of_game(game)).subquery()


def _started():
    """Whether a seat took its match's first turn: the match's first ``first N`` action names it. The
    action is compared as text (never the number in it read as one), so an action written outside
    the program cannot break the query on PostgreSQL; a match without one counts for no seat."""
    notation = (select(ACTION.c.notation).where(ACTION.c.match_id == SEAT.c.match_id,
                                                ACTION.c.notation.like(f"{FIRST} %"))
                .order_by(ACTION.c.seq).limit(1).scalar_subquery())
    return case((notation == literal(f"{FIRST} ") + cast(SEAT.c.seat + 1, String), True), else_=False)


def seat_stats(db, game: str | None = None) -> list[SeatStats]:
    """Per size of table and seat, over finished matches (of ``game``, or of every game): games and
    wins, then those of whoever took the first turn; the smaller tables first, each first seat
    first. A seat's results mean something only next to the other seats of tables of its size (at
    four, a seat that wins one game in four does as well as any), hence never mixed.

    One query counts each seat's games and wins and, of those, the games it went first in and won:
    whoever went first at a size of table is the sum of the seats' (each match has one)."""
    seats = _seated(game, _started().label("started"))
    rows = _rows(db, select(seats.c.players, seats.c.seat, func.count(), _count_if(seats.c.won),
                            _count_if(seats.c.started), _count_if(and_(seats.c.started, seats.c.won)))
                 .group_by(seats.c.players, seats.c.seat))
    out = [SeatStats(players, seat, games, int(wins)) for players, seat, games, wins, _, _ in rows]
    first: dict[int, list[int]] = {}  # size of table -> [games, wins] of whoever went first
    for players, _, _, _, started, started_won in rows:
        total = first.setdefault(players, [0, 0])
        total[0] += int(started)
        total[1] += int(started_won)
    out += [SeatStats(players, None, games, wins) for players, (games, wins) in first.items() if games]
    return sorted(out, key=lambda s: (s.players, s.seat is None, s.seat or 0))


def length_stats(db, game: str | None = None) -> dict[int, int]:
    """How many finished matches (of ``game``, or of every game) lasted each number of turns,
    shortest first: a match counted once, by its first seat's row."""
    rows = _rows(db, select(SEAT.c.turns, func.count()).where(SEAT.c.finished, SEAT.c.seat == 0, *_of_game(game))
                 .group_by(SEAT.c.turns))
    return dict(sorted(rows))


def latest_game(db) -> str | None:
    """The game of the newest finished match (None before any is finished): the one whose statistics
    a club most likely wants first. Read newest first from the index on when matches started, so it
    costs about one row."""
    rows = _rows(db, select(MATCH.c.game).where(MATCH.c.finished.is_not(None))
                 .order_by(MATCH.c.started.desc(), MATCH.c.id.desc()).limit(1))
    return rows[0][0] if rows else None


def game_statistics(db, game: str) -> GameStatistics:
    """Every statistic of ``game``'s finished matches. The games are never mixed: their turns,
    tables and decks are not alike (a turn of one is not a turn of another)."""
    return GameStatistics(game, deck_stats(db, game), player_stats(db, game), seat_stats(db, game),
                          length_stats(db, game))

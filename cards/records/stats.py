"""Statistics of finished matches: per deck (games, wins, average turns) and per player (games, wins),
each counted by one aggregate query.

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
statistics then read this small table alone, with the same plain SQL on both back ends; the few rows
they return are sorted in Python, as Python orders names (the back ends' collations differ).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Sequence

from sqlalchemy import case, func, select, update

from .reading import SEAT


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


def _totals(db, key, *where) -> list[tuple]:
    """(key, games, wins, total turns) per value of ``key`` (a column of ``match_seat``), over the
    seats of finished matches."""
    query = (select(key, func.count(), func.sum(case((SEAT.c.won, 1), else_=0)), func.sum(SEAT.c.turns))
             .where(SEAT.c.finished, *where).group_by(key))
    with db.session() as session:
        return [tuple(row) for row in session.connection().execute(query)]


def deck_stats(db) -> list[DeckStats]:
    """Per deck, over finished matches: games played (a deck on both seats plays two), games won
    and the average number of turns; most played first."""
    rows = _totals(db, SEAT.c.deck, SEAT.c.deck.is_not(None))
    return sorted((DeckStats(deck, games, int(wins), int(turns) / games) for deck, games, wins, turns in rows),
                  key=lambda s: (-s.games, s.deck))


def player_stats(db) -> list[PlayerStats]:
    """Per player name, over finished matches: games played and games won; most played first."""
    rows = _totals(db, SEAT.c.player)
    return sorted((PlayerStats(player, games, int(wins)) for player, games, wins, _ in rows),
                  key=lambda s: (-s.games, s.player))

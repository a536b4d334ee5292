"""History speed: opening the match history with a club's season of recorded matches, and its
statistics.

    python bench/history.py [--matches 500,5000] [--runs N] [--seed S] [--damaged SHARE]

A throwaway SQLite database (the bundled catalogue loaded, as a user's is) is filled with recorded
matches in the shape `cards.records` writes them: a few real matches are played and recorded once
(finished ones played to their end, unfinished ones stopped early, Naruto CCG and Llamas
Unleashed), then their rows are copied with new uids, a start spread over a season, players drawn
from a club of 30 names and decks from 16 named decks, 4 unnamed card lists and none (the copies of
each real match keep its actions, turns, winner and deciding rule). Where the schema keeps one row
per seat (``match_seat``), the copies get theirs as `cards.records` writes them. One row in a
thousand (``--damaged``) is damaged (its players are not JSON), as if edited outside the program.

Measured, at each size, each the median of ``--runs`` runs in this process with Qt offscreen
(QT_QPA_PLATFORM=offscreen), a main window built as the GUI tests build it:

* *open history*: from constructing `gui.history.HistoryPage` to the page shown and painted
  (`MainWindow.open`, then the event loop run until idle): it reads and shows the first page of
  matches, newest first (the statistics are counted when their tab is chosen);
* *statistics tab*: from choosing the history's statistics tab to it shown and painted (the
  statistics of the game of the newest finished match counted, the tables filled and the charts
  drawn);
* *open continue*: the same as *open history* for `gui.history.ContinuePage` (the unfinished
  matches);
* *statistics*: `cards.records.deck_stats` and `cards.records.player_stats` together, over every game;
* *per game*: `cards.records.game_statistics` of each game (decks, players, seats and who started,
  game lengths), and within it `cards.records.seat_stats` (the query that reads who started from
  each match's actions).

The yardsticks, measured in the same run: a bare ``SELECT 1`` round trip through the database's
session, and opening the history of a database with no recorded match.

Goal: with 5,000 recorded matches the history opens in <= 100 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from anywhere in the checkout
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from referee.games import GAMES  # noqa: E402 (the registry: light)

GOAL_MS = 100.0  # opening the history with 5,000 matches
CLUB = ("Ana", "Boris", "Chloé", "Dmitri", "Eve", "Fatima", "Goro", "Hana", "Igor", "Jun", "Kira", "Lev", "Mei",
        "Nils", "Olga", "Pavel", "Qiu", "Rosa", "Sven", "Tomoe", "Ugo", "Vera", "Wen", "Xavi", "Yuki", "Zoé",
        "Akira", "Bea", "Chen", "Dario")
DECKS = ("Leaf Genin", "Sand Siblings", "Mist Rogues", "Sound Four", "Hyuga Gentle Fist", "Uchiha Fire",
         "Akatsuki", "Toad Sage", "Medical Corps", "Anbu Black Ops", "Cloud Lightning", "Stone Wall",
         "Rain Orphans", "Puppet Masters", "Insect Swarm", "Team Guy")


def _real_matches(db, rng: random.Random) -> list[dict]:
    """A few matches of every game played and recorded for real (each set up by the game's own
    `random_match`, as selfplay; four finished and two left unfinished, of every number of seats the
    game has up to four), each read back as its rows: ``match`` (the match_record row as a dict) and
    ``actions`` (its action_record rows)."""
    from sqlalchemy import select

    from cards import records
    from cards.models import ActionRecord, MatchRecord
    from referee.engine.playout import play_random

    recorder, made = records.Recorder(db), []
    for game in GAMES.values():
        random_match, seats = game.part("play").random_match, [n for n in game.seats if n <= 4]
        for i in range(6):
            match = random_match(rng, game.default_format, seats[i % len(seats)])
            uid = recorder.record(match)
            if i < 4:
                play_random(match, rng)
            else:  # an unfinished one
                for _ in range(rng.randint(20, 80)):
                    match.apply(rng.choice(match.legal_actions()))
            records.release(match)
            made.append(uid)
    match_table, action_table = MatchRecord.__table__, ActionRecord.__table__
    out = []
    with db.session() as session:
        conn = session.connection()
        for uid in made:
            row = conn.execute(select(match_table).where(match_table.c.uid == uid)).mappings().one()
            actions = conn.execute(select(action_table).where(action_table.c.match_id == row["id"])
                                   .order_by(action_table.c.seq)).mappings().all()
            out.append({"match": dict(row), "actions": [dict(a) for a in actions]})
        # the real ones go: only the copies are listed
        conn.execute(match_table.delete().where(match_table.c.uid.in_(made)))
        session.commit()
    return out


def _seat_table():
    """The table of one row per seat, when the schema has one (None before it did)."""
    from sqlmodel import SQLModel

    import cards.models  # noqa: F401 (registers the tables)

    return SQLModel.metadata.tables.get("match_seat")


def fill(db, real: list[dict], count: int, rng: random.Random, start: datetime, damaged_share: float) -> None:
    """Add ``count`` copies of the ``real`` matches, started one after another from ``start``."""
    from sqlalchemy import insert

    from cards import records
    from cards.models import ActionRecord, MatchRecord

    match_table, action_table, seat_table = MatchRecord.__table__, ActionRecord.__table__, _seat_table()
    lists = [sorted(rng.sample([f"N-{n:03d}" for n in range(1, 60)], 40)) for _ in range(4)]
    with db.session() as session:
        conn = session.connection()
        for i in range(count):
            source = rng.choice(real)
            row = {k: v for k, v in source["match"].items() if k != "id"}
            seats = len(json.loads(row["players"]))
            players = rng.sample(CLUB, seats)
            if GAMES[row["game"]].deck_lists:
                decks = [rng.choice(DECKS) if rng.random() < 0.8 else rng.choice(lists + [None]) for _ in range(seats)]
            else:
                decks = [None] * seats
            started = start + timedelta(minutes=50 * i + rng.randint(0, 30))
            damaged = rng.random() < damaged_share
            row.update(uid=str(uuid.uuid4()), players="not json" if damaged else json.dumps(players),
                       decks=json.dumps(decks), started=started,
                       finished=None if source["match"]["finished"] is None else started + timedelta(minutes=40),
                       writer=None, claimed=None)
            match_id = conn.execute(insert(match_table).values(**row)).inserted_primary_key[0]
            conn.execute(insert(action_table), [{**{k: v for k, v in a.items() if k != "id"}, "match_id": match_id}
                                                for a in source["actions"]])
            if seat_table is not None:
                conn.execute(insert(seat_table), records.seat_rows(
                    match_id, players, decks, finished=row["finished"] is not None, winner=row["winner"],
                    turns=row["turns"]))
        session.commit()


def _per_game(db, game: str, runs: int) -> str:
    """The time of one game's statistics, and of its seats' query within them."""
    from cards import records

    whole = median_ms(lambda: records.game_statistics(db, game), runs)
    seats = median_ms(lambda: records.seat_stats(db, game), runs)
    finished = sum(records.length_stats(db, game).values())
    return f"{game} ({finished} finished) {whole:.1f} ms, of which seats {seats:.1f} ms"


def median_ms(run, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", default="500,5000", help="the sizes measured, comma-separated (growing)")
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--damaged", type=float, default=0.001, help="the share of rows damaged (players not JSON)")
    args = ap.parse_args(argv)
    sizes = [int(n) for n in args.matches.split(",")]
    rng = random.Random(args.seed)

    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication
    from sqlalchemy import text

    from cards import records
    from gui.app import build_window, prepare_qt
    from gui.context import AppContext
    from gui.history import ContinuePage, HistoryPage

    prepare_qt()
    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory(prefix="referee-bench-") as tmp:
        context = AppContext(Path(tmp) / "gui.ini", f"sqlite:///{Path(tmp) / 'referee.sqlite'}")
        window = build_window(context, "en")
        window.resize(1280, 720)
        window.show()
        app.processEvents()
        db = context.database()

        def settle() -> None:
            app.processEvents()
            app.sendPostedEvents(None, QEvent.Type.DeferredDelete)

        def open_page(kind) -> None:
            page = kind(window)
            window.open(page)
            app.processEvents()  # shown: read, laid out and painted

        def opened(kind) -> float:
            times = []
            for _ in range(args.runs):
                start = time.perf_counter()
                open_page(kind)
                times.append((time.perf_counter() - start) * 1000)
                window.back()
                settle()
            return statistics.median(times)

        def stats_tab() -> float:
            times = []
            for _ in range(args.runs):
                open_page(HistoryPage)
                start = time.perf_counter()
                window.page.tabs.setCurrentIndex(1)
                app.processEvents()
                times.append((time.perf_counter() - start) * 1000)
                window.back()
                settle()
            return statistics.median(times)

        def select_1() -> None:
            with db.session() as session:
                session.connection().execute(text("SELECT 1")).scalar()

        real = _real_matches(db, rng)
        open_page(HistoryPage)  # warm up: Qt's first page, the imports
        window.back()
        settle()
        round_trip = median_ms(select_1, 200)
        empty = opened(HistoryPage)
        print(f"python {sys.version.split()[0]}, SQLite (WAL), {len(real)} real matches copied "
              f"({sum(len(r['actions']) for r in real) / len(real):.0f} actions each on average), "
              f"{'one row per seat kept' if _seat_table() is not None else 'no table of seats'}, "
              f"median of {args.runs} runs")
        print(f"yardsticks: SELECT 1 round trip {round_trip:.3f} ms; empty history opens in {empty:.1f} ms")
        have, season = 0, datetime(2024, 9, 1, 18, 0, tzinfo=timezone.utc)
        verdicts = []
        for size in sizes:
            started = time.perf_counter()
            fill(db, real, size - have, rng, season + timedelta(minutes=50 * have), args.damaged)
            filled = time.perf_counter() - started
            have = size
            history = opened(HistoryPage)
            tab = stats_tab() if hasattr(HistoryPage, "show_stats") else None  # counted on opening before
            continued = opened(ContinuePage)
            stats = median_ms(lambda: (records.deck_stats(db), records.player_stats(db)), args.runs)
            print(f"{size} matches (filled in {filled:.1f} s): open history {history:.1f} ms "
                  f"({history / empty:.1f}x empty, {history / round_trip:.0f}x SELECT 1); "
                  + ("" if tab is None else f"statistics tab {tab:.1f} ms; ")
                  + f"open continue {continued:.1f} ms ({continued / empty:.1f}x empty); statistics "
                  f"{stats:.1f} ms ({stats / round_trip:.0f}x SELECT 1)")
            if hasattr(records, "game_statistics"):
                print("    per game: " + "; ".join(_per_game(db, game, args.runs) for game in GAMES))
            verdicts.append((size, history))
        for size, history in verdicts:
            if size >= 5000:
                print(f"goal: history with {size} matches opens in <= {GOAL_MS:g} ms: "
                      f"{'met' if history <= GOAL_MS else 'NOT met'} ({history:.1f} ms)")
        window.close()
        context.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

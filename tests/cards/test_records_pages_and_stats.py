"""Reading match records at a club's scale (cards.records): a page of matches at a time in every order
a table sorts by, where a match stands among them, the statistics counted by the database from the
seats kept with each match (equal to counting every finished match in Python, as the program once
did, through recording, finishing, undoing, importing and the migration that fills the seats of
older records), per deck and player, per seat at each size of table and for whoever went first, by
length, over every game or one, a damaged row breaking neither, and a resumed match knowing who took
each action. Every test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from datetime import datetime, timedelta, timezone

import pytest
from sqlalchemy import create_engine, select, text

from cards import records
from cards.db import Database, alembic_config
from cards.models import ActionRecord, MatchRecord
from cards.records import GameStatistics, Recorder, SeatStats
from referee.engine.playout import play_random
from referee.games import GAMES
from referee.games.llamas.rules import new_match as llamas_match
from referee.games.naruto.cards import bundled
from referee.games.naruto.decks import random_deck
from referee.games.naruto.rules import new_match

CLUB = ("ana", "boris", "chloe", "dmitri", "eve", "fatima")
NAMED = ("Leaf Genin", "Mist Rogues", "Sand Siblings", "Sound Four")


@pytest.fixture
def db(db_url):
    database = Database(db_url)
    yield database
    database.close()


def naruto(seed: int, names=("Ann", "Bob")):
    rng = random.Random(seed)
    decks = [random_deck(bundled(), "standard", rng) for _ in range(2)]
    return new_match(decks, seed=rng.randrange(2**32), names=list(names)), rng


def play(match, rng, actions: int | None = None) -> None:
    n = 0
    while not match.is_over() and (actions is None or n < actions):
        match.apply(rng.choice(match.legal_actions()))
        n += 1


# --- the statistics as the program once counted them ---------------------------------------------------


def python_seats(db, without: str | None = None) -> list[tuple]:
    """(seat, deck label, player, won, turns) for each seat of each finished match (but ``without``),
    read from the matches' JSON columns in Python: the statistics' computation before they were
    counted in SQL."""
    table = MatchRecord.__table__
    with db.session() as session:
        rows = session.connection().execute(select(table.c.players, table.c.decks, table.c.winner, table.c.turns)
                                            .where(table.c.finished.is_not(None), table.c.uid != (without or ""))).all()
    out = []
    for row in rows:
        players, decks = json.loads(row.players), json.loads(row.decks)
        for seat, player in enumerate(players):
            out.append((seat, records.deck_label(decks[seat] if seat < len(decks) else None), player,
                        row.winner == seat, row.turns))
    return out


def python_deck_stats(seats) -> list[records.DeckStats]:
    games: dict[str, list] = {}
    for _, deck, _, won, turns in seats:
        if deck is None:
            continue
        entry = games.setdefault(deck, [0, 0, 0])
        entry[0] += 1
        entry[1] += won
        entry[2] += turns
    return sorted((records.DeckStats(d, g, w, t / g) for d, (g, w, t) in games.items()),
                  key=lambda s: (-s.games, s.deck))


def python_player_stats(seats) -> list[records.PlayerStats]:
    games: dict[str, list] = {}
    for _, _, player, won, _ in seats:
        entry = games.setdefault(player, [0, 0])
        entry[0] += 1
        entry[1] += won
    return sorted((records.PlayerStats(p, g, w) for p, (g, w) in games.items()), key=lambda s: (-s.games, s.player))


def variant(data: dict, uid: str, rng: random.Random, started: datetime, lists: list[list[str]]) -> dict:
    """An exported match under another uid, started at ``started``, with other players and decks."""
    data = copy.deepcopy(data)
    seats = len(data["players"])
    over = data["finished"] is not None
    data.update(uid=uid, players=rng.sample(CLUB, seats), started=started.isoformat(),
                finished=(started + timedelta(minutes=40)).isoformat() if over else None)
    if data["game"] == "naruto":
        data["decks"] = [rng.choice([*NAMED, *lists, None]) for _ in range(seats)]
    return data


def seeded_club(db, seed: int = 7) -> dict:
    """A seeded season: Naruto and Llamas matches recorded whole, played while recorded (finished,
    finished then undone, finished again by redo, unfinished), imported copies with other players and
    decks (named, the same card list in two orders, none), and an import that extends a stored match
    to its end. Returns some of their uids by kind."""
    rng = random.Random(seed)
    recorder = Recorder(db)
    numbers = sorted(card.number for card in bundled())[:30]
    lists = [numbers[:12], list(reversed(numbers[:12])), numbers[10:22]]  # the first two are one list
    uids = {}
    bases = []
    for k, names in enumerate((("Ann", "Bob"), ("Bob", "Cid"), ("Ann", "Ann"))):
        match, game_rng = naruto(100 + k, names)
        play(match, game_rng)
        uid = recorder.record(match, decks=[NAMED[k], [*lists[k]]])
        records.release(match)
        bases.append(uid)
    uids["bases"] = bases
    for seats in (3, 4):  # every seat without a deck
        match = llamas_match(seats, seed=seed + seats, names=list(CLUB[:seats]))
        play_random(match, random.Random(seats))
        uids[f"llamas{seats}"] = recorder.record(match)
        records.release(match)
    live, live_rng = naruto(110, ("Cid", "Dee"))  # finished as it is played (the recorder's own writes)
    uids["live"] = recorder.record(live, decks=["Leaf Genin", None])
    play(live, live_rng)
    live.undo()
    live.redo()
    undone, undone_rng = naruto(111, ("Eve", "Ann"))  # finished, then taken back: not over
    uids["undone"] = recorder.record(undone, decks=["Mist Rogues", "Leaf Genin"])
    play(undone, undone_rng)
    undone.undo()
    playing, playing_rng = naruto(112, ("Ann", "Zed"))
    uids["playing"] = recorder.record(playing, decks=["Leaf Genin", "Mist Rogues"])
    play(playing, playing_rng, 12)
    for match in (live, undone, playing):
        records.release(match)
    start = datetime(2025, 1, 6, 18, tzinfo=timezone.utc)
    for i in range(12):
        data = records.export_match(db, rng.choice(bases + [uids["llamas3"]]))
        records.import_match(db, variant(data, f"copy-{i}", rng, start + timedelta(days=i), lists))
    growing, growing_rng = naruto(113, ("Fay", "Gus"))  # stored early, then extended to its end by an import
    early_uid = recorder.record(growing, decks=["Sand Siblings", None])
    play(growing, growing_rng, 8)
    early = records.export_match(db, early_uid)
    play(growing, growing_rng)
    late = records.export_match(db, early_uid)
    records.release(growing)
    for data in (early, late):
        data.update(uid="extended-1", players=["gus", "fay"])
    assert records.import_match(db, early).status == "imported"
    assert records.import_match(db, late).status == "extended"
    uids["extended"] = "extended-1"
    return uids


def test_the_statistics_counted_by_the_database_equal_counting_every_finished_match(db, db_url):
    uids = seeded_club(db)
    seats = python_seats(db)
    decks, players = python_deck_stats(seats), python_player_stats(seats)
    assert records.deck_stats(db) == decks
    assert records.player_stats(db) == players
    # the seeded season covers what the counts must tell apart
    labels = {s.deck for s in decks}
    assert len([d for d in labels if d.startswith("list:")]) == 2  # one list in two orders is one deck
    assert "Zed" not in {p.player for p in players}  # an unfinished match counts for nobody
    assert "Eve" not in {p.player for p in players}  # nor a finish taken back
    assert any(p.player == "gus" for p in players)  # an import that extended a match to its end counts
    assert any(p.player == "Ann" and p.games >= 2 for p in players)  # both seats of Ann vs Ann
    assert any(p.player == "Dee" for p in players)  # finished as it was played, undone and redone

    # an older database: the migration fills the seats from the matches, and the counts are the same
    with db.engine.connect() as conn, conn.begin():
        from alembic import command

        command.downgrade(alembic_config(conn), "0006")
    db.close()
    with Database(db_url) as again:
        assert records.deck_stats(again) == decks
        assert records.player_stats(again) == players
        assert records.get_match(again, uids["live"]).is_finished


def test_a_damaged_row_breaks_neither_the_statistics_nor_the_pages(db, db_url):
    uids = seeded_club(db, seed=8)
    decks, players = records.deck_stats(db), records.player_stats(db)
    damaged = uids["bases"][0]
    engine = create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(text("UPDATE match_record SET players = 'not json' WHERE uid = :uid"), {"uid": damaged})
    engine.dispose()
    # its seats were written when it was recorded: the statistics still count them
    assert records.deck_stats(db) == decks and records.player_stats(db) == players
    listed = {m.uid: m for m in records.page_matches(db, limit=1000)}
    assert listed[damaged].damaged == "players" and listed[damaged].players == []
    assert len(listed) == len(records.list_matches(db))
    assert records.match_place(db, damaged) is not None
    for order in records.ORDERS:
        assert damaged in {m.uid for m in records.page_matches(db, order=order, limit=1000)}
    # a database migrated with the row already damaged leaves that match out of the statistics
    with db.engine.connect() as conn, conn.begin():
        from alembic import command

        command.downgrade(alembic_config(conn), "0006")
    db.close()
    with Database(db_url) as again:
        sound = python_seats(again, without=damaged)
        assert records.deck_stats(again) == python_deck_stats(sound)
        assert records.player_stats(again) == python_player_stats(sound)


# --- seats, who went first, game lengths: one game at a time -------------------------------------------


def python_matches(db, game: str | None) -> list[tuple]:
    """(seats, winner, the seat that went first or None, turns) of each finished match of ``game``
    (of every game for None), read in Python from the matches' rows and all their actions: the
    first ``first N`` action says who went first."""
    match, action = MatchRecord.__table__, ActionRecord.__table__
    where = [match.c.finished.is_not(None)] + ([] if game is None else [match.c.game == game])
    out = []
    with db.session() as session:
        conn = session.connection()
        for row in conn.execute(select(match.c.id, match.c.players, match.c.winner, match.c.turns).where(*where)).all():
            notations = conn.execute(select(action.c.notation).where(action.c.match_id == row.id)
                                     .order_by(action.c.seq)).scalars().all()
            first = next((n.split(" ", 1)[1] for n in notations if n.startswith("first ")), None)
            seat = int(first) - 1 if first is not None and first.isdigit() else None
            out.append((len(json.loads(row.players)), row.winner, seat, row.turns))
    return out


def python_seat_stats(matches) -> list[SeatStats]:
    counts: dict[tuple, list] = {}
    for seats, winner, first, _ in matches:
        for seat in [*range(seats), None]:
            sitting = first if seat is None else seat
            if sitting is not None:
                entry = counts.setdefault((seats, seat), [0, 0])
                entry[0] += 1
                entry[1] += winner == sitting
    return sorted((SeatStats(n, seat, g, w) for (n, seat), (g, w) in counts.items()),
                  key=lambda s: (s.players, s.seat is None, s.seat or 0))


def python_lengths(matches) -> dict[int, int]:
    return dict(sorted(Counter(turns for *_, turns in matches).items()))


def test_seats_and_lengths_counted_by_the_database_equal_counting_each_finished_match_game_by_game(db):
    uids = seeded_club(db, seed=9)
    everything = python_matches(db, None)
    for game in GAMES:
        matches = python_matches(db, game)
        assert records.seat_stats(db, game) == python_seat_stats(matches), game
        assert records.length_stats(db, game) == python_lengths(matches), game
        assert records.game_statistics(db, game) == GameStatistics(
            game, records.deck_stats(db, game), records.player_stats(db, game), records.seat_stats(db, game),
            records.length_stats(db, game))
    assert records.seat_stats(db) == python_seat_stats(everything)
    assert records.length_stats(db) == python_lengths(everything)
    # the season covers what the counts must tell apart: tables of two, three and four, each with
    # whoever went first; the games kept apart
    assert {(s.players, s.seat) for s in records.seat_stats(db, "llamas")} == {
        (3, 0), (3, 1), (3, 2), (3, None), (4, 0), (4, 1), (4, 2), (4, 3), (4, None)}
    assert {s.players for s in records.seat_stats(db, "naruto")} == {2}
    assert all(first is not None for _, _, first, _ in everything)
    assert sum(records.length_stats(db, "naruto").values()) + sum(records.length_stats(db, "llamas").values()) \
        == len(everything)
    assert {s.player for s in records.player_stats(db, "llamas")} <= set(CLUB)
    assert records.deck_stats(db, "llamas") == []  # its players bring no decks
    assert records.deck_stats(db, "naruto") == records.deck_stats(db)
    assert "Zed" not in {p.player for p in records.player_stats(db, "naruto")}  # unfinished
    assert uids["extended"] and records.latest_game(db) in GAMES


def test_seat_statistics_count_each_seat_and_who_went_first_at_each_size_of_table(db):
    recorder = Recorder(db)
    assert records.latest_game(db) is None and records.seat_stats(db, "naruto") == []
    expected: dict[str, Counter] = {"naruto": Counter(), "llamas": Counter()}
    lengths: dict[str, Counter] = {"naruto": Counter(), "llamas": Counter()}

    def count(game: str, match) -> None:
        seats, winner, first = len(match.state.players), match.outcome().winner, match.state.first
        for seat in [*range(seats), None]:
            expected[game][(seats, seat, "games")] += 1
            expected[game][(seats, seat, "wins")] += winner == (first if seat is None else seat)
        lengths[game][match.state.turn] += 1

    for seed in (50, 51, 52):
        match, rng = naruto(seed)
        play(match, rng)
        recorder.record(match, decks=["Leaf Genin", "Mist Rogues"])
        records.release(match)
        count("naruto", match)
    for seats, seed in ((3, 60), (5, 61), (3, 62)):
        match = llamas_match(seats, seed=seed, names=list(CLUB[:seats]))
        play_random(match, random.Random(seed))
        recorder.record(match)
        records.release(match)
        count("llamas", match)
    playing, rng = naruto(53, ("Ann", "Zed"))  # newer, unfinished: counted nowhere
    recorder.record(playing)
    play(playing, rng, 10)
    records.release(playing)

    for game in expected:
        got = records.seat_stats(db, game)
        assert {(s.players, s.seat, "games"): s.games for s in got} | \
            {(s.players, s.seat, "wins"): s.wins for s in got} == dict(expected[game]), game
        assert records.length_stats(db, game) == dict(sorted(lengths[game].items()))
    assert [(s.players, s.seat, s.games) for s in records.seat_stats(db, "llamas")] == [
        (3, 0, 2), (3, 1, 2), (3, 2, 2), (3, None, 2),
        (5, 0, 1), (5, 1, 1), (5, 2, 1), (5, 3, 1), (5, 4, 1), (5, None, 1)]
    assert [(s.players, s.seat, s.games) for s in records.seat_stats(db, "naruto")] == [
        (2, 0, 3), (2, 1, 3), (2, None, 3)]
    assert sum(s.wins for s in records.seat_stats(db, "naruto") if s.seat is not None) == 3  # one winner a match
    assert sum(records.length_stats(db, "llamas").values()) == 3
    assert records.latest_game(db) == "llamas"  # the newest finished match's game


def test_an_action_damaged_outside_the_program_leaves_its_match_out_of_who_went_first_only(db, db_url):
    recorder = Recorder(db)
    for seed in (70, 71):
        match, rng = naruto(seed)
        play(match, rng)
        recorder.record(match)
        records.release(match)
    before = records.seat_stats(db, "naruto")
    assert [(s.seat, s.games) for s in before] == [(0, 2), (1, 2), (None, 2)]
    engine = create_engine(db_url)
    with engine.begin() as conn:  # the first match's "first N" no longer names a seat
        conn.execute(text("UPDATE action_record SET notation = 'first banana' WHERE notation LIKE 'first %' "
                          "AND match_id = (SELECT MIN(id) FROM match_record)"))
    engine.dispose()
    after = records.seat_stats(db, "naruto")
    assert after[:2] == before[:2] and after[2].games == 1


# --- a page at a time ------------------------------------------------------------------------------


def _key(order: str):
    """What each order of `records.ORDERS` sorts by, in Python (then by start)."""
    dumps = lambda v: json.dumps(v, ensure_ascii=False, separators=(",", ":"))  # noqa: E731 (as stored)
    return {
        "started": lambda m: m.started,
        "players": lambda m: dumps(m.players),
        "decks": lambda m: dumps(m.decks),
        "format": lambda m: m.format,
        "mode": lambda m: m.mode,
        "winner": lambda m: (2 if not m.is_finished else 1 if m.winner is None else 0,
                             m.players[m.winner] if m.is_finished and m.winner is not None else ""),
        "reason": lambda m: m.reason or "",
        "turns": lambda m: m.turns,
        "actions": lambda m: m.actions,
    }[order]


def test_pages_in_every_order_give_every_match_once_in_that_order_and_say_where_each_stands(db):
    recorder = Recorder(db)
    finished = []
    for seed in (31, 32):
        match, rng = naruto(seed)
        play(match, rng)
        finished.append(recorder.record(match, decks=["Leaf Genin", None]))
        records.release(match)
    playing, rng = naruto(33)
    stopped = recorder.record(playing)
    play(playing, rng, 9)
    records.release(playing)
    gen = random.Random(5)
    start = datetime(2025, 3, 1, tzinfo=timezone.utc)
    for i in range(14):
        data = records.export_match(db, gen.choice(finished + [stopped]))
        records.import_match(db, variant(data, f"page-{i:02d}", gen, start + timedelta(hours=5 * i), [["N-001"]]))
    tie = records.copy_match(db, "page-03")  # the same start as the match it copies
    everything = records.list_matches(db)
    assert len(everything) == 18 and tie in {m.uid for m in everything}
    for over in (None, True, False):
        listed = [m for m in everything if over is None or m.is_finished == over]
        for order in records.ORDERS:
            for descending in (True, False):
                whole = records.page_matches(db, over, order=order, descending=descending, limit=1000)
                assert sorted(m.uid for m in whole) == sorted(m.uid for m in listed), (over, order)
                keys = [_key(order)(m) for m in whole]
                assert keys == sorted(keys, reverse=descending), (over, order, descending)
                pages = [m for offset in range(0, len(whole), 4) for m in records.page_matches(
                    db, over, order=order, descending=descending, offset=offset, limit=4)]
                assert [m.uid for m in pages] == [m.uid for m in whole], (over, order, descending)
                for place in (0, len(whole) // 2, len(whole) - 1):
                    uid = whole[place].uid
                    assert records.match_place(db, uid, over, order=order, descending=descending) == place
    newest = records.page_matches(db, limit=3)
    assert [m.uid for m in newest] == [m.uid for m in sorted(everything, key=lambda m: m.started, reverse=True)[:3]]
    assert records.match_place(db, stopped, True) is None  # not among the finished
    assert records.match_place(db, "no-such-match") is None
    assert records.page_matches(db, offset=100) == []
    with pytest.raises(ValueError):
        records.page_matches(db, order="initial")


# --- who acted -------------------------------------------------------------------------------------


def test_a_resumed_match_knows_who_took_each_action_from_its_record(db):
    match, rng = naruto(41)
    uid = Recorder(db).record(match)
    play(match, rng, 15)
    assert records.recorded_actors(match) == [a.actor for a in records.match_actions(db, uid)]
    records.release(match)
    assert records.recorded_actors(match) is None  # no longer recorded
    resumed = records.resume(db, uid)
    recorded = [a.actor for a in records.match_actions(db, uid)]
    assert len(recorded) == 15 and records.recorded_actors(resumed) == recorded
    actor = resumed.actor
    resumed.apply(rng.choice(resumed.legal_actions()))
    assert records.recorded_actors(resumed) == recorded + [actor]
    resumed.undo()
    assert records.recorded_actors(resumed) == recorded
    records.release(resumed)

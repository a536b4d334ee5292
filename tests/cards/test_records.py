"""Match records (cards.records): every applied action is committed as it happens, undo removes it,
a finished match keeps its winner and rule, a match resumes and replays exactly from its record,
exports and imports as JSON (refusing bad data whole), and statistics count finished matches.
Every test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import copy
import json
import random
import re
import shutil
from pathlib import Path

import pytest
from sqlalchemy import create_engine, func, text
from sqlmodel import select

from cards import records
from cards.db import Database, StorageError
from cards.models import ActionRecord, MatchRecord
from cards.records import RecordError, Recorder
from referee.engine.match import Match
from referee.games.naruto.cards import bundled
from referee.games.naruto.decks import random_deck
from referee.games.naruto.rules import new_match, rules_for


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    """A SQLite database with the schema and the bundled catalogue, made once and copied for each
    test (opening a new file loads the catalogue, which would cost each test a third of a second)."""
    path = tmp_path_factory.mktemp("template") / "referee.sqlite"
    Database(f"sqlite:///{path}").close()
    return path


def open_db(url: str, template: Path, **kwargs) -> Database:
    if url.startswith("sqlite:///"):
        shutil.copyfile(template, url.removeprefix("sqlite:///"))
    return Database(url, **kwargs)


@pytest.fixture
def db(db_url, template):
    """The same test on SQLite and PostgreSQL."""
    database = open_db(db_url, template)
    yield database
    database.close()


@pytest.fixture
def sqlite_db(sqlite_url, template):
    """For what does not depend on the back end (checks made before anything is stored)."""
    database = open_db(sqlite_url, template)
    yield database
    database.close()


def game(seed: int, names=("Ann", "Bob")) -> tuple[Match, random.Random]:
    rng = random.Random(seed)
    cards = bundled()
    decks = [random_deck(cards, "standard", rng), random_deck(cards, "standard", rng)]
    return new_match(decks, seed=rng.randrange(2**32), names=names), rng


def play(match: Match, rng: random.Random, actions: int | None = None) -> None:
    """``actions`` random legal actions, or to the end."""
    n = 0
    while not match.is_over() and (actions is None or n < actions):
        match.apply(rng.choice(match.legal_actions()))
        n += 1


def finished_game(seed: int, names=("Ann", "Bob")) -> Match:
    match, rng = game(seed, names)
    play(match, rng)
    return match


def stored_actions(url: str, uid: str) -> list[tuple]:
    """(seq, notation, actor, phase) as another program sees them: a separate engine, so only
    committed rows count."""
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(text(
                "SELECT a.seq, a.notation, a.actor, a.phase FROM action_record a "
                "JOIN match_record m ON m.id = a.match_id WHERE m.uid = :uid ORDER BY a.seq"), {"uid": uid}).all()
    finally:
        engine.dispose()
    return [tuple(r) for r in rows]


def count(db: Database, model) -> int:
    with db.session() as s:
        return s.exec(select(func.count()).select_from(model)).one()


def notations(match: Match) -> list[str]:
    return [str(a) for a in match.history]


def replayed(match: Match) -> Match:
    data = match.to_json()
    return Match.from_json(rules_for(match.state.format), {"initial": data["initial"], "history": data["history"]},
                           bundled())


# --- recording -------------------------------------------------------------------------------------


def test_record_writes_the_setup_and_commits_each_action_as_it_happens(db, db_url):
    match, rng = game(1)
    uid = Recorder(db).record(match, players=["Ann", "Bob"], decks=["Leaf Genin", ["N-001"] * 3])
    info = records.get_match(db, uid)
    assert (info.game, info.format, info.mode, info.seed) == ("naruto", "standard", "guided", match.state.seed)
    assert info.players == ["Ann", "Bob"] and info.decks == ["Leaf Genin", ["N-001"] * 3]
    assert not info.is_finished and info.actions == 0
    with db.session() as s:
        initial = s.exec(select(MatchRecord.initial).where(MatchRecord.uid == uid)).one()
    assert json.loads(initial) == match.to_json()["initial"]
    expected = []
    for _ in range(12):
        phase, actor = match.phase, match.actor
        action = match.apply(rng.choice(match.legal_actions()))
        expected.append((len(expected) + 1, str(action), actor, phase))
        assert stored_actions(db_url, uid) == expected  # committed before apply returned


def test_undo_deletes_the_last_action_and_redo_or_another_action_replaces_it(db, db_url):
    match, rng = game(2)
    uid = Recorder(db).record(match)
    play(match, rng, 10)
    match.undo()
    match.undo()
    assert [n for _, n, _, _ in stored_actions(db_url, uid)] == notations(match)
    assert len(notations(match)) == 8
    match.redo()
    assert [n for _, n, _, _ in stored_actions(db_url, uid)] == notations(match)
    match.undo()
    others = [a for a in match.legal_actions() if str(a) != str(match._redo[-1])]
    match.apply(others[0])
    assert [n for _, n, _, _ in stored_actions(db_url, uid)] == notations(match)
    assert records.get_match(db, uid).actions == 9


def test_a_finished_match_stores_winner_reason_and_turns_and_undo_reopens_it(db):
    match = finished_game(3)
    for _ in range(6):
        match.undo()
    uid = Recorder(db).record(match)
    assert not records.get_match(db, uid).is_finished
    for _ in range(6):
        match.redo()  # the last one ends the game
    outcome = match.outcome()
    info = records.get_match(db, uid)
    assert info.is_finished
    assert (info.winner, info.reason, info.turns) == (outcome.winner, outcome.rule, match.state.turn)
    assert info.actions == len(match.history)
    match.undo()
    info = records.get_match(db, uid)
    assert not info.is_finished and info.winner is None and info.reason is None
    assert records.unfinished(db)[0].uid == uid


def test_recording_a_match_that_already_has_actions_writes_them_with_their_steps(sqlite_db, sqlite_url):
    match, rng = game(4)
    reference = replayed(match)  # the same match, to learn each action's step and seat
    play(match, rng, 15)
    uid = Recorder(sqlite_db).record(match)
    expected = []
    for action in match.history:
        expected.append((len(expected) + 1, str(action), reference.actor, reference.phase))
        reference.apply(action)
    assert stored_actions(sqlite_url, uid) == expected
    play(match, rng, 3)
    assert len(stored_actions(sqlite_url, uid)) == 18


def test_matches_recorded_side_by_side_stay_apart(sqlite_db, sqlite_url):
    recorder = Recorder(sqlite_db)
    (a, ra), (b, rb) = game(5), game(6)
    uid_a, uid_b = recorder.record(a), recorder.record(b)
    for _ in range(10):
        play(a, ra, 1)
        play(b, rb, 2)
    assert [n for _, n, _, _ in stored_actions(sqlite_url, uid_a)] == notations(a)
    assert [n for _, n, _, _ in stored_actions(sqlite_url, uid_b)] == notations(b)


def test_bad_players_decks_or_game_are_refused_before_anything_is_written(sqlite_db):
    match, _ = game(7)
    recorder = Recorder(sqlite_db)
    for kwargs, key in (({"players": ["only one"]}, "bad_players"), ({"decks": ["a", 3]}, "bad_decks"),
                        ({"game": "chess"}, "unknown_game")):
        with pytest.raises(RecordError) as info:
            recorder.record(match, **kwargs)
        assert info.value.key == key
    assert count(sqlite_db, MatchRecord) == 0 and match.observers == []


def test_a_failed_write_loses_nothing_the_next_change_catches_up(sqlite_url, template):
    """While another program holds the write lock, apply raises a clear StorageError; the action
    stays in the match and is written with the next one."""
    db = open_db(sqlite_url, template, busy_timeout=0.2)
    match, rng = game(8)
    uid = Recorder(db).record(match)
    play(match, rng, 3)
    blocker = create_engine(sqlite_url, isolation_level=None)
    with blocker.connect() as conn:
        conn.exec_driver_sql("BEGIN IMMEDIATE")
        with pytest.raises(StorageError) as info:
            play(match, rng, 1)
        assert info.value.key == "locked"
        conn.exec_driver_sql("ROLLBACK")
    blocker.dispose()
    assert len(match.history) == 4 and len(stored_actions(sqlite_url, uid)) == 3
    play(match, rng, 1)
    assert [n for _, n, _, _ in stored_actions(sqlite_url, uid)] == notations(match)
    db.close()


# --- resuming and replaying ------------------------------------------------------------------------


def test_resume_rebuilds_the_match_at_its_last_action_and_records_on(db, db_url):
    match, rng = game(9)
    uid = Recorder(db).record(match)
    play(match, rng, 40)
    match.undo()  # the undone action is not part of the record any more
    records.release(match)  # the window playing it closes
    resumed = records.resume(db, uid)
    assert notations(resumed) == notations(match)
    assert resumed.state.to_dict() == match.state.to_dict()
    assert resumed.can_undo  # replayed, not loaded: undo works across the resume
    resumed.undo()
    play(resumed, random.Random(99), 20)
    assert [n for _, n, _, _ in stored_actions(db_url, uid)] == notations(resumed)
    assert len(notations(resumed)) == 58


def test_resume_of_an_unknown_uid_says_so(sqlite_db):
    with pytest.raises(RecordError) as info:
        records.resume(sqlite_db, "no-such-match")
    assert info.value.key == "unknown_uid" and "no-such-match" in str(info.value)


def test_a_record_that_no_longer_replays_is_reported_with_its_action(sqlite_db):
    match, rng = game(10)
    uid = Recorder(sqlite_db).record(match)
    play(match, rng, 10)
    with sqlite_db.session() as s:
        row = s.exec(select(ActionRecord).where(ActionRecord.seq == 7)).one()
        row.notation = "deploy N-999"
        s.add(row)
        s.commit()
    records.release(match)
    with pytest.raises(RecordError) as info:
        records.resume(sqlite_db, uid)
    assert info.value.key == "does_not_replay" and info.value.params["seq"] == 7


def test_replay_steps_forward_and_back_through_the_recorded_positions(sqlite_db):
    match, rng = game(11)
    uid = Recorder(sqlite_db).record(match)
    expected = [match.state.to_dict()]
    for _ in range(25):
        play(match, rng, 1)
        expected.append(match.state.to_dict())
    replay = records.replay(sqlite_db, uid)
    assert len(replay) == 25 and replay.step == 0 and replay.position == expected[0]
    assert replay.back() is None
    assert list(replay.positions()) == expected[1:]
    assert replay.forward() is None and replay.step == 25
    action = replay.back()
    assert action.seq == 25 and action.notation == notations(match)[-1]
    assert replay.position == expected[24]
    replay.go(3)
    assert replay.position == expected[3] and replay.last.seq == 3
    with pytest.raises(IndexError):
        replay.go(26)


def test_list_matches_filters_finished_and_unfinished(db):
    recorder = Recorder(db)
    done = recorder.record(finished_game(12))
    match, rng = game(13)
    playing = recorder.record(match)
    play(match, rng, 5)
    assert [m.uid for m in records.list_matches(db)] == [done, playing]
    assert [m.uid for m in records.list_matches(db, finished=True)] == [done]
    assert [m.uid for m in records.unfinished(db)] == [playing]
    assert records.get_match(db, playing).actions == 5


def test_resolve_uid_accepts_a_unique_start(sqlite_db):
    uid = Recorder(sqlite_db).record(game(14)[0])
    assert records.resolve_uid(sqlite_db, uid[:6]) == uid
    with pytest.raises(RecordError):
        records.resolve_uid(sqlite_db, "zz")
    with pytest.raises(RecordError):
        records.resolve_uid(sqlite_db, "%")  # LIKE wildcards are text


# --- export and import -----------------------------------------------------------------------------


def export_one(db: Database) -> dict:
    """A finished match, recorded at once (its actions written with the set-up), exported."""
    uid = Recorder(db).record(finished_game(15), players=["Ann", "Bob"], decks=["Leaf Genin", "Mist Rogues"])
    return json.loads(json.dumps(records.export_match(db, uid)))  # really JSON-able


@pytest.fixture
def exported(db):
    return export_one(db)


def test_export_then_import_into_another_database_gives_the_same_record(db, exported, tmp_path, template):
    other = open_db(f"sqlite:///{tmp_path / 'other.sqlite'}", template)
    result = records.import_match(other, exported)
    assert result.status == "imported" and result.actions == len(exported["actions"])
    assert records.export_match(other, exported["uid"]) == exported
    resumed = records.resume(other, exported["uid"])
    assert resumed.is_over() and notations(resumed) == [a["notation"] for a in exported["actions"]]
    other.close()


def test_importing_the_same_match_twice_changes_nothing(db, exported):
    assert records.import_match(db, exported).status == "unchanged"
    exported["uid"] = "copy-1"
    assert records.import_match(db, exported).status == "imported"
    before = (count(db, MatchRecord), count(db, ActionRecord))
    assert records.import_match(db, exported).status == "unchanged"
    assert (count(db, MatchRecord), count(db, ActionRecord)) == before


def test_a_later_export_of_the_same_match_adds_its_new_actions(db, exported):
    late = dict(exported, uid="moved-1")
    early = copy.deepcopy(late)  # the same match as exported after 20 actions
    early["actions"] = early["actions"][:20]
    at_20 = Match.from_json(rules_for("standard"), {"initial": early["initial"],
                                                    "history": [a["notation"] for a in early["actions"]]}, bundled())
    early.update(finished=None, winner=None, reason=None, turns=at_20.state.turn)
    assert records.import_match(db, early).status == "imported"
    assert not records.get_match(db, "moved-1").is_finished
    assert records.import_match(db, late).status == "extended"
    assert records.export_match(db, "moved-1") == late
    with pytest.raises(RecordError) as info:  # an older copy never cuts a match short
        records.import_match(db, early)
    assert info.value.key == "conflict"
    assert records.get_match(db, "moved-1").actions == len(late["actions"])


def set_field(path, value):
    """A change of an exported match: the value at ``path`` (keys and indices) set to ``value``."""
    def apply(d):
        target = d
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return apply


def _mutations():
    """(name, how to spoil an exported match, the message key expected)."""
    set_ = set_field

    def delete(key):
        return lambda d: d.pop(key)

    return [
        ("other format", set_(["format"], "something"), "wrong_format"),
        ("newer version", set_(["version"], 2), "wrong_format"),
        ("no uid", delete("uid"), "missing_field"),
        ("uid with spaces", set_(["uid"], "a b"), "bad_field"),
        ("unknown game", set_(["game"], "chess"), "bad_field"),
        ("seed is text", set_(["seed"], "12"), "bad_field"),
        ("seed is a bool", set_(["seed"], True), "bad_field"),
        ("three players", set_(["players"], ["a", "b", "c"]), "bad_field"),
        ("deck is a number", set_(["decks"], [1, None]), "bad_field"),
        ("bad date", set_(["started"], "yesterday"), "bad_field"),
        ("winner 7", set_(["winner"], 7), "bad_field"),
        ("actions not a list", set_(["actions"], {}), "bad_field"),
        ("action not an object", set_(["actions", 3], "pass"), "action_not_object"),
        ("action without notation", lambda d: d["actions"][3].pop("notation"), "bad_action"),
        ("sequence gap", set_(["actions", 3, "seq"], 5), "bad_sequence"),
        ("illegal action", set_(["actions", 5, "notation"], "deploy N-999"), "does_not_replay"),
        ("gibberish action", set_(["actions", 5, "notation"], "!!!"), "does_not_replay"),
        ("wrong phase", set_(["actions", 5, "phase"], "battle_block"), "replay_differs"),
        ("wrong actor", lambda d: d["actions"][5].update(actor=1 - d["actions"][5]["actor"]), "replay_differs"),
        ("missing last action", lambda d: d["actions"].pop(), "outcome_differs"),
        ("wrong winner", lambda d: d.update(winner=1 - d["winner"]), "outcome_differs"),
        ("wrong turns", lambda d: d.update(turns=d["turns"] + 1), "turns_differ"),
        ("seed differs from the position", lambda d: d.update(seed=d["seed"] + 1), "initial_differs"),
        ("broken position", lambda d: d["initial"].pop("players"), "bad_initial"),
        ("a card the catalogue lacks in the position", set_(["initial", "instances", 3], "N-999"), "bad_initial"),
        ("a card the catalogue lacks in a deck", lambda d: d["decks"].__setitem__(0, ["N-999", "N-001"]),
         "unknown_deck_cards"),
    ]


def test_malformed_imports_are_refused_with_their_reason_and_keep_nothing(db, exported):
    before = (count(db, MatchRecord), count(db, ActionRecord))
    for name, spoil, key in _mutations():
        data = copy.deepcopy(exported)
        data["uid"] = "fresh-uid"
        spoil(data)
        with pytest.raises(RecordError) as info:
            records.import_match(db, data)
        assert info.value.key == key, f"{name}: {info.value}"
        assert (count(db, MatchRecord), count(db, ActionRecord)) == before, name
    assert records.list_matches(db)[0].uid == exported["uid"]


def test_import_errors_are_whole_sentences_in_the_users_language(sqlite_db, exported):
    """No English clause inside a Russian message: what a field expects, the outcome, the reason a
    position cannot be played from are all translated (checked against the English texts)."""
    from localization import set_language

    cases = [set_field(["seed"], "12"), set_field(["players"], ["a", "b", "c"]),
             set_field(["initial", "instances", 3], "N-999"), lambda d: d.update(winner=1 - d["winner"])]
    for spoil in cases:
        data = copy.deepcopy(exported)
        data["uid"] = "fresh-uid"
        spoil(data)
        english = _refusal(sqlite_db, data)
        set_language("ru")
        russian = _refusal(sqlite_db, data)
        set_language("en")
        assert russian != english and not re.search(r"\b(expected|an integer|a list|cannot|win|seat)\b", russian), russian


def _refusal(db, data) -> str:
    with pytest.raises(RecordError) as info:
        records.import_match(db, data)
    return str(info.value)


def test_data_that_is_not_an_object_is_refused(sqlite_db):
    for data in ([], "match", None, 3):
        with pytest.raises(RecordError) as info:
            records.import_match(sqlite_db, data)
        assert info.value.key == "not_object"


def test_a_different_match_under_a_stored_uid_is_refused(sqlite_db):
    data = export_one(sqlite_db)
    data["players"] = ["Carl", "Dora"]
    before = (count(sqlite_db, MatchRecord), count(sqlite_db, ActionRecord))
    with pytest.raises(RecordError) as info:
        records.import_match(sqlite_db, data)
    assert info.value.key == "conflict" and "players" in str(info.value)
    assert (count(sqlite_db, MatchRecord), count(sqlite_db, ActionRecord)) == before


# --- statistics ------------------------------------------------------------------------------------


def test_deck_and_player_statistics_count_finished_matches(db):
    recorder = Recorder(db)
    setups = [(20, ("Ann", "Bob"), ["Leaf Genin", "Mist Rogues"]),
              (21, ("Ann", "Carl"), ["Leaf Genin", "Leaf Genin"]),
              (22, ("Bob", "Ann"), ["Mist Rogues", None]),
              (23, ("Bob", "Carl"), [["N-001"] * 3, ["N-001"] * 3])]
    expected_decks: dict = {}
    expected_players: dict = {}
    for seed, names, decks in setups:
        match = finished_game(seed, names)
        recorder.record(match, decks=decks)
        winner, turns = match.outcome().winner, match.state.turn
        for seat in (0, 1):
            label = records.deck_label(decks[seat])
            if label is not None:
                g, w, t = expected_decks.get(label, (0, 0, 0))
                expected_decks[label] = (g + 1, w + (winner == seat), t + turns)
            g, w = expected_players.get(names[seat], (0, 0))
            expected_players[names[seat]] = (g + 1, w + (winner == seat))
    unfinished, rng = game(24, ("Ann", "Zed"))
    recorder.record(unfinished, decks=["Leaf Genin", "Mist Rogues"])
    play(unfinished, rng, 10)
    decks = {s.deck: (s.games, s.wins, s.average_turns) for s in records.deck_stats(db)}
    assert decks == {d: (g, w, t / g) for d, (g, w, t) in expected_decks.items()}
    assert decks["Leaf Genin"][0] == 3  # both seats of the mirror match count
    assert len([d for d in decks if d.startswith("list:")]) == 1  # the same unnamed list twice
    players = {s.player: (s.games, s.wins) for s in records.player_stats(db)}
    assert players == expected_players and "Zed" not in players
    assert sum(w for _, w in players.values()) == 4
    assert records.deck_stats(db)[0].deck == "Leaf Genin"  # most played first


# --- Llamas Unleashed ----------------------------------------------------------------------------------


def test_a_llamas_match_of_five_players_is_recorded_exported_imported_and_resumed(db, tmp_path, template):
    """The game comes from the match's rules; its one format is the base game; five seats are
    checked on import (winner and actors among them) and the engine's own cards replay it."""
    from referee.games.llamas.opponent import RandomPlayer
    from referee.games.llamas.rules import new_match as llamas_match

    match = llamas_match(5, seed=9, names=["A", "B", "C", "D", "E"])
    uid = Recorder(db).record(match)
    players = {k: RandomPlayer(k) for k in range(5)}
    while not match.is_over():
        match.apply(players[match.actor].choose(match))
    info = records.get_match(db, uid)
    assert (info.game, info.format, len(info.players), info.winner) == ("llamas", "base", 5, match.outcome().winner)
    exported = json.loads(json.dumps(records.export_match(db, uid)))
    other = open_db(f"sqlite:///{tmp_path / 'other.sqlite'}", template)
    assert records.import_match(other, exported).status == "imported"
    assert records.resume(other, uid).state.to_dict() == match.state.to_dict()
    bad = dict(exported, uid="bad-1", actions=[dict(a, actor=7) for a in exported["actions"]])
    with pytest.raises(RecordError) as refused:
        records.import_match(other, bad)
    assert refused.value.key == "bad_action" and refused.value.params["field"] == "actor"
    other.close()


def test_a_llamas_match_keeps_its_expansions_in_lists_exports_imports_and_older_records(db, db_url, tmp_path, template):
    """The expansions a match shuffles in (L-SETUP-3) are part of its record: the lists read them
    without its initial position, an import takes them from the file's initial position, and a match
    recorded before they were kept gets them from its own (migration 0011)."""
    from alembic import command

    from cards.db import alembic_config
    from referee.games.llamas.rules import new_match as llamas_match

    farmed = llamas_match(3, seed=4, expansions=["farmed-and-dangerous"])
    base = llamas_match(2, seed=5)
    uid, plain = Recorder(db).record(farmed), Recorder(db).record(base)
    listed = {info.uid: info.expansions for info in records.list_matches(db)}
    assert listed == {uid: ("farmed-and-dangerous",), plain: ()}
    assert [m.expansions for m in records.page_matches(db) if m.uid == uid] == [("farmed-and-dangerous",)]
    exported = json.loads(json.dumps(records.export_match(db, uid)))
    other = open_db(f"sqlite:///{tmp_path / 'other.sqlite'}", template)
    records.import_match(other, exported)
    assert records.get_match(other, uid).expansions == ("farmed-and-dangerous",)
    other.close()
    with db.engine.connect() as conn, conn.begin():
        command.downgrade(alembic_config(conn), "0010")
    db.close()
    with Database(db_url) as again:
        assert records.get_match(again, uid).expansions == ("farmed-and-dangerous",)
        assert records.get_match(again, plain).expansions == ()


# --- one writer at a time ---------------------------------------------------------------------------


def test_a_match_open_in_one_place_is_refused_in_another_until_taken_over(db, db_url):
    match, rng = game(21)
    uid = Recorder(db).record(match, computers={1: "heuristic"})
    play(match, rng, 12)
    with pytest.raises(records.MatchElsewhere) as info:  # "Continue a match" in a second window
        records.resume(db, uid)
    assert info.value.key == "open_elsewhere" and info.value.params["uid"] == uid
    assert stored_actions(db_url, uid)[-1][0] == 12  # the record is untouched
    other = records.resume(db, uid, take_over=True)  # the second window takes it over
    assert notations(other) == notations(match)
    play(other, random.Random(5), 5)
    with pytest.raises(records.MatchElsewhere) as info:  # the first window's next action
        play(match, rng, 1)
    assert info.value.key == "taken"
    assert [n for _, n, _, _ in stored_actions(db_url, uid)] == notations(other)  # one history
    records.release(other)
    again = records.resume(db, uid)  # let go: it opens anywhere without a question
    assert notations(again) == notations(other)
    assert records.get_match(db, uid).computers == {1: "heuristic"}


def test_a_copy_of_a_match_open_elsewhere_is_a_record_of_its_own(db, db_url):
    match, rng = game(22)
    uid = Recorder(db).record(match, computers={1: "random"})
    play(match, rng, 15)
    copy = records.copy_match(db, uid)
    assert copy != uid
    resumed = records.resume(db, copy)  # nobody writes the copy
    assert notations(resumed) == notations(match)
    play(resumed, random.Random(1), 3)
    play(match, rng, 3)  # both go on, each in its own record
    assert [n for _, n, _, _ in stored_actions(db_url, uid)] == notations(match)
    assert [n for _, n, _, _ in stored_actions(db_url, copy)] == notations(resumed)
    assert records.get_match(db, copy).computers == {1: "random"}


def test_the_computer_seats_travel_with_an_exported_match(db):
    match, rng = game(23)
    uid = Recorder(db).record(match, computers={1: "heuristic"})
    play(match, rng, 6)
    data = records.export_match(db, uid)
    assert data["computers"] == {"1": "heuristic"}
    for bad in ({"1": "genius"}, {"7": "random"}, ["1"]):
        with pytest.raises(RecordError) as info:
            records.import_match(db, {**data, "uid": "x-1", "computers": bad})
        assert info.value.params["field"] == "computers"


# --- records made under older rules ------------------------------------------------------------------


def test_N_SETUP_3_a_match_recorded_when_the_coin_decided_who_started_reads_as_the_winner_choosing(db, db_url):
    """Before the coin's winner chose who starts, ``flip`` dealt at once. Such a record, in a database
    (migration 0006) or in an exported file (`records.as_now`), gets the choice it implied: the
    winner chose to start. It replays, resumes and imports."""
    from alembic import command

    from cards.db import alembic_config

    match, rng = game(11)
    recorder = Recorder(db)
    uid = recorder.record(match)
    match.apply("flip")
    winner = match.state.coin_winner
    for notation in (f"first {winner + 1}", "keep", "keep"):
        match.apply(notation)
    position = match.state.to_dict()
    records.release(match)
    exported = records.export_match(db, uid)
    with db.engine.connect() as conn, conn.begin():
        command.downgrade(alembic_config(conn), "0005")
    assert [a[1] for a in stored_actions(db_url, uid)] == ["flip", "keep", "keep"]  # as the older program wrote it
    db.close()
    with Database(db_url) as again:
        assert stored_actions(db_url, uid)[:3] == [(1, "flip", 0, "setup_first"),
                                                     (2, f"first {winner + 1}", winner, "setup_coin"),
                                                     (3, "keep", winner, "setup_mulligan")]
        assert records.resume(again, uid).state.to_dict() == position
        older = copy.deepcopy(exported)
        older["uid"] = "older-export"
        older["actions"] = [a for a in older["actions"] if a["phase"] != "setup_coin"]
        for seq, action in enumerate(older["actions"], 1):
            action["seq"] = seq
        records.import_match(again, older)
        steps = records.replay(again, "older-export")
        steps.go(len(steps))
        assert steps.position == position
        assert [a.notation for a in records.match_actions(again, "older-export")] == \
            ["flip", f"first {winner + 1}", "keep", "keep"]

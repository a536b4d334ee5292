"""`referee matches list|show|replay|export|import|stats`: plain-text output, and a clear message
with exit code 2 for an unknown match, a bad file or an unusable database."""

from __future__ import annotations

import json
import random
import re

import pytest

from cards import records
from cards.db import Database
from cards.records import Recorder
from referee.cli import main
from referee.games.naruto.cards import bundled
from referee.games.naruto.decks import random_deck
from referee.games.naruto.rules import new_match


def new_game(seed: int):
    rng = random.Random(seed)
    decks = [random_deck(bundled(), "standard", rng) for _ in range(2)]
    return new_match(decks, seed=rng.randrange(2**32), names=("Ann", "Bob")), rng


@pytest.fixture(scope="module")
def stored(tmp_path_factory) -> dict:
    """A database with one finished match (decks "Leaf Genin" and "Mist Rogues") and one still
    in progress after 12 actions; recorded once for the whole module (the commands only read it)."""
    url = f"sqlite:///{tmp_path_factory.mktemp('matches') / 'referee.sqlite'}"
    with Database(url) as db:
        recorder = Recorder(db)
        done, rng = new_game(1)
        while not done.is_over():
            done.apply(rng.choice(done.legal_actions()))
        finished = recorder.record(done, decks=["Leaf Genin", "Mist Rogues"])
        playing_match, rng = new_game(2)
        playing = recorder.record(playing_match)
        for _ in range(12):
            playing_match.apply(rng.choice(playing_match.legal_actions()))
    return {"url": url, "finished": finished, "playing": playing, "done": done}


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_shows_every_match_and_filters_them(stored, capsys):
    url = stored["url"]
    code, out, _ = run(capsys, "matches", "list", "--database-url", url)
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2
    done = stored["done"]
    winner = ("Ann", "Bob")[done.outcome().winner]
    assert lines[0].startswith(stored["finished"]) and "Ann vs Bob" in lines[0]
    assert f"finished in {done.state.turn} turns: {winner} won ({done.outcome().rule})" in lines[0]
    assert lines[1].startswith(stored["playing"]) and "in progress" in lines[1] and "12 actions" in lines[1]
    assert run(capsys, "matches", "list", "--finished", "--database-url", url)[1].splitlines() == lines[:1]
    assert run(capsys, "matches", "list", "--unfinished", "--database-url", url)[1].splitlines() == lines[1:]


def test_list_of_an_empty_database(sqlite_url, capsys):
    assert run(capsys, "matches", "list", "--database-url", sqlite_url)[:2] == (0, "no recorded match\n")


def test_show_prints_the_record_and_every_action_by_a_unique_start_of_the_uid(stored, capsys):
    code, out, _ = run(capsys, "matches", "show", stored["finished"][:8], "--database-url", stored["url"])
    assert code == 0
    assert f"uid: {stored['finished']}\n" in out
    assert "decks: Ann: Leaf Genin; Bob: Mist Rogues\n" in out
    history = [str(a) for a in stored["done"].history]
    rows = [line for line in out.splitlines() if re.match(r"^ *\d+\. ", line)]
    assert [int(r.split(".")[0]) for r in rows] == list(range(1, len(history) + 1))
    assert all(row.endswith(" " + notation) for row, notation in zip(rows, history))


def test_list_and_show_name_a_llamas_matchs_expansions(sqlite_url, capsys):
    """A Llamas match with an expansion shuffled in (L-SETUP-3) says so in the list and in its record;
    one without says it has none."""
    from referee.games.llamas.rules import new_match as llamas_match

    with Database(sqlite_url) as db:
        farmed = Recorder(db).record(llamas_match(3, seed=4, expansions=["farmed-and-dangerous"]))
        base = Recorder(db).record(llamas_match(2, seed=5))
    lines = run(capsys, "matches", "list", "--database-url", sqlite_url)[1].splitlines()
    assert "  base game + Farmed and Dangerous/guided mode  " in lines[0] and lines[0].startswith(farmed)
    assert "  base game/guided mode  " in lines[1] and lines[1].startswith(base)
    assert "expansions: Farmed and Dangerous\n" in run(capsys, "matches", "show", farmed, "--database-url", sqlite_url)[1]
    assert "expansions: -\n" in run(capsys, "matches", "show", base, "--database-url", sqlite_url)[1]


def test_show_names_every_player_and_says_game_format_and_mode_in_words(sqlite_url, capsys):
    """A match of four (Llamas Unleashed) lists its four players, and `show` names the game, the
    format and the mode in the reader's language, never by their keys."""
    from referee.games.llamas.rules import new_match as llamas_match

    with Database(sqlite_url) as db:
        uid = Recorder(db).record(llamas_match(4, seed=6, names=["Ann", "Bob", "Chloé", "Dmitri"]))
    listed = run(capsys, "matches", "list", "--database-url", sqlite_url)[1]
    assert "  Ann vs Bob vs Chloé vs Dmitri  " in listed
    shown = run(capsys, "--lang", "ru", "matches", "show", uid, "--database-url", sqlite_url)[1].splitlines()
    fields = dict(line.split(": ", 1) for line in shown[:7])
    assert fields["игра"] == "Llamas Unleashed" and fields["игроки"] == "Ann против Bob против Chloé против Dmitri"
    assert fields["формат"] == "базовая игра" and fields["режим"] == "режим подсказок"


def test_replay_prints_each_step_and_the_result(stored, capsys):
    code, out, _ = run(capsys, "matches", "replay", stored["finished"], "--database-url", stored["url"])
    lines = out.splitlines()
    done = stored["done"]
    assert code == 0 and len(lines) == len(done.history) + 1
    assert lines[-1].startswith("game over: ") and done.outcome().rule in lines[-1]
    assert f"turn {done.state.turn}" in lines[-2]


def test_replay_step_shows_the_position_after_that_action(stored, capsys):
    url, uid = stored["url"], stored["playing"]
    code, out, _ = run(capsys, "matches", "replay", uid, "--step", "5", "--database-url", url)
    assert code == 0 and out.startswith("step 5 of 12: ")
    code, out, _ = run(capsys, "matches", "replay", uid, "--step", "0", "--database-url", url)
    assert out.startswith("step 0 of 12: the initial position")
    code, out, _ = run(capsys, "matches", "replay", uid, "--step", "12", "--json", "--database-url", url)
    with Database(url) as db:
        replay = records.replay(db, uid)
        replay.go(12)
        assert json.loads(out) == replay.position


def test_a_llamas_match_replays_and_steps_in_its_own_words(sqlite_url, capsys):
    """Every game's position is summed up by its own `TableView`: a Llamas match replays line by
    line (hands and fields, no Naruto zones) and a step names its step and zones in the reader's
    language, its fields' cards listed, its shared piles counted."""
    from referee.games.llamas.opponent import RandomPlayer
    from referee.games.llamas.rules import new_match as llamas_match

    match, player = llamas_match(3, seed=4), RandomPlayer(1)
    for _ in range(12):
        match.apply(player.choose(match))
    with Database(sqlite_url) as db:
        uid = Recorder(db).record(match)
    code, out, _ = run(capsys, "matches", "replay", uid, "--database-url", sqlite_url)
    lines = out.splitlines()
    assert code == 0 and len(lines) == 12
    assert all(re.search(r"1: hand \d+, field \d+ \| 2: hand \d+, field \d+ \| 3: hand", line) for line in lines)
    code, out, _ = run(capsys, "--lang", "ru", "matches", "replay", uid, "--step", "12", "--database-url", sqlite_url)
    fields = [player.field for player in match.state.players]
    assert code == 0 and "шаг " in out and not re.search(r"[a-z]+_[a-z]+", out)  # no step key left in notation
    assert out.count("  Поле: ") == sum(1 for f in fields if f) and "\nКолода: " in out and "\nЯсли: " in out
    assert "attack" not in out and "chakra" not in out


def test_replay_step_out_of_range_is_refused(stored, capsys):
    code, out, err = run(capsys, "matches", "replay", stored["playing"], "--step", "13", "--database-url", stored["url"])
    assert code == 2 and out == "" and "outside 0..12" in err
    with pytest.raises(SystemExit) as exit_:  # a negative step is not a step at all: argparse says so
        run(capsys, "matches", "replay", stored["playing"], "--step", "-1", "--database-url", stored["url"])
    assert exit_.value.code == 2 and "-1 is outside 0 to" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["show", "replay", "export"])
def test_an_unknown_match_is_exit_code_2(stored, capsys, command):
    code, out, err = run(capsys, "matches", command, "nope", "--database-url", stored["url"])
    assert code == 2 and out == ""
    assert err == "error: no recorded match has the id 'nope'\n"


def test_export_then_import_into_another_database(stored, db_url, tmp_path, capsys):
    code, out, _ = run(capsys, "matches", "export", stored["finished"], "--database-url", stored["url"])
    assert code == 0
    with Database(stored["url"]) as db:
        assert json.loads(out) == json.loads(json.dumps(records.export_match(db, stored["finished"])))
    path = tmp_path / "match.json"
    code, out, _ = run(capsys, "matches", "export", stored["finished"][:6], "--output", str(path),
                       "--database-url", stored["url"])
    assert code == 0 and out == f"wrote match {stored['finished']} to {path}\n"
    actions = len(stored["done"].history)
    code, out, _ = run(capsys, "matches", "import", str(path), "--database-url", db_url)
    assert (code, out) == (0, f"imported match {stored['finished']} ({actions} actions)\n")
    code, out, _ = run(capsys, "matches", "import", str(path), "--database-url", db_url)
    assert (code, out) == (0, f"match {stored['finished']} is already stored; nothing changed\n")
    code, out, _ = run(capsys, "matches", "list", "--database-url", db_url)
    assert out.startswith(stored["finished"]) and len(out.splitlines()) == 1


def test_import_of_a_bad_file_is_exit_code_2_and_keeps_nothing(stored, sqlite_url, tmp_path, capsys):
    missing = tmp_path / "missing.json"
    code, _, err = run(capsys, "matches", "import", str(missing), "--database-url", sqlite_url)
    assert code == 2 and err.startswith(f"error: cannot read {missing}")
    garbage = tmp_path / "garbage.json"
    garbage.write_text('{"uid": "x",\n oops}')
    code, _, err = run(capsys, "matches", "import", str(garbage), "--database-url", sqlite_url)
    assert code == 2 and "is not JSON (line 2, column 2" in err
    with Database(stored["url"]) as db:
        data = records.export_match(db, stored["finished"])
    data["actions"][3]["notation"] = "deploy N-999"
    spoiled = tmp_path / "spoiled.json"
    spoiled.write_text(json.dumps(data))
    code, _, err = run(capsys, "matches", "import", str(spoiled), "--database-url", sqlite_url)
    assert code == 2
    assert "recorded action 4 ('deploy N-999') cannot be replayed" in err and "nothing was imported" in err
    assert run(capsys, "matches", "list", "--database-url", sqlite_url)[1] == "no recorded match\n"


def test_export_to_a_folder_that_does_not_exist_is_exit_code_2(stored, tmp_path, capsys):
    target = tmp_path / "no" / "such" / "m.json"
    code, _, err = run(capsys, "matches", "export", stored["finished"], "--output", str(target),
                       "--database-url", stored["url"])
    assert code == 2 and err.startswith(f"error: cannot write {target}")


def test_stats_lists_decks_and_players(stored, capsys):
    code, out, _ = run(capsys, "matches", "stats", "--database-url", stored["url"])
    done = stored["done"]
    winner = done.outcome().winner
    lines = out.splitlines()
    assert code == 0
    assert lines[0].startswith("decks")
    decks = {name.strip(): rest for name, *rest in (line.rsplit(maxsplit=3) for line in lines[1:3])}
    assert decks["Leaf Genin"] == ["1", str(int(winner == 0)), f"{done.state.turn:.1f}"]
    assert decks["Mist Rogues"] == ["1", str(int(winner == 1)), f"{done.state.turn:.1f}"]
    assert lines[3].startswith("players")
    players = {line.split()[0]: line.split()[1:] for line in lines[4:]}
    assert players == {"Ann": ["1", str(int(winner == 0))], "Bob": ["1", str(int(winner == 1))]}


def test_an_unusable_database_is_exit_code_2(tmp_path, capsys):
    bad = tmp_path / "not-a-database.sqlite"
    bad.write_bytes(b"this is not SQLite" * 100)
    code, out, err = run(capsys, "matches", "list", "--database-url", f"sqlite:///{bad}")
    assert code == 2 and out == "" and err.startswith("error: ") and "not a usable database" in err
    assert bad.read_bytes() == b"this is not SQLite" * 100


@pytest.mark.parametrize("lang", ["es", "ru", "fr"])
def test_matches_help_is_in_the_chosen_language(capsys, lang):
    from cards.cli import MESSAGES as SHARED
    from cards.cli_matches import MESSAGES
    from localization import translator

    with pytest.raises(SystemExit):
        main(["--lang", lang, "matches", "replay", "--help"])
    out = "".join(capsys.readouterr().out.split())
    if lang == "ru":
        assert re.search(r"[а-яё]", out)
    for messages, key in [(MESSAGES, "uid_help"), (MESSAGES, "step_help"), (MESSAGES, "json_help"),
                          (SHARED, "database_url_help")]:
        assert "".join(messages.render(key, translator(lang)).split()) in out
        assert "".join(messages.render(key, translator("en")).split()) not in out


def test_show_in_russian_names_fields_and_steps_in_russian(stored, capsys):
    from localization import translator

    code, out, _ = run(capsys, "--lang", "ru", "matches", "show", stored["finished"], "--database-url", stored["url"])
    assert code == 0
    assert f"идентификатор: {stored['finished']}\n" in out
    assert translator("ru").term("step", "setup_first") in out and "setup_first" not in out


@pytest.mark.parametrize("column, value", [("players", "not json"), ("decks", '{"a": 1}')])
def test_a_row_damaged_outside_the_program_is_listed_as_such_and_hides_no_other(stored, tmp_path, capsys,
                                                                                column, value):
    import shutil

    from sqlalchemy import create_engine, text

    copy = tmp_path / "tampered.sqlite"
    shutil.copyfile(stored["url"].removeprefix("sqlite:///"), copy)
    url = f"sqlite:///{copy}"
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text(f"UPDATE match_record SET {column} = :v WHERE uid = :uid"),
                     {"v": value, "uid": stored["playing"]})
    engine.dispose()
    code, out, err = run(capsys, "matches", "list", "--database-url", url)
    lines = out.splitlines()
    assert code == 0 and err == "" and len(lines) == 2
    assert lines[0].startswith(stored["finished"]) and "Ann vs Bob" in lines[0]
    assert lines[1].startswith(stored["playing"]) and f"damaged record: its {column} cannot be read" in lines[1]
    code, out, err = run(capsys, "matches", "show", stored["playing"], "--database-url", url)
    assert code == 2 and err.startswith("error: ") and f"damaged: its {column} cannot be read" in err
    assert len(err.splitlines()) == 1
    with Database(url) as db:
        with pytest.raises(records.RecordError) as info:
            records.resume(db, stored["playing"], take_over=True)
        assert info.value.key == "damaged"

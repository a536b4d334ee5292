"""Refereeing from the command line: `referee matches start|act` with stored decks and deck-list
files of imported cards, in both modes; the match recorded and continued action by action."""

from __future__ import annotations

import re

import pytest

from cards import records
from cards.db import Database
from cards.games.naruto.importers import import_ccgdb_json
from referee.cli import main
from tests.ccgdb_shape import catalogue, write


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def db_args(sqlite_url, tmp_path):
    with Database(sqlite_url) as db:
        import_ccgdb_json(db, write(tmp_path, catalogue()))
    return ["--database-url", sqlite_url]


def deck_file(tmp_path) -> str:
    """A legal standard deck in the N-CCG-DB deck builder's text: imported cards and Set 1's."""
    filler = [f"n{n:03d}" for n in (4, 5, 6, 9, 10, 12, 13, 28, 29, 30)] + [f"j{n:03d}" for n in range(7, 17)] + \
             [f"m{n:03d}" for n in range(6, 16)]
    lines = ["// Mainboard", "3x Kaito Arashi [ex901]", "3x Sudden Interruption [m931]", "3x Test Technique 5 [j905]",
             "1x Test Technique 9 [j909]", *(f"{2 if k < 10 else 1}x Card [{i}]" for k, i in enumerate(filler))]
    path = tmp_path / "naruto_decklist.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def uid_of(out: str) -> str:
    return re.search(r"started match ([0-9a-f-]+)", out)[1]


def test_a_guided_match_starts_from_a_deck_builder_list_and_a_stored_deck(capsys, db_args, tmp_path, sqlite_url):
    code, out, err = run(capsys, "matches", "start", "--deck", deck_file(tmp_path), "--deck", "Mist Rogues",
                         "--player", "Ann", "--player", "Bob", "--seed", "5", *db_args)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert re.fullmatch(r"started match [0-9a-f-]{36}: Ann vs Bob \(standard format, guided mode\)", lines[0])
    assert lines[-1] == "options now: first 1 | first 2 | flip"
    uid = uid_of(out)
    code, out, _ = run(capsys, "matches", "act", uid[:8], "first 1", "keep", "keep", *db_args)
    assert code == 0 and out.splitlines()[:3] == ["first 1: ok", "keep: ok", "keep: ok"]
    with Database(sqlite_url) as db:
        match = records.resume(db, uid)
        assert [str(a) for a in match.history] == ["first 1", "keep", "keep"]
        hand = [match.state.instances[i] for i in match.state.players[0].hand + match.state.players[0].deck]
        assert hand.count("M-931") == 3 and hand.count("EX-901") == 3
        assert records.get_match(db, uid).decks[1] == "Mist Rogues"


def test_act_stops_at_a_refused_action_with_its_rule(capsys, db_args):
    uid = uid_of(run(capsys, "matches", "start", "--deck", "Leaf Genin", "--deck", "Mist Rogues", *db_args)[1])
    code, out, _ = run(capsys, "matches", "act", uid, "first 2", "deploy N-999", "keep", *db_args)
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == "first 2: ok"
    assert lines[1].startswith('deploy N-999: refused, N-TURN: "Deploy a Ninja" is not possible during the step '
                               '"Mulligans"')
    assert "keep: ok" not in out and lines[-1] == "options now: keep | mulligan"  # nothing after the refusal


def test_a_referee_mode_match_with_one_physical_deck_not_entered(capsys, db_args, tmp_path):
    code, out, _ = run(capsys, "matches", "start", "--mode", "referee", "--deck", deck_file(tmp_path), *db_args)
    assert code == 0 and "(standard format, referee mode)" in out.splitlines()[0]
    assert "Player 2: deck 50" in out


def test_start_refuses_more_players_than_the_game_has_naming_it(capsys, db_args):
    code, out, _ = run(capsys, "--lang", "ru", "matches", "start", *("--player", "A") * 3, *db_args)
    assert code == 2
    assert out.strip() == "ошибка: в партии Naruto CCG не больше 2 игроков: укажите --deck и --player не больше 2 раз"


def test_start_refuses_an_illegal_deck_and_a_guided_match_without_decks(capsys, db_args, tmp_path):
    small = tmp_path / "small.txt"
    small.write_text("// Mainboard\n4x Kaito Arashi [ex901]\n", encoding="utf-8")
    code, out, _ = run(capsys, "matches", "start", "--deck", str(small), "--deck", "Leaf Genin", *db_args)
    assert code == 1 and out.splitlines()[0] == "Player 1's deck breaks the construction rules:"
    assert "  N-DECK-3: The deck has too many cards with the name of EX-901 Kaito Arashi: 4, while the maximum is 3." \
        in out.splitlines()
    assert run(capsys, "matches", "start", "--deck", "Leaf Genin", *db_args)[:2] == (
        2, "error: the guided mode needs a deck for each player\n")
    code, out, _ = run(capsys, "matches", "start", "--deck", "no such deck", *db_args)
    assert code == 2 and "no deck named 'no such deck'" in out
    assert run(capsys, "matches", "list", *db_args)[1] == "no recorded match\n"


def test_act_on_a_match_open_elsewhere_says_so_and_takes_it_over_or_copies_it(capsys, db_args, sqlite_url):
    uid = uid_of(run(capsys, "matches", "start", "--deck", "Leaf Genin", "--deck", "Mist Rogues", *db_args)[1])
    with Database(sqlite_url) as db:
        held = records.resume(db, uid)  # the application has it open
        code, out, _ = run(capsys, "matches", "act", uid, "flip", *db_args)
        assert code == 2 and "is open in another window or on another computer" in out and "--take-over" in out
        code, out, _ = run(capsys, "matches", "act", uid, "flip", "--copy", *db_args)
        copy = re.search(r"a copy of the match: ([0-9a-f-]+)", out)[1]
        assert code == 0 and copy != uid and "flip: ok" in out
        assert [a.notation for a in records.match_actions(db, uid)] == []  # the original as it was
        assert run(capsys, "matches", "act", uid, "flip", "--take-over", *db_args)[0] == 0
        with pytest.raises(records.MatchElsewhere):
            held.apply("first 1")  # the application is told on its next action
        assert [a.notation for a in records.match_actions(db, uid)] == ["flip"]


@pytest.mark.parametrize("lang, expected", [("en", "error: Player 2's name must have 1 to 40 characters"),
                                            ("ru", "ошибка:")])
def test_start_refuses_a_player_name_nobody_could_read_back(capsys, db_args, lang, expected):
    for name in ("Bo\x01b", "B" * 41):
        code, out, err = run(capsys, "--lang", lang, "matches", "start", "--deck", "Leaf Genin", "--deck", "Mist Rogues",
                             "--player", "Ann", "--player", name, *db_args)
        assert code == 2 and out.startswith(expected) and len(out.splitlines()) == 1 and "Traceback" not in err

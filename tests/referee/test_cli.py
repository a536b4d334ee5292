"""The `referee` command line."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from referee.cli import main
from referee.games.naruto.rules import rules_for

ROOT = Path(__file__).resolve().parents[2]


def test_selfplay_prints_games_winners_and_no_violation(capsys):
    assert main(["selfplay", "--games", "3", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "Games: 3" in out
    assert "Invariant violations: 0" in out
    wins = re.search(r"Winners by rule: (.*)", out).group(1)
    assert sum(int(n) for n in re.findall(r"N-WIN-\d: (\d+)", wins)) == 3


def test_selfplay_french_format_with_deep_checks(capsys):
    assert main(["selfplay", "--games", "1", "--seed", "2", "--format", "french", "--deep"]) == 0
    assert "Decks built for the French edition format" in capsys.readouterr().out


def test_selfplay_is_reproducible(capsys):
    main(["selfplay", "--games", "2", "--seed", "9"])
    first = capsys.readouterr().out
    main(["selfplay", "--games", "2", "--seed", "9"])
    assert capsys.readouterr().out == first


def test_play_prints_each_result_and_the_final_position(tmp_path, capsys):
    spec = {
        "scenario": {"phase": "mission_main", "turn": 3, "counters": [1, 1],
                     "p1": {"hand": ["N-008", "N-001", "J-001"], "deck": ["N-002"] * 3},
                     "p2": {"deck": ["N-003"] * 3}},
        "actions": ["deploy N-008", "deploy N-001", "pass", "charge J-001", "bogus!!"],
    }
    path = tmp_path / "s.json"
    path.write_text(json.dumps(spec))
    assert main(["play", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("deploy N-008: refused, N-DEPLOY-4: ")
    assert "N-008 Iruka Umino" in lines[0] and "2" in lines[0]
    assert lines[1:4] == ["deploy N-001: ok", "pass: ok", "charge J-001: ok"]
    assert lines[4].startswith("bogus!!: refused, NOTATION: ")
    position = json.loads(lines[5])
    assert position["phase"] == "mission_main"
    chakra = [position["instances"][i] for i in position["players"][0]["chakra"]]
    assert chakra == ["J-001"]


def test_play_from_a_setup_and_from_a_saved_position(tmp_path, capsys):
    from referee.games.naruto.cards import bundled
    from referee.games.naruto.decks import random_deck
    import random

    rng = random.Random(3)
    decks = [random_deck(bundled(), "standard", rng) for _ in range(2)]
    setup = tmp_path / "setup.json"
    setup.write_text(json.dumps({"setup": {"decks": decks, "seed": 4}, "actions": ["first 2", "keep", "keep"]}))
    assert main(["play", str(setup)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:3] == ["first 2: ok", "keep: ok", "keep: ok"]
    position = json.loads(out[3])
    assert position["attacker"] == 1 and position["phase"] == "mission_main"
    saved = tmp_path / "saved.json"
    saved.write_text(json.dumps({"position": position, "actions": ["next"]}))
    assert main(["play", str(saved)]) == 0
    assert capsys.readouterr().out.startswith("next: ok")


def test_play_reports_a_bad_file(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    assert main(["play", str(path)]) == 2
    assert capsys.readouterr().err == f"error: {path}: The file is not JSON (line 1, column 2).\n"


def test_deck_check_lists_violations_with_rule_ids(tmp_path, capsys):
    path = tmp_path / "deck.txt"
    path.write_text("4 N-001 Naruto Uzumaki\n10 J-001\n")
    assert main(["deck", "check", str(path), "--format", "standard"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert any(line.startswith("N-DECK-1: ") and "14" in line for line in out)
    assert any(line.startswith("N-DECK-3: ") and "Naruto Uzumaki" in line for line in out)


def test_deck_check_accepts_a_legal_deck_and_reports_bad_lines(tmp_path, capsys):
    from referee.games.naruto.cards import bundled
    from referee.games.naruto.decklists import DeckList, write_text
    from referee.games.naruto.decks import random_deck
    import random

    path = tmp_path / "deck.txt"
    path.write_text(write_text(DeckList.of(random_deck(bundled(), "french", random.Random(1))), bundled()))
    assert main(["deck", "check", str(path), "--format", "french"]) == 0
    assert capsys.readouterr().out.startswith("Legal in the French edition format: 40 cards.")
    path.write_text("3 N-008\nthree N-009\n")
    assert main(["deck", "check", str(path)]) == 2
    assert "Line 2 is not a deck list entry: three N-009" in capsys.readouterr().err


def test_readme_shows_the_diagram_drawn_from_the_table():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert rules_for("standard").table.mermaid().strip() in readme


def test_readme_shows_the_llamas_diagram_drawn_from_its_table(capsys):
    from referee.games.llamas.rules import rules_for as llamas_rules

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert llamas_rules().table.mermaid().strip() in readme
    assert main(["diagram", "--game", "llamas"]) == 0
    assert capsys.readouterr().out.strip() == llamas_rules().table.mermaid().strip()


def test_the_console_script_runs():
    done = subprocess.run([sys.executable, "-m", "referee.cli", "selfplay", "--games", "1"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "Invariant violations: 0" in done.stdout


def test_selfplay_llamas_unleashed_for_any_number_of_players(capsys):
    assert main(["selfplay", "--game", "llamas", "--players", "6", "--games", "3", "--seed", "4", "--deep"]) == 0
    out = capsys.readouterr().out
    assert "Players: 6" in out and "Invariant violations: 0" in out and "Format:" not in out
    wins = re.search(r"Winners by rule: (.*)", out).group(1)
    assert sum(int(n) for n in re.findall(r"L-WIN-\d: (\d+)", wins)) == 3
    assert re.search(r"Wins by seat: 1: \d+, 2: \d+, 3: \d+, 4: \d+, 5: \d+, 6: \d+$", out, re.M)


def test_selfplay_refuses_a_player_count_the_game_does_not_take(capsys):
    with pytest.raises(SystemExit):
        main(["selfplay", "--game", "llamas", "--players", "9"])
    assert main(["selfplay", "--players", "3"]) == 2
    assert "error: Naruto CCG is played by 2 players, not 3" in capsys.readouterr().err


def test_play_a_llamas_scenario(tmp_path, capsys):
    spec = {"scenario": {"game": "llamas", "players": 3, "hands": [["LU-062"]], "deck": ["LU-005"] * 5,
                         "fields": [["LU-001"], ["LU-007"], []]},
            "actions": ["play LU-062 into 2", "play LU-062", "choose LU-007@2"]}
    path = tmp_path / "l.json"
    path.write_text(json.dumps(spec))
    assert main(["play", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("play LU-062 into 2: refused, L-CARD-4: ") and "LU-062 Llama Bomb" in lines[0]
    assert lines[1:3] == ["play LU-062: ok", "choose LU-007@2: ok"]
    position = json.loads(lines[3])
    assert position["game"] == "llamas" and [position["instances"][i] for i in position["discard"]] == ["LU-007", "LU-062"]
    saved = tmp_path / "saved.json"
    saved.write_text(json.dumps({"position": position, "actions": ["draw"]}))
    assert main(["play", str(saved)]) == 0
    assert capsys.readouterr().out.startswith("draw: ok")


def test_the_example_play_file_of_the_docs_runs(capsys):
    assert main(["play", str(ROOT / "docs" / "example-play.json")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == ["deploy N-008: ok", "pass: ok"]
    assert out[2].startswith("deploy N-002: refused, N-DEPLOY-1: ") and out[3] == "next: ok"


def test_every_command_has_a_description_and_lists_lang(capsys):
    import argparse

    from referee.cli import parser

    def commands(p, path=()):
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, command in action.choices.items():
                    yield (*path, name), command
                    yield from commands(command, (*path, name))

    found = list(commands(parser()))
    assert len(found) > 20
    for path, command in found:
        assert command.description, path
        assert any("--lang" in a.option_strings for a in command._actions), path


@pytest.mark.parametrize("argv", [["matches", "act"], ["play"], ["rules", "show"], ["deck", "check"], ["cards", "deck"]])
def test_a_russian_usage_error_names_its_arguments_in_russian(capsys, argv):
    with pytest.raises(SystemExit) as stop:
        main(["--lang", "ru", *argv])
    assert stop.value.code == 2
    error = capsys.readouterr().err.strip().splitlines()[-1]
    said = error.split("ошибка:", 1)[1]
    assert not re.search(r"[A-Za-z]{2,}", said.split("'")[0]), error  # the choices quoted after it are commands


#: what a command that needs no catalogue must not pay for at start-up: the database layer, the
#: state-machine library the engines run on (and the engine's kernel itself), the application's toolkit
HEAVY = ("sqlalchemy", "sqlmodel", "alembic", "transitions", "referee.engine.match", "PySide6")


def test_building_the_parser_imports_no_database_layer_nor_engine():
    """`referee --help`, `referee rules ...` or `referee diagram` start in a fraction of a second
    (bench/startup.py measures it; a timed test would fail on a busy machine): importing the command
    line and building every parser, the plugins' included, imports none of `HEAVY`. A fresh
    interpreter, since this one has imported them all."""
    code = ("import sys, referee.cli; referee.cli.parser(); "
            "print(*sorted(m for m in sys.modules if m.split('.')[0] in {'cards', 'localization'})); "
            f"print(*[m for m in {HEAVY!r} if m in sys.modules])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    plugins, heavy = done.stdout.splitlines()
    assert {"cards.cli_catalogue", "cards.cli_matches", "cards.cli_play", "localization.cli"} <= set(plugins.split())
    assert heavy == ""


def test_selfplay_llamas_with_the_expansion_shuffled_in(capsys):
    assert main(["selfplay", "--game", "llamas", "--players", "8", "--games", "2", "--seed", "3",
                 "--expansion", "farmed-and-dangerous"]) == 0
    out = capsys.readouterr().out
    assert "Expansions: Farmed and Dangerous" in out and "Invariant violations: 0" in out
    assert main(["selfplay", "--expansion", "farmed-and-dangerous"]) == 2  # the Naruto CCG has none
    assert "error: Naruto CCG has no expansion Farmed and Dangerous" in capsys.readouterr().err
    assert main(["--lang", "es", "selfplay", "--game", "llamas", "--games", "1",
                 "--expansion", "farmed-and-dangerous"]) == 0
    assert "Expansiones: De granja y peligrosos" in capsys.readouterr().out


def test_play_a_llamas_setup_with_the_expansion(tmp_path, capsys):
    spec = {"setup": {"game": "llamas", "players": 2, "seed": 1, "expansions": ["farmed-and-dangerous"]},
            "actions": ["baby LU-001", "baby LU-002", "first 1"]}
    path = tmp_path / "f.json"
    path.write_text(json.dumps(spec))
    assert main(["play", str(path)]) == 0
    position = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert position["sets"] == ["farmed-and-dangerous"] and len(position["instances"]) == 128 + 53
    spec["setup"]["expansions"] = ["no-such-box"]
    path.write_text(json.dumps(spec))
    assert main(["play", str(path)]) != 0
    assert "expansions" in capsys.readouterr().err

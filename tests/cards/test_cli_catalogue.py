"""The catalogue's commands through `referee`: cards import|search, deck save|list|export|
validate|delete, each on the database given by --database-url (a temporary SQLite file; one
import on PostgreSQL)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cards.db import Database
from cards.decks import load_deck
from referee.cli import main
from referee.games.naruto.cards import bundled
from referee.games.naruto.decklists import read_deck_list
from tests.ccgdb_shape import ninja, write

GAARA = ninja("n1001", "N-1001", "Gaara of the Desert", set_="Test", symbols="Earth", attribute="Sand",
              stats=(3.0, 1.0, 5.0, 2.0, 2.0, 1.0), characteristics="Sand, Genin, Male")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def catalogue(tmp_path) -> Path:
    temari = {**GAARA, "Card ID": "n1002", "Collector Number": "N-1002", "Printed Name": "Temari",
              "Display Name": "Temari", "Symbols": "Wind"}
    return write(tmp_path, {"05 Test": [GAARA, temari]})


@pytest.fixture
def deck_file(tmp_path) -> Path:
    path = tmp_path / "deck.txt"
    with Database(f"sqlite:///{tmp_path / 'scratch.sqlite'}") as db:
        text = "\n".join(f"1 {n}" for n in load_deck(db, "Leaf Genin"))
    path.write_text(text + "\n", encoding="utf-8")
    return path


# --- cards import ----------------------------------------------------------------------------


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_import_prints_counts_and_a_second_import_changes_nothing(capsys, request, catalogue, backend):
    url = request.getfixturevalue("sqlite_url" if backend == "sqlite" else "pg_url")
    assert run(capsys, "cards", "import", str(catalogue), "--database-url", url) == (
        0, "inserted 2, updated 0, unchanged 0\n", "")
    assert run(capsys, "cards", "import", str(catalogue), "--database-url", url)[:2] == (
        0, "inserted 0, updated 0, unchanged 2\n")
    code, out, _ = run(capsys, "cards", "search", "temari", "--database-url", url)
    assert (code, out) == (0, "N-1002\tTemari\tNinja\n")


def test_import_reports_a_record_it_cannot_read_and_imports_the_others(capsys, sqlite_url, tmp_path):
    path = tmp_path / "bad.json"
    bad = {**GAARA, "Card ID": "n1003", "Collector Number": "N-1003", "Type": "Pokemon"}
    path.write_text(json.dumps({"05 Test": [GAARA, bad]}))
    code, out, err = run(capsys, "cards", "import", str(path), "--database-url", sqlite_url)
    assert (code, out) == (0, "inserted 1, updated 0, unchanged 0\n")
    assert err.splitlines() == ["left out 1 record that cannot be read:",
                                "  05 Test, record 2 (n1003): unknown card type 'Pokemon' (expected Ninja, Jutsu, "
                                "Mission, Client)"]
    assert run(capsys, "cards", "search", "gaara", "--database-url", sqlite_url)[0] == 0


def test_import_strict_keeps_nothing_when_a_record_cannot_be_read(capsys, sqlite_url, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"05 Test": [GAARA, {**GAARA, "Card ID": "n1003", "Type": "Pokemon"}]}))
    code, out, err = run(capsys, "cards", "import", str(path), "--strict", "--database-url", sqlite_url)
    assert (code, out) == (2, "")
    assert err.strip() == (f"error: {path}: 05 Test, record 2 (n1003): unknown card type 'Pokemon' (expected "
                           "Ninja, Jutsu, Mission, Client)")
    assert run(capsys, "cards", "search", "gaara", "--database-url", sqlite_url)[0] == 1  # nothing kept


def test_import_in_russian_reports_in_russian(capsys, sqlite_url, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"05 Test": [GAARA, {**GAARA, "Card ID": "n1003", "Healthy Combat": 2.5}]}))
    code, out, err = run(capsys, "--lang", "ru", "cards", "import", str(path), "--database-url", sqlite_url)
    assert code == 0 and "05 Test" in err and "n1003" in err and "Healthy Combat" in err
    assert not re.search(r"\b(record|left out|inserted|not a whole)\b", out + err), out + err


def test_import_csv_and_a_missing_file(capsys, sqlite_url, tmp_path):
    engine_csv = Path(__file__).resolve().parents[2] / "referee/games/naruto/data/set01.csv"
    code, out, _ = run(capsys, "cards", "import", str(engine_csv), "--database-url", sqlite_url)
    assert (code, out) == (0, "inserted 0, updated 0, unchanged 0\nskipped 127 cards of the bundled set (kept as shipped)\n")
    code, _, err = run(capsys, "cards", "import", str(tmp_path / "nope.json"), "--database-url", sqlite_url)
    assert code == 2 and "cannot read" in err and "nope.json" in err


def test_an_unusable_database_is_a_clear_error(capsys, tmp_path):
    not_a_db = tmp_path / "notes.txt"
    not_a_db.write_text("my shopping list\n" * 10)
    code, out, err = run(capsys, "cards", "search", "naruto", "--database-url", f"sqlite:///{not_a_db}")
    assert (code, out) == (2, "")
    assert err.startswith("error: ") and "not a usable database" in err
    assert not_a_db.read_text() == "my shopping list\n" * 10


def test_the_environment_variable_names_the_database(capsys, monkeypatch, sqlite_url, catalogue):
    monkeypatch.setenv("REFEREE_DATABASE_URL", sqlite_url)
    assert run(capsys, "cards", "import", str(catalogue))[0] == 0
    assert run(capsys, "cards", "search", "gaara", "--database-url", sqlite_url)[1] == "N-1001\tGaara of the Desert\tNinja\n"
    assert run(capsys, "cards", "search", "n1001", "--database-url", sqlite_url)[1] == "N-1001\tGaara of the Desert\tNinja\n"


# --- cards search ----------------------------------------------------------------------------


def test_search_prints_number_name_and_type_per_line(capsys, sqlite_url):
    code, out, _ = run(capsys, "cards", "search", "наруто", "--database-url", sqlite_url)
    assert code == 0
    assert out.splitlines() == ["N-001\tНаруто Узумаки\tNinja", "N-019\tНаруто Узумаки\tNinja",
                                "N-025\tНаруто Узумаки\tNinja"]
    code, out, _ = run(capsys, "cards", "search", "iruka", "--lang", "ru", "--database-url", sqlite_url)
    assert out.splitlines()[0] == "N-008\tИрука Умино\tНиндзя"  # --lang is the output's language


def test_search_filters(capsys, sqlite_url):
    code, out, _ = run(capsys, "cards", "search", "--type", "mission", "--symbol", "fire", "--database-url", sqlite_url)
    assert code == 0 and out and all(line.split("\t")[2] == "Mission" for line in out.splitlines())
    code, out, _ = run(capsys, "cards", "search", "naruto", "--cost", "1", "--database-url", sqlite_url)
    assert out.splitlines() == ["N-019\tNaruto Uzumaki\tNinja"]


def test_search_llamas_cards_with_their_own_filters(capsys, sqlite_url):
    code, out, _ = run(capsys, "--lang", "ru", "cards", "search", "--game", "llamas", "--type", "animal",
                       "--variation", "ram", "--subtype", "basic", "--database-url", sqlite_url)
    assert (code, out) == (0, "LU-008\tОбычный баран\tЖивотное\nLU-082\tОбычный баран\tЖивотное\n")  # and the expansion's
    code, out, _ = run(capsys, "cards", "search", "goatsferatu", "--game", "llamas", "--database-url", sqlite_url)
    assert (code, out) == (0, "LU-015\tGoatsferatu\tAnimal\n")
    assert run(capsys, "cards", "search", "goatsferatu", "--database-url", sqlite_url)[0] == 1  # Naruto by default


def test_search_with_a_filter_the_game_does_not_have_exits_2(capsys, sqlite_url):
    code, out, err = run(capsys, "cards", "search", "--game", "llamas", "--symbol", "Fire", "--database-url", sqlite_url)
    assert (code, out) == (2, "") and "Llamas Unleashed cannot be filtered by symbol" in err
    assert "type, subtype, variation" in err
    code, _, err = run(capsys, "cards", "search", "--variation", "goat", "--database-url", sqlite_url)
    assert code == 2 and "Naruto CCG cannot be filtered by variation" in err


def test_search_hostile_text_finds_nothing_and_harms_nothing(capsys, sqlite_url):
    code, out, err = run(capsys, "cards", "search", "'; DROP TABLE card; --", "--database-url", sqlite_url)
    assert (code, out) == (1, "") and "no card matches" in err
    assert run(capsys, "cards", "search", "N-008", "--database-url", sqlite_url)[1] == "N-008\tIruka Umino\tNinja\n"


def test_search_with_an_unknown_type_exits_2(capsys, sqlite_url):
    code, out, err = run(capsys, "cards", "search", "naruto", "--type", "Trap", "--database-url", sqlite_url)
    assert (code, out) == (2, "") and "Unknown card type 'Trap'" in err


# --- decks -----------------------------------------------------------------------------------


def test_deck_save_list_export_validate_delete(capsys, sqlite_url, deck_file, tmp_path):
    db = ["--database-url", sqlite_url]
    code, out, _ = run(capsys, "deck", "save", "My Leaf", str(deck_file), *db)
    assert code == 0 and out.splitlines() == ["saved deck 'My Leaf': 50 cards (standard format)", "Legal in the standard format: 50 cards."]

    code, out, _ = run(capsys, "deck", "list", *db)
    assert code == 0
    assert out.splitlines() == ["Leaf Genin\tstandard format\t50 cards\t(bundled)", "Mist Rogues\tstandard format\t50 cards\t(bundled)",
                                "My Leaf\tstandard format\t50 cards"]

    code, out, _ = run(capsys, "deck", "export", "My Leaf", *db)
    assert code == 0 and out.startswith("# name: My Leaf\n# format: standard\n")
    assert "3 J-001 Kunai" in out.splitlines()
    assert sorted(read_deck_list(out, bundled()).copies()) == sorted(read_deck_list(deck_file.read_text(), bundled()).copies())

    target = tmp_path / "out" / "exported.txt"
    target.parent.mkdir()
    code, out, _ = run(capsys, "deck", "export", "My Leaf", "--output", str(target), *db)
    assert (code, out) == (0, f"wrote deck 'My Leaf' to {target}\n")
    assert sorted(read_deck_list(target.read_text(), bundled()).copies()) == sorted(read_deck_list(deck_file.read_text(), bundled()).copies())

    assert run(capsys, "deck", "validate", "My Leaf", *db)[:2] == (0, "Legal in the standard format: 50 cards.\n")
    code, out, _ = run(capsys, "deck", "validate", "My Leaf", "--format", "french", *db)
    assert code == 1 and out.splitlines()[0].startswith("N-DECK-FR-1: ") and "50" in out.splitlines()[0]

    assert run(capsys, "deck", "delete", "My Leaf", *db)[:2] == (0, "deleted deck 'My Leaf'\n")
    code, _, err = run(capsys, "deck", "export", "My Leaf", *db)
    assert code == 2 and "no deck named 'My Leaf'" in err


def test_deck_save_refuses_unknown_cards_and_bad_lines(capsys, sqlite_url, tmp_path):
    db = ["--database-url", sqlite_url]
    unknown = tmp_path / "unknown.txt"
    unknown.write_text("3 N-008\n2 N-999\n")
    code, out, err = run(capsys, "deck", "save", "x", str(unknown), *db)
    assert (code, out) == (2, "")
    assert err.splitlines() == ["error: The catalogue has no card N-999.", "N-CARD-4: There is no card with the number N-999."]
    bad = tmp_path / "bad.txt"
    bad.write_text("3 N-008\nthree kunai\n")
    code, _, err = run(capsys, "deck", "save", "x", str(bad), *db)
    assert code == 2 and "Line 2 is not a deck list entry: three kunai" in err
    assert "x\t" not in run(capsys, "deck", "list", *db)[1]


def test_deck_save_reports_broken_rules_but_keeps_the_deck(capsys, sqlite_url, tmp_path):
    small = tmp_path / "small.txt"
    small.write_text("4 N-001\n")
    code, out, _ = run(capsys, "deck", "save", "small", str(small), "--format", "french", "--database-url", sqlite_url)
    assert code == 0
    assert out.splitlines()[0] == "saved deck 'small': 4 cards (French edition format)"
    assert "N-DECK-FR-3: The deck has too many cards with the name of N-001 Naruto Uzumaki: 4, while the maximum is 3." \
        in out.splitlines()


def test_deck_validate_reads_a_file_when_no_deck_has_that_name(capsys, sqlite_url, deck_file, tmp_path):
    db = ["--database-url", sqlite_url]
    assert run(capsys, "deck", "validate", str(deck_file), *db)[:2] == (0, "Legal in the standard format: 50 cards.\n")
    code, _, err = run(capsys, "deck", "validate", "no such deck", *db)
    assert code == 2 and "no deck named 'no such deck'" in err


def test_the_engines_deck_check_still_reads_files(capsys, deck_file):
    assert run(capsys, "deck", "check", str(deck_file))[:2] == (0, "Legal in the standard format: 50 cards.\n")


def test_deck_check_and_validate_agree_and_see_imported_cards(capsys, sqlite_url, catalogue, tmp_path):
    db = ["--database-url", sqlite_url]
    run(capsys, "cards", "import", str(catalogue), *db)
    deck = tmp_path / "sand.txt"
    deck.write_text("// Mainboard\n4x Gaara of the Desert [n1001]\n1x Temari\n\n// Sideboard\n2x Temari [n1002]\n")
    check = run(capsys, "deck", "check", str(deck), *db)
    validate = run(capsys, "deck", "validate", str(deck), *db)
    assert check == validate
    code, out, _ = check
    assert code == 1
    assert "N-DECK-3: The deck has too many cards with the name of N-1001 Gaara of the Desert: 4, while the " \
           "maximum is 3." in out.splitlines()
    assert out.splitlines()[-1] == "Sideboard: 2 cards, kept with the deck (not played, not counted by the rules)."
    assert not any(line.startswith("N-CARD-4") for line in out.splitlines())


def test_deck_lists_of_the_deck_builder_save_and_export_in_every_format(capsys, sqlite_url, catalogue, tmp_path):
    db = ["--database-url", sqlite_url]
    run(capsys, "cards", "import", str(catalogue), *db)
    text = tmp_path / "naruto_decklist.txt"
    text.write_text("// Mainboard\n3x Gaara of the Desert [n1001]\n3x Kunai [j001]\n\n"
                    "// Reinforcements\n1x Temari [n1002]\n")
    assert run(capsys, "deck", "save", "Sand", str(text), *db)[0] == 0
    code, out, _ = run(capsys, "deck", "export", "Sand", "--as", "ccgdb", *db)
    assert (code, out) == (0, "// Mainboard\n3x Kunai [j001]\n3x Gaara of the Desert [n1001]\n\n"
                              "// Reinforcements\n1x Temari [n1002]\n")
    tts = tmp_path / "naruto_deck.json"
    assert run(capsys, "deck", "export", "Sand", "--as", "tts", "--output", str(tts), *db)[0] == 0
    data = json.loads(tts.read_text())
    assert [o["Nickname"] for o in data["ObjectStates"]] == ["Mainboard", "Reinforcements"]
    assert [c["Description"] for c in data["ObjectStates"][0]["ContainedObjects"]] == ["j001"] * 3 + ["n1001"] * 3
    assert run(capsys, "deck", "save", "Sand again", str(tts), *db)[0] == 0
    assert run(capsys, "deck", "export", "Sand again", "--as", "ccgdb", *db)[1] == out
    code, out, _ = run(capsys, "deck", "export", "Sand", *db)
    assert out.splitlines() == ["# name: Sand", "# format: standard", "3 J-001 Kunai", "3 N-1001 Gaara of the Desert",
                                "", "// Reinforcements", "1 N-1002 Temari"]


# --- in other languages ----------------------------------------------------------------------


def help_text(capsys, *argv: str) -> str:
    """The help ``referee ARGV --help`` prints, without its layout (argparse wraps lines)."""
    with pytest.raises(SystemExit):
        main([*argv, "--help"])
    return "".join(capsys.readouterr().out.split())


def test_cards_search_help_is_in_the_chosen_language(capsys):
    from cards.cli import MESSAGES as SHARED
    from cards.cli_catalogue import MESSAGES
    from localization import translator

    out = help_text(capsys, "--lang", "ru", "cards", "search")
    assert re.search(r"[а-яё]", out)
    for messages, key in [(MESSAGES, "text_help"), (MESSAGES, "lang_help"), (MESSAGES, "cost_help"),
                          (MESSAGES, "limit_help"), (SHARED, "database_url_help")]:
        assert "".join(messages.render(key, translator("ru")).split()) in out
        assert "".join(messages.render(key, translator("en")).split()) not in out
    assert "Ninja,Jutsu,Mission,Client" in out  # the values one types stay as they are
    assert "animal,upgrade,downgrade,magic,instant(llamas)" in out and "{naruto,llamas}" in out
    assert "".join(MESSAGES.render("lang_help", translator("en")).split()) in help_text(capsys, "cards", "search")


def test_the_bundled_cards_names_need_no_database():
    from cards.names import localized_name

    assert localized_name("N-008", "ru") == "Ирука Умино"
    assert localized_name("n-008", "ru") == "Ирука Умино"
    assert localized_name("N-008", "en") is None and localized_name("N-9999", "ru") is None


def test_search_shows_card_types_in_the_chosen_language(capsys, sqlite_url):
    code, out, _ = run(capsys, "--lang", "fr", "cards", "search", "J-001", "--database-url", sqlite_url)
    assert code == 0 and out.split("\t")[0] == "J-001" and out.rstrip().endswith("\tTechnique")


def test_commands_that_save_refuse_a_database_in_memory(capsys, deck_file, catalogue):
    for argv in (["deck", "save", "x", str(deck_file)], ["cards", "import", str(catalogue)],
                 ["matches", "start", "--deck", "Leaf Genin", "--deck", "Mist Rogues"]):
        code, out, err = run(capsys, *argv, "--database-url", "sqlite://")
        assert (code, out) == (2, "") and "in memory" in err and "--database-url" in err, argv
    assert run(capsys, "cards", "search", "iruka", "--database-url", "sqlite://")[0] == 0  # reading is fine


def test_deleting_a_bundled_deck_needs_yes(capsys, sqlite_url, monkeypatch):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # no terminal: nobody to ask
    code, _, err = run(capsys, "deck", "delete", "Leaf Genin", "--database-url", sqlite_url)
    assert code == 1 and "--yes" in err
    assert "Leaf Genin" in run(capsys, "deck", "list", "--database-url", sqlite_url)[1]
    assert run(capsys, "deck", "delete", "Leaf Genin", "--yes", "--database-url", sqlite_url)[:2] == (
        0, "deleted deck 'Leaf Genin'\n")
    assert "Leaf Genin" not in run(capsys, "deck", "list", "--database-url", sqlite_url)[1]

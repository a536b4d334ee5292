"""The effect-text reader wired into the catalogue (issue 17): an N-CCG-DB import reads each card's
English effect text, stores the definition of a text understood whole (marked ``read``) and leaves
any other card manual; the bundled cards are marked hand-written; the import counts its coverage
by set and type; a card set back to manual (per database, kept across imports) reaches the engine
with no definition; and a read card resolves in a real position in guided and referee mode. The
texts are written here in the catalogue's style (tests/ccgdb_shape.py), never a card's real text."""

from __future__ import annotations

import json

import pytest
from alembic import command
from sqlmodel import select

from cards.db import Database, alembic_config
from cards.games.naruto.importers import import_ccgdb_json
from cards.models import CardRecord
from cards.source import CatalogueSource, NoSuchCard, catalogue_facts, set_manual
from referee.games.naruto.invariants import violations
from referee.games.naruto.power import stats
from referee.games.naruto.scenario import scenario
from tests.ccgdb_shape import jutsu, mission, ninja

#: a Jutsu whose text the reader understands whole: +2/+1 to its user
FOCUS = jutsu("j981", "J-981", "Test Focus", "1", text="Target: User\nEffect: The target gets +2/+1 during this turn.")
#: a Ninja read as a "Valid:" boost, and cards with a sentence the reader does not hold
RUNNER = ninja("n981", "N-981", "Test Runner", set_="Test Other", text="Valid: This Ninja gets +1/+1.")
PUZZLE = ninja("n982", "N-982", "Test Puzzle", text="Valid: This Ninja gets +1/+1 while the moon is full.")
CHORE = mission("m981", "M-981", "Test Chore", text="Effect: Swap two of your Chakra cards with a friend.")
PLAIN = ninja("n983", "N-983", "Test Plain")  # no effect text: not an effect card


def catalogue(tmp_path, *records: dict) -> str:
    path = tmp_path / "narutoccgdatabase.json"
    path.write_text(json.dumps({"09 Test Legacy": list(records)}), encoding="utf-8")
    return str(path)


def stored(db, number: str) -> CardRecord:
    with db.session() as session:
        return session.exec(select(CardRecord).where(CardRecord.number == number)).one()


@pytest.fixture
def db(db_url, tmp_path):
    """A database of each back end with the test cards imported."""
    with Database(db_url) as db:
        import_ccgdb_json(db, catalogue(tmp_path, FOCUS, RUNNER, PUZZLE, CHORE, PLAIN))
        yield db


def test_an_import_stores_what_the_reader_understands_and_leaves_the_rest_manual(db):
    focus = stored(db, "J-981")
    assert (focus.effect_source, focus.target, json.loads(focus.effect)) == (
        "read", "user", {"do": [{"op": "boost", "to": "user", "combat": 2, "support": 1}]})
    assert stored(db, "N-981").effect_source == "read"
    for number in ("N-982", "M-981", "N-983"):
        assert (stored(db, number).effect_source, stored(db, number).effect) == ("manual", "")
    assert stored(db, "N-008").effect_source == "hand"  # bundled Set 1
    assert CatalogueSource(db).get("J-981").abilities == json.loads(focus.effect)
    assert not CatalogueSource(db).get("N-982").abilities


def test_an_import_stores_the_effect_kind_the_text_implies_and_a_valid_ninja_keeps_it_injured(db, tmp_path):
    assert [stored(db, n).effect_kind for n in ("N-981", "J-981", "N-982", "M-981")] == [
        "valid", "jutsu", "none", "none"]
    # read Valid: injured (1/0), still +1/+1, as Set 1's Valid Ninjas (N-KEY-VALID-1)
    m = scenario(phase="battle_attack", turn=3, cards=CatalogueSource(db),
                 p1={"village": ["N-981"], "injured": ["N-981"]}, p2={"village": []})
    assert stats(m.state, m.state.players[0].village[0]) == (2, 1)
    # the same boost not Valid: injured, none
    import_ccgdb_json(db, catalogue(tmp_path, ninja("n981", "N-981", "Test Runner", set_="Test Other",
                                                    text="This Ninja gets +1/+1.")))
    assert stored(db, "N-981").effect_kind == "continuous"
    m = scenario(phase="battle_attack", turn=3, cards=CatalogueSource(db),
                 p1={"village": ["N-981"], "injured": ["N-981"]}, p2={"village": []})
    assert stats(m.state, m.state.players[0].village[0]) == (1, 0)


def test_the_coverage_counts_the_effect_cards_by_set_and_type(db_url, tmp_path):
    with Database(db_url) as db:
        set1 = ninja("n008", "N-008", "Iruka Umino", text="When this Ninja is put in play, draw 1 card.")
        summary = import_ccgdb_json(db, catalogue(tmp_path, FOCUS, RUNNER, PUZZLE, CHORE, PLAIN, set1))
    coverage = summary.coverage
    assert (coverage.total, coverage.automated, coverage.of("hand"), coverage.of("read"), coverage.of("manual")) == (
        5, 3, 1, 2, 2)
    assert coverage.by("set") == [("Test Legacy", 2, 4), ("Test Other", 1, 1)]
    assert coverage.by("type") == [("Jutsu", 1, 1), ("Mission", 0, 1), ("Ninja", 2, 3)]


def test_a_card_set_back_to_manual_reaches_the_engine_with_no_definition_until_undone(db, tmp_path):
    assert set_manual(db, "j981") == ("J-981", "manual")  # by its N-CCG-DB id
    assert not CatalogueSource(db).get("J-981").abilities
    assert catalogue_facts(db, "J-981")["effect_source"] == "manual"
    import_ccgdb_json(db, catalogue(tmp_path, FOCUS))  # an import keeps the choice
    assert stored(db, "J-981").effect_override and not CatalogueSource(db).get("J-981").abilities
    assert set_manual(db, "J-981", manual=False) == ("J-981", "read")
    assert CatalogueSource(db).get("J-981").abilities
    assert catalogue_facts(db, "J-981")["effect_source"] == "read"
    assert catalogue_facts(db, "N-008")["effect_source"] == "hand"
    assert set_manual(db, "N-008") == ("N-008", "manual")  # a hand-written card too
    assert not CatalogueSource(db).get("N-008").abilities
    with pytest.raises(NoSuchCard):
        set_manual(db, "Z-999")


def test_an_older_database_marks_its_bundled_cards_hand_written(sqlite_url, tmp_path):
    with Database(sqlite_url) as db:
        import_ccgdb_json(db, catalogue(tmp_path, FOCUS))
        with db.session() as session, session.connection() as conn:
            command.downgrade(alembic_config(conn), "0008")
            session.commit()
    with Database(sqlite_url) as db:  # upgraded on open
        assert stored(db, "N-008").effect_source == "hand"
        assert (stored(db, "J-981").effect_source, stored(db, "J-981").effect_override) == ("manual", False)
        import_ccgdb_json(db, catalogue(tmp_path, FOCUS))  # imported again: read
        assert stored(db, "J-981").effect_source == "read"


# --- a read card in a match ----------------------------------------------------------------------


def _exchange(db, mode: str):
    """Seat 1's N-001 attacks alone with the read Jutsu in hand, blocked by seat 2's N-009: the Jutsu
    exchange is open."""
    deck = ["N-003"] * 6
    m = scenario(phase="battle_attack", turn=3, cards=CatalogueSource(db), mode=mode,
                 p1={"village": ["N-001"], "hand": ["J-981"], "chakra": ["N-009"], "deck": deck},
                 p2={"village": ["N-009"], "deck": deck})
    for action in ("send T1", "next", "block T1 on N-001", "next", "jutsu J-981 by N-001 pay N-009", "pass",
                   "pass"):
        m.apply(action)
        assert violations(m.state) == [], action
    return m


@pytest.mark.parametrize("mode", ["guided", "referee"])
def test_a_read_card_resolves_in_a_match(db, mode):
    m = _exchange(db, mode)
    user = m.state.players[0].battlefield[0]
    assert m.state.pending == [] and stats(m.state, user) == (3, 1)  # N-001 1/0, +2/+1


@pytest.mark.parametrize("mode", ["guided", "referee"])
def test_a_card_set_back_to_manual_opens_the_toolbox(db, mode):
    set_manual(db, "J-981")
    m = _exchange(db, mode)
    assert m.state.pending[0]["kind"] == "manual"
    assert stats(m.state, m.state.players[0].battlefield[0]) == (1, 0)


# --- the command line ----------------------------------------------------------------------------


def test_the_import_prints_its_coverage_and_cards_manual_sets_a_card_back(capsys, sqlite_url, tmp_path):
    from referee.cli import main

    assert main(["cards", "import", catalogue(tmp_path, FOCUS, RUNNER, PUZZLE, CHORE, PLAIN),
                 "--database-url", sqlite_url]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1:] == [
        "effect cards the referee applies: 2 / 4 (50%); hand-written: 0, read from the text: 2, applied by hand: 2",
        "by set:", "  Test Legacy: 1 / 3 (33%)", "  Test Other: 1 / 1 (100%)",
        "by type:", "  Jutsu: 1 / 1 (100%)", "  Mission: 0 / 1 (0%)", "  Ninja: 1 / 2 (50%)"]
    assert main(["cards", "manual", "J-981", "--database-url", sqlite_url, "--lang", "fr"]) == 0
    assert main(["cards", "manual", "j981", "--undo", "--database-url", sqlite_url]) == 0
    assert main(["cards", "manual", "J-999", "--database-url", sqlite_url]) == 2
    out, err = capsys.readouterr()
    assert out.splitlines()[-1] == "J-981: its effect is read from the text"
    assert err == "error: no card 'J-999'\n"

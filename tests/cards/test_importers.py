"""Importing cards (cards.games.naruto.importers): the N-CCG-DB JSON format and our CSV, idempotent upserts,
bad records reported with their place and reason, and all-or-nothing imports, on SQLite and
PostgreSQL. Every file is written here, in the format, for the test (the community file is the
user's own and never shipped)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from sqlalchemy import func
from sqlmodel import select

import cards.games.naruto.importers as importers
from cards.db import Database
from tests.ccgdb_shape import COSTS, catalogue, jutsu, ninja, write
from cards.games.naruto.importers import (CatalogueImportError, csv_columns, detect_format, import_ccgdb_json, import_csv,
                             import_file)
from cards.models import CardName, CardRecord, CardSet, CardText, SearchToken
from cards.search import search
from cards.source import CatalogueSource


def record(**fields) -> dict:
    """A Ninja record of the real file's shape (see ccgdb_shape); ``fields`` override its keys."""
    return ninja("n1901", "N-1901", "Gaara of the Test", symbols="Earth", stats=(3.0, 1.0, 5.0, 2.0, 2.0, 1.0),
                 attribute="Sand", characteristics="Sand, Genin, Male", title="SAND SHIELD",
                 text="Valid: This Ninja cannot be injured by Jutsu.", set_="Test Set", folder="set_5_test_set",
                 **fields)


def small() -> dict:
    """Three records: a Ninja, a Jutsu and a Promo card, the sheet keys not the sets' names."""
    return {
        "05 Test Set": [
            record(),
            jutsu("j1902", "J-1902", "Sand Coffin", "E 1", symbols="Earth/Wind", set_="Test Set",
                  text="Target: 1 Ninja\nEffect: The target is injured."),
        ],
        "Promo Cards": [
            ninja("pr903", "PR-903", "Temari of the Test", set_="Promo Cards", year=None, symbols="Wind",
                  characteristics="Sand, Genin, Female, AMBUSH", keywords="AMBUSH"),
        ],
    }


def write_json(tmp_path: Path, data, name: str = "narutoccgdatabase.json") -> Path:
    return write(tmp_path, data, name)


def csv_row(**fields) -> dict:
    base = dict.fromkeys(csv_columns(), "")
    base.update(number="N-901", name="Kankuro", type="Ninja", symbols="Earth", entrance_cost="2",
                hand_cost="1", healthy_combat="3", healthy_support="2", injured_combat="1", injured_support="0",
                attribute="Puppet", characteristics="Sand, Genin, Male", effect_kind="on_battle",
                effect_summary="Gains +1/+0 while fighting.", target="none")
    base.update(fields)
    return base


def write_csv(tmp_path: Path, rows: list[dict], name: str = "cards.csv", extra_columns: tuple = ()) -> Path:
    path = tmp_path / name
    with path.open("w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, [*csv_columns(), *extra_columns])
        writer.writeheader()
        writer.writerows(rows)
    return path


def counts(db: Database) -> dict[str, int]:
    with db.session() as s:
        return {m.__tablename__: s.exec(select(func.count()).select_from(m)).one()
                for m in (CardSet, CardRecord, CardName, CardText, SearchToken)}


def card(db: Database, number: str) -> CardRecord | None:
    with db.session() as s:
        return s.exec(select(CardRecord).where(CardRecord.number == number)).first()


def names(db: Database, number: str) -> dict[str, str]:
    with db.session() as s:
        return dict(s.exec(select(CardName.lang, CardName.name).join(CardRecord, CardRecord.id == CardName.card_id)
                           .where(CardRecord.number == number)).all())


def texts(db: Database, number: str) -> dict[str, str]:
    with db.session() as s:
        return dict(s.exec(select(CardText.lang, CardText.text).join(CardRecord, CardRecord.id == CardText.card_id)
                           .where(CardRecord.number == number)).all())


@pytest.fixture
def db(db_url):
    with Database(db_url) as database:
        yield database


# --- N-CCG-DB JSON: the real file's shape ---------------------------------------------------------


def test_a_file_of_real_records_imports_whole_with_every_field_right(db, tmp_path):
    summary = import_ccgdb_json(db, write_json(tmp_path, catalogue()))
    assert (summary.inserted, summary.updated, summary.skipped, summary.problems) == (41, 0, 0, [])
    assert summary.merged == 3  # a case-only twin, a reprint under the same id, a mended record
    promo = card(db, "EX-901")
    assert (promo.ccgdb_id, promo.printed, promo.type, promo.symbols, promo.entrance_cost, promo.injured_combat,
            promo.attribute, promo.characteristics, promo.keywords, promo.effect_title, promo.year,
            promo.image_path) == ("ex901", "EX-901", "Ninja", "Fire", 0, 3, "Oil",
                                  "Leaf, Genin, Male", "Growth", "STORM TRAINING", None, "promos/ex901.webp")
    assert texts(db, "EX-901") == {"en": "When this Ninja is put in play, draw 1 card."}
    founder = card(db, "PR-918B")
    assert (founder.errata, founder.image_path, founder.characteristics) == (
        "Errata scan used as authoritative source", "promos/pr918be.webp", "Leaf, Satoosa, Male, Mental Power: 2")
    squad = card(db, "N-947")
    assert (squad.healthy_combat, squad.injured_combat, squad.healthy_support, squad.variable) == (
        None, None, 2, "healthy_combat, injured_combat")
    assert (squad.attribute, squad.keywords, squad.characteristics) == (
        "Manipulation/Sand/Iron", "Squad", "Stone, Jonin, Male, Name: Gan Iwa, Name: Ishi Iwa, Mental Power: X")
    assert texts(db, "N-947") == {"en": "Valid: X is the number of “Stone” Ninjas you control."}
    rogue = card(db, "N-949")  # numbers written as strings, a negative one; "X/ Y"; "-2 Mental Power"
    assert (rogue.entrance_cost, rogue.injured_combat, rogue.attribute, rogue.characteristics) == (
        2, -1, "Curse/Weapon", "Mist, Rogue Ninja (Jonin), Male, Mental Power: -2")
    void = card(db, "N-US920")  # ints; the Promo sheet's "nus920" is the same id
    assert (void.symbols, void.healthy_combat, void.attribute, void.ccgdb_id) == ("Void", 4, "Taijutsu/Genjutsu", "nus920")
    assert card(db, "N-950").attribute == "Genjutsu/Taijutsu"  # "Genjutsu, Taijutsu"
    for i, (_, stored) in enumerate(COSTS.items()):
        assert card(db, f"J-{900 + i}").jutsu_cost == stored
    assert card(db, "J-995").jutsu_cost == ""
    assert (card(db, "M-936").hand_cost, card(db, "M-936").variable) == (None, "hand_cost")
    assert card(db, "C-930").characteristics == "Land of Waves, Male"
    assert [card(db, n) is not None for n in ("N-946", "N-946_ALT", "NUS-906B", "N-1272B")] == [True] * 4
    with db.session() as s:
        sets = dict(s.exec(select(CardSet.id, CardSet.name)).all())
    assert {sets[card(db, n).set_id] for n in ("EX-901", "N-947", "NUS-906B")} == {
        "Promo Cards", "Test Legacy", "Tournament Pack 9"}  # the record's Set, not the sheet's key


def test_importing_the_real_shape_twice_changes_nothing(db, tmp_path):
    path = write_json(tmp_path, catalogue())
    import_ccgdb_json(db, path)
    before = counts(db)
    with db.session() as s:
        rows_before = sorted(map(tuple, s.exec(select(CardRecord.id, CardRecord.number, CardRecord.set_id)).all()))
    summary = import_ccgdb_json(db, path)
    assert (summary.inserted, summary.updated, summary.unchanged) == (0, 0, 41)
    assert counts(db) == before
    with db.session() as s:
        assert sorted(map(tuple, s.exec(select(CardRecord.id, CardRecord.number, CardRecord.set_id)).all())) == rows_before


def test_records_of_one_id_are_one_card_mended_by_the_later_record(db, tmp_path):
    import_ccgdb_json(db, write_json(tmp_path, catalogue()))
    assert names(db, "N-951") == {"en": "Kenji Tsuchi (All Gathered)"}  # the reprint's name has its ")"
    assert card(db, "N-951").characteristics == "Leaf, Chunin, Male"
    reprinted = card(db, "N-946")
    assert (reprinted.effect_title, reprinted.year) == ("RETURNED", 2008)  # the year of its first printing
    assert texts(db, "N-946") == {"en": "Valid: This Ninja gets +0/+1."}


@pytest.mark.parametrize("number, check", [
    ("M-930", lambda c: c.is_permanent and c.permanent_coins == 3 and not c.is_counter),
    ("M-931", lambda c: c.is_counter and not c.is_permanent),
    ("M-932", lambda c: c.is_counter and c.permanent_coins == 2),
    ("M-933", lambda c: c.is_counter and c.is_permanent and c.permanent_coins is None),
    ("M-934", lambda c: c.permanent_coins == 2),  # the keyword on the text's second line
    ("M-935", lambda c: c.permanent_coins == 3),  # "Permanent: (3)"
    ("M-936", lambda c: c.is_permanent and c.keywords == ("Permanent (X + 1)",)),
    ("M-937", lambda c: c.keywords == ("Permanent", "Desperation")),
    ("M-938", lambda c: c.keywords == ("Permanent (2)",) and not c.is_counter),  # "Counter" only quoted
    ("M-US930", lambda c: c.is_counter and c.permanent_coins == 2),
    ("EX-901", lambda c: c.has("Growth") and "Growth" not in c.characteristics),
    ("N-950", lambda c: c.has("Ambush") and c.has("Growth")),
    ("N-949", lambda c: not c.has("Ambush")),  # "Ambush:" opening an ability is not the keyword
    ("N-947", lambda c: c.is_group and {"Gan Iwa", "Ishi Iwa"} <= c.names and c.mental_power == 0),
    ("N-948", lambda c: c.is_group and c.names == {"Akira Senju", "Mei Senju"}),
    ("PR-918B", lambda c: c.mental_power == 2 and not c.is_group),
])
def test_keywords_are_read_where_the_file_has_them(db, tmp_path, number, check):
    import_ccgdb_json(db, write_json(tmp_path, catalogue()))
    assert check(CatalogueSource(db).get(number))


def test_an_imported_counter_mission_is_played_as_one_and_its_effect_opens_the_toolbox(db, tmp_path):
    from referee.engine.match import Match
    from referee.games.naruto.rules import rules_for
    from referee.games.naruto.scenario import scenario_state

    import_ccgdb_json(db, write_json(tmp_path, catalogue()))
    state = scenario_state(phase="mission_main", turn=3, counters=(3, 3), cards=CatalogueSource(db),
                           p1={"deck": ["N-001"] * 10}, p2={"hand": ["M-931"], "deck": ["N-001"] * 10})
    m = Match(rules_for("standard"), state)
    m.apply("next")
    assert m.phase == "mission_window" and m.actor == 1 and "counter M-931" in map(str, m.legal_actions())
    m.apply("counter M-931")
    m.apply("pass")
    m.apply("pass")
    assert m.state.pending and m.state.pending[0]["kind"] == "manual"  # the players apply its text
    m.apply("choose done")
    assert [m.state.instances[i] for i in m.state.players[1].chakra] == ["M-931"]


def test_imported_cards_are_found_by_id_printed_number_and_name(db, tmp_path):
    import_ccgdb_json(db, write_json(tmp_path, catalogue()))
    for query in ("pr918b", "PR-918B", "pr-918b"):
        assert [h.number for h in search(db, query)][:1] == ["PR-918B"], query
    assert [h.number for h in search(db, "nUS920")][:1] == ["N-US920"]
    assert [h.number for h in search(db, "N-US920")][:1] == ["N-US920"]
    assert [h.number for h in search(db, "n946_alt")][:1] == ["N-946_ALT"]
    assert {h.number for h in search(db, "N-946")} == {"N-946", "N-946_ALT"}
    assert [h.number for h in search(db, "stone giant")] == ["N-947"]
    engine_card = CatalogueSource(db).get("J-905")
    assert (engine_card.jutsu_cost, engine_card.jutsu_alternatives, engine_card.ccgdb_id) == (("W", "1"), (("3",),), "j905")


def test_an_open_file_can_be_imported(db):
    data = json.dumps(small()).encode()
    assert import_ccgdb_json(db, io.BytesIO(data)).inserted == 3
    assert import_ccgdb_json(db, io.StringIO(data.decode())).unchanged == 3


def test_the_import_reports_its_progress_to_the_end(db, tmp_path):
    seen = []
    import_ccgdb_json(db, write_json(tmp_path, catalogue()), progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1][0] == seen[-1][1]
    fractions = [d / t for d, t in seen]
    assert fractions == sorted(fractions) and fractions[0] <= 0.5 < fractions[-1] and len(seen) >= 4


BAD_JSON_RECORDS = [
    # (field overrides of the second record of "05 Test Set", message key)
    ({"Printed Name": None, "Display Name": "  "}, "no_name"),
    ({"Type": "Pokemon"}, "unknown_type"),
    ({"Type": None}, "no_type"),
    ({"Healthy Combat": 2.5}, "not_whole"),
    ({"Hand Cost": True}, "not_whole"),
    ({"Healthy Combat": 10**30}, "not_whole"),
    ({"Symbols": "Fire/Sand"}, "unknown_symbol"),
    ({"Chakra Cost": "F two"}, "bad_jutsu_cost"),
    ({"Card ID": None, "Collector Number": None}, "no_number"),
    ({"Collector Number": "Number Nine"}, "bad_number"),
    ({"Printed Name": {"en": "x"}}, "not_text"),
    ({"Printed Name": "x" * 201}, "too_long"),
    ({"Printed Name": "Bad\x00Name"}, "control"),
    ({"Card ID": "j1909", "Collector Number": "N-1901", "Printed Name": "Someone Else"}, "duplicate"),
]


def test_a_record_that_cannot_be_read_is_reported_and_the_others_imported(db, tmp_path):
    for fields, key in BAD_JSON_RECORDS:
        data = small()
        data["05 Test Set"][1].update(fields)
        summary = import_ccgdb_json(db, write_json(tmp_path, data))
        assert [(p.place, p.key) for p in summary.problems] == [("05 Test Set[2]", key)], key
        assert summary.total == 2, key  # the other two records are in the catalogue
        problem = summary.problems[0]
        card_id = data["05 Test Set"][1]["Card ID"]
        assert problem.card == (card_id.casefold() if card_id else None), key
        assert problem.where() == (f"05 Test Set, record 2 ({problem.card})" if problem.card else "05 Test Set, record 2")
        assert str(problem.reason) and isinstance(problem, ValueError)


def test_strict_imports_nothing_when_one_record_cannot_be_read(db, tmp_path):
    before = counts(db)
    for fields, key in BAD_JSON_RECORDS:
        data = small()
        data["05 Test Set"][1].update(fields)
        with pytest.raises(CatalogueImportError) as err:
            import_ccgdb_json(db, write_json(tmp_path, data), strict=True)
        assert (err.value.place, err.value.key) == ("05 Test Set[2]", key)
        assert counts(db) == before, key
        assert card(db, "N-1901") is None, key  # the good record before it was not kept either


def test_a_problem_is_told_in_the_users_language(db, tmp_path):
    from localization import current, set_language

    data = small()
    data["05 Test Set"][1]["Healthy Combat"] = 2.5
    problem = import_ccgdb_json(db, write_json(tmp_path, data)).problems[0]
    set_language("ru")
    text = f"{problem.where()}: {current().error(problem)}"
    assert "Healthy Combat" in text and "2.5" in text and "j1902" in text
    assert "not a whole number" not in text and "record" not in text


def test_a_bad_file_is_reported(db, tmp_path):
    before = counts(db)
    cases = {
        "{\n  \"Set\": [\n    {\"Type\": \"Ninja\",,}\n  ]\n}": ("line 3", "bad_json"),
        "[1, 2]": ("file", "not_catalogue"),
        "{\"Set\": {\"Type\": \"Ninja\"}}": ("Set", "not_list"),
        "{\"a\": " * 100_000 + "1" + "}" * 100_000: ("file", "too_deep"),
    }
    for text, (place, key) in cases.items():
        path = tmp_path / "bad.json"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(CatalogueImportError) as err:
            import_ccgdb_json(db, path)
        assert (err.value.place, err.value.key) == (place, key), text[:40]
    (tmp_path / "latin1.json").write_bytes('{"Café": []}'.encode("latin-1"))
    with pytest.raises(CatalogueImportError) as err:
        import_ccgdb_json(db, tmp_path / "latin1.json")
    assert err.value.key == "not_utf8"
    summary = import_ccgdb_json(db, write_json(tmp_path, {"Set": ["N-001"]}))
    assert [(p.place, p.key) for p in summary.problems] == [("Set[1]", "not_record")]
    assert counts(db) == before


def test_a_failure_while_writing_rolls_back_everything(db, tmp_path, monkeypatch):
    """The whole import is one transaction: a failure after the cards, names and texts were
    written (here, while indexing them) leaves the database as it was."""
    path = write_json(tmp_path, small())
    import_ccgdb_json(db, path)
    data = small()
    data["05 Test Set"][0]["Healthy Combat"] = 9.0
    data["Promo Cards"].append(ninja("pr904", "PR-904", "Kankuro of the Test", set_="Promo Cards", year=None))
    before = counts(db)

    def broken(session, card_ids):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(importers, "index_cards", broken)
    with pytest.raises(RuntimeError):
        import_ccgdb_json(db, write_json(tmp_path, data, "changed.json"))
    assert counts(db) == before
    assert card(db, "PR-904") is None and card(db, "N-1901").healthy_combat == 5


def test_a_changed_record_is_updated_and_reindexed(db, tmp_path):
    import_ccgdb_json(db, write_json(tmp_path, small()))
    data = small()
    data["05 Test Set"][0].update({"Printed Name": "Gaara of the Sand", "Display Name": "Gaara of the Sand",
                                   "Healthy Combat": 6.0})
    summary = import_ccgdb_json(db, write_json(tmp_path, data))
    assert (summary.inserted, summary.updated, summary.unchanged) == (0, 1, 2)
    assert card(db, "N-1901").healthy_combat == 6
    assert names(db, "N-1901") == {"en": "Gaara of the Sand"}
    assert [h.number for h in search(db, "gaara sand")] == ["N-1901"]
    assert search(db, "gaara test") == []


def test_cards_of_the_bundled_set_are_kept_as_shipped(db, tmp_path):
    original = card(db, "N-001")
    original_names, original_texts = names(db, "N-001"), texts(db, "N-001")
    data = {"01 Path to Hokage": [ninja("n001", "N-001", "Naruto (community)", set_="The Path to Hokage",
                                        stats=(0.0, 0.0, 9.0, 0.0, 3.0, 1.0))]}
    summary = import_ccgdb_json(db, write_json(tmp_path, data))
    assert (summary.inserted, summary.updated, summary.unchanged, summary.skipped) == (0, 0, 0, 1)
    assert card(db, "N-001").model_dump() == original.model_dump()
    assert (names(db, "N-001"), texts(db, "N-001")) == (original_names, original_texts)
    assert original.ccgdb_id == "n001"


# --- our CSV -------------------------------------------------------------------------------------


def test_csv_import_with_translated_names(db, tmp_path):
    rows = [csv_row(name_ru="Канкуро", name_fr="Kankurô"),
            csv_row(number="TE-902", name="Puppet Jutsu", type="Jutsu", symbols="Earth", entrance_cost="",
                    hand_cost="", healthy_combat="", healthy_support="", injured_combat="", injured_support="",
                    attribute="", characteristics="", jutsu_cost="E X", effect_kind="jutsu",
                    requirement="name:Kankuro", target="user", effect_summary="User gets +2/+0.")]
    path = write_csv(tmp_path, rows, extra_columns=("name_es", "name_ru", "name_fr"))
    summary = import_csv(db, path)
    assert (summary.inserted, summary.updated, summary.unchanged) == (2, 0, 0)
    assert names(db, "N-901") == {"en": "Kankuro", "ru": "Канкуро", "fr": "Kankurô"}
    jutsu = CatalogueSource(db).get("J-902")  # the French number, canonical
    assert (jutsu.name, jutsu.jutsu_cost, jutsu.effect_kind, jutsu.requirement, jutsu.target, jutsu.effect) == (
        "Puppet Jutsu", ("E", "X"), "jutsu", "name:Kankuro", "user", "User gets +2/+0.")
    assert [h.number for h in search(db, "канкуро")] == ["N-901"]
    assert [h.number for h in search(db, "kankuro")] == ["N-901"]


def test_csv_reimport_is_unchanged_and_a_change_is_an_update(db, tmp_path):
    path = write_csv(tmp_path, [csv_row()])
    import_csv(db, path)
    before = counts(db)
    again = import_csv(db, path)
    assert (again.inserted, again.updated, again.unchanged) == (0, 0, 1) and counts(db) == before
    changed = import_csv(db, write_csv(tmp_path, [csv_row(effect_summary="")], "changed.csv"))
    assert (changed.inserted, changed.updated, changed.unchanged) == (0, 1, 0)
    assert texts(db, "N-901") == {}


def test_the_engines_own_set_file_imports_as_unchanged_bundled_cards(db):
    """Our CSV format is the engine's: its own Set 1 file reads without an error (and, being the
    bundled set, changes nothing)."""
    engine_csv = Path(__file__).resolve().parents[2] / "referee/games/naruto/data/set01.csv"
    before = counts(db)
    summary = import_csv(db, engine_csv)
    assert (summary.inserted, summary.updated, summary.skipped) == (0, 0, 127)
    assert counts(db) == before


BAD_CSV_ROWS = [
    ({"name": ""}, "no_name"),
    ({"type": "Trap"}, "unknown_type"),
    ({"entrance_cost": "two"}, "not_whole"),
    ({"symbols": "Fire/Sand"}, "unknown_symbol"),
    ({"number": "901"}, "bad_number"),
    ({"jutsu_cost": "F Q"}, "bad_jutsu_cost"),
    ({"target": "everyone"}, "unknown_target"),
    ({"requirement": "rank:Hokage"}, "bad_requirement"),
    ({"requirement": "colour:red"}, "bad_requirement"),
    ({"effect_kind": "On Battle!"}, "bad_effect_kind"),
    ({"number": "N-901", "name": "Another Kankuro"}, "duplicate"),
]


def test_a_bad_csv_row_is_reported_with_its_line_and_strict_keeps_nothing(db, tmp_path):
    before = counts(db)
    for fields, key in BAD_CSV_ROWS:
        rows = [csv_row(), csv_row(number="N-902", name="Temari", effect_summary="Two\nlines"),
                csv_row(**{"number": "N-903", "name": "Baki", **fields})]
        with pytest.raises(CatalogueImportError) as err:
            import_csv(db, write_csv(tmp_path, rows), strict=True)
        assert (err.value.place, err.value.key) == ("line 5", key)  # header, 2, 3-4 (two lines), 5
        assert counts(db) == before, key
    summary = import_csv(db, write_csv(tmp_path, rows))  # without strict: the others are imported
    assert [(p.place, p.key) for p in summary.problems] == [("line 5", "duplicate")]
    assert summary.inserted == 2


def test_a_record_repeated_with_the_same_data_is_counted_as_merged(db, tmp_path):
    """Every record is a card, a merge or a problem: a CSV row or an N-CCG-DB record given twice
    with the same data (no Card ID to tell them apart) is read into the first, and counted."""
    summary = import_csv(db, write_csv(tmp_path, [csv_row(), csv_row(), csv_row(number="N-902", name="Temari")]))
    assert (summary.total, summary.merged, summary.problems) == (2, 1, [])
    twice = {"Test": [{**ninja("n1901", "N-1901", "Test Ninja"), "Card ID": None} for _ in range(2)]}
    summary = import_ccgdb_json(db, io.BytesIO(json.dumps(twice).encode()))
    assert (summary.inserted, summary.merged, summary.problems) == (1, 1, [])


def test_csv_header_problems(db, tmp_path):
    good = csv_row()
    path = tmp_path / "missing.csv"
    columns = [c for c in csv_columns() if c != "target"]
    path.write_text(",".join(columns) + "\n" + ",".join(good[c] for c in columns) + "\n", encoding="utf-8")
    with pytest.raises(CatalogueImportError) as err:
        import_csv(db, path)
    assert (err.value.place, err.value.key, err.value.params) == ("line 1", "missing_columns", {"columns": "target"})
    with pytest.raises(CatalogueImportError) as err:
        import_csv(db, write_csv(tmp_path, [{**good, "colour": "red"}], "extra.csv", extra_columns=("colour",)))
    assert (err.value.place, err.value.key) == ("line 1", "unknown_columns")
    short = tmp_path / "short.csv"
    short.write_text(",".join(csv_columns()) + "\nN-901,Kankuro,Ninja\n", encoding="utf-8")
    with pytest.raises(CatalogueImportError) as err:
        import_csv(db, short, strict=True)
    assert (err.value.place, err.value.key) == ("line 2", "field_count")
    assert [(p.place, p.key) for p in import_csv(db, short).problems] == [("line 2", "field_count")]


def test_a_csv_import_failing_at_the_last_row_keeps_nothing_on_an_existing_catalogue(db, tmp_path):
    import_csv(db, write_csv(tmp_path, [csv_row()]))
    before = counts(db)
    rows = [csv_row(name="Kankuro Renamed"), csv_row(number="N-904", name="New"), csv_row(number="N-905", type="?")]
    with pytest.raises(CatalogueImportError):
        import_csv(db, write_csv(tmp_path, rows, "bad.csv"), strict=True)
    assert counts(db) == before and names(db, "N-901") == {"en": "Kankuro"}


# --- choosing the format -------------------------------------------------------------------------


def test_format_by_extension_then_by_content(db, tmp_path):
    json_path = write_json(tmp_path, catalogue(), "cards.json")
    csv_path = write_csv(tmp_path, [csv_row()], "cards.csv")
    bare_json = tmp_path / "download"
    bare_json.write_bytes(json_path.read_bytes())
    bare_csv = tmp_path / "export.txt"
    bare_csv.write_bytes(csv_path.read_bytes())
    assert [detect_format(p) for p in (json_path, csv_path, bare_json, bare_csv)] == ["json", "csv", "json", "csv"]
    assert import_file(db, bare_json).inserted == 41
    assert import_file(db, bare_csv).inserted == 1


def test_a_record_without_its_set_takes_the_set_named_by_its_sheet(db, tmp_path):
    from cards.games.naruto.ccgdb import _sheet_set

    assert [_sheet_set(k) for k in ("04 Revenge and Rebirth", "Set 27 Hero's Ascension", "21.5 Tournament Pack 3",
                                    "Promo Cards")] == ["Revenge and Rebirth", "Hero's Ascension", "Tournament Pack 3",
                                                        "Promo Cards"]
    import_ccgdb_json(db, write_json(tmp_path, {"Set 27 Hero's Ascension": [record(Set=None)]}))
    with db.session() as s:
        assert s.exec(select(CardSet.name).where(CardSet.id == card(db, "N-1901").set_id)).one() == "Hero's Ascension"

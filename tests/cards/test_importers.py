"""Importing cards (cards.importers): the N-CCG-DB JSON format and our CSV, idempotent upserts,
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

import cards.importers as importers
from cards.db import Database
from cards.importers import (CatalogueImportError, csv_columns, detect_format, import_ccgdb_json, import_csv,
                             import_file)
from cards.models import CardName, CardRecord, CardSet, CardText, SearchToken
from cards.search import search
from cards.source import CatalogueSource


def record(**fields) -> dict:
    """An N-CCG-DB record with every key of the format; ``fields`` override the defaults."""
    base = {
        "Card ID": "N-1001", "Collector Number": 1.0, "Printed Name": "Gaara of the Desert",
        "Display Name": "Gaara of the Desert (N-1001)", "Type": "Ninja", "Set": "05 Test Set", "Year": 2006.0,
        "Symbols": "Earth", "Entrance Cost": 3.0, "Hand Cost": 1.0, "Healthy Combat": 5.0,
        "Healthy Support": 2.0, "Injured Combat": 2.0, "Injured Support": 1.0, "Combat Attribute": "Sand",
        "Chakra Cost": None, "Characteristics": "Sand, Genin, Male", "Effect Title": "Sand Shield",
        "Effect Text": "Cannot be injured by Jutsu.", "Keywords": None, "Errata": None,
        "image_path": "images/n1001.png",
    }
    base.update(fields)
    return base


def catalogue() -> dict:
    return {
        "05 Test Set": [
            record(),
            record(**{"Card ID": "J-1002", "Collector Number": 2.0, "Printed Name": "Sand Coffin",
                      "Display Name": None, "Type": "Jutsu", "Symbols": "Earth/Wind", "Entrance Cost": None,
                      "Hand Cost": None, "Healthy Combat": None, "Healthy Support": None, "Injured Combat": None,
                      "Injured Support": None, "Combat Attribute": None, "Chakra Cost": "e 1",
                      "Characteristics": None, "Effect Title": None, "Effect Text": "Target is injured."}),
        ],
        "Promo Cards": [
            record(**{"Card ID": "PR-003", "Collector Number": 3.0, "Printed Name": "Temari",
                      "Display Name": "Temari (Promo)", "Symbols": "Wind", "Keywords": ["Ambush"],
                      "Characteristics": ["Sand", "Genin", "Female"], "Effect Title": None, "Effect Text": None}),
        ],
    }


def write_json(tmp_path: Path, data, name: str = "narutoccgdatabase.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


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


# --- N-CCG-DB JSON -------------------------------------------------------------------------------


def test_json_import_stores_the_facts_names_texts_and_sets(db, tmp_path):
    summary = import_ccgdb_json(db, write_json(tmp_path, catalogue()))
    assert (summary.inserted, summary.updated, summary.unchanged, summary.skipped) == (3, 0, 0, 0)
    gaara = card(db, "N-1001")
    assert (gaara.type, gaara.symbols, gaara.entrance_cost, gaara.hand_cost, gaara.healthy_combat,
            gaara.healthy_support, gaara.injured_combat, gaara.injured_support, gaara.attribute,
            gaara.characteristics, gaara.effect_kind, gaara.target) == (
        "Ninja", "Earth", 3, 1, 5, 2, 2, 1, "Sand", "Sand, Genin, Male", "none", "none")
    assert names(db, "N-1001") == {"en": "Gaara of the Desert"}  # the printed name, not the display name
    assert texts(db, "N-1001") == {"en": "Sand Shield: Cannot be injured by Jutsu."}
    coffin = card(db, "J-1002")
    assert (coffin.symbols, coffin.jutsu_cost, coffin.entrance_cost, coffin.healthy_combat) == ("Earth/Wind", "E 1", None, None)
    temari = card(db, "PR-003")
    assert (temari.keywords, temari.characteristics) == ("Ambush", "Sand, Genin, Female")
    assert texts(db, "PR-003") == {}
    with db.session() as s:
        sets = dict(s.exec(select(CardSet.id, CardSet.code)).all())
    assert sets[gaara.set_id] == "05 Test Set" and sets[temari.set_id] == "Promo Cards"


def test_importing_the_same_file_twice_changes_nothing(db, tmp_path):
    path = write_json(tmp_path, catalogue())
    import_ccgdb_json(db, path)
    before = counts(db)
    with db.session() as s:
        rows_before = sorted(map(tuple, s.exec(select(CardRecord.id, CardRecord.number, CardRecord.set_id)).all()))
    summary = import_ccgdb_json(db, path)
    assert (summary.inserted, summary.updated, summary.unchanged) == (0, 0, 3)
    assert counts(db) == before
    with db.session() as s:
        assert sorted(map(tuple, s.exec(select(CardRecord.id, CardRecord.number, CardRecord.set_id)).all())) == rows_before


def test_a_changed_record_is_updated_and_reindexed(db, tmp_path):
    import_ccgdb_json(db, write_json(tmp_path, catalogue()))
    data = catalogue()
    data["05 Test Set"][0].update({"Printed Name": "Gaara of the Sand", "Healthy Combat": 6.0})
    summary = import_ccgdb_json(db, write_json(tmp_path, data))
    assert (summary.inserted, summary.updated, summary.unchanged) == (0, 1, 2)
    assert card(db, "N-1001").healthy_combat == 6
    assert names(db, "N-1001") == {"en": "Gaara of the Sand"}
    assert [h.number for h in search(db, "gaara sand")] == ["N-1001"]
    assert search(db, "gaara desert") == []


def test_imported_cards_are_found_by_search_and_read_by_the_engine(db, tmp_path):
    import_ccgdb_json(db, write_json(tmp_path, catalogue()))
    assert [h.number for h in search(db, "sand cof")] == ["J-1002"]
    assert [h.number for h in search(db, "PR-003")] == ["PR-003"]
    engine_card = CatalogueSource(db).get("J-1002")
    assert (engine_card.name, engine_card.symbols, engine_card.jutsu_cost) == ("Sand Coffin", ("Earth", "Wind"), ("E", "1"))


def test_card_number_from_the_card_id_else_type_prefix_and_collector_number(db, tmp_path):
    data = {"09 Numbers": [
        record(**{"Card ID": "ni-1010", "Printed Name": "French Numbered"}),
        record(**{"Card ID": 55123.0, "Collector Number": 77.0, "Type": "Jutsu", "Printed Name": "Internal Id"}),
        record(**{"Card ID": None, "Collector Number": 12.0, "Type": "client", "Printed Name": "A Client"}),
        record(**{"Card ID": "", "Collector Number": 1234.0, "Type": "Mission", "Printed Name": "Big Number"}),
        record(**{"Card ID": "US-004", "Printed Name": "Starter Card"}),
    ]}
    summary = import_ccgdb_json(db, write_json(tmp_path, data))
    assert summary.numbers == ["N-1010", "J-077", "C-012", "M-1234", "US-004"]
    assert card(db, "C-012").type == "Client"
    assert names(db, "J-077") == {"en": "Internal Id"}


def test_display_name_when_there_is_no_printed_name(db, tmp_path):
    data = {"05 Test Set": [record(**{"Printed Name": None, "Display Name": "Gaara (Display)"})]}
    import_ccgdb_json(db, write_json(tmp_path, data))
    assert names(db, "N-1001") == {"en": "Gaara (Display)"}


def test_an_open_file_can_be_imported(db):
    data = json.dumps(catalogue()).encode()
    assert import_ccgdb_json(db, io.BytesIO(data)).inserted == 3
    assert import_ccgdb_json(db, io.StringIO(data.decode())).unchanged == 3


BAD_JSON_RECORDS = [
    # (field overrides of the second record of "05 Test Set", message key)
    ({"Printed Name": None, "Display Name": "  "}, "no_name"),
    ({"Type": "Pokemon"}, "unknown_type"),
    ({"Type": None}, "no_type"),
    ({"Entrance Cost": "X"}, "not_whole"),
    ({"Healthy Combat": 2.5}, "not_whole"),
    ({"Hand Cost": True}, "not_whole"),
    ({"Symbols": "Fire/Sand"}, "unknown_symbol"),
    ({"Chakra Cost": "F two"}, "bad_jutsu_cost"),
    ({"Card ID": None, "Collector Number": None}, "no_number"),
    ({"Printed Name": {"en": "x"}}, "not_text"),
    ({"Printed Name": "x" * 201}, "too_long"),
    ({"Card ID": "N-1001", "Printed Name": "Someone Else"}, "duplicate"),
]


def test_a_bad_json_record_is_reported_with_its_place_and_nothing_is_kept(db, tmp_path):
    """Each bad record in turn, on one database (a database per case on PostgreSQL is slow)."""
    before = counts(db)
    for fields, key in BAD_JSON_RECORDS:
        data = catalogue()
        data["05 Test Set"][1].update(fields)
        with pytest.raises(CatalogueImportError) as err:
            import_ccgdb_json(db, write_json(tmp_path, data))
        assert err.value.place == "05 Test Set[2]", key
        assert err.value.reason.key == key and err.value.key == key
        assert str(err.value) == f"05 Test Set[2]: {err.value.reason}" and str(err.value.reason), key
        assert isinstance(err.value, ValueError)
        assert counts(db) == before, key
        assert card(db, "N-1001") is None, key  # the good record before it was not kept either


def test_a_bad_file_is_reported(db, tmp_path):
    before = counts(db)
    cases = {
        "{\n  \"Set\": [\n    {\"Type\": \"Ninja\",,}\n  ]\n}": ("line 3", "bad_json"),
        "[1, 2]": ("file", "not_catalogue"),
        "{\"Set\": {\"Type\": \"Ninja\"}}": ("Set", "not_list"),
        "{\"Set\": [\"N-001\"]}": ("Set[1]", "not_record"),
    }
    for text, (place, key) in cases.items():
        path = tmp_path / "bad.json"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(CatalogueImportError) as err:
            import_ccgdb_json(db, path)
        assert (err.value.place, err.value.key) == (place, key), text
    (tmp_path / "latin1.json").write_bytes('{"Café": []}'.encode("latin-1"))
    with pytest.raises(CatalogueImportError) as err:
        import_ccgdb_json(db, tmp_path / "latin1.json")
    assert err.value.key == "not_utf8"
    assert counts(db) == before


def test_a_failure_while_writing_rolls_back_everything(db, tmp_path, monkeypatch):
    """The whole import is one transaction: a failure after the cards, names and texts were
    written (here, while indexing them) leaves the database as it was."""
    path = write_json(tmp_path, catalogue())
    import_ccgdb_json(db, path)
    data = catalogue()
    data["05 Test Set"][0]["Healthy Combat"] = 9.0
    data["Promo Cards"].append(record(**{"Card ID": "PR-004", "Printed Name": "Kankuro"}))
    before = counts(db)

    def broken(session, card_ids):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(importers, "index_cards", broken)
    with pytest.raises(RuntimeError):
        import_ccgdb_json(db, write_json(tmp_path, data, "changed.json"))
    assert counts(db) == before
    assert card(db, "PR-004") is None and card(db, "N-1001").healthy_combat == 5


def test_identical_duplicates_count_once(db, tmp_path):
    data = catalogue()
    data["Promo Cards"].append(dict(data["Promo Cards"][0]))
    summary = import_ccgdb_json(db, write_json(tmp_path, data))
    assert summary.inserted == 3


def test_cards_of_the_bundled_set_are_kept_as_shipped(db, tmp_path):
    original = card(db, "N-001")
    original_names, original_texts = names(db, "N-001"), texts(db, "N-001")
    data = {"01 Path to Hokage": [record(**{"Card ID": "N-001", "Printed Name": "Naruto (community)",
                                            "Healthy Combat": 9.0})]}
    summary = import_ccgdb_json(db, write_json(tmp_path, data))
    assert (summary.inserted, summary.updated, summary.unchanged, summary.skipped) == (0, 0, 0, 1)
    assert card(db, "N-001").model_dump() == original.model_dump()
    assert (names(db, "N-001"), texts(db, "N-001")) == (original_names, original_texts)
    with db.session() as s:
        assert s.exec(select(CardSet).where(CardSet.code == "01 Path to Hokage")).first() is None


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


def test_a_bad_csv_row_is_reported_with_its_line_and_nothing_is_kept(db, tmp_path):
    before = counts(db)
    for fields, key in BAD_CSV_ROWS:
        rows = [csv_row(), csv_row(number="N-902", name="Temari", effect_summary="Two\nlines"),
                csv_row(**{"number": "N-903", "name": "Baki", **fields})]
        with pytest.raises(CatalogueImportError) as err:
            import_csv(db, write_csv(tmp_path, rows))
        assert (err.value.place, err.value.key) == ("line 5", key)  # header, 2, 3-4 (two lines), 5
        assert counts(db) == before, key


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
        import_csv(db, short)
    assert (err.value.place, err.value.key) == ("line 2", "field_count")


def test_a_csv_import_failing_at_the_last_row_keeps_nothing_on_an_existing_catalogue(db, tmp_path):
    import_csv(db, write_csv(tmp_path, [csv_row()]))
    before = counts(db)
    rows = [csv_row(name="Kankuro Renamed"), csv_row(number="N-904", name="New"), csv_row(number="N-905", type="?")]
    with pytest.raises(CatalogueImportError):
        import_csv(db, write_csv(tmp_path, rows, "bad.csv"))
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
    assert import_file(db, bare_json).inserted == 3
    assert import_file(db, bare_csv).inserted == 1

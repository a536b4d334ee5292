"""Arbitrary catalogue files and exported matches (hypothesis): each import ends in a result or a
clean, keyed error (`CatalogueImportError`, `RecordError`), never a traceback, and a failed import
leaves the database exactly as it was. On one SQLite catalogue per test (a copy of the run's)."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from cards import records
from cards.db import Database
from cards.games.naruto.importers import CatalogueImportError, import_ccgdb_json, import_csv
from cards.models import ActionRecord, CardName, CardRecord, MatchRecord
from cards.records import RecordError
from tests.ccgdb_shape import KEYS, ninja

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

VALUE = st.none() | st.booleans() | st.integers(min_value=-(2**80), max_value=2**80) | \
    st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=30) | \
    st.sampled_from(["Ninja", "Jutsu", "X", "N-001", "n001", "W1 or 3", "GROWTH", "Permanent (3)", "\x00", "\ud800"])


def counts(db) -> tuple:
    with db.session() as s:
        return tuple(s.exec(select(func.count()).select_from(m)).one()
                     for m in (CardRecord, CardName, MatchRecord, ActionRecord))


@pytest.fixture
def db(sqlite_loaded_url):
    with Database(sqlite_loaded_url) as database:
        yield database


@SETTINGS
@given(records_=st.lists(st.fixed_dictionaries({}, optional={k: VALUE for k in KEYS}), max_size=4),
       sheet=st.text(max_size=70))
def test_any_catalogue_records_import_or_are_reported(db, records_, sheet):
    data = {sheet: [{**ninja("n1901", "N-1901", "Test Ninja"), **r} for r in records_]}
    before = counts(db)
    try:
        text = json.dumps(data, ensure_ascii=False)
    except (ValueError, UnicodeEncodeError):
        return
    try:
        summary = import_ccgdb_json(db, io.BytesIO(text.encode("utf-8", "surrogatepass")))
    except CatalogueImportError as err:
        assert str(err)
        assert counts(db) == before
        return
    assert summary.total + len(summary.problems) + summary.merged == len(records_)
    for problem in summary.problems:
        assert problem.where() and str(problem.reason)


@SETTINGS
@given(raw=st.binary(max_size=400) | st.text(max_size=400).map(lambda t: t.encode("utf-8", "surrogatepass")))
def test_any_bytes_as_a_catalogue_file_import_or_are_reported(db, raw):
    before = counts(db)
    for importer in (import_ccgdb_json, import_csv):
        try:
            importer(db, io.BytesIO(raw), strict=True)
        except CatalogueImportError:
            assert counts(db) == before


def exported(db) -> dict:
    from referee.games.naruto.cards import bundled
    from referee.games.naruto.decks import random_deck
    from referee.games.naruto.rules import new_match
    import random

    rng = random.Random(2)
    match = new_match([random_deck(bundled(), "standard", rng) for _ in range(2)], seed=3)
    uid = records.Recorder(db).record(match)
    for _ in range(8):
        match.apply(rng.choice(match.legal_actions()))
    records.release(match)
    return records.export_match(db, uid)


@SETTINGS
@given(changes=st.dictionaries(st.sampled_from(["uid", "game", "match_format", "mode", "seed", "players", "decks",
                                                "initial", "started", "finished", "winner", "reason", "turns",
                                                "actions", "computers", "format", "version"]),
                               VALUE | st.lists(VALUE, max_size=3) | st.dictionaries(st.text(max_size=5), VALUE,
                                                                                     max_size=3),
                               min_size=1, max_size=3))
def test_any_damaged_exported_match_imports_or_is_refused(db, changes):
    data = {**exported(db), **changes}
    before = counts(db)
    try:
        records.import_match(db, data)
    except RecordError as err:
        assert str(err)
        assert counts(db) == before


@pytest.mark.parametrize("name", ["Ann\x00", "x" * 41, "\x1b[2J", "half \udc80"])
def test_a_name_nobody_could_read_back_is_never_stored(db, name):
    """Player names (a match record, an imported match) and deck names have limits and no control
    characters; each refusal is keyed and nothing is written."""
    from cards.decks import DeckError, save_deck
    from referee.games.naruto.cards import bundled
    from referee.games.naruto.decks import random_deck
    from referee.games.naruto.rules import new_match
    import random

    data = exported(db)
    before = counts(db)
    deck = random_deck(bundled(), "standard", random.Random(2))
    with pytest.raises(RecordError) as err:
        records.Recorder(db).record(new_match([deck, deck], seed=1), players=["Ann", name])
    assert err.value.key == "bad_players"
    data["uid"], data["players"] = "renamed", ["Ann", name]
    with pytest.raises(RecordError) as err:
        records.import_match(db, data)
    assert (err.value.key, err.value.params["field"]) == ("bad_field", "players")
    with pytest.raises(DeckError) as err:
        save_deck(db, "Deck " + name if len(name) < 41 else "x" * 201, deck)
    assert err.value.key == "bad_name"
    assert counts(db) == before

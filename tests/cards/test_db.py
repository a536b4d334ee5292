"""Opening databases (cards.db): the schema is migrated on open and matches the models, SQLite runs
in WAL with foreign keys, and a database that is locked, read-only, corrupt, foreign, from a newer
schema or unreachable gets its own clear message while its file keeps every byte."""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect, text
from sqlmodel import SQLModel, func, select

import cards.db as db_module
from cards.db import MESSAGES, PG_LOCK_KEY, Database, StorageError, alembic_config, head_revision, known_revisions, resolve_url
from cards.models import CardRecord, Deck

ROOT = Path(__file__).resolve().parents[2]
#: the cards every opened database holds: Naruto Set 1, the Llamas Unleashed base game and its expansion
BUNDLED = 127 + 78 + 34


@pytest.fixture
def db_url(empty_db_url) -> str:
    """This module tests opening a database: each test starts from one never opened."""
    return empty_db_url


def file_of(url: str) -> Path:
    return Path(url.removeprefix("sqlite:///"))


def count(db: Database, model) -> int:
    with db.session() as s:
        return s.exec(select(func.count()).select_from(model)).one()


def make_database(url: str, revision: str | None = None) -> None:
    """A database with our schema and catalogue, optionally taken back to an older ``revision``
    ("base": no table left), and closed."""
    db = Database(url)
    if revision is not None:
        with db.engine.connect() as conn, conn.begin():
            command.downgrade(alembic_config(conn), revision)
    db.close()


def set_revision(url: str, revision: str) -> None:
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = :r"), {"r": revision})
    engine.dispose()


def raises(key: str, url: str, **kwargs) -> StorageError:
    with pytest.raises(StorageError) as info:
        Database(url, **kwargs)
    err = info.value
    assert err.key == key, str(err)
    assert str(err) == MESSAGES[key].format(**err.params)
    return err


# --- a fresh database, the schema, the settings ------------------------------------------------


def test_a_fresh_database_gets_the_schema_of_the_models_and_the_catalogue(db_url):
    with Database(db_url) as db:
        assert db.revision() == head_revision()
        with db.engine.connect() as conn:
            # autogenerate finds nothing to do: the migrations build exactly cards/models.py
            assert compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}),
                                    SQLModel.metadata) == []
        assert count(db, CardRecord) == BUNDLED


def test_sqlite_runs_in_wal_with_foreign_keys_and_a_busy_timeout(sqlite_url):
    with Database(sqlite_url, busy_timeout=2.5) as db:
        with db.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 2500


def test_foreign_keys_are_enforced(db_url):
    from cards.models import DeckEntry
    from sqlalchemy.exc import IntegrityError

    with Database(db_url) as db:
        with pytest.raises(IntegrityError):
            with db.session() as s:
                s.add(DeckEntry(deck_id=999_999, card_id=999_999, count=1))
                s.commit()


def test_an_in_memory_database_works():
    with Database("sqlite://") as db:
        assert db.revision() == head_revision()
        assert count(db, CardRecord) == BUNDLED


def test_a_missing_folder_is_created(tmp_path):
    url = f"sqlite:///{tmp_path / 'a' / 'b' / 'referee.sqlite'}"
    with Database(url) as db:
        assert count(db, CardRecord) == BUNDLED


def test_reopening_a_database_at_head_writes_nothing(sqlite_url):
    make_database(sqlite_url)
    before = file_of(sqlite_url).read_bytes()
    with Database(sqlite_url) as db:
        assert count(db, CardRecord) == BUNDLED
    assert file_of(sqlite_url).read_bytes() == before


@pytest.mark.parametrize("revision", sorted(known_revisions() - {head_revision()}) + ["base"])
def test_an_older_database_is_upgraded_on_open(db_url, revision):
    with Database(db_url) as db:
        with db.session() as s:
            s.add(Deck(name="my own deck"))
            s.commit()
        with db.engine.connect() as conn, conn.begin():
            command.downgrade(alembic_config(conn), revision)
        assert db.revision() == (None if revision == "base" else revision)
    with Database(db_url) as db:
        assert db.revision() == head_revision()
        assert count(db, CardRecord) == BUNDLED
        with db.session() as s:
            names = set(s.exec(select(Deck.name)))
        # a real older schema keeps the user's rows; "base" has no table left to keep them in
        assert ("my own deck" in names) == (revision != "base")


def test_two_processes_opening_one_fresh_database_at_once_load_it_once(db_url):
    script = "import sys; from cards.db import Database; Database(sys.argv[1]).close()"
    procs = [subprocess.Popen([sys.executable, "-c", script, db_url], cwd=ROOT, stderr=subprocess.PIPE, text=True)
             for _ in range(4)]
    errors = [p.communicate(timeout=120)[1] for p in procs]
    assert [p.returncode for p in procs] == [0] * 4, errors
    with Database(db_url) as db:
        assert db.revision() == head_revision()
        assert count(db, CardRecord) == BUNDLED
        assert count(db, Deck) == len(list((ROOT / "cards/data/decks").glob("*.txt")))


# --- the URL -------------------------------------------------------------------------------------


def test_resolve_url_argument_then_environment_then_user_data_folder(monkeypatch, tmp_path):
    monkeypatch.setattr(db_module, "user_data_dir", lambda *a, **k: str(tmp_path / "data"))
    monkeypatch.delenv("REFEREE_DATABASE_URL", raising=False)
    assert resolve_url() == f"sqlite:///{tmp_path / 'data' / 'referee.sqlite'}"
    assert (tmp_path / "data").is_dir()
    monkeypatch.setenv("REFEREE_DATABASE_URL", "sqlite:///from-env.sqlite")
    assert resolve_url() == "sqlite:///from-env.sqlite"
    assert resolve_url("sqlite:///given.sqlite") == "sqlite:///given.sqlite"
    monkeypatch.setenv("REFEREE_DATABASE_URL", "")
    assert resolve_url() == f"sqlite:///{tmp_path / 'data' / 'referee.sqlite'}"


def test_database_uses_the_environment_url(monkeypatch, sqlite_url):
    monkeypatch.setenv("REFEREE_DATABASE_URL", sqlite_url)
    with Database() as db:
        assert db.url == sqlite_url
    assert file_of(sqlite_url).exists()


# --- locked ----------------------------------------------------------------------------------------


def test_a_sqlite_database_locked_by_another_program_beyond_the_timeout(sqlite_url):
    make_database(sqlite_url, "base")  # opening must migrate, so it needs the write lock
    path = file_of(sqlite_url)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    before = path.read_bytes()
    try:
        err = raises("locked", sqlite_url, busy_timeout=0.2)
        assert err.params == {"path": str(path), "seconds": 0.2}
        assert "locked by another program" in str(err)
    finally:
        other.rollback()
        other.close()
    assert path.read_bytes() == before
    with Database(sqlite_url) as db:  # once the other program is done, it opens
        assert count(db, CardRecord) == BUNDLED


def test_writing_while_another_program_holds_the_lock_says_locked(sqlite_url):
    with Database(sqlite_url, busy_timeout=0.2) as db:
        other = sqlite3.connect(file_of(sqlite_url), isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            assert count(db, CardRecord) == BUNDLED  # reading still works (WAL)
            with pytest.raises(StorageError) as info:
                with db.session() as s:
                    s.add(Deck(name="blocked"))
                    s.commit()
            assert info.value.key == "locked"
        finally:
            other.rollback()
            other.close()


def test_a_postgresql_database_locked_by_another_program(pg_url):
    other = create_engine(pg_url)
    with other.connect() as conn:
        conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": PG_LOCK_KEY})
        conn.commit()
        raises("locked", pg_url, busy_timeout=0.3)
        conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": PG_LOCK_KEY})
        conn.commit()
    other.dispose()
    engine = create_engine(pg_url)
    assert inspect(engine).get_table_names() == []  # the failed open created nothing
    engine.dispose()


# --- corrupt, foreign, newer ----------------------------------------------------------------------


def _damage(path: Path, how: str) -> None:
    if how == "text":
        path.write_text("name,score\nNaruto,9000\n")
        return
    data = path.read_bytes()
    if how == "truncated":
        path.write_bytes(data[: len(data) // 3])
    elif how == "garbled":  # page 1 (header and the start of the schema) kept, the rest noise
        page = int.from_bytes(data[16:18], "big")
        noise = random.Random(0).randbytes(len(data) - page)
        path.write_bytes(data[:page] + noise)


@pytest.mark.parametrize("how", ["text", "truncated", "garbled"])
@pytest.mark.parametrize("revision", [None, "base"])
def test_a_corrupt_file_is_reported_and_never_modified(sqlite_url, how, revision):
    path = file_of(sqlite_url)
    make_database(sqlite_url, revision)
    _damage(path, how)
    before = path.read_bytes()
    err = raises("corrupt", sqlite_url)
    assert err.params["path"] == str(path)
    assert "not a usable database" in str(err)
    assert path.read_bytes() == before


def test_a_folder_is_not_a_database(tmp_path):
    raises("corrupt", f"sqlite:///{tmp_path}")


def test_an_empty_file_becomes_a_database(sqlite_url):
    file_of(sqlite_url).write_bytes(b"")
    with Database(sqlite_url) as db:
        assert count(db, CardRecord) == BUNDLED


def test_another_programs_sqlite_database_is_not_touched(sqlite_url):
    path = file_of(sqlite_url)
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (body TEXT)")
    conn.execute("INSERT INTO notes VALUES ('keep me')")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    raises("foreign", sqlite_url)
    assert path.read_bytes() == before


def test_a_database_from_a_newer_schema_is_refused_and_not_touched(db_url):
    make_database(db_url)
    set_revision(db_url, "ffff0042future")
    if db_url.startswith("sqlite"):
        before = file_of(db_url).read_bytes()
    err = raises("newer_schema", db_url)
    assert err.params["revision"] == "ffff0042future"
    assert "newer version" in str(err)
    if db_url.startswith("sqlite"):
        assert file_of(db_url).read_bytes() == before
    engine = create_engine(db_url)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalars().all() == ["ffff0042future"]
        assert conn.execute(text("SELECT count(*) FROM card")).scalar() == BUNDLED
    engine.dispose()


def test_a_newer_postgresql_schema_is_refused_before_the_upgrade(pg_url):
    """Even when the first look says "not at head" the check under the lock refuses it."""
    make_database(pg_url, "base")
    engine = create_engine(pg_url)
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO alembic_version (version_num) VALUES ('ffff0042future')"))
    raises("newer_schema", pg_url)
    assert inspect(engine).get_table_names() == ["alembic_version"]
    engine.dispose()


# --- unreachable ---------------------------------------------------------------------------------


@pytest.mark.parametrize("url, key", [
    ("postgresql+psycopg://postgres:secret@127.0.0.1:1/test", "unreachable"),  # nothing listens on port 1
    ("not a database url", "bad_url"),
    ("nosuchdialect://somewhere/db", "bad_url"),
])
def test_an_unreachable_database_or_a_bad_url(url, key):
    err = raises(key, url)
    assert "secret" not in str(err)
    assert str(err).startswith("Cannot reach the database")
    assert err.params["detail"] not in str(err)  # the driver's English words stay out of the sentence


def test_a_plain_postgresql_url_uses_the_installed_driver(pg_url):
    with Database(pg_url.replace("postgresql+psycopg://", "postgresql://")) as db:
        assert db.engine.dialect.driver in ("psycopg", "psycopg2")
        assert count(db, CardRecord) == BUNDLED


def test_a_postgresql_database_that_does_not_exist_or_a_user_it_refuses(pg_url):
    raises("no_database", pg_url.rsplit("/", 1)[0] + "/no_such_database_here")
    raises("login_refused", pg_url.replace("postgres@", "no_such_user_here@", 1))


# --- read-only -----------------------------------------------------------------------------------
#
# Permissions do not stop root, so when the tests run as root the opening runs in a forked child
# that has become `nobody` (forked, not executed: the interpreter may live where `nobody` cannot
# read, and every module it needs is already imported); the database lives in a folder of its own
# under /tmp that `nobody` can reach.


def _try_open(url: str) -> dict:
    try:
        db = Database(url)
    except StorageError as e:
        return {"key": e.key, "message": str(e)}
    out = {"read_only": db.read_only, "cards": count(db, CardRecord)}
    try:
        with db.session() as s:
            s.add(Deck(name="new"))
            s.commit()
    except StorageError as e:
        out["write"] = e.key
    else:
        out["write"] = "ok"
    db.close()
    return out


def open_unprivileged(url: str) -> dict:
    if os.geteuid() != 0:
        return _try_open(url)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        try:
            os.close(read)
            os.setgroups([])
            os.setgid(65534)
            os.setuid(65534)
            out = _try_open(url)
        except BaseException as e:  # noqa: BLE001  (reported to the parent)
            out = {"crash": repr(e)}
        os.write(write, json.dumps(out).encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as f:
        data = f.read()
    os.waitpid(pid, 0)
    return json.loads(data)


@pytest.fixture
def shared_dir():
    folder = Path(tempfile.mkdtemp(prefix="referee-ro-"))
    folder.chmod(0o755)
    yield folder
    folder.chmod(0o755)
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize("folder_writable", [True, False])
def test_a_read_only_database_at_head_opens_for_reading(shared_dir, folder_writable):
    path = shared_dir / "referee.sqlite"
    make_database(f"sqlite:///{path}")
    path.chmod(0o444)
    if not folder_writable:
        shared_dir.chmod(0o555)
    before = path.read_bytes()
    out = open_unprivileged(f"sqlite:///{path}")
    assert out == {"read_only": True, "cards": BUNDLED, "write": "read_only"}
    assert path.read_bytes() == before


@pytest.mark.parametrize("folder_writable", [True, False])
def test_a_read_only_database_that_needs_an_upgrade_is_refused_untouched(shared_dir, folder_writable):
    path = shared_dir / "referee.sqlite"
    make_database(f"sqlite:///{path}", "base")
    path.chmod(0o444)
    if not folder_writable:
        shared_dir.chmod(0o555)
    before = path.read_bytes()
    out = open_unprivileged(f"sqlite:///{path}")
    assert out["key"] == "read_only", out
    assert "cannot be written" in out["message"]
    assert path.read_bytes() == before


def test_a_new_database_in_a_read_only_folder(shared_dir):
    shared_dir.chmod(0o555)
    out = open_unprivileged(f"sqlite:///{shared_dir / 'referee.sqlite'}")
    assert out["key"] == "read_only", out
    assert not (shared_dir / "referee.sqlite").exists()


def _read_only_pg(url: str) -> None:
    name = url.rsplit("/", 1)[1]
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on'))
    engine.dispose()


def test_a_read_only_postgresql_database_that_needs_the_schema(pg_url):
    _read_only_pg(pg_url)
    raises("read_only", pg_url)
    engine = create_engine(pg_url)
    assert inspect(engine).get_table_names() == []
    engine.dispose()


def test_a_read_only_postgresql_database_at_head_opens_for_reading(pg_url):
    make_database(pg_url)
    _read_only_pg(pg_url)
    with Database(pg_url) as db:
        assert count(db, CardRecord) == BUNDLED
        with pytest.raises(StorageError) as info:
            with db.session() as s:
                s.add(Deck(name="new"))
                s.commit()
        assert info.value.key == "read_only"


def test_a_file_uri_gets_the_same_guard_as_a_path(tmp_path):
    """``sqlite:///file:...?uri=true`` names a file: a foreign one is refused and left untouched."""
    import sqlite3

    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (text)")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(StorageError) as err:
        Database(f"sqlite:///file:{path}?uri=true")
    assert err.value.key == "foreign" and path.read_bytes() == before
    with Database(f"sqlite:///file:{tmp_path / 'ours.db'}?uri=true") as db:
        assert not db.in_memory and (tmp_path / "ours.db").exists()
    with Database("sqlite:///file:scratch?mode=memory&uri=true") as db:
        assert db.in_memory

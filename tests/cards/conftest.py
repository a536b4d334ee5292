"""Shared fixtures for the catalogue tests: a database URL on SQLite, on PostgreSQL, or on both.

``pg_url`` creates a fresh PostgreSQL database ``test_<random>`` for each test (from an autocommit
connection to the server's ``test`` database) and drops it afterwards, so parallel runs never
collide. When the server cannot be reached, PostgreSQL tests are skipped with the reason, except
when ``REFEREE_REQUIRE_POSTGRES`` is set (CI), where they fail.
"""

from __future__ import annotations

import os
import uuid
from contextlib import contextmanager
from typing import Iterator

import pytest

from tests.conftest import loaded_sqlite

PG_SERVER = os.environ.get("REFEREE_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


def _server_engine():
    from sqlalchemy import create_engine

    return create_engine(PG_SERVER, isolation_level="AUTOCOMMIT", pool_pre_ping=True)


@pytest.fixture
def sqlite_url(tmp_path) -> str:
    """A SQLite file in the test's temporary folder (not created yet)."""
    return f"sqlite:///{tmp_path / 'referee.sqlite'}"


@contextmanager
def _fresh_pg_database(template: str | None = None) -> Iterator[str]:
    """The URL of a fresh PostgreSQL database, dropped on leaving: empty, or a copy of the
    database ``template``."""
    from sqlalchemy import text
    from sqlalchemy.engine import make_url

    name = f"test_{uuid.uuid4().hex[:12]}"
    server = _server_engine()
    try:
        with server.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else "")))
    except Exception as exc:  # server down, no driver...
        server.dispose()
        if os.environ.get("REFEREE_REQUIRE_POSTGRES"):
            raise
        pytest.skip(f"PostgreSQL not reachable at {PG_SERVER}: {exc.__class__.__name__}")
    url = make_url(PG_SERVER).set(database=name).render_as_string(hide_password=False)
    try:
        yield url
    finally:
        with server.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        server.dispose()


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database, dropped at the end of the test."""
    with _fresh_pg_database() as url:
        yield url


@pytest.fixture(scope="module")
def pg_module_url() -> Iterator[str]:
    """A fresh PostgreSQL database shared by a module's tests that only read it."""
    with _fresh_pg_database() as url:
        yield url


@pytest.fixture(scope="session")
def pg_template() -> Iterator[str]:
    """A PostgreSQL database at the schema's head with the bundled sets loaded, made once per run
    (per worker) for `pg_loaded_url` to copy."""
    from sqlalchemy.engine import make_url

    from cards.db import Database

    with _fresh_pg_database() as url:
        Database(url).close()
        yield make_url(url).database


@pytest.fixture
def pg_loaded_url(pg_template) -> Iterator[str]:
    """A PostgreSQL database of the test's own as it is once opened: migrated, the bundled sets
    loaded (a copy of `pg_template`, much faster than loading it again)."""
    with _fresh_pg_database(pg_template) as url:
        yield url


@pytest.fixture
def sqlite_loaded_url(sqlite_template, tmp_path) -> str:
    """A SQLite file of the test's own as it is once opened (a copy of `sqlite_template`)."""
    return loaded_sqlite(sqlite_template, tmp_path)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request) -> str:
    """The same test on both back ends: a SQLite file, then a PostgreSQL database, each the test's
    own and as it is once opened (migrated, the bundled sets loaded). Tests of opening a database
    itself (test_db, test_bundled) use empty ones instead."""
    return request.getfixturevalue("sqlite_loaded_url" if request.param == "sqlite" else "pg_loaded_url")


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_db_url(request) -> str:
    """The same test on both back ends, on a database that was never opened."""
    return request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "pg_url")

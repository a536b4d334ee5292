"""Opening the database: the URL, SQLite's settings, the schema (migrated on open), clear errors.

A user's database holds their decks and match history, so opening one must never damage it. Before
anything is written, a SQLite file is looked at read-only: it must be a SQLite file, ours (it has
Alembic's version table, or no table at all), from a schema this program knows, and pass
``PRAGMA quick_check`` when a migration or a catalogue load is about to write to it. Anything
else stops with a `StorageError` whose message says what is wrong, and the file keeps every byte.

Migrations and the bundled catalogue's load run in one transaction that holds the database's
write lock (SQLite ``BEGIN IMMEDIATE``, a PostgreSQL advisory lock), so two programs opening the
same database at once never migrate or load it twice.
"""

from __future__ import annotations

import importlib.util
import os
import sqlite3
from contextlib import contextmanager
from functools import cache, partial
from pathlib import Path
from typing import Iterator
from urllib.parse import quote, unquote, urlsplit

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from platformdirs import user_data_dir
from sqlalchemy import event, text
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError
from sqlalchemy.pool import QueuePool, StaticPool
from sqlmodel import Session, create_engine

from . import models  # noqa: F401  (registers the tables)
from localization import KeyedError, Messages

ENV_URL = "REFEREE_DATABASE_URL"
#: how long to wait for another program's lock before giving up, in seconds
BUSY_TIMEOUT = 10.0
#: the PostgreSQL advisory lock key that serializes migrations and bundled loads ("referee1")
PG_LOCK_KEY = 0x7265666572656531
SQLITE_HEADER = b"SQLite format 3\x00"

MESSAGES = Messages("cards.db", {
    "locked": "The database {path} is locked by another program (waited {seconds:g} s). "
              "Close the other program, or wait for it to finish, and try again.",
    "read_only": "The database {path} cannot be written. It was left unchanged; "
                 "check the permissions of the file and its folder.",
    "unreadable": "The database {path} cannot be read; check its permissions.",
    "corrupt": "The file {path} is not a usable database: it is damaged or of another kind. It was left "
               "untouched; restore it from a backup or choose another file.",
    "foreign": "The database {path} belongs to another program (it has tables but no referee "
               "schema). It was left untouched; choose another file.",
    "newer_schema": "The database {path} was written by a newer version of this program (schema "
                    "{revision}). It was left untouched; update the program to open it.",
    "unreachable": "Cannot reach the database {path}: check that its server is running and that the "
                   "address is right.",
    "bad_url": "Cannot reach the database {path}: this is not a database address (for example "
               "sqlite:///referee.sqlite or postgresql://user@host/name).",
    "no_database": "Cannot reach the database {path}: the server has no database of that name.",
    "login_refused": "Cannot reach the database {path}: the server refused the user name or password.",
})


class StorageError(KeyedError, Exception):
    """A database problem the user can act on: ``key`` names the message in `MESSAGES`,
    ``params`` fill it in (kept apart so the message can be translated later). The driver's own
    words, in English, stay in ``params["detail"]`` for a bug report, out of the sentence."""

    messages = MESSAGES  # its key and params can be shown in any language


def default_url() -> str:
    folder = Path(user_data_dir("referee", appauthor=False))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass  # opening the database then says it cannot be written
    return f"sqlite:///{folder / 'referee.sqlite'}"


def resolve_url(url: str | None = None) -> str:
    """``--database-url``, else ``REFEREE_DATABASE_URL``, else a SQLite file in the user data folder."""
    return url or os.environ.get(ENV_URL) or default_url()


# --- migrations --------------------------------------------------------------------------------


def alembic_config(connection: Connection | None = None) -> Config:
    """Alembic's configuration, built in code (no alembic.ini): the scripts ship in this package.
    With ``connection``, the migrations run on it, inside the caller's transaction."""
    cfg = Config()
    cfg.set_main_option("script_location", "cards:migrations")
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


@cache
def known_revisions() -> frozenset[str]:
    return frozenset(s.revision for s in ScriptDirectory.from_config(alembic_config()).walk_revisions())


@cache
def head_revision() -> str:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


# --- errors --------------------------------------------------------------------------------------


def _classify(exc: BaseException) -> tuple[str, str] | None:
    """(message key, detail) for a driver error the user can act on; None for anything else
    (constraint violations, programming errors... stay as they are)."""
    orig = getattr(exc, "orig", exc)
    detail = str(orig).strip().splitlines()[0] if str(orig).strip() else orig.__class__.__name__
    state = getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None)
    if state:  # PostgreSQL
        if state in ("25006", "42501"):  # read_only_sql_transaction, insufficient_privilege
            return "read_only", detail
        if state in ("55P03", "40P01"):  # lock_not_available (lock_timeout), deadlock
            return "locked", detail
        if state == "3D000":  # invalid_catalog_name
            return "no_database", detail
        if state in ("28000", "28P01"):  # invalid_authorization_specification, invalid_password
            return "login_refused", detail
        if state.startswith("08") or state in ("57P01", "57P02", "57P03"):
            return "unreachable", detail
        return None
    text_ = detail.lower()
    if isinstance(orig, sqlite3.Error):
        if "locked" in text_ or "busy" in text_:
            return "locked", detail
        if "readonly" in text_ or "read-only" in text_:
            return "read_only", detail
        if "malformed" in text_ or "not a database" in text_ or "corrupt" in text_:
            return "corrupt", detail
        if "unable to open" in text_:
            return "unreadable", detail
        return None
    if isinstance(exc, DBAPIError) and exc.connection_invalidated:
        return "unreachable", detail
    # psycopg raises OperationalError without sqlstate when the connection fails; the server's
    # own words (in its language, English by default) tell a missing database or login apart
    if orig.__class__.__name__ in ("OperationalError", "InterfaceError") and not state:
        if "database" in text_ and "does not exist" in text_:
            return "no_database", detail
        if ("role" in text_ and "does not exist" in text_) or "authentication failed" in text_:
            return "login_refused", detail
        return "unreachable", detail
    return None


# --- the database --------------------------------------------------------------------------------


class Database:
    """One engine per process and URL, on a database whose schema is at Alembic's head.

    ``read_only`` is true when a SQLite file could only be opened for reading (its file or folder
    is not writable): queries work, writes raise ``StorageError("read_only")``.
    """

    def __init__(self, url: str | None = None, *, busy_timeout: float = BUSY_TIMEOUT, bundled: bool = True):
        self.url = resolve_url(url)
        self.busy_timeout = busy_timeout
        self.read_only = False
        self._checked = False  # quick_check already passed in this open
        try:
            self._url = make_url(self.url)
        except ArgumentError as exc:
            raise StorageError("bad_url", path=self.url, detail=str(exc)) from None
        self.sqlite = self._url.get_backend_name() == "sqlite"
        self.path = self._sqlite_path()
        self.label = str(self.path) if self.path else (
            ":memory:" if self.sqlite else self._url.render_as_string(hide_password=True))
        self.engine: Engine | None = None
        try:
            with self._translated():
                if self.sqlite:
                    self._open_sqlite()
                else:
                    self._open_server()
                self._migrate()
                if bundled:
                    from .bundled import ensure_bundled

                    ensure_bundled(self)
        except BaseException:
            self.close()
            raise

    # --- public -----------------------------------------------------------------------------
    @contextmanager
    def session(self) -> Iterator[Session]:
        with self._translated():
            with Session(self.engine) as session:
                yield session

    @contextmanager
    def exclusive(self) -> Iterator[Session]:
        """A session in one transaction that holds the database's write lock, committed at the end
        (rolled back on an exception): for work that must not run twice at once."""
        self._refuse_if_read_only()
        with self._translated():
            with self.engine.connect() as conn:
                with conn.begin():
                    self._lock(conn)
                    with Session(bind=conn) as session:
                        yield session
                        session.flush()

    def verify(self) -> None:
        """``PRAGMA quick_check`` on a SQLite file (once per open), before it is first written."""
        if not self.sqlite or self.path is None or self._checked or not self.path.exists():
            return
        if self.path.stat().st_size:
            problems = self._read_only_query("PRAGMA quick_check")
            if [row[0] for row in problems] != ["ok"]:
                raise StorageError("corrupt", path=self.label, detail="; ".join(str(r[0]) for r in problems[:3]))
        self._checked = True

    def revision(self) -> str | None:
        """The schema's Alembic revision (None: no schema yet)."""
        with self.engine.connect() as conn:
            return MigrationContext.configure(conn).get_current_revision()

    def close(self) -> None:
        if self.engine is not None:
            self.engine.dispose()

    def __enter__(self) -> "Database":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Database({self.label!r})"

    # --- errors -----------------------------------------------------------------------------
    @contextmanager
    def _translated(self) -> Iterator[None]:
        """Driver errors a user can act on become StorageError; the rest pass unchanged."""
        try:
            yield
        except DBAPIError as exc:
            found = _classify(exc)
            if found is None:
                raise
            raise self._error(*found) from exc
        except sqlite3.Error as exc:
            found = _classify(exc)
            if found is None:
                raise
            raise self._error(*found) from exc

    def _error(self, key: str, detail: str) -> StorageError:
        if key == "locked":
            return StorageError(key, path=self.label, seconds=self.busy_timeout)
        return StorageError(key, path=self.label, detail=detail)

    def _refuse_if_read_only(self) -> None:
        if self.read_only:
            raise StorageError("read_only", path=self.label, detail="opened read-only")

    # --- opening ----------------------------------------------------------------------------
    def _sqlite_path(self) -> Path | None:
        """The SQLite file (None: in memory). A ``file:`` URI (``sqlite:///file:x.db?uri=true``) names a
        file too, and gets the same checks as any other."""
        if not self.sqlite:
            return None
        database = self._url.database
        if database and database.startswith("file:"):
            uri = urlsplit(database)
            if uri.path in ("", ":memory:") or "mode=memory" in uri.query or self._url.query.get("mode") == "memory":
                return None
            database = unquote(uri.path)
        if not database or database == ":memory:":
            return None
        return Path(database).expanduser().absolute()

    @property
    def in_memory(self) -> bool:
        """A SQLite database in memory: gone when the program ends."""
        return self.sqlite and self.path is None

    def _open_sqlite(self) -> None:
        timeout_ms = int(self.busy_timeout * 1000)
        if self.path is None:  # in memory: one connection shared by everyone
            self.engine = create_engine(self.url, poolclass=StaticPool,
                                        connect_args={"check_same_thread": False})
            event.listen(self.engine, "connect", partial(_sqlite_pragmas, timeout_ms=timeout_ms, wal=False))
            return
        revision = self._inspect_file()
        writable = self._writable()
        if not writable:
            if revision != head_revision():
                raise StorageError("read_only", path=self.label,
                                   detail="the schema needs an upgrade, but the file or its folder is not writable")
            self.read_only = True
        if self.read_only:
            self.engine = create_engine("sqlite://", creator=self._read_only_connect, poolclass=QueuePool)
            event.listen(self.engine, "connect", partial(_sqlite_pragmas, timeout_ms=timeout_ms, wal=False))
        else:
            self.engine = create_engine(f"sqlite:///{self.path}")
            event.listen(self.engine, "connect", partial(_sqlite_pragmas, timeout_ms=timeout_ms, wal=True))

    def _inspect_file(self) -> str | None:
        """The revision of an existing SQLite file, read without writing to it (None: no file, an
        empty file or no table yet); StorageError when it is not ours or not a database."""
        path = self.path
        if not path.exists():
            return None
        if path.is_dir():
            raise StorageError("corrupt", path=self.label, detail="it is a folder")
        try:
            with path.open("rb") as f:
                header = f.read(len(SQLITE_HEADER))
        except OSError as exc:
            raise StorageError("unreadable", path=self.label, detail=exc.strerror or str(exc)) from None
        if not header:
            return None
        if header != SQLITE_HEADER:
            raise StorageError("corrupt", path=self.label, detail="not a SQLite database")
        tables = {row[0] for row in self._read_only_query("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            return None
        if "alembic_version" not in tables:
            raise StorageError("foreign", path=self.label)
        revisions = [row[0] for row in self._read_only_query("SELECT version_num FROM alembic_version")]
        unknown = [r for r in revisions if r not in known_revisions()]
        if unknown or len(revisions) > 1:
            raise StorageError("newer_schema", path=self.label, revision=", ".join(unknown or revisions))
        if not revisions or revisions[0] != head_revision():
            self.verify()  # a migration will write: the file must be sound first
        return revisions[0] if revisions else None

    def _writable(self) -> bool:
        """Whether the SQLite file (and its folder, for the -wal and -shm files) can be written;
        a missing folder is created."""
        folder = self.path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StorageError("read_only", path=self.label, detail=exc.strerror or str(exc)) from None
        if not os.access(folder, os.W_OK | os.X_OK):
            if not self.path.exists():
                raise StorageError("read_only", path=self.label, detail="its folder is not writable")
            return False
        return not self.path.exists() or os.access(self.path, os.W_OK)

    def _read_only_connect(self) -> sqlite3.Connection:
        """A connection that cannot write to the file. A WAL database we may not write, with no
        -wal file left (a clean close), can only be read as immutable (SQLite cannot set up its
        shared-memory index read-only); nobody else can be writing it then, or a -wal would exist."""
        uri = f"file:{quote(str(self.path))}?mode=ro"
        conn = sqlite3.connect(uri, uri=True, timeout=self.busy_timeout, check_same_thread=False)
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            return conn
        except sqlite3.OperationalError as exc:
            conn.close()
            message = str(exc)
            if ("unable to open" not in message and "readonly" not in message) or Path(f"{self.path}-wal").exists():
                raise
        return sqlite3.connect(uri + "&immutable=1", uri=True, timeout=self.busy_timeout, check_same_thread=False)

    def _read_only_query(self, sql: str) -> list[tuple]:
        conn = self._read_only_connect()
        try:
            return conn.execute(sql).fetchall()
        finally:
            conn.close()

    def _open_server(self) -> None:
        args: dict = {}
        if self._url.drivername == "postgresql" and _missing("psycopg2") and not _missing("psycopg"):
            self._url = self._url.set(drivername="postgresql+psycopg")  # the driver we depend on
        if self._url.get_backend_name() == "postgresql":
            args = {"connect_timeout": max(1, int(self.busy_timeout)),
                    "options": f"-c lock_timeout={int(self.busy_timeout * 1000)}"}
        try:
            self.engine = create_engine(self._url, pool_pre_ping=True, connect_args=args)
        except (ArgumentError, NoSuchModuleError, ImportError) as exc:
            raise StorageError("bad_url", path=self.label, detail=str(exc)) from None
        try:
            with self.engine.connect() as conn:
                conn.execute(text("SELECT 1"))
        except DBAPIError as exc:
            key, detail = _classify(exc) or ("unreachable", str(exc.orig).strip().splitlines()[0])
            raise StorageError(key, path=self.label, detail=detail) from None

    def _lock(self, conn: Connection) -> None:
        """Take the database's write lock for the current transaction (waits ``busy_timeout``)."""
        if self.sqlite:
            conn.exec_driver_sql("BEGIN IMMEDIATE")
        elif conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": PG_LOCK_KEY})

    def _migrate(self) -> None:
        """Alembic ``upgrade head``, under the write lock, unless the schema is already there."""
        head = head_revision()
        if self.read_only:
            return  # _open_sqlite made sure it is at head
        with self.engine.connect() as conn:
            if MigrationContext.configure(conn).get_current_heads() == (head,):
                return
        with self.engine.connect() as conn:
            with conn.begin():
                self._lock(conn)
                heads = MigrationContext.configure(conn).get_current_heads()
                unknown = [r for r in heads if r not in known_revisions()]
                if unknown:
                    raise StorageError("newer_schema", path=self.label, revision=", ".join(unknown))
                if heads != (head,):
                    command.upgrade(alembic_config(conn), "head")


def _missing(module: str) -> bool:
    return importlib.util.find_spec(module) is None


def _sqlite_pragmas(dbapi_connection, record, *, timeout_ms: int, wal: bool) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout={timeout_ms}")
    if wal:
        cursor.execute("PRAGMA journal_mode=WAL")
        # in WAL mode NORMAL still survives a killed process (each commit is in the log before the
        # call returns); only a power cut may lose the last commits, never corrupt the file
        cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()

"""Alembic environment for the catalogue's schema.

The program runs the migrations itself when it opens a database (``cards.db.Database``), handing
over its own connection, already inside a transaction that holds the database's write lock, so two
programs opening the same database at once never migrate it twice. Run by hand (``alembic``
with a Config whose ``sqlalchemy.url`` is set), it opens its own connection instead.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine
from sqlmodel import SQLModel

import cards.models  # noqa: F401  (registers the tables)

target_metadata = SQLModel.metadata


def _configure(connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        # SQLite cannot ALTER most things: later migrations rebuild tables in batch mode
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )


def run_migrations_online() -> None:
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _configure(connection)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(context.config.get_main_option("sqlalchemy.url"))
    try:
        with engine.connect() as connection:
            _configure(connection)
            with context.begin_transaction():
                context.run_migrations()
            connection.commit()
    finally:
        engine.dispose()


if context.is_offline_mode():
    raise RuntimeError("the catalogue's migrations run online only (cards.db.Database runs them)")
run_migrations_online()

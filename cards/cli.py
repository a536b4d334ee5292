"""The catalogue's commands for `referee`: `cards import|search`, `deck export|save|list|validate|
delete`, `matches list|show|replay|export|import|stats` and `matches start|act`, each with
`--database-url`.

The plugin also gives `referee` the bundled cards' localized names (`cards.names`), so that the
engine's own commands (``referee play``, ``referee deck check``) name cards in the active language.

`register` runs on every `referee` command, ``referee --help`` included, so it stays cheap: the
command modules it calls build their parsers from light modules (`cards.choices`, the game
registry) and import the database layer only inside the commands that use it (see
`cards.cli_catalogue`).
"""

from __future__ import annotations

import argparse

from localization import Messages, current

MESSAGES = Messages("cards.cli", {
    "database_url_help": "any SQLAlchemy URL (default: REFEREE_DATABASE_URL, else a SQLite file in the "
                         "user data folder)",
    "output_help": "a file (default: standard output)",
    "in_memory": "error: a database in memory is forgotten when the command ends, so nothing would be saved: "
                 "give a file or a server with --database-url",
})


def in_memory(db) -> bool:
    """Whether ``db`` forgets everything when the command ends (a command that saves says so and
    stops: exit code 2)."""
    if db.in_memory:
        import sys

        print(MESSAGES("in_memory"), file=sys.stderr)
        return True
    return False


def add_database_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--database-url", default=None, help=MESSAGES("database_url_help"))


def add_output_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--output", default=None, help=MESSAGES("output_help"))


def write_output(text: str, output: str | None, say, **done) -> int:
    """Write a command's text to ``output`` (standard output when None); ``say`` reports the written
    file (message ``exported`` with ``done``) or the failure (``cannot_write``). Returns the exit code."""
    import sys
    from pathlib import Path

    if output is None:
        sys.stdout.write(text)
        return 0
    try:
        Path(output).write_text(text, encoding="utf-8")
    except OSError as exc:
        say("cannot_write", err=True, file=output, detail=current().error(exc))
        return 2
    say("exported", file=output, **done)
    return 0


def register(commands: dict) -> None:
    """Entry point ``referee.commands``: add the catalogue's sub-commands, and the bundled cards'
    localized names as a card-name resolver (``commands["card_names"]``, see `referee.cli`)."""
    from . import cli_catalogue, cli_matches, cli_play, names

    cli_catalogue.register(commands, add_database_option)
    cli_matches.register(commands, add_database_option)
    cli_play.register(commands, add_database_option)
    commands.setdefault("card_names", []).append(names.localized_name)

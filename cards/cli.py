"""The catalogue's commands for `referee`: `cards import|search`, `deck export|save|list`, and
`matches list|show|replay|export|import|stats`, each with `--database-url`."""

from __future__ import annotations

import argparse


def add_database_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--database-url", default=None,
                        help="any SQLAlchemy URL (default: REFEREE_DATABASE_URL, else a SQLite file in the user data folder)")


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
        say("cannot_write", err=True, file=output, detail=exc.strerror or exc)
        return 2
    say("exported", file=output, **done)
    return 0


def register(commands: dict) -> None:
    """Entry point ``referee.commands``: add the catalogue's sub-commands."""
    from . import cli_catalogue, cli_matches

    cli_catalogue.register(commands, add_database_option)
    cli_matches.register(commands, add_database_option)

"""The catalogue's commands for `referee`: `cards import|search`, `deck export|save|list`, and
`matches list|show|replay|export|import|stats`, each with `--database-url`."""

from __future__ import annotations

import argparse


def add_database_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--database-url", default=None,
                        help="any SQLAlchemy URL (default: REFEREE_DATABASE_URL, else a SQLite file in the user data folder)")


def register(commands: dict) -> None:
    """Entry point ``referee.commands``: add the catalogue's sub-commands."""
    from . import cli_catalogue, cli_matches

    cli_catalogue.register(commands, add_database_option)
    cli_matches.register(commands, add_database_option)

"""The command line's own words (usage, options, errors) come from Python's argparse, which asks
`gettext` for them; these are the ones it uses, so the catalogues translate them too."""

from __future__ import annotations

import argparse

CONTEXT = "argparse"

#: argparse's messages (Python 3.11+), exactly as argparse writes them
STRINGS = (
    "usage: ",
    "positional arguments",
    "options",
    "show this help message and exit",
    "%(prog)s: error: %(message)s\n",
    "the following arguments are required: %s",
    "invalid choice: %(value)r (choose from %(choices)s)",
    "argument %(argument_name)s: %(message)s",
    "unrecognized arguments: %s",
    "expected one argument",
    "expected at least one argument",
    "expected at most one argument",
    "invalid %(type)s value: %(value)r",
    "ambiguous option: %(option)s could match %(matches)s",
    "not allowed with argument %s",
    "ignored explicit argument %r",
    "one of the arguments %s is required",
)
PLURALS = (("expected %s argument", "expected %s arguments"),)


def use_for_argparse(tr) -> None:
    """Make argparse speak the translator's language."""
    argparse._ = lambda text: tr.text(CONTEXT, text)
    argparse.ngettext = lambda one, many, n: tr._t.npgettext(CONTEXT, one, many, n)

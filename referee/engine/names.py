"""Names people type: players' names and deck names. One check for every way a name comes in (a
position file, the command line, the new-match page, an imported match or deck list), so that none
stores a name nobody can read back: an empty one, one beyond any real name's length, or one holding
control characters (NUL, escape sequences, line breaks) or halves of a character (lone surrogates,
which no database stores)."""

from __future__ import annotations

import re

#: the longest player name: a nickname, or a first and last name
PLAYER_NAME_MAX = 40
_UNREADABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def name_problem(text: object, maximum: int = PLAYER_NAME_MAX) -> str | None:
    """Why ``text`` cannot be a name (``"empty"``, ``"too_long"``, ``"unreadable"``), or None."""
    if not isinstance(text, str) or not text.strip():
        return "empty"
    if len(text) > maximum:
        return "too_long"
    if _UNREADABLE.search(text):
        return "unreadable"
    return None


def default_name(seat: int) -> str:
    """The name of a seat's player when nobody gave one: its number from 1 (a screen shows "Player 1"
    in its reader's language instead, `is_default_name`)."""
    return str(seat + 1)


def is_default_name(name: str, seat: int) -> bool:
    return not name or name == default_name(seat)

"""Card numbers as every game prints them, ``PREFIX-REST`` (N-008, PR-018B, N-US093, LU-012), read
the ways players and catalogues write them, and put in their natural order.

The catalogue, the deck lists, the search and the engines all compare numbers in one form, the
canonical one (`canonical_number`): upper-cased, without spaces, with its hyphen, and a prefix that
another edition prints for the same card mapped to the one the catalogue stores (the registry's
``number_aliases``: the Naruto CCG's French edition prints NI-, TE-, TA-, CL- for N-, J-, M-, C-,
rule N-CARD-4). A number's prefix tells its game, so one table of aliases serves every game.
"""

from __future__ import annotations

import re
from functools import lru_cache

from referee.games import GAMES

#: another edition's prefix -> the prefix the catalogue stores, over every game of the registry
ALIASES: dict[str, str] = {alias: prefix for g in GAMES.values() for alias, prefix in g.number_aliases}

#: a printed card number: N-008, PR-018B, N-US093, NUS-006B, J-696A, French NI-008
_PRINTED = re.compile(r"^([A-Za-z]{1,4})\s*-\s*([A-Za-z]{0,2}\d+[A-Za-z]*(?:_[A-Za-z]+)*)$")
#: a community catalogue's card id (N-CCG-DB): n008, pr018b, nUS093, nus006b (the prefix in
#: lower-case letters, no hyphen, then the rest)
_CATALOGUE_ID = re.compile(r"^([a-z]{1,4})([A-Z]{0,2}\d+[A-Za-z]*(?:_[A-Za-z]+)*)$")
#: the same without its case (as typed): N008, NUS093 (the letters run up to the first digit)
_BARE = re.compile(r"^([A-Za-z]{1,4}?)([A-Za-z]{0,2}\d+[A-Za-z]*(?:_[A-Za-z]+)*)$")


def is_catalogue_id(text: str) -> bool:
    """Whether ``text`` is written as a community catalogue's card id (``pr018b``, ``nUS093``):
    lower-case letters first, never a printed number."""
    return bool(_CATALOGUE_ID.match(text))


def is_card_number(text: str) -> bool:
    """Whether ``text`` is written as a card number or a catalogue id (see `canonical_number`)."""
    t = "".join(text.split())
    return bool(_PRINTED.match(t) or _CATALOGUE_ID.match(t) or _BARE.match(t))


def canonical_number(number: str) -> str:
    """A card number as the catalogue stores it: upper-cased, spaces removed, another edition's
    prefix mapped (``te-006`` -> ``J-006``), and a catalogue id given its hyphen (``pr018b`` ->
    ``PR-018B``, ``nUS093`` -> ``N-US093``, ``nus006b`` -> ``NUS-006B``: the lower-case letters are
    the prefix). Anything else is returned upper-cased."""
    n = "".join(number.split())
    m = _PRINTED.match(n) or _CATALOGUE_ID.match(n) or _BARE.match(n)
    if m is None:
        return n.upper()
    prefix, rest = m[1].upper(), m[2].upper()
    return f"{ALIASES.get(prefix, prefix)}-{rest}"


@lru_cache(maxsize=100_000)
def number_key(number: str) -> tuple:
    """Card numbers in their natural order (N-2 before N-10, N-US093 after them): deck lists and
    search results."""
    prefix, _, rest = number.partition("-")
    digits = re.search(r"\d+", rest)
    return (prefix, rest[: digits.start()] if digits else rest, int(digits.group()) if digits else -1, rest)

"""Folding text for search, the same way for card names and for the rules reference: case,
accents and the ё/е and й/и distinctions do not matter to someone typing."""

from __future__ import annotations

import re
import unicodedata

_SPACES = re.compile(r"\s+")


def fold(text: str) -> str:
    """Lower case, accents removed (NFKD then combining marks dropped, so ё -> е and й -> и),
    whitespace collapsed."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _SPACES.sub(" ", bare).strip()


def caption(term: str) -> str:
    """A term as a heading or at the start of a line: ``discard pile`` -> ``Discard pile`` (the
    terms are written as they read inside a sentence)."""
    return term[:1].upper() + term[1:]

"""The bundled cards' names and effect descriptions in Spanish, Russian and French, read with no
database from files of one shape (number,es,ru,fr), two per bundled set, which names them
(`cards.games.BundledSet`: ``data/set01_names.csv`` and ``data/set01_effects.csv`` for Naruto Set
1, ``data/llamas_names.csv`` and ``data/llamas_effects.csv`` for the Llamas Unleashed base game).
The catalogue loads them (`cards.bundled`); the command line shows the names where the engine
itself only knows the English ones (both games' numbers are told apart by their prefixes, N-/J-/M-
and LU-).

`referee` asks its ``referee.commands`` plugins for card-name resolvers (see `referee.cli`); the
catalogue's plugin gives `localized_name`. A card without a name in a language has ``None`` there,
and the caller falls back to the English name from the engine's card data.
"""

from __future__ import annotations

import csv
import io
from functools import cache
from importlib import resources

from referee.engine.numbers import canonical_number

from .games import catalogues

OTHER_LANGUAGES = ("es", "ru", "fr")


def read_translations(name: str) -> dict[str, dict[str, str]]:
    """number -> {lang: text} from one of the translation files (blank cells left out), so that
    names and effect descriptions are read the same way; empty when that file is not there."""
    path = resources.files(__package__).joinpath(name)
    if not path.is_file():
        return {}
    out: dict[str, dict[str, str]] = {}
    for row in csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig"))):
        out[canonical_number(row["number"])] = {
            lang: row[lang].strip() for lang in OTHER_LANGUAGES if (row.get(lang) or "").strip()}
    return out


@cache
def bundled_names() -> dict[str, dict[str, str]]:
    """number -> {lang: name} of every bundled set, read once: the command line asks for one name
    at a time."""
    return {number: names for c in catalogues().values() for shipped in (c.bundled, *c.expansions)
            for number, names in read_translations(shipped.names_file).items()}


def localized_name(number: str, lang: str) -> str | None:
    """The bundled card's name in ``lang`` (es, ru or fr), or None (English, or no such name)."""
    return bundled_names().get(canonical_number(number), {}).get(lang)

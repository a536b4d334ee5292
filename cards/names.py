"""The bundled cards' names in Spanish, Russian and French, read from ``data/set01_names.csv``
(number,es,ru,fr) with no database: the catalogue loads them (`cards.bundled`), and the command line
shows them where the engine itself only knows the English names.

`referee` asks its ``referee.commands`` plugins for card-name resolvers (see `referee.cli`); the
catalogue's plugin gives `localized_name`. A card without a name in a language has ``None`` there,
and the caller falls back to the English name from the engine's card data.
"""

from __future__ import annotations

import csv
from functools import cache
from importlib import resources

from referee.games.naruto.decks import canonical_number

NAMES_FILE = "data/set01_names.csv"
OTHER_LANGUAGES = ("es", "ru", "fr")


@cache
def bundled_names() -> dict[str, dict[str, str]]:
    """number -> {lang: name} from the translations file; empty when that file is not there."""
    path = resources.files(__package__).joinpath(NAMES_FILE)
    if not path.is_file():
        return {}
    out: dict[str, dict[str, str]] = {}
    for row in csv.DictReader(path.read_text(encoding="utf-8-sig").splitlines()):
        number = canonical_number(row["number"])
        out[number] = {lang: row[lang].strip() for lang in OTHER_LANGUAGES if (row.get(lang) or "").strip()}
    return out


def localized_name(number: str, lang: str) -> str | None:
    """The bundled card's name in ``lang`` (es, ru or fr), or None (English, or no such name)."""
    return bundled_names().get(canonical_number(number), {}).get(lang)

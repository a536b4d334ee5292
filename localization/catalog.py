"""The catalogue's entries, and its build: ``python -m localization.catalog`` brings every
language's ``referee.po`` in step with the English sources (new entries empty, removed ones dropped,
translations kept) and compiles the ``.mo`` files the program reads.

Babel reads and writes the catalogues; it is needed only to build them (and by the tests that
check the committed ``.mo`` files match their ``.po`` sources), never at run time.
"""

from __future__ import annotations

import importlib
import io
import re
from dataclasses import dataclass
from pathlib import Path

from . import DOMAIN, LOCALE_DIR, TRANSLATED, Messages, _sources
from .argparse_strings import CONTEXT, PLURALS, STRINGS

#: the packages whose modules may keep `Messages` tables
PACKAGES = ("referee", "cards", "localization", "gui")
_DECLARES = re.compile(r'Messages\(\s*"([\w.]+)"')


def message_modules() -> list[str]:
    """Every module that declares a `Messages` table, found by reading the sources (so a new module
    cannot be forgotten); importing them registers their tables."""
    root = Path(__file__).resolve().parent.parent
    found = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            if path.name != "catalog.py" and _DECLARES.search(path.read_text(encoding="utf-8")):
                parts = path.relative_to(root).with_suffix("").parts
                found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


@dataclass(frozen=True)
class Entry:
    context: str
    english: str
    plural: str | None = None


def entries() -> list[Entry]:
    src = _sources()
    out: list[Entry] = []
    for kind, table in src.terms.items():
        out += [Entry(f"term:{kind}:{key}", text) for key, text in table.items()]
    out += [Entry(f"plural:{key}", one, many) for key, (one, many) in src.plurals.items()]
    for rule, entry in src.rules.items():
        for field in ("title", "summary", "reference", "message"):
            if field in entry:
                out.append(Entry(f"rule:{rule}:{field}", entry[field]))
        out += [Entry(f"rule:{rule}:reason:{r}", text) for r, text in entry.get("reasons", {}).items()]
    for key, lesson in src.lessons.items():
        out += [Entry(f"lesson:{key}:{field}", lesson[field]) for field in ("title", "goal")]
        out += [Entry(f"lesson:{key}:text:{n}", line) for n, line in enumerate(lesson["text"], 1)]
    out += [Entry(CONTEXT, text) for text in STRINGS]
    out += [Entry(CONTEXT, one, many) for one, many in PLURALS]
    for name in message_modules():
        importlib.import_module(name)
    for domain, table in sorted(Messages.registry.items()):
        out += [Entry(f"ui:{domain}:{key}", text) for key, text in table.templates.items()]
    return out


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def build(langs: tuple[str, ...] = TRANSLATED) -> dict[str, int]:
    """Update and compile each language; returns the number of untranslated entries per language."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    wanted = entries()
    missing: dict[str, int] = {}
    for lang in langs:
        path = po_path(lang)
        old = read_po(path.open("rb"), locale=lang) if path.exists() else Catalog(locale=lang)
        new = Catalog(locale=lang, project="referee", domain=DOMAIN, fuzzy=False)
        for e in wanted:
            msgid = (e.english, e.plural) if e.plural else e.english
            previous = old.get(msgid, context=e.context)
            string = previous.string if previous is not None and not previous.fuzzy else ("", "", "") if e.plural else ""
            new.add(msgid, string, context=e.context)
        missing[lang] = sum(1 for m in new if m.id and not _translated(m))
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as f:
            write_po(f, new, width=100, omit_header=False, sort_output=False)
        path.with_suffix(".mo").write_bytes(compile_mo(path))
    return missing


def compile_mo(po: Path) -> bytes:
    """The ``.mo`` bytes for a ``.po`` file (the test compares them with the committed file)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    catalog = read_po(po.open("rb"))
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def _translated(message) -> bool:
    if isinstance(message.string, (tuple, list)):
        return all(message.string)
    return bool(message.string)


if __name__ == "__main__":
    for lang, count in build().items():
        print(f"{lang}: {count} untranslated")

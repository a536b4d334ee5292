"""Reading the N-CCG-DB community catalogue (``narutoccgdatabase.json``) as it really is.

The file is a JSON object of sheets ("Promo Cards", "01 Path to Hokage"... "28 Ultimate Ninja Storm
3"), each a list of records with the same 22 keys. What this reader knows of it, each a rule below:

* **Identity.** "Card ID" is lower case without a hyphen (``ex001``, ``pr018b``, ``n1272b``), with an
  upper-case region (``nUS093``) or a variant's suffix (``n146_alt``, ``n146_promo``,
  ``nus005_errata``, ``pr048_original``); "Collector Number" is the printed form (``EX-001``,
  ``N-US093``, ``NUS-006B``, ``N-1272b``), the same for a card and its variants. The card's number
  is the printed one, canonical (`canonical_number`: ``N-1272B``), with the variant's suffix
  (``N-146_ALT``): every id is a card of its own. The id is kept lower case, as the deck builder
  writes it (``nus020`` and ``nUS020`` are one id). Tournament packs and later sets reprint cards
  under the same id: the records of one id are **one card**, its set the first that lists it,
  each fact taken from the last record that gives it (a reprint mends an earlier record's typo or
  fills its blanks).
* **Numbers** are floats (``2.0``), ints, strings (``"3"``) or null, changing from sheet to sheet and
  even within a record; ``"X"`` (a value the card's effect sets) is kept in ``variable``. Negative
  values are real (an injured -1).
* **Jutsu costs**: ``3``, ``N``, ``W W 1``, ``WW1``, ``EFLWN1``, ``F 1``, ``W1 or 3``, ``N or L`` (see
  `referee.games.naruto.cards.parse_cost`); null on a few Jutsu (no cost).
* **Keywords** come from three places: "Keywords" (``GROWTH``, ``Permanent, Desperation``,
  ``AMBUSH; GROWTH``: any case, ``,`` ``;`` or ``|`` between them), keyword items of
  "Characteristics" (``GROWTH``, ``Squad``...), and lines of the effect text that hold keywords only
  (``Permanent (3)``, ``Counter``, ``Counter Permanent (2)``, ``Counter`` then ``Permanent`` on the
  next line, ``Permanent: (3)``, ``Burst | Desperation``, a keyword with its reminder in parentheses).
  Older sets write them in the text only. Each is stored once, spelt as the rules spell it
  (`KEYWORDS`); a keyword item is not a characteristic.
* **Characteristics**: ``Mental Power: 2`` (also ``-2 Mental Power``, ``Mental Powers: 1``: stored as
  ``Mental Power: N``), ``Name: Jirobo``, ranks, villages; ``, `` between them.
* **Texts** keep their line breaks, curly quotes and every other character; "Effect Title" is kept
  apart from "Effect Text". Names are "Printed Name" (else "Display Name", the same in every
  record of the real file).
* **Attributes** ``Taijutsu/Genjutsu``, ``Manipulation/Sand/Iron``, ``Curse/ Weapon`` (stored without
  the space), ``?``; symbols in the record's order, ``Void`` included.

A record that cannot be read is a `CatalogueImportError` (its sheet, place, id, field and reason);
`read` returns the cards and every such problem, and the importer decides (``strict``) whether
one problem stops everything.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from referee.engine.numbers import canonical_number, is_card_number
from referee.games.naruto.cards import CARD_TYPES, LETTERS, SYMBOLS, cost_text, parse_cost

from ...importers_base import CatalogueImportError, ParsedCard, Record, MAX_LENGTH


class CardChecks(Record):
    """`Record`'s checks and the Naruto CCG's own: a card type and symbols the game has."""

    def card_type(self, value: Any) -> str:
        text = self.text(value, "type")
        if not text:
            self.fail("no_type")
        for t in CARD_TYPES:
            if t.casefold() == text.casefold():
                return t
        self.fail("unknown_type", value=text, choices=", ".join(CARD_TYPES))

    def symbols(self, value: Any) -> str:
        out = []
        for part in self.text(value, "symbols").split("/"):
            part = part.strip()
            if not part:
                continue
            match = next((s for s in SYMBOLS if s.casefold() == part.casefold()), None)
            if match is None:
                self.fail("unknown_symbol", value=part, choices=", ".join(SYMBOLS))
            if match not in out:
                out.append(match)
        return "/".join(out)

#: the keywords of the game, as the rules spell them (a record may write any case)
KEYWORDS = ("Ambush", "Growth", "Platoon", "Group", "Squad", "Counter", "Permanent", "Mastery", "Surge",
            "Reinforcement", "Tracking", "Non-Unique", "Combination", "Expert", "Senjutsu", "Sacrifice",
            "Revitalize", "Inherit", "Desperation", "Burst", "Flashpoint")
_BY_FOLD = {k.casefold(): k for k in KEYWORDS}
#: keywords that stand among the characteristics in some sets
_CHARACTERISTIC_KEYWORDS = {k.casefold() for k in ("Ambush", "Growth", "Platoon", "Group", "Squad", "Mastery",
                                                   "Surge", "Reinforcement", "Tracking")}
#: one keyword as a text line or a "Keywords" item writes it: ``Permanent (3)``, ``Permanent: (3)``,
#: ``Permanent (X + 1)``, ``Revitalize (Valid: When ...)``, ``Sacrifice: 1 Ninja``
_KEYWORD = re.compile(r"^(?P<word>[A-Za-z][A-Za-z-]*)\s*(?::\s*(?=\()|(?=\())?(?:\((?P<paren>[^()]*)\))?\s*$")
_SACRIFICE = re.compile(r"^sacrifice\s*:", re.IGNORECASE)
_COUNT = re.compile(r"^\s*(\d+|X(?:\s*[+-]\s*\d+)?)\s*$", re.IGNORECASE)
_MENTAL = re.compile(r"^(?:mental\s+powers?\s*:\s*(?P<a>[+-]?\s*(?:\d+|X))|(?P<b>[+-]?\d+)\s+mental\s+powers?)$",
                     re.IGNORECASE)
#: the suffix of a Card ID that marks another printing under the same printed number: n146_alt,
#: n146_promo, nus005_errata, pr048_original (the printed number does not show it)
_VARIANT = re.compile(r"(_[a-z]+)+$")
STATS = {"entrance_cost": "Entrance Cost", "hand_cost": "Hand Cost", "healthy_combat": "Healthy Combat",
         "healthy_support": "Healthy Support", "injured_combat": "Injured Combat",
         "injured_support": "Injured Support"}


# --- keywords --------------------------------------------------------------------------------------


def keyword(text: str) -> str | None:
    """One keyword as the rules spell it (``Permanent (3)``, ``Counter``...), or None when ``text``
    is not a keyword. A count in parentheses stays (``Permanent (X + 1)`` too); a reminder text in
    parentheses goes (``Revitalize (When ...)`` is ``Revitalize``)."""
    text = text.strip()
    if _SACRIFICE.match(text):
        return "Sacrifice"
    m = _KEYWORD.match(text)
    if m is None:
        return None
    word = _BY_FOLD.get(m["word"].casefold())
    if word is None:
        return None
    paren = m["paren"]
    if paren is not None and _COUNT.match(paren):
        return f"{word} ({' '.join(paren.split()).upper()})" if word == "Permanent" else word
    return word


def keywords_of_line(line: str) -> list[str] | None:
    """The keywords of a text line that holds keywords only (``Counter Permanent (2)``, ``Burst |
    Desperation``), or None for any other line."""
    line = line.strip()
    if not line:
        return None
    one = keyword(line)
    if one is not None:
        return [one]
    parts = re.split(r"\s*\|\s*", line)
    if len(parts) == 1:
        words = line.split(" ", 1)
        if len(words) == 2 and words[0].casefold() == "counter":  # "Counter Permanent (2)"
            parts = words
    found = [keyword(p) for p in parts]
    return found if len(found) > 1 and all(found) else None


def text_keywords(text: str) -> list[str]:
    """The keywords of an effect text: every line that holds keywords only."""
    out: list[str] = []
    for line in text.splitlines():
        found = keywords_of_line(line)
        if found:
            out += [k for k in found if k not in out]
    return out


def _listed_keywords(value: str) -> list[str]:
    out = []
    for part in re.split(r"\s*[,;|]\s*", value):
        if part:
            found = keywords_of_line(part)
            out += found if found else [part]
    return out


def merge_keywords(*groups: list[str]) -> list[str]:
    """One list, each keyword once: a counted ``Permanent (3)`` stands for a plain ``Permanent``."""
    out: list[str] = []
    for group in groups:
        for k in group:
            if k not in out:
                out.append(k)
    if any(k.startswith("Permanent (") for k in out):
        out = [k for k in out if k != "Permanent"]
    return out


# --- one record ------------------------------------------------------------------------------------


@dataclass
class Raw:
    """One record's place and content, before records of one card id are merged."""

    sheet: str
    index: int
    record: dict

    @property
    def place(self) -> str:
        return f"{self.sheet}[{self.index}]"


def _stat(r: Record, value: Any, field_: str) -> tuple[int | None, bool]:
    """(value, printed as X) of a number field: 2, 2.0, "2", "X" or null."""
    if isinstance(value, str) and value.strip().upper() == "X":
        return None, True
    return r.whole(value, field_), False


def _characteristics(r: Record, value: Any) -> tuple[list[str], list[str]]:
    """(characteristics, keywords among them)."""
    chars, keys = [], []
    for item in r.listing(value, "characteristics", join=False):
        k = keyword(item)
        if k is not None and k.casefold() in _CHARACTERISTIC_KEYWORDS:
            keys.append(k)
            continue
        m = _MENTAL.match(item)
        if m:
            item = f"Mental Power: {''.join((m['a'] or m['b']).split()).upper()}"
        if item not in chars:
            chars.append(item)
    return chars, keys


def _attribute(r: Record, value: Any) -> str:
    """``Taijutsu/Genjutsu``; also written ``Curse/ Weapon`` and ``Genjutsu, Taijutsu``."""
    return "/".join(p.strip() for p in re.split(r"[/,]", r.text(value, "attribute")) if p.strip())


def card(raw: Raw) -> ParsedCard:
    """One record, checked and read into the catalogue's columns (`CatalogueImportError` names
    the field that cannot be read)."""
    rec = raw.record
    ident = rec.get("Card ID") if isinstance(rec, dict) else None
    r = CardChecks(raw.place, ident.strip().casefold() if isinstance(ident, str) else None)
    if not isinstance(rec, dict):
        r.fail("not_record")
    type_ = r.card_type(rec.get("Type"))
    name = r.name(rec.get("Printed Name"), rec.get("Display Name"))
    ccgdb_id = r.text(ident, "Card ID").casefold() or None
    printed = r.text(rec.get("Collector Number"), "Collector Number", limit="number")
    source = printed or ccgdb_id
    if not source:
        r.fail("no_number")
    if not is_card_number(source):
        r.fail("bad_number", value=source)
    number = canonical_number(source)
    variant = _VARIANT.search(ccgdb_id or "")
    if variant and not number.endswith(variant[0].upper()):
        number += variant[0].upper()  # n146_alt, printed N-146: N-146_ALT, a card of its own
    stats, variable = {}, []
    for column, key in STATS.items():
        stats[column], is_x = _stat(r, rec.get(key), key)
        if is_x:
            variable.append(column)
    try:
        costs = parse_cost(r.text(rec.get("Chakra Cost"), "Chakra Cost", limit="jutsu_cost"))
    except ValueError:
        r.fail("bad_jutsu_cost", value=rec.get("Chakra Cost"), letters=" ".join(LETTERS))
    chars, char_keywords = _characteristics(r, rec.get("Characteristics"))
    title = r.text(rec.get("Effect Title"), "Effect Title", limit="effect_title")
    body = r.multiline(rec.get("Effect Text"), "Effect Text")
    keywords = merge_keywords(_listed_keywords(r.text(rec.get("Keywords"), "Keywords")), char_keywords,
                              text_keywords(body))
    facts = {
        "number": r.limited(number, "number"),
        "type": type_,
        "symbols": r.symbols(rec.get("Symbols")),
        **stats,
        "attribute": _attribute(r, rec.get("Combat Attribute")),
        "jutsu_cost": cost_text(costs),
        "characteristics": ", ".join(chars),
        "keywords": r.limited(", ".join(keywords), "keywords"),
        "ccgdb_id": ccgdb_id,
        "printed": printed,
        "effect_title": title,
        "year": r.whole(rec.get("Year"), "Year"),
        "errata": r.text(rec.get("Errata"), "Errata", limit="errata"),
        "image_path": r.text(rec.get("image_path"), "image_path", limit="image_path"),
        "variable": ", ".join(variable),
    }
    set_name = r.text(rec.get("Set"), "Set", limit="set") or _sheet_set(raw.sheet)
    return ParsedCard(raw.place, facts, {"en": name}, {"en": body}, set_name, ident=ccgdb_id)


def _sheet_set(sheet: str) -> str:
    """A set's name from its sheet's key when the record has none: ``04 Revenge and Rebirth`` ->
    ``Revenge and Rebirth`` (``Set 27 Hero's Ascension`` and ``21.5 Tournament Pack 3`` too)."""
    return re.sub(r"^(?:set\s+)?\d+(?:\.\d+)?\s+", "", sheet.strip(), flags=re.IGNORECASE)[: MAX_LENGTH["set"]]


# --- the whole file --------------------------------------------------------------------------------


def records(data: Any) -> Iterator[Raw]:
    """Every record of a parsed file, with its place (`CatalogueImportError` when the file is not a
    catalogue at all)."""
    if not isinstance(data, dict):
        raise CatalogueImportError("file", "not_catalogue")
    for sheet, items in data.items():
        sheet = sheet.strip()
        if not isinstance(items, list):
            raise CatalogueImportError(sheet, "not_list")
        for i, rec in enumerate(items, start=1):
            yield Raw(sheet, i, rec)


def merge(cards: list[ParsedCard]) -> tuple[list[ParsedCard], int]:
    """One card per N-CCG-DB id (see the module's docstring): (the cards, how many records were
    merged into one listed earlier)."""
    by_id: dict[str, ParsedCard] = {}
    out: list[ParsedCard] = []
    merged = 0
    for p in cards:
        first = by_id.get(p.ident) if p.ident else None
        if first is None:
            if p.ident:
                by_id[p.ident] = p
            out.append(p)
            continue
        merged += 1
        for key, value in p.facts.items():
            if key not in ("number", "year") and value not in (None, ""):
                first.facts[key] = value
        for lang, value in p.names.items():
            first.names[lang] = value or first.names.get(lang, "")
        for lang, value in p.texts.items():
            if value:
                first.texts[lang] = value
    return out, merged


def read(text: str, progress: Callable[[int, int], None] | None = None) -> tuple[list[ParsedCard], list[CatalogueImportError], int]:
    """(cards, problems, merged) of a catalogue file's text: every record that can be read, one
    card per id; the records that cannot, as errors; the count of reprint records merged."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CatalogueImportError(f"line {exc.lineno}", "bad_json", column=exc.colno, detail=exc.msg) from None
    except RecursionError:
        raise CatalogueImportError("file", "too_deep") from None
    raws = list(records(data))
    parsed: list[ParsedCard] = []
    problems: list[CatalogueImportError] = []
    for i, raw in enumerate(raws, start=1):
        try:
            parsed.append(card(raw))
        except CatalogueImportError as exc:
            problems.append(exc)
        if progress is not None and (i % 200 == 0 or i == len(raws)):
            progress(i, len(raws))
    cards, merged = merge(parsed)
    return cards, problems, merged

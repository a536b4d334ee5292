"""Loading a user's cards into the catalogue: the N-CCG-DB JSON file and our own CSV.

Both importers read the whole file first, each record checked (`CatalogueImportError` names the
first bad one: its place and a message key with params), then write everything in ONE transaction
that holds the database's write lock: a failed import leaves no trace, and two imports never mix.

Cards are upserted by (game, number): a card whose stored facts, names and effect texts already
equal the file's is counted ``unchanged`` and not written, so importing the same file twice
changes nothing. Only what the format carries is compared and written: names in languages the file
does not give, and our own effect definitions (`effect_kind`, `requirement`, `target`) for the JSON
format, are kept. Cards of a bundled set (Set 1, shipped with our own effect definitions,
summaries and translations) are never changed by an import: they are counted ``skipped``, so that
loading the whole community catalogue does not overwrite them and the bundled loader does not
reload them on the next start.

Formats:

* N-CCG-DB (``narutoccgdatabase.json``, see ``shared/reference/README.md``): a JSON object, set name
  -> list of records. A record's place is ``"<set name>[<n>]"``, n counting from 1. Its number is its
  "Card ID" when that looks like a card number (``N-001``, ``J-12``, ``PR-003``, ``US-004``, French
  ``NI-001``...: canonicalized), else the type's letter (Ninja N, Jutsu J, Mission M, Client C) and
  its "Collector Number" padded to three digits (``N-007``): the ID is what the community file uses
  to tell cards apart, the collector number only a fallback. The name is the "Printed Name" (what
  the deck rule "3 cards of the same name" counts), else the "Display Name". "Effect Title" and
  "Effect Text" become the English effect text; "Year", "Errata" and "image_path" are not stored.
* CSV: exactly the columns of the engine's ``referee/games/naruto/data/set01.csv``, plus optional
  ``name_es``, ``name_ru``, ``name_fr``. A record's place is ``"line <n>"`` (the header is line 1).
  Its cards belong to no set (a card already in a set stays there).
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import IO, Any, Iterable

from sqlalchemy import delete, insert, select, update
from sqlalchemy import text as sql

from referee.games.naruto import cards as engine_cards
from referee.games.naruto.cards import CARD_TYPES, LETTERS, RANKS, SYMBOLS
from referee.games.naruto.decks import canonical_number
from referee.games.naruto.targets import TARGETS

from .models import CardName, CardRecord, CardSet, CardText
from .search import fold, index_cards
from localization import Messages

GAME = "naruto"

MESSAGES = Messages("cards.importers", {
    "bad_json": "not valid JSON ({detail})",
    "bad_csv": "not valid CSV ({detail})",
    "not_utf8": "not UTF-8 text ({detail})",
    "not_catalogue": "expected a JSON object of set names, each with a list of cards",
    "not_list": "expected a list of cards",
    "not_record": "expected a card record (a JSON object)",
    "missing_columns": "missing columns: {columns}",
    "unknown_columns": "unknown columns: {columns}",
    "field_count": "{found} fields, the header has {expected}",
    "no_name": "the card has no name",
    "no_number": "the card has no card number (neither a Card ID like N-001 nor a Collector Number)",
    "bad_number": "{value!r} is not a card number such as N-001",
    "no_type": "the card has no type",
    "unknown_type": "unknown card type {value!r} (expected {choices})",
    "unknown_symbol": "unknown symbol {value!r} (expected {choices})",
    "not_whole": "{field} is {value!r}, not a whole number",
    "not_text": "{field} is {value!r}, not text",
    "bad_jutsu_cost": "the jutsu cost {value!r} is not made of {letters}, digits and X",
    "bad_effect_kind": "the effect kind {value!r} is not a word such as on_battle",
    "bad_requirement": "unknown requirement {value!r} (expected rank:, char:, attr:, name: or leader)",
    "unknown_target": "unknown target kind {value!r}",
    "too_long": "{field} is longer than {maximum} characters",
    "duplicate": "the card {number} is already in this file ({first}) with other data",
})


@dataclass(frozen=True)
class Reason:
    """Why a record was refused: a message key of `MESSAGES` and its params."""

    key: str
    params: dict = field(default_factory=dict)

    def __str__(self) -> str:
        return MESSAGES(self.key, **self.params)


class CatalogueImportError(ValueError):
    """A bad record or file: ``place`` says where (``"01 Path to Hokage[12]"``, ``"line 7"``),
    ``reason`` why. Nothing of the import was kept."""

    messages = MESSAGES  # so that the error can be shown in any language

    def __init__(self, place: str, key: str, **params):
        self.place = place
        self.reason = Reason(key, params)
        super().__init__(f"{place}: {self.reason}")

    @property
    def key(self) -> str:
        return self.reason.key

    @property
    def params(self) -> dict:
        return self.reason.params


@dataclass
class ImportSummary:
    inserted: int = 0
    updated: int = 0
    unchanged: int = 0
    skipped: int = 0  # cards of a bundled set, left as shipped
    numbers: list[str] = field(default_factory=list)  # every card number the file holds, in order

    @property
    def total(self) -> int:
        return self.inserted + self.updated + self.unchanged + self.skipped


@dataclass
class ParsedCard:
    """One record as the catalogue stores it: only what its format carries."""

    place: str
    facts: dict[str, Any]  # CardRecord columns (number included)
    names: dict[str, str]  # lang -> name
    texts: dict[str, str]  # lang -> effect text ("" for none)
    set_name: str | None = None

    def same(self, other: "ParsedCard") -> bool:
        return (self.facts, self.names, self.texts, self.set_name) == (
            other.facts, other.names, other.texts, other.set_name)


#: the columns of a card a new record gets when its format does not give them
NEW_CARD = {"symbols": "", "entrance_cost": None, "hand_cost": None, "healthy_combat": None,
            "healthy_support": None, "injured_combat": None, "injured_support": None, "attribute": "",
            "jutsu_cost": "", "characteristics": "", "keywords": "", "effect_kind": "none",
            "requirement": "", "target": "none", "effect": ""}
#: the longest value of each text column (VARCHAR lengths of cards.models)
MAX_LENGTH = {"number": 32, "name": 200, "symbols": 64, "attribute": 64, "jutsu_cost": 64, "keywords": 200,
              "effect_kind": 32, "requirement": 100, "target": 32, "set": 64}
STAT_FIELDS = ("entrance_cost", "hand_cost", "healthy_combat", "healthy_support", "injured_combat", "injured_support")
TYPE_PREFIX = {"Ninja": "N", "Jutsu": "J", "Mission": "M", "Client": "C"}
_CARD_NUMBER = re.compile(r"^[A-Za-z]{1,4}\s*-\s*\d+[A-Za-z]*$")
_JUTSU_TOKEN = re.compile(rf"^(\d+|[{''.join(LETTERS)}X])$")
_EFFECT_KIND = re.compile(r"^[a-z][a-z_]*$")
_REQUIREMENT_KINDS = ("rank", "char", "attr", "name")
#: new cards from which a PostgreSQL import refreshes the planner's statistics
ANALYZE_AFTER = 200


# --- checking values -------------------------------------------------------------------------------


class _Record:
    """The checks shared by both formats, each raising `CatalogueImportError` at ``place``."""

    def __init__(self, place: str):
        self.place = place

    def fail(self, key: str, **params):
        raise CatalogueImportError(self.place, key, **params)

    def text(self, value: Any, field_: str) -> str:
        if value is None:
            return ""
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            self.fail("not_text", field=field_, value=value)
        out = str(value).strip()
        column = field_ if field_ in MAX_LENGTH else None
        if column and len(out) > MAX_LENGTH[column]:
            self.fail("too_long", field=field_, maximum=MAX_LENGTH[column])
        return out

    def listing(self, value: Any, field_: str) -> str:
        """A comma-separated list, given as text or as a JSON list of texts."""
        if isinstance(value, list):
            parts = [self.text(v, field_) for v in value]
            out = ", ".join(p for p in parts if p)
            if field_ in MAX_LENGTH and len(out) > MAX_LENGTH[field_]:
                self.fail("too_long", field=field_, maximum=MAX_LENGTH[field_])
            return out
        return self.text(value, field_)

    def name(self, *values: Any) -> str:
        for value in values:
            out = self.text(value, "name")
            if out:
                return out
        self.fail("no_name")

    def card_type(self, value: Any) -> str:
        text = self.text(value, "type")
        if not text:
            self.fail("no_type")
        for t in CARD_TYPES:
            if t.casefold() == text.casefold():
                return t
        self.fail("unknown_type", value=text, choices=", ".join(CARD_TYPES))

    def number(self, value: Any) -> str:
        text = self.text(value, "number")
        if not _CARD_NUMBER.match(text):
            self.fail("bad_number", value=text)
        return canonical_number(text)

    def symbols(self, value: Any) -> str:
        out = []
        for part in self.text(value, "symbols").split("/"):
            part = part.strip()
            if not part:
                continue
            match = next((s for s in SYMBOLS if s.casefold() == part.casefold()), None)
            if match is None:
                self.fail("unknown_symbol", value=part, choices=", ".join(SYMBOLS))
            out.append(match)
        return "/".join(out)

    def whole(self, value: Any, field_: str) -> int | None:
        """A whole number written as 2, 2.0 or "2"; None for null or blank."""
        if value is None or (isinstance(value, str) and not value.strip()):
            return None
        if isinstance(value, bool):
            self.fail("not_whole", field=field_, value=value)
        if isinstance(value, int):
            return value
        if isinstance(value, float):
            if value.is_integer():
                return int(value)
            self.fail("not_whole", field=field_, value=value)
        if isinstance(value, str) and re.fullmatch(r"[+-]?\d+(\.0*)?", value.strip()):
            return int(float(value.strip()))
        self.fail("not_whole", field=field_, value=value)

    def jutsu_cost(self, value: Any) -> str:
        text = self.text(value, "jutsu_cost")
        parts = text.upper().split()
        if any(not _JUTSU_TOKEN.match(p) for p in parts):
            self.fail("bad_jutsu_cost", value=text, letters=" ".join(LETTERS))
        return " ".join(parts)

    def effect_kind(self, value: Any) -> str:
        text = self.text(value, "effect_kind") or "none"
        if not _EFFECT_KIND.match(text):
            self.fail("bad_effect_kind", value=text)
        return text

    def requirement(self, value: Any) -> str:
        """What the engine's `targets.meets` understands: ``rank:Jonin``, ``char:Male+Clone Status``,
        ``attr:Taijutsu``, ``name:Haku``, ``leader`` or nothing."""
        text = self.text(value, "requirement")
        kind, sep, rest = text.partition(":")
        ok = (not text or text == "leader"
              or (sep and kind in _REQUIREMENT_KINDS and rest.strip() and (kind != "rank" or rest in RANKS)))
        if not ok:
            self.fail("bad_requirement", value=text)
        return text

    def target(self, value: Any) -> str:
        text = self.text(value, "target") or "none"
        if text != "none" and text not in TARGETS:
            self.fail("unknown_target", value=text)
        return text


# --- N-CCG-DB JSON -------------------------------------------------------------------------------

JSON_STATS = {"entrance_cost": "Entrance Cost", "hand_cost": "Hand Cost", "healthy_combat": "Healthy Combat",
              "healthy_support": "Healthy Support", "injured_combat": "Injured Combat",
              "injured_support": "Injured Support"}


def _json_card(place: str, set_name: str, rec: Any) -> ParsedCard:
    r = _Record(place)
    if not isinstance(rec, dict):
        r.fail("not_record")
    type_ = r.card_type(rec.get("Type"))
    name = r.name(rec.get("Printed Name"), rec.get("Display Name"))
    card_id = rec.get("Card ID")
    if isinstance(card_id, str) and _CARD_NUMBER.match(card_id.strip()):
        number = r.number(card_id)
    else:
        collector = r.whole(rec.get("Collector Number"), "Collector Number")
        if collector is None or collector < 0:
            r.fail("no_number")
        number = r.number(f"{TYPE_PREFIX[type_]}-{collector:03d}")
    facts = {
        "number": number,
        "type": type_,
        "symbols": r.symbols(rec.get("Symbols")),
        **{col: r.whole(rec.get(key), key) for col, key in JSON_STATS.items()},
        "attribute": r.text(rec.get("Combat Attribute"), "attribute"),
        "jutsu_cost": r.jutsu_cost(rec.get("Chakra Cost")),
        "characteristics": r.listing(rec.get("Characteristics"), "characteristics"),
        "keywords": r.listing(rec.get("Keywords"), "keywords"),
    }
    title = r.text(rec.get("Effect Title"), "Effect Title")
    body = r.text(rec.get("Effect Text"), "Effect Text")
    effect = f"{title}: {body}" if title and body else title or body
    return ParsedCard(place, facts, {"en": name}, {"en": effect}, set_name)


def read_ccgdb_json(path_or_file: str | Path | IO) -> list[ParsedCard]:
    """Every record of an N-CCG-DB file, checked (no database involved)."""
    try:
        data = json.loads(_read_text(path_or_file))
    except json.JSONDecodeError as exc:
        raise CatalogueImportError(f"line {exc.lineno}", "bad_json", detail=exc.msg) from None
    if not isinstance(data, dict):
        raise CatalogueImportError("file", "not_catalogue")
    out: list[ParsedCard] = []
    for set_name, records in data.items():
        r = _Record(set_name)
        if len(set_name.strip()) > MAX_LENGTH["set"]:
            r.fail("too_long", field="set", maximum=MAX_LENGTH["set"])
        if not isinstance(records, list):
            r.fail("not_list")
        out += [_json_card(f"{set_name}[{i}]", set_name.strip(), rec) for i, rec in enumerate(records, start=1)]
    return _without_duplicates(out)


# --- our CSV -------------------------------------------------------------------------------------


def csv_columns() -> list[str]:
    """The engine's own card columns (the header of its set01.csv)."""
    text = resources.files(engine_cards.__package__).joinpath("data/set01.csv").read_text(encoding="utf-8")
    return next(csv.reader(io.StringIO(text)))


NAME_COLUMNS = {"name_es": "es", "name_ru": "ru", "name_fr": "fr"}


def _csv_card(place: str, row: dict[str, str]) -> ParsedCard:
    r = _Record(place)
    type_ = r.card_type(row["type"])
    facts = {
        "number": r.number(row["number"]),
        "type": type_,
        "symbols": r.symbols(row["symbols"]),
        **{col: r.whole(row[col], col) for col in STAT_FIELDS},
        "attribute": r.text(row["attribute"], "attribute"),
        "jutsu_cost": r.jutsu_cost(row["jutsu_cost"]),
        "characteristics": r.text(row["characteristics"], "characteristics"),
        "keywords": r.text(row["keywords"], "keywords"),
        "effect_kind": r.effect_kind(row["effect_kind"]),
        "requirement": r.requirement(row["requirement"]),
        "target": r.target(row["target"]),
    }
    names = {"en": r.name(row["name"])}
    for column, lang in NAME_COLUMNS.items():
        value = r.text(row.get(column), "name")
        if value:
            names[lang] = value
    return ParsedCard(place, facts, names, {"en": r.text(row["effect_summary"], "effect_summary")})


def read_csv(path_or_file: str | Path | IO) -> list[ParsedCard]:
    """Every record of one of our CSV files, checked (no database involved)."""
    text = _read_text(path_or_file)
    reader = csv.reader(io.StringIO(text, newline=""))
    required = csv_columns()
    try:
        header = [h.strip() for h in next(reader, [])]
        missing = [c for c in required if c not in header]
        if missing:
            raise CatalogueImportError("line 1", "missing_columns", columns=", ".join(missing))
        unknown = [c for c in header if c not in required and c not in NAME_COLUMNS]
        if unknown:
            raise CatalogueImportError("line 1", "unknown_columns", columns=", ".join(unknown))
        out: list[ParsedCard] = []
        line = reader.line_num + 1
        for fields in reader:
            place = f"line {line}"
            line = reader.line_num + 1
            if not any(f.strip() for f in fields):
                continue
            if len(fields) != len(header):
                raise CatalogueImportError(place, "field_count", found=len(fields), expected=len(header))
            out.append(_csv_card(place, dict(zip(header, fields))))
    except csv.Error as exc:
        raise CatalogueImportError(f"line {reader.line_num}", "bad_csv", detail=str(exc)) from None
    return _without_duplicates(out)


# --- shared --------------------------------------------------------------------------------------


def _read_text(path_or_file: str | Path | IO) -> str:
    """A file's text (a path, or an open text or binary file), UTF-8 with or without a BOM."""
    if isinstance(path_or_file, (str, Path)):
        data: str | bytes = Path(path_or_file).read_bytes()
    else:
        data = path_or_file.read()
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise CatalogueImportError("file", "not_utf8", detail=f"byte {exc.start}") from None
    return data.removeprefix("\ufeff")


def _without_duplicates(parsed: list[ParsedCard]) -> list[ParsedCard]:
    """A number given twice with the same data counts once; with other data it is an error."""
    seen: dict[str, ParsedCard] = {}
    out = []
    for p in parsed:
        first = seen.get(p.facts["number"])
        if first is None:
            seen[p.facts["number"]] = p
            out.append(p)
        elif not first.same(p):
            raise CatalogueImportError(p.place, "duplicate", number=p.facts["number"], first=first.place)
    return out


def _chunks(items: list, size: int = 500) -> Iterable[list]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


def write_cards(db, parsed: list[ParsedCard], game: str = GAME) -> ImportSummary:
    """Upsert checked cards in one transaction under the write lock (see the module's docstring)."""
    summary = ImportSummary(numbers=[p.facts["number"] for p in parsed])
    if not parsed:
        return summary
    if len({tuple(p.facts) for p in parsed}) != 1:
        raise ValueError("every record of one import must carry the same columns")
    columns = [CardRecord.id, CardRecord.set_id, *(getattr(CardRecord, c) for c in parsed[0].facts)]
    db.verify()
    with db.exclusive() as session:
        sets = {s.code: s for s in session.execute(select(CardSet).where(CardSet.game == game)).scalars()}
        bundled_sets = {s.id for s in sets.values() if s.data_hash}
        existing: dict[str, Any] = {}
        for chunk in _chunks(summary.numbers):
            for row in session.execute(select(*columns).where(CardRecord.game == game, CardRecord.number.in_(chunk))):
                existing[row.number] = row
        ids = [row.id for row in existing.values()]
        names: dict[tuple[int, str], Any] = {}
        texts: dict[tuple[int, str], Any] = {}
        for chunk in _chunks(ids):
            for row in session.execute(select(CardName.id, CardName.card_id, CardName.lang, CardName.name)
                                       .where(CardName.card_id.in_(chunk))):
                names[(row.card_id, row.lang)] = row
            for row in session.execute(select(CardText.id, CardText.card_id, CardText.lang, CardText.text)
                                       .where(CardText.card_id.in_(chunk))):
                texts[(row.card_id, row.lang)] = row

        def set_id(name: str | None) -> int | None:
            if name is None:
                return None
            if name not in sets:
                sets[name] = CardSet(game=game, code=name, name=name)
                session.add(sets[name])
                session.flush()
            return sets[name].id

        new: list[ParsedCard] = []
        changed: list[tuple[ParsedCard, Any]] = []
        for p in parsed:
            row = existing.get(p.facts["number"])
            if row is None:
                new.append(p)
            elif row.set_id is not None and row.set_id in bundled_sets:
                summary.skipped += 1
            elif _differs(p, row, names, texts, sets):
                changed.append((p, row))
            else:
                summary.unchanged += 1

        # cards
        if new:
            session.execute(insert(CardRecord), [
                {**NEW_CARD, **p.facts, "game": game, "set_id": set_id(p.set_name)} for p in new])
            for chunk in _chunks([p.facts["number"] for p in new]):
                for row in session.execute(select(CardRecord.id, CardRecord.number)
                                           .where(CardRecord.game == game, CardRecord.number.in_(chunk))):
                    existing[row.number] = row
        if changed:
            session.execute(update(CardRecord), [
                {**p.facts, "id": row.id, "set_id": row.set_id if p.set_name is None else set_id(p.set_name)}
                for p, row in changed])
        summary.inserted, summary.updated = len(new), len(changed)

        # names and effect texts
        written = [(p, existing[p.facts["number"]].id) for p in [*new, *(p for p, _ in changed)]]
        name_inserts, name_updates, text_inserts, text_updates, text_deletes = [], [], [], [], []
        for p, card_id in written:
            for lang, name in p.names.items():
                old = names.get((card_id, lang))
                if old is None:
                    name_inserts.append({"card_id": card_id, "lang": lang, "name": name, "folded": fold(name)})
                elif old.name != name:
                    name_updates.append({"id": old.id, "name": name, "folded": fold(name)})
            for lang, text in p.texts.items():
                old = texts.get((card_id, lang))
                if old is None and text:
                    text_inserts.append({"card_id": card_id, "lang": lang, "text": text})
                elif old is not None and not text:
                    text_deletes.append(old.id)
                elif old is not None and old.text != text:
                    text_updates.append({"id": old.id, "text": text})
        for statement, rows in ((insert(CardName), name_inserts), (update(CardName), name_updates),
                                (insert(CardText), text_inserts), (update(CardText), text_updates)):
            if rows:
                session.execute(statement, rows)
        for chunk in _chunks(text_deletes):
            session.execute(delete(CardText).where(CardText.id.in_(chunk)),
                            execution_options={"synchronize_session": False})
        index_cards(session, [card_id for _, card_id in written])
        if len(new) >= ANALYZE_AFTER and session.get_bind().dialect.name == "postgresql":
            # fresh statistics, or the planner (guessing from the empty tables autovacuum last
            # saw) joins thousands of new rows with nested loops: 300 ms searches instead of 5
            session.execute(sql("ANALYZE card, card_name, card_text, search_token"))
    return summary


def _differs(p: ParsedCard, row, names: dict, texts: dict, sets: dict) -> bool:
    if any(getattr(row, column) != value for column, value in p.facts.items()):
        return True
    if p.set_name is not None and (p.set_name not in sets or sets[p.set_name].id != row.set_id):
        return True
    if any(getattr(names.get((row.id, lang)), "name", None) != name for lang, name in p.names.items()):
        return True
    return any(getattr(texts.get((row.id, lang)), "text", "") != text for lang, text in p.texts.items())


# --- entry points --------------------------------------------------------------------------------


def import_ccgdb_json(db, path_or_file: str | Path | IO, game: str = GAME) -> ImportSummary:
    """Import an N-CCG-DB JSON catalogue (all or nothing)."""
    return write_cards(db, read_ccgdb_json(path_or_file), game)


def import_csv(db, path_or_file: str | Path | IO, game: str = GAME) -> ImportSummary:
    """Import one of our CSV files (all or nothing)."""
    return write_cards(db, read_csv(path_or_file), game)


def detect_format(path: str | Path) -> str:
    """``"json"`` or ``"csv"``: by the file's extension, else by its first non-blank character."""
    suffix = Path(path).suffix.lower()
    if suffix in (".json", ".csv"):
        return suffix[1:]
    with Path(path).open("rb") as f:
        start = f.read(4096).lstrip(b"\xef\xbb\xbf \t\r\n")
    return "json" if start[:1] in (b"{", b"[") else "csv"


def import_file(db, path: str | Path, game: str = GAME) -> ImportSummary:
    """`import_ccgdb_json` or `import_csv`, chosen by `detect_format`."""
    if detect_format(path) == "json":
        return import_ccgdb_json(db, path, game)
    return import_csv(db, path, game)

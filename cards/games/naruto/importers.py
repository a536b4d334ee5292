"""Loading a user's cards into the catalogue: the N-CCG-DB community file and our own CSV.

An import reads the whole file first, each record checked, then writes in ONE transaction that
holds the database's write lock, so two imports never mix and a failed write leaves no trace.
A record that cannot be read is reported (`ImportSummary.problems`: its place, card, field and
reason, in the user's language) and the others are imported; with ``strict`` the first such
record stops the import and nothing is written, as before.

Cards are upserted by (game, number): a card whose stored facts, names and effect texts already
equal the file's is counted ``unchanged`` and not written, so importing the same file twice
changes nothing. Only what the format carries is compared and written: names in languages the file
does not give are kept.

Effect texts: each card of an N-CCG-DB file has its English text read by the effect-text reader
(`referee.games.naruto.reader.read_card`, issue 17). A text understood whole gives the card its
definition, requirement, target and effect kind (a "Valid:" Ninja's effect holds while it is
injured, N-KEY-VALID-1), marked ``read``; any other card is stored with none (kind ``none``), marked
``manual`` (the players apply it with the toolbox), so importing the file again with a reader that
reads more (or less) brings every card in line with it. A card a player set back to manual
(``effect_override``) stays so: no import touches that mark. A CSV in our format carries its own
requirement and target but no definition: its cards are manual. `ImportSummary.coverage` counts how
many of an N-CCG-DB file's effect cards the referee applies by itself (a bundled card it holds, kept
as shipped, counts as hand-written). Cards of a bundled set (Set 1, shipped with our own effect definitions,
summaries and translations) are never changed by an import: they are counted ``skipped``, so that
loading the whole community catalogue does not overwrite them and the bundled loader does not
reload them on the next start.

Formats:

* N-CCG-DB (``narutoccgdatabase.json``): read by `cards.games.naruto.ccgdb`, which says what the real file holds.
  A record's place is ``"<sheet>[<n>]"``, n counting from 1.
* CSV: exactly the columns of the engine's ``referee/games/naruto/data/set01.csv``, plus optional
  ``name_es``, ``name_ru``, ``name_fr``. A record's place is ``"line <n>"`` (the header is line 1).
  Its cards belong to no set (a card already in a set stays there).

Progress: ``progress(done, total)`` is called as the import goes, reading counting for the first
half of ``total`` and writing for the second, so a bar can follow both.
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import IO, Any, Callable

from sqlalchemy import delete, insert, select, update
from sqlalchemy import text as sql

from referee.engine.numbers import canonical_number, is_card_number
from referee.games.naruto import cards as engine_cards
from referee.games.naruto.cards import LETTERS, RANKS, cost_text, parse_cost, script_text
from referee.games.naruto.targets import TARGETS

from . import ccgdb
from .. import importing
from ...importers_base import CatalogueImportError, ParsedCard
from ...models import HAND, MANUAL, READ, CardName, CardRecord, CardSet, CardText
from ...search import chunks, fold, index_cards

#: the game whose cards these files hold: the one whose catalogue part names this importer
GAME = importing(__name__)

Progress = Callable[[int, int], None]


@dataclass
class Coverage:
    """How many of an import's effect cards (those with an English effect text) the referee applies
    by itself: each counted by its set, type and where its stored definition comes from (a bundled
    card, kept as shipped, is hand-written; an imported one read or manual)."""

    cards: Counter = field(default_factory=Counter)  # (set, type, source) -> effect cards

    def count(self, card: ParsedCard, source: str) -> None:
        if card.texts.get("en", "").strip():
            self.cards[(card.set_name or "", card.facts["type"], source)] += 1

    @property
    def total(self) -> int:
        return sum(self.cards.values())

    def of(self, source: str) -> int:
        """The effect cards whose definition comes from ``source``."""
        return sum(n for (_, _, s), n in self.cards.items() if s == source)

    @property
    def automated(self) -> int:
        return self.total - self.of(MANUAL)

    def by(self, part: str) -> list[tuple[str, int, int]]:
        """(set or type, automated, effect cards) for each set (``part="set"``) or card type
        (``"type"``), sorted by name."""
        index = 0 if part == "set" else 1
        automated: Counter = Counter()
        total: Counter = Counter()
        for key, n in self.cards.items():
            total[key[index]] += n
            if key[2] != MANUAL:
                automated[key[index]] += n
        return [(name, automated[name], total[name]) for name in sorted(total)]


@dataclass
class ImportSummary:
    inserted: int = 0
    updated: int = 0
    unchanged: int = 0
    skipped: int = 0  # cards of a bundled set, left as shipped
    merged: int = 0  # records of a card listed earlier in the file (reprints, repeats), read into that card
    numbers: list[str] = field(default_factory=list)  # every card number the file holds, in order
    problems: list[CatalogueImportError] = field(default_factory=list)  # records left out
    coverage: Coverage = field(default_factory=Coverage)

    @property
    def total(self) -> int:
        return self.inserted + self.updated + self.unchanged + self.skipped


#: the columns of a card a new record gets when its format does not give them
NEW_CARD = {"symbols": "", "entrance_cost": None, "hand_cost": None, "healthy_combat": None,
            "healthy_support": None, "injured_combat": None, "injured_support": None, "attribute": "",
            "jutsu_cost": "", "characteristics": "", "keywords": "", "effect_kind": "none",
            "requirement": "", "target": "none", "effect": "", "printed": "", "effect_title": "",
            "errata": "", "image_path": "", "variable": "", "effect_source": MANUAL}
STAT_FIELDS = ("entrance_cost", "hand_cost", "healthy_combat", "healthy_support", "injured_combat", "injured_support")
_EFFECT_KIND = re.compile(r"^[a-z][a-z_]*$")
_REQUIREMENT_KINDS = ("rank", "char", "attr", "name")
#: new cards from which a PostgreSQL import refreshes the planner's statistics
ANALYZE_AFTER = 200


# --- checking values of our own columns ------------------------------------------------------------


class _Record(ccgdb.CardChecks):
    """The checks of our CSV's columns beyond the shared ones."""

    def number(self, value: Any) -> str:
        text = self.text(value, "number")
        if not is_card_number(text):
            self.fail("bad_number", value=text)
        return canonical_number(text)

    def jutsu_cost(self, value: Any) -> str:
        text = self.text(value, "jutsu_cost")
        try:
            return cost_text(parse_cost(text))
        except ValueError:
            self.fail("bad_jutsu_cost", value=text, letters=" ".join(LETTERS))

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


@dataclass
class Reading:
    """What reading a file gave: the cards, the records left out and the records merged into a card
    listed earlier (reprints, and repeats of a card's number with the same data)."""

    cards: list[ParsedCard]
    problems: list[CatalogueImportError] = field(default_factory=list)
    merged: int = 0


def read_csv(path_or_file: str | Path | IO, progress: Progress | None = None) -> Reading:
    """Every record of one of our CSV files, checked (no database involved)."""
    text = _read_text(path_or_file)
    reader = csv.reader(io.StringIO(text, newline=""))
    required = csv_columns()
    out = Reading([])
    try:
        header = [h.strip() for h in next(reader, [])]
        missing = [c for c in required if c not in header]
        if missing:
            raise CatalogueImportError("line 1", "missing_columns", columns=", ".join(missing))
        unknown = [c for c in header if c not in required and c not in NAME_COLUMNS]
        if unknown:
            raise CatalogueImportError("line 1", "unknown_columns", columns=", ".join(unknown))
        line = reader.line_num + 1
        for fields in reader:
            place = f"line {line}"
            line = reader.line_num + 1
            if not any(f.strip() for f in fields):
                continue
            try:
                if len(fields) != len(header):
                    raise CatalogueImportError(place, "field_count", found=len(fields), expected=len(header))
                out.cards.append(_csv_card(place, dict(zip(header, fields))))
            except CatalogueImportError as exc:
                out.problems.append(exc)
    except csv.Error as exc:
        raise CatalogueImportError(f"line {reader.line_num}", "bad_csv", detail=str(exc)) from None
    out.cards, out.merged = _without_duplicates(out.cards, out.problems)
    if progress is not None:
        progress(1, 1)
    return out


def read_ccgdb_json(path_or_file: str | Path | IO, progress: Progress | None = None) -> Reading:
    """Every record of an N-CCG-DB file, checked and read (see `cards.games.naruto.ccgdb`; no database involved),
    its effect text read into a definition where the reader understands it whole."""
    parse, automate = _halves(progress)
    cards, problems, merged = ccgdb.read(_read_text(path_or_file), parse)
    cards, repeats = _without_duplicates(cards, problems)
    _read_effects(cards, automate)
    return Reading(cards, problems, merged + repeats)


def _read_effects(cards: list[ParsedCard], progress: Progress | None) -> None:
    """Each card's definition, requirement, target, effect kind and their source from its English
    text (see the module's docstring): every card gets the same columns, read or not, as one import
    writes."""
    from referee.games.naruto.reader import read_card  # lark: loaded when a catalogue file is read

    lexicon = _lexicon(cards)
    for i, p in enumerate(cards, start=1):
        reading = read_card(p.texts.get("en", ""), p.facts["type"], lexicon)
        if reading is None:
            p.facts.update(effect="", requirement="", target="none", effect_kind="none", effect_source=MANUAL)
        else:
            p.facts.update(effect=script_text(reading.effect), requirement=reading.requirement,
                           target=reading.target, effect_kind=reading.kind, effect_source=READ)
        if progress is not None and (i % 200 == 0 or i == len(cards)):
            progress(i, len(cards))


def _lexicon(cards: list[ParsedCard]):
    """The names and characteristics of every Ninja of the file and of the bundled set: the words a
    quoted requirement may be (`reader.Lexicon`)."""
    from referee.games.naruto.cards import Card, bundled
    from referee.games.naruto.reader import Lexicon

    def listed(text: str) -> tuple[str, ...]:
        return tuple(w.strip() for w in text.split(",") if w.strip())

    ninjas = [Card(number=p.facts["number"], name=p.names["en"], type="Ninja", symbols=(),
                   characteristics=listed(p.facts["characteristics"]), keywords=listed(p.facts["keywords"]))
              for p in cards if p.facts["type"] == "Ninja"]
    return Lexicon.of([*bundled(), *ninjas])


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
            raise CatalogueImportError("file", "not_utf8", position=exc.start) from None
    return data.removeprefix("\ufeff")


def _without_duplicates(parsed: list[ParsedCard], problems: list[CatalogueImportError]) -> tuple[list[ParsedCard], int]:
    """(the cards, how many repeats were merged): a number given twice with the same data counts
    once, the repeat merged into the first; with other data the second is a problem (two different
    cards cannot share a number). Every record is thus a card, a merge or a problem."""
    seen: dict[str, ParsedCard] = {}
    out = []
    repeats = 0
    for p in parsed:
        first = seen.get(p.facts["number"])
        if first is None:
            seen[p.facts["number"]] = p
            out.append(p)
        elif first.same(p):
            repeats += 1
        else:
            problems.append(CatalogueImportError(p.place, "duplicate", p.ident, number=p.facts["number"],
                                                 first=first.place))
    return out, repeats


def write_cards(db, parsed: list[ParsedCard], game: str = GAME, progress: Progress | None = None) -> ImportSummary:
    """Upsert checked cards in one transaction under the write lock (see the module's docstring);
    ``progress(done, total)`` follows its stages."""
    summary = ImportSummary(numbers=[p.facts["number"] for p in parsed])
    step = progress or (lambda done, total: None)
    if not parsed:
        step(1, 1)
        return summary
    if len({tuple(p.facts) for p in parsed}) != 1:
        raise ValueError("every record of one import must carry the same columns")
    columns = [CardRecord.id, CardRecord.set_id, *(getattr(CardRecord, c) for c in parsed[0].facts)]
    db.verify()
    with db.exclusive() as session:
        sets = {s.code: s for s in session.execute(select(CardSet).where(CardSet.game == game)).scalars()}
        bundled_sets = {s.id for s in sets.values() if s.data_hash}
        existing: dict[str, Any] = {}
        for chunk in chunks(summary.numbers):
            for row in session.execute(select(*columns).where(CardRecord.game == game, CardRecord.number.in_(chunk))):
                existing[row.number] = row
        ids = [row.id for row in existing.values()]
        names: dict[tuple[int, str], Any] = {}
        texts: dict[tuple[int, str], Any] = {}
        for chunk in chunks(ids):
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
            source = p.facts.get("effect_source")  # None: a format whose effect texts are not read
            if row is None:
                new.append(p)
            elif row.set_id is not None and row.set_id in bundled_sets:
                summary.skipped += 1
                source = source and HAND  # kept as shipped, its definition written by hand
            elif _differs(p, row, names, texts, sets):
                changed.append((p, row))
            else:
                summary.unchanged += 1
            if source is not None:
                summary.coverage.count(p, source)

        # cards
        if new:
            # Core inserts (the tables, not the ORM classes): one executemany, not a statement a row
            session.execute(insert(CardRecord.__table__), [
                {**NEW_CARD, **p.facts, "game": game, "set_id": set_id(p.set_name)} for p in new])
            for chunk in chunks([p.facts["number"] for p in new]):
                for row in session.execute(select(CardRecord.id, CardRecord.number)
                                           .where(CardRecord.game == game, CardRecord.number.in_(chunk))):
                    existing[row.number] = row
        if changed:
            session.execute(update(CardRecord), [
                {**p.facts, "id": row.id, "set_id": row.set_id if p.set_name is None else set_id(p.set_name)}
                for p, row in changed])
        summary.inserted, summary.updated = len(new), len(changed)
        step(1, 3)

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
        for statement, rows in ((insert(CardName.__table__), name_inserts), (update(CardName), name_updates),
                                (insert(CardText.__table__), text_inserts), (update(CardText), text_updates)):
            if rows:
                session.execute(statement, rows)
        for chunk in chunks(text_deletes):
            session.execute(delete(CardText).where(CardText.id.in_(chunk)),
                            execution_options={"synchronize_session": False})
        step(2, 3)
        index_cards(session, [card_id for _, card_id in written])
        if len(new) >= ANALYZE_AFTER and session.get_bind().dialect.name == "postgresql":
            # fresh statistics, or the planner (guessing from the empty tables autovacuum last
            # saw) joins thousands of new rows with nested loops: 300 ms searches instead of 5
            session.execute(sql("ANALYZE card, card_name, card_text, search_token"))
    step(3, 3)
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


def _halves(progress: Progress | None) -> tuple[Progress | None, Progress | None]:
    """``progress`` split in two: reading reports the first half of the bar, writing the second."""
    if progress is None:
        return None, None
    return (lambda d, t: progress(d, 2 * t)), (lambda d, t: progress(t + d, 2 * t))


def _import(db, reading: Reading, game: str, strict: bool, progress: Progress | None) -> ImportSummary:
    if strict and reading.problems:
        raise reading.problems[0]
    summary = write_cards(db, reading.cards, game, progress)
    summary.problems, summary.merged = reading.problems, reading.merged
    return summary


def import_ccgdb_json(db, path_or_file: str | Path | IO, game: str = GAME, *, strict: bool = False,
                      progress: Progress | None = None) -> ImportSummary:
    """Import an N-CCG-DB JSON catalogue: every record that can be read (``strict``: all or
    nothing)."""
    read, write = _halves(progress)
    return _import(db, read_ccgdb_json(path_or_file, read), game, strict, write)


def import_csv(db, path_or_file: str | Path | IO, game: str = GAME, *, strict: bool = False,
               progress: Progress | None = None) -> ImportSummary:
    """Import one of our CSV files: every record that can be read (``strict``: all or nothing)."""
    read, write = _halves(progress)
    return _import(db, read_csv(path_or_file, read), game, strict, write)


def detect_format(path: str | Path) -> str:
    """``"json"`` or ``"csv"``: by the file's extension, else by its first non-blank character."""
    suffix = Path(path).suffix.lower()
    if suffix in (".json", ".csv"):
        return suffix[1:]
    with Path(path).open("rb") as f:
        start = f.read(4096).lstrip(b"\xef\xbb\xbf \t\r\n")
    return "json" if start[:1] in (b"{", b"[") else "csv"


def import_file(db, path: str | Path, game: str = GAME, *, strict: bool = False,
                progress: Progress | None = None) -> ImportSummary:
    """`import_ccgdb_json` or `import_csv`, chosen by `detect_format`."""
    importer = import_ccgdb_json if detect_format(path) == "json" else import_csv
    return importer(db, path, game, strict=strict, progress=progress)

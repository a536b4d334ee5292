"""What every catalogue format's reader shares: the parsed card, the checks of one record's values
that any game's cards have (text, names, lists, whole numbers; a game's readers add their own),
and the error that says where a record is bad and why (a message key and its parameters, so that
it can be shown in the user's language)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from localization import Messages

MESSAGES = Messages("cards.importers_base", {
    "bad_json": "not valid JSON (column {column})",
    "too_deep": "the JSON is nested too deeply to be a card catalogue",
    "bad_csv": "not valid CSV",
    "not_utf8": "not UTF-8 text (byte {position})",
    "not_catalogue": "expected a JSON object of set names, each with a list of cards",
    "not_list": "expected a list of cards",
    "not_record": "expected a card record (a JSON object)",
    "missing_columns": "missing columns: {columns}",
    "unknown_columns": "unknown columns: {columns}",
    "field_count": "{found} fields, the header has {expected}",
    "no_name": "the card has no name",
    "no_number": "the card has no number (neither a Collector Number nor a Card ID)",
    "bad_number": "{value!r} is not a card number such as N-001 or a Card ID such as n001",
    "no_type": "the card has no type",
    "unknown_type": "unknown card type {value!r} (expected {choices})",
    "unknown_symbol": "unknown symbol {value!r} (expected {choices})",
    "not_whole": "{field} is {value!r}, not a whole number",
    "not_text": "{field} is {value!r}, not text",
    "bad_jutsu_cost": "the jutsu cost {value!r} is not made of {letters}, numbers, X and \"or\"",
    "bad_effect_kind": "the effect kind {value!r} is not a word such as on_battle",
    "bad_requirement": "unknown requirement {value!r} (expected rank:, char:, attr:, name: or leader)",
    "unknown_target": "unknown target kind {value!r}",
    "too_long": "{field} is longer than {maximum} characters",
    "control": "{field} holds a control character",
    "duplicate": "the card {number} is already in this file ({first}) with other data",
    "place": "{sheet}, record {index}",
    "place_card": "{sheet}, record {index} ({card})",
    "place_file": "the file",
    "place_line": "line {line}",
})

#: the longest value of each text column (VARCHAR lengths of cards.models)
MAX_LENGTH = {"number": 32, "name": 200, "symbols": 64, "attribute": 64, "jutsu_cost": 64, "keywords": 200,
              "effect_kind": 32, "requirement": 100, "target": 32, "set": 64, "effect_title": 200, "errata": 200,
              "image_path": 300, "Card ID": 32, "text": 20_000}
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
#: a sheet and a record's place in it, as `CatalogueImportError` gives them: ``Promo Cards[12]``
_PLACE = re.compile(r"^(?P<sheet>.*)\[(?P<index>\d+)\]$")
#: a line of a file (``line 7``), the place of a CSV record or of a JSON syntax error
_LINE = re.compile(r"^line (\d+)$")


@dataclass(frozen=True)
class Reason:
    """Why a record was refused: a message key of `MESSAGES` and its params."""

    key: str
    params: dict = field(default_factory=dict)

    def __str__(self) -> str:
        return MESSAGES(self.key, **self.params)


class CatalogueImportError(ValueError):
    """A bad record or file: ``place`` says where (``"01 Path to Hokage[12]"``, ``"line 7"``),
    ``card`` which card when the record names one (its N-CCG-DB id), ``reason`` why."""

    messages = MESSAGES  # so that the error can be shown in any language

    def __init__(self, place: str, key: str, card: str | None = None, **params):
        self.place = place
        self.card = card
        self.reason = Reason(key, params)
        super().__init__(f"{self.where()}: {self.reason}")

    @property
    def key(self) -> str:
        return self.reason.key

    @property
    def params(self) -> dict:
        return self.reason.params

    def where(self) -> str:
        """The place in the reader's language: ``Promo Cards, record 12 (pr018b)``, ``line 7``."""
        if self.place == "file":
            return MESSAGES("place_file")
        line = _LINE.match(self.place)
        if line is not None:
            return MESSAGES("place_line", line=int(line[1]))
        m = _PLACE.match(self.place)
        if m is None:
            return self.place if self.card is None else f"{self.place} ({self.card})"
        key = "place" if self.card is None else "place_card"
        return MESSAGES(key, sheet=m["sheet"], index=int(m["index"]), card=self.card)


@dataclass
class ParsedCard:
    """One record as the catalogue stores it: only what its format carries."""

    place: str
    facts: dict[str, Any]  # CardRecord columns (number included)
    names: dict[str, str]  # lang -> name
    texts: dict[str, str]  # lang -> effect text ("" for none)
    set_name: str | None = None
    ident: str | None = None  # the N-CCG-DB id that records of one card share

    def same(self, other: "ParsedCard") -> bool:
        return (self.facts, self.names, self.texts, self.set_name) == (
            other.facts, other.names, other.texts, other.set_name)


class Record:
    """The checks of one record's values, each raising `CatalogueImportError` at ``place``."""

    def __init__(self, place: str, card: str | None = None):
        self.place = place
        self.card = card

    def fail(self, key: str, **params):
        raise CatalogueImportError(self.place, key, self.card, **params)

    def text(self, value: Any, field_: str, limit: str | None = None) -> str:
        """One line of text (a number is written as text); None is ""."""
        out = self.multiline(value, field_, limit)
        if "\n" in out or "\r" in out:
            out = " ".join(out.split())
        return out

    def multiline(self, value: Any, field_: str, limit: str | None = None) -> str:
        """Text that may hold line breaks (an effect text), trimmed; None is ""."""
        if value is None:
            return ""
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            self.fail("not_text", field=field_, value=_short(value))
        if isinstance(value, int) and abs(value) > 10**18:
            self.fail("not_text", field=field_, value=_short(value))
        out = str(value).strip()
        if _CONTROL.search(out):
            self.fail("control", field=field_)
        try:
            out.encode("utf-8")
        except UnicodeEncodeError:
            self.fail("control", field=field_)
        return self.limited(out, limit or (field_ if field_ in MAX_LENGTH else "text"))

    def limited(self, text: str, column: str) -> str:
        if column in MAX_LENGTH and len(text) > MAX_LENGTH[column]:
            self.fail("too_long", field=column, maximum=MAX_LENGTH[column])
        return text

    def listing(self, value: Any, field_: str, join: bool = True) -> str | list[str]:
        """A comma-separated list, given as text or as a JSON list of texts."""
        values = value if isinstance(value, list) else [value]
        parts = [p.strip() for v in values for p in self.text(v, field_).split(",") if p.strip()]
        return ", ".join(parts) if join else parts

    def name(self, *values: Any) -> str:
        for value in values:
            out = self.text(value, "name")
            if out:
                return out
        self.fail("no_name")

    def whole(self, value: Any, field_: str) -> int | None:
        """A whole number written as 2, 2.0, "2" or "-1"; None for null or blank."""
        if value is None or (isinstance(value, str) and not value.strip()):
            return None
        if isinstance(value, bool):
            self.fail("not_whole", field=field_, value=value)
        if isinstance(value, int) and abs(value) < 10**6:
            return value
        if isinstance(value, float) and value.is_integer() and abs(value) < 10**6:
            return int(value)
        if isinstance(value, str) and re.fullmatch(r"\s*[+-]?\d{1,6}(\.0*)?\s*", value):
            return int(float(value.strip()))
        self.fail("not_whole", field=field_, value=_short(value))


def _short(value: Any) -> Any:
    """A value small enough to quote in a message."""
    text = repr(value)
    return value if len(text) <= 60 else text[:57] + "..."

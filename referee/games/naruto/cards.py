"""Naruto CCG card facts, and the one small interface through which the engine reads them.

The rules never open a file or a database: they ask a `CardSource` for a `Card` by number.
The bundled source reads Set 1 from the CSV shipped in this package; the catalogue (`cards/`)
can provide another source with the same two methods, so the engine stays free of SQL.
"""

from __future__ import annotations

import csv
import json
import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Iterator, Protocol

from referee.engine.cards import CardTable

SYMBOLS = ("Fire", "Water", "Wind", "Lightning", "Earth", "Void")
#: jutsu cost letters (N-CARD-3)
LETTERS = {"F": "Fire", "W": "Water", "N": "Wind", "L": "Lightning", "E": "Earth", "V": "Void"}
CARD_TYPES = ("Ninja", "Jutsu", "Mission", "Client")
#: ranks in increasing order, for requirements such as "Chunin or higher"
RANKS = ("Ninja Academy Student", "Genin", "Chunin", "Special Jonin", "Jonin", "Village Leader")


@dataclass(frozen=True, slots=True)
class Card:
    """What a printed card shows (N-CARD-1..4), plus our own classification of its Jutsu or Mission
    requirement and target kind (used by N-JUTSU-1/2, N-MISSION-4 and N-CHAIN-6)."""

    number: str
    name: str
    type: str
    symbols: tuple[str, ...]
    entrance_cost: int | None = None
    hand_cost: int | None = None
    healthy: tuple[int, int] = (0, 0)
    injured: tuple[int, int] = (0, 0)
    attribute: str = ""
    #: the Jutsu cost's tokens (a symbol letter of `LETTERS`, a whole number, X); a printed cost with
    #: alternatives ("W1 or 3": pay one of them) keeps the first here and the others in
    #: ``jutsu_alternatives``
    jutsu_cost: tuple[str, ...] = ()
    characteristics: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    effect_kind: str = "none"
    effect: str = ""
    requirement: str = ""
    target: str = "none"
    #: the effect definition in the effect vocabulary, as JSON text ("" when the effect is not in
    #: the vocabulary: the players apply it with the manual toolbox); see `effects.py`
    script: str = ""
    jutsu_alternatives: tuple[tuple[str, ...], ...] = ()
    #: the N-CCG-DB "Card ID" of the card (``n008``, ``pr018b``), for deck lists in that format
    ccgdb_id: str = ""
    #: the stats printed as X (``healthy_combat``, ``hand_cost``...): their value comes from the
    #: card's effect, and they count as 0 until an effect or the players set them
    variable: frozenset[str] = frozenset()
    names: frozenset[str] = field(default=frozenset(), compare=False)
    #: every form of its keywords that `has` answers to, lowercased: each keyword and each part of it
    #: before a " (" (``permanent (2)`` and ``permanent``); worked out once, `has` being asked of
    #: every card a listing looks at
    keyword_forms: frozenset[str] = field(init=False, repr=False, compare=False)
    #: `rank`, worked out once (requirements ask it of every Ninja they look at)
    rank_index: int = field(init=False, repr=False, compare=False)
    #: `is_group`, worked out once (a deployment asks it of every Ninja in the village)
    group: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        marks = {c.lower() for c in self.characteristics} | {k.lower() for k in self.keywords}
        object.__setattr__(self, "group", self.type == "Ninja" and bool(marks & {"group", "platoon", "squad"}))
        object.__setattr__(self, "names", frozenset(_names_of(self)))
        object.__setattr__(self, "keyword_forms", _keyword_forms(self.keywords))
        object.__setattr__(self, "rank_index", _rank_of(self.characteristics))

    # --- keywords -------------------------------------------------------------------------
    def has(self, keyword: str) -> bool:
        """A keyword such as Ambush, Growth, Counter or Permanent (case-insensitive, `Permanent (2)`
        counts as Permanent)."""
        return keyword.lower() in self.keyword_forms

    @property
    def is_group(self) -> bool:
        """Group / Platoon / Squad Ninjas, several characters on one card (N-KEY-GROUP-1)."""
        return self.group

    @property
    def permanent_coins(self) -> int | None:
        """X of a `Permanent (X)` mission (N-KEY-PERM-2); None when it has no such keyword."""
        for w in self.keywords:
            if w.lower().startswith("permanent (") and w.endswith(")"):
                count = w[w.index("(") + 1 : -1].strip()
                # "Permanent (X)": the card's effect says how many; the players place them
                return int(count) if count.isdigit() else None
        return None

    @property
    def is_counter(self) -> bool:
        return self.type == "Mission" and self.has("Counter")

    @property
    def is_permanent(self) -> bool:
        return self.type == "Mission" and self.has("Permanent")

    @property
    def costs(self) -> tuple[tuple[str, ...], ...]:
        """Every way to pay the Jutsu cost, the printed first one first (empty: no Jutsu cost)."""
        return (self.jutsu_cost, *self.jutsu_alternatives) if self.jutsu_cost else ()

    @property
    def has_effect(self) -> bool:
        return bool(self.effect)

    @property
    def abilities(self) -> dict:
        """The parsed effect definition (empty when there is none)."""
        return _parse_script(self.script)

    @property
    def rank(self) -> int:
        """Highest rank among the characteristics ("Rogue Ninja (Jonin)" counts as Jonin); -1 if none."""
        return self.rank_index

    @property
    def mental_power(self) -> int:
        """`Mental Power: N` characteristic (N-SHOW-2; negative on some cards), also written as the
        French edition's `Connaissance: N` (seed 002); 0 without one, and for `Mental Power: X` (its
        effect says what X is)."""
        for c in self.characteristics:
            if c.lower().startswith(MENTAL_POWER):
                value = c.split(":", 1)[1].strip()
                return int(value) if re.fullmatch(r"[+-]?\d+", value) else 0
        return 0


#: how a characteristic giving a Ninja's mental power begins (N-SHOW-2), in English and French
MENTAL_POWER = ("mental power:", "connaissance:")

#: what stands between the names of a Group: "X & Y", "X, Y & Z", "X, Y, & Z"
_GROUP_NAMES = re.compile(r"\s*,\s*(?:&\s*)?|\s+&\s+")
#: a "Name X" characteristic, also written "Name: X" (the card bears the name X too)
_NAME_MARK = re.compile(r"^name\s*:?\s+(.+)$", re.IGNORECASE)


def _names_of(card: Card) -> set[str]:
    """A Ninja bears its name, each "Name X" characteristic, and both names of a Group (N-DEPLOY-3,
    N-KEY-GROUP-1)."""
    names = {n for n in _GROUP_NAMES.split(card.name) if n} if card.is_group else {card.name}
    names |= {m[1].strip() for c in card.characteristics if (m := _NAME_MARK.match(c))}
    return names


#: one token of a Jutsu cost: a whole number or a letter
_COST_TOKEN = re.compile(r"\d+|[A-Z]")


def parse_cost(text: str) -> tuple[tuple[str, ...], ...]:
    """A printed Jutsu cost as the ways it may be paid, each a tuple of tokens: ``W1 or 3`` ->
    ``(("W", "1"), ("3",))``, ``EFLWN1`` -> one of each symbol and 1, ``F 1`` = ``F1``. Letters are
    symbols (`LETTERS`), numbers generic chakra, X a number the player chooses (N-JUTSU-4); "or"
    separates alternatives, of which the player pays one. ValueError for anything else."""
    text = text.strip()
    if not text:
        return ()
    out = []
    for part in re.split(r"\s+or\s+", text, flags=re.IGNORECASE):
        compact = "".join(part.split()).upper()
        tokens = tuple(_COST_TOKEN.findall(compact))
        if not tokens or "".join(tokens) != compact or any(
                t.isalpha() and t not in LETTERS and t != "X" for t in tokens):
            raise ValueError(f"not a Jutsu cost: {text!r}")
        out.append(tokens)
    return tuple(out)


def cost_text(costs: tuple[tuple[str, ...], ...]) -> str:
    """The stored form of `parse_cost`'s result: ``W 1 or 3``."""
    return " or ".join(" ".join(tokens) for tokens in costs)


class CardSource(Protocol):
    """The engine's whole view of a catalogue."""

    def get(self, number: str) -> Card | None: ...

    def __iter__(self) -> Iterator[Card]: ...


def _rank_of(characteristics: tuple[str, ...]) -> int:
    """The index in `RANKS` of the highest rank among the characteristics; -1 if none."""
    best = -1
    for c in characteristics:
        for i, r in enumerate(RANKS):
            if c == r or c.endswith(f"({r})"):
                best = max(best, i)
    return best


def _keyword_forms(keywords: tuple[str, ...]) -> frozenset[str]:
    """Each keyword lowercased, and each part of it before a " (": what ``has(k)`` accepts, ``k``
    being the whole keyword or a beginning of it followed by " (" (case-insensitive)."""
    forms = set()
    for word in keywords:
        low = word.lower()
        forms.add(low)
        at = low.find(" (")
        while at != -1:
            forms.add(low[:at])
            at = low.find(" (", at + 1)
    return frozenset(forms)


@cache
def _parse_script(text: str) -> dict:
    return json.loads(text) if text else {}


def _int(text: str) -> int | None:
    return int(text) if text.strip() else None


def _split(text: str) -> tuple[str, ...]:
    return tuple(p.strip() for p in text.split(",") if p.strip())


def card_from_row(row: dict[str, str]) -> Card:
    """One CSV row of the reference format (see data/set01.csv) as a Card; the catalogue adds
    ``ccgdb_id`` and ``variable`` (a comma-separated list of stats printed as X)."""
    costs = parse_cost(row["jutsu_cost"])
    return Card(
        number=row["number"],
        name=row["name"],
        type=row["type"],
        symbols=tuple(s.strip() for s in row["symbols"].split("/") if s.strip()),
        entrance_cost=_int(row["entrance_cost"]),
        hand_cost=_int(row["hand_cost"]),
        healthy=(_int(row["healthy_combat"]) or 0, _int(row["healthy_support"]) or 0),
        injured=(_int(row["injured_combat"]) or 0, _int(row["injured_support"]) or 0),
        attribute=row["attribute"],
        jutsu_cost=costs[0] if costs else (),
        jutsu_alternatives=costs[1:],
        characteristics=_split(row["characteristics"]),
        keywords=_split(row["keywords"]),
        effect_kind=row.get("effect_kind") or "none",
        effect=row.get("effect_summary", ""),
        requirement=row.get("requirement", ""),
        target=row.get("target") or "none",
        script=row.get("script", ""),
        ccgdb_id=row.get("ccgdb_id") or default_ccgdb_id(row["number"]),
        variable=frozenset(_split(row.get("variable", ""))),
    )


def default_ccgdb_id(number: str) -> str:
    """The N-CCG-DB Card ID of a plainly numbered card: ``N-008`` -> ``n008`` (the catalogue stores
    the real one of every imported card)."""
    prefix, sep, rest = number.partition("-")
    return f"{prefix.lower()}{rest}" if sep and rest.isdigit() else ""


def script_text(definition: dict) -> str:
    """The stored form of an effect definition: JSON with sorted keys, so equal definitions are equal
    texts."""
    return json.dumps(definition, sort_keys=True, separators=(",", ":")) if definition else ""


@cache
def bundled_scripts() -> dict[str, str]:
    """Set 1's effect definitions (data/effects.toml) as stored texts, by card number."""
    data = tomllib.loads(resources.files(__package__).joinpath("data/effects.toml").read_text(encoding="utf-8"))
    return {number: script_text(definition) for number, definition in data.items()}


@cache
def bundled() -> CardTable:
    """Set 1 "The Path to Hokage", 127 cards, from the package data, with their effect definitions."""
    text = resources.files(__package__).joinpath("data/set01.csv").read_text(encoding="utf-8")
    scripts = bundled_scripts()
    return CardTable(card_from_row({**r, "script": scripts.get(r["number"], "")})
                     for r in csv.DictReader(text.splitlines()))

"""Deck lists as players keep them: the referee's own text, the N-CCG-DB deck builder's text export
and its Tabletop Simulator deck (JSON), read into one `DeckList` and written back in any of them.

A deck list has up to three sections, as the deck builder has: the Mainboard (the deck that is
played and checked by the construction rules, N-DECK), Reinforcements and Sideboard (cards kept
with the deck, never shuffled into it and never counted by the rules). Copies are counts, never
lists of copies, so a line claiming a billion copies costs no memory: it is refused (`MAX_COUNT`).

The formats, told apart by the text itself (``{`` first: a Tabletop Simulator deck):

* ours: ``3 N-008 Iruka Umino`` (count optional, name optional and not checked), ``# name:`` and
  ``# format:`` lines on top, ``#`` comments;
* the deck builder's: ``3x Iruka Umino [n008]`` (also ``3 Name [id]`` and ``3x Name``) under
  ``// Mainboard``, ``// Reinforcements`` and ``// Sideboard``;
* Tabletop Simulator: ``ObjectStates``, a ``DeckCustom`` per section named by its ``Nickname``, each
  contained card's ``Description`` its lower-case N-CCG-DB Card ID.

A card is found by its number (``N-008``, ``PR-018B``, ``N-US093``, French ``NI-008``), its N-CCG-DB
id (``n008``, ``pr018b``; the deck builder's older ids with an image suffix, ``pr005ra``, too) or,
without either, its English name. A name that several different cards bear is refused: the
referee must know which card is meant (cards that differ only in number, reprints, are one).

Problems are `referee.engine.errors.Violation` of rule ``DECKLIST`` with a ``reason`` and the line,
so that the catalogues turn them into sentences; the engine holds no display text.
"""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass, field
from typing import Any, Iterable

from referee.engine.errors import IllegalAction, Violation
from referee.engine.game import DeckRules
from referee.engine.numbers import canonical_number, is_card_number, number_key

from .cards import Card, CardSource
from .decks import check_deck, random_deck

SECTIONS = ("main", "reinforcements", "sideboard")
#: the deck builder's (and Tabletop Simulator's) name of each section
SECTION_TITLES = {"main": "Mainboard", "reinforcements": "Reinforcements", "sideboard": "Sideboard"}
#: the most copies one line may give (no real deck comes near: the rules allow 3 of a name)
MAX_COUNT = 99
#: the most lines (or Tabletop Simulator cards) a deck list may have
MAX_LINES = 2000
#: the deck builder's address, which its Tabletop Simulator decks point their card images at
CCGDB_IMAGES = "https://n-ccg-db.github.io/naruto-ccg-deckbuilder/cards_database/"
#: suffixes of the deck builder's older ids (image files: errata, alternative art, reprints)
_OLD_ID_SUFFIXES = ("rae", "ra", "ae", "e", "a", "r")

_SECTION_LINE = re.compile(
    r"^(?://|#)?\s*(?P<word>main(?:\s*board)?|mainboard|reinforcements?|side\s*board)\s*(?:\(\d+\))?\s*:?\s*$",
    re.IGNORECASE)
_COUNT = re.compile(r"^(?P<count>\d+)\s*[xX×]?(?:\s+|$)(?P<rest>.*)$")
_BRACKET_ID = re.compile(r"^(?P<name>.*?)\s*\[(?P<id>[^\[\]]*)\]\s*$")
_HEADER = re.compile(r"^#\s*(?P<key>name|format)\s*:\s*(?P<value>.*?)\s*$", re.IGNORECASE)


class DeckListError(IllegalAction):
    """A deck list that cannot be read at all (rule ``DECKLIST``): ``reason`` says why, ``line`` and
    ``text`` where (line 0: the file as a whole)."""

    def __init__(self, reason: str, line: int = 0, text: str = "", **params: Any):
        super().__init__("DECKLIST", reason=reason, line=line, text=text[:200], **params)
        self.line = line
        self.text = text


@dataclass
class DeckList:
    """A deck as a list gives it: card numbers and counts per section (in the order first met),
    the name and format its header gives, and the entries no card was found for."""

    sections: dict[str, dict[str, int]] = field(default_factory=lambda: {s: {} for s in SECTIONS})
    name: str | None = None
    format: str | None = None
    problems: list[Violation] = field(default_factory=list)

    @property
    def main(self) -> dict[str, int]:
        return self.sections["main"]

    def count(self, section: str = "main") -> int:
        return sum(self.sections[section].values())

    def copies(self, section: str = "main") -> list[str]:
        """One number per copy, for a match or the rules' checker (at most `MAX_COUNT` per line)."""
        return [n for n, k in self.sections[section].items() for _ in range(k)]

    def add(self, section: str, number: str, count: int) -> None:
        cards = self.sections[section]
        cards[number] = cards.get(number, 0) + count

    @classmethod
    def of(cls, main: Iterable[str] | dict[str, int], **others: dict[str, int]) -> "DeckList":
        """A deck list of these numbers (a list of copies, or counts), and other sections' counts."""
        deck = cls()
        items = main.items() if isinstance(main, dict) else ((n, 1) for n in main)
        for number, k in items:
            deck.add("main", canonical_number(number), k)
        for section, counts in others.items():
            for number, k in counts.items():
                deck.add(section, canonical_number(number), k)
        return deck


# --- finding cards -------------------------------------------------------------------------------


class CardIndex:
    """A card source's cards by number, N-CCG-DB id and English name, for reading lists."""

    def __init__(self, source: CardSource):
        self.source = source
        self.by_id: dict[str, Card] = {}
        self.by_name: dict[str, list[Card]] = {}
        for card in source:
            if card.ccgdb_id:
                self.by_id.setdefault(card.ccgdb_id.casefold(), card)
            self.by_name.setdefault(card.name.casefold(), []).append(card)

    def number(self, token: str) -> Card | None:
        return self.source.get(canonical_number(token)) if is_card_number(token) else None

    def ident(self, token: str) -> Card | None:
        """A card by its N-CCG-DB id (any case), its number, or an older deck builder id."""
        key = token.strip().casefold()
        card = self.by_id.get(key) or self.number(token)
        if card is None:
            for suffix in _OLD_ID_SUFFIXES:
                if key.endswith(suffix) and (card := self.by_id.get(key[: -len(suffix)])) is not None:
                    break
        return card

    def named(self, name: str) -> tuple[Card | None, list[Card]]:
        """(the card, []) when ``name`` names one card (or several that differ only in number);
        (None, the cards) when it names several different cards; (None, []) when none."""
        cards = sorted(self.by_name.get(name.strip().casefold(), []), key=lambda c: number_key(c.number))
        if not cards:
            return None, []
        if all(_same_card(cards[0], c) for c in cards[1:]):
            return cards[0], []
        return None, cards


def _same_card(a: Card, b: Card) -> bool:
    """Two printings of one card: every fact equal but the number and id."""
    return dataclasses.replace(a, number="", ccgdb_id="") == dataclasses.replace(b, number="", ccgdb_id="")


# --- reading -------------------------------------------------------------------------------------


def read_deck_list(text: str, source: CardSource) -> DeckList:
    """A deck list in any of the three formats (see the module's docstring), its cards found in
    ``source``. `DeckListError` when it cannot be read; entries naming no known card (or a name
    several different cards bear) are kept in ``problems`` and left out of the sections."""
    text = text.removeprefix("\ufeff")
    if text.lstrip().startswith("{"):
        return read_tts(text, source)
    return read_text(text, source)


def read_text(text: str, source: CardSource) -> DeckList:
    """Our text format or the deck builder's (both may be mixed, line by line)."""
    index = CardIndex(source)
    deck = DeckList()
    section = "main"
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise DeckListError("too_long", maximum=MAX_LINES)
    for n, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line:
            continue
        header = _HEADER.match(line)
        if header:
            setattr(deck, header["key"].lower(), header["value"] or None)
            continue
        heading = _SECTION_LINE.match(line)
        if heading:
            section = _section(heading["word"])
            continue
        if line.startswith(("#", "//")):
            continue
        count, number, ident, name = _entry(n, raw, line)
        _place(deck, index, section, n, count, number, ident, name)
    return deck


def _section(word: str) -> str:
    word = word.casefold()
    return "reinforcements" if word.startswith("reinforcement") else "sideboard" if word.startswith("side") else "main"


def _entry(n: int, raw: str, line: str) -> tuple[int, str | None, str | None, str | None]:
    """(count, number, id, name) of one card line: ``3 N-008 [name]``, ``3x Name [id]``,
    ``3x Name``, ``N-008``."""
    m = _COUNT.match(line)
    count, rest = (int(m["count"]), m["rest"].strip()) if m else (None, line)
    if count is not None and not 1 <= count <= MAX_COUNT:
        raise DeckListError("count", n, raw, maximum=MAX_COUNT)
    if not rest:
        raise DeckListError("entry", n, raw)
    bracket = _BRACKET_ID.match(rest)
    if bracket:
        if not bracket["id"].strip():
            raise DeckListError("entry", n, raw)
        return count or 1, None, bracket["id"].strip(), bracket["name"].strip() or None
    first, _, after = rest.partition(" ")
    if is_card_number(first):
        return count or 1, first, None, None
    if count is None:  # a name needs a count before it, or it could be any line of prose
        raise DeckListError("entry", n, raw)
    return count, None, None, rest


def _place(deck: DeckList, index: CardIndex, section: str, line: int, count: int, number: str | None,
           ident: str | None, name: str | None) -> None:
    """Add one entry to its section, or to the problems when no single card answers it."""
    card = index.number(number) if number else index.ident(ident) if ident else None
    if card is None and number:
        deck.add(section, canonical_number(number), count)  # the rules' checker names it (N-CARD-4)
        return
    if card is None and name:
        card, several = index.named(name)
        if several:
            deck.problems.append(Violation("DECKLIST", {
                "reason": "ambiguous", "line": line, "name": name, "count": len(several),
                "examples": [c.ccgdb_id or c.number for c in several[:3]]}))
            return
    if card is None:
        deck.problems.append(Violation("DECKLIST", {
            "reason": "unknown_name" if not ident else "unknown_id" if not name else "unknown_card",
            "line": line, "name": name or "", "id": ident or ""}))
        return
    deck.add(section, card.number, count)


def read_tts(text: str | dict, source: CardSource) -> DeckList:
    """A Tabletop Simulator saved object (the deck builder's export): each ``DeckCustom`` (or
    ``Deck``) is a section named by its ``Nickname``, each contained card one copy named by its
    ``Description`` (its N-CCG-DB id), else by its ``Nickname`` (its name). A lone ``Card`` object
    is one copy in the Mainboard."""
    if isinstance(text, str):
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise DeckListError("json", getattr(exc, "lineno", 0), detail=type(exc).__name__) from None
    else:
        data = text
    objects = data.get("ObjectStates") if isinstance(data, dict) else None
    if not isinstance(objects, list):
        raise DeckListError("tts")
    index = CardIndex(source)
    deck = DeckList()
    seen = 0
    for k, obj in enumerate(objects, start=1):
        if not isinstance(obj, dict):
            raise DeckListError("tts", k)
        kind = obj.get("Name")
        if kind == "Card":
            cards, section = [obj], "main"
        elif kind in ("DeckCustom", "Deck"):
            cards = obj.get("ContainedObjects")
            if not isinstance(cards, list):
                raise DeckListError("tts", k)
            section = _section(str(obj.get("Nickname") or "main")) if _SECTION_LINE.match(
                str(obj.get("Nickname") or "")) else "main"
        else:
            continue  # other objects on the table (boards, tokens) are not the deck
        for card in cards:
            seen += 1
            if seen > MAX_LINES * MAX_COUNT or not isinstance(card, dict):
                raise DeckListError("tts", k)
            ident = card.get("Description")
            name = card.get("Nickname")
            ident = ident.strip() if isinstance(ident, str) and ident.strip() else None
            name = name.strip() if isinstance(name, str) and name.strip() else None
            if ident is None and name is None:
                raise DeckListError("tts", k)
            _place(deck, index, section, k, 1, None, ident, name)
    return deck


# --- writing -------------------------------------------------------------------------------------


def _ordered(deck: DeckList, section: str) -> list[tuple[str, int]]:
    return sorted(deck.sections[section].items(), key=lambda item: number_key(item[0]))


def write_text(deck: DeckList, source: CardSource) -> str:
    """Our format: ``# name:`` and ``# format:`` lines, then ``count number name`` lines sorted
    by number, each other section under its ``//`` heading; `read_deck_list` reads it back."""
    lines = [f"# {key}: {value}" for key, value in (("name", deck.name), ("format", deck.format)) if value]
    for section in SECTIONS:
        if section != "main" and not deck.sections[section]:
            continue
        if section != "main":
            lines += ["", f"// {SECTION_TITLES[section]}"]
        for number, k in _ordered(deck, section):
            card = source.get(number)
            lines.append(f"{k} {number} {card.name}" if card is not None else f"{k} {number}")
    return "\n".join(lines) + ("\n" if lines else "")


def _ccgdb_key(number: str, card: Card | None) -> str:
    return (card.ccgdb_id if card is not None and card.ccgdb_id else number).lower()


def write_ccgdb(deck: DeckList, source: CardSource) -> str:
    """The deck builder's text export: ``// Mainboard`` (always), ``3x Name [id]`` lines, and
    ``// Reinforcements`` and ``// Sideboard`` when they hold cards, each after a blank line."""
    out = []
    for section in SECTIONS:
        if section != "main" and not deck.sections[section]:
            continue
        out.append(("" if section == "main" else "\n") + f"// {SECTION_TITLES[section]}\n")
        for number, k in _ordered(deck, section):
            card = source.get(number)
            out.append(f"{k}x {card.name if card is not None else number} [{_ccgdb_key(number, card)}]\n")
    return "".join(out)


_TRANSFORM = {"posX": 0, "posY": 1, "posZ": 0, "rotX": 0, "rotY": 180, "rotZ": 180,
              "scaleX": 1.25, "scaleY": 1, "scaleZ": 1.25}


def write_tts(deck: DeckList, source: CardSource, images: dict[str, str] | None = None) -> str:
    """A Tabletop Simulator deck as the deck builder writes it: a ``DeckCustom`` per section that
    holds cards, a contained ``Card`` per copy (``Nickname`` its name, ``Description`` its id).
    ``images`` (number -> N-CCG-DB ``image_path``) gives the card faces."""
    states = []
    for section in SECTIONS:
        if section != "main" and not deck.sections[section]:
            continue
        contained, ids, faces = [], [], {}
        for number, k in _ordered(deck, section):
            card = source.get(number)
            path = (images or {}).get(number, "")
            face = {"FaceURL": f"{CCGDB_IMAGES}{path}" if path else "", "BackURL": "",
                    "NumWidth": 1, "NumHeight": 1, "BackIsHidden": True, "UniqueBack": False}
            for _ in range(k):
                key = len(ids) + 1
                ids.append(key * 100)
                faces[str(key)] = face
                contained.append({"Name": "Card", "Transform": {**_TRANSFORM, "posY": 0},
                                  "Nickname": card.name if card is not None else number,
                                  "Description": _ccgdb_key(number, card), "CardID": key * 100,
                                  "CustomDeck": {str(key): face}})
        states.append({"Name": "DeckCustom", "Nickname": SECTION_TITLES[section], "Transform": dict(_TRANSFORM),
                       "DeckIDs": ids, "CustomDeck": faces, "ContainedObjects": contained})
    return json.dumps({"SaveName": deck.name or "", "GameMode": "", "Date": "", "ObjectStates": states},
                      ensure_ascii=False, indent=2) + "\n"


WRITERS = {"text": write_text, "ccgdb": write_ccgdb, "tts": write_tts}

#: the Naruto CCG's deck lists as the deck store, the deck commands and the deck builder use them
#: (the registry's ``decks`` part)
DECKS = DeckRules(sections=SECTIONS, deck_list=DeckList, read=read_deck_list, writers=WRITERS, check=check_deck,
                  random=random_deck)

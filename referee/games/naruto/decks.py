"""Deck construction (N-DECK, N-DECK-FR) and plain-text deck lists.

A deck is a list of card numbers, one entry per copy. `check_deck` returns every broken rule as a
`Violation` (rule id plus named params, no display text); `random_deck` builds a legal deck for
quick games and tests; `parse_deck_list` / `format_deck_list` read and write the plain-text form.
"""

from __future__ import annotations

import random
import re
from functools import lru_cache
from collections import Counter
from typing import Any

from referee.engine.errors import Violation
from referee.games.naruto.cards import Card, CardSource

FORMATS = ("standard", "french")

#: French edition prefixes and the standard ones they stand for (N-CARD-4)
FRENCH_PREFIXES = {"NI": "N", "TE": "J", "TA": "M", "CL": "C"}

#: N-DECK-FR-4: cards limited to one copy in the french format, as canonical numbers
#: (NI-138 Shikamaru Nara, TE-006, TE-076, TA-005, TA-051, TA-144, TA-150)
RESTRICTED = frozenset({"N-138", "J-006", "J-076", "M-005", "M-051", "M-144", "M-150"})

#: the numbers each format allows, and the rule ids that enforce them
_LIMITS: dict[str, dict[str, Any]] = {
    "standard": {
        "size_rule": "N-DECK-1",
        "minimum": 50,
        "exact": None,
        "ninja_rule": "N-DECK-2",
        "ninja_max": 30,
        "name_rule": "N-DECK-3",
        "restricted_rule": None,
    },
    "french": {
        "size_rule": "N-DECK-FR-1",
        "minimum": 40,
        "exact": 40,
        "ninja_rule": "N-DECK-FR-2",
        "ninja_max": 25,
        "name_rule": "N-DECK-FR-3",
        "restricted_rule": "N-DECK-FR-4",
    },
}

MAX_SAME_NAME = 3
DECK_TYPES = ("Ninja", "Jutsu", "Mission", "Client")


def canonical_number(number: str) -> str:
    """`te-006` -> `J-006`: upper-cased, spaces removed, French prefixes mapped (N-CARD-4)."""
    n = "".join(number.split()).upper()
    prefix, sep, rest = n.partition("-")
    if sep and prefix in FRENCH_PREFIXES:
        return f"{FRENCH_PREFIXES[prefix]}-{rest}"
    return n


def _limits(fmt: str) -> dict[str, Any]:
    try:
        return _LIMITS[fmt]
    except KeyError:
        raise ValueError(f"unknown deck format {fmt!r}; expected one of {FORMATS}") from None


def _lookup(source: CardSource, number: str) -> Card | None:
    card = source.get(canonical_number(number))
    return card if card is not None else source.get(number)


def _param_key(value: Any) -> tuple:
    return (0, value, "") if isinstance(value, (int, float)) else (1, 0, str(value))


def _violation_key(v: Violation) -> tuple:
    """Rule id, then the params in the order they are written (name or number comes first)."""
    return (v.rule, tuple(_param_key(p) for p in v.params.values()))


def check_deck(numbers: list[str], source: CardSource, fmt: str) -> list[Violation]:
    """Every deck-construction rule the deck breaks in format `fmt` (empty list: legal)."""
    lim = _limits(fmt)
    canon = [canonical_number(n) for n in numbers]
    out: list[Violation] = []

    cards: list[Card] = []
    unknown: set[str] = set()
    for raw, n in zip(numbers, canon):
        card = _lookup(source, raw)
        if card is None:
            unknown.add(n)
        else:
            cards.append(card)
    out += [Violation("N-CARD-4", {"number": n}) for n in unknown]

    count = len(canon)
    if lim["exact"] is not None:
        if count != lim["exact"]:
            out.append(Violation(lim["size_rule"], {"count": count, "required": lim["exact"]}))
    elif count < lim["minimum"]:
        out.append(Violation(lim["size_rule"], {"count": count, "minimum": lim["minimum"]}))

    ninjas = sum(1 for c in cards if c.type == "Ninja" and not c.is_group)
    if ninjas > lim["ninja_max"]:
        out.append(Violation(lim["ninja_rule"], {"count": ninjas, "maximum": lim["ninja_max"]}))

    for name, k in Counter(c.name for c in cards).items():
        if k > MAX_SAME_NAME:
            first = next(c.number for c in cards if c.name == name)  # shows the name in the reader's language
            out.append(
                Violation(lim["name_rule"], {"name": name, "card": first, "count": k, "maximum": MAX_SAME_NAME})
            )

    if lim["restricted_rule"]:
        for number, k in Counter(n for n in canon if n in RESTRICTED).items():
            if k > 1:
                out.append(
                    Violation(lim["restricted_rule"], {"number": number, "count": k, "maximum": 1})
                )

    return sorted(out, key=_violation_key)


# --- plain-text deck lists ------------------------------------------------------------------------


class DeckListError(ValueError):
    """A deck-list line that is not `[count[x]] number [name]`."""

    def __init__(self, line: int, text: str, reason: str = "not a deck-list entry"):
        self.line = line
        self.text = text
        self.reason = reason
        super().__init__(f"line {line}: {reason}: {text!r}")


_LINE = re.compile(
    r"""^(?:(?P<count>\d+)\s*[xX×]?\s+)?     # optional count, `3`, `3x` or `3 x`
        (?P<number>[A-Za-z]{1,4}\s*-\s*\d+[A-Za-z]*)  # card number, e.g. N-008, te-006
        (?:\s+(?P<name>.*))?$                 # optional name, not checked
    """,
    re.VERBOSE,
)


def parse_deck_list(text: str) -> list[str]:
    """Card numbers (canonical, one entry per copy) from a plain-text deck list."""
    out: list[str] = []
    for i, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = _LINE.match(line)
        if m is None:
            raise DeckListError(i, raw)
        count = int(m["count"]) if m["count"] is not None else 1
        if count < 1:
            raise DeckListError(i, raw, "count must be at least 1")
        out += [canonical_number(m["number"])] * count
    return out


@lru_cache(maxsize=50_000)
def number_key(number: str) -> tuple:
    """Card numbers in their natural order (N-2 before N-10): deck lists and search results."""
    prefix, _, rest = number.partition("-")
    digits = re.match(r"\d+", rest)
    return (prefix, int(digits.group()) if digits else -1, rest)


def format_deck_list(numbers: list[str], source: CardSource) -> str:
    """`count number name` lines sorted by number; `parse_deck_list` reads it back."""
    counts = Counter(canonical_number(n) for n in numbers)
    lines = []
    for number in sorted(counts, key=number_key):
        card = _lookup(source, number)
        name = f" {card.name}" if card is not None else ""
        lines.append(f"{counts[number]} {number}{name}")
    return "\n".join(lines) + ("\n" if lines else "")


# --- random legal decks ---------------------------------------------------------------------------

#: copies with entrance cost 0 a random deck starts with, so that random games get going
MIN_FREE_NINJAS = 8


def random_deck(source: CardSource, fmt: str, rng: random.Random) -> list[str]:
    """A random deck that `check_deck(..., fmt)` accepts, deterministic for the rng's state.

    Ninja count is drawn within the format's limit; at least `MIN_FREE_NINJAS` copies of entrance
    cost 0 (when the source has them) and about half the Ninjas of entrance cost 0 or 1.
    """
    lim = _limits(fmt)
    size = lim["exact"] if lim["exact"] is not None else lim["minimum"]
    pool = sorted(
        (c for c in source if c.type in DECK_TYPES), key=lambda c: number_key(c.number)
    )
    per_name: Counter[str] = Counter()
    per_card: Counter[str] = Counter()
    deck: list[Card] = []

    def cap(card: Card) -> int:
        return 1 if canonical_number(card.number) in RESTRICTED else MAX_SAME_NAME

    def room(card: Card) -> bool:
        return per_card[card.number] < cap(card) and per_name[card.name] < MAX_SAME_NAME

    def add(candidates: list[Card], k: int) -> int:
        added = 0
        while added < k:
            open_ = [c for c in candidates if room(c)]
            if not open_:
                break
            card = rng.choice(open_)
            per_card[card.number] += 1
            per_name[card.name] += 1
            deck.append(card)
            added += 1
        return added

    plain = [c for c in pool if c.type == "Ninja" and not c.is_group]
    others = [c for c in pool if not (c.type == "Ninja" and not c.is_group)]
    ninja_max = lim["ninja_max"]
    target = rng.randint(max(MIN_FREE_NINJAS * 2, ninja_max * 2 // 3), ninja_max)

    n = add([c for c in plain if c.entrance_cost == 0], min(MIN_FREE_NINJAS, target))
    cheap_goal = max(0, target // 2 - n)
    n += add([c for c in plain if c.entrance_cost is not None and c.entrance_cost <= 1],
             min(cheap_goal, target - n))
    n += add(plain, target - n)
    add(others, size - len(deck))
    if len(deck) < size:  # not enough other cards: top up with Ninjas while the limit allows
        add(plain, min(size - len(deck), ninja_max - n))
    if len(deck) != size:
        raise ValueError(f"the card source cannot make a legal {fmt} deck")
    return sorted((c.number for c in deck), key=number_key)

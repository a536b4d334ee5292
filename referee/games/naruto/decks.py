"""Deck construction (N-DECK, N-DECK-FR).

A deck is a list of card numbers, one entry per copy, or numbers with their counts. `check_deck` returns every broken rule as a
`Violation` (rule id plus named params, no display text); `random_deck` builds a legal deck for
quick games and tests. Deck lists in their text forms are `decklists`'s.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Iterable, Mapping

from referee.engine.errors import Violation
from referee.engine.numbers import canonical_number, number_key
from referee.games import GAMES
from referee.games.naruto.cards import Card, CardSource

FORMATS = GAMES["naruto"].formats  # the registry is the one place that says which

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


def check_deck(numbers: Iterable[str] | Mapping[str, int], source: CardSource, fmt: str) -> list[Violation]:
    """Every deck-construction rule the deck breaks in format `fmt` (empty list: legal). The deck is
    its card numbers, one per copy, or a mapping of numbers to counts (never expanded)."""
    lim = _limits(fmt)
    counts: Counter[str] = Counter()
    raw_of: dict[str, str] = {}
    for raw, k in (numbers.items() if isinstance(numbers, Mapping) else ((n, 1) for n in numbers)):
        n = canonical_number(raw)
        counts[n] += k
        raw_of.setdefault(n, raw)
    out: list[Violation] = []

    cards: dict[str, Card] = {}
    for n in counts:
        card = _lookup(source, raw_of[n])
        if card is None:
            out.append(Violation("N-CARD-4", {"number": n}))
        else:
            cards[n] = card

    count = sum(counts.values())
    if lim["exact"] is not None:
        if count != lim["exact"]:
            out.append(Violation(lim["size_rule"], {"count": count, "required": lim["exact"]}))
    elif count < lim["minimum"]:
        out.append(Violation(lim["size_rule"], {"count": count, "minimum": lim["minimum"]}))

    ninjas = sum(counts[n] for n, c in cards.items() if c.type == "Ninja" and not c.is_group)
    if ninjas > lim["ninja_max"]:
        out.append(Violation(lim["ninja_rule"], {"count": ninjas, "maximum": lim["ninja_max"]}))

    per_name: Counter[str] = Counter()
    first: dict[str, str] = {}
    for n, card in cards.items():
        per_name[card.name] += counts[n]
        first.setdefault(card.name, card.number)  # shows the name in the reader's language
    for name, k in per_name.items():
        if k > MAX_SAME_NAME:
            out.append(Violation(lim["name_rule"], {"name": name, "card": first[name], "count": k,
                                                    "maximum": MAX_SAME_NAME}))

    if lim["restricted_rule"]:
        for number in RESTRICTED & counts.keys():
            if counts[number] > 1:
                out.append(Violation(lim["restricted_rule"], {"number": number, "count": counts[number], "maximum": 1}))

    return sorted(out, key=_violation_key)


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

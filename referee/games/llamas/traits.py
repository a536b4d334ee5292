"""What cards in the fields make true while they are there (L-EFFECT-1, L-EFFECT-3): each card's
``while`` table of continuous words, read fresh from the fields every time (nothing to keep in step).

- ``hand_limit`` and ``win_count``: added to the hand limit (L-TURN-4) and to the number of animals
  needed to win (L-WIN-1) of the field's player.
- ``no_play``: a filter of cards the field's player cannot play; ``no_play_name``: a word their
  names must not contain.
- ``closed``: a filter of animals that cannot come into this field nor be moved from it to another.
- ``all_rams``: every animal in this field is a ram, and its rams lose their abilities.
- ``unanswerable``: no Instant can answer the cards the field's player plays.
- ``immune``: the card cannot be affected (L-IMMUNE-1).
"""

from __future__ import annotations

from .cards import VARIATIONS, Card
from .state import LlamasState
from .zones import field_of

HAND_LIMIT = 7  # L-TURN-4


def words(s: LlamasState, seat: int, key: str) -> list[tuple[int, object]]:
    """(card, value) for every card in ``seat``'s field whose continuous effect has ``key``: its
    `active` abilities, the field's Legal Ramifications looked for only when an animal has one."""
    out = []
    rams = None
    for iid in s.players[seat].field:
        card = s.card(iid)
        if card is None:
            continue
        value = card.continuous.get(key)
        if value is None:
            continue
        if card.is_animal:
            if rams is None:
                rams = _all_rams(s, seat)
            if rams:
                continue
        out.append((iid, value))
    return out


def _all_rams(s: LlamasState, seat: int) -> bool:
    for iid in s.players[seat].field:
        card = s.card(iid)
        if card is not None and not card.is_animal and card.continuous.get("all_rams"):
            return True
    return False


def variations(s: LlamasState, iid: int) -> tuple[str, ...]:
    """The animal's variations where it is now: printed, or a ram in a field with Legal Ramifications."""
    card = s.card(iid)
    if card is None or not card.is_animal:
        return ()
    seat = field_of(s, iid)
    return ("ram",) if seat is not None and _all_rams(s, seat) else card.variations


def active(s: LlamasState, iid: int) -> dict:
    """The card's abilities as they work now: an animal in a field with Legal Ramifications is a ram
    and rams there lose their abilities (LU-043)."""
    card = s.card(iid)
    if card is None:
        return {}
    if card.is_animal and card.abilities:
        seat = field_of(s, iid)
        if seat is not None and _all_rams(s, seat):
            return {}
    return card.abilities


def matches(s: LlamasState, iid: int, spec: str) -> bool:
    """Does the card meet a filter, with its variations where it is now (see `card_matches`)?"""
    card = s.card(iid)
    return card is not None and card_matches(card, spec, variations(s, iid))


def card_matches(card: Card, spec: str, kinds: tuple[str, ...] | None = None) -> bool:
    """Does a card meet a filter: words joined by ``|`` (any of them), each a type (``animal``,
    ``upgrade``...), an animal subtype (``baby``...), a variation (``llama``...), ``card`` (any card)
    or ``non_llama_animal``. ``kinds`` are its variations, the printed ones unless given."""
    kinds = card.variations if kinds is None else kinds
    for word in spec.split("|"):
        if word == "card" or word == card.type or (card.is_animal and word == card.subtype):
            return True
        if word in VARIATIONS and word in kinds:
            return True
        if word == "non_llama_animal" and card.is_animal and "llama" not in kinds:
            return True
    return False


def owns(s: LlamasState, seat: int, spec: str) -> bool:
    return any(matches(s, i, spec) for i in s.players[seat].field)


def animals(s: LlamasState, seat: int) -> list[int]:
    return [i for i in s.players[seat].field if (c := s.card(i)) is not None and c.is_animal]


def hand_limit(s: LlamasState, seat: int) -> int:
    return max(0, HAND_LIMIT + sum(v for _, v in words(s, seat, "hand_limit")))


def needed(s: LlamasState, seat: int) -> int:
    """Animals ``seat`` needs to win: 7 with 2 to 5 players, 6 with 6 to 8 (L-WIN-1), less a card's
    reduction (LU-070)."""
    base = 7 if s.seats <= 5 else 6
    return max(1, base + sum(v for _, v in words(s, seat, "win_count")))


def immune(s: LlamasState, iid: int) -> bool:
    return bool(active(s, iid).get("while", {}).get("immune"))


def barred(s: LlamasState, seat: int, card: Card) -> int | None:
    """The card in ``seat``'s field that stops that player playing ``card`` (LU-042, LU-044, LU-046)."""
    for source, spec in words(s, seat, "no_play"):
        if card_matches(card, spec):
            return source
    for source, word in words(s, seat, "no_play_name"):
        if word in card.name.lower():
            return source
    return None


def closed(s: LlamasState, seat: int, card: Card, kinds: tuple[str, ...] | None = None) -> int | None:
    """The card in ``seat``'s field that keeps an animal of these variations (``kinds``, the printed
    ones unless given) out of that field, or in it (LU-041, LU-047)."""
    if not card.is_animal:
        return None
    kinds = card.variations if kinds is None else kinds
    for source, spec in words(s, seat, "closed"):
        if set(kinds) & set(spec.split("|")):
            return source
    return None


def unanswerable(s: LlamasState, seat: int) -> bool:
    """No Instant may answer what ``seat`` plays (LU-074)."""
    return bool(words(s, seat, "unanswerable"))

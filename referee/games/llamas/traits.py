"""What cards in the fields make true while they are there (L-EFFECT-1, L-EFFECT-3): each card's
``while`` table of continuous words, worked out once for each content of a field (`FieldTraits`).

- ``hand_limit`` and ``win_count``: added to the hand limit (L-TURN-4) and to the number of animals
  needed to win (L-WIN-1) of the field's player.
- ``no_play``: a filter of cards the field's player cannot play; ``no_play_name``: a word their
  names must not contain.
- ``closed``: a filter of animals that cannot come into this field nor be moved from it to another.
- ``all_rams``: every animal in this field is a ram, and its rams lose their abilities.
- ``unanswerable``: no Instant can answer the cards the field's player plays.
- ``immune``: the card cannot be affected (L-IMMUNE-1).
- ``all_llamas``: every animal in this field is a llama (LU-093), abilities kept.
- ``no_win``: the field's player cannot win (LU-099).
- ``protects``: a filter of the other cards of this field that cannot be affected (LU-111).
- ``sheltered``: the herd bonuses of other players' cards do not reach the field's player (LU-112):
  their watchers do not trigger on what this player does, and No Probllama does not stop this
  player's Instants (`links.watchers`, `pile.next_asker`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .cards import VARIATIONS, Card
from .state import LlamasState
from .zones import field_of

HAND_LIMIT = 7  # L-TURN-4


class FieldTraits:
    """What one field makes true, worked out once for each content of the field: the cards in it
    (``cards``, the key), whether Legal Ramifications makes its animals rams that lose their
    abilities (``rams``), its animals, and its continuous words by key as (card, value) pairs, in the
    field's order, an animal's left out when ``rams`` (see `words`).

    The rules ask these many times in one decision and a field changes far less often: every play
    listed asks each field whether it keeps the card out, every win check counts each field's animals
    and the animals they need, every player asked to answer a card looks for a Tranquilizer. Reading
    them afresh meant walking each field card by card each time (the largest part of a Llamas
    decision in the profile of `bench/engine.py`). They are a pure function of the field's cards,
    since a card's number does not change while it is in a field (it is named before it enters,
    L-ZONE-1), so `field_traits` keeps them per seat with the field's content as the key: a field
    changed in any way (by a move, an undo, a test setting up a position) is worked out again."""

    __slots__ = ("cards", "field", "rams", "kind", "animals", "variations", "words", "win_count", "abilities", "placements",
                 "restrictions", "owned", "protected", "no_instants")

    def __init__(self, s: LlamasState, cards: tuple[int, ...]):
        # plain loops rather than comprehensions: a field is a few cards, and it is worked out again each
        # time it changes, so what a comprehension costs to start would be most of it
        self.cards = cards
        self.field = list(cards)  # `field_traits` compares it with the field as it is now
        number_of, card_of = s.instances, s.cards.get
        known: list[tuple[int, Card]] = []
        animals: list[int] = []
        rams = False
        for iid in cards:
            number = number_of[iid]
            card = None if number is None else card_of(number)
            if card is None:
                continue
            known.append((iid, card))
            if card.is_animal:
                animals.append(iid)
            elif card.continuous.get("all_rams"):
                rams = True
        self.rams = rams
        self.animals = tuple(animals)
        # one walk for the words and the abilities: an animal's count for nothing where rams lose theirs
        words: dict[str, Any] = {}
        by_key: dict[str, Any] = {}
        for iid, card in known:
            if rams and card.is_animal:
                continue
            for key, value in card.continuous.items():
                if value is not None:
                    words.setdefault(key, []).append((iid, value))
            for key, ability in card.abilities.items():
                by_key.setdefault(key, []).append((iid, ability))
        for pairs in (words, by_key):
            for key in pairs:
                pairs[key] = tuple(pairs[key])
        self.words = words
        #: the one variation every animal of the field has there, if a card says so (`variations_in`)
        self.kind = "ram" if rams else "llama" if "all_llamas" in self.words else None
        #: the variations its animals have there (`variations_here`), worked out when first asked
        self.variations: frozenset[str] | None = None
        self.win_count = sum(v for _, v in words["win_count"]) if "win_count" in words else 0
        #: a card of the field keeps its player from playing Instants (a Tranquilizer): asked of every
        #: player each time a card is played, to know who may answer it
        self.no_instants = "no_play" in self.words and any("instant" in alternatives(spec)
                                                           for _, spec in self.words["no_play"])
        #: by ability key (``anyone_plays``, ``begin_of_turn``...), the cards of the field having it as
        #: it works there (`abilities_in`) with the ability, in the field's order: every card played
        #: asks each field for its watchers, and most fields have none
        self.abilities = by_key
        #: by card number, why that card cannot go into this field, or None (`pile._placement`, a pure
        #: function of the card and the field): every listing of the Action phase asks it of each card
        #: of the hand and each field, and fields change less often than hands
        self.placements: dict[str, tuple[str, dict] | None] = {}
        #: by card number, why this field's player may not play that card, or None (`pile._restrictions`)
        self.restrictions: dict[str, tuple[str, dict] | None] = {}
        #: by filter, whether a card of the field meets it (`owns`: a watcher's condition, a card's
        #: requirement, asked for every card played and every play listed)
        self.owned: dict[str, bool] = {}
        #: the cards of the field another card of it protects (LU-111), worked out when first asked
        self.protected: frozenset[int] | None = None

    def variations_here(self, s: LlamasState) -> frozenset[str]:
        """The variations the field's animals have there (a card that needs one of each to enter)."""
        if self.variations is None:
            self.variations = frozenset(v for iid in self.animals for v in variations_in(s.card(iid), self.kind))
        return self.variations

    def needed(self, seats: int) -> int:
        """The animals this field's player needs to win in a game of ``seats`` players (`needed`)."""
        return max(1, (7 if seats <= 5 else 6) + self.win_count)

    def barring(self, card: Card) -> int | None:
        """The card of this field that stops its player playing ``card`` (LU-042, LU-044, LU-046)."""
        for source, spec in self.words.get("no_play", ()):
            if card_matches(card, spec):
                return source
        for source, word in self.words.get("no_play_name", ()):
            if word in card.name.lower():
                return source
        return None

    def closing(self, card: Card, kinds: tuple[str, ...] | None = None) -> int | None:
        """The card of this field that keeps an animal of these variations out of it, or in it
        (`closed`)."""
        if not card.is_animal:
            return None
        kinds = card.variations if kinds is None else kinds
        for source, spec in self.words.get("closed", ()):
            if card_matches(card, spec, kinds):
                return source
        return None

    def protecting(self, s: LlamasState, iid: int) -> bool:
        """Whether another card of this field keeps card ``iid`` of it from being affected (LU-111)."""
        protected = self.protected
        if protected is None:
            protectors = self.words.get("protects")
            protected = self.protected = frozenset(
                i for i in self.cards if any(source != i and self.meets(s, i, spec) for source, spec in protectors)
            ) if protectors else frozenset()
        return iid in protected

    def meets(self, s: LlamasState, iid: int, spec: str) -> bool:
        """Whether card ``iid`` of this field meets a filter, with its variations here (`matches`)."""
        card = s.card(iid)
        return card is not None and card_matches(card, spec, variations_in(card, self.kind))

    def owns(self, s: LlamasState, spec: str) -> bool:
        """Whether a card of this field meets a filter (`owns`), worked out once per filter."""
        owned = self.owned.get(spec)
        if owned is None:
            owned = self.owned[spec] = any(self.meets(s, iid, spec) for iid in self.cards)
        return owned


def field_traits(s: LlamasState, seat: int) -> FieldTraits:
    """``seat``'s `FieldTraits`, worked out again only when the field holds other cards than when
    they were last worked out (the state keeps them per seat, unsaved)."""
    field = s.players[seat].field
    known = s.field_traits.get(seat)
    if known is None or known.field != field:  # two lists: compared without copying the field
        known = s.field_traits[seat] = FieldTraits(s, tuple(field))
    return known


def words(s: LlamasState, seat: int, key: str) -> tuple[tuple[int, object], ...]:
    """(card, value) for every card in ``seat``'s field whose continuous effect has ``key``: its
    `active` abilities (an animal's count for nothing in a field with Legal Ramifications)."""
    return field_traits(s, seat).words.get(key, ())


def _all_rams(s: LlamasState, seat: int) -> bool:
    return field_traits(s, seat).rams


def variations(s: LlamasState, iid: int, seats: dict[int, int] | None = None) -> tuple[str, ...]:
    """The animal's variations where it is now: printed, a ram in a field with Legal Ramifications,
    a llama in a field with Llamanator (``seats``: see `zones.ref`)."""
    card = s.card(iid)
    if card is None or not card.is_animal:
        return ()
    seat = field_of(s, iid) if seats is None else seats.get(iid)
    return variations_in(card, None if seat is None else field_traits(s, seat).kind)


def active(s: LlamasState, iid: int) -> dict:
    """The card's abilities as they work now: an animal in a field with Legal Ramifications is a ram
    and rams there lose their abilities (LU-043)."""
    card = s.card(iid)
    if card is None:
        return {}
    if card.is_animal and card.abilities:
        seat = field_of(s, iid)
        return abilities_in(card, seat is not None and _all_rams(s, seat))
    return card.abilities


def variations_in(card: Card, kind: str | None) -> tuple[str, ...]:
    """`variations` of a card whose place is known: in a field whose animals all are of one
    variation (``kind``, the field's `FieldTraits.kind`), or not (None: any other field, or out of
    the fields)."""
    if not card.is_animal:
        return ()
    return (kind,) if kind else card.variations


def abilities_in(card: Card, rams: bool) -> dict:
    """`active` of a card whose place is known (see `variations_in`)."""
    return {} if rams and card.is_animal and card.abilities else card.abilities


def matches(s: LlamasState, iid: int, spec: str, seats: dict[int, int] | None = None) -> bool:
    """Does the card meet a filter, with its variations where it is now (see `card_matches`;
    ``seats``: see `zones.ref`)?"""
    card = s.card(iid)
    return card is not None and card_matches(card, spec, variations(s, iid, seats))


def card_matches(card: Card, spec: str, kinds: tuple[str, ...] | None = None) -> bool:
    """Does a card meet a filter: words joined by ``|`` (any of them), each a type (``animal``,
    ``upgrade``...), an animal subtype (``baby``...), a variation (``llama``...), ``card`` (any card)
    or ``non_llama_animal``. ``kinds`` are its variations, the printed ones unless given."""
    kinds = card.variations if kinds is None else kinds
    for word in alternatives(spec):
        if word == "card" or word == card.type or (card.is_animal and word == card.subtype):
            return True
        if word in VARIATIONS and word in kinds:
            return True
        if word == "non_llama_animal" and card.is_animal and "llama" not in kinds:
            return True
    return False


def owns(s: LlamasState, seat: int, spec: str) -> bool:
    """Whether a card of ``seat``'s field meets a filter, with its variations there."""
    return field_traits(s, seat).owns(s, spec)


@lru_cache(maxsize=None)
def alternatives(spec: str) -> tuple[str, ...]:
    """The words of a filter (``animal|upgrade``), split once for each filter the cards name: every
    card looked at is matched against one."""
    return tuple(spec.split("|"))


def animals(s: LlamasState, seat: int) -> list[int]:
    return list(field_traits(s, seat).animals)


def hand_limit(s: LlamasState, seat: int) -> int:
    changes = words(s, seat, "hand_limit")  # none in most fields
    return max(0, HAND_LIMIT + sum(v for _, v in changes)) if changes else HAND_LIMIT


def needed(s: LlamasState, seat: int) -> int:
    """Animals ``seat`` needs to win: 7 with 2 to 5 players, 6 with 6 to 8 (L-WIN-1), less a card's
    reduction (LU-070)."""
    return field_traits(s, seat).needed(s.seats)


def immune(s: LlamasState, iid: int) -> bool:
    """The card cannot be affected (L-IMMUNE-1): by its own words, or by another card of its field's
    (LU-111)."""
    if active(s, iid).get("while", {}).get("immune"):
        return True
    seat = field_of(s, iid)
    return seat is not None and field_traits(s, seat).protecting(s, iid)


def can_win(s: LlamasState, seat: int) -> bool:
    """No card of ``seat``'s field keeps its player from winning (LU-099)."""
    return not words(s, seat, "no_win")


def sheltered(s: LlamasState, seat: int) -> bool:
    """Other players' herd bonuses do not reach ``seat`` (LU-112)."""
    return bool(words(s, seat, "sheltered"))


def closed(s: LlamasState, seat: int, card: Card, kinds: tuple[str, ...] | None = None) -> int | None:
    """The card in ``seat``'s field that keeps an animal of these variations (``kinds``, the printed
    ones unless given) out of that field, or in it (LU-041, LU-047)."""
    return field_traits(s, seat).closing(card, kinds)


def unanswerable(s: LlamasState, seat: int) -> bool:
    """No Instant may answer what ``seat`` plays (LU-074)."""
    return bool(words(s, seat, "unanswerable"))

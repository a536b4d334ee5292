"""The position of a Llamas Unleashed match: every zone, the instant pile, the chain of effects and
the choices owed, as plain data.

Cards are instances numbered from 0; ``instances[i]`` is the printed number of instance ``i``, or None
while it is an unknown physical card (referee mode: the deck and hands are unknown until a card is
revealed and named, as in the Naruto rules). Zones are lists of instance ids. Shared zones are the
nursery, the deck (top first) and the discard pile (top last); each player has a hand and a field
(L-ZONE-1). `to_dict` is the JSON form and `from_dict` reads it back exactly; `snapshot` and
`restore` are the same, keeping the generator's state as it is (see `TrackedRandom`).

- ``pile``: the cards being played, bottom first: the card played in the Action phase, then each
  Instant answering the one below it (L-CARD-1); an entry is ``{"card", "player", "into"}``
  (``into`` is the seat whose field a card goes to).
- ``asking``: the seat that may answer the top of the pile now, None when nobody may.
- ``chain``: the chain of effects, first link first (L-CHAIN-1); see `chain.py`.
- ``pending``: choices the players owe before anything else happens, first one first (`effects.py`).
- ``plays``: plays (or Action-phase draws) left this turn (L-TURN-3); ``words``: what cards decided
  for this turn (``no_instants``, ``no_draw``); ``skips``: turns each seat will miss; ``extra``:
  extra turns each seat will take.
- ``sets``: the expansions whose cards were shuffled into the deck (L-SETUP-3).
"""

from __future__ import annotations

import random
from functools import lru_cache
from operator import attrgetter
from typing import Any

from referee.engine.names import default_name
from referee.engine.plain import copy_json
from referee.engine.rng import TrackedRandom, from_json, to_json

from .cards import Card, LlamasCards

SHARED = ("nursery", "deck", "discard")
#: the attributes saved as they are (plain JSON values), besides the players and the generator
FIELDS = ("phase", "mode", "seed", "sets", "instances", *SHARED, "pile", "chain", "pending", "pool", "turn",
          "current", "first", "asking", "plays", "words", "skips", "extra", "winner", "reason", "over")
#: attributes later versions added, and their values in a position saved before (no expansion, no
#: extra turn): by the number of seats
LATER = {"sets": lambda seats: [], "extra": lambda seats: [0] * seats}
#: those of them that are flat lists of plain values, copied as lists (the bulk of a position: every
#: instance's number, the deck) rather than walked value by value as `copy_json` walks nested data
FLAT = frozenset({"sets", "instances", *SHARED, "words", "skips", "extra"})
#: the same attributes sorted by how `snapshot` copies them: plain immutable values (taken as they
#: are), flat lists, and nested data
_SCALAR_FIELDS = tuple(k for k in FIELDS if k not in FLAT and k not in ("pile", "chain", "pending", "pool"))
_FLAT_FIELDS = tuple(k for k in FIELDS if k in FLAT)
_NESTED_FIELDS = ("pile", "chain", "pending", "pool")
_SCALARS = attrgetter(*_SCALAR_FIELDS)
_FLATS = attrgetter(*_FLAT_FIELDS)
_NESTED = attrgetter(*_NESTED_FIELDS)


class Player:
    __slots__ = ("name", "hand", "field")

    def __init__(self, name: str, hand: list[int] | None = None, field: list[int] | None = None):
        self.name = name
        self.hand: list[int] = hand if hand is not None else []
        self.field: list[int] = field if field is not None else []

    def to_dict(self) -> dict:
        return {"name": self.name, "hand": list(self.hand), "field": list(self.field)}

    @classmethod
    def from_dict(cls, d: dict) -> "Player":
        return cls(d["name"], list(d["hand"]), list(d["field"]))


class LlamasState:
    def __init__(self, cards: LlamasCards, players: int, *, mode: str = "guided", seed: int = 0):
        self.cards = cards  # the card source (not saved: positions name cards by number)
        self.events: list[tuple[str, dict]] = []  # what the last step did, for the match log
        #: what each seat's field makes true, by seat, kept with the field's content (`traits.field_traits`;
        #: not saved: it follows from the fields)
        self.field_traits: dict[int, Any] = {}
        self.phase = "setup_baby"
        self.mode = mode  # "guided": the program holds the deck; "referee": physical cards
        self.seed = seed
        #: the expansions shuffled into the deck (L-SETUP-3), by code; the base game is always in it
        self.sets: list[str] = []
        self.rng: random.Random = TrackedRandom(seed)
        self.players = [Player(default_name(k)) for k in range(players)]
        self.instances: list[str | None] = []
        self.nursery: list[int] = []
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.pile: list[dict] = []
        self.chain: list[dict] = []
        self.pending: list[dict] = []
        #: referee mode: copies of each number not yet named (a named card must have one left)
        self.pool: dict[str, int] | None = None
        self.turn = 0
        self.current = 0  # whose turn it is (in the set-up: who chooses a baby)
        self.first = 0
        self.asking: int | None = None
        self.plays = 0
        self.words: list[str] = []
        self.skips = [0] * players
        self.extra = [0] * players  # extra turns each seat will take after its current one (LU-107)
        self.winner: int | None = None
        self.reason = ""
        self.over = False

    # --- reading --------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return len(self.players)

    def card(self, iid: int) -> Card | None:
        number = self.instances[iid]
        return None if number is None else self.cards.get(number)

    def clockwise(self, start: int) -> tuple[int, ...]:
        """Every seat in turn order, beginning with ``start``."""
        return _clockwise(start, len(self.players))

    def emit(self, key: str, **params: Any) -> None:
        self.events.append((key, params))

    # --- saving ---------------------------------------------------------------------------
    def _plain(self) -> dict:
        d = {key: list(getattr(self, key)) if key in FLAT else copy_json(getattr(self, key)) for key in FIELDS}
        d["players"] = [p.to_dict() for p in self.players]
        return d

    def to_dict(self) -> dict:
        return {"game": "llamas", "rng": to_json(self.rng), **self._plain()}

    def snapshot(self) -> tuple:
        """The position as a private copy for undo, quicker than `to_dict` (the match takes one every
        few actions): its values copied by kind, the players' zones as lists (`restore` reads it)."""
        return (_SCALARS(self), [values[:] for values in _FLATS(self)], copy_json(list(_NESTED(self))),
                [(p.name, p.hand[:], p.field[:]) for p in self.players], self.rng.getstate())

    @classmethod
    def _from_plain(cls, d: dict, cards: LlamasCards, rng: TrackedRandom) -> "LlamasState":
        s = cls.__new__(cls)
        s.cards, s.events, s.rng, s.field_traits = cards, [], rng, {}
        seats = len(d["players"])
        for key in FIELDS:
            value = d[key] if key in d or key not in LATER else LATER[key](seats)
            setattr(s, key, list(value) if key in FLAT else copy_json(value))
        s.players = [Player.from_dict(p) for p in d["players"]]
        return s

    @classmethod
    def restore(cls, snapshot: tuple, cards: LlamasCards) -> "LlamasState":
        """The position `snapshot` was taken of (a new state; the snapshot can be restored again)."""
        scalars, flats, nested, players, rng = snapshot
        s = cls.__new__(cls)
        s.cards, s.events, s.rng, s.field_traits = cards, [], TrackedRandom.restored(rng), {}
        for key, value in zip(_SCALAR_FIELDS, scalars):
            setattr(s, key, value)
        for key, values in zip(_FLAT_FIELDS, flats):
            setattr(s, key, values[:])
        for key, value in zip(_NESTED_FIELDS, copy_json(nested)):
            setattr(s, key, value)
        s.players = [Player(name, hand[:], field[:]) for name, hand, field in players]
        return s

    @classmethod
    def from_dict(cls, d: dict, cards: LlamasCards) -> "LlamasState":
        return cls._from_plain(d, cards, from_json(d["rng"]))


@lru_cache(maxsize=None)
def _clockwise(start: int, seats: int) -> tuple[int, ...]:
    """`LlamasState.clockwise`, made once per seat and number of seats: every card played and every
    answer window asks it."""
    return tuple((start + k) % seats for k in range(seats))

"""The position of a Naruto CCG match: every zone, counter and chain link, as plain data.

Cards are instances numbered from 0; ``cards[i]`` is the printed number of instance ``i``, or None
while it is an unknown physical card (referee mode: hands and decks are counts until a card is
revealed and named). Zones are lists of instance ids, so the same rules serve both modes.
`to_dict` is the JSON form and `from_dict` reads it back exactly; `snapshot` is a quicker private copy
for undo that `restore` turns back into the same position (its `to_dict` is the same).
"""

from __future__ import annotations

import random
from operator import attrgetter
from typing import Any

from referee.engine.names import default_name
from referee.engine.plain import copy_json
from referee.engine.rng import TrackedRandom, from_json, to_json

from .cards import Card, CardSource

ZONES = ("deck", "hand", "discard", "chakra", "village", "rewards", "battlefield", "removed")
TURN_FLAGS = ("deployed", "missions", "countered", "client")


class Player:
    __slots__ = ("name", *ZONES, "counter", "teams", "sent", "against", "mulligans", "kept", "pool",
                 *TURN_FLAGS)

    def __init__(self, name: str):
        self.name = name
        for z in ZONES:
            setattr(self, z, [])
        self.counter = 0  # the turn counter (N-ZONE-1, N-SETUP-1)
        self.teams: list[list[int]] = []  # organized teams (N-ORG)
        self.sent: list[list[int]] = []  # teams on the battlefield, leader first (N-ATTACK-2)
        self.against: list[int] = []  # blocker: for each sent team, the index of the team it blocks
        self.mulligans = 0
        self.kept = False
        self.pool: dict[str, int] | None = None  # referee mode with a known deck list: unrevealed copies
        self.deployed = False  # this turn's one Ninja (N-DEPLOY-1)
        self.missions = 0  # Missions played this turn (N-MISSION-1)
        self.countered = False  # Counter mission played this turn (N-MISSION-2)
        self.client = False  # Client deployed this turn (N-CLIENT-1)

    def to_dict(self) -> dict:
        d: dict[str, Any] = {"name": self.name}
        for z in ZONES:
            d[z] = list(getattr(self, z))
        d.update(counter=self.counter, teams=[list(t) for t in self.teams], sent=[list(t) for t in self.sent],
                 against=list(self.against), mulligans=self.mulligans, kept=self.kept,
                 pool=dict(self.pool) if self.pool is not None else None)
        for f in TURN_FLAGS:
            d[f] = getattr(self, f)
        return d

    def copy(self) -> "Player":
        """An independent copy (what `from_dict(to_dict())` gives, only quicker)."""
        p = Player.__new__(Player)
        p.name, p.counter, p.mulligans, p.kept = self.name, self.counter, self.mulligans, self.kept
        p.deployed, p.missions, p.countered, p.client = self.deployed, self.missions, self.countered, self.client
        p.deck, p.hand, p.discard, p.chakra = self.deck[:], self.hand[:], self.discard[:], self.chakra[:]
        p.village, p.rewards, p.battlefield, p.removed = (self.village[:], self.rewards[:], self.battlefield[:],
                                                          self.removed[:])
        p.teams = [t[:] for t in self.teams]
        p.sent = [t[:] for t in self.sent]
        p.against = self.against[:]
        p.pool = dict(self.pool) if self.pool is not None else None
        return p

    @classmethod
    def from_dict(cls, d: dict) -> "Player":
        p = cls(d["name"])
        for z in ZONES:
            setattr(p, z, list(d[z]))
        p.counter, p.mulligans, p.kept = d["counter"], d["mulligans"], d["kept"]
        p.teams = [list(t) for t in d["teams"]]
        p.sent = [list(t) for t in d["sent"]]
        p.against = list(d["against"])
        p.pool = dict(d["pool"]) if d["pool"] is not None else None
        for f in TURN_FLAGS:
            setattr(p, f, d[f])
        return p


class NarutoState:
    def __init__(self, cards: CardSource, *, fmt: str = "standard", mode: str = "guided", seed: int = 0):
        self.cards = cards  # the card source (not saved: positions name cards by number)
        self.events: list[tuple[str, dict]] = []  # what the last step did, for the match log
        #: what the cards in play make true, kept with their zones' content (`traits.play_effects`; not
        #: saved: it follows from those zones)
        self.play_effects: Any = None
        self.phase = "setup_first"
        self.format = fmt
        self.mode = mode  # "guided": the program holds both decks; "referee": physical cards
        self.seed = seed
        self.rng: random.Random = TrackedRandom(seed)
        self.players = [Player(default_name(0)), Player(default_name(1))]
        self.instances: list[str | None] = []
        #: the seat whose zones hold each instance: its owner, or while it is in play under another
        #: player's control (J-022) that player; `taken` keeps the owner of those (see `zones.take`)
        self.owner: list[int] = []
        self.taken: dict[int, int] = {}
        self.injured: set[int] = set()
        self.coins: dict[int, dict[str, int]] = {}
        self.entered: dict[int, int] = {}  # instance -> turn it was deployed (N-KEY-GROW-3)
        #: effects lasting until the end of the turn, in the order they applied (see `lasting.py`)
        self.lasting: list[dict] = []
        #: choices the players owe before play goes on, first one first (see `effects.py`)
        self.pending: list[dict] = []
        #: optional abilities that may be used in the current step (see `abilities.py`)
        self.offers: list[dict] = []
        self.turn = 0
        self.attacker = 0
        self.first = 0
        #: the seat that won the program's coin flip and now chooses who starts (N-SETUP-3)
        self.coin_winner: int | None = None
        self.priority = 0
        self.passes = 0  # consecutive passes (chain priority or the open Jutsu exchange)
        self.chain: list[dict] = []
        self.chain_starter = 0
        self.window = ""  # "deploy" or "end": the blocker may answer in the Mission phase
        self.mental = False  # a mental battle this turn (N-SHOW-2)
        self.winner: int | None = None
        self.reason = ""
        self.over = False

    # --- reading --------------------------------------------------------------------------
    def card(self, iid: int) -> Card | None:
        number = self.instances[iid]
        return None if number is None else self.cards.get(number)

    @property
    def blocker(self) -> int:
        return 1 - self.attacker

    @property
    def first_turn(self) -> bool:
        """The first player's first turn (N-START-3, N-ORG-5)."""
        return self.turn == 1

    def emit(self, key: str, **params: Any) -> None:
        self.events.append((key, params))

    # --- saving ---------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "game": "naruto", "phase": self.phase, "format": self.format, "mode": self.mode, "seed": self.seed,
            "rng": to_json(self.rng),
            "players": [p.to_dict() for p in self.players],
            "instances": list(self.instances), "owner": list(self.owner),
            "injured": sorted(self.injured),
            "coins": {str(k): dict(v) for k, v in sorted(self.coins.items())},
            "entered": {str(k): v for k, v in sorted(self.entered.items())},
            "taken": {str(k): v for k, v in sorted(self.taken.items())},
            "lasting": copy_json(self.lasting), "pending": copy_json(self.pending),
            "offers": copy_json(self.offers),
            "turn": self.turn, "attacker": self.attacker, "first": self.first, "coin_winner": self.coin_winner,
            "priority": self.priority, "passes": self.passes,
            "chain": [{k: (list(v) if isinstance(v, list) else v) for k, v in link.items()} for link in self.chain],
            "chain_starter": self.chain_starter, "window": self.window, "mental": self.mental,
            "winner": self.winner, "reason": self.reason, "over": self.over,
        }

    def snapshot(self) -> tuple:
        """The position as a private copy for undo, quicker than `to_dict`: the same values, copied
        as they are (the generator's state is shared while it has not drawn, see `TrackedRandom`)."""
        return (_SCALARS(self), self.rng.getstate(), [p.copy() for p in self.players], self.instances[:],
                self.owner[:], set(self.injured), {k: dict(v) for k, v in self.coins.items()}, dict(self.entered),
                dict(self.taken), _copy_chain(self.chain), copy_json(self.lasting), copy_json(self.pending), copy_json(self.offers))

    @classmethod
    def restore(cls, snapshot: tuple, cards: CardSource) -> "NarutoState":
        """The position `snapshot` was taken of (a new state; the snapshot can be restored again)."""
        scalars, rng, players, instances, owner, injured, coins, entered, taken, chain, lasting, pending, offers = snapshot
        s = cls.__new__(cls)
        s.cards = cards
        s.events = []
        s.play_effects = None
        for key, value in zip(SCALAR_FIELDS, scalars):
            setattr(s, key, value)
        s.rng = TrackedRandom.restored(rng)
        s.players = [p.copy() for p in players]
        s.instances, s.owner, s.injured = instances[:], owner[:], set(injured)
        s.coins = {k: dict(v) for k, v in coins.items()}
        s.entered, s.taken = dict(entered), dict(taken)
        s.chain = _copy_chain(chain)
        s.lasting, s.pending, s.offers = copy_json(lasting), copy_json(pending), copy_json(offers)
        return s

    @classmethod
    def from_dict(cls, d: dict, cards: CardSource) -> "NarutoState":
        s = cls(cards, fmt=d["format"], mode=d["mode"], seed=d["seed"])
        s.rng = from_json(d["rng"])
        s.phase = d["phase"]
        s.players = [Player.from_dict(p) for p in d["players"]]
        s.instances = list(d["instances"])
        s.owner = list(d["owner"])
        s.injured = set(d["injured"])
        s.coins = {int(k): dict(v) for k, v in d["coins"].items()}
        s.entered = {int(k): v for k, v in d["entered"].items()}
        s.taken = {int(k): v for k, v in d.get("taken", {}).items()}
        s.coin_winner = d.get("coin_winner")
        for key in ("turn", "attacker", "first", "priority", "passes", "chain_starter", "window", "mental",
                    "winner", "reason", "over"):
            setattr(s, key, d[key])
        s.chain = [{k: (list(v) if isinstance(v, list) else v) for k, v in link.items()} for link in d["chain"]]
        s.lasting = copy_json(d.get("lasting", []))
        s.pending = copy_json(d.get("pending", []))
        s.offers = copy_json(d.get("offers", []))
        return s


#: the attributes of a `NarutoState` that hold plain immutable values
SCALAR_FIELDS = ("phase", "format", "mode", "seed", "turn", "attacker", "first", "coin_winner", "priority", "passes", "chain_starter",
                 "window", "mental", "winner", "reason", "over")
_SCALARS = attrgetter(*SCALAR_FIELDS)


def _copy_chain(chain: list[dict]) -> list[dict]:
    if not chain:
        return []
    return [{k: (v[:] if isinstance(v, list) else v) for k, v in link.items()} for link in chain]

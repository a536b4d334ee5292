"""Positions written by hand: the start of every scenario test and of `referee play` files.

A scenario names the cards of each zone by number, for example::

    scenario(phase="mission_main", turn=3, counters=(2, 2),
             p1={"hand": ["N-008", "J-001"], "deck": ["N-001"] * 10, "village": ["N-002"]},
             p2={"deck": ["N-003"] * 10})

Every Ninja in play gets its own team unless ``teams`` lists them (by number); ``injured`` lists
Ninjas in play that are injured. The result is a guided-mode match at that step.
"""

from __future__ import annotations

from typing import Any

from referee.engine.errors import IllegalAction, PositionError
from referee.engine.match import Match, check_player_name
from referee.engine.numbers import canonical_number

from .cards import CardSource, bundled
from .rules import rules_for
from .state import ZONES, NarutoState

PLAYER_KEYS = set(ZONES) | {"teams", "injured", "counter", "name"}
#: the position's fields a scenario may also set, as they are saved (never any other attribute)
STATE_FIELDS = frozenset({"mode", "chain", "chain_starter", "priority", "window", "passes", "lasting", "coins",
                          "pending", "mental", "offers", "taken"})


def scenario_state(*, phase: str = "mission_main", turn: int = 3, attacker: int = 0, first: int | None = None,
                   p1: dict | None = None, p2: dict | None = None, counters: tuple[int, int] | None = None,
                   fmt: str = "standard", seed: int = 0, cards: CardSource | None = None, **fields: Any) -> NarutoState:
    s = NarutoState(cards or bundled(), fmt=fmt, mode="guided", seed=seed)
    s.phase, s.turn, s.attacker = phase, turn, attacker
    s.first = attacker if first is None else first
    s.priority = attacker
    for p, spec in enumerate((p1 or {}, p2 or {})):
        unknown = set(spec) - PLAYER_KEYS
        if unknown:
            raise PositionError("unknown_key", place=f"p{p + 1}", key=", ".join(sorted(unknown)))
        player = s.players[p]
        player.name = spec.get("name", str(p + 1))
        check_player_name(player.name, p)
        player.kept = True
        player.counter = counters[p] if counters else spec.get("counter", turn // 2)
        by_number: dict[str, int] = {}
        for zone in ZONES:
            for number in spec.get(zone, []):
                if s.cards.get(number) is None:  # a French number or an N-CCG-DB id names it too
                    number = canonical_number(number)
                if s.cards.get(number) is None:
                    raise IllegalAction("N-CARD-4", number=number)
                s.instances.append(number)
                s.owner.append(p)
                iid = len(s.instances) - 1
                getattr(player, zone).append(iid)
                if zone in ("village", "battlefield"):
                    by_number[number] = iid
                    s.entered[iid] = 0
        def placed(number: str) -> int:
            return by_number[number if number in by_number else canonical_number(number)]

        for number in spec.get("injured", []):
            s.injured.add(placed(number))
        in_play = [i for i in player.village + player.battlefield if s.card(i).type == "Ninja"]
        teams = [[placed(n) for n in t] for t in spec.get("teams", [])]
        grouped = {m for t in teams for m in t}
        player.teams = teams + [[i] for i in in_play if i not in grouped]
    for key, value in fields.items():
        if key not in STATE_FIELDS:
            raise PositionError("unknown_key", place="scenario", key=key)
        setattr(s, key, value)
    return s


def scenario(**kwargs: Any) -> Match:
    state = scenario_state(**kwargs)
    return Match(rules_for(state.format), state)

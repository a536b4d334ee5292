"""Requirements and targets of Jutsu and Missions (N-JUTSU-1, N-JUTSU-2, N-MISSION-4,
N-KEY-TARGET-1, N-KEY-COND-1), checked when a card is used and again when its link settles
(N-CHAIN-6).

A card's ``requirement`` and ``target`` are words of a small vocabulary (our own classification of
the Set 1 cards, stored with the card facts). Each target kind is a function listing the cards it
may designate; an *implicit* kind designates all of them at once and needs at least one.
"""

from __future__ import annotations

from typing import Callable

from .cards import RANKS, Card
from .state import NarutoState
from .zones import ninjas, where


def meets(s: NarutoState, user: int, requirement: str) -> bool:
    """Does the Ninja ``user`` meet a requirement such as ``rank:Jonin`` or ``attr:Taijutsu``?"""
    if not requirement:
        return True
    card: Card = s.card(user)
    kind, _, value = requirement.partition(":")
    if kind == "rank":
        return card.rank >= RANKS.index(value)
    if kind == "char":
        return all(v in card.characteristics for v in value.split("+"))
    if kind == "attr":
        return card.attribute == value
    if kind == "name":
        return value in card.names
    if kind == "leader":
        return any(team and team[0] == user for team in s.players[s.owner[user]].sent)
    raise ValueError(f"unknown requirement {requirement!r}")


def sent_team(s: NarutoState, iid: int) -> int | None:
    for i, team in enumerate(s.players[s.owner[iid]].sent):
        if iid in team:
            return i
    return None


def opposing_team(s: NarutoState, iid: int) -> list[int]:
    """The team battling the team of ``iid`` (N-BLOCK-4), empty when it is not battling."""
    p = s.owner[iid]
    i = sent_team(s, iid)
    if i is None:
        return []
    if p == s.attacker:
        blocker = s.players[1 - p]
        return next((list(blocker.sent[j]) for j, a in enumerate(blocker.against) if a == i), [])
    attacker = s.players[1 - p]
    a = s.players[p].against[i]
    return list(attacker.sent[a]) if a < len(attacker.sent) else []


def _both(s: NarutoState, fn: Callable[[int], list[int]]) -> list[int]:
    return fn(0) + fn(1)


def _permanent(s: NarutoState, p: int) -> list[int]:
    return [i for i in s.players[p].village if (c := s.card(i)) is not None and c.is_permanent]


def _chain(s: NarutoState, card_type: str, permanent: bool = True) -> list[int]:
    return [link["card"] for link in s.chain
            if (c := s.card(link["card"])).type == card_type and (permanent or not c.is_permanent)]


# kind -> (implicit?, candidates(state, player, user))
TARGETS: dict[str, tuple[bool, Callable[[NarutoState, int, int | None], list[int]]]] = {
    "user": (True, lambda s, p, u: [u]),
    "ninja": (False, lambda s, p, u: _both(s, lambda q: ninjas(s, q))),
    "fighting": (False, lambda s, p, u: opposing_team(s, u)),
    "every_fighting": (True, lambda s, p, u: opposing_team(s, u)),
    "user_team": (True, lambda s, p, u: (s.players[p].sent[sent_team(s, u)] + opposing_team(s, u))
                  if opposing_team(s, u) else []),
    "opposing_rear": (True, lambda s, p, u: opposing_team(s, u)[1:]),
    "jutsu": (False, lambda s, p, u: _chain(s, "Jutsu")),
    "mission": (False, lambda s, p, u: _chain(s, "Mission", permanent=False)),
    "standby": (False, lambda s, p, u: _both(s, lambda q: ninjas(s, q, ("village",)))),
    "battlefield": (False, lambda s, p, u: _both(s, lambda q: ninjas(s, q, ("battlefield",)))),
    "own_battlefield": (False, lambda s, p, u: ninjas(s, p, ("battlefield",))),
    "team": (False, lambda s, p, u: [t[0] for q in (0, 1) for t in s.players[q].sent if t]),
    "reward": (False, lambda s, p, u: _both(s, lambda q: list(s.players[q].rewards))),
    "own_ninja": (False, lambda s, p, u: ninjas(s, p)),
    "own_injured": (False, lambda s, p, u: [i for i in ninjas(s, p) if i in s.injured]),
    "opposing_ninja": (False, lambda s, p, u: ninjas(s, 1 - p)),
    "permanent": (False, lambda s, p, u: _both(s, lambda q: _permanent(s, q))),
}


def implicit(kind: str) -> bool:
    return kind in ("none", "") or TARGETS[kind][0]


def candidates(s: NarutoState, p: int, user: int | None, kind: str) -> list[int]:
    if kind in ("none", ""):
        return []
    return TARGETS[kind][1](s, p, user)


def ref(s: NarutoState, iid: int) -> str:
    """How a target is written: ``N-018@2`` for a face-up card of seat 2, ``R3@2`` for the third card
    in seat 2's battle rewards (face down)."""
    held_by, zone = where(s, iid)
    if zone == "rewards":
        return f"R{s.players[held_by].rewards.index(iid) + 1}@{held_by + 1}"
    return f"{s.instances[iid]}@{held_by + 1}"


def still_valid(s: NarutoState, link: dict) -> bool:
    """N-CHAIN-6: when a link settles, its user, requirement and targets must still hold."""
    card = s.card(link["card"])
    user = link["user"]
    p = link["player"]
    if card.type == "Jutsu":
        if user is None or sent_team(s, user) is None or s.owner[user] != p or not meets(s, user, card.requirement):
            return False
    kind = card.target
    if kind in ("none", ""):
        return True
    now = candidates(s, p, user, kind)
    if implicit(kind):
        return bool(now)
    return all(t in now for t in link["targets"])

"""Requirements and targets of Jutsu and Missions (N-JUTSU-1, N-JUTSU-2, N-MISSION-4,
N-KEY-TARGET-1, N-KEY-COND-1), checked when a card is used and again when its link settles
(N-CHAIN-6).

A card's ``requirement`` and ``target`` are words of a small vocabulary (our own classification of
the Set 1 cards, stored with the card facts). Each target kind is a function listing the cards it
may designate; an *implicit* kind designates all of them at once and needs at least one.

One requirement, ``combat_max``, reads a card's Combat now (`power.stats`), which itself reads
requirements (the filters of "while" modifiers): `power` adds it to `REQUIREMENTS` rather than this
module importing it.
"""

from __future__ import annotations

from typing import Callable

from referee.engine.errors import IllegalAction

from .cards import RANKS, Card
from .lasting import restricted
from .state import NarutoState
from .traits import attribute, chars, names
from .zones import effect_applies, ninjas, where

#: requirement kinds defined by the modules above this one (see the module docstring):
#: kind -> test(state, card, value)
REQUIREMENTS: dict[str, Callable[[NarutoState, int, str], bool]] = {}


def meets(s: NarutoState, iid: int, requirement: str) -> bool:
    """Does card ``iid`` meet a requirement such as ``rank:Jonin``, ``attr:Taijutsu`` or
    ``type:Ninja+char:Genin``? Clauses joined by ``+`` must all hold; a clause without a kind
    continues the one before (``char:Male+Clone Status``); ``type:Jutsu|Mission`` accepts either.
    Characteristics and attribute are the card's as they are now (`traits`)."""
    if not requirement:
        return True
    if s.card(iid) is None:
        return False
    kind = ""
    for clause in requirement.split("+"):
        if ":" in clause:
            kind, _, value = clause.partition(":")
        elif clause == "leader":
            kind = value = clause
        else:
            value = clause
        if not _meets(s, iid, kind, value):
            return False
    return True


def _meets(s: NarutoState, iid: int, kind: str, value: str) -> bool:
    card: Card = s.card(iid)
    if kind == "rank":
        return card.rank >= RANKS.index(value)
    if kind == "rank_max":
        return card.rank <= RANKS.index(value)
    if kind == "symbol":  # "a Ninja with a Water Symbol": one of its printed symbols
        return value in card.symbols
    if kind == "cost_min":  # "An Entrance cost of 3 or more": the printed one (an X counts as 0)
        return (card.entrance_cost or 0) >= int(value)
    if kind == "char":
        return any(c == value or c.startswith(value + " (") for c in chars(s, iid))
    if kind == "attr":
        return value in attribute(s, iid).split("/")
    if kind == "name":
        return value in names(s, iid)
    if kind == "type":
        return card.type in value.split("|")
    if kind == "leader":
        return any(team and team[0] == iid for team in s.players[s.owner[iid]].sent)
    test = REQUIREMENTS.get(kind)
    if test is None:
        raise ValueError(f"unknown requirement {kind}:{value}")
    return test(s, iid, value)



def sent_team(s: NarutoState, iid: int) -> int | None:
    for i, team in enumerate(s.players[s.owner[iid]].sent):
        if iid in team:
            return i
    return None


def own_team(s: NarutoState, iid: int) -> list[int]:
    """The sent team of ``iid``, itself included, empty when it is not on the battlefield."""
    i = sent_team(s, iid)
    return [] if i is None else list(s.players[s.owner[iid]].sent[i])


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
    "own_team": (True, lambda s, p, u: own_team(s, u)),
    "user_team": (True, lambda s, p, u: own_team(s, u) + opposing_team(s, u) if opposing_team(s, u) else []),
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


def candidates(s: NarutoState, p: int, user: int | None, kind: str, card: Card | None = None) -> list[int]:
    """What a card of target ``kind`` may designate now; with ``card``, only what that card may target
    (`allowed`)."""
    if kind in ("none", ""):
        return []
    found = TARGETS[kind][1](s, p, user)
    return [t for t in found if allowed(s, p, card, t)] if card is not None else found


def jutsu_size(card: Card) -> int:
    """How many chakra a Jutsu's printed cost asks (X counting as nothing; of a cost with
    alternatives, the smallest)."""
    return min((sum(int(t) if t.isdigit() else 0 if t == "X" else 1 for t in tokens) for tokens in card.costs),
               default=0)


def allowed(s: NarutoState, p: int, card: Card, iid: int) -> bool:
    """May player ``p``'s ``card`` target ``iid``? Its own target filter (J-022, M-040), a Ninja immune to
    the opponent's Jutsu this turn (J-024) or to small ones (N-026), and a Jutsu that cannot be
    negated (N-043, J-037) (N-KEY-TARGET-1)."""
    wanted = card.abilities.get("filter")
    if wanted and not meets(s, iid, wanted):
        return False
    target = s.card(iid)
    if target is None:
        return True
    if card.type == "Jutsu" and target.type == "Ninja" and s.owner[iid] != p:
        if restricted(s, "immune", iid):
            return False
        for word in target.abilities.get("rules", ()):
            if word.startswith("shield:") and jutsu_size(card) <= int(word[7:]) and effect_applies(s, iid):
                return False
    if any(op["op"] == "negate" for op in card.abilities.get("do", ())):
        link = next((k for k in s.chain if k["card"] == iid), None)
        user = link["user"] if link else None
        if user is not None and (restricted(s, "unnegatable", user) or
                                 ("unnegatable" in s.card(user).abilities.get("rules", ()) and effect_applies(s, user))):
            return False
    return True


def ref(s: NarutoState, iid: int) -> str:
    """How a target is written: ``N-018@2`` for a face-up card of seat 2, ``R3@2`` for the third card
    in seat 2's battle rewards (face down)."""
    held_by, zone = where(s, iid)
    if zone == "rewards":
        return f"R{s.players[held_by].rewards.index(iid) + 1}@{held_by + 1}"
    return f"{s.instances[iid]}@{held_by + 1}"


def resolve(s: NarutoState, p: int, user: int | None, card: Card, given: tuple[str, ...], rule: str) -> list[int]:
    """Resolve the targets written in an action against what the card may designate now."""
    kind = card.target
    options = candidates(s, p, user, kind, card)
    if kind in ("none", ""):
        if given:
            raise IllegalAction(rule, card=card.number, reason="no_target")
        return []
    if implicit(kind):
        if given:
            raise IllegalAction(rule, card=card.number, reason="implicit")
        if not options:
            raise IllegalAction("N-KEY-TARGET-1", card=card.number, kind=kind)
        return options
    if not options:
        raise IllegalAction("N-KEY-TARGET-1", card=card.number, kind=kind)
    if len(given) != 1:
        raise IllegalAction(rule, card=card.number, reason="one_target")
    by_ref = {ref(s, i): i for i in options}
    if given[0] not in by_ref:
        raise IllegalAction("N-KEY-TARGET-1", card=card.number, target=given[0], kind=kind)
    return [by_ref[given[0]]]


def target_options(s: NarutoState, p: int, user: int | None, card: Card) -> list[tuple[str, ...]]:
    """The target choices `legal_actions` lists for a card: () for none or implicit targets."""
    if implicit(card.target):
        return [()]
    return [(ref(s, i),) for i in candidates(s, p, user, card.target, card)]

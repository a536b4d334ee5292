"""Conditions of the effect vocabulary: the words an effect's ``if``, ``unless`` and ``playable``
lists are made of, each a pure function of the position and of the card the effect belongs to.

A word is ``name`` or ``name:argument``; requirements (``rank:Jonin``, ``char:Female``...) are
those of `targets.meets`. ``self`` is the card with the effect, ``user`` the Ninja using a Jutsu,
``target`` the card an operation is about to act on.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .state import NarutoState
from .targets import meets, opposing_team, sent_team
from .zones import MAX_TEAM


@dataclass
class Context:
    """Who and what an effect is about while it applies."""

    p: int  # the player whose card it is
    source: int  # the card with the effect
    user: int | None = None  # the Jutsu's user
    targets: list[int] = field(default_factory=list)
    x: int = 0
    chosen: list[int] = field(default_factory=list)  # the cards picked by the last choice
    target: int | None = None  # the card an operation is acting on, for per-target conditions
    word: str = ""  # the answer of the last choice (an attribute, heads or tails, yes or no)
    damage: int = 0  # the damage about to be taken, for effects that lower it

    def to_dict(self) -> dict:
        return {"p": self.p, "source": self.source, "user": self.user, "targets": list(self.targets), "x": self.x,
                "chosen": list(self.chosen)}

    @classmethod
    def from_dict(cls, d: dict) -> "Context":
        return cls(d["p"], d["source"], d["user"], list(d["targets"]), d["x"], list(d["chosen"]))


def team_of(s: NarutoState, iid: int) -> list[int]:
    """The sent team ``iid`` is in, leader first; empty when it is not on the battlefield."""
    i = sent_team(s, iid)
    return list(s.players[s.owner[iid]].sent[i]) if i is not None else []


def hand_has(s: NarutoState, p: int, card_type: str) -> bool | None:
    """Does player ``p``'s hand hold a card of that type? None when unknown cards could (referee mode)."""
    hand = s.players[p].hand
    if any(s.instances[i] is not None and s.card(i).type == card_type for i in hand):
        return True
    return None if any(s.instances[i] is None for i in hand) else False


def _in_play(s: NarutoState, p: int, requirement: str) -> bool:
    player = s.players[p]
    return any(meets(s, i, requirement) for zone in (player.village, player.battlefield) for i in zone
               if s.card(i) is not None)


#: conditions on the size of a zone: name -> (whose, zone, at most?) ("chakra_min:5": 5 or more chakra)
_COUNTS = {
    "chakra_min": ("own", "chakra", False),
    "hand_min": ("own", "hand", False),
    "hand_max": ("own", "hand", True),
    "opponent_chakra_min": ("opponent", "chakra", False),
    "opponent_hand_min": ("opponent", "hand", False),
}


def holds(s: NarutoState, word: str, ctx: Context) -> bool | None:
    """Does the condition ``word`` hold? None only for a fact the program cannot see (a hidden hand)."""
    name, _, arg = word.partition(":")
    me = ctx.source
    if name in ("user", "self", "target"):
        iid = {"user": ctx.user, "self": me, "target": ctx.target}[name]
        return iid is not None and meets(s, iid, arg)
    if name == "sent":
        return me in s.players[s.owner[me]].battlefield
    if name == "attacking":
        return s.owner[me] == s.attacker and me in s.players[s.attacker].battlefield
    if name == "injured":
        return me in s.injured
    if name == "alone":
        return len(team_of(s, me)) == 1
    if name == "leader":
        team = team_of(s, me)
        return bool(team) and team[0] == me
    if name == "leader_is":
        team = team_of(s, me)
        return bool(team) and meets(s, team[0], arg)
    if name == "team_has":
        return any(m != me and meets(s, m, arg) for m in team_of(s, me))
    if name == "user_team_has":  # "If the user is in the same Team as ...": a Jutsu's user's teammates
        return ctx.user is not None and any(m != ctx.user and meets(s, m, arg) for m in team_of(s, ctx.user))
    if name == "fighting":
        return any(meets(s, m, arg) for m in opposing_team(s, me))
    if name == "chakra_max":
        return len(s.players[ctx.p].chakra) <= int(arg)
    if name in _COUNTS:  # "While you have 5 or more Chakras": a count of one player's zone against a bound
        whose, zone, most = _COUNTS[name]
        count = len(getattr(s.players[ctx.p if whose == "own" else 1 - ctx.p], zone))
        return count <= int(arg) if most else count >= int(arg)
    if name == "own_in_play":
        return _in_play(s, ctx.p, arg)
    if name == "opponent_in_play":
        return _in_play(s, 1 - ctx.p, arg)
    if name == "my_turn":  # "your Battle Phase": the turn of the card's player
        return ctx.p == s.attacker
    if name == "not_deployed":
        return not s.players[ctx.p].deployed
    if name == "opponent_hand_has":
        return hand_has(s, 1 - ctx.p, arg)
    if name == "discard_has":
        return any(meets(s, i, arg) for i in s.players[ctx.p].discard)
    if name == "user_team_room":
        return ctx.user is not None and 0 < len(team_of(s, ctx.user)) < MAX_TEAM
    raise ValueError(f"unknown condition {word!r}")


def all_hold(s: NarutoState, op: dict, ctx: Context) -> bool | None:
    """An operation's ``if`` words all hold and none of its ``unless`` words does (None: unknown)."""
    verdict: bool | None = True
    for words, fails in ((op.get("if", ()), False), (op.get("unless", ()), True)):
        for word in words:
            value = holds(s, word, ctx)
            if value is fails:
                return False
            if value is None:
                verdict = None
    return verdict


def target_exists(s: NarutoState, p: int, iid: int, user: int | None) -> bool:
    """A card whose target is chosen only when its link settles (the Ninja Dogs of J-041) has one only
    while its ``target_if`` conditions hold (N-KEY-TARGET-1, checked again when it settles, N-CHAIN-6).
    A hidden fact (None) does not stop it."""
    words = s.card(iid).abilities.get("target_if")
    return not words or all_hold(s, {"if": words}, Context(p, iid, user)) is not False


#: every condition name, for checking effect definitions
CONDITIONS = ("user", "self", "target", "sent", "attacking", "injured", "alone", "leader", "leader_is", "team_has",
              "user_team_has", "fighting", "chakra_max", "my_turn", "own_in_play", "opponent_in_play",
              "not_deployed", "opponent_hand_has", "discard_has", "user_team_room", *_COUNTS)

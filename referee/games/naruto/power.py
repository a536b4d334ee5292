"""Combat and Support now (N-SHOW-1): printed values, healthy or injured (N-DMG-4), coins (Growth
N-KEY-GROW-1, +1/+1 and +1/+0 coins), the modifiers of cards in play (a Ninja's own "while" effects,
N-DMG-5), then the effects lasting until the end of the turn in the order they applied. An effect
that resets a Ninja to its printed values (it "can't change this turn") or makes its power count as
0/0 has the last word."""

from __future__ import annotations

from .conditions import Context, all_hold, team_of
from .state import NarutoState
from .targets import REQUIREMENTS, meets, opposing_team
from .traits import play_effects
from .zones import effect_applies


def value(s: NarutoState, amount, ctx: Context, target: int | None = None) -> int:
    """An amount of the vocabulary: a number, ``X``/``2X`` (the X paid), ``hand`` (its player's hand
    size), ``hands`` (both hands), ``combat`` (the target's own Combat now); ``-`` in front negates."""
    if isinstance(amount, int):
        return amount
    sign = -1 if amount.startswith("-") else 1
    word = amount.lstrip("-")
    if word.endswith("X"):
        n = (int(word[:-1]) if word[:-1] else 1) * ctx.x
    elif word == "hand":
        n = len(s.players[ctx.p].hand)
    elif word == "hands":
        n = len(s.players[0].hand) + len(s.players[1].hand)
    elif word == "combat":
        n = stats(s, target if target is not None else ctx.source)[0]
    else:
        raise ValueError(f"unknown amount {amount!r}")
    return sign * n


def _static_bonus(s: NarutoState, iid: int) -> tuple[int, int]:
    combat = support = 0
    for source in play_effects(s).static:  # the cards in play with "while" modifiers
        if not effect_applies(s, source):
            continue
        ctx = Context(s.owner[source], source)
        for op in s.card(source).abilities["while"]:
            if op["op"] == "cost" or not _reaches(s, op, source, iid) or not all_hold(s, op, ctx):
                continue
            if op["op"] == "copy_jutsu_bonus":
                combat += sum(max(0, e["combat"]) for e in s.lasting
                              if e["op"] == "boost" and e.get("jutsu") and e["card"] in opposing_team(s, source))
            else:
                combat += value(s, op.get("combat", 0), ctx)
                support += value(s, op.get("support", 0), ctx)
    return combat, support


def _reaches(s: NarutoState, op: dict, source: int, iid: int) -> bool:
    """Does a "while" modifier of ``source`` reach ``iid``?"""
    to = op.get("to", "self")
    if to == "self":
        reached = iid == source
    elif to == "team":
        reached = iid in team_of(s, source)
    elif to == "battle":
        reached = iid in team_of(s, source) or iid in opposing_team(s, source)
    else:
        raise ValueError(f"unknown static selector {to!r}")
    if reached and "filter" in op:
        reached = meets(s, iid, op["filter"])
    if reached and "unless_target" in op:
        reached = not meets(s, iid, op["unless_target"])
    return reached


def stats(s: NarutoState, iid: int) -> tuple[int, int]:
    """Combat and Support of ``iid`` now."""
    card = s.card(iid)
    printed = card.injured if iid in s.injured else card.healthy
    combat, support = printed
    coins = s.coins.get(iid)
    if coins:
        both = coins.get("growth", 0) + coins.get("power", 0)
        combat += both + coins.get("combat", 0)
        support += both
    if card.type == "Ninja":
        c, p = _static_bonus(s, iid)
        combat, support = combat + c, support + p
    final = None
    for e in s.lasting:
        if e.get("card") != iid:
            continue
        op = e["op"]
        if op == "boost":
            combat += e["combat"]
            support += e["support"]
        elif op == "set":
            combat = e["combat"] if e["combat"] is not None else combat
            support = e["support"] if e["support"] is not None else support
        elif op == "swap":
            combat, support = support, combat
        elif op == "zero" and final is None:
            final = (0, 0)
        elif op == "reset":
            final = printed
    return final if final is not None else (combat, support)


def _combat_max(s: NarutoState, iid: int, value: str) -> bool:
    """The requirement ``combat_max:N``: a Combat of N or less now."""
    return stats(s, iid)[0] <= int(value)


REQUIREMENTS["combat_max"] = _combat_max

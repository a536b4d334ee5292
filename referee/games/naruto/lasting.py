"""Effects lasting until the end of the turn (`NarutoState.lasting`): Combat/Support changes,
characteristics gained, restrictions for the turn, coins to place at the end of the turn. Each entry
is plain data (``op``, the ``card`` it is about or None, its values), so a position with them saves
to JSON and undoes like any other."""

from __future__ import annotations

from .state import NarutoState
from .zones import where


def restricted(s: NarutoState, rule: str, iid: int | None = None) -> bool:
    """Is a restriction for the turn in force (about card ``iid`` when given)? (Asked of each team and
    card a listing looks at; most turns have no lasting effect to look through.)"""
    if not s.lasting:
        return False
    return any(e["op"] == "restrict" and e["rule"] == rule and (iid is None or e.get("card") == iid)
               for e in s.lasting)


def restrictions(s: NarutoState, prefix: str) -> list[dict]:
    return [e for e in s.lasting if e["op"] == "restrict" and e["rule"].startswith(prefix)]


def end_of_turn(s: NarutoState) -> None:
    """"At the end of the turn" coins are placed, and every effect lasting the turn ends (N-COUNT-1)."""
    for e in s.lasting:
        if e["op"] == "coin_at_end" and where_in_play(s, e["card"]):
            coins = s.coins.setdefault(e["card"], {})
            coins[e["kind"]] = coins.get(e["kind"], 0) + 1
            s.emit("coin_placed", player=s.owner[e["card"]], card=s.instances[e["card"]], coin=e["kind"])
    s.lasting = []


def where_in_play(s: NarutoState, iid: int) -> bool:
    try:
        return where(s, iid)[1] in ("village", "battlefield")
    except KeyError:
        return False

"""The chain (N-CHAIN): adding links, priority, settling last in first out, failing cards."""

from __future__ import annotations

from .conditions import Context, target_exists
from .effects import run
from .state import NarutoState
from .targets import candidates, implicit, meets, sent_team
from .zones import leave_chain, where


def push_link(s: NarutoState, p: int, iid: int, *, user: int | None, targets: list[int],
              paid: list[str], x: int = 0) -> None:
    """A card joins the chain (N-JUTSU-5, N-MISSION-6); priority goes to the player who did not add it
    (N-CHAIN-2)."""
    held_by, zone = where(s, iid)
    getattr(s.players[held_by], zone).remove(iid)
    if not s.chain:
        s.chain_starter = p
        s.emit("chain_opened", player=p)
    s.chain.append({"card": iid, "player": p, "user": user, "targets": list(targets), "paid": list(paid), "x": x})
    s.priority = 1 - p
    s.passes = 0


def still_valid(s: NarutoState, link: dict) -> bool:
    """N-CHAIN-6: when a link settles, its user, requirement and targets must still hold."""
    card = s.card(link["card"])
    user = link["user"]
    p = link["player"]
    if card.type == "Jutsu":
        if user is None or sent_team(s, user) is None or s.owner[user] != p or not meets(s, user, card.requirement):
            return False
        if not target_exists(s, p, link["card"], user):
            return False
    kind = card.target
    if kind in ("none", ""):
        return True
    now = candidates(s, p, user, kind, card)
    if implicit(kind):
        return bool(now)
    return all(t in now for t in link["targets"])


def top_valid(s: NarutoState) -> bool:
    return bool(s.chain) and still_valid(s, s.chain[-1])


def settle_top(s: NarutoState, applied: bool) -> None:
    """Settle the last link (N-CHAIN-4): its effect applies (`effects.run`), or, when its requirement
    or target no longer holds, it fails: no effect, no refund (N-CHAIN-6). A card whose effect is not
    in the effect vocabulary opens the manual toolbox for its player (N-EFFECT-3)."""
    link = s.chain[-1]
    iid = link["card"]
    card = s.card(iid)
    position = len(s.chain)
    if not applied:
        s.emit("card_failed", link=position, player=link["player"], card=card.number, rule="N-CHAIN-6")
        leave_chain(s, iid, applied=False)
        return
    s.emit("link_applied", link=position, player=link["player"], card=card.number)
    ops = list(card.abilities.get("do", ()))
    if card.has_effect and (not card.abilities or "manual" in card.abilities):
        s.emit("effect_left", player=link["player"], card=card.number)
        ops.append({"op": "manual"})
    ctx = Context(link["player"], iid, link["user"], list(link["targets"]), link.get("x", 0))
    run(s, ops, ctx, {"kind": "link", "card": iid})


def close_chain(s: NarutoState) -> None:
    """After the chain, the player who did not start it may start the next one (N-CHAIN-7)."""
    s.emit("chain_closed")
    s.priority = 1 - s.chain_starter
    s.passes = 0
    s.window = ""

"""The chain (N-CHAIN): adding links, priority, settling last in first out, failing cards."""

from __future__ import annotations

from .conditions import Context
from .effects import run
from .state import NarutoState
from .targets import still_valid
from .zones import move, where


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


def leave_chain(s: NarutoState, iid: int, applied: bool) -> None:
    """A settled card leaves the chain: Jutsu and spent Missions go to the Chakra area (N-CHAIN-5,
    N-MISSION-7); a Permanent mission that took effect stays in the village (N-KEY-PERM-1). A card
    its own effect already moved (or negated) stays where it went."""
    if not any(link["card"] == iid for link in s.chain):
        return
    card = s.card(iid)
    if applied and card.is_permanent:
        move(s, iid, "village")
        coins = card.permanent_coins
        if coins is not None:
            s.coins[iid] = {"permanent": coins}
    else:
        move(s, iid, "chakra")


def close_chain(s: NarutoState) -> None:
    """After the chain, the player who did not start it may start the next one (N-CHAIN-7)."""
    s.emit("chain_closed")
    s.priority = 1 - s.chain_starter
    s.passes = 0
    s.window = ""

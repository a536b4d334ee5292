"""Links of the chain of effects (L-CHAIN): which effects an event triggers, gathered into one link.

A link is ``{"effects": [...], "holds": card or None, "player": seat}``: the effects that triggered
together (L-CHAIN-2), mandatory ones first since their targets are chosen first (L-CHAIN-4), and the
Magic or Instant card it is resolving, discarded once it is done (L-CARD-4). An effect is
``{"card", "player", "when", "optional", "status", "targets", "info"}``: the card whose ability it
is, the player it belongs to (the one whose field holds the card, or who played it), the ability's
timing key in effects.toml, its progress (``waiting`` for targets, ``ready``, ``running``, ``done``,
``dropped``) and the targets chosen for it. New links go to the end of the chain: a link resolves
completely before the next (L-CHAIN-1, L-CHAIN-3); `chain.py` resolves them.
"""

from __future__ import annotations

from .state import LlamasState
from .traits import active, card_matches, field_traits, owns, sheltered


def holds(s: LlamasState, seat: int, condition: str | None) -> bool:
    """A trigger's condition: ``own:<filter>``, the player has such a card in their field."""
    if not condition:
        return True
    kind, _, arg = condition.partition(":")
    if kind == "own":
        return owns(s, seat, arg)
    if kind == "animals":  # at least this many animals in the player's field (LU-098)
        return len(field_traits(s, seat).animals) >= int(arg)
    raise ValueError(f"unknown condition {condition!r}")


def effect(s: LlamasState, iid: int, seat: int, when: str, ability: dict | None = None,
           **info: int) -> dict | None:
    """The effect card ``iid``'s ability ``when`` triggers for ``seat``, or None when it has none or
    its condition does not hold. ``ability`` is given by a caller that has read it already (from the
    card's `active` abilities), or for a card that has just left the field it worked in (its own "if
    this card is sacrificed" effect)."""
    ability = ability if ability is not None else active(s, iid).get(when)
    if ability is None or not holds(s, seat, ability.get("if")):
        return None
    return {"card": iid, "number": s.instances[iid], "player": seat, "when": when,
            "optional": bool(ability.get("optional")), "status": "waiting", "targets": {}, "info": dict(info)}


def add_link(s: LlamasState, effects: list[dict], *, holds: int | None = None, player: int | None = None) -> None:
    """A new link at the end of the chain; a link with no effect and no card is not added."""
    effects = [e for e in effects if e is not None]
    if not effects and holds is None:
        return
    effects.sort(key=lambda e: e["optional"])  # mandatory first (L-CHAIN-4); sort is stable
    seat = player if player is not None else effects[0]["player"]
    s.chain.append({"effects": effects, "holds": holds, "player": seat})
    s.emit("link_added", link=len(s.chain), player=seat, cards=[e["number"] for e in effects])


def watchers(s: LlamasState, seats: list[int], when: str, iid: int, **info: int) -> list[dict]:
    """Effects of cards in ``seats``' fields that watch for ``when`` (a card entering, being
    destroyed, being played) and whose filter the card ``iid`` meets. A watcher in another field than
    that of the player who did it (``by``) does not reach a player its herd bonuses do not reach
    (LU-112)."""
    card = s.card(iid)
    out: list[dict | None] = []
    if card is None:
        return out
    by = info.get("by")
    for seat in seats:
        if by is not None and by != seat and sheltered(s, by):
            continue
        # the field's cards having ``when`` as they work there (`FieldTraits.abilities`)
        for watcher, ability in field_traits(s, seat).abilities.get(when, ()):
            if watcher != iid and card_matches(card, ability.get("filter", "card")):
                out.append(effect(s, watcher, seat, when, ability, **info))
    return out


def begin_of_turn(s: LlamasState, seat: int) -> None:
    """Every "at the beginning of your turn" effect of the cards already in the field: one link
    (L-TURN-1, L-CHAIN-2)."""
    add_link(s, [effect(s, iid, seat, "begin_of_turn", ability)
                 for iid, ability in field_traits(s, seat).abilities.get("begin_of_turn", ())],
             player=seat)

"""Resolving the chain of effects (L-CHAIN), one step at a time, first link first.

A link resolves in two stages. First every target of every effect in it is chosen, those of the
mandatory effects first (L-CHAIN-2, L-CHAIN-4): an optional effect may be declined (``choose none``,
or ``no`` for one without targets), a card already chosen in the link cannot be chosen again, and an
effect with too few targets left does not trigger. Then the effects resolve in that order, each
completely (`effects.run`). Effects triggered meanwhile are new links after it (L-CHAIN-3); once the
last link is done, play goes on and a winner may be declared (L-CHAIN-5).

Each call of `step`, an automatic step of the machine, resolves the first link as far as it goes:
it asks targets and starts effects in turn until a choice waits for its answer (which stops the steps
until it is given) or the link is closed.
"""

from __future__ import annotations

from typing import Iterator

from .effects import OPS, ask, confirm, context, pick, run
from .links import add_link, effect
from .state import LlamasState
from .traits import FieldTraits, abilities_in, card_matches, field_traits, variations_in
from .zones import field_of, move


def ability(s: LlamasState, eff: dict) -> dict:
    """The printed ability an effect comes from (it triggered, so it resolves whatever happens to the
    card meanwhile; its operations check where their cards are)."""
    return s.cards.get(eff["number"]).abilities[eff["when"]]


def step(s: LlamasState) -> None:
    """Resolve the first link until a choice waits or the link is closed. (Each `_advance` could be a
    step of its own, as it once was: between two of them the chain stays open and nothing waits, so
    the machine's next step would be this one again; doing them in one step spares a trigger and a
    new look at the position each.)"""
    link = s.chain[0]
    while _advance(s, link) and not s.pending:
        pass


def _advance(s: LlamasState, link: dict) -> bool:
    """One thing the first link does: ask its next target, start its next effect, or close it
    (False: it is closed)."""
    for k, eff in enumerate(link["effects"]):
        if eff["status"] == "waiting":
            _target(s, link, k)
            return True
    for k, eff in enumerate(link["effects"]):
        if eff["status"] == "ready":
            eff["status"] = "running"
            s.emit("effect_resolves", player=eff["player"], card=eff["number"])
            run(s, ability(s, eff).get("do", []), context(eff["player"], eff["card"], eff["targets"], eff["info"]),
                {"kind": "effect", "effect": k})
            return True
    if link["holds"] is not None:
        move(s, link["holds"], "discard")  # a resolved Magic or Instant (L-CARD-4)
    s.chain.pop(0)
    s.emit("link_resolved", left=len(s.chain))
    return False


def _target(s: LlamasState, link: dict, k: int) -> None:
    """Ask the next target of effect ``k``, or make it ready (an optional one without targets is
    confirmed), or drop it when too few targets are left (L-CHAIN-4)."""
    eff = link["effects"][k]
    specs = ability(s, eff).get("targets", [])
    done = len(eff["targets"])
    ctx = context(eff["player"], eff["card"], eff["targets"], eff["info"])
    if done == len(specs):
        if eff["optional"] and not specs:
            ask(s, confirm(eff["player"], [{"op": "ready", "effect": k}], [{"op": "drop", "effect": k}]), [], ctx, None)
        else:
            eff["status"] = "ready"
        return
    spec = specs[done]
    then = [{"op": "set_target", "effect": k, "as": spec["as"], "pick": spec.get("pick", "card"), "seat": eff["player"]}]
    count = spec.get("count", 1)
    if spec.get("pick") == "player":
        options = [str(seat + 1) for seat in players(s, eff, spec)]
        if not options:
            drop(s, k)
            return
        choice = {"kind": "player", "player": eff["player"], "options": options, "count": 1, "least": 1,
                  "then": then, "rule": "L-CHAIN-2"}
    else:
        pool = candidates(s, link, eff, spec)
        if len(pool) < count:
            drop(s, k)
            return
        choice = pick(s, eff["player"], pool, then, count=count, spec=spec.get("filter", "card"), rule="L-CHAIN-2")
    choice["optional"] = eff["optional"] and done == 0  # declining the first target declines the effect
    ask(s, choice, [], ctx, None)


def players(s: LlamasState, eff: dict, spec: dict) -> list[int]:
    """Players an effect may target (L-EFFECT-4): ``any`` player, or any ``other`` (the default), who
    have what ``has`` asks (``field:2``: two cards in their field), and whose field does not hold the
    card target ``not_holding`` names (LU-105 moves a card to another field)."""
    seats = s.clockwise(eff["player"])
    if spec.get("who", "other") == "other":
        seats = seats[1:]
    if "not_holding" in spec:
        holders = {field_of(s, i) for i in eff["targets"].get(spec["not_holding"], ())}
        seats = [seat for seat in seats if seat not in holders]
    need = spec.get("has")
    if need:
        zone, _, n = need.partition(":")
        seats = [seat for seat in seats if len(getattr(s.players[seat], zone)) >= int(n or 1)]
    return seats


def _owners(s: LlamasState, eff: dict, owner: str) -> list[int]:
    p = eff["player"]
    if owner == "self":
        return [p]
    if owner == "other":
        return s.clockwise(p)[1:]
    if owner == "any":
        return s.clockwise(p)
    if owner in eff["info"]:
        return [eff["info"][owner]]
    return list(eff["targets"][owner])


def candidates(s: LlamasState, link: dict, eff: dict, spec: dict) -> list[int]:
    """The cards a card target may be: in a zone (``field`` or ``hand`` of ``owner``: self, other,
    any, a player target; or ``discard``, ``nursery``), meeting ``filter``, not chosen already in the
    link, not the card itself when ``other_than_self``, none that cannot be affected (L-IMMUNE-1).
    ``pair``: a baby of a variation its player has two animals of (LU-069). Unknown physical cards of
    a hand may be any card (their player names the one they choose)."""
    return list(eligible(s, link, eff, spec))


def eligible(s: LlamasState, link: dict, eff: dict, spec: dict) -> Iterator[int]:
    """The cards `candidates` lists, in its order, one at a time: `pile.feasible` only asks whether
    there are enough of them, which the first few tell. Each card is taken from a zone, so its place
    is known: what its field makes of it (a ram of a field with Legal Ramifications, a llama of one
    with Llamanator, a baby The Kids Are Alright protects: `traits.FieldTraits`) is read once per field
    rather than looked up card by card (`traits.variations`, `traits.active`, `traits.immune`)."""
    zone = spec.get("zone", "field")
    pool: Iterator[tuple[int, FieldTraits | None]]  # (card, the traits of its field; None out of the fields)
    if zone == "field":
        pool = _in_fields(s, _owners(s, eff, spec.get("owner", "any")))
    elif zone == "hand":
        pool = ((iid, None) for seat in _owners(s, eff, spec.get("owner", "any")) for iid in s.players[seat].hand)
    else:
        pool = ((iid, None) for iid in getattr(s, zone))
    # (a Magic's targets looked for before it is played are in a link of no effects: `pile.feasible`)
    chosen = {i for e in link["effects"] for name, ids in e["targets"].items() if _is_card(s, e, name) for i in ids} \
        if link["effects"] else ()
    spec_filter = spec.get("filter", "card")
    other_than_self = spec.get("other_than_self")
    paired = _paired(s, eff["player"]) if spec.get("pair") else None
    for iid, field in pool:
        if iid in chosen or (other_than_self and iid == eff["card"]):
            continue
        if s.instances[iid] is None:
            yield iid
            continue
        card = s.card(iid)
        if card is None or abilities_in(card, field is not None and field.rams).get("while", {}).get("immune") or \
                (field is not None and field.protecting(s, iid)):
            continue
        kinds = variations_in(card, field and field.kind)
        if not card_matches(card, spec_filter, kinds) or (paired is not None and not set(kinds) & paired):
            continue
        yield iid


def _in_fields(s: LlamasState, seats: list[int]) -> Iterator[tuple[int, FieldTraits]]:
    """The cards of these seats' fields, each with its field's `traits.FieldTraits`."""
    for seat in seats:
        field = field_traits(s, seat)
        for iid in s.players[seat].field:
            yield iid, field


def _is_card(s: LlamasState, eff: dict, name: str) -> bool:
    return any(spec["as"] == name and spec.get("pick", "card") == "card" for spec in ability(s, eff).get("targets", []))


def _paired(s: LlamasState, seat: int) -> set[str]:
    counts: dict[str, int] = {}
    kind = field_traits(s, seat).kind
    for iid in s.players[seat].field:
        card = s.card(iid)
        for v in variations_in(card, kind) if card is not None else ():
            counts[v] = counts.get(v, 0) + 1
    return {v for v, n in counts.items() if n >= 2}


def set_target(s: LlamasState, op: dict, ctx: dict) -> None:
    """Record an answered target; declining it declines the effect. A card that punishes an opponent
    who targets it triggers (LU-013)."""
    eff = s.chain[0]["effects"][op["effect"]]
    if not ctx["chosen"]:
        drop(s, op["effect"])
        return
    eff["targets"][op["as"]] = list(ctx["chosen"])
    if op["pick"] != "card":
        return
    for iid in ctx["chosen"]:
        seat = field_of(s, iid)
        if seat is not None and seat != eff["player"]:
            add_link(s, [effect(s, iid, seat, "targeted", chooser=eff["player"])])


def drop(s: LlamasState, k: int) -> None:
    eff = s.chain[0]["effects"][k]
    eff["status"] = "dropped"
    s.emit("effect_dropped", player=eff["player"], card=eff["number"])


# the chain's own steps an answered choice runs (see `effects.OPS`)
OPS["set_target"] = set_target
OPS["drop"] = lambda s, op, ctx: drop(s, op["effect"])

"""The effect vocabulary: what a card's effect definition (`Card.abilities`, written in
data/effects.toml for Set 1) does when it applies.

An effect is a list of operations, each a table with ``op`` and its parameters. ``to`` selects the
cards an operation acts on (`SELECTORS`), ``filter`` keeps those meeting a requirement, ``if`` and
``unless`` are conditions (`conditions.py`); a condition about ``target`` is checked for each card.
Operations that need a player's decision (which card to take, which attribute, a new order) put a
*choice* on `NarutoState.pending` and stop; the rest of the effect waits in the choice and goes on
once the player answers with ``choose`` (`answer`). A choice is answered before anything else
happens (N-EFFECT-1); a hidden fact the program cannot check (referee mode: "does the opponent's
hand hold a Ninja?") is asked of the player who can see it. Running, asking and answering are the
kernel's (`referee.engine.effects`, `referee.engine.choices`): this module gives it the vocabulary
(`OPS`, `FINISH`), the conditions checked before an operation and its own kinds of choice (``order``,
``organize``), in `EFFECTS`.

Effects that last "this turn" go to `NarutoState.lasting` (see `power.py` and `lasting`), removed
at the end of the turn.
"""

from __future__ import annotations

from typing import Callable

from referee.engine.action import UNNAMED, Action
from referee.engine.choices import Kind, Options, Pick, confirm
from referee.engine.effects import Effects
from referee.engine.errors import IllegalAction
from referee.engine.naming import hidden

from .conditions import Context, all_hold, team_of
from .power import value
from .state import NarutoState
from .targets import meets, ref
from .lasting import restricted, where_in_play
from .traits import names as names_now, names_in_village, rules_in_play
from .zones import (HIDDEN, MAX_TEAM, damage, draw, effect_applies, leave_chain, locate, move, named_as, ninjas,
                    reveal, run_effects_with, shuffle, take, where)


# --- selecting cards ------------------------------------------------------------------------------
def _all_ninjas(s: NarutoState, ctx: Context) -> list[int]:
    return ninjas(s, 0) + ninjas(s, 1)


SELECTORS: dict[str, Callable[[NarutoState, Context], list[int]]] = {
    "user": lambda s, c: [c.user] if c.user is not None else [],
    "self": lambda s, c: [c.source],
    "targets": lambda s, c: list(c.targets),
    "chosen": lambda s, c: list(c.chosen),
    "all": _all_ninjas,
    "own_injured": lambda s, c: [i for i in ninjas(s, c.p) if i in s.injured],
}


def selected(s: NarutoState, op: dict, ctx: Context) -> list[int]:
    """The cards ``op`` acts on: its selection, those still where the effect can reach them, meeting
    its filter and its per-target conditions."""
    out = []
    for iid in SELECTORS[op["to"]](s, ctx):
        if "filter" in op and not meets(s, iid, op["filter"]):
            continue
        ctx.target = iid
        if all_hold(s, op, ctx) is False:
            continue
        out.append(iid)
    ctx.target = None
    return out


# --- running an effect (the kernel's runner, `referee.engine.effects`; see `EFFECTS` below) ----------
def _gate(s: NarutoState, op: dict, ctx: Context, rest: list[dict]) -> bool | dict:
    """Whether an operation is carried out: its ``if`` and ``unless`` conditions hold. A hidden fact
    (referee mode: the opponent's hand) is asked of the player who sees it, the operation waiting in
    that yes/no choice. An operation about ``to`` cards checks its conditions per card (`selected`)."""
    if "to" in op:
        return True
    verdict = all_hold(s, op, ctx)
    return _confirm(op, ctx) if verdict is None else verdict


def _confirm(op: dict, ctx: Context) -> dict:
    plain = {k: v for k, v in op.items() if k not in ("if", "unless")}
    return confirm(1 - ctx.p, [plain], question=[w for w in (*op.get("if", ()), *op.get("unless", ()))])


# --- operations -----------------------------------------------------------------------------------
def _lasting(s: NarutoState, ctx: Context, entry: dict) -> None:
    entry["jutsu"] = s.card(ctx.source).type == "Jutsu"
    s.lasting.append(entry)


def op_boost(s, op, ctx):
    for t in selected(s, op, ctx):
        c, p = value(s, op.get("combat", 0), ctx, t), value(s, op.get("support", 0), ctx, t)
        _lasting(s, ctx, {"op": "boost", "card": t, "combat": c, "support": p})
        s.emit("boosted", player=s.owner[t], card=s.instances[t], combat=c, support=p)


def op_set(s, op, ctx):
    for t in selected(s, op, ctx):
        _lasting(s, ctx, {"op": "set", "card": t, "combat": op.get("combat"), "support": op.get("support")})
        s.emit("power_set", player=s.owner[t], card=s.instances[t], combat=op.get("combat"), support=op.get("support"))


def _marker(name: str, event: str):
    def op(s, op, ctx):
        for t in selected(s, op, ctx):
            _lasting(s, ctx, {"op": name, "card": t})
            s.emit(event, player=s.owner[t], card=s.instances[t])
    return op


def op_gain(s, op, ctx):
    for t in selected(s, op, ctx):
        _lasting(s, ctx, {"op": "gain", "card": t, "value": op["char"]})
        s.emit("gained", player=s.owner[t], card=s.instances[t], characteristic=op["char"])


def op_gender(s, op, ctx):
    for t in selected(s, op, ctx):
        _lasting(s, ctx, {"op": "gender", "card": t, "value": op["value"]})
        s.emit("gained", player=s.owner[t], card=s.instances[t], characteristic=op["value"])


def op_attribute(s, op, ctx):
    return {"kind": "attribute", "player": ctx.p, "options": list(op["choose"]),
            "then": [{"op": "set_attribute", "to": op["to"]}]}


def op_set_attribute(s, op, ctx):
    for t in selected(s, op, ctx):
        _lasting(s, ctx, {"op": "attribute", "card": t, "value": ctx.word})
        s.emit("attribute_set", player=s.owner[t], card=s.instances[t], attribute=ctx.word)


def op_restrict(s, op, ctx):
    cards = selected(s, op, ctx) if "to" in op else [None]
    for t in cards:
        _lasting(s, ctx, {"op": "restrict", "rule": op["rule"], "card": t, "player": ctx.p})
    s.emit("restriction", player=ctx.p, card=s.instances[ctx.source], restriction=op["rule"].partition(":")[0],
           targets=[s.instances[t] for t in cards if t is not None])


def op_coin(s, op, ctx):
    for t in selected(s, op, ctx):
        if op.get("at_end"):
            _lasting(s, ctx, {"op": "coin_at_end", "card": t, "kind": op["kind"]})
            continue
        coins = s.coins.setdefault(t, {})
        coins[op["kind"]] = coins.get(op["kind"], 0) + 1
        s.emit("coin_placed", player=s.owner[t], card=s.instances[t], coin=op["kind"])


def op_damage(s, op, ctx):
    for t in selected(s, op, ctx):
        hurt(s, t, op.get("n", 1))


def op_injure(s, op, ctx):
    """Injure: a healthy Ninja becomes injured; an injured one stays as it is (not damage)."""
    for t in selected(s, op, ctx):
        if t not in s.injured:
            s.injured.add(t)
            s.emit("injured", player=s.owner[t], card=s.instances[t])


def op_heal(s, op, ctx):
    for t in selected(s, op, ctx):
        heal(s, t)


def heal(s: NarutoState, iid: int) -> None:
    """N-DMG-6; a Ninja with a Tenketsu coin cannot be healed (N-042)."""
    if iid not in s.injured:
        return
    if s.coins.get(iid, {}).get("tenketsu"):
        s.emit("not_healed", player=s.owner[iid], card=s.instances[iid], coin="tenketsu")
        return
    s.injured.discard(iid)
    s.emit("healed", player=s.owner[iid], card=s.instances[iid])


def _seats(who: str, ctx: Context) -> tuple[int, ...]:
    return {"self": (ctx.p,), "opponent": (1 - ctx.p,), "each": (ctx.p, 1 - ctx.p)}[who]


def op_draw(s, op, ctx):
    for p in _seats(op.get("who", "self"), ctx):
        s.emit("drew", player=p, cards=draw(s, p, op.get("n", 1)))


def put(s: NarutoState, iid: int, zone: str, seat: int | None = None) -> None:
    """Move a card: ``deck`` is the top of its owner's deck, ``standby`` takes a sent Ninja out of
    its team back into the village as a team of its own (N-RETURN-1 applies early)."""
    if zone == "standby":
        leave_team(s, iid)
        if where(s, iid)[1] == "battlefield":
            move(s, iid, "village")
    elif zone == "deck":
        move(s, iid, "deck", top=True)
    else:
        move(s, iid, zone, seat=seat)


def leave_team(s: NarutoState, iid: int) -> None:
    """Take a Ninja out of its sent team and its organized team (it forms a team of its own)."""
    player = s.players[s.owner[iid]]
    for team in player.sent:
        if iid in team:
            team.remove(iid)
    if any(iid in t and len(t) > 1 for t in player.teams):
        player.teams = [[m for m in t if m != iid] for t in player.teams]
        player.teams = [t for t in player.teams if t] + [[iid]]


#: the zones a Ninja in play leaves play for (the Village, Battlefield and Stand-By keep it in play)
_OUT_OF_PLAY = frozenset({"hand", "deck", "discard", "chakra", "rewards"})


def stays_in_play(s: NarutoState, t: int, zone: str, ctx: Context) -> bool:
    """A Ninja that "cannot be removed from play by the effects of your opponent's Jutsu cards" (rule
    word ``unremovable_by_jutsu``) is not moved out of play by such a Jutsu's effect. Damage the
    Jutsu gives still counts as Damage: the catalogue writes "cannot be removed from play due to
    Damage" for that, a rule of its own."""
    card, source = s.card(t), s.card(ctx.source)
    return (zone in _OUT_OF_PLAY and source is not None and source.type == "Jutsu" and where(s, t)[1] in (
        "village", "battlefield") and s.owner[t] != ctx.p and "unremovable_by_jutsu" in card.abilities.get(
        "rules", ()) and effect_applies(s, t))


def op_move(s, op, ctx):
    seat = ctx.p if op.get("seat") == "self" else None
    for t in selected(s, op, ctx):
        if stays_in_play(s, t, op["zone"], ctx):
            s.emit("stays_in_play", player=s.owner[t], card=s.instances[t])
            continue
        before = where(s, t)
        put(s, t, op["zone"], seat)
        s.emit("card_moved", player=s.owner[t], card=s.instances[t] if before[1] not in ("deck", "rewards")
               or s.mode == "guided" else None, source=before[1], zone=op["zone"], secret={"card": [t]})


def op_leave_team(s, op, ctx):
    for t in selected(s, op, ctx):
        leave_team(s, t)
        s.emit("left_team", player=s.owner[t], card=s.instances[t])


def op_take(s, op, ctx):
    """The effect's player takes control of each target into their village, as a team of its own,
    unless they already have a Ninja of the same name in play (J-022, N-DEPLOY-3). The card stays in
    play, with its injuries and coins; it goes back to its owner when it leaves play (`zones.take`)."""
    for t in selected(s, op, ctx):
        if s.owner[t] == ctx.p or names_now(s, t) & names_in_village(s, ctx.p):
            s.emit("not_taken", player=ctx.p, card=s.instances[t])
            continue
        s.emit("taken", player=ctx.p, owner=s.owner[t], card=s.instances[t])
        take(s, t, ctx.p)


def op_negate(s, op, ctx):
    """N-KEY-COUNTER-1: the card's link is taken out of the chain, with no effect and no refund."""
    for t in selected(s, op, ctx):
        if any(link["card"] == t for link in s.chain):
            move(s, t, op["zone"])
            s.emit("negated", player=s.owner[t], card=s.instances[t], zone=op["zone"])


def op_mill(s, op, ctx):
    for p in _seats(op.get("who", "opponent"), ctx):
        cards = s.players[p].deck[: op.get("n", 1)]
        for iid in cards:
            move(s, iid, "discard")
        s.emit("milled", player=p, cards=len(cards))


def op_deck_to_chakra(s, op, ctx):
    cards = s.players[ctx.p].deck[: op.get("n", 1)]
    for iid in cards:
        move(s, iid, "chakra")
    s.emit("deck_to_chakra", player=ctx.p, cards=len(cards))


def op_look(s, op, ctx):
    for p in _seats(op.get("who", "opponent"), ctx):
        zone = getattr(s.players[p], op["zone"])
        shown = zone[: op["n"]] if "n" in op else zone
        s.emit("looked", player=ctx.p, owner=p, zone=op["zone"], cards=[s.instances[i] for i in shown],
               secret={"cards": list(shown)})


def op_shuffle(s, op, ctx):
    for p in _seats(op.get("who", "self"), ctx):
        shuffle(s, p)


def op_discard_to_deck(s, op, ctx):
    for p in _seats(op.get("who", "each"), ctx):
        for iid in list(s.players[p].discard):
            move(s, iid, "deck")
        shuffle(s, p)


def op_chakra_to_discard(s, op, ctx):
    for p in _seats(op.get("who", "each"), ctx):
        cards = list(s.players[p].chakra)
        for iid in cards:
            move(s, iid, "discard")
        s.emit("chakra_discarded", player=p, cards=len(cards))


def op_recycle_hand(s, op, ctx):
    """The whole hand goes under the deck in the order its player gives (the first named nearest the
    top), then as many cards are drawn (M-024)."""
    player = s.players[ctx.p]
    cards = list(player.hand)
    for iid in cards:
        move(s, iid, "deck")
    then = [{"op": "draw", "who": "self", "n": len(cards)}]
    if len(cards) < 2:
        return op_draw(s, then[0], ctx)
    return {"kind": "order", "player": ctx.p, "count": len(cards), "bottom": True,
            "options": [s.instances[i] or UNNAMED for i in cards], "then": then}


def op_swap_leader(s, op, ctx):
    """The team's rear Ninjas come to the front and its Head Ninja goes to the rear (J-017)."""
    for t in selected(s, op, ctx):
        player = s.players[s.owner[t]]
        for k, team in enumerate(player.sent):
            if team and team[0] == t and len(team) > 1:
                player.sent[k] = team[1:] + team[:1]
                s.emit("leader_swapped", player=s.owner[t], lead=s.instances[player.sent[k][0]])


def op_flip(s, op, ctx):
    """N-KEY-COIN-1: guided mode throws the coin; referee mode asks for the physical result."""
    if s.mode == "referee":
        return {"kind": "coin", "player": ctx.p, "options": ["heads", "tails"],
                "then": [{"op": "flipped", "heads": op.get("heads", []), "tails": op.get("tails", [])}]}
    result = "heads" if s.rng.randrange(2) == 0 else "tails"
    s.emit("coin_flip", result=result)
    return _run_inner(s, op.get(result, []), ctx)


def op_flipped(s, op, ctx):
    s.emit("coin_flip", result=ctx.word)
    return _run_inner(s, op.get(ctx.word, []), ctx)


def _run_inner(s: NarutoState, ops: list[dict], ctx: Context):
    """Operations nested in another (a coin's sides); a choice among them is not supported."""
    for op in ops:
        if all_hold(s, op, ctx) is not False:
            assert OPS[op["op"]](s, op, ctx) is None, "no choice inside a coin flip"
    return None


def op_lower_damage(s, op, ctx):
    ctx.damage = max(0, ctx.damage - op.get("n", 1))


def op_join_team(s, op, ctx):
    """Chosen Ninjas come into play as rear Ninjas of the user's team (J-041)."""
    team = team_of(s, ctx.user) if ctx.user is not None else []
    player = s.players[ctx.p]
    for t in selected(s, op, ctx):
        if not team or len(team) >= MAX_TEAM:
            break
        move(s, t, "battlefield")
        sent = next(k for k, x in enumerate(player.sent) if ctx.user in x)
        player.sent[sent].append(t)
        organized = next(k for k, x in enumerate(player.teams) if ctx.user in x)
        player.teams[organized].append(t)
        s.entered[t] = s.turn
        team.append(t)
        s.emit("joined_battle", player=ctx.p, card=s.instances[t], lead=s.instances[team[0]])


def op_into_play(s, op, ctx):
    """Chosen Ninjas enter the village as new teams, healthy; ``deployment`` makes it the turn's one
    Ninja (N-DEPLOY-1)."""
    for t in selected(s, op, ctx):
        move(s, t, "village")
        s.injured.discard(t)
        s.players[ctx.p].teams.append([t])
        s.entered[t] = s.turn
        if op.get("deployment"):
            s.players[ctx.p].deployed = True
        s.emit("entered_play", player=ctx.p, card=s.instances[t])
        entered_play(s, t)


def op_pick(s, op, ctx):
    """A choice of cards in a zone: up to ``count`` (1), or none when ``optional`` or when there is
    none to take. ``owner`` is whose zone, ``top`` limits it to the deck's first cards, ``room``
    limits the count to the free places in the user's team."""
    chooser = ctx.p if op.get("chooser", "self") == "self" else 1 - ctx.p
    owner = ctx.p if op.get("owner", "self") == "self" else 1 - ctx.p
    zone = op["zone"]
    pool = _pool(s, owner, zone, op.get("top"))
    count = op.get("count", 1)
    if op.get("room") == "user":
        count = min(count, MAX_TEAM - len(team_of(s, ctx.user))) if ctx.user is not None else 0
    known = [i for i in pool if s.instances[i] is not None and _fits(s, op, i, owner)]
    unknown = hidden(s, pool)
    if count <= 0 or (not known and not unknown):
        s.emit("nothing_to_choose", player=chooser, card=s.instances[ctx.source])
        return None
    return {"kind": "pick", "player": chooser, "owner": owner, "zone": zone, "top": op.get("top"),
            "filter": op.get("filter", ""), "count": count, "optional": bool(op.get("optional")) or unknown,
            "deployable": bool(op.get("deployable")), "options": sorted({_ref(s, i) for i in known}),
            "then": op["then"]}


def _pool(s: NarutoState, owner: int, zone: str, top: int | None) -> list[int]:
    player = s.players[owner]
    if zone == "hand|play":
        return player.hand + player.village + player.battlefield
    cards = getattr(player, zone)
    return cards[:top] if top else list(cards)


def _fits(s: NarutoState, op: dict, iid: int, owner: int) -> bool:
    if op.get("filter") and not meets(s, iid, op["filter"]):
        return False
    if op.get("deployable") and s.card(iid).names & names_in_village(s, owner):
        return False  # the same-name rule still holds (N-DEPLOY-3)
    return True


def _ref(s: NarutoState, iid: int) -> str:
    held_by, zone = where(s, iid)
    return ref(s, iid) if zone == "rewards" else f"{s.instances[iid]}@{held_by + 1}"


def op_order(s, op, ctx):
    """Look at the deck's first cards and put them back in an order the player gives (M-015)."""
    cards = s.players[ctx.p].deck[: op.get("n", 1)]
    if not cards:
        return None
    return {"kind": "order", "player": ctx.p, "count": len(cards), "options": [s.instances[i] or UNNAMED for i in cards],
            "then": []}


def op_organize(s, op, ctx):
    """The player makes new teams of all their Ninjas in play (M-037)."""
    if not ninjas(s, ctx.p, ("village",)):
        return None
    return {"kind": "organize", "player": ctx.p, "options": [], "then": []}


def start_mental_battle(s: NarutoState, p: int, card: str) -> None:
    """This turn's Showdowns compare mental power (N-SHOW-2: a battle of the kind a card's effect
    starts; the French edition's Test de Connaissances). The toolbox starts one for a card whose
    effect is applied by hand."""
    if not s.mental:
        s.mental = True
        s.emit("mental_battle", player=p, card=card)


def op_mental(s, op, ctx):
    start_mental_battle(s, ctx.p, s.instances[ctx.source])


def op_manual(s, op, ctx):
    """The players apply the effect with the toolbox, then say ``choose done`` (N-EFFECT-3)."""
    return {"kind": "manual", "player": ctx.p, "options": ["done"], "then": []}


OPS: dict[str, Callable] = {
    "boost": op_boost, "set": op_set, "swap": _marker("swap", "power_swapped"), "zero": _marker("zero", "power_zero"),
    "reset": _marker("reset", "power_reset"), "gain": op_gain, "gender": op_gender, "attribute": op_attribute,
    "set_attribute": op_set_attribute, "restrict": op_restrict, "coin": op_coin, "damage": op_damage,
    "injure": op_injure, "heal": op_heal, "draw": op_draw, "move": op_move, "leave_team": op_leave_team,
    "take": op_take, "negate": op_negate, "mill": op_mill, "deck_to_chakra": op_deck_to_chakra, "look": op_look,
    "shuffle": op_shuffle, "discard_to_deck": op_discard_to_deck, "chakra_to_discard": op_chakra_to_discard,
    "recycle_hand": op_recycle_hand, "swap_leader": op_swap_leader, "flip": op_flip, "flipped": op_flipped,
    "lower_damage": op_lower_damage, "join_team": op_join_team, "into_play": op_into_play, "pick": op_pick,
    "order": op_order, "organize": op_organize, "manual": op_manual, "mental": op_mental,
}


# --- damage and its triggers ----------------------------------------------------------------------
def hurt(s: NarutoState, iid: int, amount: int, by: list[int] | None = None, guarded: bool = False) -> None:
    """Damage ``iid`` (N-DMG-1..3) through every effect that changes damage: a Ninja that takes no
    damage this turn (M-041), a rear Ninja taking 1 of its Head Ninja's damage (N-022; ``guarded``
    once its player has answered), its own "when it takes damage" effects (N-019), and, for damage dealt
    by a team ``by`` in a Showdown, discarding whatever it damages (J-031, N-024), Tenketsu coins
    (N-042) and An Outcast's Dream's coins (M-002)."""
    if restricted(s, "no_damage", iid):
        s.emit("damage_prevented", player=s.owner[iid], card=s.instances[iid])
        return
    guard = _guard(s, iid) if amount > 0 and not guarded else None
    if guard is not None:
        # Iruka Umino may take 1 of its Head Ninja's damage: its player says first (N-022)
        ask(s, {"kind": "guard", "player": s.owner[guard], "options": ["yes", "no"],
                "then": [{"op": "guarded_damage", "n": amount, "by": list(by or ()), "guard": guard,
                          "target": iid}]},
            [], Context(s.owner[guard], guard), None)
        return
    card = s.card(iid)
    ctx = Context(s.owner[iid], iid)
    ctx.damage = amount
    ops = card.abilities.get("damaged") if effect_applies(s, iid) else None
    if ops and s.mode == "referee" and any(op["op"] == "flip" for op in ops):
        # the physical coin is asked first; the damage waits for its result (N-KEY-COIN-1)
        ask(s, {"kind": "coin", "player": ctx.p, "options": ["heads", "tails"],
                "then": [{"op": "flipped_damage", "n": amount, "by": list(by or ()), "ops": ops}]}, [], ctx, None)
        return
    if ops:
        _run_inner(s, ops, ctx)
    _take_damage(s, iid, ctx.damage, by)


def op_flipped_damage(s, op, ctx):
    """The damage a "when it takes damage" coin flip waited for, once the coin's result is known."""
    ctx.damage = op["n"]
    for f in op["ops"]:
        if f["op"] == "flip":
            op_flipped(s, f, ctx)
        else:
            _run_inner(s, [f], ctx)
    _take_damage(s, ctx.source, ctx.damage, op["by"])


OPS["flipped_damage"] = op_flipped_damage


def _guard(s: NarutoState, iid: int) -> int | None:
    """A rear Ninja of the team ``iid`` leads whose effect may take 1 of its damage (N-022)."""
    team = team_of(s, iid)
    if not team or team[0] != iid:
        return None
    return next((m for m in team[1:]
                 if "guard_leader" in s.card(m).abilities.get("rules", ()) and effect_applies(s, m)), None)


def op_guarded_damage(s, op, ctx):
    """The Head Ninja's damage once Iruka's player has answered: 1 less for it and 1 for Iruka, if
    Iruka is still in play (N-022); else all of it."""
    target = op["target"]
    if not where_in_play(s, target):
        return None
    if ctx.word == "yes" and where_in_play(s, op["guard"]):
        hurt(s, target, op["n"] - 1, op["by"], guarded=True)
        hurt(s, op["guard"], 1)
    else:
        hurt(s, target, op["n"], op["by"], guarded=True)
    return None


OPS["guarded_damage"] = op_guarded_damage


def _take_damage(s: NarutoState, iid: int, amount: int, by: list[int] | None) -> None:
    by = [m for m in by or () if where_in_play(s, m)]
    lethal = bool(by) and (any(restricted(s, "lethal", m) for m in by) or
                           ("lethal_as_leader" in s.card(by[0]).abilities.get("rules", ())
                            and effect_applies(s, by[0])))
    if lethal:
        s.emit("knocked_out", player=s.owner[iid], card=s.instances[iid], damage=amount)
        move(s, iid, "discard")
    else:
        damage(s, iid, amount)
    if not by or amount <= 0:
        return
    if where_in_play(s, iid) and any("tenketsu" in s.card(m).abilities.get("rules", ()) and effect_applies(s, m)
                                     for m in by):
        s.coins.setdefault(iid, {})["tenketsu"] = 1
        s.emit("coin_placed", player=s.owner[iid], card=s.instances[iid], coin="tenketsu")
    if rules_in_play(s, "naruto_coin", s.owner[by[0]]):
        for m in by:
            if meets(s, m, "name:Naruto Uzumaki"):
                s.coins.setdefault(m, {})
                s.coins[m]["power"] = s.coins[m].get("power", 0) + 1
                s.emit("coin_placed", player=s.owner[m], card=s.instances[m], coin="power")


def entered_play(s: NarutoState, iid: int) -> None:
    """A Ninja's "when it enters play" effects (N-035)."""
    ops = s.card(iid).abilities.get("deployed")
    if ops:
        run(s, ops, Context(s.owner[iid], iid))


def left_play(s: NarutoState, ops: list[dict], p: int, iid: int) -> None:
    """A card's "when it leaves play" effect (N-035), for the player who had it in play: run by
    `zones.leave_play`, which is handed it below."""
    run(s, ops, Context(p, iid))


run_effects_with(left_play)


# --- what happens once an effect is done ----------------------------------------------------------
def finish_link(s: NarutoState, finish: dict) -> None:
    leave_chain(s, finish["card"], applied=True)


FINISH: dict[str, Callable[[NarutoState, dict], None]] = {"link": finish_link}


# --- answering a choice (the kernel's kinds, `referee.engine.choices`) -----------------------------
def _refused(c: dict, reason: str, **facts) -> IllegalAction:
    """A wrong answer: N-EFFECT-2, naming the choice; its sentence lists the options, and a choice
    that may not be declined has one of its own."""
    if reason == "must_choose":
        return IllegalAction("N-EFFECT-2", choice=c["kind"], reason="must_choose")
    if reason == "count":
        return IllegalAction("N-EFFECT-2", choice=c["kind"], count=facts["count"])
    if reason == "twice":
        facts["options"] = list(c["options"])
    return IllegalAction("N-EFFECT-2", choice=c["kind"], **facts)


def _may_decline(c: dict) -> bool:
    """A pick may be answered ``none`` when the effect says "may", or when it offers no card."""
    return c["optional"] or not c["options"]


def _pick_pool(s: NarutoState, c: dict) -> list[int]:
    return _pool(s, c["owner"], c["zone"], c.get("top"))


def _pick_listing(s: NarutoState, c: dict) -> list[Action]:
    out = [Action.of("choose", o) for o in c["options"]]
    if _may_decline(c):
        out.append(Action.of("choose", "none"))
    if hidden(s, _pick_pool(s, c)):
        out.append(Action.of("choose", UNNAMED))
    return out


def _spelled(c: dict, text: str) -> str:
    """A card of the zone's owner may be answered by its number alone."""
    return text if "@" in text else f"{text}@{c['owner'] + 1}"


def _unknown(s: NarutoState, c: dict, pool: list[int], text: str, taken: tuple[int, ...],
             named: tuple[str, ...]) -> int | None:
    """In referee mode, an unknown card of the zone named now: checked like any named card (N-ZONE-2),
    and against the pick's filter."""
    number = text.partition("@")[0]
    if s.cards.get(number) is None or not hidden(s, pool):
        return None
    iid = locate(s, c["owner"], c["zone"] if c["zone"] in HIDDEN else "hand", number, taken, named)
    if iid not in pool or s.instances[iid] is not None:
        return None
    with named_as(s, iid, number):
        fits = _fits(s, {"filter": c["filter"], "deployable": c["deployable"]}, iid, c["owner"])
    return iid if fits else None


def shown(s: NarutoState, c: dict) -> list[int]:
    """The cards a pending choice shows the player who answers it: those a pick offers (a search of a
    deck, a look at a hand), the deck's cards an order puts back (the first ones, M-015, or the hand
    just put under the deck, M-024). Other choices show no card."""
    if c["kind"] == "pick":
        return [i for i in _pick_pool(s, c) if s.instances[i] is not None and _ref(s, i) in c["options"]]
    if c["kind"] == "order":
        deck = s.players[c["player"]].deck
        return deck[len(deck) - c["count"]:] if c.get("bottom") else deck[:c["count"]]
    return []


def _order_candidates(s: NarutoState, c: dict) -> list[Action]:
    return [Action.of("choose", *c["options"])] if UNNAMED not in c["options"] else [Action.of("choose", "done")]


def _check_order(s: NarutoState, c: dict, args: tuple[str, ...]) -> dict:
    """The new order of the cards looked at (M-015, M-024); ``done`` once the physical cards are put
    back at the table (referee mode: some are unknown)."""
    if args == ("done",) and UNNAMED in c["options"]:
        return {"word": "done", "cards": [], "named": []}
    if sorted(args) != sorted(c["options"]):
        raise IllegalAction("N-EFFECT-2", choice=c["kind"], cards=list(c["options"]))
    return {"word": "", "cards": [], "named": [], "order": list(args)}


def _organize_candidates(s: NarutoState, c: dict) -> list[Action]:
    return [Action.of("choose", *[":".join(s.instances[m] for m in t) for t in s.players[c["player"]].teams])]


def _check_organize(s: NarutoState, c: dict, args: tuple[str, ...]) -> dict:
    return {"word": "", "cards": [], "named": [], "teams": _teams(s, c["player"], args)}


def _teams(s: NarutoState, p: int, args: tuple[str, ...]) -> list[list[int]]:
    """New teams written ``N-001:N-002 N-003``: every Ninja of the village exactly once, 1 to 3 a team
    (N-ORG-1)."""
    village = ninjas(s, p, ("village",))
    teams, seen = [], []
    for arg in args:
        team = []
        for number in arg.split(":"):
            iid = next((i for i in village if s.instances[i] == number and i not in seen), None)
            if iid is None:
                raise IllegalAction("N-ORG-3", card=number)
            seen.append(iid)
            team.append(iid)
        if not 1 <= len(team) <= MAX_TEAM:
            raise IllegalAction("N-ORG-1", size=len(team), maximum=MAX_TEAM)
        teams.append(team)
    if sorted(seen) != sorted(village):
        raise IllegalAction("N-ORG-2", reason="every_ninja")
    return teams


def _answered(s: NarutoState, c: dict, plan: dict, ctx: Context) -> None:
    """Naruto's part of an answer: the context takes it, the log names the cards chosen, and a new
    order of the deck (M-015, M-024) or new teams (M-037) apply."""
    ctx.word, ctx.chosen = plan["word"], plan["cards"]
    s.emit("chose", player=c["player"], card=c["card"], choice=c["kind"], answer=plan["word"],
           cards=[_ref(s, i) for i in plan["cards"]], secret={"cards": list(plan["cards"])})
    if c["kind"] == "order" and "order" in plan:
        deck = s.players[c["player"]].deck
        span = slice(len(deck) - c["count"], None) if c.get("bottom") else slice(0, c["count"])
        top = deck[span]
        reordered = []
        for number in plan["order"]:
            iid = next(i for i in top if s.instances[i] == number and i not in reordered)
            reordered.append(iid)
        deck[span] = reordered
    if c["kind"] == "organize":
        player = s.players[c["player"]]
        player.teams = plan["teams"]
        s.emit("teams_reorganized", player=c["player"], teams=len(plan["teams"]))


#: the effect vocabulary in the kernel's runner: running, asking, answering (`referee.engine.effects`)
EFFECTS = Effects(
    OPS, FINISH,
    kinds={**dict.fromkeys(("attribute", "confirm", "coin", "manual", "guard"), Options(_refused)),
           "pick": Pick(_pick_pool, _ref, _pick_listing, _may_decline, _unknown, _refused, spell=_spelled),
           "order": Kind(_order_candidates, _check_order), "organize": Kind(_organize_candidates, _check_organize)},
    gate=_gate, answered=_answered, reveal=lambda s, c, iid, number: reveal(s, iid, number),
    save=Context.to_dict, load=Context.from_dict)
run = EFFECTS.run
ask = EFFECTS.ask
choice_candidates = EFFECTS.candidates
check_choose = EFFECTS.check
answer = EFFECTS.answer

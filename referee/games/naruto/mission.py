"""The Mission phase (steps B-E): deploying Ninjas, Growth, Missions and Counter missions, charging
chakra, deploying a Client. Each verb is a `Verb`: candidates, a pure check returning a plan, and
perform."""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.action import UNNAMED, Action
from referee.engine.errors import IllegalAction
from referee.engine.machine import Row
from referee.engine.match import Verb

from .cards import Card
from . import abilities
from .chain import push_link
from .effects import entered_play
from .costs import canonical_hand_payment, check_hand_payment
from .state import NarutoState
from .targets import ref, resolve, target_options
from .traits import names_in_village
from .zones import in_play, locate, locate_all, move, ninjas, reveal


@dataclass
class Plan:
    """What a checked action will do: the acting seat, the card instance, the cards paying for it."""

    p: int
    iid: int
    number: str
    payers: list[int]
    pay: tuple[str, ...]
    targets: list[int] | None = None
    extra: dict | None = None


def hidden_hand(s: NarutoState, p: int) -> bool:
    instances = s.instances
    return None in [instances[i] for i in s.players[p].hand]


def distinct(s: NarutoState, iids: list[int], card_type: str | None = None) -> list[str]:
    """The known card numbers among ``iids``, each once, in order (of ``card_type`` when given: each
    number's card looked at once; a listing asks this of the hand for nearly every verb)."""
    instances, card = s.instances, s.cards.get
    seen: dict[str, None] = {}
    for i in iids:
        number = instances[i]
        if number is not None and number not in seen and (card_type is None or card(number).type == card_type):
            seen[number] = None
    return list(seen)


def _typed(s: NarutoState, iid: int, number: str, card_type: str) -> Card:
    card = s.cards.get(number)
    if card.type != card_type:
        raise IllegalAction("N-CARD-1", card=number, expected=card_type, actual=card.type)
    return card


def _paid_with(s: NarutoState, p: int, card: Card, iid: int, pay: tuple[str, ...], rule: str) -> list[int]:
    named = (card.number,) if s.instances[iid] is None else ()  # the card itself is being named too
    payers = locate_all(s, p, "hand", pay, taken=(iid,), named=named)
    check_hand_payment(s, card, payers, rule, pay)
    return payers


def _entrance(card: Card, counter: int, rule: str, cost: int | None = None) -> None:
    cost = card.entrance_cost or 0 if cost is None else cost
    if cost > counter:
        raise IllegalAction(rule, card=card.number, cost=cost, counter=counter)


def _pay_and_reveal(s: NarutoState, plan: Plan) -> None:
    reveal(s, plan.iid, plan.number)
    for iid, number in zip(plan.payers, plan.pay):
        reveal(s, iid, number)
        move(s, iid, "chakra")


# --- B. deploy a Ninja -------------------------------------------------------------------------
def check_deploy(s: NarutoState, row: Row, a: Action) -> Plan:
    p = s.attacker
    number = a.args[0] if len(a.args) == 1 else UNNAMED
    source = a.one("from") or "hand"
    if source not in ("hand", "chakra"):
        raise IllegalAction("N-DEPLOY-2", card=number, zone=source)
    iid = locate(s, p, source, number)
    card = _typed(s, iid, number, "Ninja")
    player = s.players[p]
    if source == "chakra" and not card.has("Ambush"):
        raise IllegalAction("N-DEPLOY-2", card=number)
    free = card.is_group or abilities.free_deployment(s, p, card)
    if player.deployed and not free:
        raise IllegalAction("N-DEPLOY-1", card=number)
    clash = card.names & names_in_village(s, p)
    if clash:
        group = card.is_group or any(s.card(i).is_group and s.card(i).names & clash for i in ninjas(s, p))
        raise IllegalAction("N-KEY-GROUP-2" if group else "N-DEPLOY-3", card=number, name=sorted(clash)[0])
    _entrance(card, player.counter, "N-DEPLOY-4", abilities.entrance_cost(s, p, iid, card))
    pay = a.get("pay")
    payers = _paid_with(s, p, card, iid, pay, "N-DEPLOY-5")
    return Plan(p, iid, number, payers, pay, extra={"free": free})


def perform_deploy(s: NarutoState, plan: Plan) -> None:
    _pay_and_reveal(s, plan)
    move(s, plan.iid, "village")
    s.injured.discard(plan.iid)  # enters healthy (N-DEPLOY-6)
    player = s.players[plan.p]
    player.teams.append([plan.iid])
    s.entered[plan.iid] = s.turn
    if not plan.extra["free"]:
        player.deployed = True
    s.window = "deploy"
    s.emit("deployed", player=plan.p, card=plan.number, paid=list(plan.pay))
    card = s.card(plan.iid)
    if abilities.manual_only(card):
        s.emit("effect_left", player=plan.p, card=plan.number)
    entered_play(s, plan.iid)


def candidates_deploy(s: NarutoState, row: Row) -> list[Action]:
    p = s.attacker
    player = s.players[p]
    out = [Action.of("deploy", UNNAMED)] if hidden_hand(s, p) else []
    for zone, iids in (("hand", player.hand), ("chakra", player.chakra)):
        for number in distinct(s, iids, "Ninja"):
            card = s.cards.get(number)
            if zone == "chakra" and not card.has("Ambush"):
                continue
            if player.deployed and not (card.is_group or abilities.free_deployment(s, p, card)):
                continue  # the turn's Ninja is deployed: `check_deploy` would refuse it (N-DEPLOY-1)
            iid = next(i for i in iids if s.instances[i] == number)
            pay = canonical_hand_payment(s, p, card, iid)
            if pay is not None:
                out.append(Action.of("deploy", number, **{"from": "chakra" if zone == "chakra" else None}, pay=pay))
    return out


# --- Growth (N-KEY-GROW) -------------------------------------------------------------------------
def check_grow(s: NarutoState, row: Row, a: Action) -> Plan:
    p = s.attacker
    number = a.args[0] if len(a.args) == 1 else UNNAMED
    iid = locate(s, p, "hand", number)
    card = _typed(s, iid, number, "Ninja")
    if not card.has("Growth"):
        raise IllegalAction("N-KEY-GROW-1", card=number)
    old_number = a.one("over")
    if old_number is None:
        raise IllegalAction("N-KEY-GROW-1", card=number, reason="over")
    old = in_play(s, p, old_number, ("village",))
    if not card.names & s.card(old).names:
        raise IllegalAction("N-KEY-GROW-1", card=number, over=old_number)
    if s.entered.get(old) == s.turn or s.coins.get(old, {}).get("growth"):
        raise IllegalAction("N-KEY-GROW-3", card=number, over=old_number)
    # seed 002 waives the "prix d'appel" (the hand cost), not the "tour d'appel" (the entrance cost)
    _entrance(card, s.players[p].counter, "N-KEY-GROW-2", abilities.entrance_cost(s, p, iid, card))
    return Plan(p, iid, number, [], (), extra={"old": old, "old_number": old_number})


def perform_grow(s: NarutoState, plan: Plan) -> None:
    """The new card takes the old one's place, team, state and coins, plus a Growth coin; the old one
    goes to the Chakra area (N-KEY-GROW-1). It is not the turn's deployment and pays no hand cost
    (N-KEY-GROW-2)."""
    old = plan.extra["old"]
    reveal(s, plan.iid, plan.number)
    player = s.players[plan.p]
    coins = dict(s.coins.get(old, {}))
    coins["growth"] = 1
    injured, entered = old in s.injured, s.entered.get(old)
    player.hand.remove(plan.iid)
    player.village[player.village.index(old)] = plan.iid
    player.teams = [[plan.iid if m == old else m for m in t] for t in player.teams]
    s.injured.discard(old)
    s.coins.pop(old, None)
    s.entered.pop(old, None)
    player.chakra.append(old)
    s.coins[plan.iid] = coins
    if injured:
        s.injured.add(plan.iid)
    if entered is not None:
        s.entered[plan.iid] = entered
    s.emit("grown", player=plan.p, card=plan.number, over=plan.extra["old_number"])


def candidates_grow(s: NarutoState, row: Row) -> list[Action]:
    p = s.attacker
    out = []
    for number in distinct(s, s.players[p].hand, "Ninja"):
        card = s.cards.get(number)
        if card.has("Growth"):
            out += [Action.of("grow", number, over=s.instances[o]) for o in s.players[p].village
                    if s.card(o).type == "Ninja" and card.names & s.card(o).names]
    return out


# --- C. Missions and Counter missions ------------------------------------------------------------
def _check_mission(s: NarutoState, p: int, a: Action, counter: bool) -> Plan:
    number = a.args[0] if len(a.args) == 1 else UNNAMED
    iid = locate(s, p, "hand", number)
    card = _typed(s, iid, number, "Mission")
    if card.is_counter != counter:
        raise IllegalAction("N-MISSION-2", card=number)
    _entrance(card, s.players[p].counter, "N-MISSION-3")
    abilities.check_playable(s, p, iid, card)
    pay = a.get("pay")
    payers = _paid_with(s, p, card, iid, pay, "N-MISSION-5")
    targets = resolve(s, p, None, card, a.get("target"), "N-MISSION-4")
    return Plan(p, iid, number, payers, pay, targets=targets)


def check_mission(s: NarutoState, row: Row, a: Action) -> Plan:
    return _check_mission(s, s.attacker, a, counter=False)


def check_counter(s: NarutoState, row: Row, a: Action) -> Plan:
    if s.phase.endswith("chain_priority") and s.priority != s.blocker:
        raise IllegalAction("N-MISSION-2", reason="blocker_only")
    if s.players[s.blocker].countered:
        raise IllegalAction("N-MISSION-2", reason="once")
    return _check_mission(s, s.blocker, a, counter=True)


def perform_mission(s: NarutoState, plan: Plan) -> None:
    _pay_and_reveal(s, plan)
    player = s.players[plan.p]
    if plan.p == s.attacker:
        player.missions += 1
    else:
        player.countered = True
    s.emit("mission_played", player=plan.p, card=plan.number, paid=list(plan.pay),
           targets=[ref(s, t) for t in plan.targets])
    push_link(s, plan.p, plan.iid, user=None, targets=plan.targets, paid=list(plan.pay))


def _candidates_mission(s: NarutoState, verb: str, p: int, counter: bool) -> list[Action]:
    out = [Action.of(verb, UNNAMED)] if hidden_hand(s, p) else []
    hand = s.players[p].hand
    for number in distinct(s, hand, "Mission"):
        card = s.cards.get(number)
        if card.is_counter != counter:
            continue
        iid = next(i for i in hand if s.instances[i] == number)
        pay = canonical_hand_payment(s, p, card, iid)
        if pay is not None:
            out += [Action.of(verb, number, pay=pay, target=t) for t in target_options(s, p, None, card)]
    return out


def candidates_mission(s: NarutoState, row: Row) -> list[Action]:
    return _candidates_mission(s, "mission", s.attacker, counter=False)


def candidates_counter(s: NarutoState, row: Row) -> list[Action]:
    return _candidates_mission(s, "counter", s.blocker, counter=True)


# --- D. charge chakra ----------------------------------------------------------------------------
def check_charge(s: NarutoState, row: Row, a: Action) -> Plan:
    if not a.args:
        raise IllegalAction("N-CHARGE-1", reason="no_card")
    p = s.attacker
    iids = locate_all(s, p, "hand", a.args)
    return Plan(p, -1, "", iids, a.args)


def perform_charge(s: NarutoState, plan: Plan) -> None:
    """Charged cards' effects do not apply (N-CHARGE-2)."""
    for iid, number in zip(plan.payers, plan.pay):
        reveal(s, iid, number)
        move(s, iid, "chakra")
    s.emit("charged", player=plan.p, cards=list(plan.pay))


def candidates_charge(s: NarutoState, row: Row) -> list[Action]:
    p = s.attacker
    out = [Action.of("charge", UNNAMED)] if hidden_hand(s, p) else []
    return out + [Action.of("charge", n) for n in distinct(s, s.players[p].hand)]


# --- E. deploy a Client --------------------------------------------------------------------------
def check_client(s: NarutoState, row: Row, a: Action) -> Plan:
    p = s.attacker
    number = a.args[0] if len(a.args) == 1 else UNNAMED
    iid = locate(s, p, "hand", number)
    card = _typed(s, iid, number, "Client")
    if any(s.card(i).type == "Client" for i in s.players[p].village):
        raise IllegalAction("N-CLIENT-2", card=number)
    _entrance(card, s.players[p].counter, "N-CLIENT-4")
    pay = a.get("pay")
    payers = _paid_with(s, p, card, iid, pay, "N-CLIENT-4")
    return Plan(p, iid, number, payers, pay)


def perform_client(s: NarutoState, plan: Plan) -> None:
    _pay_and_reveal(s, plan)
    move(s, plan.iid, "village")
    s.players[plan.p].client = True
    s.window = "deploy"
    s.emit("client_deployed", player=plan.p, card=plan.number, paid=list(plan.pay))
    if s.card(plan.iid).has_effect:
        s.emit("effect_left", player=plan.p, card=plan.number)


def candidates_client(s: NarutoState, row: Row) -> list[Action]:
    p = s.attacker
    hand = s.players[p].hand
    out = [Action.of("client", UNNAMED)] if hidden_hand(s, p) else []
    for number in distinct(s, hand, "Client"):
        iid = next(i for i in hand if s.instances[i] == number)
        pay = canonical_hand_payment(s, p, s.cards.get(number), iid)
        if pay is not None:
            out.append(Action.of("client", number, pay=pay))
    return out


VERBS = {
    "deploy": Verb(candidates_deploy, check_deploy, perform_deploy),
    "grow": Verb(candidates_grow, check_grow, perform_grow),
    "mission": Verb(candidates_mission, check_mission, perform_mission),
    "counter": Verb(candidates_counter, check_counter, perform_mission),
    "charge": Verb(candidates_charge, check_charge, perform_charge, trusted=True),
    "client": Verb(candidates_client, check_client, perform_client),
}

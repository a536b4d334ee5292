"""Organization and battle (steps F-K): teams, sending attackers and blockers, the Jutsu exchange,
the Showdown, Return."""

from __future__ import annotations

from referee.engine.action import UNNAMED, Action
from referee.engine.errors import IllegalAction
from referee.engine.machine import Row
from referee.engine.match import Verb

from .chain import push_link
from .conditions import target_exists
from .cards import cost_text
from .costs import canonical_jutsu_payment, check_jutsu_payment, has_x, max_x
from .mission import Plan, _typed, distinct, hidden_hand
from .state import NarutoState
from .targets import meets, ref, resolve, target_options
from . import abilities
from .effects import hurt
from .lasting import restricted
from .power import stats
from .zones import MAX_TEAM, in_play, locate, locate_all, move, ninjas, reveal, team_index

MAX_SENT = 3  # N-ATTACK-1


# --- F. organization ---------------------------------------------------------------------------
def _own_village_ninja(s: NarutoState, p: int, number: str) -> int:
    iid = in_play(s, p, number, ("village",))
    if s.card(iid).type != "Ninja":  # a Client is never in a team, so never sent (N-CLIENT-6)
        raise IllegalAction("N-CLIENT-6" if s.card(iid).type == "Client" else "N-ORG-3", card=number)
    return iid


def check_join(s: NarutoState, row: Row, a: Action) -> dict:
    p = s.attacker
    if len(a.args) != 2:
        raise IllegalAction("N-ORG-3", reason="join")
    iid = _own_village_ninja(s, p, a.args[0])
    teams = s.players[p].teams
    current = next(i for i, t in enumerate(teams) if iid in t)
    if a.args[1] == "new":
        if len(teams[current]) == 1:
            raise IllegalAction("N-ORG-3", card=a.args[0], reason="already_alone")
        return {"p": p, "iid": iid, "team": None}
    target = team_index(s, p, a.args[1])
    if target == current:
        raise IllegalAction("N-ORG-3", card=a.args[0], reason="same_team")
    if len(teams[target]) >= MAX_TEAM:
        raise IllegalAction("N-ORG-1", team=a.args[1], size=len(teams[target]), maximum=MAX_TEAM)
    return {"p": p, "iid": iid, "team": target}


def perform_join(s: NarutoState, plan: dict) -> None:
    player = s.players[plan["p"]]
    iid = plan["iid"]
    target = player.teams[plan["team"]] if plan["team"] is not None else None
    for team in player.teams:
        if iid in team:
            team.remove(iid)
    if target is None:
        player.teams.append([iid])
    else:
        target.append(iid)
    player.teams = [t for t in player.teams if t]
    s.emit("joined", player=plan["p"], card=s.instances[iid], team=len(player.teams) if target is None
           else player.teams.index(target) + 1)


def candidates_join(s: NarutoState, row: Row) -> list[Action]:
    """Each Ninja to another team or a new one. A Ninja is named by its number, which names the
    first of two copies a renamed Ninja let into play (M-040): only that copy is listed, so every
    listed action is one `check_join` accepts."""
    teams = s.players[s.attacker].teams
    out = []
    for i, team in enumerate(teams):
        for iid in team:
            number = s.instances[iid]
            if in_play(s, s.attacker, number, ("village",)) != iid:
                continue
            out += [Action.of("join", number, f"T{j + 1}") for j, t in enumerate(teams) if j != i and len(t) < MAX_TEAM]
            if len(team) > 1:
                out.append(Action.of("join", number, "new"))
    return out


def check_team(s: NarutoState, row: Row, a: Action) -> dict:
    """``team N-001 N-002 N-003``: one new team of 1 to 3 of your Ninjas (N-ORG-1), taken out of
    their old teams. The organization editor's way of saying several `join`s at once."""
    p = s.attacker
    if not 1 <= len(a.args) <= MAX_TEAM:
        raise IllegalAction("N-ORG-1", size=len(a.args), maximum=MAX_TEAM)
    if len(set(a.args)) != len(a.args):
        raise IllegalAction("N-ORG-3", reason="twice")
    return {"p": p, "members": [_own_village_ninja(s, p, n) for n in a.args]}


def perform_team(s: NarutoState, plan: dict) -> None:
    player = s.players[plan["p"]]
    members = plan["members"]
    player.teams = [t for t in ([m for m in team if m not in members] for team in player.teams) if t]
    player.teams.append(list(members))
    s.emit("team_formed", player=plan["p"], cards=[s.instances[i] for i in members], team=len(player.teams))


# --- G. the attacker sends teams, H. the blocker sends teams -------------------------------------
def _sendable(s: NarutoState, p: int, a: Action, lead_rule: str = "N-ATTACK-2",
              sent_rule: str = "N-ATTACK-3") -> tuple[list[int], int]:
    """The team and leader an action sends. The blocker's refusals cite N-BLOCK-3 (its leader) and
    N-BLOCK-2 (a team already blocking cannot block again)."""
    if len(a.args) != 1:
        raise IllegalAction(lead_rule, reason="team")
    i = team_index(s, p, a.args[0])
    team = s.players[p].teams[i]
    if any(m in s.players[p].battlefield for m in team):
        raise IllegalAction(sent_rule, team=a.args[0])
    lead = a.one("lead")
    if lead is None:
        if len(team) > 1:
            raise IllegalAction(lead_rule, team=a.args[0], reason="leader")
        leader = team[0]
    else:
        leader = next((m for m in team if s.instances[m] == lead), None)
        if leader is None:
            raise IllegalAction(lead_rule, team=a.args[0], lead=lead)
    abilities.check_team_may_battle(s, p, team)
    return team, leader


def _send(s: NarutoState, p: int, team: list[int], leader: int, tax: list[int]) -> list[int]:
    for iid in tax:
        move(s, iid, "discard")
    if tax:
        s.emit("tax_paid", player=p, cards=[s.instances[i] for i in tax], card="M-013")
    order = [leader] + [m for m in team if m != leader]
    for m in order:
        move(s, m, "battlefield")
    s.players[p].sent.append(order)
    abilities.on_sent(s, p, order)
    return order


def check_send(s: NarutoState, row: Row, a: Action) -> dict:
    team, leader = _sendable(s, s.attacker, a)
    _forced_first_send(s, team)
    return {"team": team, "leader": leader, "tax": abilities.send_tax(s, s.attacker, a.get("pay"))}


def perform_send(s: NarutoState, plan: dict) -> None:
    order = _send(s, s.attacker, plan["team"], plan["leader"], plan["tax"])
    s.emit("team_sent", player=s.attacker, lead=s.instances[order[0]], rear=[s.instances[m] for m in order[1:]])


def _team_choices(s: NarutoState, p: int) -> list[tuple[str, str | None]]:
    player = s.players[p]
    out = []
    for i, team in enumerate(player.teams):
        if any(m in player.battlefield for m in team):
            continue
        leads = [None] if len(team) == 1 else [s.instances[m] for m in team]
        out += [(f"T{i + 1}", lead) for lead in leads]
    return out


def candidates_send(s: NarutoState, row: Row) -> list[Action]:
    tax = abilities.canonical_tax(s, s.attacker)
    return [Action.of("send", t, lead=lead, pay=tax) for t, lead in _team_choices(s, s.attacker)]


def check_block(s: NarutoState, row: Row, a: Action) -> dict:
    b = s.blocker
    team, leader = _sendable(s, b, a, "N-BLOCK-3", "N-BLOCK-2")
    on = a.one("on")
    attackers = s.players[s.attacker].sent
    target = next((i for i, t in enumerate(attackers) if t and s.instances[t[0]] == on), None)
    if target is None:
        raise IllegalAction("N-BLOCK-2", on=on)
    if target in s.players[b].against:
        raise IllegalAction("N-BLOCK-2", on=on, reason="blocked")
    abilities.check_block_allowed(s, team, attackers[target])
    _forced_first_block(s, team, attackers, target)
    return {"team": team, "leader": leader, "against": target, "tax": abilities.send_tax(s, b, a.get("pay"))}


def perform_block(s: NarutoState, plan: dict) -> None:
    b = s.blocker
    order = _send(s, b, plan["team"], plan["leader"], plan["tax"])
    s.players[b].against.append(plan["against"])
    attacker_lead = s.players[s.attacker].sent[plan["against"]][0]
    s.emit("team_blocks", player=b, lead=s.instances[order[0]], rear=[s.instances[m] for m in order[1:]],
           on=s.instances[attacker_lead])


def candidates_block(s: NarutoState, row: Row) -> list[Action]:
    b = s.blocker
    open_ = [t for i, t in enumerate(s.players[s.attacker].sent) if t and i not in s.players[b].against]
    tax = abilities.canonical_tax(s, b)
    return [Action.of("block", t, on=s.instances[a[0]], lead=lead, pay=tax)
            for t, lead in _team_choices(s, b) for a in open_]


def _forced(s: NarutoState, rule: str, team: list[int]) -> int | None:
    return next((m for m in team if restricted(s, rule, m)), None)


def _forced_first_send(s: NarutoState, team: list[int]) -> None:
    """A team an effect sends to Battle if able (M-026) cannot be left out by filling the three
    places with other teams first."""
    if not s.lasting:  # no effect lasting the turn: no team is sent by one
        return
    if _forced(s, "must_attack", team) is not None:
        return
    player = s.players[s.attacker]
    waiting = []
    for t in player.teams:
        if t is team or any(m in player.battlefield for m in t) or _forced(s, "must_attack", t) is None:
            continue
        try:
            abilities.check_team_may_battle(s, s.attacker, t)
        except IllegalAction:
            continue
        waiting.append(t)
    if waiting and len(waiting) > MAX_SENT - len(player.sent) - 1:
        raise IllegalAction("N-EFFECT-5", card=s.instances[_forced(s, "must_attack", waiting[0])],
                            restriction="must_attack")


def _forced_first_block(s: NarutoState, team: list[int], attackers: list[list[int]], target: int) -> None:
    """A blocking team able to block the team an effect says must be blocked (M-012) blocks it, not
    another one."""
    if not s.lasting:  # no effect lasting the turn: no team must be blocked
        return
    if _forced(s, "must_block", attackers[target]) is not None:
        return
    for k, t in enumerate(attackers):
        forced = _forced(s, "must_block", t) if t and k != target and k not in s.players[s.blocker].against else None
        if forced is None:
            continue
        try:
            abilities.check_block_allowed(s, team, t)
        except IllegalAction:
            continue
        raise IllegalAction("N-EFFECT-5", card=s.instances[forced], restriction="must_block")


def check_obligations(s: NarutoState, trigger: str) -> None:
    """Teams that an effect makes go to Battle, or be blocked, if able (`abilities.obligations`).
    Those effects last the turn (`lasting.restricted`): a turn with none owes nothing."""
    if not s.lasting:
        return
    def can_send(i: int) -> bool:
        if len(s.players[s.attacker].sent) >= MAX_SENT:
            return False
        return any(_legal(s, check_send, Action.of("send", t, lead=lead, pay=abilities.canonical_tax(s, s.attacker)))
                   for t, lead in _team_choices(s, s.attacker) if t == f"T{i + 1}")

    def can_block(k: int) -> bool:
        b = s.blocker
        if len(s.players[b].sent) >= len(s.players[s.attacker].sent):
            return False
        on = s.instances[s.players[s.attacker].sent[k][0]]
        return any(_legal(s, check_block, Action.of("block", t, on=on, lead=lead, pay=abilities.canonical_tax(s, b)))
                   for t, lead in _team_choices(s, b))

    abilities.obligations(s, trigger, can_send, can_block)


def _legal(s: NarutoState, check, action: Action) -> bool:
    try:
        check(s, None, action)
    except IllegalAction:
        return False
    return True


# --- I. the Jutsu exchange -----------------------------------------------------------------------
def check_jutsu(s: NarutoState, row: Row, a: Action) -> Plan:
    p = s.priority
    number = a.args[0] if len(a.args) == 1 else UNNAMED
    iid = locate(s, p, "hand", number)
    card = _typed(s, iid, number, "Jutsu")
    by = a.one("by")
    if by is None:
        raise IllegalAction("N-JUTSU-1", card=number, reason="user")
    try:
        user = in_play(s, p, by, ("battlefield",))
    except IllegalAction:
        in_village = any(s.instances[i] == by for i in s.players[p].village)
        raise IllegalAction("N-CLIENT-6" if in_village and s.cards.get(by) and s.cards.get(by).type == "Client"
                            else "N-JUTSU-1", card=number, user=by) from None
    if not meets(s, user, card.requirement):
        raise IllegalAction("N-KEY-COND-1", card=number, user=by, requirement=card.requirement)
    abilities.check_jutsu_allowed(s, card, user)
    x = 0
    xs = a.get("x")
    if has_x(card):
        if len(xs) != 1 or not xs[0].isdigit():
            raise IllegalAction("N-JUTSU-4", card=number, reason="choose_x")
        x = int(xs[0])
    elif xs:
        raise IllegalAction("N-KEY-X-1", card=number)
    targets = resolve(s, p, user, card, a.get("target"), "N-JUTSU-2")
    if not target_exists(s, p, iid, user):
        raise IllegalAction("N-KEY-TARGET-1", card=number, user=by, target=" ".join(card.abilities["target_if"]))
    pay = a.get("pay")
    payers = locate_all(s, p, "chakra", pay)
    if canonical_jutsu_payment(s, p, card, x) is None and not card.abilities.get("x_symbol"):
        # nothing in the Chakra area can pay it: the Jutsu cannot be used at all (not a wrong payment)
        raise IllegalAction("N-JUTSU-5", card=number, cost=cost_text(card.costs))
    check_jutsu_payment(s, card, x, payers)
    symbol = card.abilities.get("x_symbol")
    if symbol and sum(symbol in s.card(i).symbols for i in payers) < x:
        raise IllegalAction("N-JUTSU-3", card=number, x=x, symbols=[symbol] * x)
    return Plan(p, iid, number, payers, pay, targets=targets, extra={"user": user, "x": x})


def perform_jutsu(s: NarutoState, plan: Plan) -> None:
    """The cost is paid by discarding chakra (N-JUTSU-3); the Jutsu joins the chain (N-JUTSU-5)."""
    reveal(s, plan.iid, plan.number)
    for iid in plan.payers:
        move(s, iid, "discard")
    user = plan.extra["user"]
    s.emit("jutsu_used", player=plan.p, card=plan.number, user=s.instances[user],
           targets=[ref(s, t) for t in plan.targets], paid=list(plan.pay), x=plan.extra["x"])
    push_link(s, plan.p, plan.iid, user=user, targets=plan.targets, paid=list(plan.pay), x=plan.extra["x"])
    abilities.on_user(s, plan.p, user)


def candidates_jutsu(s: NarutoState, row: Row) -> list[Action]:
    p = s.priority
    users = ninjas(s, p, ("battlefield",))
    hand = s.players[p].hand
    out = [Action.of("jutsu", UNNAMED, by=s.instances[u]) for u in users] if hidden_hand(s, p) else []
    for number in distinct(s, hand, "Jutsu"):
        card = s.cards.get(number)
        xs = range(max_x(s, p, card) + 1) if has_x(card) else [None]
        for x in xs:
            pay = _x_payment(s, p, card, x or 0)
            if pay is None:
                continue
            for u in users:
                if not meets(s, u, card.requirement) or not _target_exists_for(s, p, hand, number, u):
                    continue
                out += [Action.of("jutsu", number, by=s.instances[u], target=t, pay=pay,
                                  x=None if x is None else str(x)) for t in target_options(s, p, u, card)]
    return out


def _target_exists_for(s: NarutoState, p: int, hand: list[int], number: str, user: int) -> bool:
    iid = next(i for i in hand if s.instances[i] == number)
    return target_exists(s, p, iid, user)


def _x_payment(s: NarutoState, p: int, card, x: int) -> list[str] | None:
    """A payment `legal_actions` lists; X paid with cards of one symbol when the card says so (J-012)."""
    symbol = card.abilities.get("x_symbol")
    if not symbol:
        return canonical_jutsu_payment(s, p, card, x)
    cards = [s.instances[i] for i in s.players[p].chakra if s.card(i) is not None and symbol in s.card(i).symbols]
    return cards[:x] if len(cards) >= x and len(card.jutsu_cost) == 1 else None


# --- J. Showdown, K. Return ----------------------------------------------------------------------
def power(s: NarutoState, team: list[int]) -> int:
    """Team power: the leader's Combat plus every rear Ninja's Support (N-SHOW-1), or in a mental
    battle the sum of Mental Power (N-SHOW-2)."""
    if not team:
        return 0
    if s.mental:
        return sum(s.card(m).mental_power for m in team)
    return stats(s, team[0])[0] + sum(stats(s, m)[1] for m in team[1:])


def showdown(s: NarutoState) -> None:
    """Every sent team, in the order the attacker sent them (N-SHOW-7). Whether a team is battling is
    decided now: one whose blockers are all gone earns rewards (seed 001)."""
    a, b = s.attacker, s.blocker
    attacker, blocker = s.players[a], s.players[b]
    pairs = [(list(team), next((list(blocker.sent[j]) for j, t in enumerate(blocker.against)
                                if t == i and blocker.sent[j]), None))
             for i, team in enumerate(attacker.sent)]
    for team, blocking in pairs:
        team = [m for m in team if m in attacker.battlefield]
        if not team:
            continue
        lead = s.instances[team[0]]
        if abilities.showdown_skipped(s, team, blocking):
            s.emit("showdown_skipped", player=a, lead=lead)
            continue
        arithmetic = _arithmetic(s, team)
        ours = sum(value for _, _, value in arithmetic)  # `power`: its members' contributions
        if blocking is None:
            earned = (1 if ours <= 4 else 2) + abilities.extra_reward(s, team)  # N-SHOW-3
            taken = _take_rewards(s, a, earned)
            s.emit("showdown_unblocked", player=a, lead=lead, power=ours, rewards=taken,
                   rule="N-SHOW-3", arithmetic=_arithmetic(s, team))  # with the rewards taken
            continue
        blocking = [m for m in blocking if m in blocker.battlefield]
        against = _arithmetic(s, blocking)
        theirs = sum(value for _, _, value in against)
        diff = ours - theirs
        result = "draw" if diff == 0 else ("victory" if abs(diff) <= 4 else "outstanding")
        rule = {"draw": "N-SHOW-6", "victory": "N-SHOW-4", "outstanding": "N-SHOW-5"}[result]
        s.emit("showdown", player=a, lead=lead, power=ours, against=s.instances[blocking[0]] if blocking else None,
               against_power=theirs, difference=diff, result=result, rule=rule,
               arithmetic=arithmetic, against_arithmetic=against)
        if result == "draw":
            hits = [(team[0], 1, blocking)] + ([(blocking[0], 1, team)] if blocking else [])
        else:
            winner, loser = (team, blocking) if diff > 0 else (blocking, team)
            if not loser:
                continue
            hits = [(loser[0], 1, winner)] if result == "victory" else \
                [(loser[0], 2, winner)] + [(m, 1, winner) for m in loser[1:]]
            abilities.on_won(s, winner)
            if result == "outstanding" and abilities.extra_reward(s, winner):
                _take_rewards(s, s.owner[winner[0]], 1)
        for iid, amount, by in hits:
            hurt(s, iid, amount, by)


def _take_rewards(s: NarutoState, p: int, count: int) -> int:
    """Player ``p`` takes up to ``count`` battle rewards from the top of the other player's deck."""
    taken = 0
    for _ in range(count):
        deck = s.players[1 - p].deck
        if deck:
            move(s, deck[0], "rewards", seat=p)
            taken += 1
    return taken


def _arithmetic(s: NarutoState, team: list[int]) -> list[list]:
    """Each member's contribution, for the Showdown panel: [card, role, value]."""
    if s.mental:
        return [[s.instances[m], "mental", s.card(m).mental_power] for m in team]
    return [[s.instances[m], "lead" if i == 0 else "rear", stats(s, m)[0 if i == 0 else 1]] for i, m in enumerate(team)]


def return_teams(s: NarutoState) -> None:
    """Sent teams go home as standby Ninjas, injured ones staying injured (N-RETURN-1)."""
    for p, player in enumerate(s.players):
        for iid in list(player.battlefield):
            move(s, iid, "village")
        player.sent = []
        player.against = []
    s.emit("teams_returned")


VERBS = {
    "join": Verb(candidates_join, check_join, perform_join, trusted=True),
    "team": Verb(lambda s, r: [], check_team, perform_team),
    "send": Verb(candidates_send, check_send, perform_send),
    "block": Verb(candidates_block, check_block, perform_block),
    "jutsu": Verb(candidates_jutsu, check_jutsu, perform_jutsu),
}

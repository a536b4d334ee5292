"""The effects of cards in play, where the rules meet them: entrance costs, what a team may do in
Battle, the obligations of the turn, the optional abilities a player may use (`use`), and the
manual toolbox for effects the vocabulary does not hold (N-EFFECT-3).

Every refusal here cites N-EFFECT-4 (a card's effect forbids it) or N-EFFECT-5 (a card's effect
requires something first), with the card whose effect it is.
"""

from __future__ import annotations

from referee.engine.action import Action
from referee.engine.errors import IllegalAction
from referee.engine.match import Verb

from .cards import Card, script_text
from .conditions import Context, all_hold
from .effects import answer, check_choose, choice_candidates, heal, hurt, run, start_mental_battle
from .lasting import restricted, restrictions
from .power import stats
from .state import NarutoState
from .targets import meets, ref, resolve, target_options
from .traits import names_in_village, rules_in_play
from .zones import effect_applies, locate_all, move, named_as, ninjas, where


def has_rule(s: NarutoState, iid: int, word: str) -> bool:
    card = s.card(iid)
    return card is not None and word in card.abilities.get("rules", ()) and effect_applies(s, iid)


def manual_only(card: Card) -> bool:
    """A card whose effect text the vocabulary does not hold, or holds only as ``manual``: the
    players apply it (N-EFFECT-3)."""
    return card.has_effect and (not card.abilities or set(card.abilities) == {"manual"})


# --- costs and limits -----------------------------------------------------------------------------
def entrance_cost(s: NarutoState, p: int, iid: int, card: Card) -> int:
    """A Ninja's entrance cost now: cheaper with Konohamaru (N-007) or Small Act of Courage (M-039),
    dearer while The Hero Appears! is in play, once however many there are (M-025)."""
    cost = base = card.entrance_cost or 0
    if card.type != "Ninja":
        return cost
    for source in ninjas(s, p):
        for op in s.card(source).abilities.get("while", ()):
            if op["op"] == "cost" and effect_applies(s, source):
                with named_as(s, iid, card.number):
                    if meets(s, iid, op["filter"]):
                        cost += op["delta"]
    for e in restrictions(s, "cost:"):
        _, delta, most = e["rule"].split(":")
        if e["player"] == p and base <= int(most):
            cost += int(delta)
    if base >= 1 and rules_in_play(s, "cost_up"):
        cost += 1
    return max(0, cost)


def free_deployment(s: NarutoState, p: int, card: Card) -> bool:
    """Akamaru does not count as the turn's Ninja while Kiba Inuzuka is in play (N-036)."""
    return any(w.startswith("free_deploy_with:") and w.split(":", 1)[1] in names_in_village(s, p)
               for w in card.abilities.get("rules", ()))


def mission_limit(s: NarutoState) -> int:
    """One Mission a turn (N-MISSION-1), two with Kakashi's Foresight (M-030)."""
    return 2 if rules_in_play(s, "two_missions", s.attacker) else 1


def extra_draws(s: NarutoState) -> int:
    """Leaf Ninja Forces: each player draws one more card in their Start phase (M-022)."""
    return len(rules_in_play(s, "extra_draw"))


def check_playable(s: NarutoState, p: int, iid: int, card: Card) -> None:
    """N-KEY-COND-1 for a card's own conditions (M-003, M-032); no Jutsu while An Accident holds
    (M-008)."""
    words = card.abilities.get("playable")
    if words and all_hold(s, {"if": words}, Context(p, iid)) is False:
        raise IllegalAction("N-KEY-COND-1", card=card.number, requirement=" ".join(words))


def check_jutsu_allowed(s: NarutoState, card: Card, user: int) -> None:
    blocker = next((e for e in s.lasting if e["op"] == "restrict" and e["rule"] == "no_jutsu"), None)
    if blocker is not None:
        raise IllegalAction("N-EFFECT-4", card=card.number, restriction="no_jutsu")
    if has_rule(s, user, "no_symbol_jutsu") and all(
            any(t.isalpha() and t != "X" for t in tokens) for tokens in card.costs):
        raise IllegalAction("N-EFFECT-4", card=card.number, source=s.instances[user], restriction="no_symbol_jutsu")


# --- Battle ---------------------------------------------------------------------------------------
def check_team_may_battle(s: NarutoState, p: int, team: list[int]) -> None:
    """What the effects of its members and of the turn say about a team going to Battle. A member
    that cannot be sent out to Attack (``no_attack``) or cannot Block (``no_block``) keeps its whole
    team home on that side, since a team is sent whole (N-ATTACK-1, N-BLOCK-2)."""
    side = "no_attack" if p == s.attacker else "no_block"
    for m in team:
        words = s.card(m).abilities.get("rules")
        if not words or not effect_applies(s, m):
            continue
        number = s.instances[m]
        if side in words:
            raise IllegalAction("N-EFFECT-4", card=number, source=number, restriction=side)
        if len(team) == 1 and "not_alone" in words:
            raise IllegalAction("N-EFFECT-4", card=number, source=number, restriction="not_alone")
        if "grounded_while_leading" in words and len(s.players[p].rewards) > len(s.players[1 - p].rewards):
            raise IllegalAction("N-EFFECT-4", card=number, source=number, restriction="grounded_while_leading")
        if "no_low_teammates" in words and any(o != m and meets(s, o, "rank_max:Genin") for o in team):
            raise IllegalAction("N-EFFECT-4", card=number, source=number, restriction="no_low_teammates")
    if restricted(s, "no_low_teams") and all(meets(s, m, "rank_max:Genin") for m in team):
        raise IllegalAction("N-EFFECT-4", card=s.instances[team[0]], restriction="no_low_teams")


def check_block_allowed(s: NarutoState, team: list[int], attackers: list[int]) -> None:
    """Three Man Squads (M-017) and Coward (M-028) for a blocking team."""
    if restricted(s, "three_by_three") and len(attackers) == 3 and len(team) != 3:
        raise IllegalAction("N-EFFECT-4", card=s.instances[attackers[0]], restriction="three_by_three")
    if restricted(s, "coward") and len(team) == 1:
        power = stats(s, attackers[0])[0] + sum(stats(s, m)[1] for m in attackers[1:])
        if power >= 6:
            raise IllegalAction("N-EFFECT-4", card=s.instances[attackers[0]], restriction="coward", power=power)


def send_tax(s: NarutoState, p: int, pay: tuple[str, ...]) -> list[int]:
    """Gato Transport: whoever sends a team discards a card of their Chakra area (M-013), named
    with ``pay``."""
    owed = 1 if rules_in_play(s, "send_tax") and s.players[p].chakra else 0
    if len(pay) != owed:
        raise IllegalAction("N-EFFECT-5", card="M-013", restriction="send_tax", owed=owed, paid=len(pay))
    return locate_all(s, p, "chakra", pay)


def canonical_tax(s: NarutoState, p: int) -> list[str]:
    chakra = s.players[p].chakra
    return [s.instances[chakra[0]]] if rules_in_play(s, "send_tax") and chakra else []


def on_sent(s: NarutoState, p: int, order: list[int]) -> None:
    """"When sent to Battle" effects (N-006, N-041), and optional ones offered for this step (N-027)."""
    for m in order:
        card = s.card(m)
        if not effect_applies(s, m):
            continue
        if "sent" in card.abilities:
            run(s, card.abilities["sent"], Context(p, m))
        offer = card.abilities.get("offer")
        if offer and offer["when"] == "sent" and all_hold(s, offer, Context(p, m)) is not False:
            _offer(s, m, p)
        if manual_only(card) and card.effect_kind in ("on_attack", "on_battle"):
            s.emit("effect_left", player=p, card=card.number)


def on_user(s: NarutoState, p: int, user: int) -> None:
    """"When this Ninja becomes the user of a Jutsu card" effects: carried out as the Jutsu joins the
    chain, before anyone answers it."""
    ops = s.card(user).abilities.get("used")
    if ops and effect_applies(s, user):
        run(s, ops, Context(p, user))


def on_battle_start(s: NarutoState) -> None:
    """"At the beginning of the Battle Phase" effects of the Ninjas in play, the attacker's first."""
    for p in (s.attacker, s.blocker):
        for m in ninjas(s, p):
            ops = s.card(m).abilities.get("battle_start")
            if ops and effect_applies(s, m):
                run(s, ops, Context(p, m))


def obligations(s: NarutoState, trigger: str, can_send, can_block) -> None:
    """Before the attacker ends sending or the blocker ends blocking: teams that must go to Battle
    if able (The Most Unpredictable Ninja M-026, Teachings of the Previous Hokage M-038) and teams
    that must be blocked if able (The Worst Client M-012)."""
    a, b = s.players[s.attacker], s.players[s.blocker]
    if trigger in ("to_block", "no_attack"):
        for i, team in enumerate(a.teams):
            if any(m in a.battlefield for m in team):
                continue
            forced = [m for m in team if restricted(s, "must_attack", m)]
            if (forced or restricted(s, "all_battle")) and can_send(i):  # whether it can: the dearest question
                raise IllegalAction("N-EFFECT-5", card=s.instances[(forced or team)[0]],
                                    restriction="must_attack" if forced else "all_battle")
    if trigger == "to_exchange":
        open_ = [k for k, team in enumerate(a.sent) if team and k not in b.against]
        for k in open_:
            forced = [m for m in a.sent[k] if restricted(s, "must_block", m)]
            if (forced or restricted(s, "all_battle")) and can_block(k):
                raise IllegalAction("N-EFFECT-5", card=s.instances[(forced or a.sent[k])[0]],
                                    restriction="must_block" if forced else "all_battle")


def showdown_skipped(s: NarutoState, team: list[int], blocking: list[int] | None) -> bool:
    """Disguise Jutsu: the user's team and the team it battles skip the Showdown (J-018)."""
    return any(restricted(s, "no_showdown", m) for m in team + (blocking or []))


def extra_reward(s: NarutoState, team: list[int]) -> int:
    """Make-Out Paradise: one more Battle Reward for the chosen Ninja's team (M-007)."""
    return 1 if any(restricted(s, "extra_reward", m) for m in team) else 0


def on_won(s: NarutoState, team: list[int]) -> None:
    """"When its team wins a Victory" effects (N-034)."""
    for m in team:
        ops = s.card(m).abilities.get("won")
        if ops and effect_applies(s, m) and where(s, m)[1] == "battlefield":
            run(s, ops, Context(s.owner[m], m))


# --- the start of the turn ------------------------------------------------------------------------
def offer_start(s: NarutoState) -> None:
    """Start-of-turn abilities of the attacker's cards, usable before the draw (N-START-2)."""
    for m in ninjas(s, s.attacker):
        card = s.card(m)
        offer = card.abilities.get("offer")
        if offer and offer["when"] == "start" and effect_applies(s, m):
            _offer(s, m, s.attacker)
        elif manual_only(card) and card.effect_kind == "start_of_turn" and effect_applies(s, m):
            s.emit("effect_left", player=s.attacker, card=card.number)


def _offer(s: NarutoState, iid: int, p: int) -> None:
    """Offer ``iid``'s optional ability in the current step, if it can be used now (its cost can be
    paid and it has a target)."""
    offer = {"card": iid, "player": p, "phase": s.phase}
    s.offers.append(offer)
    if any(a.args[0] == s.instances[iid] for a in candidates_use(s)):
        s.emit("ability_offered", player=p, card=s.instances[iid])
    else:
        s.offers.remove(offer)


def offer_open(s: NarutoState) -> bool:
    return any(o["phase"] == s.phase for o in s.offers)


# --- `use`: an optional ability -------------------------------------------------------------------
def check_use(s: NarutoState, a: Action) -> dict:
    """``use N-013 pay J-001 target N-005@1``: an ability offered in this step, its chakra cost
    discarded and its target chosen (N-EFFECT-6)."""
    if len(a.args) != 1:
        raise IllegalAction("N-EFFECT-6", reason="card")
    offer = next((o for o in s.offers if o["phase"] == s.phase and s.instances[o["card"]] == a.args[0]), None)
    if offer is None:
        raise IllegalAction("N-EFFECT-6", card=a.args[0], reason="not_offered")
    iid, p = offer["card"], offer["player"]
    card = s.card(iid)
    ability = card.abilities["offer"]
    pay = a.get("pay")
    if len(pay) != ability.get("chakra", 0):
        raise IllegalAction("N-EFFECT-6", card=card.number, cost=ability.get("chakra", 0), paid=len(pay))
    payers = locate_all(s, p, "chakra", pay)
    probe = Card(card.number, card.name, "Mission", (), target=ability.get("target", "none"),
                 script=_filter_script(ability))
    targets = resolve(s, p, iid, probe, a.get("target"), "N-EFFECT-6")
    return {"offer": offer, "payers": payers, "targets": targets}


def _filter_script(ability: dict) -> str:
    return script_text({"filter": ability["filter"]}) if "filter" in ability else ""


def perform_use(s: NarutoState, plan: dict) -> None:
    offer = plan["offer"]
    s.offers.remove(offer)
    iid, p = offer["card"], offer["player"]
    for payer in plan["payers"]:
        move(s, payer, "discard")
    s.emit("ability_used", player=p, card=s.instances[iid], paid=[s.instances[i] for i in plan["payers"]],
           targets=[ref(s, t) for t in plan["targets"]])
    run(s, s.card(iid).abilities["offer"]["do"], Context(p, iid, None, plan["targets"]))


def candidates_use(s: NarutoState) -> list[Action]:
    out = []
    for o in s.offers:
        if o["phase"] != s.phase:
            continue
        card = s.card(o["card"])
        ability = card.abilities["offer"]
        chakra = s.players[o["player"]].chakra[: ability.get("chakra", 0)]
        if len(chakra) < ability.get("chakra", 0):
            continue
        probe = Card(card.number, card.name, "Mission", (), target=ability.get("target", "none"),
                     script=_filter_script(ability))
        out += [Action.of("use", card.number, pay=[s.instances[i] for i in chakra], target=t)
                for t in target_options(s, o["player"], o["card"], probe)]
    return out


def decline(s: NarutoState) -> None:
    """The offered abilities of this step are not used; they are lost."""
    for o in [o for o in s.offers if o["phase"] == s.phase]:
        s.offers.remove(o)
        s.emit("ability_declined", player=o["player"], card=s.instances[o["card"]])


# --- the manual toolbox (N-EFFECT-3) ---------------------------------------------------------------
TOOLS = ("move", "damage", "injure", "heal", "coin", "power", "mental")
TOOL_ZONES = ("hand", "chakra", "discard", "village", "deck", "rewards")


def _find(s: NarutoState, text: str) -> int:
    """A card written ``N-012@2``: a face-up card of seat 2 (in play, chakra, discard or hand)."""
    number, _, seat = text.partition("@")
    if seat not in ("1", "2"):
        raise IllegalAction("N-EFFECT-3", card=text, reason="card")
    p = int(seat) - 1
    player = s.players[p]
    for zone in (player.village, player.battlefield, player.chakra, player.discard, player.hand):
        for iid in zone:
            if s.instances[iid] == number:
                return iid
    raise IllegalAction("N-EFFECT-3", card=text, reason="card")


def check_tool(s: NarutoState, a: Action) -> dict:
    """``tool move N-012@2 discard``, ``tool damage N-012@2 1``, ``tool injure|heal N-012@2``,
    ``tool coin N-012@2 power 1`` (or -1), ``tool power N-012@2 2 -1`` (until the end of the turn),
    ``tool mental`` (this turn's Showdowns compare mental power, N-SHOW-2)."""
    if a.args == ("mental",):
        return {"tool": "mental", "card": None, "rest": [], "numbers": []}
    if len(a.args) < 2 or a.args[0] not in TOOLS or a.args[0] == "mental":
        raise IllegalAction("N-EFFECT-3", reason="tool", tools=list(TOOLS))
    tool, iid, rest = a.args[0], _find(s, a.args[1]), a.args[2:]
    numbers = [int(r) for r in rest if r.lstrip("-").isdigit()]
    ok = {"move": len(rest) == 1 and rest[0] in TOOL_ZONES, "damage": len(rest) <= 1 and len(numbers) == len(rest),
          "injure": not rest, "heal": not rest, "coin": len(rest) == 2 and len(numbers) == 1 and rest[0].isalpha(),
          "power": len(rest) == 2 and len(numbers) == 2}[tool]
    in_play = where(s, iid)[1] in ("village", "battlefield")
    if not ok or (tool in ("damage", "injure", "heal", "coin", "power") and not in_play):
        raise IllegalAction("N-EFFECT-3", reason="tool", tool=tool, card=a.args[1])
    return {"tool": tool, "card": iid, "rest": list(rest), "numbers": numbers}


def perform_tool(s: NarutoState, plan: dict) -> None:
    tool, iid, rest, numbers = plan["tool"], plan["card"], plan["rest"], plan["numbers"]
    player = s.pending[0]["player"]
    if tool == "mental":
        start_mental_battle(s, player, s.pending[0]["card"])
        return
    s.emit("tool_used", player=player, card=s.pending[0]["card"], tool=tool, on=s.instances[iid],
           values=list(rest))
    if tool == "move":
        move(s, iid, rest[0], top=rest[0] == "deck")
        teams = s.players[s.owner[iid]].teams
        if rest[0] == "village" and s.card(iid).type == "Ninja" and not any(iid in t for t in teams):
            teams.append([iid])  # a Ninja put into play forms a team of its own (N-ORG-3)
    elif tool == "damage":
        hurt(s, iid, numbers[0] if numbers else 1)
    elif tool == "injure":
        s.injured.add(iid)
    elif tool == "heal":
        heal(s, iid)
    elif tool == "coin":
        coins = s.coins.setdefault(iid, {})
        coins[rest[0]] = max(0, coins.get(rest[0], 0) + numbers[0])
        if not coins[rest[0]]:
            del coins[rest[0]]
    elif tool == "power":
        s.lasting.append({"op": "boost", "card": iid, "combat": numbers[0], "support": numbers[1], "jutsu": False})


VERBS = {
    "choose": Verb(lambda s, r: choice_candidates(s), lambda s, r, a: check_choose(s, a), answer),
    "tool": Verb(lambda s, r: [], lambda s, r, a: check_tool(s, a), perform_tool),
    "use": Verb(lambda s, r: candidates_use(s), lambda s, r, a: check_use(s, a), perform_use),
}

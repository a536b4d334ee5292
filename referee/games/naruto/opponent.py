"""Computer opponents for guided mode (the program holds both decks): `RandomPlayer` and
`HeuristicPlayer`, each with ``choose(match) -> Action`` returning one of ``match.legal_actions()``
for the seat expected to act (`Match.actor`), and `play` to run a whole game between two of them.

A player never changes the match it is given: it reads the position and the legal actions, and when
it wants to look ahead it does so on a copy of the position (never on the match itself, whose undo and
redo stacks and observers stay untouched). Each player has its own seeded `random.Random`; the match's
generator (shuffles, coin flips) is never drawn from.

What `HeuristicPlayer` reads (N-ZONE-2), through `SeatView`, for the seat ``me`` that acts:

- its own hand, and the number of cards in the other hand;
- both players' public zones: village, battlefield, Chakra area, discard pile, with injuries and
  coins, teams as organized, the teams sent and which team blocks which;
- counts only of both decks and both battle rewards, both turn counters, the step and who attacks.

It never reads the other player's hand, the order or content of any deck, or the face-down rewards;
`SeatView` refuses any card the rules' `visible` does not give the seat (`sight.py`, the answer the
application's widgets read too). The one look-ahead (the Jutsu exchange) copies the position, tries
the Jutsu, lets both players pass until the Showdown is over and reads only its public result.

Referee mode (physical cards, `Action.needs_naming`) is not for a computer opponent: both players
refuse such a match with a ValueError.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations
from typing import Sequence

from referee.engine.action import Action
from referee.engine.match import Match
from referee.engine.players import Player, RandomPlayer, SeatSight, guided

from .battle import MAX_SENT, MAX_TEAM, power
from .cards import Card
from .state import NarutoState
from .turn import HAND_LIMIT, REWARDS_TO_WIN
from .power import stats
from .rules import rules_for

#: reward cards earned by an unblocked team (N-SHOW-3): power <= 4 earns 1, 5 or more earns 2
OUTSTANDING_POWER = 5
#: how much the heuristic counts, in battle-reward cards, for losing a Ninja: a base plus a share of
#: its healthy Combat + Support; an injury counts half of it
NINJA_BASE = 2.0
NINJA_PER_POINT = 0.25
#: a Ninja deployed pays its hand cost: each Ninja paid with counts this share of its own strength
PAYER_SHARE = 0.5
WIN_VALUE = 100.0
#: the attacker weighs sending only its strongest teams (fewer combinations to try)
ATTACK_CANDIDATES = 6
#: Jutsu tried on a copy of the position per decision (one per card, user and target, highest X)
MAX_TRIALS = 4
#: what a card in hand and a card in the chakra area are worth, in battle-reward cards, when a Mission
#: is tried (`_after_chain`)
CARD_VALUE = 0.3
CHAKRA_VALUE = 0.3


def _guided(match: Match) -> NarutoState:
    return guided(match, NarutoState, "Naruto CCG")


# --- what a seat may see -------------------------------------------------------------------------
class SeatView(SeatSight):
    """The position as seat ``me`` may know it: the cards the rules say it may see (N-ZONE-2,
    `NarutoRules.visible`). Cards are instance ids; `card` and everything built on it refuse a card
    the seat cannot see (the other hand, decks, rewards). ``rules`` are the match's (the format's own
    by default)."""

    def __init__(self, s: NarutoState, me: int, rules=None):
        super().__init__(rules or rules_for(s.format), s, me)
        self.opp = 1 - me
        self.phase, self.turn, self.attacker = s.phase, s.turn, s.attacker
        self._stats: dict[int, tuple[int, int]] = {}
        self._powers: dict[tuple[int, ...], int] = {}

    def number(self, iid: int) -> str:
        self.card(iid)
        return self._s.instances[iid]

    def hand(self) -> list[int]:
        return list(self._s.players[self.me].hand)

    def hand_size(self, p: int) -> int:
        return len(self._s.players[p].hand)

    def deck_size(self, p: int) -> int:
        return len(self._s.players[p].deck)

    def rewards(self, p: int) -> int:
        return len(self._s.players[p].rewards)

    def counter(self, p: int) -> int:
        return self._s.players[p].counter

    def village(self, p: int) -> list[int]:
        return list(self._s.players[p].village)

    def ninjas(self, p: int) -> list[int]:
        """Player ``p``'s Ninjas in the village and on the battlefield."""
        player = self._s.players[p]
        return [i for i in (*player.village, *player.battlefield) if self.card(i).type == "Ninja"]

    def teams(self, p: int) -> list[list[int]]:
        return [list(t) for t in self._s.players[p].teams]

    def free_teams(self, p: int) -> list[tuple[int, list[int]]]:
        """(index, members) of ``p``'s teams not on the battlefield."""
        battlefield = set(self._s.players[p].battlefield)
        return [(i, t) for i, t in enumerate(self.teams(p)) if not battlefield & set(t)]

    def sent(self, p: int) -> list[list[int]]:
        return [list(t) for t in self._s.players[p].sent]

    def against(self, p: int) -> list[int]:
        return list(self._s.players[p].against)

    def injured(self, iid: int) -> bool:
        self.card(iid)
        return iid in self._s.injured

    def growth(self, iid: int) -> int:
        """Growth coins on a card in play (N-KEY-GROW-1)."""
        self.card(iid)
        return self._s.coins.get(iid, {}).get("growth", 0)

    def stats(self, iid: int) -> tuple[int, int]:
        """Combat and Support now (injury and Growth coin included)."""
        if iid not in self._stats:
            self.card(iid)
            self._stats[iid] = stats(self._s, iid)
        return self._stats[iid]

    def power(self, order: Sequence[int]) -> int:
        """Team power with ``order[0]`` leading (the engine's own Showdown arithmetic, N-SHOW-1)."""
        key = tuple(order)
        if key not in self._powers:
            for iid in order:
                self.card(iid)
            self._powers[key] = power(self._s, list(order))
        return self._powers[key]

    def village_names(self, p: int) -> set[str]:
        names: set[str] = set()
        for iid in self.ninjas(p):
            names |= self.card(iid).names
        return names


# --- the heuristic's arithmetic --------------------------------------------------------------------
def strength(card: Card) -> int:
    """A Ninja's healthy Combat + Support."""
    return card.healthy[0] + card.healthy[1]


def ninja_value(view: SeatView, iid: int) -> float:
    """What losing this Ninja costs, in battle-reward cards."""
    return NINJA_BASE + NINJA_PER_POINT * (strength(view.card(iid)) + 2 * view.growth(iid))


def damage_cost(view: SeatView, iid: int, amount: int) -> float:
    """The cost of ``amount`` damage to a Ninja (N-DMG-1..3): knocked out, or injured for half."""
    if amount <= 0:
        return 0.0
    full = ninja_value(view, iid)
    return full if amount >= 2 or view.injured(iid) else full / 2


def clash(view: SeatView, attack: Sequence[int], block: Sequence[int] | None) -> float:
    """The Showdown of one attacking team against one blocking team (or none), in battle-reward cards
    for the attacker (N-SHOW-3..6)."""
    ours = view.power(attack)
    if not block:
        return 1.0 if ours < OUTSTANDING_POWER else 2.0
    diff = ours - view.power(block)
    if diff == 0:
        return damage_cost(view, block[0], 1) - damage_cost(view, attack[0], 1)
    loser, sign = (block, 1.0) if diff > 0 else (attack, -1.0)
    if abs(diff) < OUTSTANDING_POWER:
        return sign * damage_cost(view, loser[0], 1)
    return sign * (damage_cost(view, loser[0], 2) + sum(damage_cost(view, m, 1) for m in loser[1:]))


def best_order(view: SeatView, team: Sequence[int]) -> list[int]:
    """The team led by the member giving the highest power (Combat - Support highest); ties go to a
    healthy leader, then to the team's order."""
    def key(k: int) -> tuple:
        c, s = view.stats(team[k])
        return (-(c - s), view.injured(team[k]), k)
    lead = min(range(len(team)), key=key)
    return [team[lead]] + [m for k, m in enumerate(team) if k != lead]


def best_blocks(values: list[list[float]], need: int = REWARDS_TO_WIN) -> tuple[float, list[int | None]]:
    """The blocker's best answer: ``values[i][j]`` is attacking team i's result against blocking team j
    and the last column its rewards unblocked. Each blocking team blocks at most one attacking team
    (N-BLOCK-2). An answer leaving ``need`` or more rewards unblocked loses the game (N-WIN-1) and
    counts `WIN_VALUE` more. Returns (the attacker's total, for each attacking team the blocking team
    or None), the total as low as possible."""
    count = len(values)
    if count == 0:
        return 0.0, []
    blockers = len(values[0]) - 1
    # with k attacking teams, each one's best answer is among its k best blocking teams
    options = [sorted(range(blockers), key=lambda j: (row[j], j))[:count] for row in values]
    best: tuple[float, list[int | None]] = (float("inf"), [])

    def walk(i: int, used: frozenset, total: float, rewards: float, chosen: list[int | None]) -> None:
        nonlocal best
        if i == count:
            total += WIN_VALUE if rewards >= need else 0.0
            if total < best[0] - 1e-9:
                best = (total, list(chosen))
            return
        walk(i + 1, used, total + values[i][-1], rewards + values[i][-1], chosen + [None])
        for j in options[i]:
            if j not in used:
                walk(i + 1, used | {j}, total + values[i][j], rewards, chosen + [j])

    walk(0, frozenset(), 0.0, 0.0, [])
    return best


def plan_teams(view: SeatView, p: int) -> list[list[int]]:
    """The teams ``p`` wants (N-ORG-1): up to three attacking teams, each the strongest remaining
    leader with as many high-Support rear Ninjas as it takes to reach power 5 (two rewards unblocked),
    or alone when it cannot; every other Ninja alone. Kept only if it promises at least as many
    rewards as all-alone teams. Depends only on the Ninjas, so the plan is the same at every step."""
    pool = sorted((i for i in view.village(p) if view.card(i).type == "Ninja"),
                  key=lambda i: (-view.stats(i)[0], -view.stats(i)[1], i))
    alone = [[i] for i in pool]
    teams: list[list[int]] = []
    while pool and len(teams) < MAX_SENT:
        team, pool = [pool[0]], pool[1:]
        rears = sorted(pool, key=lambda i: (-view.stats(i)[1], view.stats(i)[0], i))
        for r in rears:
            if view.power(best_order(view, team)) >= OUTSTANDING_POWER or len(team) == MAX_TEAM:
                break
            team.append(r)
        if view.power(best_order(view, team)) < OUTSTANDING_POWER:
            team = team[:1]
        pool = [i for i in pool if i not in team]
        teams.append(team)
    teams += [[i] for i in pool]

    def promise(plan: list[list[int]]) -> int:
        gains = sorted((2 if view.power(best_order(view, t)) >= OUTSTANDING_POWER else 1 for t in plan), reverse=True)
        return sum(gains[:MAX_SENT])

    return teams if promise(teams) >= promise(alone) else alone


# --- the heuristic player ----------------------------------------------------------------------------
@dataclass(frozen=True)
class _Legal:
    """The legal actions by notation, to return the listed Action itself."""

    actions: list[Action]

    def get(self, action: Action | str | None) -> Action | None:
        if action is None:
            return None
        text = str(action)
        return next((a for a in self.actions if str(a) == text), None)

    def verb(self, verb: str) -> list[Action]:
        return [a for a in self.actions if a.verb == verb]


class HeuristicPlayer:
    """A simple, legible player:

    - set-up: goes first; takes one mulligan when the hand holds no Ninja it can deploy on turn 1;
    - Mission phase: a Growth that makes a Ninja stronger; the strongest Ninja it can deploy (its
      strength less a share of the Ninjas it pays with); a Mission when trying it on a copy of the
      position leaves it better off (`_after_chain`); then charges chakra with the weakest cards
      beyond the hand limit (rather than discarding them at the end of the turn). It plays no Counter
      mission or Client;
    - optional abilities (a heal at the start of the turn, chakra when sent): always used;
    - organization: teams that reach power 5 where it can (`plan_teams`), built one `join` at a time;
    - attack: the teams (at most three) whose Showdowns are worth most against the blocker's best
      answer (`best_blocks`): rewards when unblocked, damage dealt and taken when blocked;
    - block: the answer that minimizes the attacker's gain: blocks that win, or that cost less than
      the rewards they prevent;
    - Jutsu exchange: a Jutsu only when trying it on a copy of the position changes the Showdown's
      result in its favour, else it passes, so it never uses a Jutsu whose effect would fail;
    - a choice an effect asks: the first option offered;
    - End phase: discards the weakest card.

    Equal choices (deployments, Growths, the card to charge or discard) are broken by the player's own
    generator, seeded with ``seed``; everything else is decided by the scores alone.
    """

    kind = "heuristic"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, match: Match) -> Action:
        s = _guided(match)
        actions = match.legal_actions()
        if len(actions) == 1:
            return actions[0]
        self._match = match
        legal = _Legal(actions)
        view = SeatView(s, match.actor, match.rules)
        phase = s.phase
        if legal.verb("use"):
            return legal.verb("use")[0]
        if s.pending:
            return actions[0]
        if phase in ("setup_first", "setup_coin"):
            choice = legal.get(f"first {view.me + 1}")
        elif phase == "setup_mulligan":
            choice = legal.get(self._mulligan(view))
        elif phase == "mission_main":
            choice = self._missions(view, legal)
        elif phase == "organization_organize":
            choice = legal.get(self._organize(view))
        elif phase == "battle_attack":
            choice = legal.get(self._attack(view))
        elif phase == "battle_block":
            choice = legal.get(self._block(view))
        elif phase.startswith("battle_exchange"):
            choice = self._exchange(match, view, legal)
        elif phase == "end_hand":
            choice = self._discard(view, legal)
        else:  # the Mission phase's window and chains: no Counter mission (no effect is applied)
            choice = None
        return choice or legal.get("pass") or legal.get("next") or actions[0]

    # --- set-up ----------------------------------------------------------------------------------
    def _mulligan(self, view: SeatView) -> str:
        hand = view.hand()
        for iid in hand:
            card = view.card(iid)
            if card.type == "Ninja" and (card.entrance_cost or 0) == 0:
                payers = [o for o in hand if o != iid and set(view.card(o).symbols) & set(card.symbols)]
                if len(payers) >= (card.hand_cost or 0):
                    return "keep"
        return "mulligan" if len(hand) >= HAND_LIMIT else "keep"

    # --- Mission phase --------------------------------------------------------------------------
    def _keep_value(self, view: SeatView, iid: int) -> float:
        """How much a hand card is worth keeping: a Ninja it may deploy most, one it cannot deploy now
        (its name is in the village, or its entrance cost is far off) less, an Ambush Ninja less (it
        can still be deployed from the Chakra area), another card by whether it can pay for a Ninja."""
        card = view.card(iid)
        if card.type == "Ninja":
            value = 2.0 + strength(card)
            if card.names & view.village_names(view.me) and not card.has("Growth"):
                value -= 3
            if (card.entrance_cost or 0) > view.counter(view.me) + 2:
                value -= 2
            if card.has("Ambush"):
                value -= 1
            return value
        ninjas = [view.card(i) for i in view.hand() if i != iid and view.card(i).type == "Ninja"]
        return 1.0 if any(set(card.symbols) & set(n.symbols) for n in ninjas) else 0.0

    def _best(self, scored: list[tuple[float, Action]]) -> Action:
        """The highest score; a tie is broken by the player's own random generator."""
        top = max(score for score, _ in scored)
        return self.rng.choice(sorted((a for score, a in scored if score >= top - 1e-9), key=str))

    def _weakest(self, view: SeatView) -> str:
        """The number of the hand card least worth keeping (ties broken at random)."""
        numbers = {view.number(i): self._keep_value(view, i) for i in view.hand()}
        return self._best([(-value, n) for n, value in numbers.items()])

    def _deploy_score(self, view: SeatView, action: Action) -> float:
        card = view.catalogue(action.args[0])
        payers = [view.catalogue(n) for n in action.get("pay")]
        cost = sum(PAYER_SHARE * strength(c) for c in payers if c.type == "Ninja")
        return 1.0 + strength(card) - cost + (0.5 if action.one("from") == "chakra" else 0.0)

    def _missions(self, view: SeatView, legal: _Legal) -> Action | None:
        grows = []
        for a in legal.verb("grow"):
            new = view.catalogue(a.args[0])
            old = next(i for i in view.village(view.me) if view.number(i) == a.one("over"))
            after = (new.injured if view.injured(old) else new.healthy)
            gain = after[0] + after[1] + 2 - sum(view.stats(old))
            if gain > 0:
                grows.append((gain, a))
        if grows:
            return self._best(grows)
        deploys = [(score, a) for a in legal.verb("deploy") if (score := self._deploy_score(view, a)) > 0]
        if deploys:
            return self._best(deploys)
        missions = legal.verb("mission")[:MAX_TRIALS]
        if missions:
            position = self._match.state.to_dict()
            base = _after_chain(self._match, position, None, view.me)
            scored = [(score, a) for a in missions if (score := _after_chain(self._match, position, a, view.me)) > base + 1e-9]
            if scored:
                return self._best(scored)
        if len(view.hand()) > HAND_LIMIT:
            return legal.get(Action.of("charge", self._weakest(view)))
        return legal.get("next")

    # --- organization ----------------------------------------------------------------------------
    def _organize(self, view: SeatView) -> Action:
        """One `join` toward `plan_teams`: first split off a Ninja that is in the wrong team, then
        merge the pieces of a planned team; `next` once the teams are as planned."""
        me = view.me
        plan = plan_teams(view, me)
        group = {iid: g for g, team in enumerate(plan) for iid in team}
        teams = view.teams(me)
        for team in teams:
            groups = [group[m] for m in team]
            main = max(groups, key=lambda g: (groups.count(g), -groups.index(g)))
            stray = next((m for m in team if group[m] != main), None)
            if stray is not None:
                return Action.of("join", view.number(stray), "new")
        for g in range(len(plan)):
            pieces = [k for k, t in enumerate(teams) if group[t[0]] == g]
            if len(pieces) > 1:
                home = max(pieces, key=lambda k: (len(teams[k]), -k))
                other = next(k for k in pieces if k != home)
                return Action.of("join", view.number(teams[other][0]), f"T{home + 1}")
        return Action.of("next")

    # --- battle ------------------------------------------------------------------------------------
    def _lead(self, view: SeatView, order: list[int]) -> str | None:
        return view.number(order[0]) if len(order) > 1 else None

    def _attack(self, view: SeatView) -> Action:
        """Send the teams worth most against the blocker's best answer; `next` once they are sent."""
        me, opp = view.me, view.opp
        sent = view.sent(me)
        free = [(i, best_order(view, t)) for i, t in view.free_teams(me)]
        free = sorted(free, key=lambda f: (-view.power(f[1]), f[0]))[:ATTACK_CANDIDATES]
        free.sort()
        blockers = [best_order(view, t) for _, t in view.free_teams(opp)]
        value = {}
        for i, order in free:
            value[i] = [clash(view, order, b) for b in blockers] + [clash(view, order, None)]
        fixed = [[clash(view, order, b) for b in blockers] + [clash(view, order, None)] for order in sent]
        need = REWARDS_TO_WIN - view.rewards(me)
        best_total, best_set = best_blocks(fixed, need)[0], ()
        for size in range(1, MAX_SENT - len(sent) + 1):
            for combo in combinations([i for i, _ in free], size):
                total, _ = best_blocks(fixed + [value[i] for i in combo], need)
                if total > best_total + 1e-9:
                    best_total, best_set = total, combo
        if not best_set:
            return Action.of("next")
        i = best_set[0]
        order = dict(free)[i]
        return Action.of("send", f"T{i + 1}", lead=self._lead(view, order))

    def _block(self, view: SeatView) -> Action:
        """The blocks that leave the attacker the least (`best_blocks`), one at a time."""
        me, opp = view.me, view.opp
        against = view.against(me)
        open_ = [t for i, t in enumerate(view.sent(opp)) if t and i not in against]
        free = [(i, best_order(view, t)) for i, t in view.free_teams(me)]
        values = []
        for attack in open_:
            values.append([clash(view, attack, order) for _, order in free] + [clash(view, attack, None)])
        _, answer = best_blocks(values, REWARDS_TO_WIN - view.rewards(opp))
        for attack, j in zip(open_, answer):
            if j is not None:
                i, order = free[j]
                return Action.of("block", f"T{i + 1}", on=view.number(attack[0]), lead=self._lead(view, order))
        return Action.of("next")

    # --- the Jutsu exchange ----------------------------------------------------------------------
    def _exchange(self, match: Match, view: SeatView, legal: _Legal) -> Action | None:
        """Pass, unless a Jutsu makes the Showdown come out better, tried on a copy of the position."""
        highest: dict[tuple, Action] = {}
        for a in legal.verb("jutsu"):  # listed by increasing X: the last one of each stays
            highest[(a.args, a.one("by"), a.get("target"))] = a
        if not highest:
            return None
        position = match.state.to_dict()
        best, choice = _after_showdown(match, position, legal.get("pass"), view.me), None
        for a in list(highest.values())[:MAX_TRIALS]:
            score = _after_showdown(match, position, a, view.me)
            if score > best + 1e-9:
                best, choice = score, a
        return choice

    # --- End phase ---------------------------------------------------------------------------------
    def _discard(self, view: SeatView, legal: _Legal) -> Action | None:
        return legal.get(Action.of("discard", self._weakest(view)))


def material(view: SeatView) -> float:
    """The public balance for ``view.me``: rewards and Ninjas in play (an injured one counts half)."""
    def side(p: int) -> float:
        ninjas = sum(ninja_value(view, i) / (2 if view.injured(i) else 1) for i in view.ninjas(p))
        return view.rewards(p) + ninjas
    return side(view.me) - side(view.opp)


def _after_showdown(match: Match, position: dict, action: Action | None, me: int) -> float:
    """``action`` tried on a copy of ``position`` (the match's, as `to_dict` gives it), then both
    players passing until the Battle phase is over; the public balance for ``me`` afterwards (the
    match itself is not touched)."""
    if action is None:
        return float("-inf")
    state = match.rules.load_state(position, match.state.cards)
    trial = Match(match.rules, state, settle=False)
    trial.apply(action)
    for _ in range(200):
        if trial.is_over() or not trial.phase.startswith("battle_exchange"):
            break
        # both pass; a choice an effect asks is answered with its first option
        trial.apply("pass" if not trial.state.pending else _trial_answer(trial))
    outcome = trial.outcome()
    if outcome is not None:
        return WIN_VALUE if outcome.winner == me else -WIN_VALUE
    return material(SeatView(trial.state, me, trial.rules))


def _trial_answer(trial: Match) -> Action:
    """A choice in a trial: none when allowed (so that a trial's score never depends on cards the seat
    cannot see, such as what a deck's top cards hold), else the first option."""
    actions = trial.legal_actions()
    return next((a for a in actions if a.args == ("none",)), actions[0])


def _after_chain(match: Match, position: dict, action: Action | None, me: int) -> float:
    """``action`` (a Mission) tried on a copy of ``position`` and its chain settled with both players
    passing (choices answered with their first option); the public balance for ``me`` plus what the
    hand and chakra area are worth. None: the position as it is."""
    state = match.rules.load_state(position, match.state.cards)
    trial = Match(match.rules, state, settle=False)
    if action is not None:
        trial.apply(action)
        for _ in range(50):
            if trial.is_over() or not (trial.state.chain or trial.state.pending):
                break
            trial.apply("pass" if not trial.state.pending else _trial_answer(trial))
    s = trial.state
    if s.over:
        return WIN_VALUE if s.winner == me else -WIN_VALUE
    mine, theirs = s.players[me], s.players[1 - me]
    cards = CARD_VALUE * (len(mine.hand) - len(theirs.hand)) + CHAKRA_VALUE * (len(mine.chakra) - len(theirs.chakra))
    return material(SeatView(s, me, trial.rules)) + cards


__all__ = ["HeuristicPlayer", "Player", "RandomPlayer", "SeatView"]

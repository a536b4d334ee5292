"""Set-up, the Start phase, passing and moving on, and the End phase (N-SETUP, N-MULL, N-START,
N-WIN, N-HAND, N-COUNT, N-KEY-PERM)."""

from __future__ import annotations

from typing import Sequence

from referee.engine.action import UNNAMED, Action
from referee.engine.errors import IllegalAction
from referee.engine.machine import Row
from referee.engine.match import Verb
from referee.engine.rng import from_json

from . import abilities
from .battle import check_obligations
from .lasting import end_of_turn
from .mission import Plan, distinct, hidden_hand
from .state import TURN_FLAGS, NarutoState
from .zones import draw, locate_all, move, reveal, shuffle

OPENING_HAND = 6  # N-SETUP-4, then 5 and 4 (N-MULL-1, N-MULL-2)
MAX_MULLIGANS = 2
HAND_LIMIT = 6  # N-HAND-1
REWARDS_TO_WIN = 10  # N-WIN-1


# --- set-up --------------------------------------------------------------------------------------
def deciding(s: NarutoState) -> int:
    """Who decides on a mulligan now: the first player, then the other."""
    return s.first if not s.players[s.first].kept else 1 - s.first


def check_first(s: NarutoState, row: Row, a: Action) -> int:
    if a.args not in (("1",), ("2",)):
        raise IllegalAction("N-SETUP-3", seat=" ".join(a.args))
    return int(a.args[0]) - 1


def perform_first(s: NarutoState, first: int) -> None:
    """The seat chosen to start (by the coin's winner when the program flipped it) starts; each
    player shuffles and draws an opening hand (N-SETUP-2, N-SETUP-4)."""
    s.first = s.attacker = s.priority = first
    s.coin_winner = None
    s.turn = 1
    s.emit("first_player", player=first)
    for p in (0, 1):
        shuffle(s, p)
        draw(s, p, OPENING_HAND)
        s.emit("dealt", player=p, cards=len(s.players[p].hand))


def flip_coin(rng) -> int:
    """The seat that wins the set-up coin flip: heads seat 1, tails seat 2."""
    return rng.randrange(2)


def chosen_after_flip(initial: dict, notations: Sequence[str]) -> tuple[int, str, int, str] | None:
    """What an older record leaves out, as (actions before it, notation, seat, step), or None.

    Records made before the coin's winner chose who starts (N-SETUP-3) go from ``flip`` straight to
    the mulligans, with the winner starting. They read as they happened: the winner chose to start,
    an action inserted after the flip. The flip is always a match's first action, drawing first from
    the initial position's generator."""
    if len(notations) < 2 or notations[0] != "flip" or notations[1].split(" ", 1)[0] == "first":
        return None
    seat = flip_coin(from_json(initial["rng"]))
    return 1, f"first {seat + 1}", seat, "setup_coin"


def perform_flip(s: NarutoState, plan: None) -> None:
    """The program flips the coin; its winner then chooses who starts (N-SETUP-3, N-KEY-COIN-1: seed 001,
    set-up step 3, "the winner decides who begins"), so the coin does not decide it by itself."""
    seat = flip_coin(s.rng)
    s.coin_winner = seat
    s.emit("coin_flip", result="heads" if seat == 0 else "tails")
    s.emit("coin_won", player=seat)


def check_keep(s: NarutoState, row: Row, a: Action) -> int:
    return deciding(s)


def perform_keep(s: NarutoState, p: int) -> None:
    s.players[p].kept = True
    s.emit("kept", player=p, cards=len(s.players[p].hand))


def check_mulligan(s: NarutoState, row: Row, a: Action) -> int:
    return deciding(s)


def perform_mulligan(s: NarutoState, p: int) -> None:
    """Hand back into the deck, shuffle, draw one card fewer (N-MULL-1, N-MULL-2)."""
    player = s.players[p]
    player.mulligans += 1
    player.deck.extend(player.hand)
    player.hand.clear()
    shuffle(s, p)
    draw(s, p, OPENING_HAND - player.mulligans)
    s.emit("mulligan", player=p, cards=len(player.hand))


# --- passing and moving on ----------------------------------------------------------------------
def check_plain(s: NarutoState, row: Row, a: Action) -> str:
    if a.args or a.opts:
        raise IllegalAction("NOTATION", text=str(a), reason="arguments")
    return row.trigger


def perform_pass(s: NarutoState, trigger: str) -> None:
    """Passing priority (N-CHAIN-2/3) and passing in the open exchange (N-CHAIN-7) alternate the
    player; a second pass in a row settles the chain or ends the exchange."""
    if trigger in ("pass_priority", "pass_exchange"):
        s.emit("passed", player=s.priority)
        s.passes += 1
        s.priority = 1 - s.priority
    elif trigger in ("settle", "end_exchange"):
        s.emit("passed", player=s.priority)
        s.passes = 0
        s.emit("chain_settles" if trigger == "settle" else "exchange_over")
    elif trigger == "decline":
        abilities.decline(s)
    else:  # the blocker lets the Mission phase go on, or end
        s.emit("passed", player=s.blocker)
        s.window = ""


def check_next(s: NarutoState, row: Row, a: Action) -> tuple[str, str]:
    trigger = check_plain(s, row, a)
    if trigger in ("to_block", "no_attack", "to_exchange"):
        check_obligations(s, trigger)
    return trigger, s.phase


def perform_next(s: NarutoState, plan: tuple[str, str]) -> None:
    """Going on to the next step; entering the exchange gives the attacker the first chance
    (N-CHAIN-7, filled in). The log names the step left and the step entered."""
    trigger, left = plan
    s.offers = []  # abilities offered in the step left are lost
    if trigger == "end_missions":
        s.window = "end"
    elif trigger == "to_exchange":
        s.priority = s.attacker
        s.passes = 0
    s.emit("step_done", step=left, next=s.phase, trigger=trigger)
    if trigger == "to_battle":
        abilities.on_battle_start(s)


# --- the End phase --------------------------------------------------------------------------------
def victory(s: NarutoState) -> tuple[int, str] | None:
    """N-WIN-1 before N-WIN-2 (N-WIN-3): 10 or more rewards win (both: the attacker); an empty deck
    loses (both: the attacker loses)."""
    a, b = s.attacker, s.blocker
    rich = [p for p in (a, b) if len(s.players[p].rewards) >= REWARDS_TO_WIN]
    if rich:  # with an empty deck too, the rewards decide: N-WIN-3 says so
        return rich[0], "N-WIN-3" if any(not s.players[p].deck for p in (a, b)) else "N-WIN-1"
    empty = [p for p in (a, b) if not s.players[p].deck]
    if empty:
        return 1 - empty[0], "N-WIN-2"
    return None


def check_discard(s: NarutoState, row: Row, a: Action) -> Plan:
    p = s.attacker
    if not a.args:
        raise IllegalAction("N-HAND-1", reason="no_card")
    excess = len(s.players[p].hand) - HAND_LIMIT
    if len(a.args) > excess:
        raise IllegalAction("N-HAND-1", cards=len(s.players[p].hand), limit=HAND_LIMIT, discarding=len(a.args))
    return Plan(p, -1, "", locate_all(s, p, "hand", a.args), a.args)


def perform_discard(s: NarutoState, plan: Plan) -> None:
    for iid, number in zip(plan.payers, plan.pay):
        reveal(s, iid, number)
        move(s, iid, "discard")
    s.emit("discarded", player=plan.p, cards=list(plan.pay), rule="N-HAND-1")


def candidates_discard(s: NarutoState, row: Row) -> list[Action]:
    p = s.attacker
    out = [Action.of("discard", UNNAMED)] if hidden_hand(s, p) else []
    return out + [Action.of("discard", n) for n in distinct(s, s.players[p].hand)]


# --- automatic steps ----------------------------------------------------------------------------
def begin_turn(s: NarutoState) -> None:
    """Start of the turn, before the draw (N-START-2): Permanent (X) missions lose a coin at the
    start of each turn and leave for the Chakra area with none left (N-KEY-PERM-2; seed 002 says
    each turn, not only its owner's); start-of-turn effects are left to the players."""
    for player in s.players:
        for f in TURN_FLAGS:
            setattr(player, f, 0 if f == "missions" else False)
    s.mental = False
    s.emit("turn_started", turn=s.turn, attacker=s.attacker)
    for p in (s.attacker, s.blocker):
        for iid in list(s.players[p].village):
            coins = s.coins.get(iid, {})
            if "permanent" in coins:
                coins["permanent"] -= 1
                s.emit("permanent_coin", player=p, card=s.instances[iid], left=coins["permanent"])
                if coins["permanent"] <= 0:
                    move(s, iid, "chakra")
    s.offers = []
    abilities.offer_start(s)


def start_draw(s: NarutoState) -> None:
    drawn = draw(s, s.attacker, 1 + abilities.extra_draws(s))
    s.emit("drew", player=s.attacker, cards=drawn)


def skip_draw(s: NarutoState) -> None:
    s.emit("no_draw", player=s.attacker, rule="N-START-3")


def win(s: NarutoState) -> None:
    s.winner, s.reason = victory(s)
    s.over = True
    s.emit("game_over", winner=s.winner, rule=s.reason)


def move_marker(s: NarutoState) -> None:
    """The attacker's marker moves up; end-of-turn effects come after it; roles swap (N-COUNT-1/2)."""
    player = s.players[s.attacker]
    player.counter += 1
    s.emit("marker_moved", player=s.attacker, counter=player.counter)
    end_of_turn(s)
    s.attacker = s.blocker
    s.priority = s.attacker
    s.turn += 1


def nothing(s: NarutoState) -> None:
    """A step that needs no bookkeeping, only its transition."""


#: the actions some verbs list, always the same ones
FIRST = [Action.of("first", "1"), Action.of("first", "2")]
FLIP, KEEP, MULLIGAN, PASS, NEXT = (Action.of(verb) for verb in ("flip", "keep", "mulligan", "pass", "next"))

VERBS = {
    "first": Verb(lambda s, r: list(FIRST), check_first, perform_first),
    "flip": Verb(lambda s, r: [FLIP], check_plain, perform_flip),
    "keep": Verb(lambda s, r: [KEEP], check_keep, perform_keep, trusted=True),
    "mulligan": Verb(lambda s, r: [MULLIGAN], check_mulligan, perform_mulligan, trusted=True),
    "pass": Verb(lambda s, r: [PASS], check_plain, perform_pass, trusted=True),
    "next": Verb(lambda s, r: [NEXT], check_next, perform_next),
    "discard": Verb(candidates_discard, check_discard, perform_discard),
}

"""Set-up, the turn's steps that need no card effect, and the end of the game (L-SETUP, L-TURN,
L-WIN)."""

from __future__ import annotations

from referee.engine.action import UNNAMED, Action
from referee.engine.errors import IllegalAction
from referee.engine.machine import Row
from referee.engine.match import Verb

from .links import begin_of_turn
from .state import LlamasState
from .traits import animals, can_win, field_traits, hand_limit
from .zones import distinct, draw, first_copies, hidden, locate_all, move, reveal, shuffle

OPENING_HAND = 5  # L-SETUP-3


def check_plain(s: LlamasState, row: Row, a: Action) -> None:
    if a.args or a.opts:
        raise IllegalAction("NOTATION", text=str(a), reason="arguments")


# --- set-up -------------------------------------------------------------------------------------
def check_baby(s: LlamasState, row: Row, a: Action) -> int:
    """L-SETUP-2: a Baby Animal of the nursery, chosen by each player in seat order."""
    number = a.args[0] if len(a.args) == 1 and not a.opts else None
    for iid in s.nursery:
        if s.instances[iid] == number:
            return iid
    raise IllegalAction("L-SETUP-2", card=" ".join(a.args), options=distinct(s, s.nursery))


def perform_baby(s: LlamasState, iid: int) -> None:
    move(s, iid, "field", s.current)
    s.emit("baby_chosen", player=s.current, card=s.instances[iid])
    s.current = (s.current + 1) % s.seats


def deal(s: LlamasState) -> None:
    """L-SETUP-3: shuffle the deck and deal five cards to each player (at the table in referee mode)."""
    shuffle(s)
    for seat in range(s.seats):
        draw(s, seat, OPENING_HAND)
    s.emit("dealt", cards=OPENING_HAND)


def check_first(s: LlamasState, row: Row, a: Action) -> int:
    """L-SETUP-4: the table says who goes first."""
    if len(a.args) != 1 or a.opts or not a.args[0].isdigit() or not 1 <= int(a.args[0]) <= s.seats:
        raise IllegalAction("L-SETUP-4", seat=" ".join(a.args), seats=s.seats)
    return int(a.args[0]) - 1


def perform_first(s: LlamasState, seat: int) -> None:
    s.first = s.current = seat
    s.turn = 1
    s.emit("first_player", player=seat)


# --- the turn -----------------------------------------------------------------------------------
def next_seat(s: LlamasState) -> None:
    s.current = (s.current + 1) % s.seats
    s.turn += 1


def skip_turn(s: LlamasState) -> None:
    """A player told to miss their next turn misses it whole (LU-022, LU-067)."""
    s.skips[s.current] -= 1
    s.emit("turn_missed", player=s.current, turn=s.turn)
    next_seat(s)


def begin_turn(s: LlamasState) -> None:
    """L-TURN-1: the beginning-of-turn effects of the cards already in the field, as one link."""
    s.words = []
    s.plays = 1
    s.emit("turn_started", turn=s.turn, player=s.current)
    begin_of_turn(s, s.current)


def draw_card(s: LlamasState) -> None:
    """L-TURN-2."""
    s.emit("drew", player=s.current, cards=len(draw(s, s.current)))


def no_draw(s: LlamasState) -> None:
    s.emit("no_draw", player=s.current)


def perform_draw(s: LlamasState, plan: None) -> None:
    """L-TURN-3: draw a card instead of playing one."""
    s.plays -= 1
    draw_card(s)


def to_end(s: LlamasState) -> None:
    s.emit("actions_done", player=s.current)


def check_discard(s: LlamasState, row: Row, a: Action) -> list[tuple[int, str]]:
    """L-TURN-4: down to the hand limit, and no further."""
    if not a.args or a.opts:
        raise IllegalAction("L-TURN-4", reason="no_card")
    hand = s.players[s.current].hand
    limit = hand_limit(s, s.current)
    if len(a.args) > len(hand) - limit:
        raise IllegalAction("L-TURN-4", cards=len(hand), limit=limit, discarding=len(a.args))
    return list(zip(locate_all(s, hand, a.args, "hand"), a.args))


def perform_discard(s: LlamasState, cards: list[tuple[int, str]]) -> None:
    for iid, number in cards:
        reveal(s, iid, number, s.current)
        move(s, iid, "discard")
    s.emit("discarded", player=s.current, cards=[number for _, number in cards], rule="L-TURN-4")


def candidates_discard(s: LlamasState, row: Row) -> list[Action]:
    hand = s.players[s.current].hand
    out = [Action.of("discard", UNNAMED)] if hidden(s, hand) else []
    return out + [Action.of("discard", n) for n in distinct(s, hand)]


def checked_discard(s: LlamasState, row: Row) -> list[tuple[Action, list[tuple[int, str]] | None]]:
    """The candidates `check_discard` accepts, with its plans (`Verb.checked`): one card of each number
    in hand, its first copy, while the hand is over the limit."""
    hand = s.players[s.current].hand
    first, unknown = first_copies(s, hand)
    out: list[tuple[Action, list[tuple[int, str]] | None]] = [(Action.of("discard", UNNAMED), None)] if unknown else []
    if len(hand) - hand_limit(s, s.current) < 1:
        return out  # nothing to discard: every named card is refused (L-TURN-4)
    return out + [(Action.of("discard", number), [(iid, number)]) for number, iid in sorted(first.items())]


def next_turn(s: LlamasState) -> None:
    """The next player's turn, or the same player's again when they have an extra turn (LU-107)."""
    s.emit("turn_ended", player=s.current, hand=len(s.players[s.current].hand), limit=hand_limit(s, s.current))
    if s.extra[s.current]:
        s.extra[s.current] -= 1
        s.turn += 1
        return
    next_seat(s)


# --- winning ------------------------------------------------------------------------------------
def reached(s: LlamasState) -> int | None:
    """The first player, in turn order from the one whose turn it is, with the animals they need
    (L-WIN-1) and nothing keeping them from winning (LU-099); asked only once the chain has resolved
    (L-WIN-2)."""
    seats = s.seats
    for seat in s.clockwise(s.current):
        field = field_traits(s, seat)
        if len(field.animals) >= field.needed(seats) and "no_win" not in field.words:
            return seat
    return None


def win(s: LlamasState) -> None:
    _over(s, reached(s), "L-WIN-1")


def deck_out(s: LlamasState) -> None:
    """L-WIN-3 and L-WIN-4: the deck ran out; most animals, then most letters in their names, else
    every player loses. A player who cannot win (LU-099) is not counted; none left, every player
    loses."""
    counts = {seat: len(animals(s, seat)) for seat in range(s.seats) if can_win(s, seat)}
    if not counts:
        _over(s, None, "L-WIN-3")
        return
    best = [seat for seat, n in counts.items() if n == max(counts.values())]
    if len(best) == 1:
        _over(s, best[0], "L-WIN-3")
        return
    letters = {seat: sum(s.card(i).letters for i in animals(s, seat)) for seat in best}
    most = [seat for seat, n in letters.items() if n == max(letters.values())]
    _over(s, most[0] if len(most) == 1 else None, "L-WIN-4")


def _over(s: LlamasState, winner: int | None, rule: str) -> None:
    s.winner, s.reason, s.over = winner, rule, True
    if winner is None:
        s.emit("everyone_loses", rule=rule)
    else:
        s.emit("game_over", winner=winner, rule=rule)



DRAW = Action.of("draw")

VERBS = {
    "baby": Verb(lambda s, r: [Action.of("baby", n) for n in distinct(s, s.nursery)], check_baby, perform_baby),
    "first": Verb(lambda s, r: [Action.of("first", str(k + 1)) for k in range(s.seats)], check_first, perform_first),
    "draw": Verb(lambda s, r: [DRAW], check_plain, perform_draw, trusted=True),
    "discard": Verb(candidates_discard, check_discard, perform_discard, checked=checked_discard),
}

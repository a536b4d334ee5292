"""Playing cards (L-PLAY-1) and answering them with Instants (L-CARD-1): the instant pile.

A card played in the Action phase goes on the pile; every other player, in turn order from its
player, may then answer it with an Instant or pass. An Instant answering goes on top and is answered
in turn (so a player whose card was answered may answer back, L-CARD-1). Once everyone asked has
passed, the pile settles from the top: each Instant resolves as a link of the chain (blocking the
card below it, or destroying an animal), and the card played resolves if it is still there: an
Animal, Upgrade or Downgrade enters the field it was played into, a Magic takes effect and is
discarded (L-CARD-2..5). A player who may not answer anyway (a Tranquilizer in their field, an
Unstoppable Ram this turn, No Probllama in the field of the card's player, an empty hand) is not
asked: all of that is public, so skipping them tells nobody anything.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import islice
from typing import NamedTuple

from referee.engine.action import UNNAMED, Action
from referee.engine.errors import IllegalAction
from referee.engine.machine import Row
from referee.engine.match import Verb

from .cards import FIELD_TYPES, VARIATIONS, Card
from .chain import eligible, players
from .fields import enter
from .links import add_link, effect, holds, watchers
from .state import LlamasState
from .traits import FieldTraits, field_traits, matches, sheltered, unanswerable
from .turn import check_plain
from .zones import distinct, first_copies, hidden, locate, move, reveal

#: the rule that says where each type may be played (L-CARD-2..5)
PLACEMENT = {"animal": "L-CARD-5", "upgrade": "L-CARD-2", "downgrade": "L-CARD-3", "magic": "L-CARD-4"}


class Play(NamedTuple):
    """A checked play: its plan. (A named tuple: a listing makes one per card and field, and a tuple
    is made several times quicker than a frozen dataclass.)"""

    seat: int
    card: int
    number: str
    into: int | None = None


# --- what a card needs to be played (L-IMPOSSIBLE-1) ---------------------------------------------
#: why a card may not be played, or not go where it is played: (rule, parameters) of the IllegalAction
#: a check raises; a listing only asks whether there is one, and an IllegalAction, which writes out
#: its message when it is made, would cost more than the question
Refusal = tuple[str, dict]


def placement(s: LlamasState, card: Card, seat: int) -> IllegalAction | None:
    """Why ``card`` cannot go into ``seat``'s field now, or None: a field that keeps its variation
    out (L-EFFECT-3), or the card's own entry condition (``entry``, L-IMPOSSIBLE-1)."""
    refusal = _placement(s, card, field_traits(s, seat))
    return None if refusal is None else IllegalAction(refusal[0], **refusal[1])


def _placement(s: LlamasState, card: Card, field: FieldTraits) -> Refusal | None:
    """`placement` into the field of these `FieldTraits` (a listing gets each field's once), worked
    out once per card and content of the field (`FieldTraits.placements`)."""
    placements = field.placements
    number = card.number
    if number in placements:
        return placements[number]
    refusal = None
    source = field.closing(card)
    if source is not None:
        refusal = "L-EFFECT-3", {"reason": "closed", "card": number, "by": s.instances[source]}
    # a field with an animal of each variation (what `owns` finds for each, asked at once)
    elif card.abilities.get("entry") == "all_variations" and not field.variations_here(s) >= set(VARIATIONS):
        refusal = "L-IMPOSSIBLE-1", {"reason": "entry", "card": number}
    placements[number] = refusal
    return refusal


def _restrictions(s: LlamasState, seat: int, card: Card, field: FieldTraits) -> Refusal | None:
    """Continuous effects of the player's field (its `FieldTraits`) that forbid the card (L-EFFECT-3),
    and the card's own requirements on its player's field (``requires``, L-IMPOSSIBLE-1): a pure
    function of the card and that field, worked out once per card and content of the field
    (`FieldTraits.restrictions`)."""
    known = field.restrictions
    number = card.number
    if number not in known:
        known[number] = _restricting(s, seat, card, field)
    return known[number]


def _restricting(s: LlamasState, seat: int, card: Card, field: FieldTraits) -> Refusal | None:
    source = field.barring(card)
    if source is not None:
        return "L-EFFECT-3", {"reason": "no_play", "card": card.number, "by": s.instances[source]}
    for condition in card.abilities.get("requires", ()):
        if not holds(s, seat, condition):
            return "L-IMPOSSIBLE-1", {"reason": "requires", "card": card.number, "condition": condition}
    return None


def feasible(s: LlamasState, seat: int, iid: int, number: str, ability: dict, info: dict) -> bool:
    """Can every target of a mandatory ability be chosen now, the card being played aside
    (L-IMPOSSIBLE-1)?"""
    if ability.get("optional"):
        return True
    eff = {"card": iid, "player": seat, "number": number, "targets": {}, "info": info}
    specs = ability.get("targets", [])

    def fits(k: int) -> bool:
        if k == len(specs):
            return True
        spec = specs[k]
        if spec.get("pick") == "player":
            for target in players(s, eff, spec):
                eff["targets"][spec["as"]] = [target]
                if fits(k + 1):
                    return True
            return False
        count = spec.get("count", 1)
        # whether there are enough: the first ``count`` tell
        pool = islice((i for i in eligible(s, {"effects": []}, eff, spec) if i != iid), count)
        return sum(1 for _ in pool) >= count and fits(k + 1)

    return fits(0)


def _one_card(a: Action) -> str:
    if len(a.args) != 1:
        raise IllegalAction("NOTATION", text=str(a), reason="one_card")
    return a.args[0]


# --- playing a card ------------------------------------------------------------------------------
def check_play(s: LlamasState, row: Row, a: Action) -> Play:
    seat = s.current
    number = _one_card(a)
    iid = locate(s, s.players[seat].hand, number, "hand")
    card = s.cards.get(number)
    if card.type == "instant":
        raise IllegalAction("L-CARD-1", reason="answer_only", card=number)
    into = a.one("into")
    target = None
    if card.type in FIELD_TYPES:
        if into is None or not into.isdigit() or not 1 <= int(into) <= s.seats:
            raise IllegalAction(PLACEMENT[card.type], reason="into", card=number, seats=s.seats)
        target = int(into) - 1
    elif into is not None:
        raise IllegalAction("L-CARD-4", reason="no_field", card=number)
    refusal = _restrictions(s, seat, card, field_traits(s, seat))
    if refusal is not None:
        raise IllegalAction(refusal[0], **refusal[1])
    if target is not None:
        refusal = placement(s, card, target)
        if refusal is not None:
            raise refusal
    elif not feasible(s, seat, iid, number, card.abilities.get("play", {}), {}):
        raise IllegalAction("L-IMPOSSIBLE-1", reason="target", card=number)
    return Play(seat, iid, number, target)


def perform_play(s: LlamasState, plan: Play) -> None:
    reveal(s, plan.card, plan.number, plan.seat)
    s.players[plan.seat].hand.remove(plan.card)
    s.pile.append({"card": plan.card, "player": plan.seat, "into": plan.into, "answers": None, "answered": None})
    s.plays -= 1
    s.emit("played", player=plan.seat, card=plan.number, into=plan.into)
    _played(s, plan)


def _played(s: LlamasState, plan: Play) -> None:
    """Cards watching for a card being played trigger (LU-073); then the others may answer it."""
    add_link(s, watchers(s, s.clockwise(plan.seat), "anyone_plays", plan.card, by=plan.seat))
    s.asking = next_asker(s, None)


@lru_cache(maxsize=4096)
def play_action(number: str, into: int | None) -> Action:
    """``play <number> into <into + 1>`` (a Magic: no field). Remembered: a listing in the Action
    phase names each card of the hand once per field, the same few actions turn after turn."""
    return Action.of("play", number, into=None if into is None else str(into + 1))


def candidates_play(s: LlamasState, row: Row) -> list[Action]:
    hand = s.players[s.current].hand
    out = [Action.of("play", UNNAMED)] if hidden(s, hand) else []
    for number in distinct(s, hand):
        card = s.cards.get(number)
        if card.type in FIELD_TYPES:
            out += [play_action(number, k) for k in range(s.seats)]
        elif card.type == "magic":
            out.append(play_action(number, None))
    return out


def checked_play(s: LlamasState, row: Row) -> list[tuple[Action, Play | None]]:
    """The candidates `check_play` accepts, with its plans (`Verb.checked`): what holds for the card
    whatever the field (its player's restrictions, a Magic's targets) is checked once per card, and
    only where it goes (`placement`) once per field, rather than everything once per field. The hand
    is read once (`first_copies`)."""
    seat = s.current
    first, unknown = first_copies(s, s.players[seat].hand)
    fields = [field_traits(s, k) for k in range(s.seats)]
    out: list[tuple[Action, Play | None]] = [(Action.of("play", UNNAMED), None)] if unknown else []
    for number, iid in sorted(first.items()):  # one action each, sorted as `distinct`
        card = s.cards.get(number)
        if card.type not in FIELD_TYPES and card.type != "magic":
            continue  # an Instant only answers (L-CARD-1)
        if _restrictions(s, seat, card, fields[seat]) is not None:
            continue
        if card.type in FIELD_TYPES:
            for k, field in enumerate(fields):
                refusal = field.placements.get(number, _UNSET)  # what `_placement` remembers, read here
                if (_placement(s, card, field) if refusal is _UNSET else refusal) is None:
                    # `tuple.__new__` is what a named tuple's own ``__new__``, a Python function, calls
                    out.append((play_action(number, k), _new_play(Play, (seat, iid, number, k))))
        elif feasible(s, seat, iid, number, card.abilities.get("play", {}), {}):
            out.append((play_action(number, None), _new_play(Play, (seat, iid, number, None))))
    return out


_new_play = tuple.__new__
_UNSET = object()


# --- answering: the instant window ----------------------------------------------------------------
def may_answer(s: LlamasState, seat: int) -> bool:
    """Whether ``seat`` may answer the top card of the pile: nothing stops any answer to it (this turn's
    words, the field of its player) and nothing stops that seat's."""
    answerable = _answerable(s)
    return answerable is not False and _may_answer_it(s, seat) and (answerable or sheltered(s, seat))


def _answerable(s: LlamasState) -> bool | None:
    """What `may_answer` asks of the top card, the same for every seat: False when nothing may answer
    it (an Unstoppable Ram this turn), None when only a seat No Probllama's herd bonus does not reach
    may (No Probllama in the field of its player, LU-074, LU-112), else True."""
    if "no_instants" in s.words:
        return False
    return None if unanswerable(s, s.pile[-1]["player"]) else True


def _may_answer_it(s: LlamasState, seat: int) -> bool:
    """What `may_answer` asks of the seat: cards in hand, and no Tranquilizer in its field."""
    return bool(s.players[seat].hand) and not field_traits(s, seat).no_instants


def next_asker(s: LlamasState, after: int | None) -> int | None:
    """The next player after ``after`` (from the top card's player, clockwise) who may answer it
    (`may_answer`: what depends on the card asked once)."""
    answerable = _answerable(s)
    if answerable is False:
        return None
    order = s.clockwise(s.pile[-1]["player"])
    for seat in order[1 if after is None else order.index(after) + 1:]:
        if _may_answer_it(s, seat) and (answerable or sheltered(s, seat)):
            return seat
    return None


def check_instant(s: LlamasState, row: Row, a: Action) -> Play:
    seat = s.asking
    number = _one_card(a)
    if a.opts:
        raise IllegalAction("NOTATION", text=str(a), reason="option", option=a.opts[0][0])
    iid = locate(s, s.players[seat].hand, number, "hand")
    card = s.cards.get(number)
    if card.type != "instant":
        raise IllegalAction("L-CARD-1", reason="not_instant", card=number)
    top = s.pile[-1]
    ability = card.abilities.get("instant", {})
    if "answers" in ability and not matches(s, top["card"], ability["answers"]):
        raise IllegalAction("L-CARD-1", reason="answers", card=number, answered=s.instances[top["card"]])
    if not feasible(s, seat, iid, number, ability, {"answers": top["card"], "answered": top["player"]}):
        raise IllegalAction("L-IMPOSSIBLE-1", reason="target", card=number)
    return Play(seat, iid, number)


def perform_instant(s: LlamasState, plan: Play) -> None:
    top = s.pile[-1]
    reveal(s, plan.card, plan.number, plan.seat)
    s.players[plan.seat].hand.remove(plan.card)
    s.pile.append({"card": plan.card, "player": plan.seat, "into": None, "answers": top["card"],
                   "answered": top["player"]})
    s.emit("answered", player=plan.seat, card=plan.number, answers=s.instances[top["card"]])
    _played(s, plan)


def candidates_instant(s: LlamasState, row: Row) -> list[Action]:
    """Each Instant of the hand once, sorted (asked at every card played; most hands hold none)."""
    first, unknown = first_copies(s, s.players[s.asking].hand)
    out = [Action.of("instant", UNNAMED)] if unknown else []
    card_of = s.cards.get
    instants = []
    for number in first:
        if card_of(number).type == "instant":
            instants.append(number)
    instants.sort()
    for number in instants:
        out.append(Action.of("instant", number))
    return out


def perform_pass(s: LlamasState, plan: None) -> None:
    s.emit("passed", player=s.asking)
    s.asking = next_asker(s, s.asking)


# --- settling the pile ----------------------------------------------------------------------------
def settle_card(s: LlamasState) -> None:
    """The top card of the pile resolves (its link is then resolved before the next card)."""
    entry = s.pile[-1]
    iid, seat, card = entry["card"], entry["player"], s.card(entry["card"])
    s.emit("resolves", player=seat, card=card.number)
    if card.type in ("instant", "magic"):  # the link holds the card until it is discarded
        s.pile.pop()
        info = {"answers": entry["answers"], "answered": entry["answered"]} if card.type == "instant" else {}
        add_link(s, [effect(s, iid, seat, card.type if card.type == "instant" else "play", **info)], holds=iid,
                 player=seat)
    elif placement(s, card, entry["into"]) is None:
        enter(s, iid, entry["into"], "played")
    else:  # its field no longer takes it (L-IMPOSSIBLE-2)
        move(s, iid, "discard")
        s.emit("impossible", player=seat, card=card.number, action="enter")


PASS = Action.of("pass")

VERBS = {
    "play": Verb(candidates_play, check_play, perform_play, checked=checked_play),
    "instant": Verb(candidates_instant, check_instant, perform_instant),
    "pass": Verb(lambda s, r: [PASS], check_plain, perform_pass, trusted=True),
}

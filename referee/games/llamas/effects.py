"""The effect vocabulary: what an ability's ``do`` list (data/effects.toml) does when it resolves.

An ability is a table: ``optional`` ("you may"), ``targets`` (chosen before its link resolves, see
`chain.py`), ``if`` (a trigger condition), ``filter`` (what a watcher watches for) and ``do``, a list
of operations carried out in the order written (L-MULTI-1). Each operation is a table with ``op`` and
its parameters:

- ``who``: the players it is about: ``self`` (the default), ``each``, ``each_other``, a player target's
  name, or ``answered``/``chooser``/``by`` (the player of the card an Instant answers, who targeted
  the card, who destroyed it). An operation about several players is done for each in turn order.
- ``card``: the cards it acts on: a card target's name, ``self`` or ``chosen`` (the last choice's).
- ``after``: ``then`` (only if the operation before succeeded), ``if_you_do`` (only if its player
  chose to do it) or ``instead`` (only if it did not succeed); without it, "and" (L-MULTI-2).
- ``if``/``unless``: a condition on the operation's player (``own:goat``); ``may``: that player may
  decline.

An action that cannot be done (a discard with an empty hand, a sacrifice with an empty field, a card
that cannot be affected) is skipped and counts as not succeeded (L-IMPOSSIBLE-2). An operation needing
a decision (which card, yes or no) puts a *choice* on `LlamasState.pending` and stops; the rest of
the effect waits in the choice and goes on once the player answers with ``choose`` (`answer`). So
does a card about to be sacrificed or destroyed that another card of its field may save (`depart`).
Running, asking and answering are the kernel's (`referee.engine.effects`, `referee.engine.choices`):
this module gives it the vocabulary (`OPS`, `FINISH`), what is read before an operation (``after``,
``who``, ``if``) and its own kind of choice (``player``), in `EFFECTS`.
"""

from __future__ import annotations

from itertools import combinations, islice, permutations
from typing import Callable

from referee.engine import choices
from referee.engine.action import UNNAMED, Action
from referee.engine.choices import Kind, Options, Pick
from referee.engine.effects import Effects
from referee.engine.errors import IllegalAction

from .fields import bring, leave, rescuer, transfer
from .links import holds
from .state import LlamasState
from .traits import card_matches, immune, matches
from .zones import draw, field_of, field_seats, hidden, locate, move, ref, reveal, shuffle, where

#: at most this many answers of a choice of several cards are listed (any other is accepted)
LISTED_ANSWERS = 40


# --- who and what an operation is about -----------------------------------------------------------
def seats(s: LlamasState, who: str, ctx: dict) -> list[int]:
    p = ctx["p"]
    if who == "self":
        return [p]
    if who == "each":
        return s.clockwise(p)
    if who == "each_other":
        return s.clockwise(p)[1:]
    if who in ctx["info"]:
        return [ctx["info"][who]]
    if who.startswith("field_of:"):  # the player whose field holds a card target
        return [seat for iid in ctx["targets"].get(who[9:], []) if (seat := field_of(s, iid)) is not None]
    return list(ctx["targets"].get(who, []))


def cards(ctx: dict, name: str) -> list[int]:
    if name == "self":
        return [ctx["source"]]
    if name == "chosen":
        return list(ctx["chosen"])
    return list(ctx["targets"].get(name, []))


def context(p: int, source: int, targets: dict | None = None, info: dict | None = None) -> dict:
    """What an effect is about while it resolves (plain data: it is saved inside a waiting choice)."""
    return {"p": p, "source": source, "targets": targets or {}, "info": info or {}, "ok": True, "chose": True,
            "n": 0, "chosen": [], "word": ""}


# --- running an effect (the kernel's runner, `referee.engine.effects`; see `EFFECTS` below) ----------
def _gate(s: LlamasState, op: dict, ctx: dict, rest: list[dict]) -> bool:
    """Whether an operation is carried out: ``after`` reads how the one before went (L-MULTI-2); an
    operation about several players becomes one copy for each, in turn order, put first in ``rest``;
    ``if``/``unless`` are conditions on its player."""
    after = op.get("after")
    if (after == "then" and not ctx["ok"]) or (after == "if_you_do" and not ctx["chose"]) or \
            (after == "instead" and ctx["ok"]):
        ctx["ok"] = after == "instead"
        return False
    if "seat" not in op:
        rest[:0] = [{**op, "seat": seat, "after": None} for seat in seats(s, op.get("who", "self"), ctx)]
        return False
    return _holds(s, op["seat"], op.get("if"), ctx) and not (op.get("unless") and _holds(s, op["seat"], op["unless"], ctx))


def _holds(s: LlamasState, seat: int, condition: str | None, ctx: dict) -> bool:
    """An operation's condition: on its player (`links.holds`), or ``answers:<filter>`` on the card
    the Instant answers (LU-102: "if it was an Instant")."""
    kind, _, spec = (condition or "").partition(":")
    if kind == "answers":
        return matches(s, ctx["info"]["answers"], spec)
    return holds(s, seat, condition)


def _defaults() -> dict:
    """What a choice says unless its operation does: no operations on a no, and the rule a wrong
    answer cites."""
    return {"otherwise": [], "rule": "L-EFFECT-2"}


def confirm(seat: int, then: list[dict], otherwise: list[dict] | None = None) -> dict:
    return choices.confirm(seat, then, otherwise=otherwise or [])


def pick(s: LlamasState, seat: int, pool: list[int], then: list[dict], *, count: int = 1, least: int | None = None,
         spec: str = "card", ordered: bool = False, anonymous: bool = False, rule: str = "L-EFFECT-2") -> dict:
    """A choice of ``least`` (``count`` unless given) to ``count`` cards among ``pool`` meeting ``spec``;
    ``options`` are the different answers for one card (two copies of a card are one option).
    Unknown physical cards of the pool are named by the answer (or stay unknown with ``?`` when
    ``anonymous``: a card taken from a hand and kept hidden)."""
    seats = field_seats(s)
    options = sorted({ref(s, i, seats) for i in pool if s.instances[i] is not None and matches(s, i, spec, seats)})
    return {"kind": "pick", "player": seat, "pool": list(pool), "spec": spec, "options": options, "count": count,
            "least": count if least is None else least, "ordered": ordered, "hidden": hidden(s, pool),
            "anonymous": anonymous, "then": then, "rule": rule}


def _impossible(s: LlamasState, op: dict, ctx: dict) -> None:
    ctx["ok"] = False
    s.emit("impossible", player=op["seat"], card=s.instances[ctx["source"]], action=op["op"])


# --- operations -----------------------------------------------------------------------------------
def op_draw(s, op, ctx):
    seat = op["seat"]
    if op.get("may"):
        return confirm(seat, [{**op, "may": False}])
    drawn = draw(s, seat, _count(s, seat, op.get("n", 1), ctx))
    s.emit("drew", player=seat, cards=len(drawn))
    ctx["ok"] = bool(drawn)
    if op.get("bring") and drawn and (hidden(s, drawn) or any(matches(s, i, op["bring"]) for i in drawn)):
        # drawn animals may go straight into the field (LU-019, LU-068): brought, not played
        return pick(s, seat, drawn, [{"op": "bring", "card": "chosen", "seat": seat}], count=len(drawn), least=0,
                    spec=op["bring"])
    return None


def _count(s: LlamasState, seat: int, n: int | str, ctx: dict) -> int:
    """How many cards an operation is about: a number, ``same`` (as many as the operation before it
    did, LU-033) or ``count:<filter>`` (as many as its player has such cards in their field, LU-108)."""
    if n == "same":
        return ctx["n"]
    if isinstance(n, str):
        spec = n.partition(":")[2]
        return sum(1 for i in s.players[seat].field if matches(s, i, spec))
    return n


def discard_cards(s: LlamasState, seat: int, ids: list[int]) -> None:
    for iid in ids:
        move(s, iid, "discard")
    s.emit("discarded", player=seat, cards=[s.instances[i] for i in ids])


def op_discard(s, op, ctx):
    """Discard (L-VERB-4) given cards, the whole hand (``all``), any number (``any``) or ``n`` (1) of
    its player's choice; ``ctx["n"]`` becomes how many were discarded."""
    seat = op["seat"]
    hand = s.players[seat].hand
    if "card" in op:
        ids = [i for i in cards(ctx, op["card"]) if i in hand]
        discard_cards(s, seat, ids)
        ctx["ok"], ctx["n"] = bool(ids), len(ids)
        return None
    if not hand:
        ctx["n"] = 0
        return _impossible(s, op, ctx)
    then = [{"op": "discard", "card": "chosen", "seat": seat}]
    if op.get("all") and not hidden(s, hand):
        return _discard_all(s, seat, ctx)
    if op.get("all"):
        return pick(s, seat, hand, then, count=len(hand))
    if op.get("any"):
        return pick(s, seat, hand, then, count=len(hand), least=0)
    return pick(s, seat, hand, then, count=min(op.get("n", 1), len(hand)))


def _discard_all(s: LlamasState, seat: int, ctx: dict) -> None:
    ids = list(s.players[seat].hand)
    discard_cards(s, seat, ids)
    ctx["ok"], ctx["n"] = bool(ids), len(ids)


def op_sacrifice(s, op, ctx):
    """Sacrifice (L-VERB-1) given cards of the player's own field, every card meeting ``filter``
    (``all``, LU-088, LU-100), the animals beyond ``excess`` (LU-098: which, the player chooses), or
    one of their choice meeting ``filter``."""
    seat = op["seat"]
    if "card" in op:
        return depart(s, [[i, "sacrifice"] for i in cards(ctx, op["card"]) if field_of(s, i) == seat], seat, ctx)
    if op.get("all"):
        ids = [i for i in s.players[seat].field if matches(s, i, op["filter"])]
        return depart(s, [[i, "sacrifice"] for i in ids], seat, ctx)
    count = 1
    if "excess" in op:
        count = sum(1 for i in s.players[seat].field if matches(s, i, "animal")) - op["excess"]
        if count <= 0:  # no longer too many by the time it resolves
            ctx["ok"] = False
            return None
    pool = [i for i in s.players[seat].field if matches(s, i, "animal" if "excess" in op else op.get("filter", "card"))
            and not immune(s, i)]
    if not pool:
        return _impossible(s, op, ctx)
    return pick(s, seat, pool, [{"op": "sacrifice", "card": "chosen", "seat": seat}], count=min(count, len(pool)))


def op_destroy(s, op, ctx):
    """Destroy (L-VERB-2) given cards in other players' fields, or (``of``) every card meeting
    ``filter`` in a player's field."""
    p = ctx["p"]
    if "of" in op:
        ids = [i for seat in seats(s, op["of"], ctx) if seat != p for i in s.players[seat].field
               if matches(s, i, op.get("filter", "card"))]
    else:
        ids = [i for i in cards(ctx, op["card"]) if field_of(s, i) not in (None, p)]
    return depart(s, [[i, "destroy"] for i in ids], p, ctx)


def op_remove(s, op, ctx):
    """Sacrifice the card if it is in its player's field, else destroy it (LU-066)."""
    p = ctx["p"]
    return depart(s, [[i, "sacrifice" if field_of(s, i) == p else "destroy"] for i in cards(ctx, op["card"])], p, ctx)


def depart(s: LlamasState, leaving: list, by: int, ctx: dict, done: bool = False,
           unsaved: int | None = None) -> dict | None:
    """Cards leave their fields one after the other for player ``by`` (``leaving``: [card, how]
    pairs, how ``sacrifice`` or ``destroy``); ``ctx["ok"]`` says whether any did (``done``: whether
    one did before a choice). Before a card leaves, the player of its field is asked whether to
    sacrifice a card that saves it instead (`rescuer`, LU-072), unless that card is ``unsaved`` (the
    offer was just declined): the cards still to leave wait in that yes/no choice (`op_depart`).
    A saved card did not leave: an operation ``then`` after it does not happen (L-MULTI-2)."""
    for k, (iid, how) in enumerate(leaving):
        saver = None if iid == unsaved else rescuer(s, iid)
        if saver is not None:
            seat = field_of(s, iid)
            later = {"op": "depart", "by": by, "done": done, "seat": seat, "chose": ctx["chose"]}
            s.emit("save_offered", player=seat, card=s.instances[saver], cards=[s.instances[iid]])
            choice = confirm(seat, [{**later, "leaving": leaving[k + 1:], "save": [saver, iid]}],
                             [{**later, "leaving": leaving[k:], "unsaved": iid}])
            choice["card"] = s.instances[saver]
            return choice
        done = leave(s, iid, how, by) or done
    ctx["ok"] = done
    return None


def op_depart(s, op, ctx):
    """The answer to a saver's offer (`depart`): ``save`` [saver, card] sacrifices the saver (its own
    "if sacrificed" effect triggers as usual) and the card stays; then the cards still to leave. The
    answer is not the effect's own choice: what ``if_you_do`` reads is put back."""
    ctx["chose"] = op["chose"]
    if "save" in op:
        saver, saved = op["save"]
        leave(s, saver, "sacrifice", op["seat"])
        s.emit("kept_in_field", player=op["seat"], card=s.instances[saved])
    return depart(s, op["leaving"], op["by"], ctx, op["done"], op.get("unsaved"))


def op_steal(s, op, ctx):
    """Steal (L-VERB-3): move cards from other players' fields into the effect player's."""
    p = ctx["p"]
    ctx["ok"] = any([transfer(s, i, p, "stolen") for i in cards(ctx, op["card"]) if field_of(s, i) not in (None, p)])


def op_give(s, op, ctx):
    """Give cards of the player's field to another player's field, or of their hand to that hand."""
    p, done = ctx["p"], False
    for to in seats(s, op["to"], ctx):
        for iid in cards(ctx, op["card"]):
            zone, seat = where(s, iid)
            if seat != p or to == p:
                continue
            if zone == "hand":
                move(s, iid, "hand", to)
                s.emit("given", player=p, to=to, card=None)
                done = True
            elif zone == "field":
                done = transfer(s, iid, to, "given") or done
    ctx["ok"] = done


def op_return(s, op, ctx):
    """Return cards from a field to the hand of that field's player (babies go to the nursery,
    L-BABY-1); without ``card``, each player it is about picks one of their own."""
    seat = op["seat"]
    if "card" in op:
        ctx["ok"] = any([leave(s, i, "hand", ctx["p"]) for i in cards(ctx, op["card"]) if field_of(s, i) is not None])
        return None
    pool = [i for i in s.players[seat].field if not immune(s, i)]
    if not pool:
        return _impossible(s, op, ctx)
    return pick(s, seat, pool, [{"op": "return", "card": "chosen", "seat": seat}])


def op_bring(s, op, ctx):
    """Bring cards directly into the player's field (L-PLAY-2)."""
    seat = op["seat"]
    ctx["ok"] = any([bring(s, i, seat) for i in cards(ctx, op["card"])])


def op_search(s, op, ctx):
    """Search the deck or the discard pile for a card meeting ``filter`` (L-SEARCH-1); then ``into``
    the hand (shown to everyone) or the field (brought, L-PLAY-2). A physical deck may hold none:
    the player may say so (referee mode)."""
    seat = op["seat"]
    pool = list(getattr(s, op["zone"]))
    then = [{"op": "bring" if op.get("into") == "field" else "to_hand", "card": "chosen", "seat": seat}]
    spec = op["filter"]
    if "like" in op:  # an animal of a variation the target card has (LU-104)
        spec = "|".join(v for i in cards(ctx, op["like"]) for v in s.card(i).variations) or "none"
    if not hidden(s, pool) and not any(matches(s, i, spec) for i in pool):
        s.emit("not_found", player=seat, zone=op["zone"])
        ctx["ok"] = False
        return None
    return pick(s, seat, pool, then, spec=spec, least=0 if hidden(s, pool) else 1, rule="L-SEARCH-1")


def op_to_hand(s, op, ctx):
    """Cards into the player's hand; one found in the deck or the discard pile is shown first
    (L-SEARCH-1)."""
    seat, done = op["seat"], False
    for iid in cards(ctx, op["card"]):
        zone, holder = where(s, iid)
        if zone in ("deck", "discard") and not op.get("secret"):
            s.emit("shown", player=seat, card=s.instances[iid], zone=zone)
        if (zone, holder) != ("hand", seat):
            move(s, iid, "hand", seat)
            done = True
    ctx["ok"] = done


def _hands(s: LlamasState, op: dict, key: str, ctx: dict):
    """(seat, hand) of each player ``op[key]`` names, in turn, stopping at the first whose hand an
    operation on another player's hand cannot reach (empty, or the acting player's own): the
    operation is then impossible (`_impossible`)."""
    for victim in seats(s, op[key], ctx):
        hand = s.players[victim].hand
        if not hand or victim == ctx["p"]:
            _impossible(s, op, ctx)
            return
        yield victim, hand


def op_pull(s, op, ctx):
    """Pull a card from a player's hand: at random (L-PULL-1). In referee mode the physical card
    pulled is unknown, unless the hand holds known cards: then the puller says which it was."""
    p = ctx["p"]
    for victim, hand in _hands(s, op, "from", ctx):
        if s.mode == "referee" and not all(s.instances[i] is None for i in hand):
            return pick(s, p, hand, [{"op": "to_hand", "card": "chosen", "seat": p}], anonymous=True, rule="L-PULL-1")
        iid = s.rng.choice(hand) if s.mode == "guided" else hand[0]
        move(s, iid, "hand", p)
        s.emit("pulled", player=p, owner=victim)
    return None


def op_take(s, op, ctx):
    """Look through a player's hand and choose a card from it (L-PULL-1: choosing is looking)."""
    p = ctx["p"]
    for _, hand in _hands(s, op, "from", ctx):
        return pick(s, p, hand, [{"op": "to_hand", "card": "chosen", "seat": p}], anonymous=True, rule="L-PULL-1")
    return None


def op_look(s, op, ctx):
    """Look at a player's hand (LU-085): its cards are named to the looking player only."""
    p = ctx["p"]
    for victim, hand in _hands(s, op, "at", ctx):
        if hidden(s, hand):  # referee mode: the player looks at the physical cards
            s.emit("looked_at_table", player=p, owner=victim)
        else:
            s.emit("looked", player=p, owner=victim, cards=[s.instances[i] for i in hand], secret={"cards": list(hand)})
    return None


def op_relocate(s, op, ctx):
    """Move cards from whichever field holds them to a player's field (LU-105), as a gift: the card
    enters that field."""
    done = False
    for to in seats(s, op["to"], ctx):
        done = any([transfer(s, i, to, "moved") for i in cards(ctx, op["card"])]) or done
    ctx["ok"] = done


def op_swap_hands(s, op, ctx):
    """The player and another swap their whole hands (LU-106)."""
    p = ctx["p"]
    for other in seats(s, op["with"], ctx):
        if other == p:
            return _impossible(s, op, ctx)
        mine, theirs = s.players[p].hand, s.players[other].hand
        s.players[p].hand, s.players[other].hand = theirs, mine
        s.emit("hands_swapped", player=p, to=other)
    return None


def op_extra_turn(s, op, ctx):
    """The player takes another turn after this one (LU-107)."""
    s.extra[op["seat"]] += 1
    s.emit("extra_turn", player=op["seat"])


def op_reorder(s, op, ctx):
    """Look at the deck's top ``n`` and put them back in the order the player chooses, first on top
    (LU-096); in referee mode the player does it at the table."""
    seat = op["seat"]
    top = s.deck[: op["n"]]
    if len(top) < 2 or s.mode == "referee":
        s.emit("reordered", player=seat)
        ctx["ok"] = bool(top)
        return None
    return pick(s, seat, top, [{"op": "reordered", "seat": seat}], count=len(top), ordered=True)


def op_reordered(s, op, ctx):
    for iid in reversed(ctx["chosen"]):
        move(s, iid, "deck", top=True)
    s.emit("reordered", player=op["seat"])


def op_split_top(s, op, ctx):
    """Look at the deck's top ``n``: one into the player's hand, the others into another player's
    hand (LU-094); in referee mode the player does it at the table and the cards stay unknown."""
    seat = op["seat"]
    to = seats(s, op["to"], ctx)[0]
    top = s.deck[: op["n"]]
    split = {"op": "split", "n": op["n"], "to": to, "seat": seat}
    if len(top) < 2 or s.mode == "referee":
        ctx["chosen"] = top[:1]
        return op_split(s, split, ctx)
    return pick(s, seat, top, [split])


def op_split(s, op, ctx):
    top = s.deck[: op["n"]]
    for iid in top:
        move(s, iid, "hand", op["seat"] if iid in ctx["chosen"] else op["to"])
    s.emit("split_top", player=op["seat"], to=op["to"], cards=len(top))
    ctx["ok"] = bool(top)


def op_skip(s, op, ctx):
    """The player misses their next turn (LU-022, LU-067)."""
    s.skips[op["seat"]] += 1
    s.emit("turn_skipped", player=op["seat"])


#: what the log says of each word a card sets for the turn
WORD_EVENTS = {"no_instants": "instants_barred", "no_draw": "draw_given_up"}


def op_word(s, op, ctx):
    """Something this turn holds: ``no_instants`` (LU-039), ``no_draw`` (no draw phase)."""
    if op["word"] not in s.words:
        s.words.append(op["word"])
    s.emit(WORD_EVENTS[op["word"]], player=op["seat"])


def op_plays(s, op, ctx):
    """The Action phase's plays this turn: 2 (LU-075), or none (LU-069 loses it)."""
    s.plays = op["n"]
    s.emit("plays", player=op["seat"], plays=op["n"])


def op_shuffle_in(s, op, ctx):
    """Shuffle cards of the player's field into the deck (LU-019)."""
    ids = [i for i in cards(ctx, op["card"]) if field_of(s, i) is not None]
    for iid in ids:
        s.emit("shuffled_in", player=op["seat"], card=s.instances[iid])
        move(s, iid, "deck")
    if ids:
        shuffle(s)
    ctx["ok"] = bool(ids)


def op_reshuffle(s, op, ctx):
    shuffle(s)


def op_discard_top(s, op, ctx):
    """The discard pile's top ``n`` cards into the player's hand (LU-058)."""
    seat = op["seat"]
    ids = s.discard[-op.get("n", 1):] if s.discard else []
    for iid in reversed(ids):
        move(s, iid, "hand", seat)
    s.emit("took_discard", player=seat, cards=[s.instances[i] for i in ids])
    ctx["ok"] = bool(ids)


def op_arrange(s, op, ctx):
    """Look at the deck's top ``n``: one back on top, one to the bottom, the rest into the hand
    (LU-061); in referee mode the player does it at the table and the two kept stay unknown."""
    seat = op["seat"]
    top = s.deck[: op["n"]]
    if len(top) < 2 or s.mode == "referee":
        for iid in top[2:]:
            move(s, iid, "hand", seat)
        s.emit("arranged", player=seat, cards=max(0, len(top) - 2))
        ctx["ok"] = bool(top)
        return None
    return pick(s, seat, top, [{"op": "arranged", "n": op["n"], "seat": seat}], count=2, ordered=True)


def op_arranged(s, op, ctx):
    first, last = ctx["chosen"]
    kept = [i for i in s.deck[: op["n"]] if i not in (first, last)]
    move(s, first, "deck", top=True)
    move(s, last, "deck")
    for iid in kept:
        move(s, iid, "hand", op["seat"])
    s.emit("arranged", player=op["seat"], cards=len(kept))


def op_block(s, op, ctx):
    """Block the card an Instant answers (L-CARD-1): it leaves the pile for the discard pile, or the
    Instant's player's hand when it is of the variation named (LU-048..051)."""
    blocked = ctx["info"]["answers"]
    if not any(e["card"] == blocked for e in s.pile):
        return _impossible(s, op, ctx)
    card = s.card(blocked)
    keep = op.get("keep") and card.is_animal and op["keep"] in card.variations
    move(s, blocked, "hand" if keep else "discard", ctx["p"] if keep else None)
    s.emit("blocked", player=ctx["p"], card=card.number, kept=bool(keep))


# --- internal steps of the chain (chain.py adds "set_target" and "drop": it runs effects, so it
# is imported after this module and registers its own steps here) -----------------------------------
def op_ready(s, op, ctx):
    s.chain[0]["effects"][op["effect"]]["status"] = "ready"


OPS: dict[str, Callable] = {
    "draw": op_draw, "discard": op_discard, "sacrifice": op_sacrifice, "destroy": op_destroy, "remove": op_remove,
    "steal": op_steal, "give": op_give, "return": op_return, "bring": op_bring, "search": op_search,
    "to_hand": op_to_hand, "pull": op_pull, "take": op_take, "skip": op_skip, "word": op_word, "plays": op_plays,
    "shuffle_in": op_shuffle_in, "reshuffle": op_reshuffle, "discard_top": op_discard_top, "arrange": op_arrange,
    "arranged": op_arranged, "block": op_block, "ready": op_ready,
    "depart": op_depart, "look": op_look, "relocate": op_relocate, "swap_hands": op_swap_hands,
    "extra_turn": op_extra_turn, "reorder": op_reorder, "reordered": op_reordered, "split_top": op_split_top,
    "split": op_split,
}


def finish_effect(s: LlamasState, finish: dict) -> None:
    s.chain[0]["effects"][finish["effect"]]["status"] = "done"


FINISH: dict[str, Callable[[LlamasState, dict], None]] = {"effect": finish_effect}


# --- answering a choice ---------------------------------------------------------------------------
def _answers(options: list[str], count: int, least: int, ordered: bool) -> list[tuple[str, ...]]:
    """Some answers to list for a choice of ``least`` to ``count`` of ``options`` (refs may repeat:
    two copies of a card); any other valid answer is accepted."""
    if count == 1:
        return sorted({(o,) for o in options})
    if least == count:
        pick_k = permutations if ordered else combinations
        return sorted(set(islice(pick_k(options, count), LISTED_ANSWERS * 4)))[:LISTED_ANSWERS]
    out = {(o,) for o in options} if least <= 1 else set()
    if options and len(options) >= least:
        out.add(tuple(options[:count]))
    return sorted(out)


def _may_decline(c: dict) -> bool:
    return c["least"] == 0 or bool(c.get("optional"))


def _refused(c: dict, reason: str, **facts) -> IllegalAction:
    """A wrong answer cites the choice's rule (L-CHAIN-2 for a link's targets, L-SEARCH-1, L-PULL-1,
    else L-EFFECT-2) with L-EFFECT-2's reasons; a card chosen twice in a link, L-CHAIN-4."""
    if reason == "answer":
        return IllegalAction(c["rule"], reason="yes_no", **facts)
    if reason == "must_choose":
        return IllegalAction(c["rule"], reason="must_choose", count=facts["least"])
    if reason == "twice":
        return IllegalAction("L-CHAIN-4" if c["rule"] == "L-CHAIN-2" else c["rule"], reason="twice", **facts)
    return IllegalAction(c["rule"], reason=reason, **facts)


def _pick_listing(s: LlamasState, c: dict) -> list[Action]:
    # one per card: copies repeat (a card's number first: `ref` looks for the field holding it)
    numbers = {option.partition("@")[0] for option in c["options"]}
    seats = field_seats(s)
    copies = sorted(r for r in (ref(s, i, seats) for i in c["pool"] if s.instances[i] in numbers) if r in c["options"])
    out = [Action.of("choose", *answer) for answer in _answers(copies, c["count"], c["least"], c["ordered"])
           if len(answer) >= c["least"]]
    if c["hidden"]:  # a template: each unknown card chosen is named
        out.append(Action.of("choose", *[UNNAMED] * max(1, c["least"])))
    if _may_decline(c):
        out.append(Action.of("choose", "none"))
    return out


def _unknown(s: LlamasState, c: dict, pool: list[int], text: str, taken: tuple[int, ...],
             named: tuple[str, ...]) -> int | None:
    """An unknown physical card of the pool named now (its number must fit the choice, and have a
    copy left), or ``?`` for an unknown one kept hidden (``anonymous``)."""
    if not c["hidden"]:
        return None
    if text == UNNAMED and c["anonymous"]:
        iid = next((i for i in pool if s.instances[i] is None and i not in taken), None)
        if iid is not None:
            return iid
    card = s.cards.get(text)
    if card is None or not card_matches(card, c["spec"]):
        return None
    return locate(s, [i for i in pool if s.instances[i] is None], text, "hand", taken, named)


def _player_candidates(s: LlamasState, c: dict) -> list[Action]:
    out = [Action.of("choose", o) for o in c["options"]]
    if _may_decline(c):
        out.append(Action.of("choose", "none"))
    return out


def _check_player(s: LlamasState, c: dict, args: tuple[str, ...]) -> dict:
    """A player target, by seat number (L-EFFECT-4)."""
    if args == ("none",) and _may_decline(c):
        return {"word": "none", "cards": [], "named": []}
    if len(args) != 1 or args[0] not in c["options"]:
        raise IllegalAction(c["rule"], reason="player", options=c["options"])
    return {"word": "", "cards": [int(args[0]) - 1], "named": []}


def _answered(s: LlamasState, c: dict, plan: dict, ctx: dict) -> None:
    """Llamas' part of an answer: the context takes it (``chose``: whether a choice that could be
    declined was taken up, for ``if_you_do``), and the log says it (players by seat, not number)."""
    ctx["chosen"], ctx["word"] = list(plan["cards"]), plan["word"]
    if c["kind"] == "player" and plan["cards"]:
        for seat in plan["cards"]:
            s.emit("chose_player", player=c["player"], card=c["card"], to=seat)
    else:
        shown = [ref(s, i) for i in plan["cards"]]
        s.emit("chose", player=c["player"], card=c["card"], choice=c["kind"], answer=plan["word"] or " ".join(shown),
               secret={"answer": list(plan["cards"])})
    declined = plan["word"] in ("no", "none")
    if c["kind"] == "confirm" or _may_decline(c):
        ctx["chose"] = not declined


#: the effect vocabulary in the kernel's runner: running, asking, answering (`referee.engine.effects`)
EFFECTS = Effects(
    OPS, FINISH,
    kinds={"confirm": Options(_refused), "player": Kind(_player_candidates, _check_player),
           "pick": Pick(lambda s, c: c["pool"], ref, _pick_listing, _may_decline, _unknown, _refused)},
    gate=_gate, answered=_answered, reveal=lambda s, c, iid, number: reveal(s, iid, number, c["player"]),
    defaults=_defaults)
run = EFFECTS.run
ask = EFFECTS.ask
choice_candidates = EFFECTS.candidates
answer = EFFECTS.answer


def check_choose(s: LlamasState, a: Action) -> dict:
    """What a ``choose`` answer means for the first pending choice (`EFFECTS`); it takes no options."""
    if a.opts:
        raise IllegalAction("NOTATION", text=str(a), reason="option", option=a.opts[0][0])
    return EFFECTS.check(s, a)

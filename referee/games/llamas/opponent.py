"""Computer players for Llamas Unleashed in guided mode (the program holds the deck): `RandomPlayer`
and `HeuristicPlayer`, each with ``choose(match) -> Action`` returning one of ``match.legal_actions()``
for the seat expected to act (`Match.actor`), as the Naruto CCG's players do.

A player never changes the match it is given, and never draws from the match's generator (shuffles
and pulls): each has a seeded `random.Random` of its own.

What `HeuristicPlayer` reads, through `SeatView`, for the seat ``me`` that acts: its own hand; every
field (L-ZONE-1: fields are public), the nursery, the discard pile, the cards being played (the
instant pile) and the chain; the number of cards in each other hand and in the deck; and the cards a
choice it must answer shows it (a search of the deck, L-SEARCH-1; a look at a hand, L-PULL-1).
It never reads another hand or the deck's order; `SeatView.card` refuses any card the rules'
`visible` does not give the seat (`sight.py`, the answer the application's widgets read too).

The heuristic, in words (`HeuristicPlayer`): in the Action phase it plays an Animal into its own
field, an Upgrade into its own field, a Downgrade into the field of the opponent closest to winning,
a Magic whose effect hurts the others more than itself (read from the card's effect definition), and
draws a card when nothing scores better. Asked whether to answer a card with an Instant, it answers
when the card helps an opponent who leads or is close to winning, or hurts it (a Downgrade into its
field, an Instant against its own card), and lets the rest stand. An effect's choice gets the answer
that serves it best: a harmful effect aims at the leader's most valuable card, a cost is paid with
its own least valuable card (a Downgrade in its own field first), a gain takes the best card; it
sacrifices a card to save another (LU-072) unless the card to save is a Downgrade. At the end of the
turn it discards its least valuable cards. The expansion's cards are read the same way, with a few
words of their own: it plays Fleeced! only against a bigger hand and swaps with the biggest, hands
Samba Llama's other card to the player furthest from winning, and has Field Change move a
Downgrade to the leader or an Upgrade into its own field.
"""

from __future__ import annotations

import random

from referee.engine.action import Action
from referee.engine.match import Match
from referee.engine.players import Player, RandomPlayer, SeatSight, guided

from .cards import Card
from .rules import rules_for
from .state import LlamasState
from .traits import animals, needed

#: what a card is worth to the heuristic, by type: in its own field (a Downgrade there is a burden),
#: and in a hand
IN_FIELD = {"animal": 3.0, "upgrade": 2.0, "downgrade": -2.0}
IN_HAND = {"animal": 4.0, "instant": 3.0, "magic": 3.0, "upgrade": 2.0, "downgrade": 2.5}
MAGICAL_BONUS = 0.5  # an animal with an effect is worth a little more than a basic one
DRAW_SCORE = 1.0  # drawing a card instead of playing one
#: a Magic's effect, operation by operation: what it does for its player (L-CARD-4)
MAGIC_OPS = {"steal": 5.0, "search": 5.0, "destroy": 3.0, "take": 2.5, "skip": 2.0, "draw": 1.0, "arrange": 1.0,
             "discard_top": 1.0, "return": 0.5, "remove": 1.0, "give": -2.0, "sacrifice": -1.5, "discard": -1.0,
             "bring": 4.0, "extra_turn": 4.0, "relocate": 2.0}
#: choices of cards: what the operation following the choice does to the card chosen (moving a card
#: out of its field, LU-105, harms that field's player as a return does); of players: what it does to
#: the player chosen (a gain: the player furthest from winning is chosen, LU-094)
HARMS = frozenset({"destroy", "steal", "remove", "return", "take", "skip", "relocate"})
COSTS = frozenset({"sacrifice", "give", "discard"})
GAINS = frozenset({"bring", "to_hand", "arranged", "split_top"})
#: an opponent this close to winning (animals short of the number needed) is a threat
CLOSE = 2


def _guided(match: Match) -> LlamasState:
    return guided(match, LlamasState, "Llamas Unleashed")


# --- what a seat may see -------------------------------------------------------------------------
class SeatView(SeatSight):
    """The position as seat ``me`` may know it: the cards the rules say it may see
    (`LlamasRules.visible`). Cards are instance ids; `card` refuses a card the seat cannot see
    (another hand, the deck), so everything built on it does too. ``rules`` are the match's (the
    game's own by default)."""

    def __init__(self, s: LlamasState, me: int, rules=None):
        super().__init__(rules or rules_for(), s, me)
        self.seats = s.seats
        self.phase = s.phase

    def hand(self) -> list[int]:
        return list(self._s.players[self.me].hand)

    def hand_size(self, seat: int) -> int:
        return len(self._s.players[seat].hand)

    def field(self, seat: int) -> list[int]:
        return list(self._s.players[seat].field)

    def animals(self, seat: int) -> int:
        return len(animals(self._s, seat))

    def short(self, seat: int) -> int:
        """Animals ``seat`` still lacks to win (L-WIN-1)."""
        return needed(self._s, seat) - self.animals(seat)

    def pile(self) -> list[dict]:
        """The cards being played, bottom first (public: they are played face up)."""
        return [dict(e) for e in self._s.pile]

    def choice(self) -> dict | None:
        """The choice this seat must answer now, if any."""
        pending = self._s.pending
        return pending[0] if pending and pending[0]["player"] == self.me else None

    def link_effect(self, k: int) -> dict:
        """Effect ``k`` of the link resolving now (the chain is public)."""
        return self._s.chain[0]["effects"][k]

    def field_of(self, iid: int) -> int | None:
        self.card(iid)
        return next((seat for seat in range(self.seats) if iid in self._s.players[seat].field), None)

    def ref_card(self, ref: str, pool: list[int]) -> int | None:
        """The card of ``pool`` an answer names (``LU-007@2``: in seat 2's field; a number: elsewhere)."""
        number, _, seat = ref.partition("@")
        for iid in pool:
            if iid in self._visible and self._s.instances[iid] == number:
                where = self.field_of(iid)
                if (where is None and not seat) or (where is not None and seat == str(where + 1)):
                    return iid
        return None


# --- the heuristic's arithmetic --------------------------------------------------------------------
def hand_value(card: Card) -> float:
    return IN_HAND.get(card.type, 1.0) + (MAGICAL_BONUS if card.subtype == "magical" else 0.0)


def field_value(card: Card) -> float:
    """What a card in a field is worth to that field's player."""
    return IN_FIELD.get(card.type, 0.0) + (MAGICAL_BONUS if card.subtype == "magical" else 0.0)


def magic_score(card: Card) -> float:
    """What a Magic card's effect does for its player, operation by operation."""
    ops = card.abilities.get("play", {}).get("do", [])
    return sum(MAGIC_OPS.get(op["op"], 0.0) * (0.5 if op.get("who") in ("each", "each_other") else 1.0) for op in ops)


class HeuristicPlayer:
    """The simple, legible player the module's docstring describes."""

    kind = "heuristic"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, match: Match) -> Action:
        s = _guided(match)
        me = match.actor
        view = SeatView(s, me, match.rules)
        legal = match.legal_actions()
        if len(legal) == 1:
            return legal[0]
        scored = [(self._score(view, a), k, a) for k, a in enumerate(legal)]
        best = max(score for score, _, _ in scored)
        ties = [a for score, _, a in scored if score == best]
        return ties[0] if len(ties) == 1 else self.rng.choice(ties)

    # --- scores ----------------------------------------------------------------------------------
    def _score(self, view: SeatView, a: Action) -> float:
        verb = a.verb
        if verb == "play":
            return self._play(view, a)
        if verb == "draw":
            return DRAW_SCORE
        if verb in ("instant", "pass"):
            return self._answer(view, a)
        if verb == "discard":
            return -hand_value(view.catalogue(a.args[0])) * len(a.args)
        if verb == "first":
            return 1.0 if a.args == (str(view.me + 1),) else 0.0
        if verb == "choose":
            return self._choice(view, a)
        return 0.0  # the babies: any will do (the generator breaks the tie)

    def leader(self, view: SeatView) -> int | None:
        """The opponent closest to winning (fewest animals short, then most animals, then next in
        seat order), or None with no opponent."""
        others = [seat for seat in range(view.seats) if seat != view.me]
        return min(others, key=lambda seat: (view.short(seat), -view.animals(seat),
                                             (seat - view.me) % view.seats), default=None)

    def threat(self, view: SeatView, seat: int) -> float:
        """How much harming ``seat`` is worth: more the closer it is to winning."""
        if seat == view.me:
            return -1.0
        return 1.0 + max(0, CLOSE + 2 - view.short(seat)) * 0.5 + (0.5 if seat == self.leader(view) else 0.0)

    def _play(self, view: SeatView, a: Action) -> float:
        card = view.catalogue(a.args[0])
        into = a.one("into")
        if into is None:  # a Magic
            return 2.0 + magic_score(card) + self._swap_gain(view, card)
        seat = int(into) - 1
        own = seat == view.me
        if card.type == "animal":
            if not own:
                return -5.0
            return 10.0 + (50.0 if view.short(view.me) <= 1 else 0.0) + field_value(card)
        if card.type == "upgrade":
            return 4.0 if own else -4.0
        return -6.0 if own else 3.0 * self.threat(view, seat)  # a Downgrade

    def _swap_gain(self, view: SeatView, card: Card) -> float:
        """What swapping hands (LU-106) gains: the biggest other hand against this one once the card is
        played; nothing for a card that swaps none."""
        if not any(op["op"] == "swap_hands" for op in card.abilities.get("play", {}).get("do", [])):
            return 0.0
        biggest = max(view.hand_size(seat) for seat in range(view.seats) if seat != view.me)
        return float(biggest - (len(view.hand()) - 1)) - 3.0

    def _answer(self, view: SeatView, a: Action) -> float:
        """Answer the top card of the pile with an Instant when it helps a threatening opponent or
        hurts this seat; pass otherwise."""
        pile = view.pile()
        top = pile[-1]
        card = view.card(top["card"])
        by = top["player"]
        if card.type == "instant":  # an Instant against the card below: who it hurts
            harmed = pile[-2]["player"] if len(pile) > 1 else None
            stake = 4.0 if harmed == view.me else 0.0
        elif card.type == "downgrade":
            stake = 4.0 if top["into"] == view.me else 0.0
        else:
            gains = top["into"] if top["into"] is not None else by
            stake = 0.0 if gains == view.me else self.threat(view, gains) * (3.0 if card.is_animal else 1.5)
            if gains != view.me and view.short(gains) <= 1 and card.is_animal:
                stake += 20.0  # it would win
        if a.verb == "pass":
            return 2.5
        return stake - hand_value(view.catalogue(a.args[0])) * 0.2

    # --- answering an effect's choice ------------------------------------------------------------
    def _choice(self, view: SeatView, a: Action) -> float:
        choice = view.choice()
        kind = choice["kind"]
        if a.args == ("none",):
            return 0.0
        if kind == "confirm":
            yes = 1.0 if a.args == ("yes",) else 0.0  # an optional effect is its player's gain
            save = choice["then"][0].get("save")  # sacrificing a card to save another (LU-072)
            return 1.0 - yes if save is not None and field_value(view.card(save[1])) < 0 else yes
        use = self._use(view, choice)
        if kind == "player":
            seat = int(a.args[0]) - 1
            if use == "swap_hands":  # the biggest hand
                return float(view.hand_size(seat))
            if use == "relocate":  # an Upgrade to itself, a Downgrade to the leader
                return self._destination(view, choice, seat)
            return self.threat(view, seat) * (-1.0 if use in GAINS else 1.0)
        return sum(self._card_choice(view, choice, ref, use) for ref in a.args)

    def _use(self, view: SeatView, choice: dict) -> str:
        """What the effect does with the cards (or player) chosen: the operation that follows the
        choice, or for a link's target the first operation of the ability naming that target."""
        then = choice["then"][0] if choice.get("then") else {}
        if then.get("op") != "set_target":
            return then.get("op", "")
        eff = view.link_effect(then["effect"])
        ability = view.catalogue(eff["number"]).abilities.get(eff["when"], {})
        name = then["as"]
        for op in ability.get("do", []):
            if name in (op.get("card"), op.get("who"), op.get("of"), op.get("from"), op.get("to"), op.get("with"),
                        op.get("at")):
                return op["op"]
        return ""

    def _destination(self, view: SeatView, choice: dict, seat: int) -> float:
        """Where a card moved between fields (LU-105) is best sent: an Upgrade into its own field,
        a Downgrade into the field of the most threatening opponent."""
        moved = view.link_effect(choice["then"][0]["effect"])["targets"].get("moved", [])
        upgrade = bool(moved) and view.card(moved[0]).type == "upgrade"
        if upgrade:
            return 1.0 if seat == view.me else -self.threat(view, seat)
        return self.threat(view, seat)

    def _card_choice(self, view: SeatView, choice: dict, ref: str, use: str) -> float:
        iid = view.ref_card(ref, choice.get("pool", []))
        if iid is None:  # an unknown card (not in guided mode) or a hidden one
            return 0.0
        card = view.card(iid)
        seat = view.field_of(iid)
        if seat is None:  # in a hand, the deck, the discard pile or the nursery
            worth = hand_value(card)
            return -worth if use in COSTS else worth
        worth = field_value(card)
        if seat == view.me:
            return -worth if use in COSTS or use in HARMS else worth
        return worth * self.threat(view, seat) if use in HARMS or use not in GAINS | COSTS else -worth


__all__ = ["HeuristicPlayer", "Player", "RandomPlayer", "SeatView"]

"""The Llamas Unleashed rules put together: the table of `table.py`, the guards it names, the verbs
of the step modules, and `new_match` to start a game of two to eight players in either mode."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Sequence

from referee.engine.errors import PositionError
from referee.engine.machine import Not, Table
from referee.engine.match import GameRules, Match, Verb, check_player_names, strict
from referee.games import GAMES

from . import chain, effects, pile, sight, turn
from .cards import EXPANSIONS, LlamasCards, bundled
from .invariants import violations
from .state import LlamasState
from .table import ANYWHERE, ROWS, STATES
from .traits import hand_limit

PLAYERS = GAMES["llamas"].seats  # the registry is the one place that says how many


def _hand(s: LlamasState) -> int:
    return len(s.players[s.current].hand)


def _someone_wins(s: LlamasState) -> bool:
    return turn.reached(s) is not None


def _hand_too_big(s: LlamasState) -> bool:
    return _hand(s) > hand_limit(s, s.current)


#: guard name -> (pure function of the state, the rule id a refusal cites); a guard and its opposite
#: (`Not`) are worked out once for both
GUARDS = {
    "babies_left": (lambda s: not all(p.field for p in s.players), "L-SETUP-2"),
    "all_babies": (lambda s: all(p.field for p in s.players), "L-SETUP-2"),
    "must_skip": (lambda s: s.skips[s.current] > 0, "L-TURN-1"),
    "no_skip": (lambda s: s.skips[s.current] == 0, "L-TURN-1"),
    "chain_open": (lambda s: bool(s.chain), "L-CHAIN-1"),
    "quiet": (lambda s: not s.chain and not s.pile, "L-CHAIN-5"),
    "someone_wins": (_someone_wins, "L-WIN-1"),
    "nobody_wins": (Not(_someone_wins), "L-WIN-1"),
    "draw_step": (lambda s: "no_draw" not in s.words, "L-TURN-2"),
    "no_draw_step": (lambda s: "no_draw" in s.words, "L-TURN-2"),
    "deck_empty": (lambda s: not s.deck, "L-WIN-3"),
    "deck_left": (lambda s: bool(s.deck), "L-WIN-3"),
    "plays_left": (lambda s: s.plays > 0, "L-TURN-3"),
    "no_plays_left": (lambda s: s.plays <= 0, "L-TURN-3"),
    "window_open": (lambda s: s.asking is not None, "L-CARD-1"),
    "window_closed": (lambda s: s.asking is None, "L-CARD-1"),
    "pile_open": (lambda s: not s.chain and bool(s.pile), "L-CARD-1"),
    "hand_too_big": (_hand_too_big, "L-TURN-4"),
    "hand_ok": (Not(_hand_too_big), "L-TURN-4"),
    "choice_pending": (lambda s: bool(s.pending), "L-CHAIN-2"),
}


def _nothing(s: LlamasState) -> None:
    """A step that needs no bookkeeping, only its transition."""


AUTOMATIC = {
    "deal": turn.deal, "skip_turn": turn.skip_turn, "begin_turn": turn.begin_turn, "resolve": chain.step,
    "win": turn.win, "go_on": _nothing, "draw_card": turn.draw_card, "no_draw": turn.no_draw,
    "deck_out": turn.deck_out, "to_end": turn.to_end, "settle": _nothing, "settle_card": pile.settle_card,
    "next_turn": turn.next_turn,
}

#: an answer's candidates are made from the choice's own options (each card of its pool once, the
#: counts it allows), so they are legal by construction: listed without checking each (`Verb.trusted`)
CHOOSE = Verb(lambda s, r: effects.choice_candidates(s), lambda s, r, a: effects.check_choose(s, a), effects.answer,
              trusted=True)
#: the options each verb's notation takes (any other is refused, NOTATION)
OPTIONS = {"play": ("into",)}
ANSWERS = frozenset({"choose"})


class LlamasRules(GameRules):
    """The rules of Llamas Unleashed, for any number of players; built once and shared by all matches."""

    game = "llamas"
    turn_rule = "L-TURN"
    #: the rule a position breaking an invariant without naming a rule is refused with (see
    #: `referee.engine.match.broken_rule`)
    zone_rule = "L-ZONE-1"
    over_rule = "L-WIN-1"
    answer_rule = "L-CHAIN-1"

    # what differs from the other games (see `GameRules`)
    state_class = LlamasState
    sight = sight  # L-ZONE-1
    invariants = staticmethod(violations)
    answers = ANSWERS  # while an effect waits for a choice, only its answer may be given (L-CHAIN-1)

    def __init__(self) -> None:
        self.table = Table("llamas", STATES, ROWS, GUARDS, "setup_baby", ANYWHERE)
        verbs = {**turn.VERBS, **pile.VERBS}
        self.verbs = {name: strict(verb, OPTIONS.get(name, ()), single=("into",)) for name, verb in verbs.items()}
        self.verbs["choose"] = CHOOSE
        self.automatic = AUTOMATIC
        missing = {r.verb for r in ROWS if r.verb} - set(self.verbs) | {r.trigger for r in ROWS if not r.verb} - set(AUTOMATIC)
        assert not missing, missing

    def actor(self, s: LlamasState) -> int | None:
        if s.over:
            return None
        if s.pending:
            return s.pending[0]["player"]
        if s.phase == "setup_first":
            return 0  # the table says who goes first; the first seat records it
        if s.phase == "action_window":
            return s.asking
        return s.current


@cache
def rules_for() -> LlamasRules:
    return LlamasRules()


def new_state(players: int = 2, *, mode: str = "guided", seed: int = 0, names: Sequence[str] | None = None,
              cards: LlamasCards | None = None, expansions: Sequence[str] = ()) -> LlamasState:
    """A match at set-up: the babies in the nursery, the deck of every other card of the base game and
    the ``expansions`` the table shuffles in (L-SETUP-3). Guided mode holds the deck (shuffled when it
    is dealt); in referee mode it is the physical deck, unknown cards whose numbers may be any copy of
    those sets not yet named."""
    if players not in PLAYERS:
        raise PositionError("bad_value", place="set-up", key="players", value=str(players)[:40])
    if mode not in ("guided", "referee"):
        raise PositionError("bad_value", place="set-up", key="mode", value=str(mode)[:40])
    for code in expansions if isinstance(expansions, (list, tuple)) else [expansions]:
        if code not in EXPANSIONS:
            raise PositionError("bad_value", place="set-up", key="expansions", value=str(code)[:40])
    cards = cards or bundled()
    s = LlamasState(cards, players, mode=mode, seed=seed)
    s.sets = [code for code in EXPANSIONS if code in expansions]
    for seat, name in enumerate(check_player_names(names or [], players)):
        s.players[seat].name = name
    for number in cards.babies():
        s.instances.append(number)
        s.nursery.append(len(s.instances) - 1)
    deck = cards.deck_list(s.sets)
    for number in deck:
        s.instances.append(number if mode == "guided" else None)
        s.deck.append(len(s.instances) - 1)
    if mode == "referee":
        s.pool = dict(Counter(deck))
    return s


def new_match(players: int = 2, **kwargs) -> Match:
    return Match(rules_for(), new_state(players, **kwargs))


def load_match(data: dict, cards: LlamasCards | None = None) -> Match:
    return Match.from_json(rules_for(), data, cards or bundled())


__all__ = ["LlamasRules", "load_match", "new_match", "new_state", "rules_for"]

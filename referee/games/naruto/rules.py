"""The Naruto CCG rules put together: the table of `table.py`, the guards it names, the verbs of the
phase modules, and `new_match` to start a game in either mode."""

from __future__ import annotations

from collections import Counter
from functools import cache, lru_cache
from typing import Sequence

from referee.engine.action import Action
from referee.engine.errors import IllegalAction, IllegalDeck, PositionError
from referee.engine.machine import Not, Table
from referee.engine.match import GameRules, Match, Verb, check_player_names, strict
from referee.engine.names import default_name
from referee.engine.numbers import ALIASES, canonical_number, is_catalogue_id

from . import abilities, battle, chain, mission, sight, turn
from .cards import CardSource, bundled
from .decks import FORMATS, check_deck
from .invariants import violations
from .state import NarutoState
from .table import ANYWHERE, ROWS, STATES

DECK_SIZES = {"standard": 50, "french": 40}


def _someone_wins(s: NarutoState) -> bool:
    return turn.victory(s) is not None


#: guard name -> (pure function of the state, the rule id a refusal cites); a guard and its opposite
#: (`Not`) are worked out once for both
GUARDS = {
    "may_mulligan": (lambda s: s.players[turn.deciding(s)].mulligans < turn.MAX_MULLIGANS, "N-MULL-2"),
    "all_kept": (lambda s: s.players[0].kept and s.players[1].kept, "N-SETUP-4"),
    "first_turn": (lambda s: s.first_turn, "N-ORG-5"),
    "not_first_turn": (lambda s: not s.first_turn, "N-ORG-5"),
    "mission_left": (lambda s: s.players[s.attacker].missions < 1 or
                     s.players[s.attacker].missions < abilities.mission_limit(s), "N-MISSION-1"),
    "client_left": (lambda s: not s.players[s.attacker].client, "N-CLIENT-1"),
    "counter_left": (lambda s: not s.players[s.blocker].countered, "N-MISSION-2"),
    "window_after_deploy": (lambda s: s.window == "deploy", "N-DEPLOY-7"),
    "window_at_end": (lambda s: s.window == "end", "N-MISSION-2"),
    "chain_open": (lambda s: bool(s.chain), "N-CHAIN-1"),
    "first_pass": (lambda s: s.passes == 0, "N-CHAIN-3"),
    "second_pass": (lambda s: s.passes >= 1, "N-CHAIN-3"),
    "top_valid": (lambda s: chain.top_valid(s), "N-CHAIN-4"),
    "top_invalid": (lambda s: bool(s.chain) and not chain.top_valid(s), "N-CHAIN-6"),
    "chain_empty": (lambda s: not s.chain, "N-CHAIN-7"),
    "attack_left": (lambda s: len(s.players[s.attacker].sent) < battle.MAX_SENT, "N-ATTACK-1"),
    "teams_sent": (lambda s: bool(s.players[s.attacker].sent), "N-ATTACK-1"),
    "no_teams_sent": (lambda s: not s.players[s.attacker].sent, "N-ATTACK-1"),
    "block_left": (lambda s: len(s.players[s.blocker].sent) < len(s.players[s.attacker].sent), "N-BLOCK-1"),
    "someone_wins": (_someone_wins, "N-TURN-1"),
    "nobody_wins": (Not(_someone_wins), "N-TURN-1"),
    "hand_too_big": (lambda s: len(s.players[s.attacker].hand) > turn.HAND_LIMIT, "N-HAND-1"),
    "hand_ok": (lambda s: len(s.players[s.attacker].hand) <= turn.HAND_LIMIT, "N-HAND-1"),
    "choice_pending": (lambda s: bool(s.pending), "N-EFFECT-1"),
    "manual_open": (lambda s: bool(s.pending) and s.pending[0]["kind"] == "manual", "N-EFFECT-3"),
    "offer_open": (abilities.offer_open, "N-EFFECT-6"),
    "no_offer": (Not(abilities.offer_open), "N-EFFECT-6"),
}

AUTOMATIC = {
    "begin_game": lambda s: s.emit("game_started", first=s.first),
    "begin_turn": turn.begin_turn,
    "draw": turn.start_draw,
    "skip_draw": turn.skip_draw,
    "settle_link": lambda s: chain.settle_top(s, applied=True),
    "fail_card": lambda s: chain.settle_top(s, applied=False),
    "close_chain": chain.close_chain,
    "showdown": battle.showdown,
    "return_teams": battle.return_teams,
    "win": turn.win,
    "no_winner": turn.nothing,
    "hand_adjusted": turn.nothing,
    "move_marker": turn.move_marker,
}

#: the options each verb's notation takes, and those taking exactly one value; an action with any other
#: option, or with arguments for a verb that takes none, is refused (NOTATION) rather than ignored
OPTIONS = {
    "first": (), "flip": (), "keep": (), "mulligan": (), "pass": (), "next": (), "charge": (), "discard": (),
    "join": (), "team": (), "deploy": ("pay", "from"), "grow": ("over",), "mission": ("pay", "target"),
    "counter": ("pay", "target"), "client": ("pay",), "send": ("lead", "pay"), "block": ("on", "lead", "pay"),
    "jutsu": ("by", "target", "pay", "x"), "choose": (), "tool": (), "use": ("pay", "target"),
}
SINGLE = frozenset({"from", "over", "lead", "on", "by"})
NO_ARGUMENTS = frozenset({"flip", "keep", "mulligan", "pass", "next"})
#: the verbs that answer a pending choice; nothing else may be done until it is answered (N-EFFECT-1)
ANSWERS = frozenset({"choose", "tool"})


def _strict(name: str, verb: Verb) -> Verb:
    """``verb`` refusing options it does not take (they used to be silently ignored)."""
    if name not in OPTIONS:
        return verb
    return strict(verb, OPTIONS[name], single=tuple(SINGLE), arguments=name not in NO_ARGUMENTS)


def _renamed(value: str) -> bool:
    """Whether a value names a card by a French number or an N-CCG-DB id (normalized to its number)."""
    number = value.partition("@")[0]
    prefix, hyphen, _ = number.partition("-")
    return bool(hyphen) and prefix.upper() in ALIASES or is_catalogue_id(number)


def _any_french(action: Action) -> bool:
    """Whether the action names a card by a French number or an N-CCG-DB id (the common case, the
    standard number, is left as it is, at no cost)."""
    return any(_renamed(v) for v in action.args) or any(_renamed(v) for _, vs in action.opts for v in vs)


@lru_cache(maxsize=4096)
def normalized(action: Action) -> Action:
    """`NarutoRules.normalize`: the same action with standard numbers (remembered: the same few
    actions come back all game long)."""
    def fix(value: str) -> str:
        number, at, seat = value.partition("@")
        return canonical_number(number) + at + seat if _renamed(number) else value
    if not _any_french(action):
        return action
    return Action(action.verb, tuple(fix(v) for v in action.args),
                  tuple((k, tuple(fix(v) for v in vs)) for k, vs in action.opts))


_ATTACKER_STEPS = ("start_draw", "mission_main", "organization_organize", "battle_attack", "end_hand")
_BLOCKER_STEPS = ("mission_window", "battle_block")


class NarutoRules(GameRules):
    """The rules of one deck format; built once per format (`rules_for`) and shared by all matches."""

    game = "naruto"
    turn_rule = "N-TURN"
    #: the rule a position breaking an invariant without naming a rule is refused with (see
    #: `referee.engine.match.broken_rule`)
    zone_rule = "N-ZONE-1"
    #: the rule a verb refused in a step where the turn does not take it cites, when one says more
    #: than the turn's order (N-TURN): (step or None for any step, verb) -> rule
    misplaced = {(None, "counter"): "N-MISSION-2", (None, "charge"): "N-CHARGE-1", ("end_hand", "next"): "N-HAND-1"}
    over_rule = "N-TURN-1"
    answer_rule = "N-EFFECT-1"

    # what differs from the other games (see `GameRules`)
    state_class = NarutoState
    sight = sight  # N-ZONE-2
    invariants = staticmethod(violations)
    answers = ANSWERS  # while an effect waits for a choice, only its answer may be given (N-EFFECT-1)

    def __init__(self, fmt: str):
        if fmt not in FORMATS:
            raise ValueError(f"unknown format {fmt!r}")
        self.format = fmt
        self.table = Table(f"naruto-{fmt}", STATES, ROWS, GUARDS, "setup_first", ANYWHERE)
        self.verbs = {name: _strict(name, verb)
                      for name, verb in {**turn.VERBS, **mission.VERBS, **battle.VERBS, **abilities.VERBS}.items()}
        self.automatic = AUTOMATIC
        missing = {r.verb for r in ROWS if r.verb} - set(self.verbs) | {r.trigger for r in ROWS if not r.verb} - set(AUTOMATIC)
        assert not missing, missing

    def normalize(self, action: Action) -> Action:
        """French edition numbers (NI-, TE-, TA-, CL-) name the same cards as N-, J-, M-, C-, and an
        N-CCG-DB id (``pr018b``) the card it is the id of (N-CARD-4)."""
        return normalized(action)

    def actor(self, s: NarutoState) -> int | None:
        phase = s.phase
        if s.over:
            return None
        if s.pending:
            return s.pending[0]["player"]
        if phase == "setup_first":
            return 0
        if phase == "setup_coin":
            return s.coin_winner
        if phase == "setup_mulligan":
            return turn.deciding(s)
        if phase in _ATTACKER_STEPS:
            return s.attacker
        if phase in _BLOCKER_STEPS:
            return s.blocker
        return s.priority


@cache
def rules_for(fmt: str = "standard") -> NarutoRules:
    return NarutoRules(fmt)


def new_state(decks: Sequence[Sequence[str] | None] = (None, None), *, fmt: str = "standard",
              mode: str = "guided", seed: int = 0, names: Sequence[str] = (default_name(0), default_name(1)),
              cards: CardSource | None = None, deck_sizes: Sequence[int | None] = (None, None),
              check_decks: bool = True) -> NarutoState:
    """A match at set-up. Guided mode needs both deck lists (the program shuffles and deals); in
    referee mode a deck may be None ("physical deck, not entered": only its size is known)."""
    if mode not in ("guided", "referee"):
        raise ValueError(f"unknown mode {mode!r}")
    cards = cards or bundled()
    s = NarutoState(cards, fmt=fmt, mode=mode, seed=seed)
    names = check_player_names(names, len(decks))
    for p, deck in enumerate(decks):
        if p < len(names):
            s.players[p].name = names[p]
        if deck is None:
            if mode == "guided":
                raise PositionError("needs_decks", seat=p + 1)
            size = deck_sizes[p] or DECK_SIZES[fmt]
        else:
            # French numbers (NI-, TE-, TA-, CL-) name the same cards (N-CARD-4)
            deck = [n if cards.get(n) is not None else canonical_number(n) for n in deck]
            if check_decks:
                violations = check_deck(deck, cards, fmt)
                if violations:
                    raise IllegalDeck(p, violations)
            size = len(deck)
            if mode == "referee":
                s.players[p].pool = dict(Counter(deck))
        for k in range(size):
            s.instances.append(deck[k] if deck is not None and mode == "guided" else None)
            s.owner.append(p)
            s.players[p].deck.append(len(s.instances) - 1)
    return s


def new_match(decks: Sequence[Sequence[str] | None] = (None, None), **kwargs) -> Match:
    state = new_state(decks, **kwargs)
    return Match(rules_for(state.format), state)


def load_match(data: dict, cards: CardSource | None = None) -> Match:
    """A saved match (`Match.from_json`): refused with a `PositionError` when it is no position."""
    position = data.get("position", data) if isinstance(data, dict) else None
    if not isinstance(position, dict):
        raise PositionError("not_object")
    fmt = position.get("format")
    if fmt not in FORMATS:
        raise (PositionError("missing", key="format") if fmt is None else
               PositionError("bad_value", place="position", key="format", value=str(fmt)[:40]))
    return Match.from_json(rules_for(fmt), data, cards or bundled())


__all__ = ["IllegalAction", "IllegalDeck", "NarutoRules", "load_match", "new_match", "new_state", "rules_for"]

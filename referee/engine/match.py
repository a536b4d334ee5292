"""The match: the full state of one game and its history (modelled on python-chess's Board).

`legal_actions()` lists what may be done now, `apply()` checks and applies an action or raises
`IllegalAction` leaving everything as it was, `undo()`/`redo()` walk the history, `explain()` says why
an action is or is not legal, `outcome()` tells who won and by which rule. A match saves to JSON at any
step (mid-chain included) and, given its initial position and action list, replays itself exactly.

The kernel knows no game: a `Rules` object gives it the state machine table and, per verb, how to
list candidate actions, check one (purely, returning a plan) and perform the plan.

What the match works out about the current position is kept until the position changes (`Seen`):
each guard's value, the legal actions and the plan of each action they list. So a decision,
`legal_actions()` then `apply()` of one of them, evaluates each guard once (the machine's transition
conditions read the same values) and checks the chosen action once; an action that was not listed
(typed by a user) is checked in full. Every change of the position through the match (an action, an
automatic step, undo, redo) starts a new `Seen`, and so does giving the match another state object
(``match.state = ...``); other code that changes the position in place (a test setting one up) does
so before the match first looks at it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, NamedTuple, Protocol

from .action import Action, as_action
from .errors import IllegalAction, NotationError, PositionError
from .machine import GuardMemo, Row, Table
from .names import PLAYER_NAME_MAX, name_problem
from .sight import SECRET, settled

MAX_AUTOMATIC_STEPS = 10_000
#: a snapshot of the position is kept before every this many actions; undo goes back to the last one
#: and replays the actions since (at most this many less one)
CHECKPOINT_EVERY = 32


@dataclass(frozen=True)
class Verdict:
    """The answer of `Match.explain`: legal or not, and the rule ids that say so."""

    legal: bool
    rule: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winning seat (any of the game's seats, 0 first) and the rule that decided
    it. ``winner`` None means nobody won: every player loses (a tie still tied after every tie-break,
    L-WIN-4)."""

    winner: int | None
    rule: str


class Entry(NamedTuple):
    """One line of the match log: a rule-level event with its parameters (no display text). (A named
    tuple: immutable like a frozen dataclass, and made in a fraction of its time, for each event of
    every step.)"""

    index: int  # the number of actions applied before it (0 for set-up events)
    key: str
    params: dict[str, Any]


_new_entry = tuple.__new__


@dataclass(frozen=True)
class Verb:
    """How the rules handle one player verb.

    ``candidates(state, row)`` proposes concrete actions (each is then checked, so the listing and
    `apply` share one logic); ``check(state, row, action)`` returns a plan or raises IllegalAction and
    must not change the state; ``perform(state, plan)`` carries the plan out. A ``trusted`` verb's
    candidates are legal by construction, so `Match.legal_actions` does not check them again (the
    random playouts apply every kind of listed action, so a wrong candidate would show there).

    ``checked(state, row)``, when given, lists the candidates that ``check`` accepts, each with the
    plan ``check`` returns for it, in the order of ``candidates`` (a template to name, with plan
    None): for a verb whose candidates share most of their checking, done there once rather than
    once a candidate (a Llamas card is checked once, then each field it may go into). It must be
    built from the same checks as ``check``; each game's tests compare the two on random positions.
    """

    candidates: Callable[[Any, Row], list[Action]]
    check: Callable[[Any, Row, Action], Any]
    perform: Callable[[Any, Any], None]
    trusted: bool = False
    checked: Callable[[Any, Row], list[tuple[Action, Any]]] | None = None


def strict(verb: Verb, options: tuple[str, ...] = (), *, single: tuple[str, ...] = (), arguments: bool = True) -> Verb:
    """``verb`` refusing (NOTATION) the options it does not take, several values for an option in
    ``single``, and any argument when ``arguments`` is False, rather than ignoring them: an action
    is recorded as written, so what it says must be what was done."""
    allowed, one, check = frozenset(options), frozenset(single), verb.check

    def strict_check(s: Any, row: Row, a: Action) -> Any:
        for key, values in a.opts:
            if key not in allowed:
                raise IllegalAction("NOTATION", text=str(a), reason="option", option=key)
            if key in one and len(values) != 1:
                raise IllegalAction("NOTATION", text=str(a), reason="values", option=key)
        if a.args and not arguments:
            raise IllegalAction("NOTATION", text=str(a), reason="arguments")
        return check(s, row, a)

    # ``checked`` lists the game's own candidates, which take only the verb's options: nothing to refuse
    return Verb(verb.candidates, strict_check, verb.perform, verb.trusted, verb.checked)


class Seen(GuardMemo):
    """What the match has worked out about one position (one version of it): each guard's value (it
    is the position's `GuardMemo`), the legal actions once listed, and for each listed action that was
    checked, the row it was checked under and its plan, in the listing's order (`planned`). A match
    keeps one, made when it starts or is given another state (`unseen`) and emptied for the new
    position at every step (`renew`): emptying costs less than making one."""

    __slots__ = ("legal", "plans")

    def renew(self, state: Any) -> None:
        """Nothing known again: ``state`` is a new position (what `unseen` makes, without making one)."""
        self.clear()
        self.state, self.legal = state, None
        self.plans.clear()

    def planned(self, action: Action) -> tuple[Row, Any] | None:
        """The row and plan ``action`` was first listed with, or None. A list searched for the very
        object first: the action applied is nearly always one the listing gave (actions are made
        once, `Action.of`), and a listing of dozens of actions would otherwise hash each one."""
        for listed, row, plan in self.plans:
            if listed is action:
                return row, plan
        for listed, row, plan in self.plans:  # an equal action made elsewhere (read from its notation)
            if listed == action:
                return row, plan
        return None


def unseen(state: Any) -> Seen:
    """A new `Seen` of ``state``: nothing worked out yet (made, then given its values: see `GuardMemo`)."""
    known = Seen()
    known.state, known.legal, known.plans = state, None, []
    return known


class Rules(Protocol):
    table: Table
    verbs: dict[str, Verb]
    automatic: dict[str, Callable[[Any], None]]  # trigger -> what the referee does
    turn_rule: str  # cited for a verb that no row of the current step allows
    over_rule: str  # cited for any action once the game is over
    answer_rule: str  # cited for another verb while a choice waits for its answer (see `answering`)

    def normalize(self, action: Action) -> Action: ...

    def actor(self, state: Any) -> int | None: ...

    def outcome(self, state: Any) -> Outcome | None: ...

    def load_state(self, data: dict, cards: Any) -> Any: ...

    def snapshot(self, state: Any) -> Any:
        """A private copy of ``state`` for undo (quicker than its JSON form)."""

    def restore(self, snapshot: Any, cards: Any) -> Any:
        """The state ``snapshot`` was taken of, as a new state whose JSON form is the same."""

    def visible(self, state: Any, seat: int) -> frozenset[int]:
        """The card instances seat ``seat`` may see in ``state``, by the game's zone rules: its own
        hand, every face-up zone (cards in play, discard piles, cards being played) and the cards a
        choice it must answer shows it; never another player's hand, a deck, nor a face-down card
        (battle rewards). The one answer to "what may this seat see": the computer players read the
        position through it (`referee.engine.sight.SeatSight`) and the application asks it before
        showing a seat's cards (`referee.engine.sight.seen_by`)."""

    def who_sees(self, state: Any, iid: int) -> frozenset[int]:
        """The seats that may see card instance ``iid``: ``seat in who_sees(state, iid)`` exactly when
        ``iid in visible(state, seat)``. The log asks it of the cards an event keeps from some seats
        (`referee.engine.sight.witnesses`), one card at a time."""


class GameRules:
    """The part of `Rules` every game does alike. A game's rules class derives from it and states
    what differs as class attributes:

    - ``state_class``: its position, with ``from_dict(data, cards)`` (the JSON form read back),
      ``snapshot()`` and ``restore(snapshot, cards)`` (a private copy for undo, and a new position
      from it); the position says the game is over with ``over``, ``winner`` and ``reason``, and a
      choice an effect waits for with ``pending``;
    - ``sight``: its module whose ``visible(state, seat)`` says what a seat may see (`visible`), and
      if it has one, whose ``who_sees(state, iid)`` says which seats see a card more cheaply than
      every seat's ``visible`` would (`who_sees`);
    - ``invariants``: what no play can break, ``(state) -> [broken rule...]`` (a saved position is
      checked against it when loaded, `load_position`), as a ``staticmethod``;
    - ``answers``: the verbs that answer a choice an effect asks (nothing else may be done then).

    and gives the rest: its table and verbs, ``actor``, and ``normalize`` if its notation has other
    spellings of the same action."""

    state_class: ClassVar[type]
    sight: ClassVar[Any]
    invariants: ClassVar[Callable[[Any], list[str]]]
    answers: ClassVar[frozenset[str]] = frozenset()

    def normalize(self, action: Action) -> Action:
        return action

    def answering(self, s: Any) -> frozenset[str] | None:
        """While an effect waits for a choice, only its answer may be given."""
        return self.answers if s.pending else None

    def outcome(self, s: Any) -> Outcome | None:
        return Outcome(s.winner, s.reason) if s.over else None

    def load_state(self, data: dict, cards: Any) -> Any:
        return self.state_class.from_dict(data, cards)

    def snapshot(self, s: Any) -> Any:
        return s.snapshot()

    def restore(self, snapshot: Any, cards: Any) -> Any:
        return self.state_class.restore(snapshot, cards)

    def visible(self, s: Any, seat: int) -> frozenset[int]:
        """The instances ``seat`` may see (`Rules.visible`), by the game's ``sight``."""
        return self.sight.visible(s, seat)

    def who_sees(self, s: Any, iid: int) -> frozenset[int]:
        """The seats that may see ``iid`` (`Rules.who_sees`): the game's ``sight.who_sees``, else
        read from each seat's `visible`."""
        own = getattr(self.sight, "who_sees", None)
        if own is not None:
            return own(s, iid)
        return frozenset(seat for seat in range(len(s.players)) if iid in self.sight.visible(s, seat))


class Match:
    def __init__(self, rules: Rules, state: Any, *, settle: bool = True):
        self.rules = rules
        self.state = state
        self.history: list[Action] = []
        self.log: list[Entry] = []
        #: per action of the history: (a snapshot of the position before it, one action in CHECKPOINT_EVERY,
        #: else None; the log's length before it)
        self._undo: list[tuple[Any, int]] = []
        self._redo: list[Action] = []
        self._initial: dict | None = None
        #: called as ``observer(match, "apply" | "undo", action, phase, actor)`` after each change, with
        #: the step and seat the action was taken at (match records write actions as they happen)
        self.observers: list[Callable[["Match", str, Action, str, int | None], None]] = []
        self._seen = unseen(state)
        #: the rules' `answering`, if they have one
        self._answers: Callable[[Any], frozenset[str] | None] | None = getattr(rules, "answering", None)
        if settle:
            self._automatic(0)
        self._initial = state.to_dict()
        self._seen = unseen(self.state)  # the caller may still change the position before the first look

    # --- queries --------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def actor(self) -> int | None:
        """The seat expected to act now, whatever the number of seats (None when the match is over)."""
        return self.rules.actor(self.state)

    def _answering(self) -> frozenset[str] | None:
        """The only verbs allowed while the rules wait for an answer (a choice an effect asks), else None."""
        answering = self._answers
        return answering(self.state) if answering is not None else None

    def _position(self) -> Seen:
        """What is known of the current position (a new `Seen` if ``state`` was replaced)."""
        seen = self._seen
        if seen.state is not self.state:
            seen = self._seen = unseen(self.state)
        return seen

    def legal_actions(self) -> list[Action]:
        seen = self._position()
        if seen.legal is None:
            seen.legal = self._list(seen)
        return list(seen.legal)

    def _list(self, seen: Seen) -> list[Action]:
        """The legal actions, noting the plan of each checked one in ``seen`` (under the first row
        listing it: `_check` takes the first row of its verb whose guards hold)."""
        state, verbs, memo, plans = seen.state, self.rules.verbs, seen, seen.plans
        out: list[Action] = []
        only = self._answering()
        for row, guards in self.rules.table.choices[state.phase]:
            if only is not None and row.verb not in only:
                continue
            for guard in guards:
                if not memo[guard]:  # known already, or worked out now (`GuardMemo`)
                    break
            else:
                verb = verbs[row.verb]
                if verb.trusted:
                    out += verb.candidates(state, row)
                    continue
                if verb.checked is not None:
                    for action, plan in verb.checked(state, row):
                        if not action.needs_naming:
                            plans.append((action, row, plan))
                        out.append(action)
                    continue
                for action in verb.candidates(state, row):
                    if action.needs_naming:
                        out.append(action)
                        continue
                    try:
                        plan = verb.check(state, row, action)
                    except IllegalAction:
                        continue
                    plans.append((action, row, plan))
                    out.append(action)
        return out

    def offers(self, verb: str) -> bool:
        """Whether ``verb`` may be given now, whatever its arguments: a choice being answered
        allows it, and a row of it in the current step has its guards holding. The application
        asks it before showing a verb's form of its own (the Naruto CCG's manual toolbox) rather
        than repeating the guards."""
        seen = self._position()
        only = self._answering()
        if only is not None and verb not in only:
            return False
        table = self.rules.table
        return any(table.failing(row, seen.state, seen) is None
                   for row in table.by_verb.get((seen.state.phase, verb), ()))

    def explain(self, action: Action | str) -> Verdict:
        try:
            action = self.rules.normalize(as_action(action))
            row, _ = self._check(action)
        except IllegalAction as err:
            return Verdict(False, err.rule, dict(err.params))
        return Verdict(True, row.rule, {"trigger": row.trigger})

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    def is_over(self) -> bool:
        return self.outcome() is not None

    # --- changes --------------------------------------------------------------------------
    def apply(self, action: Action | str) -> Action:
        action = self.rules.normalize(as_action(action))
        self._push(action)
        self._redo.clear()
        return action

    def undo(self) -> Action:
        if not self._undo:
            raise IndexError("nothing to undo")
        self._rewind(len(self.history) - 1)
        self._undo.pop()
        action = self.history.pop()
        self._redo.append(action)
        self._notify("undo", action, self.state.phase, self.actor)
        return action

    def redo(self) -> Action:
        if not self._redo:
            raise IndexError("nothing to redo")
        action = self._redo.pop()
        self._push(action)
        return action

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    # --- saving ---------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "position": self.state.to_dict(),
            "initial": self._initial,
            "history": [str(a) for a in self.history],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_json(cls, rules: Rules, data: dict, cards: Any) -> "Match":
        """A saved match. With its initial position and history it is replayed, so undo works and
        the saved position is verified; a bare position (a rules question) loads as it is."""
        if data.get("initial") is not None and "history" in data:
            match = cls(rules, load_position(rules, data["initial"], cards), settle=False)
            for notation in data["history"]:
                match.apply(notation)
            if "position" in data and match.state.to_dict() != data["position"]:
                raise ValueError("the saved position does not follow from its history")
            return match
        position = data["position"] if "position" in data else data
        return cls(rules, load_position(rules, position, cards), settle=False)

    # --- internals ------------------------------------------------------------------------
    def _check(self, action: Action) -> tuple[Row, Any]:
        """The row ``action`` fires and its plan, or IllegalAction. The guards' values and, for an
        action `legal_actions` listed under the same row, its plan come from `Seen`."""
        seen = self._position()
        state, table = seen.state, self.rules.table
        if self.rules.outcome(state) is not None:
            raise IllegalAction(self.rules.over_rule, verb=action.verb)
        only = self._answering()
        if only is not None and action.verb not in only:
            raise IllegalAction(self.rules.answer_rule, verb=action.verb, allowed=sorted(only))
        rows = table.by_verb.get((state.phase, action.verb))
        if not rows:
            steps = sorted({r.source for r in table.rows if r.verb == action.verb})
            if not steps:
                raise NotationError(str(action), "unknown_verb")
            misplaced = getattr(self.rules, "misplaced", {})
            rule = misplaced.get((state.phase, action.verb)) or misplaced.get((None, action.verb)) or self.rules.turn_rule
            raise IllegalAction(rule, verb=action.verb, step=state.phase, allowed=steps)
        refusal = None
        for row in rows:
            rule = table.failing(row, state, seen)
            if rule is None:
                listed = seen.planned(action)
                if listed is not None and listed[0] is row:
                    return listed
                return row, self.rules.verbs[row.verb].check(state, row, action)
            refusal = refusal or rule
        raise IllegalAction(refusal, verb=action.verb, step=state.phase)

    def _push(self, action: Action) -> None:
        row, plan = self._check(action)
        phase, actor = self.state.phase, self.actor if self.observers else None
        done, log_len = len(self.history), len(self.log)
        before = self.rules.snapshot(self.state) if done % CHECKPOINT_EVERY == 0 else None
        try:
            self._perform(row, plan, done + 1)
        except BaseException:
            self._rewind(done, before, log_len)
            raise
        self.history.append(action)
        self._undo.append((before, log_len))
        if self.observers:
            self._notify("apply", action, phase, actor)

    def _perform(self, row: Row, plan: Any, index: int) -> None:
        """Carry out a checked action (the ``index``-th of the history) and the automatic steps after it."""
        state = self.state
        state.events = []
        # the guards hold on the position before the action (`_check` has just looked at it: `_seen`)
        self.rules.table.fire(row, state, self._seen)
        self.rules.verbs[row.verb].perform(state, plan)
        self._seen.renew(state)  # a new position
        if state.events:
            self._collect(index)
        self._automatic(index)

    def _rewind(self, done: int, snapshot: Any = None, log_len: int = 0) -> None:
        """Put the match back in the position after the first ``done`` actions of its history (and its
        log as it was then): from the last snapshot at or before that position (``snapshot``, the
        position's own if the caller has it, or an earlier one of `_undo`), replaying the actions after
        it. The replay is exact: a position follows from the one before and the action alone."""
        start = done
        if snapshot is None:
            start = min(done, len(self._undo) - 1)
            while self._undo[start][0] is None:
                start -= 1
            snapshot, log_len = self._undo[start]
        self.state = self.rules.restore(snapshot, self.state.cards)
        self._seen = unseen(self.state)
        del self.log[log_len:]
        for k in range(start, done):
            try:
                row, plan = self._check(self.history[k])
                self._perform(row, plan, k + 1)
            except IllegalAction as err:  # the position was changed outside the match
                raise RuntimeError(f"replaying action {k + 1} ({self.history[k]}) for undo failed: {err}") from err

    def _notify(self, change: str, action: Action, phase: str, actor: int | None) -> None:
        for observer in self.observers:
            observer(self, change, action, phase, actor)

    def _automatic(self, index: int) -> None:
        """Carry out the steps that need no choice (draws, Showdown, settling links...), logged as
        following the ``index``-th action (0: the set-up)."""
        state, table, automatic, answering = self.state, self.rules.table, self.rules.automatic, self._answers
        steps, fire = table.steps, table.fire
        memo = self._seen  # the position the action (or the set-up) left
        state.events = []  # each step's events are collected after it, which empties the list again
        for _ in range(MAX_AUTOMATIC_STEPS):
            if answering is not None and answering(state) is not None:
                return  # a choice waits for its answer (`_answering`)
            for row, guards in steps[state.phase]:
                for guard in guards:
                    if not memo[guard]:  # known already, or worked out now (`GuardMemo`)
                        break
                else:
                    fire(row, state, memo)
                    automatic[row.trigger](state)
                    memo.renew(state)  # a new position
                    if state.events:  # else nothing to log (going on to the next step)
                        self._collect(index)
                    break
            else:
                return
        raise RuntimeError(f"automatic steps do not stop at {state.phase}")

    def _collect(self, index: int) -> None:
        """The events of the action just done into the log; those naming cards some seats may not
        see say which seats may read them (`sight.settled`)."""
        events = self.state.events
        if not events:  # a step that changes nothing the log tells (going on to the next step)
            return
        append = self.log.append
        # `tuple.__new__` is what a named tuple's own ``__new__``, a Python function, calls: one entry per
        # event of every step, made without that function's call (in a plain loop: a step has one or
        # two events, fewer than a comprehension is worth starting for)
        for key, params in events:
            append(_new_entry(Entry, (index, key, settled(self.rules.who_sees, self.state, params)
                                      if SECRET in params else params)))
        self.state.events = []


def load_position(rules: Rules, position: Any, cards: Any) -> Any:
    """A saved position's state, refused (`PositionError`) when it cannot be read, names a card the
    catalogue ``cards`` does not hold (an exported match from a database with other cards), or
    breaks a rule no play could break (``rules.invariants``: a card in two zones, a Ninja in play in
    no team)."""
    if not isinstance(position, dict):
        raise PositionError("not_object")
    try:
        state = rules.load_state(position, cards)
    except IllegalAction:
        raise
    except KeyError as err:
        raise PositionError("missing", key=str(err.args[0]) if err.args else "") from None
    except (TypeError, ValueError, IndexError, AttributeError, OverflowError):
        raise PositionError("unreadable") from None
    for seat, player in enumerate(state.players):
        check_player_name(player.name, seat)
    unknown = sorted({n for n in state.instances if n is not None and state.cards.get(n) is None})
    if unknown:
        raise PositionError("unknown_cards", cards=", ".join(unknown[:5]))
    check = getattr(rules, "invariants", None)
    broken = check(state) if check is not None else []
    if broken:
        raise PositionError("invariant", broken=broken_rule(broken, rules.zone_rule))
    return state


def check_player_name(name: object, seat: int) -> None:
    """Refuse (`PositionError`) a player's name nobody could read back (`names.name_problem`)."""
    if name_problem(name) is not None:
        raise PositionError("bad_name", seat=seat + 1, maximum=PLAYER_NAME_MAX)


def check_player_names(names: object, seats: int) -> list[str]:
    """A set-up's player names, refused (`PositionError`) unless a list of at most one readable name
    per seat (the seats after them keep their default names)."""
    if not isinstance(names, (list, tuple)) or len(names) > seats:
        raise PositionError("bad_value", place="set-up", key="names", value=str(names)[:40])
    for seat, name in enumerate(names):
        check_player_name(name, seat)
    return list(names)


#: a rule id written in an invariant's text: "every Ninja in play in one team (N-ORG-3)"
_RULE_ID = re.compile(r"\(([A-Z]+-[A-Z0-9-]+)\)")


def broken_rule(broken: list[str], default: str) -> str:
    """The rule the first broken invariant names, else ``default`` (the game's rule on zones)."""
    for text in broken:
        found = _RULE_ID.search(text)
        if found:
            return found[1]
    return default

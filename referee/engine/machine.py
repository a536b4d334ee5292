"""Building a game's state machine from its data table.

A game declares its phases, steps and chain steps as nested states and its triggers as `Row`s
(trigger, source, destination, guard names, the player verb that fires it, the rule it enforces).
`build_machine` turns that table into one `transitions` HierarchicalMachine, built once per game and
deck format and shared by every match: matches are not registered as models (so they cost nothing to
create and are garbage-collected normally); the match passes its state object to
`machine.fire` (``trigger_event`` without its event data when nothing but guards would run, see
`SharedMachine.fire`), and the machine keeps the current state in the object's ``phase``.

Guards are pure functions of the state. The machine evaluates them as transition conditions
(`ModelCondition`s), and
`Table.allowed` evaluates the same functions to tell which triggers may fire now, which is where
`Match.legal_actions` starts. Given a *guard memo* (`GuardMemo`: guard function -> its value on one
position, see `Match`), each guard is evaluated at most once on that position: by whichever asks
first (listing, checking or the machine's transition condition, passed the memo with the trigger),
the others reading its value.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from transitions.extensions import HierarchicalMachine

from .hsm import ModelCondition, SharedMachine

logging.getLogger("transitions").setLevel(logging.WARNING)

SEPARATOR = "_"
Guard = Callable[[Any], bool]


class Not:
    """The guard that holds exactly when ``guard`` does not (``nobody_wins``, ``someone_wins``): in a
    `GuardMemo` it is worked out from ``guard``'s value there, so a pair of opposite guards costs one
    evaluation per position (a table's steps ask both, one after the other)."""

    __slots__ = ("guard",)

    def __init__(self, guard: Guard):
        self.guard = guard

    def __call__(self, state: Any) -> bool:
        return not self.guard(state)


class GuardMemo(dict):
    """Each guard's value on one position (``state``): ``memo[guard]`` works it out the first time it
    is asked (`__missing__`), a `Not` from its guard's value, and reads it after that. A dict, so that
    reading a value known already, what every step does for each guard of its rows, runs no Python
    code at all. Its ``state`` is set once it is made (`referee.engine.match.unseen`: a Python
    ``__init__`` would cost a dict subclass several times its making)."""

    __slots__ = ("state",)

    def __missing__(self, guard: Guard) -> Any:
        value = self[guard] = (not self[guard.guard]) if guard.__class__ is Not else guard(self.state)
        return value


@dataclass(frozen=True, slots=True)
class Row:
    """One trigger of the table. ``verb`` is the player action that fires it; None for a step the
    referee carries out by itself (a draw, a Showdown, settling a link). ``dest`` None is an internal
    transition (the state stays)."""

    trigger: str
    source: str
    dest: str | None
    guards: tuple[str, ...] = ()
    verb: str | None = None
    rule: str = ""


@dataclass
class Table:
    """A game's states and rows, the guards they name, and the machine built from them."""

    name: str
    states: list[Any]
    rows: list[Row]
    guards: dict[str, tuple[Guard, str]]  # guard name -> (function, rule id it enforces)
    initial: str
    #: triggers that every step has (answering an effect's choice, say): the diagram leaves them out
    anywhere: tuple[str, ...] = ()
    machine: HierarchicalMachine = field(init=False)
    by_state: dict[str, list[Row]] = field(init=False)
    #: per step, the rows a player's verb fires and those the referee carries out, each with its guard
    #: functions (in the table's order)
    choices: dict[str, list[tuple[Row, tuple[Guard, ...]]]] = field(init=False)
    steps: dict[str, list[tuple[Row, tuple[Guard, ...]]]] = field(init=False)
    by_verb: dict[tuple[str, str], list[Row]] = field(init=False)  # (step, verb) -> rows

    def __post_init__(self) -> None:
        self.machine = build_machine(self)
        #: the machine's `fire`, looked up once: every step fires through it, and reading an attribute
        #: of a machine is slow (see `SharedMachine`)
        self._fire = self.machine.fire
        self.by_state = {leaf: [r for r in self.rows if _within(leaf, r.source)] for leaf in leaves(self.states)}
        for leaf, rows in self.by_state.items():  # our view of the table agrees with the machine's
            assert {r.trigger for r in rows} == set(self.machine.get_triggers(leaf)), leaf
        guarded = {leaf: [(r, tuple(self.guards[g][0] for g in r.guards)) for r in rows]
                   for leaf, rows in self.by_state.items()}
        self.choices = {leaf: [(r, g) for r, g in rows if r.verb is not None] for leaf, rows in guarded.items()}
        self.steps = {leaf: [(r, g) for r, g in rows if r.verb is None] for leaf, rows in guarded.items()}
        self.by_verb = {}
        for leaf, rows in self.by_state.items():
            for r in rows:
                if r.verb is not None:
                    self.by_verb.setdefault((leaf, r.verb), []).append(r)

    def passes(self, row: Row, state: Any, memo: GuardMemo | None = None) -> bool:
        return self.failing(row, state, memo) is None

    def failing(self, row: Row, state: Any, memo: GuardMemo | None = None) -> str | None:
        """The rule id of the first guard of ``row`` that does not hold, or None; each guard evaluated
        once per ``memo`` (a memo of the same position; None: every time)."""
        for g in row.guards:
            fn, rule = self.guards[g]
            if not (fn(state) if memo is None else memo[fn]):
                return rule
        return None

    def allowed(self, state: Any, memo: GuardMemo | None = None) -> list[Row]:
        """Rows whose trigger the machine allows in the state's current phase."""
        return [r for r in self.by_state[state.phase] if self.passes(r, state, memo)]

    def fire(self, row: Row, state: Any, memo: GuardMemo | None = None) -> None:
        """Fire ``row`` through the machine (internal rows too), whose guards the caller has just
        checked on this same state (`Match` always does); the machine checks them again as its
        transition's conditions, reading their values from ``memo`` when it is given."""
        if not self._fire(state, row.trigger, memo):
            raise RuntimeError(f"{row.trigger} did not fire from {state.phase}")

    def mermaid(self) -> str:
        """The table drawn as a mermaid state diagram (the README's and the GUI's tracker's source)."""
        from transitions.extensions import HierarchicalGraphMachine

        rows = [r for r in self.rows if r.trigger not in self.anywhere]
        graph = HierarchicalGraphMachine(
            states=self.states, transitions=_transitions(rows, {}), initial=self.initial,
            auto_transitions=False, graph_engine="mermaid", show_conditions=True, title=self.name,
        )
        return graph.get_graph().source


def leaves(states: Iterable[Any], prefix: str = "") -> list[str]:
    out: list[str] = []
    for s in states:
        if isinstance(s, str):
            out.append(prefix + s)
        else:
            name = prefix + s["name"]
            out.extend(leaves(s["children"], name + SEPARATOR) if s.get("children") else [name])
    return out


def _within(leaf: str, source: str) -> bool:
    return leaf == source or leaf.startswith(source + SEPARATOR)


def _transitions(rows: list[Row], guards: dict[str, tuple[Guard, str]]) -> list[dict]:
    out = []
    for r in rows:
        t: dict[str, Any] = {"trigger": r.trigger, "source": r.source, "dest": r.dest}
        if guards:
            t["conditions"] = [_condition(guards[g][0]) for g in r.guards]
        else:
            t["conditions"] = list(r.guards)  # names only: for drawing
        out.append(t)
    return out


def _condition(fn: Guard) -> ModelCondition:
    """A transition condition evaluating ``fn`` on the model, through the trigger's guard memo (its
    ``memo``, see `Table.fire`) when it has one: what `Match` has always worked out already."""
    def test(model: Any, memo: GuardMemo | None) -> Any:
        return fn(model) if memo is None else memo[fn]
    return ModelCondition(test, key=fn)


def build_machine(table: Table) -> HierarchicalMachine:
    """The table's machine: a `SharedMachine`, i.e. a HierarchicalMachine whose look-ups of the state
    tree are memoized (`referee/engine/hsm.py`)."""
    return SharedMachine(
        model=None,
        states=table.states,
        transitions=_transitions(table.rows, table.guards),
        initial=table.initial,
        auto_transitions=False,
        send_event=True,
        model_attribute="phase",
        name=table.name,
    )

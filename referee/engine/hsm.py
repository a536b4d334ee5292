"""A `transitions` HierarchicalMachine that remembers the shape of its own tree.

Every trigger of a stock HierarchicalMachine works out again, from the model's state name, things that
depend on nothing but that name and the (fixed) tree of states: the state tree of the name, the scopes
to search for the event, the order in which the source and its parents are tried, the `NestedState`
objects for each name, and which states a transition exits and enters and the state name it leaves
the model in. That is most of its cost: `bench/engine.py` times a stock trigger between two children
of one parent at about fifteen times the same trigger on this machine.

`SharedMachine` is the same machine with those answers memoized, each the first time it is computed
by transitions' own code for a given state name (and scope), so a trigger still goes through
`trigger_event`, the event of each scope that has it, the transitions' conditions,
prepare/before/after callbacks, the states' exit and enter callbacks (`scoped_exit`/`scoped_enter`),
the model's new state (the value `set_state` gives it) and the machine's finalize callbacks, in the
same order and with the same event data as the stock machine; only the structural look-ups are
remembered. In the common case (no queue, the log off, the event data sent to callbacks) the stock
`_trigger_event`, `_trigger_event_nested`, `NestedEvent.trigger_nested`, `_process` and
`Transition.execute` are carried out as one (`SharedMachine.trigger_event` and `_fire`), without
their log lines; `State.enter`/`exit` lose theirs too while the log is off; and then an empty list of
callbacks is not walked and a state left or entered that has no callbacks is not visited (nothing
would run nor be logged). In any other case the stock code runs, with the memoized state look-ups
and changes of state. The memo is dropped whenever states or transitions are added or removed. The
model's state must be one name (no parallel states) and no state may be final, and transitions must
be a 0.9 release (whose internals this restates), or the machine runs the stock code;
`tests/referee/test_machine.py` checks that both machines agree trigger by trigger, with callbacks
everywhere, on some states or on none, queued or not, with the log on or off.

`SharedMachine.fire` is ``trigger_event`` for a table like the engine's, whose conditions are pure
functions of the model (`ModelCondition`) and which has no other callbacks: when the trigger would run
no callback but those conditions, it tests them and sets the model's new state, with no event data and
no log lines; otherwise it is ``trigger_event``. What a trigger tries from a state is compiled once
for it, and again after any attribute of the machine's states, transitions or settings is set
(`_CHANGES`); callbacks added to a list already there are seen at once, and transitions are added
through the machine (``add_transition``), which forgets what it compiled.
"""

from __future__ import annotations

import itertools
import logging
from functools import reduce
from typing import Any, Callable

import transitions
from transitions.core import listify
from transitions.extensions import HierarchicalMachine
from transitions.extensions.nesting import (NestedEventData, NestedState, NestedTransition, _build_state_list,
                                            resolve_order)

_CORE_LOG = logging.getLogger("transitions.core")  # where states and transitions log
_NESTING_LOG = logging.getLogger("transitions.extensions.nesting")  # where events log
#: the versions whose internals this module restates and memoizes; with any other, the stock code runs
COMPATIBLE = transitions.__version__.startswith("0.9.")


__all__ = ["ModelCondition", "SharedMachine"]

#: the machine's settings `SharedMachine.fire` compiles with: set, they count as a change (`_CHANGES`)
_WATCHED = frozenset({"_stack", "_queued", "_prepare_event", "_before_state_change", "_after_state_change",
                      "_finalize_event", "_on_exception", "send_event", "model_attribute"})
#: its lists that, any of them not empty, send a trigger to ``trigger_event`` (its scope stack, its callbacks)
_MACHINE_HOOKS = ("_stack", "_prepare_event", "_before_state_change", "_after_state_change", "_finalize_event",
                  "_on_exception")


#: bumped whenever an attribute of a state or a transition of a `SharedMachine`, or one of its own
#: settings and lists of callbacks (`_WATCHED`), is set: what `SharedMachine.fire` compiled before
#: then may name lists of callbacks that are no longer the ones in use, so it compiles again
_CHANGES = [0]


class _State(NestedState):
    """`State.enter`/`State.exit` run the state's callbacks between two log lines, whose arguments
    (the state's scoped name) are worked out even when the log is off; here they are only when it is
    on. Setting any attribute (``on_enter = [...]``) counts as a change (`_CHANGES`)."""

    def __setattr__(self, name, value):
        _CHANGES[0] += 1
        super().__setattr__(name, value)

    def enter(self, event_data):
        if not COMPATIBLE or _CORE_LOG.isEnabledFor(logging.INFO):
            return super().enter(event_data)
        event_data.machine.callbacks(self.on_enter, event_data)

    def exit(self, event_data):
        if not COMPATIBLE or _CORE_LOG.isEnabledFor(logging.INFO):
            return super().exit(event_data)
        event_data.machine.callbacks(self.on_exit, event_data)


class _Transition(NestedTransition):
    """`NestedTransition._change_state` with the exits, entries and resulting state name (and the
    value the model gets) that `_resolve_transition` computes remembered per current state name and
    scope. While the log is off, a state left or entered that has no callbacks is not visited
    (visiting it runs nothing and logs nothing). Setting any attribute (``before = [...]``) counts
    as a change (`_CHANGES`)."""

    def __setattr__(self, name, value):
        _CHANGES[0] += 1
        super().__setattr__(name, value)

    def _change_state(self, event_data):
        machine = event_data.machine
        attrs = machine.__dict__  # its plain attributes, read without `Machine.__getattr__` (see `SharedMachine`)
        attribute = attrs["model_attribute"]
        current = getattr(event_data.model, attribute)
        stack = attrs["_stack"]  # its first scope is where the stock code sets the state: the machine's own
        if (not isinstance(current, str) or (stack and stack[0][0] is not machine)
                or not (attrs["_memo_valid"] or machine._memo_ok())):
            return super()._change_state(event_data)
        key = (self, current, attrs["scoped"])
        changes = attrs["_memo_changes"]
        plan = changes.get(key)
        if plan is None:
            plan = changes[key] = self._plan_change(event_data)
        exits, value, new_state, enters, scope = plan
        # `_State.enter`/`exit` would not log (known already for a trigger `SharedMachine` carries out)
        quiet = event_data.__class__ is _EventData or (COMPATIBLE and not _CORE_LOG.isEnabledFor(logging.INFO))
        if scope is not _UNSET:
            event_data.scope = scope
        for state, path in exits:
            if state.on_exit or not quiet:
                state.scoped_exit(event_data, path)
        # as `NestedTransition._update_model`: the machine sets the model's state, as `set_state` does
        # in the machine's own scope (the value it would work out is remembered)
        setattr(event_data.model, attribute, value)
        event_data.state = new_state
        for state, path in enters:
            if state.on_enter or not quiet:
                state.scoped_enter(event_data, path)
        # `_final_check` would run here: with no final state it finds no on_final callback (_memo_ok)

    def _plan_change(self, event_data) -> tuple:
        """(states left and entered, each with the scope it is left or entered in; the model's new
        value; its new state; the scope `_enter_nested` notes on the event data, or _UNSET), worked out
        by transitions' own code as `_change_state` does."""
        machine = event_data.machine
        before = event_data.__dict__.get("scope", _UNSET)
        state_tree, exit_partials, enter_partials = self._resolve_transition(event_data)
        names = _build_state_list(state_tree, machine.state_cls.separator)
        scope = event_data.__dict__.get("scope", _UNSET)  # `_enter_nested` notes it on entering children
        with machine():
            states = machine.get_states(listify(names))
            values = [machine._set_state(name) for name in listify(names)]  # as `set_state`
        exits = [(p.func.__self__, p.args[1]) for p in exit_partials]
        enters = [(p.func.__self__, p.args[1]) for p in enter_partials]
        assert all(p.func.__func__ is NestedState.scoped_exit for p in exit_partials)
        assert all(p.func.__func__ is NestedState.scoped_enter for p in enter_partials)
        return (exits, values if len(values) > 1 else values[0], states[0] if len(states) == 1 else states, enters,
                _UNSET if scope is before else scope)


_UNSET = object()
_STAYS = object()  # an internal transition's new value (`SharedMachine._compile`): the state stays


class _EventData(NestedEventData):
    """The event data of a trigger `SharedMachine` carries out itself: the attributes
    ``NestedEventData(None, None, machine, model, args, kwargs)`` has, result None as
    `HierarchicalMachine._trigger_event` sets it. Those that start as None are class attributes (read
    alike until the trigger sets them on the instance), so making one, which every trigger does, sets
    four attributes rather than eleven through a chain of ``super().__init__`` calls. Made only while
    the log is off, which `_Transition._change_state` then need not ask again."""

    state = event = transition = error = result = source_path = source_name = None

    def __init__(self, machine, model, args, kwargs):
        self.machine, self.model, self.args, self.kwargs = machine, model, args, kwargs


class ModelCondition:
    """A transition condition that is a pure function of the model and of what the trigger passes as
    its keyword ``memo``: ``test(model, memo)``. `SharedMachine.fire` calls ``test`` itself, or, given
    a memo and a ``key``, reads ``memo[key]``, which ``test`` promises to return then; as any
    condition (``trigger_event``, a stock machine) it is called with the event data (``send_event``).
    Pure: testing it again gives the same answer and changes nothing, which lets `fire` hand a
    trigger over to ``trigger_event`` after testing some."""

    __slots__ = ("test", "key")

    def __init__(self, test: Callable[[Any, Any], Any], key: Any = None):
        self.test = test
        self.key = key

    def __call__(self, event_data) -> Any:
        return self.test(event_data.model, event_data.kwargs.get("memo"))


class SharedMachine(HierarchicalMachine):
    """A HierarchicalMachine whose structural look-ups are memoized (see the module docstring).

    Its class has `Machine.__getattr__` (what makes ``machine.on_enter_<state>(callback)`` work), and
    with it Python reads every attribute of the machine by its slow, generic way, several times the
    cost of reading one of a plain object: a trigger reads about twenty. Those it reads while
    triggering are all plain instance attributes (the machine's settings, its callbacks, its scope
    stack, the memo), so the common trigger reads them from the instance's ``__dict__``, the same
    values."""

    state_cls = _State
    transition_cls = _Transition

    def __init__(self, *args: Any, **kwargs: Any):
        self._memo_states: dict = {}  # (name, scope) -> NestedState
        self._memo_scopes: dict = {}  # (trigger, state name) -> [(scope, event, `_plan_sources` there)]
        self._memo_sources: dict = {}  # (event, state name, scope) -> `_plan_sources`
        self._memo_changes: dict = {}  # (transition, state name, scope) -> (exits, new state, entries, scope)
        self._memo_quick: dict = {}  # trigger -> state name -> `_compile`
        self._memo_valid: bool | None = None
        super().__init__(*args, **kwargs)

    def __setattr__(self, name, value):
        if name in _WATCHED:
            _CHANGES[0] += 1
        super().__setattr__(name, value)

    # --- the memo ---------------------------------------------------------------------------
    def _memo_ok(self) -> bool:
        """Whether the memo may be used: no state of the tree is final (a final state has on_final
        callbacks to work out on entry, which the stock code does)."""
        if self._memo_valid is None:
            with self():
                self._memo_valid = COMPATIBLE and not any(s.final for s in self._all_states(self.states))
        return self._memo_valid

    @staticmethod
    def _all_states(states):
        for s in states.values():
            yield s
            yield from SharedMachine._all_states(s.states)

    def _forget(self) -> None:
        for memo in (self._memo_states, self._memo_scopes, self._memo_sources, self._memo_changes, self._memo_quick):
            memo.clear()
        self._memo_valid = None

    def add_states(self, *args: Any, **kwargs: Any):
        self._forget()
        return super().add_states(*args, **kwargs)

    def add_transition(self, *args: Any, **kwargs: Any):
        self._forget()
        return super().add_transition(*args, **kwargs)

    def remove_transition(self, *args: Any, **kwargs: Any):
        self._forget()
        return super().remove_transition(*args, **kwargs)

    # --- triggering -------------------------------------------------------------------------
    def trigger_event(self, model, trigger, *args, **kwargs):
        """`HierarchicalMachine.trigger_event`. Without a queue, in the machine's own scope, with the
        log off (events' debug lines, states' and transitions' info lines), the event data sent to
        callbacks and the model's state one name, it is carried out here (`_fire`) as the stock code
        carries it out, with what depends only on the state name remembered; otherwise by the stock
        code."""
        attrs = self.__dict__
        current = getattr(model, attrs["model_attribute"], None)
        # a valid memo (`_memo_ok`) implies a compatible transitions
        if (attrs["_stack"] or attrs["_queued"] or attrs["_transition_queue"] or attrs["scoped"] is not self
                or not attrs["send_event"] or not isinstance(current, str)
                or not (attrs["_memo_valid"] or self._memo_ok())
                or _NESTING_LOG.isEnabledFor(logging.DEBUG) or _CORE_LOG.isEnabledFor(logging.INFO)):
            return super().trigger_event(model, trigger, *args, **kwargs)
        event_data = _EventData(self, model, args, kwargs)
        # as `HierarchicalMachine._trigger_event` (entering the machine's own scope, where it is, changes
        # nothing): errors go to the on_exception callbacks if any, finalize callbacks run in any case
        try:
            result = _fire(self, attrs, event_data, trigger, current)
            # `_check_event_result` returns any other result as it is
            event_data.result = result if result is not None else self._check_event_result(result, model, trigger)
        except BaseException as err:
            event_data.error = err
            if attrs["_on_exception"]:
                self.callbacks(attrs["_on_exception"], event_data)
            else:
                raise
        finally:
            try:
                if attrs["_finalize_event"]:
                    self.callbacks(attrs["_finalize_event"], event_data)
            except BaseException as err:
                _NESTING_LOG.error("%sWhile executing finalize callbacks a %s occurred: %s.",
                                   self.name, type(err).__name__, str(err))
        return event_data.result

    def fire(self, model, trigger: str, memo: Any = None) -> bool | None:
        """``trigger_event(model, trigger, memo=memo)``: the same result and the same new state. When
        the machine has no queue, is in its own scope, sends the event data, has no callbacks of its
        own and the trigger's transitions tried, their states left and entered have none but
        `ModelCondition`s, the trigger is carried out here, with no event data made and no log line
        (the engine keeps the transitions log at WARNING): the conditions tested in the stock order,
        then the model given its new state as `_Transition._change_state` remembers it. Anything else
        (a callback or another condition met on the way, a change not worked out yet, a trigger the
        state does not have) goes to ``trigger_event``, which tests the conditions again (they are
        pure, `ModelCondition`).

        A table's steps fire thousands of times a game, so what the trigger tries from a state is
        compiled once (`_compile`): the lists of callbacks that must stay empty, read at once, and
        each transition's conditions (read as they are) with the model's new value."""
        attrs = self.__dict__
        attribute = attrs["model_attribute"]
        current = getattr(model, attribute, None)
        if current.__class__ is str:
            # by trigger, then state name: no key to make (a tuple per trigger would be)
            compiled = attrs["_memo_quick"].get(trigger)
            entry = compiled.get(current) if compiled is not None else None
            if entry is None or entry[0] != _CHANGES[0]:
                entry = self._compile(trigger, current)
            steps = entry[2]
            if steps is not None and not any(entry[1]):
                for conditions, value in steps:  # the stock order, until one's conditions hold
                    for cond in conditions:
                        func = cond.func
                        if func.__class__ is not ModelCondition:
                            return self.trigger_event(model, trigger, memo=memo)
                        key = func.key
                        if (memo[key] if key is not None and memo is not None else func.test(model, memo)) \
                                != cond.target:
                            break
                    else:
                        if value is _STAYS:  # an internal transition
                            return True
                        if value is _UNSET:  # a change the stock code has not worked out yet
                            del attrs["_memo_quick"][trigger][current]
                            return self.trigger_event(model, trigger, memo=memo)
                        setattr(model, attribute, value)
                        return True
                return False  # no transition's conditions held: what `trigger_event` returns then
        return self.trigger_event(model, trigger, memo=memo)

    def _compile(self, trigger: str, current: str) -> tuple:
        """(`_CHANGES` now; the lists of callbacks that, any of them set, send the trigger to
        ``trigger_event``: the machine's scope stack and callbacks, each transition's own, those of
        the states it leaves and enters; for each transition tried, in the stock order, its live list
        of conditions and the model's new value: ``_STAYS`` for an internal one, ``_UNSET`` for a
        change not worked out yet). The steps are None when `fire` leaves the trigger to
        ``trigger_event`` whatever the callbacks: a queue, another way of calling conditions, a final
        state, a trigger some nested machine has, a state or trigger the machine does not know."""
        attrs = self.__dict__
        entry = (_CHANGES[0], (), None)
        if attrs["send_event"] and not attrs["_queued"] and self._memo_ok():
            try:
                plan = self._plan_scopes(current, trigger)
            except (ValueError, KeyError, AttributeError):
                plan = []
            if len(plan) == 1 and plan[0][0] is None and plan[0][2]:
                _, event, order = plan[0]
                hooks = [attrs[name] for name in _MACHINE_HOOKS]
                steps = []
                for name, *_ in order:  # each source (the state, then its parents), each of its transitions
                    for trans in event.transitions[name]:
                        hooks += (trans.prepare, trans.before, trans.after)
                        change = None if trans.dest is None else attrs["_memo_changes"].get((trans, current, self))
                        if change is not None:
                            hooks += [state.on_exit for state, _ in change[0]]
                            hooks += [state.on_enter for state, _ in change[3]]
                        steps.append((trans.conditions, _STAYS if trans.dest is None else
                                      _UNSET if change is None else change[1]))
                entry = (_CHANGES[0], tuple(hooks), tuple(steps))
        attrs["_memo_quick"].setdefault(trigger, {})[current] = entry
        return entry

    # --- memoized look-ups ------------------------------------------------------------------
    def get_state(self, state, hint=None):
        if hint is None and isinstance(state, str):
            key = (state, self.scoped)
            found = self._memo_states.get(key)
            if found is None:
                found = self._memo_states[key] = super().get_state(state)
            return found
        return super().get_state(state, hint)

    def _plan_sources(self, event, current: str) -> list:
        """[(source name, its path, its NestedState, the names of it and its parents)]: the states
        the stock `trigger_nested` tries for ``event`` from ``current`` in the scope entered, in its
        order."""
        separator = self.state_cls.separator
        state_tree = self.build_state_tree(current, separator)
        state_tree = reduce(dict.get, self.get_global_name(join=False), state_tree)
        order = []
        for state_path in resolve_order(state_tree):
            state_name = separator.join(state_path)
            if state_name in event.transitions:
                path = tuple(state_path)
                parents = tuple(separator.join(path[:k]) for k in range(len(path), 0, -1))
                order.append((state_name, path, self.get_state(state_name), parents))
        return order

    def _plan_scopes(self, current: str, trigger: str) -> list:
        """[(scope, event, sources)]: each scope along ``current`` (deepest parent first, the machine
        itself last, as None) whose events include ``trigger``, entered the way the stock walk enters
        it, with the sources tried there (`_plan_sources`, worked out in that scope)."""
        path = current.split(self.state_cls.separator)
        scopes: list = [None]
        entered = 0
        try:
            for name in path[:-1]:
                self(name).__enter__()
                entered += 1
                scopes.append((self.scoped, self.states, self.events, self.prefix_path))
        finally:
            for _ in range(entered):
                self.__exit__(None, None, None)
        plan = []
        for scope in reversed(scopes):
            events = self.events if scope is None else scope[2]
            if trigger in events:
                event = events[trigger]
                if scope is not None:
                    self._next_scope = scope
                    self.__enter__()
                try:
                    key = (event, current, self.scoped)
                    if key not in self._memo_sources:
                        self._memo_sources[key] = self._plan_sources(event, current)
                    plan.append((scope, event, self._memo_sources[key]))
                finally:
                    if scope is not None:
                        self.__exit__(None, None, None)
        return plan


def _fire(self, attrs: dict, event_data, trigger: str, current: str):
    """For `SharedMachine.trigger_event` (``self`` the machine, ``attrs`` its instance dict):
    `HierarchicalMachine._trigger_event_nested` with `NestedEvent.trigger_nested`, its `_process`
    and `Transition.execute` in one, as transitions 0.9 runs them with the log off: each scope
    along the state (deepest first) whose events include ``trigger`` gets it; there each source
    having the event (the state, then its parents) tries its transitions in turn until one's
    conditions hold, then come the callbacks before, the change of state and the callbacks after.
    The scopes and the sources are remembered per state name; empty lists of callbacks are not
    walked. Returns what the stock method returns: True, False, or None when no scope has the
    event."""
    scopes = attrs["_memo_scopes"]
    plan = scopes.get((trigger, current))
    if plan is None:
        plan = scopes[(trigger, current)] = self._plan_scopes(current, trigger)
    result = None
    for scope, event, order in plan:  # deepest scope first
        if result is True:
            break
        if scope is not None:
            self._next_scope = scope
            self.__enter__()
        try:
            event_data.event = event
            # the model is in one state, so the sources are that state and its parents having the event:
            # once one's transition fires the rest are its parents, which the stock code skips then
            # (they are in its ``done``), so the walk stops there
            for state_name, state_path, state, _parents in order:
                event_data.state = state
                event_data.source_name = state_name
                event_data.source_path = list(state_path)
                if attrs["_prepare_event"]:
                    self.callbacks(attrs["_prepare_event"], event_data)
                for trans in event.transitions[state_name]:
                    event_data.transition = trans
                    if trans.prepare:
                        self.callbacks(trans.prepare, event_data)
                    for cond in trans.conditions:  # `Condition.check`, with the event data sent
                        func = cond.func
                        held = cond.check(event_data) if isinstance(func, str) else func(event_data) == cond.target
                        if not held:
                            event_data.result = False
                            break
                    else:
                        if attrs["_before_state_change"] or trans.before:
                            self.callbacks(itertools.chain(attrs["_before_state_change"], trans.before), event_data)
                        if trans.dest:  # None: an internal transition, no state change
                            trans._change_state(event_data)
                        if trans.after or attrs["_after_state_change"]:
                            self.callbacks(itertools.chain(trans.after, attrs["_after_state_change"]), event_data)
                        event_data.result = True
                        break
                if event_data.result:
                    break
            tmp = event_data.result
        finally:
            if scope is not None:
                self.__exit__(None, None, None)
        if tmp is not None:
            result = bool(tmp)
    return result

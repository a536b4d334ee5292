"""A `transitions` HierarchicalMachine that remembers the shape of its own tree.

Every trigger of a stock HierarchicalMachine works out again, from the model's state name, things that
depend on nothing but that name and the (fixed) tree of states: the state tree of the name, the scopes
to search for the event, the order in which the source and its parents are tried, the `NestedState`
objects for each name, and which states a transition exits and enters and the state name it leaves
the model in. That is most of its cost: `bench/engine.py` times a stock trigger between two children
of one parent at about four times the same trigger on this machine.

`SharedMachine` is the same machine with those answers memoized, each the first time it is computed
by transitions' own code for a given state name (and scope), so a trigger still goes through
`trigger_event`, the events, the transitions' conditions, prepare/before/after callbacks, the states'
exit and enter callbacks (`scoped_exit`/`scoped_enter`), `set_state` on the model and the machine's
finalize callbacks, in the same order as the stock machine; only the structural look-ups are
remembered. The small stock methods whose log lines cost more than their work (`State.enter`,
`State.exit`, `Transition.execute`, `NestedEvent._process`, `HierarchicalMachine._trigger_event`) are
restated without the log lines, only while their loggers are off, and `trigger_event` calls
`_trigger_event` directly when there is no queue (as the stock `_process` does through a partial). The memo is dropped whenever states or transitions are added or
removed. The model's state must be one name (no parallel states) and no state may be final, and
transitions must be a 0.9 release (whose internals this restates), or the machine runs the stock
code; `tests/referee/test_machine.py` checks that both machines agree trigger by trigger.
"""

from __future__ import annotations

import itertools
import logging
from functools import reduce
from typing import Any

import transitions
from transitions.core import listify
from transitions.extensions import HierarchicalMachine
from transitions.extensions.nesting import (NestedEvent, NestedEventData, NestedState, NestedTransition,
                                            _build_state_list, resolve_order)

_CORE_LOG = logging.getLogger("transitions.core")  # where states and transitions log
_NESTING_LOG = logging.getLogger("transitions.extensions.nesting")  # where events log
#: the versions whose internals this module restates and memoizes; with any other, the stock code runs
COMPATIBLE = transitions.__version__.startswith("0.9.")


__all__ = ["SharedMachine"]


class _State(NestedState):
    """`State.enter`/`State.exit` run the state's callbacks between two log lines, whose arguments
    (the state's scoped name) are worked out even when the log is off; here they are only when it is
    on."""

    def enter(self, event_data):
        if not COMPATIBLE or _CORE_LOG.isEnabledFor(logging.INFO):
            return super().enter(event_data)
        event_data.machine.callbacks(self.on_enter, event_data)

    def exit(self, event_data):
        if not COMPATIBLE or _CORE_LOG.isEnabledFor(logging.INFO):
            return super().exit(event_data)
        event_data.machine.callbacks(self.on_exit, event_data)


class _Event(NestedEvent):
    """`NestedEvent.trigger_nested` with the source order and source states remembered per state name
    and scope; `_process` without its debug line while the log is off."""

    def _process(self, event_data):
        if not COMPATIBLE or _NESTING_LOG.isEnabledFor(logging.DEBUG):
            return super()._process(event_data)
        machine = event_data.machine
        machine.callbacks(machine.prepare_event, event_data)
        for trans in self.transitions[event_data.source_name]:
            event_data.transition = trans
            event_data.result = trans.execute(event_data)
            if event_data.result:
                break

    def trigger_nested(self, event_data):
        machine = event_data.machine
        current = getattr(event_data.model, machine.model_attribute)
        if not isinstance(current, str) or not (machine._memo_valid or machine._memo_ok()):
            return super().trigger_nested(event_data)
        key = (self, current, machine.scoped)
        order = machine._memo_sources.get(key)
        if order is None:
            separator = machine.state_cls.separator
            state_tree = machine.build_state_tree(current, separator)
            state_tree = reduce(dict.get, machine.get_global_name(join=False), state_tree)
            order = []
            for state_path in resolve_order(state_tree):
                state_name = separator.join(state_path)
                if state_name in self.transitions:
                    order.append((state_name, tuple(state_path), machine.get_state(state_name)))
            machine._memo_sources[key] = order
        separator = machine.state_cls.separator
        done: set[str] = set()
        event_data.event = self
        for state_name, state_path, state in order:
            if state_name not in done:
                event_data.state = state
                event_data.source_name = state_name
                event_data.source_path = list(state_path)
                self._process(event_data)
                if event_data.result:
                    elems = list(state_path)
                    while elems:
                        done.add(separator.join(elems))
                        elems.pop()
        return event_data.result


class _Transition(NestedTransition):
    """`NestedTransition._change_state` with the exits, entries and resulting state name that
    `_resolve_transition` computes remembered per current state name and scope; `execute` without
    its debug lines while the log is off."""

    def execute(self, event_data):
        if not COMPATIBLE or _CORE_LOG.isEnabledFor(logging.DEBUG):
            return super().execute(event_data)
        machine = event_data.machine
        machine.callbacks(self.prepare, event_data)
        if not self._eval_conditions(event_data):
            return False
        machine.callbacks(itertools.chain(machine.before_state_change, self.before), event_data)
        if self.dest:  # None: an internal transition, no state change
            self._change_state(event_data)
        machine.callbacks(itertools.chain(self.after, machine.after_state_change), event_data)
        return True

    def _change_state(self, event_data):
        machine = event_data.machine
        current = getattr(event_data.model, machine.model_attribute)
        stack = machine._stack  # its first scope is where the stock code sets the state: the machine's own
        if (not isinstance(current, str) or (stack and stack[0][0] is not machine)
                or not (machine._memo_valid or machine._memo_ok())):
            return super()._change_state(event_data)
        key = (self, current, machine.scoped)
        plan = machine._memo_changes.get(key)
        if plan is None:
            before = event_data.__dict__.get("scope", _UNSET)
            state_tree, exit_partials, enter_partials = self._resolve_transition(event_data)
            value = _build_state_list(state_tree, machine.state_cls.separator)
            scope = event_data.__dict__.get("scope", _UNSET)  # `_enter_nested` notes it on entering children
            with machine():
                states = machine.get_states(listify(value))
            plan = ([(p.func, p.args[1:]) for p in exit_partials], value, states[0] if len(states) == 1 else states,
                    [(p.func, p.args[1:]) for p in enter_partials], _UNSET if scope is before else scope)
            machine._memo_changes[key] = plan
        exits, value, new_state, enters, scope = plan
        if scope is not _UNSET:
            event_data.scope = scope
        for func, args in exits:
            func(event_data, *args)
        # as `NestedTransition._update_model`: the machine sets the model's state in its own scope
        if machine.scoped is machine:
            machine.set_state(value, event_data.model)
        else:
            with machine():
                machine.set_state(value, event_data.model)
        event_data.state = new_state
        for func, args in enters:
            func(event_data, *args)
        # `_final_check` would run here: with no final state it finds no on_final callback (_memo_ok)


_UNSET = object()


class SharedMachine(HierarchicalMachine):
    """A HierarchicalMachine whose structural look-ups are memoized (see the module docstring)."""

    state_cls = _State
    event_cls = _Event
    transition_cls = _Transition

    def __init__(self, *args: Any, **kwargs: Any):
        self._memo_states: dict = {}  # (name, scope) -> NestedState
        self._memo_scopes: dict = {}  # (trigger, state name) -> [(scope, event)]
        self._memo_sources: dict = {}  # (event, state name, scope) -> [(source name, path, NestedState)]
        self._memo_changes: dict = {}  # (transition, state name, scope) -> (exits, new state, entries, scope)
        self._memo_valid: bool | None = None
        super().__init__(*args, **kwargs)

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
        for memo in (self._memo_states, self._memo_scopes, self._memo_sources, self._memo_changes):
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

    # --- triggering, as the stock machine without a queue ------------------------------------
    def trigger_event(self, model, trigger, *args, **kwargs):
        """`HierarchicalMachine.trigger_event`; without a queue the stock `_process` calls the trigger
        at once (through a partial), which is done here directly while the log is off."""
        if not COMPATIBLE or self.has_queue or self._transition_queue or _NESTING_LOG.isEnabledFor(logging.DEBUG):
            return super().trigger_event(model, trigger, *args, **kwargs)
        event_data = NestedEventData(state=None, event=None, machine=self, model=model, args=args, kwargs=kwargs)
        event_data.result = None
        return self._trigger_event(event_data, trigger)

    def _trigger_event(self, event_data, trigger):
        """`HierarchicalMachine._trigger_event` without its debug line, while the log is off; from the
        machine's own scope with nothing entered yet, entering it again (`with self()`) changes nothing
        and is skipped."""
        if not COMPATIBLE or _NESTING_LOG.isEnabledFor(logging.DEBUG):
            return super()._trigger_event(event_data, trigger)
        try:
            if self.scoped is self and not self._stack:
                res = self._trigger_event_nested(event_data, trigger, None)
            else:
                with self():
                    res = self._trigger_event_nested(event_data, trigger, None)
            event_data.result = self._check_event_result(res, event_data.model, trigger)
        except BaseException as err:  # as the stock method: on_exception callbacks, or raised
            event_data.error = err
            if self.on_exception:
                self.callbacks(self.on_exception, event_data)
            else:
                raise
        finally:
            try:
                self.callbacks(self.finalize_event, event_data)
            except BaseException as err:
                _NESTING_LOG.error("%sWhile executing finalize callbacks a %s occurred: %s.",
                                   self.name, type(err).__name__, str(err))
        return event_data.result

    # --- memoized look-ups ------------------------------------------------------------------
    def get_state(self, state, hint=None):
        if hint is None and isinstance(state, str):
            key = (state, self.scoped)
            found = self._memo_states.get(key)
            if found is None:
                found = self._memo_states[key] = super().get_state(state)
            return found
        return super().get_state(state, hint)

    def _trigger_event_nested(self, event_data, trigger, _state_tree):
        """The stock method walks the model's state tree scope by scope, from the deepest parent up,
        and hands the event to each scope defining ``trigger`` until one fires. The scopes to visit
        are remembered per state name and trigger."""
        current = getattr(event_data.model, self.model_attribute)
        if (_state_tree is not None or not isinstance(current, str) or self.scoped is not self
                or not (self._memo_valid or self._memo_ok())):
            return super()._trigger_event_nested(event_data, trigger, _state_tree)
        key = (trigger, current)
        plan = self._memo_scopes.get(key)
        if plan is None:
            plan = self._memo_scopes[key] = self._plan_scopes(current, trigger)
        result = None
        for scope, event in plan:  # deepest scope first
            if result is True:
                break
            if scope is None:
                event_data.event = event
                tmp = event.trigger_nested(event_data)
            else:
                self._next_scope = scope
                with self:
                    event_data.event = event
                    tmp = event.trigger_nested(event_data)
            if tmp is not None:
                result = bool(tmp)
        return result

    def _plan_scopes(self, current: str, trigger: str) -> list:
        """[(scope, event)]: each scope along ``current`` (deepest parent first, the machine itself
        last, as None) whose events include ``trigger``, entered the way the stock walk enters it."""
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
                plan.append((scope, events[trigger]))
        return plan

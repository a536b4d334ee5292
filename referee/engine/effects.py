"""Carrying out a card's effect and stopping for a player's choice: one runner for every game.

An effect is a list of operations, plain tables whose ``op`` names one of the game's functions
(`Effects.ops`: ``(state, op, context) -> choice | None``), carried out in the order written. Before
each, the game's ``gate`` says whether it happens (its conditions), or asks a question first. An
operation that needs a player's decision returns a *choice* (`choices`): the runner puts it on
``state.pending`` with the operations still to come, the effect's context and ``finish`` (what to do
once the whole effect is done: the game's `Effects.finish` by its ``kind``), and stops. Nothing else
happens until that player answers with ``choose`` (each game's rules allow only that meanwhile):
`Effects.answer` takes the choice off, names the unknown physical cards the answer named, and goes
on with the choice's ``then`` and the rest.

A waiting choice is plain data, the context included (the game's ``save`` and ``load``), so a
position saved while an effect waits loads and goes on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .action import Action
from .choices import ChoiceKind


def _same(ctx: Any) -> Any:
    return ctx


@dataclass(frozen=True)
class Effects:
    """A game's effect vocabulary in the runner's terms.

    - ``ops``, ``finish``: its operations by name, and what ends an effect by ``finish["kind"]``;
    - ``kinds``: its kinds of choice by name (`choices`);
    - ``gate(state, op, context, rest)``: True to carry the operation out, False to skip it, or a
      choice to ask first (the operation waits in it); ``rest``, the operations after it, may be
      added to (an operation about several players becomes one for each);
    - ``answered(state, choice, plan, context)``: the game's part of an answer before the effect
      goes on: the context takes it, the log says it, a kind of its own applies;
    - ``reveal(state, choice, card, number)``: names an unknown card the answer named;
    - ``save``, ``load``: the context as plain data and back (a plain dict already by default);
    - ``defaults()``: keys each of its choices has unless its operation gave them."""

    ops: dict[str, Callable[..., dict | None]]
    finish: dict[str, Callable[[Any, dict], None]]
    kinds: dict[str, ChoiceKind]
    gate: Callable[[Any, dict, Any, list[dict]], bool | dict]
    answered: Callable[[Any, dict, dict, Any], None]
    reveal: Callable[[Any, dict, int, str], None]
    save: Callable[[Any], dict] = _same
    load: Callable[[dict], Any] = _same
    defaults: Callable[[], dict] = dict

    def run(self, s: Any, ops: list[dict], ctx: Any, finish: dict | None = None) -> bool:
        """Carry out ``ops`` in order. False when a choice stopped them: the rest waits in it, with
        ``finish``."""
        rest = list(ops)
        while rest:
            op = rest.pop(0)
            verdict = self.gate(s, op, ctx, rest)
            if not verdict:
                continue
            choice = verdict if isinstance(verdict, dict) else self.ops[op["op"]](s, op, ctx)
            if choice is not None:
                self.ask(s, choice, rest, ctx, finish)
                return False
        if finish is not None:
            self.finish[finish["kind"]](s, finish)
        return True

    def ask(self, s: Any, choice: dict, rest: list[dict], ctx: Any, finish: dict | None) -> None:
        """Put ``choice`` on the pending list, with the operations ``rest`` waiting for its answer, the
        context and ``finish``; it is about the effect's card unless it names another (``card``)."""
        for key, value in self.defaults().items():
            choice.setdefault(key, value)
        saved = self.save(ctx)
        choice.update(rest=rest, ctx=saved, finish=finish)
        choice.setdefault("card", s.instances[saved["source"]])
        s.pending.append(choice)
        s.emit("choice_asked", player=choice["player"], card=choice["card"], choice=choice["kind"])

    def candidates(self, s: Any) -> list[Action]:
        """The answers listed for the first pending choice."""
        c = s.pending[0]
        return self.kinds[c["kind"]].candidates(s, c)

    def check(self, s: Any, a: Action) -> dict:
        """What a ``choose`` answer means for the first pending choice (its plan); refused with the
        game's rule when it is not a valid one."""
        c = s.pending[0]
        return self.kinds[c["kind"]].check(s, c, a.args)

    def answer(self, s: Any, plan: dict) -> None:
        """Apply a checked answer to the first pending choice, then the rest of its effect: a
        ``confirm`` answered no leads to its ``otherwise`` (nothing unless it says) instead of its
        ``then``."""
        c = s.pending.pop(0)
        ctx = self.load(c["ctx"])
        named = list(plan["named"])
        for iid in plan["cards"]:
            if named and s.instances[iid] is None:
                self.reveal(s, c, iid, named.pop(0))
        self.answered(s, c, plan, ctx)
        then = c.get("otherwise", []) if c["kind"] == "confirm" and plan["word"] == "no" else c["then"]
        self.run(s, then + c["rest"], ctx, c["finish"])

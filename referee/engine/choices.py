"""The choices a card's effect asks a player, and what an answer (``choose ...``) means: the kinds
every game shares, written once (see `effects.Effects`, which asks them and applies the answers).

A choice is plain data on the position's ``pending`` list, saved with it: its ``kind``, the
``player`` who answers, its ``options`` (the words it offers, or the refs of the cards it offers),
``then`` (the operations the answer leads to) and whatever its game adds. A kind lists the answers
to offer (``candidates(state, choice)``) and reads an answer (``check(state, choice, args)``) into a
*plan*: ``{"word", "cards", "named"}``, the word chosen, the cards chosen and the numbers the answer
gives those of them that were unknown physical cards (referee mode), in order. Two kinds are
common to the games:

- `Options`: one word among ``options`` (yes or no, an attribute, heads or tails...);
- `Pick`: some of a pool's cards, named by their refs (``least``, 1 unless the choice says, to
  ``count``); ``none`` where the choice may be declined; in referee mode an unknown physical card of
  the pool named by its number.

A game's own kinds (Naruto's ``order`` and ``organize``, Llamas Unleashed's ``player``) are `Kind`
pairs of functions. A wrong answer is refused with the game's rule: ``refuse(choice, reason,
**facts)`` gives its IllegalAction for one of these reasons: ``answer`` (not one of the options:
``options``), ``must_choose`` (``none`` for a choice that may not be declined: ``least``), ``count``
(too few or too many cards: ``least``, ``count``), ``option`` (a card the choice does not offer:
``card``, ``options``) and ``twice`` (a card the answer already names: ``card``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, NamedTuple, Protocol

from .action import UNNAMED, Action
from .errors import IllegalAction

#: a game's refusal of a wrong answer: ``(choice, reason, **facts) -> IllegalAction``
Refuse = Callable[..., IllegalAction]


class ChoiceKind(Protocol):
    """What every kind of choice gives: `Options`, `Pick` and a game's own `Kind`."""

    def candidates(self, s: Any, c: dict) -> list[Action]: ...

    def check(self, s: Any, c: dict, args: tuple[str, ...]) -> dict: ...


class Kind(NamedTuple):
    """A game's own kind of choice: the answers it lists, and what an answer means (its plan)."""

    candidates: Callable[[Any, dict], list[Action]]
    check: Callable[[Any, dict, tuple[str, ...]], dict]


def confirm(player: int, then: list[dict], **more: Any) -> dict:
    """A yes/no choice (an `Options` kind): ``then`` on yes; on no, ``otherwise`` when it has one."""
    return {"kind": "confirm", "player": player, "options": ["yes", "no"], "then": then, **more}


@dataclass(frozen=True)
class Options:
    """One word among the choice's ``options``."""

    refuse: Refuse

    def candidates(self, s: Any, c: dict) -> list[Action]:
        return [Action.of("choose", o) for o in c["options"]]

    def check(self, s: Any, c: dict, args: tuple[str, ...]) -> dict:
        if len(args) != 1 or args[0] not in c["options"]:
            raise self.refuse(c, "answer", options=list(c["options"]))
        return {"word": args[0], "cards": [], "named": []}


def _as_written(c: dict, text: str) -> str:
    return text


@dataclass(frozen=True)
class Pick:
    """A choice of cards among a pool. The game says which cards (``pool``), how an answer names a
    known one (``ref``, and ``spell`` for another way of writing it, such as Naruto's number without
    its seat), which answers to list (``listing``), whether ``none`` may be answered
    (``may_decline``), and which unknown physical card an answer names now (``unknown(state,
    choice, pool, text, taken, named)``: the card, None when the answer names none, or the game's
    refusal of the name; ``taken`` and ``named`` are the cards and numbers the answer gave before)."""

    pool: Callable[[Any, dict], list[int]]
    ref: Callable[[Any, int], str]
    listing: Callable[[Any, dict], list[Action]]
    may_decline: Callable[[dict], bool]
    unknown: Callable[[Any, dict, list[int], str, tuple[int, ...], tuple[str, ...]], int | None]
    refuse: Refuse
    spell: Callable[[dict, str], str] = _as_written

    def candidates(self, s: Any, c: dict) -> list[Action]:
        return self.listing(s, c)

    def check(self, s: Any, c: dict, args: tuple[str, ...]) -> dict:
        least = c.get("least", 1)
        if args == ("none",):
            if not self.may_decline(c):
                raise self.refuse(c, "must_choose", least=least)
            return {"word": "none", "cards": [], "named": []}
        if not max(1, least) <= len(args) <= c["count"]:
            raise self.refuse(c, "count", least=least, count=c["count"])
        pool = self.pool(s, c)
        cards: list[int] = []
        named: list[str] = []
        for text in args:
            iid = self.picked(s, c, pool, text, tuple(cards), tuple(named))
            if s.instances[iid] is None and text != UNNAMED:
                named.append(text.partition("@")[0])
            cards.append(iid)
        return {"word": "", "cards": cards, "named": named}

    def picked(self, s: Any, c: dict, pool: list[int], text: str, taken: tuple[int, ...],
               named: tuple[str, ...]) -> int:
        """The card of ``pool`` one word of an answer names: a listed option (a known card not
        ``taken`` by the answer yet), else an unknown physical card named now."""
        option = self.spell(c, text)
        if option in c["options"]:
            # an option naming a card number is only that number's ref: the others need no `ref`
            # (which looks for the card's place); other options (Naruto's R3@2) are compared to each
            number = option.partition("@")[0]
            wanted = number if s.cards.get(number) is not None else None
            for iid in pool:
                if iid not in taken and s.instances[iid] is not None and wanted in (None, s.instances[iid]) \
                        and self.ref(s, iid) == option:
                    return iid
        iid = self.unknown(s, c, pool, text, taken, named)
        if iid is not None:
            return iid
        if any(self.ref(s, i) == text for i in taken):
            raise self.refuse(c, "twice", card=text)
        raise self.refuse(c, "option", card=text, options=list(c["options"]))

"""Actions and their notation.

An action is a small immutable value: a verb, positional arguments and keyword options, for example
``deploy N-008 pay J-001``, ``jutsu J-030 by N-011 target N-018@2 pay J-001 J-002`` or (Llamas
Unleashed) ``play LU-021 into 2``. `str()` writes
the notation and `Action.parse` reads it back exactly, so logs, replays, scenario files and the command
line all speak the same language. Keywords are a fixed set of lowercase words; every other token is a
value (card numbers, team names, counts, ``?`` for a card still to be named).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from .errors import NotationError

#: option keywords; a token that is one of these starts a new option
KEYWORDS = frozenset({"pay", "by", "target", "lead", "on", "over", "from", "x", "into"})
_VERB = re.compile(r"[a-z][a-z_]*\Z")
_VALUE = re.compile(r"[A-Za-z0-9?@#:_\-]+\Z")
#: the placeholder for a physical card that its player has not named yet
UNNAMED = "?"


@dataclass(frozen=True, slots=True)
class Action:
    verb: str
    args: tuple[str, ...] = ()
    opts: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: True for a referee-mode template whose physical card must still be named (``deploy ?``)
    needs_naming: bool = field(init=False, repr=False, compare=False)
    #: the hash of the three values above, worked out once: actions are looked up by value at every
    #: step (the plans of the listed actions, the checks of `Match`), and a nested tuple's hash is not kept
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # a frozen dataclass: its derived fields are set once, here
        object.__setattr__(self, "needs_naming", UNNAMED in self.args or any(UNNAMED in v for _, v in self.opts))
        object.__setattr__(self, "_hash", hash((self.verb, self.args, self.opts)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self):
        # rebuilt from its values (a hash of strings differs from one process to the next)
        return type(self), (self.verb, self.args, self.opts)

    @classmethod
    def of(cls, verb: str, *args: str, **opts: str | list[str] | tuple[str, ...] | None) -> "Action":
        """Build an action; options whose value is None or empty are left out. Equal actions are one
        object (`_made`)."""
        if not opts:  # most actions listed (``pass``, ``next``, a card of the hand)
            return _made(cls, verb, args, ())
        items = []
        for key, value in opts.items():
            if value is None or value == () or value == []:
                continue
            items.append((key, (value,) if isinstance(value, str) else tuple(value)))
        return _made(cls, verb, args, tuple(items))

    def get(self, key: str) -> tuple[str, ...]:
        for k, values in self.opts:
            if k == key:
                return values
        return ()

    def one(self, key: str) -> str | None:
        values = self.get(key)
        return values[0] if values else None

    def __str__(self) -> str:
        parts = [self.verb, *self.args]
        for key, values in self.opts:
            parts.append(key)
            parts.extend(values)
        return " ".join(parts)

    @classmethod
    def parse(cls, text: str) -> "Action":
        tokens = text.split()
        if not tokens:
            raise NotationError(text, "empty")
        verb, rest = tokens[0], tokens[1:]
        if not _VERB.match(verb) or verb in KEYWORDS:
            raise NotationError(text, "verb")
        args: list[str] = []
        opts: list[tuple[str, list[str]]] = []
        for tok in rest:
            if tok in KEYWORDS:
                if any(k == tok for k, _ in opts):
                    raise NotationError(text, "repeated")
                opts.append((tok, []))
            elif _VALUE.match(tok):
                (opts[-1][1] if opts else args).append(tok)
            else:
                raise NotationError(text, "token")
        for key, values in opts:
            if not values:
                raise NotationError(text, "missing")
        return cls(verb, tuple(args), tuple((k, tuple(v)) for k, v in opts))


@lru_cache(maxsize=8192)
def _made(cls: type, verb: str, args: tuple[str, ...], opts: tuple) -> Action:
    """The action of these values, made once: an action is an immutable value, and the rules list the
    same few again at every step (``pass``, ``next``, each card in hand...), so a listing finds most
    of its actions made already, which costs a fraction of making one."""
    return cls(verb, args, opts)


def as_action(action: "Action | str") -> Action:
    return action if isinstance(action, Action) else Action.parse(action)

"""The seeded random generator a position carries, shared by every game.

Shuffles, pulls and coin flips draw from it, so a match replays exactly from its initial position
and action list; and since it is part of the position, undo snapshots must copy its state cheaply.
"""

from __future__ import annotations

import random
from typing import Any


class TrackedRandom(random.Random):
    """A `random.Random` that knows whether it has drawn since its state was last read, so taking the
    state again (each undo snapshot does) reuses the same immutable tuple instead of copying the 625
    words of the generator. It overrides both `random` and `getrandbits`, so `Random` keeps drawing
    integers with `getrandbits` and every sequence is the same as a plain `Random`'s."""

    def __init__(self, x: Any = None):
        self._state: tuple | None = None
        super().__init__(x)

    @classmethod
    def restored(cls, state: tuple) -> "TrackedRandom":
        rng = cls(0)
        rng.setstate(state)
        return rng

    def seed(self, *args: Any, **kwargs: Any) -> None:
        self._state = None
        super().seed(*args, **kwargs)

    def setstate(self, state: tuple) -> None:
        super().setstate(state)
        self._state = None

    def random(self) -> float:
        self._state = None
        return super().random()

    def getrandbits(self, k: int) -> int:
        self._state = None
        return super().getrandbits(k)

    def gauss(self, *args: Any, **kwargs: Any) -> float:
        self._state = None
        return super().gauss(*args, **kwargs)

    def getstate(self) -> tuple:
        if self._state is None:
            self._state = super().getstate()
        return self._state


def to_json(rng: random.Random) -> list:
    """The generator's state as JSON data (a list), which `from_json` reads back."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def from_json(data: list) -> TrackedRandom:
    version, internal, gauss = data
    return TrackedRandom.restored((version, tuple(internal), gauss))

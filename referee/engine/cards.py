"""A card source held in memory, for any game: the cards of a bundled set, a test's own cards, or
both together, found by number."""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator, TypeVar

T = TypeVar("T", bound="CardTable")


class CardTable:
    """Cards by number (each game's card class has a ``number``)."""

    def __init__(self, cards: Iterable[Any]):
        self._by_number = {c.number: c for c in cards}
        #: the card of a number, or None: the dict's own look-up, the rules' most frequent call
        self.get: Callable[[str], Any | None] = self._by_number.get

    def __iter__(self) -> Iterator[Any]:
        return iter(self._by_number.values())

    def __len__(self) -> int:
        return len(self._by_number)

    def with_cards(self: T, cards: Iterable[Any]) -> T:
        """This table plus (or overridden by) more cards, of the same kind of table."""
        return type(self)([*self, *cards])

"""Naming unknown physical cards (referee mode): one mechanic for every game.

In referee mode the program does not know the cards of a hand or a deck: such an instance's number
is None until a player names the physical card, when it is used (played, paid with, chosen). The name
must be a card of the catalogue, and one the player may still hold: where the game keeps a count of
the copies not named yet (``pool``: Naruto's deck list, Llamas Unleashed's whole set), a copy of that
number must be left. An action names its cards first (`locate`, which changes nothing, so a refused
action leaves the position as it was) and names them for good once it is carried out (`reveal`).

Each game gives its zone layout (which cards, which pool) and its rule's refusal, ``refuse(reason,
number, zone)`` for one of ``unnamed`` (``?`` where a card must be named), ``unknown_card`` (no such
card in the catalogue), ``no_copy`` (no copy of it left to name) or ``absent`` (not there).
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Callable, Iterator

from .action import UNNAMED
from .errors import IllegalAction

#: a game's refusal of a card named wrongly: ``(reason, number, zone) -> IllegalAction``
Refuse = Callable[[str, str, str], IllegalAction]


def hidden(s: Any, cards: list[int]) -> bool:
    """Whether some of ``cards`` are unknown physical cards (a loop: listings ask it of every hand)."""
    instances = s.instances
    for i in cards:
        if instances[i] is None:
            return True
    return False


def locate(s: Any, cards: list[int], number: str, zone: str, taken: tuple[int, ...] = (),
           named: tuple[str, ...] = (), *, pool: dict[str, int] | None, refuse: Refuse,
           hides: bool | None = None) -> int:
    """The instance of card ``number`` among ``cards`` (the cards of ``zone``), not one of ``taken``
    (those the same action already names): a known copy, else an unknown physical card its player
    names now. ``named`` are the numbers the same action already gives unknown cards, so that two
    cards named alike need two copies left in ``pool`` (None: no count is kept). ``hides`` says
    whether the zone may hold unknown cards at all, so that a number with no copy left is refused as
    such even when every card there is known; None: as far as its cards show (one is unknown)."""
    if number == UNNAMED:
        raise refuse("unnamed", number, zone)
    if s.cards.get(number) is None:
        raise refuse("unknown_card", number, zone)
    for iid in cards:
        if s.instances[iid] == number and iid not in taken:
            return iid
    if hides is None:
        hides = any(s.instances[i] is None and i not in taken for i in cards)
    if hides:
        if pool is not None and pool.get(number, 0) - named.count(number) <= 0:
            raise refuse("no_copy", number, zone)
        for iid in cards:
            if s.instances[iid] is None and iid not in taken:
                return iid
    raise refuse("absent", number, zone)


def locate_all(s: Any, numbers: tuple[str, ...], find: Callable[[str, tuple[int, ...], tuple[str, ...]], int],
               taken: tuple[int, ...] = (), named: tuple[str, ...] = ()) -> list[int]:
    """The instances of the cards one action names, none twice: ``find(number, taken, named)``
    locates one (the game's `locate` in its zone), given those found before it and the numbers
    given to unknown cards so far (``taken``, ``named``: those of the same action named before)."""
    found: list[int] = []
    named_now = list(named)
    for number in numbers:
        iid = find(number, taken + tuple(found), tuple(named_now))
        if s.instances[iid] is None:
            named_now.append(number)
        found.append(iid)
    return found


def reveal(s: Any, iid: int, number: str, pool: dict[str, int] | None, seat: int | None) -> None:
    """Name a physical card for good: it is card ``number`` from now on, and one copy fewer of it is
    left to name in ``pool``; the log says seat ``seat`` named it. A known card is left as it is."""
    if s.instances[iid] is None:
        s.instances[iid] = number
        if pool is not None:
            pool[number] -= 1
        s.emit("named", player=seat, card=number)


@contextmanager
def named_as(s: Any, iid: int, number: str) -> Iterator[None]:
    """Within the block, an unknown physical card reads as the card ``number`` its player is naming
    (to check a requirement before the action that names it is carried out); a known card is left as
    it is."""
    if s.instances[iid] is not None:
        yield
        return
    s.instances[iid] = number
    try:
        yield
    finally:
        s.instances[iid] = None

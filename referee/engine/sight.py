"""What a seat may see: one answer, given by each game's rules, that the computer players and the
application both read.

Every game's rules define ``visible(state, seat) -> frozenset[int]`` (see `referee.engine.match.Rules`):
the card instances seat ``seat`` may look at in that position, by the game's own zone rules: its own
hand, every face-up zone, the cards a choice it must answer shows it; never another player's hand, a
deck or a face-down zone. Their ``who_sees(state, iid)`` gives the same answer card by card (the
seats that see one card), which is what the log asks (`witnesses`). Nothing else in the engine or
the application decides which cards a seat may see: a computer player reads the position through a
`SeatSight`, which refuses any other card, and the application's widgets that show a seat's cards
list only those the rules allow (the options panel, `gui/match/`, and the Naruto CCG's manual toolbox,
`gui/naruto/`).

This module imports nothing but the standard library, so the application may import it cheaply.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable


def seen_by(rules: Any, state: Any, seat: int | None) -> frozenset[int]:
    """The instances ``seat`` may see (``rules.visible``); for ``seat`` None, a screen no seat holds
    (a spectator, a computer's turn on a shared screen), only those every seat may see."""
    if seat is not None:
        return rules.visible(state, seat)
    return frozenset.intersection(*(rules.visible(state, k) for k in range(len(state.players))))


class SeatSight:
    """What one seat may look at: the cards the rules say are visible to it (``rules.visible``), the
    printed card list, nothing else. Each game's `SeatView` builds on it; `card` refuses any other
    instance (LookupError), so everything a computer player reads through it is fair."""

    def __init__(self, rules: Any, s: Any, me: int):
        self._s = s
        self.me = me
        self._visible: frozenset[int] = rules.visible(s, me)

    def card(self, iid: int) -> Any:
        if iid not in self._visible:
            raise LookupError(f"seat {self.me + 1} may not see card instance {iid}")
        return self._s.card(iid)

    def catalogue(self, number: str) -> Any:
        """A printed card's facts by its number (the card list is public)."""
        return self._s.cards.get(number)


# --- the log: who may read what an action or an event names -----------------------------------------
#: the parameters of a log event naming cards some seats may not see, as the log keeps it: ``seen``,
#: the seats that may read their names; ``hides``, which parameters name them (and how many cards)
SEEN, HIDES = "seen", "hides"
#: what such an event carries when emitted: its parameters naming cards, each with the instances it
#: names (``secret={"cards": [12, 40]}``); the match settles it once the action is done (`settled`)
SECRET = "secret"


def witnesses(who_sees: Callable[[Any, int], frozenset[int]], s: Any, cards: Iterable[int],
              shown_to: Iterable[int] = ()) -> list[int] | None:
    """The seats that may read the names of ``cards`` in position ``s`` (``who_sees``: the game's
    ``who_sees(state, iid)``, `Rules.who_sees`), with ``shown_to`` (the player a choice showed them
    to) added; None when every seat may, so that a public event carries no ``seen``."""
    seats: set[int] = set(range(len(s.players)))
    for iid in cards:
        seats &= who_sees(s, iid)
    readers = sorted(seats.union(shown_to))
    return None if len(readers) == len(s.players) else readers


def settled(who_sees: Callable[[Any, int], frozenset[int]], s: Any, params: dict) -> dict:
    """An event's parameters as the log keeps them: its ``secret`` becomes ``seen``, the seats that may
    read the cards' names once the action is done (the event's ``player`` knows them), and ``hides``;
    or nothing when every seat may (a card taken from a deck and put into play)."""
    params = dict(params)
    secret = params.pop(SECRET)
    cards = [i for ids in secret.values() for i in ids]
    if not cards:  # an answer in words ("yes", "none"): nothing to keep from anyone
        return params
    readers = witnesses(who_sees, s, cards, [params["player"]])
    if readers is not None:
        params[SEEN] = readers
        params[HIDES] = {name: len(ids) for name, ids in secret.items()}
    return params


def readable(params: dict, viewers: Iterable[int] | None) -> bool:
    """Whether a log event's card names may be shown to a screen held by ``viewers`` (the seats whose
    hands it shows; None: no seat, a spectator)."""
    seen = params.get(SEEN)
    return seen is None or bool(viewers and set(seen) & set(viewers))


def action_readers(action: Any, entries: Iterable[Any]) -> list[int] | None:
    """The seats that may read the cards ``action`` names, given the log entries (`Entry`) it caused:
    an answer naming a card its own event keeps from some seats (a card taken from a hidden deck) is
    as private as that event; None for every seat."""
    named = {v.partition("@")[0] for v in (*action.args, *(v for _, values in action.opts for v in values))}
    readers: set[int] | None = None
    for entry in entries:
        if SEEN not in entry.params:
            continue
        hidden = {v.partition("@")[0] for name in entry.params[HIDES] for v in _listed(entry.params.get(name))}
        if named & hidden:
            readers = set(entry.params[SEEN]) if readers is None else readers & set(entry.params[SEEN])
    return None if readers is None else sorted(readers)


def _listed(value: Any) -> list[str]:
    """A card parameter's numbers: a list, one number, or several in one string (``"LU-003@1 LU-007@2"``)."""
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    return str(value).split() if value else []

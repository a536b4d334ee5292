"""What each seat may see: `LlamasRules.visible` and `LlamasRules.who_sees`, read by the computer
players (`opponent.SeatView`), the log and the application alike. Both read one table, `PUBLIC`."""

from __future__ import annotations

from itertools import chain

from .state import LlamasState
from .zones import cards_in, where

#: the zones every seat sees (L-ZONE-1): every field, the nursery and the discard pile, the cards
#: being played (the instant pile, face up) and those the chain's links hold. A hand is seen by its
#: player alone, the deck by nobody, but for the cards a choice shows its chooser (`shown`).
PUBLIC = ("field", "nursery", "discard", "pile", "held")


def shown(s: LlamasState, seat: int) -> tuple[int, ...] | list[int]:
    """The cards the choice ``seat`` must answer shows it: a search of the deck (L-SEARCH-1), a look
    at a hand (L-PULL-1); none when no choice waits for that seat."""
    return s.pending[0].get("pool", ()) if s.pending and s.pending[0]["player"] == seat else ()


def visible(s: LlamasState, seat: int) -> frozenset[int]:
    """The instances ``seat`` may see: its own hand, the `PUBLIC` zones and what it is `shown`."""
    # one frozenset made from every zone at once
    return frozenset(chain(s.players[seat].hand, *(cards_in(s, zone) for zone in PUBLIC), shown(s, seat)))


def who_sees(s: LlamasState, iid: int) -> frozenset[int]:
    """The seats that may see instance ``iid`` (``seat in who_sees(s, iid)`` exactly when ``iid in
    visible(s, seat)``): found from where the card is, without making every seat's `visible`. The
    log asks it of each card an event keeps from some seats (`referee.engine.sight.witnesses`)."""
    zone, owner = where(s, iid)
    if zone in PUBLIC:
        return frozenset(range(s.seats))
    seers = {owner} if zone == "hand" else set()
    if s.pending:
        chooser = s.pending[0]["player"]
        if iid in shown(s, chooser):
            seers.add(chooser)
    return frozenset(seers)

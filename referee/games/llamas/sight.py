"""What each seat may see: `LlamasRules.visible`, read by the computer players (`opponent.SeatView`)
and the application alike."""

from __future__ import annotations

from itertools import chain

from .state import LlamasState


def visible(s: LlamasState, seat: int) -> frozenset[int]:
    """The instances ``seat`` may see: its own hand; every field (fields are public, L-ZONE-1), the
    nursery and the discard pile; the cards being played (the instant pile, face up) and those the
    chain's links hold; and the cards a choice it must answer shows it (a search of the deck,
    L-SEARCH-1; a look at a hand, L-PULL-1). Never another hand, nor the deck."""
    shown = s.pending[0].get("pool", ()) if s.pending and s.pending[0]["player"] == seat else ()
    # one frozenset made from every zone at once: the log asks this of each seat for every event that
    # names a card (`referee.engine.sight.settled`)
    return frozenset(chain(s.players[seat].hand, s.nursery, s.discard, *(player.field for player in s.players),
                           [entry["card"] for entry in s.pile],
                           [link["holds"] for link in s.chain if link.get("holds") is not None], shown))

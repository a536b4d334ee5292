"""What each seat may see (N-ZONE-2): `NarutoRules.visible`, read by the computer players
(`opponent.SeatView`) and the application alike."""

from __future__ import annotations

from .effects import shown
from .state import NarutoState

#: the zones open to both players (N-ZONE-2); a hand shows only its size to the other player, decks
#: are face down, and so are battle rewards and cards removed from the game (N-ZONE-1)
OPEN = ("village", "battlefield", "chakra", "discard")


def visible(s: NarutoState, seat: int) -> frozenset[int]:
    """The instances ``seat`` may see: its own hand, both players' open zones, the cards on the
    chain (played face up, N-CHAIN-2) and the cards a choice it must answer shows it."""
    seen = set(s.players[seat].hand)
    for player in s.players:
        for zone in OPEN:
            seen.update(getattr(player, zone))
    seen.update(link["card"] for link in s.chain)
    if s.pending and s.pending[0]["player"] == seat:
        seen.update(shown(s, s.pending[0]))
    return frozenset(seen)

"""What must hold in every Llamas position, whatever was played: checked after every action of the
random playouts and the tests."""

from __future__ import annotations

from collections import Counter

from .cards import BASE
from .state import SHARED, LlamasState
from .traits import hand_limit


def violations(s: LlamasState) -> list[str]:
    out: list[str] = []
    seen: Counter[int] = Counter()
    for player in s.players:
        seen.update(player.hand)
        seen.update(player.field)
    for zone in SHARED:
        seen.update(getattr(s, zone))
    seen.update(e["card"] for e in s.pile)
    seen.update(link["holds"] for link in s.chain if link["holds"] is not None)
    if set(seen) != set(range(len(s.instances))):
        out.append("cards are not conserved: each card must be in exactly one zone")
    out += [f"card {iid} ({s.instances[iid]}) is in {n} places" for iid, n in seen.items() if n > 1]
    for seat, player in enumerate(s.players):
        for iid in player.hand + s.deck + s.discard:
            card = s.card(iid)
            if card is not None and card.is_baby:
                out.append(f"baby {card.number} outside the fields and the nursery (L-CARD-5)")
        for iid in player.field:
            card = s.card(iid)
            if card is None or card.type not in ("animal", "upgrade", "downgrade"):
                out.append(f"seat {seat + 1}: {s.instances[iid]} cannot stay in a field (L-CARD-4)")
    if any(s.card(i) is None or not s.card(i).is_baby for i in s.nursery):
        out.append("a card that is not a baby in the nursery (L-ZONE-1)")
    if s.over and s.winner is not None and (s.chain or s.pile or s.pending):
        out.append("a winner declared while the chain of effects is open (L-CHAIN-5)")
    if s.phase == "end_hand" and not s.over and len(s.players[s.current].hand) <= hand_limit(s, s.current):
        out.append("the end of the turn waits although the hand is within its limit (L-TURN-4)")
    if s.pool is not None and any(n < 0 for n in s.pool.values()):
        out.append("more copies named than the game has")
    if s.phase == "action_window" and s.asking is None and not s.pending:
        out.append("the instant window is open but nobody is asked")
    sets = {BASE, *s.sets}
    out += [f"{card.number} comes from a set not shuffled in (L-SETUP-3)"
            for card in {s.card(i) for i in range(len(s.instances)) if s.instances[i] is not None} if card.set not in sets]
    if any(n < 0 for n in s.extra):
        out.append("a negative number of extra turns")
    return out

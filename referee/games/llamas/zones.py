"""Where cards are and how they move: the bookkeeping every Llamas rule shares, and the naming of
physical cards in referee mode.

A card is in a player's hand or field, in the nursery, the deck (top first) or the discard pile (top
last), on the instant pile while it is being played, or held by the chain link it is resolving (a
Magic or an Instant). In referee mode the deck is always unknown: a card shuffled back into it is
forgotten again, and its copy goes back to the pool of copies that may still be named.
"""

from __future__ import annotations

from referee.engine import naming
from referee.engine.action import UNNAMED
from referee.engine.errors import IllegalAction
from referee.engine.naming import hidden as hidden  # the rules name cards through this module

from .state import SHARED, LlamasState

#: zones of a player, and the shared ones (L-ZONE-1)
OWN = ("hand", "field")


def where(s: LlamasState, iid: int) -> tuple[str, int | None]:
    """(zone, seat): ``hand`` and ``field`` with the seat they belong to; the shared zones with None;
    ``pile`` and ``held`` with the seat of the player who played the card."""
    for seat, player in enumerate(s.players):
        if iid in player.field:
            return "field", seat
        if iid in player.hand:
            return "hand", seat
    for zone in SHARED:
        if iid in getattr(s, zone):
            return zone, None
    for entry in s.pile:
        if entry["card"] == iid:
            return "pile", entry["player"]
    for link in s.chain:
        if link.get("holds") == iid:
            return "held", link["player"]
    raise KeyError(iid)


def cards_in(s: LlamasState, zone: str) -> list[int]:
    """The cards of one of `where`'s zones, all seats' together (``field``: every field)."""
    if zone in OWN:
        return [iid for player in s.players for iid in getattr(player, zone)]
    if zone == "pile":
        return [entry["card"] for entry in s.pile]
    if zone == "held":
        return [link["holds"] for link in s.chain if link.get("holds") is not None]
    return getattr(s, zone)


def field_of(s: LlamasState, iid: int) -> int | None:
    """The seat whose field holds the card, or None."""
    for seat, player in enumerate(s.players):
        if iid in player.field:
            return seat
    return None


def field_seats(s: LlamasState) -> dict[int, int]:
    """Each card in a field with the seat whose field it is: `field_of` for many cards at once (a
    choice's options, each named with its field)."""
    seats: dict[int, int] = {}
    for seat, player in enumerate(s.players):
        for iid in player.field:
            seats[iid] = seat
    return seats


def _take_out(s: LlamasState, iid: int) -> None:
    zone, seat = where(s, iid)
    if zone in OWN:
        getattr(s.players[seat], zone).remove(iid)
    elif zone == "pile":
        s.pile = [e for e in s.pile if e["card"] != iid]
    elif zone == "held":
        for link in s.chain:
            if link.get("holds") == iid:
                link["holds"] = None
    else:
        getattr(s, zone).remove(iid)


def move(s: LlamasState, iid: int, zone: str, seat: int | None = None, *, top: bool = False) -> None:
    """Move a card to a zone (``seat`` for a hand or a field). ``top`` puts it on top of the deck;
    the discard pile's top is its end."""
    _take_out(s, iid)
    if zone in OWN:
        getattr(s.players[seat], zone).append(iid)
        return
    if zone == "deck" and s.mode == "referee":
        forget(s, iid)
    cards = getattr(s, zone)
    cards.insert(0, iid) if top else cards.append(iid)


def forget(s: LlamasState, iid: int) -> None:
    """A physical card back in the deck is unknown again (referee mode)."""
    number = s.instances[iid]
    if number is not None and s.pool is not None:
        s.instances[iid] = None
        s.pool[number] = s.pool.get(number, 0) + 1


def draw(s: LlamasState, seat: int, n: int = 1) -> list[int]:
    """Draw up to ``n`` cards from the top of the deck (L-VERB-5); an empty deck gives fewer
    (L-IMPOSSIBLE-2; the game then ends, L-WIN-3)."""
    drawn = s.deck[:n]
    del s.deck[:n]
    s.players[seat].hand.extend(drawn)
    return drawn


def shuffle(s: LlamasState) -> None:
    """Shuffle the deck: the program's in guided mode, the physical one at the table in referee mode."""
    s.rng.shuffle(s.deck)
    s.emit("shuffled", physical=s.mode == "referee")


# --- naming physical cards (referee mode): the kernel's, in this game's zones --------------------------
def reveal(s: LlamasState, iid: int, number: str, seat: int | None = None) -> None:
    """Name a physical card, for seat ``seat``; a known card is left as it is."""
    naming.reveal(s, iid, number, s.pool, seat)


def locate(s: LlamasState, cards: list[int], number: str, zone: str, taken: tuple[int, ...] = (),
           named: tuple[str, ...] = ()) -> int:
    """The instance of card ``number`` among ``cards`` (a zone's cards): a known copy, else an unknown
    physical card its player names now, if a copy of that number is still unnamed
    (`referee.engine.naming.locate`). Refusals cite L-ZONE-1."""
    return naming.locate(s, cards, number, zone, taken, named, pool=s.pool, refuse=_refused)


def locate_all(s: LlamasState, cards: list[int], numbers: tuple[str, ...], zone: str) -> list[int]:
    return naming.locate_all(s, numbers, lambda number, taken, named: locate(s, cards, number, zone, taken, named))


def _refused(reason: str, number: str, zone: str) -> IllegalAction:
    """A card named wrongly (`referee.engine.naming`): L-ZONE-1 with the kernel's reason."""
    if reason == "unnamed":
        return IllegalAction("L-ZONE-1", reason="unnamed", zone=zone)
    if reason == "unknown_card":
        return IllegalAction("L-ZONE-1", reason="unknown_card", number=number)
    if reason == "absent":
        return IllegalAction("L-ZONE-1", reason="absent", card=number, zone=zone)
    return IllegalAction("L-ZONE-1", reason="no_copy", number=number, zone=zone)


def first_copies(s: LlamasState, cards: list[int]) -> tuple[dict[str, int], bool]:
    """The known card numbers among ``cards`` (a zone's cards), each with its first copy (the one
    `locate` finds), and whether some of them are unknown (`hidden`): a listing's one walk of a hand,
    where `distinct`, `hidden` and a `locate` per number would walk it once each. Not sorted: a
    listing sorts what it lists (the Instants of a hand are few)."""
    instances = s.instances
    first: dict[str, int] = {}
    unknown = False
    for iid in cards:
        number = instances[iid]
        if number is None:
            unknown = True
        elif number not in first:
            first[number] = iid
    return first, unknown


def distinct(s: LlamasState, cards: list[int]) -> list[str]:
    """The different known card numbers among ``cards``, sorted (one action each)."""
    return sorted({s.instances[i] for i in cards if s.instances[i] is not None})


def ref(s: LlamasState, iid: int, seats: dict[int, int] | None = None) -> str:
    """How a choice names a card: ``LU-007@2`` in seat 2's field, its number elsewhere (``seats``: the
    `field_seats` of the position, when the caller names many cards)."""
    seat = field_of(s, iid) if seats is None else seats.get(iid)
    number = s.instances[iid] or UNNAMED
    return number if seat is None else f"{number}@{seat + 1}"

"""Cards coming into and leaving fields, and what that triggers.

Every way a card reaches a field (played, brought directly, stolen, given) triggers its own "when it
enters your field" ability and the fields' watchers (LU-045); leaving one by a sacrifice or a
destruction triggers its own "if this card is sacrificed or destroyed" ability, and a destruction
by an opponent the field's watchers (LU-078) and the destroyer's (LU-095). A baby goes back to the
nursery instead of the discard pile or a hand (L-BABY-1); some animals go back to their player's
hand instead (``instead``). A card that cannot be affected stays where it is (L-IMMUNE-1), and so does an animal a field keeps
in or out (LU-041, LU-047): the action is impossible and is skipped (L-IMPOSSIBLE-2). A card about to
be sacrificed or destroyed may be saved by another card of its field sacrificed instead (``saves``,
LU-072): `rescuer` finds that card, `effects.depart` asks its player.
"""

from __future__ import annotations

from .links import add_link, effect, watchers
from .state import LlamasState
from .traits import active, closed, immune, matches, variations
from .zones import field_of, move, where

#: how a card leaves a field -> the event the log records
LEAVING = {"sacrifice": "sacrificed", "destroy": "destroyed", "hand": "returned"}


def enter(s: LlamasState, iid: int, seat: int, how: str) -> None:
    """Card ``iid`` comes into ``seat``'s field (``how``: played, brought, stolen, given)."""
    move(s, iid, "field", seat)
    s.emit("entered", player=seat, card=s.instances[iid], how=how)
    add_link(s, [effect(s, iid, seat, "enter"), *watchers(s, [seat], "entered_here", iid)], player=seat)


def can_enter(s: LlamasState, iid: int, seat: int) -> bool:
    return closed(s, seat, s.card(iid)) is None


def leave(s: LlamasState, iid: int, how: str, by: int) -> bool:
    """Sacrifice or destroy a card in a field, or return it to its player's hand (``how``: sacrifice,
    destroy, hand), for player ``by``; False when it cannot be affected or is not in a field."""
    seat = field_of(s, iid)
    if seat is None or immune(s, iid):
        return False
    card = s.card(iid)
    abilities = active(s, iid)
    if card.is_baby:
        dest = "nursery"
    else:
        dest = abilities.get("instead", {}).get(how, "hand" if how == "hand" else "discard")
    move(s, iid, dest, seat if dest == "hand" else None)
    s.emit(LEAVING[how], player=seat, card=card.number, by=by, zone=dest)
    if how == "hand":
        return True
    own = effect(s, iid, seat, "leave", abilities.get("leave")) if "leave" in abilities else None
    watching = []
    if how == "destroy" and by != seat:  # the destroyed card's field watches, and so does the destroyer's (LU-095)
        watching = [*watchers(s, [seat], "destroyed_here", iid, by=by), *watchers(s, [by], "you_destroy", iid)]
    add_link(s, [own, *watching], player=seat)
    return True


def rescuer(s: LlamasState, iid: int) -> int | None:
    """The card that may be sacrificed to save card ``iid`` from being sacrificed or destroyed:
    another card of the same field whose ``saves`` filter ``iid`` meets (LU-072) and that can be
    sacrificed itself. None when there is none, or when ``iid`` would not leave anyway (it cannot be
    affected, L-IMMUNE-1, or is in no field), so that nobody is asked about a card that stays."""
    seat = field_of(s, iid)
    if seat is None or immune(s, iid):
        return None
    for saver in s.players[seat].field:
        spec = active(s, saver).get("saves")
        if saver != iid and spec is not None and not immune(s, saver) and matches(s, iid, spec):
            return saver
    return None


def transfer(s: LlamasState, iid: int, seat: int, how: str) -> bool:
    """Move a card from one field to ``seat``'s (``how``: stolen or given), unless it cannot be
    affected or a field keeps it (LU-041, LU-047)."""
    source = field_of(s, iid)
    if source is None or source == seat or immune(s, iid):
        return False
    if closed(s, source, s.card(iid), variations(s, iid)) is not None or not can_enter(s, iid, seat):
        s.emit("kept_in_field", player=source, card=s.instances[iid])
        return False
    enter(s, iid, seat, how)
    return True


def bring(s: LlamasState, iid: int, seat: int) -> bool:
    """Bring a card directly into ``seat``'s field: it is not played, so no Instant answers it
    (L-PLAY-2)."""
    if where(s, iid)[0] == "field" or not can_enter(s, iid, seat):
        return False
    enter(s, iid, seat, "brought")
    return True

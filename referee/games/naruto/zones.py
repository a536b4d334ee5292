"""Moving cards between zones, naming physical cards, teams and damage: the bookkeeping every
Naruto rule shares.

This is the lowest of the rules modules (above `state` alone). A card leaving play may have a "when it
leaves play" effect (N-035), and running an effect moves cards through this module: `effects`
hands its runner in (`run_effects_with`) rather than this module importing it.
"""

from __future__ import annotations

from typing import Callable

from referee.engine import naming
from referee.engine.errors import IllegalAction
from referee.engine.naming import named_as as named_as  # the rules name cards through this module

from .state import ZONES, NarutoState

HIDDEN = ("deck", "hand", "rewards")  # zones whose cards may be unknown in referee mode
MAX_TEAM = 3  # N-ORG-1

#: runs an effect's operations for a player's card, ``(state, operations, player, card)``: `effects.run`,
#: handed in by `effects` (see `run_effects_with`)
_run_effect: Callable[[NarutoState, list[dict], int, int], None] | None = None


def run_effects_with(run: Callable[[NarutoState, list[dict], int, int], None]) -> None:
    """How to run a card's effect, for its "when it leaves play" effect (N-035): `effects` says, once,
    when it is imported (it moves cards through this module, which so cannot import it)."""
    global _run_effect
    _run_effect = run


def where(s: NarutoState, iid: int) -> tuple[int, str]:
    """(seat, zone) holding an instance; ``chain`` while it is a link of the open chain. Battle rewards
    are the only zone holding the other player's cards (seed 002)."""
    owner = s.owner[iid]
    for seat in (owner, 1 - owner):
        player = s.players[seat]
        for z in ZONES:
            if iid in getattr(player, z):
                return seat, z
    if any(link["card"] == iid for link in s.chain):
        return owner, "chain"
    raise KeyError(iid)


def zone_of(s: NarutoState, iid: int) -> str:
    return where(s, iid)[1]


def move(s: NarutoState, iid: int, dest: str, *, top: bool = False, seat: int | None = None) -> None:
    """Move an instance to a zone of its owner (N-ZONE-2), or of ``seat`` for battle rewards."""
    held_by, source = where(s, iid)
    if source == "chain":
        s.chain = [link for link in s.chain if link["card"] != iid]
    else:
        getattr(s.players[held_by], source).remove(iid)
    if source in ("village", "battlefield") and dest not in ("village", "battlefield"):
        leave_play(s, iid)
    zone = getattr(s.players[s.owner[iid] if seat is None else seat], dest)
    zone.insert(0, iid) if top else zone.append(iid)


def take(s: NarutoState, iid: int, seat: int) -> None:
    """Seat ``seat`` takes control of a Ninja in play (J-022): it leaves its player's zones and teams
    for the taker's village, as a team of its own, and stays in play. ``owner`` is always the seat
    whose zones hold a card, so every rule reads the controller there; `NarutoState.taken` remembers
    the seat it came from, to which it goes back when it leaves play (N-ZONE-2)."""
    held_by, zone = where(s, iid)
    player = s.players[held_by]
    getattr(player, zone).remove(iid)
    player.teams = [t for t in ([m for m in t if m != iid] for t in player.teams) if t]
    player.sent = [[m for m in t if m != iid] for t in player.sent]
    original = s.taken.pop(iid, held_by)
    if original != seat:
        s.taken[iid] = original
    s.owner[iid] = seat
    s.players[seat].village.append(iid)
    s.players[seat].teams.append([iid])


def leave_play(s: NarutoState, iid: int) -> None:
    """A card leaving play drops out of its team and loses its state and coins, and a card under
    another player's control goes back to its owner (J-022); then its "when it leaves play" effect
    applies (N-035), for the player who had it in play, if its effect applied while it was in play."""
    controller = s.owner[iid]
    player = s.players[controller]
    leaving = s.card(iid)
    left = leaving is not None and "left" in leaving.abilities and effect_applies(s, iid)
    player.teams = [[m for m in t if m != iid] for t in player.teams]
    player.teams = [t for t in player.teams if t]
    for i, team in enumerate(player.sent):
        if iid in team:
            team.remove(iid)
    s.injured.discard(iid)
    s.coins.pop(iid, None)
    s.entered.pop(iid, None)
    if iid in s.taken:
        s.owner[iid] = s.taken.pop(iid)
    if s.lasting:
        s.lasting = [e for e in s.lasting if e.get("card") != iid]
    card = s.card(iid)
    if card is not None and "star" in card.abilities.get("rules", ()):
        # the Genin this mission named goes with it (M-040)
        for m in [m for m in player.village + player.battlefield if s.coins.get(m, {}).get("star")]:
            s.emit("knocked_out", player=controller, card=s.instances[m], damage=0)
            move(s, m, "discard")
    if left:
        _run_effect(s, leaving.abilities["left"], controller, iid)


# --- naming physical cards (referee mode): the kernel's, in this game's zones --------------------------
def locate(s: NarutoState, p: int, zone: str, number: str, taken: tuple[int, ...] = (),
           named: tuple[str, ...] = ()) -> int:
    """The instance of card ``number`` in a zone of player ``p``: a known copy, or in referee mode an
    unknown physical card of a zone that hides them (`HIDDEN`) that its player names now, checked
    against the deck list when one was entered (`referee.engine.naming.locate`). Refusals cite
    N-ZONE-2 (N-CARD-4 for a number the catalogue does not have)."""
    return naming.locate(s, getattr(s.players[p], zone), number, zone, taken, named, pool=s.players[p].pool,
                         refuse=_refused, hides=zone in HIDDEN)


def locate_all(s: NarutoState, p: int, zone: str, numbers: tuple[str, ...],
               taken: tuple[int, ...] = (), named: tuple[str, ...] = ()) -> list[int]:
    """``named``: numbers the same action already gives unknown cards of ``taken``."""
    return naming.locate_all(s, numbers, lambda number, t, n: locate(s, p, zone, number, t, n), taken, named)


def reveal(s: NarutoState, iid: int, number: str) -> None:
    """Name a physical card (referee mode), for its owner; known cards are left as they are."""
    owner = s.owner[iid]
    naming.reveal(s, iid, number, s.players[owner].pool, owner)


def _refused(reason: str, number: str, zone: str) -> IllegalAction:
    """A card named wrongly (`referee.engine.naming`): N-ZONE-2, N-CARD-4 for a number that is no card."""
    if reason == "unknown_card":
        return IllegalAction("N-CARD-4", number=number)
    if reason == "unnamed":
        return IllegalAction("N-ZONE-2", reason="unnamed", zone=zone)
    if reason == "no_copy":
        return IllegalAction("N-ZONE-2", reason="not_in_deck", number=number, zone=zone)
    return IllegalAction("N-ZONE-2", reason="absent", number=number, zone=zone)


def in_play(s: NarutoState, p: int, number: str, zones: tuple[str, ...] = ("village", "battlefield")) -> int:
    """Player ``p``'s Ninja, Client or Mission ``number`` in play (numbers are unique there)."""
    player = s.players[p]
    for z in zones:
        for iid in getattr(player, z):
            if s.instances[iid] == number:
                return iid
    raise IllegalAction("N-ZONE-2", reason="absent", number=number, zone=zones[0])


def ninjas(s: NarutoState, p: int, zones: tuple[str, ...] = ("village", "battlefield")) -> list[int]:
    player = s.players[p]
    return [i for z in zones for i in getattr(player, z) if (c := s.card(i)) is not None and c.type == "Ninja"]


def team_of(s: NarutoState, p: int, iid: int) -> int:
    for i, team in enumerate(s.players[p].teams):
        if iid in team:
            return i
    raise KeyError(iid)


def team_index(s: NarutoState, p: int, text: str) -> int:
    """``T2`` -> 1, for player ``p``'s organized teams."""
    teams = s.players[p].teams
    if len(text) > 1 and text[0] == "T" and text[1:].isdigit() and 1 <= int(text[1:]) <= len(teams):
        return int(text[1:]) - 1
    raise IllegalAction("N-ORG-3", team=text)


def effect_applies(s: NarutoState, iid: int) -> bool:
    """A card's effect text applies, except an injured Ninja's unless it is Valid (N-DMG-5,
    N-KEY-VALID-1). Valid is either the effect's kind or a ``Valid`` keyword beside its timing (a
    Valid start-of-turn effect)."""
    card = s.card(iid)
    return card.has_effect and (iid not in s.injured or card.effect_kind == "valid" or card.has("Valid"))


def leave_chain(s: NarutoState, iid: int, applied: bool) -> None:
    """A settled card leaves the chain: Jutsu and spent Missions go to the Chakra area (N-CHAIN-5,
    N-MISSION-7); a Permanent mission that took effect stays in the village (N-KEY-PERM-1). A card
    its own effect already moved (or negated) stays where it went."""
    if not any(link["card"] == iid for link in s.chain):
        return
    card = s.card(iid)
    if applied and card.is_permanent:
        move(s, iid, "village")
        coins = card.permanent_coins
        if coins is not None:
            s.coins[iid] = {"permanent": coins}
    else:
        move(s, iid, "chakra")


def damage(s: NarutoState, iid: int, amount: int) -> None:
    """N-DMG-1..3: one damage injures a healthy Ninja, knocks an injured one out; two at once discard a
    healthy one."""
    if amount <= 0:
        return
    if iid in s.injured or amount >= 2:
        s.emit("knocked_out", player=s.owner[iid], card=s.instances[iid], damage=amount)
        move(s, iid, "discard")
    else:
        s.injured.add(iid)
        s.emit("injured", player=s.owner[iid], card=s.instances[iid])


def draw(s: NarutoState, p: int, count: int = 1) -> int:
    """Draw up to ``count`` cards; an empty deck simply gives nothing (N-WIN-2 is checked in step L)."""
    player = s.players[p]
    drawn = 0
    while drawn < count and player.deck:
        player.hand.append(player.deck.pop(0))
        drawn += 1
    return drawn


def shuffle(s: NarutoState, p: int) -> None:
    """Shuffle a deck (N-SETUP-2). A physical deck is shuffled at the table; known decks here."""
    s.rng.shuffle(s.players[p].deck)
    s.emit("shuffled", player=p, physical=s.mode == "referee")

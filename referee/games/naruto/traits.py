"""What a card in play is now, beyond its printed facts: characteristics gained or lost for the turn
(Clone Status, Animal, a change of gender), marks that Permanent missions give with a coin (Clone
Status, Sharingan Eye), and an attribute chosen by an effect. Requirements (N-KEY-COND-1) read these,
not the printed card."""

from __future__ import annotations

from .state import NarutoState
from .zones import effect_applies, ninjas

#: coin kinds that give a characteristic while a mission with the matching ``mark:`` rule is in play
MARKS = {"clone": "Clone Status", "sharingan": "Sharingan Eye"}
#: coin kinds that rename a Ninja while a mission with that rule is in play (M-040 Shooting Star)
RENAMES = {"star": "Shooting Star"}
GENDERS = ("Male", "Female")


class PlayEffects:
    """The cards in play whose effect works while they are there, worked out once for each content of
    the zones in play (both villages and battlefields, the key): by rule word, the cards whose effect
    has it (``ruled``: (seat, card) in the order of the zones, village first, seat 1 first), and the
    cards with "while" modifiers (``static``, the same order).

    The rules ask these again and again in one decision (each Ninja's power asks for the modifiers
    of every card in play, each team sent asks for the sending tax...), and the cards in play change
    far less often: reading them afresh meant walking every card in play each time. They are a pure
    function of the cards in those zones, since a card in play is named (its number does not change
    while it is there), so `play_effects` keeps them on the state with the zones' content as the key.
    Whether each effect applies now (`zones.effect_applies`) is asked afresh every time."""

    __slots__ = ("key", "ruled", "static")

    def __init__(self, s: NarutoState, key: tuple[tuple[int, ...], ...]):
        self.key = key
        self.ruled: dict[str, list[tuple[int, int]]] = {}
        self.static: list[int] = []
        for p, player in enumerate(s.players):
            for zone in (player.village, player.battlefield):
                for iid in zone:
                    card = s.card(iid)
                    if card is None or not card.script:
                        continue
                    abilities = card.abilities
                    for word in dict.fromkeys(abilities.get("rules", ())):
                        self.ruled.setdefault(word, []).append((p, iid))
                    if "while" in abilities:
                        self.static.append(iid)


def play_effects(s: NarutoState) -> PlayEffects:
    """The `PlayEffects` of the position, worked out again only when the zones in play hold other cards
    than when it was last worked out."""
    p1, p2 = s.players
    key = (tuple(p1.village), tuple(p1.battlefield), tuple(p2.village), tuple(p2.battlefield))
    known = s.play_effects
    if known is None or known.key != key:
        known = s.play_effects = PlayEffects(s, key)
    return known


def rules_in_play(s: NarutoState, word: str, seat: int | None = None) -> list[int]:
    """Cards in play (either village or battlefield, or only ``seat``'s) whose effect has the rule
    ``word`` and applies now (N-DMG-5)."""
    return [iid for p, iid in play_effects(s).ruled.get(word, ())
            if (seat is None or p == seat) and effect_applies(s, iid)]


def names(s: NarutoState, iid: int) -> frozenset[str]:
    """The names ``iid`` bears now: its printed ones (N-KEY-GROUP-1), or the name a coin gives it
    while the mission that placed the coin is in its owner's village (M-040)."""
    coins = s.coins.get(iid)
    if coins:
        for kind, name in RENAMES.items():
            if coins.get(kind) and rules_in_play(s, kind, s.owner[iid]):
                return frozenset({name})
    return frozenset(s.card(iid).names)


def names_in_village(s: NarutoState, p: int) -> set[str]:
    """The names player ``p``'s Ninjas in play bear now (a Ninja renamed by a coin, M-040)."""
    out: set[str] = set()
    for iid in ninjas(s, p):
        out |= names(s, iid)
    return out


def chars(s: NarutoState, iid: int) -> tuple[str, ...]:
    """The characteristics of ``iid`` now."""
    card = s.card(iid)
    own = card.characteristics
    coins = s.coins.get(iid)
    changes = [e for e in s.lasting if e.get("card") == iid and e["op"] in ("gain", "gender")] if s.lasting else ()
    if not changes and not coins:
        return own
    out = list(own)
    for kind, word in MARKS.items():
        if coins and coins.get(kind) and rules_in_play(s, f"mark:{kind}", s.owner[iid]) and word not in out:
            out.append(word)
    for e in changes:
        if e["op"] == "gender":
            out = [c for c in out if c not in GENDERS]
        if e["value"] not in out:
            out.append(e["value"])
    return tuple(out)


def attribute(s: NarutoState, iid: int) -> str:
    """The combat attribute of ``iid`` now (an effect may change it for the turn)."""
    chosen = [e["value"] for e in s.lasting if e.get("card") == iid and e["op"] == "attribute"] if s.lasting else ()
    return chosen[-1] if chosen else s.card(iid).attribute

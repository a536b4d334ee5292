"""Both players' areas, drawn from a position, as cards on a table: each area's hand, discard pile,
battle rewards, village with its teams and battlefield, every card a tile (`gui.tiles`), and a line
of counts (turn counter, deck, hand, chakra by symbol, discard pile, battle rewards).

Injured Ninjas are drawn turned (N-DMG), coins are shown on their card; a team on the battlefield
is laid out leader first and larger, its rear Ninjas behind it. The places of an area wrap into
rows, so the board never scrolls sideways. A hand is shown card by card only for the seats the
caller allows (guided mode, the player to act); otherwise as backs, as are the battle rewards (face
down, N-ZONE-1), so the board never leaks hidden cards. Each place is drawn again only when what
it shows has changed.
"""

from __future__ import annotations

from collections import Counter
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from localization import Messages, current
from localization.text import caption

from ..faces import face
from ..flow import FlowLayout
from ..i18n import watch
from ..tile_paint import NORMAL, SMALL, Marks
from ..tiles import CardTile, Place
from ..match.describe import seat_player
from ..match.frames import TitledFrame

MESSAGES = Messages("gui.naruto.board", {
    "player": "{name}",
    "player_role": "{name} — {role}",
    "to_act": "{name} — {role} — to act",
    "counter": "Turn counter: {n}",
    "deck": "Deck: {cards}",
    "hand": "Hand: {cards}",
    "discard": "Discard pile: {cards}",
    "rewards": "Battle rewards: {cards}",
    "chakra": "Chakra: {cards}",
    "chakra_symbols": "({symbols})",
    "symbol_count": "{symbol} {n}",
    "hand_label": "Hand",
    "village": "Village",
    "battlefield": "Battlefield",
    "team": "Team {n}",
    "standby": "Not in a team",
    "empty": "—",
    "injured": "injured",
    "taken_from": "under the control of this player; owner: {owner}",
    "zone_tip": "{zone}: {cards}",
})

#: the places of an area, in the order they are laid out
PLACES = ("hand", "discard", "rewards", "village", "field")


def counted(n: int) -> str:
    return current().plural("cards", n)


class Team(QFrame):
    """A team under its name: on the battlefield its leader first, larger, its rear Ninjas behind it
    (N-ATTACK-2); in the village, its members side by side. (A plain frame: a styled group box per
    team costs more to paint than the rest of the area.)"""

    def __init__(self, title: str, tiles: list[CardTile]):
        super().__init__()
        self.setFrameShape(QFrame.Shape.Box)
        self.setFrameShadow(QFrame.Shadow.Plain)
        column = QVBoxLayout(self)
        column.setContentsMargins(4, 1, 4, 4)
        column.setSpacing(1)
        column.addWidget(QLabel(title))
        row = QHBoxLayout()
        row.setSpacing(3)
        for tile in tiles:
            row.addWidget(tile, 0, Qt.AlignmentFlag.AlignBottom)
        column.addLayout(row)


class PlayerArea(TitledFrame):
    def __init__(self, seat: int, context):
        self.column = QVBoxLayout()
        super().__init__(self.column)
        self.seat = seat
        self.context = context
        self.setObjectName(f"player{seat + 1}")
        self.stats = QLabel()
        self.stats.setWordWrap(True)
        self.stats.setObjectName("stats")
        self.places = {part: Place() for part in PLACES}
        self.hand, self.discard, self.rewards, self.village, self.field = self.places.values()
        flow = FlowLayout(spacing=10, align_bottom=False)
        for place in self.places.values():
            flow.addWidget(place)
        self.column.addWidget(self.stats)
        self.column.addLayout(flow)
        self._state = None
        self._show_hand = self._acting = False
        self._shown: dict[str, object] = {}  # part -> what it shows now
        watch(self)

    def card_name(self, number: str) -> str:
        return self.context.card_name(number)

    def display(self, state, show_hand: bool, acting: bool) -> None:
        """Redraw the parts whose content has changed (most actions change a part or two of one area:
        new tiles cost more to lay out than anything else on the board)."""
        self._state, self._show_hand, self._acting = state, show_hand, acting
        self._draw()

    # --- drawing ----------------------------------------------------------------------------
    def _title(self) -> None:
        s = self._state
        role = current().term("role", "attacker" if s.attacker == self.seat else "blocker")
        self.setTitle(MESSAGES("to_act" if self._acting else "player_role", name=seat_player(s.players, self.seat), role=role))

    def retranslate(self) -> None:
        tr = current()
        for place, text in ((self.hand, MESSAGES("hand_label")), (self.village, MESSAGES("village")),
                            (self.field, MESSAGES("battlefield")), (self.discard, caption(tr.term("zone", "discard"))),
                            (self.rewards, caption(tr.term("zone", "rewards")))):
            place.caption.setText(text)
        self._shown = {}  # every part in the new language
        self._draw()

    def _draw(self) -> None:
        s = self._state
        if s is None:
            return
        self._title()
        player = s.players[self.seat]
        for part, key in self._contents(s, player).items():
            if self._shown.get(part) != key:
                self._shown[part] = key
                getattr(self, f"_draw_{part}")(s, player)

    def _contents(self, s, player) -> dict[str, object]:
        """What each part shows, to compare with what it shows now."""
        def tiles(ids) -> tuple:
            return tuple((i, s.instances[i], i in s.injured, sum(s.coins.get(i, {}).values()), s.taken.get(i))
                         for i in ids)

        return {"stats": (player.counter, len(player.deck), len(player.hand), tuple(s.instances[i] for i in player.chakra),
                          tuple(s.instances[i] for i in player.discard), len(player.rewards)),
                "hand": tiles(player.hand) if self._show_hand else len(player.hand),
                "discard": (len(player.discard), s.instances[player.discard[-1]] if player.discard else None),
                "rewards": len(player.rewards),
                "village": (tuple(map(tuple, player.teams)), tiles(player.village)),
                "field": tuple(tiles(team) for team in player.sent)}

    def _draw_stats(self, s, player) -> None:
        symbols = Counter(sym for iid in player.chakra for sym in (s.card(iid).symbols if s.card(iid) else ("?",)))
        chakra = MESSAGES("chakra", cards=counted(len(player.chakra)))
        if symbols:
            chakra += " " + MESSAGES("chakra_symbols", symbols=", ".join(
                MESSAGES("symbol_count", symbol=current().term("symbol", k) if k != "?" else "?", n=v)
                for k, v in sorted(symbols.items())))
        self.stats.setText("   ·   ".join((
            MESSAGES("counter", n=player.counter), MESSAGES("deck", cards=counted(len(player.deck))),
            MESSAGES("hand", cards=counted(len(player.hand))), chakra,
            MESSAGES("discard", cards=counted(len(player.discard))),
            MESSAGES("rewards", cards=counted(len(player.rewards))))))
        self.stats.setToolTip(MESSAGES("zone_tip", zone=current().term("zone", "discard"), cards=", ".join(
            self.card_name(s.instances[i]) for i in player.discard if s.instances[i]) or MESSAGES("empty")))

    def _draw_hand(self, s, player) -> None:
        if self._show_hand:
            self.hand.fill([self._tile(s, iid) for iid in player.hand])
        else:
            self.hand.fill([CardTile(None, SMALL) for _ in player.hand])

    def _draw_discard(self, s, player) -> None:
        top = player.discard[-1] if player.discard else None
        self.discard.fill([] if top is None else [self._tile(s, top, SMALL, count=len(player.discard))])

    def _draw_rewards(self, s, player) -> None:
        self.rewards.fill([CardTile(None, SMALL, Marks(count=len(player.rewards)))] if player.rewards else [])

    def _draw_field(self, s, player) -> None:
        self.field.fill([Team(MESSAGES("team", n=i + 1), self._team(s, team)) for i, team in enumerate(player.sent)])

    def _draw_village(self, s, player) -> None:
        in_team = {m for team in player.teams for m in team}
        teams = [(MESSAGES("team", n=i + 1), [m for m in team if m in player.village])
                 for i, team in enumerate(player.teams)]
        teams.append((MESSAGES("standby"), [iid for iid in player.village if iid not in in_team]))
        self.village.fill([Team(title, [self._tile(s, iid) for iid in members]) for title, members in teams if members])

    def _team(self, s, members: list[int]) -> list[CardTile]:
        """A team on the battlefield: its leader, then its rear Ninjas, smaller."""
        role = current().term
        if len(members) == 1:
            return [self._tile(s, members[0])]
        return [self._tile(s, iid, NORMAL if k == 0 else SMALL, lead=k == 0, role=role("role", "leader" if k == 0 else "rear"))
                for k, iid in enumerate(members)]

    def _tile(self, s, iid: int, size=NORMAL, *, lead: bool = False, role: str = "", count: int = 0) -> CardTile:
        """The tile of instance ``iid``: a back while it is an unknown physical card."""
        number = s.instances[iid]
        if number is None:
            return CardTile(None, size, Marks(count=count))
        injured, coins = iid in s.injured, sum(s.coins.get(iid, {}).values())
        state = [role] if role else []
        state += [MESSAGES("injured")] if injured else []
        state += [current().plural("coins", coins)] if coins else []
        if iid in s.taken:
            state.append(MESSAGES("taken_from", owner=seat_player(s.players, s.taken[iid])))
        marks = Marks(injured=injured, coins=coins, lead=lead, taken=iid in s.taken, count=count)
        return CardTile(face(self.context, number), size, marks, "; ".join(state))


class Board(QWidget):
    """Both areas. ``display(state, hidden)``: the seats in ``hidden`` show their hand as backs."""

    def __init__(self, context):
        super().__init__()
        self.context = context
        self.areas = [PlayerArea(seat, context) for seat in (0, 1)]
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for area in self.areas:
            layout.addWidget(area)
        layout.addStretch(1)

    def display(self, state, hidden=frozenset(), acting: int | None = None) -> None:
        for area in self.areas:
            known = state.mode == "guided" and area.seat not in hidden
            area.display(state, known, acting == area.seat)

"""Both players' areas, drawn from a position: hand, deck, chakra by symbol, discard pile, village
with its teams, battlefield, battle rewards, turn counter, Client and Permanent missions.

Injured Ninjas are drawn turned (N-DMG), coins are shown on their card. A hand is shown card by
card only for the seats the caller allows (guided mode, the player to act); otherwise as a count,
so the board never leaks hidden cards.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPalette, QTransform
from PySide6.QtWidgets import (QFrame, QGridLayout, QHBoxLayout, QLabel, QScrollArea, QSizePolicy,
                               QVBoxLayout, QWidget)

from localization import Messages, current

from ..i18n import watch
from .frames import TitledFrame

MESSAGES = Messages("gui.match.board", {
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
    "unknown_card": "unknown card",
    "card_tip": "{name}\n{type} · {symbols}",
    "ninja_tip": "{name}\n{type} · {symbols}\nCombat {combat} / Support {support} (injured {icombat} / {isupport})",
    "injured": "injured",
    "taken_from": "under the control of this player; owner: {owner}",
    "zone_tip": "{zone}: {cards}",
})

CHIP_W, CHIP_H = 108, 46
_TEXT_FLAGS = int(Qt.AlignmentFlag.AlignCenter.value | Qt.TextFlag.TextWordWrap.value)


def counted(n: int) -> str:
    return current().plural("cards", n)


class CardChip(QWidget):
    """One card: its name in a small frame; an injured Ninja is drawn turned sideways."""

    def __init__(self, text: str, tip: str, *, injured: bool = False, coins: int = 0, highlight: bool = False):
        super().__init__()
        self.text, self._turned, self.coins, self.highlight = text, injured, coins, highlight
        self.setToolTip(tip)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(CHIP_H + 24, CHIP_W) if self._turned else QSize(CHIP_W, CHIP_H)

    def paintEvent(self, event) -> None:  # noqa: N802
        p = QPainter(self)
        pal = self.palette()
        w, h = self.width(), self.height()
        if self._turned:  # turned: draw in a rotated frame
            p.setTransform(QTransform(0.0, 1.0, -1.0, 0.0, float(w), 0.0))  # a quarter turn
            w, h = h, w
        else:  # (antialiasing a turned rounded frame corrupts memory in Qt 6.12's raster engine)
            pass
        rect = QRectF(1, 1, w - 2, h - 2)
        p.setBrush(QColor("#fff3c4") if self.highlight else pal.color(QPalette.ColorRole.Base))
        p.setPen(QColor("#b03030") if self._turned else pal.color(QPalette.ColorRole.Mid))
        p.drawRoundedRect(rect, 5, 5)
        p.setPen(pal.color(QPalette.ColorRole.Text))
        text = self.text + (f" ●{self.coins}" if self.coins else "")
        p.drawText(rect.adjusted(4, 2, -4, -2), _TEXT_FLAGS, text)
        p.end()


class ChipRow(QWidget):
    """A row of chips that can be emptied and refilled."""

    def __init__(self):
        super().__init__()
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(0, 0, 0, 0)
        self.row.setSpacing(4)
        self.row.addStretch(1)

    def clear(self) -> None:
        for child in self.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly):
            self.row.removeWidget(child)
            child.hide()
            child.deleteLater()

    def add(self, widget: QWidget) -> None:
        self.row.insertWidget(self.row.count() - 1, widget)


class PlayerArea(TitledFrame):
    def __init__(self, seat: int, card_name: Callable[[str], str]):
        grid = QGridLayout()
        super().__init__(grid)
        self.seat = seat
        self.card_name = card_name
        self.setObjectName(f"player{seat + 1}")
        self.stats = QLabel()
        self.stats.setWordWrap(True)
        self.stats.setObjectName("stats")
        self.hand_title, self.village_title, self.field_title = QLabel(), QLabel(), QLabel()
        self.hand, self.village, self.field = ChipRow(), ChipRow(), ChipRow()
        grid.setVerticalSpacing(2)
        grid.addWidget(self.stats, 0, 0, 1, 4)
        # the hand on its own row; village and battlefield side by side, as on the table
        places = ((self.hand_title, self.hand, 1, 0, 3, CHIP_H), (self.village_title, self.village, 2, 0, 1, CHIP_W + 44),
                  (self.field_title, self.field, 2, 2, 1, CHIP_W + 44))
        for title, chips, row, col, span, height in places:
            title.setAlignment(Qt.AlignmentFlag.AlignTop)
            grid.addWidget(title, row, col)
            scroll = QScrollArea()
            scroll.setWidget(chips)
            scroll.setWidgetResizable(True)
            scroll.setFrameShape(QFrame.Shape.NoFrame)
            scroll.setFixedHeight(height + 18)
            scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            grid.addWidget(scroll, row, col + 1, 1, span)
        grid.setColumnStretch(1, 3)
        grid.setColumnStretch(3, 2)
        self._state = None
        self._show_hand = self._acting = False
        self._shown: dict[str, object] = {}  # part -> what it shows now
        watch(self)

    def display(self, state, show_hand: bool, acting: bool) -> None:
        """Redraw the parts whose content has changed (most actions change a part or two of one area:
        new chips cost more to lay out and paint than anything else on the board)."""
        self._state, self._show_hand, self._acting = state, show_hand, acting
        self._draw()

    # --- drawing ----------------------------------------------------------------------------
    def _title(self) -> None:
        s = self._state
        role = current().term("role", "attacker" if s.attacker == self.seat else "blocker")
        self.setTitle(MESSAGES("to_act" if self._acting else "player_role", name=s.players[self.seat].name, role=role))

    def retranslate(self) -> None:
        self.hand_title.setText(MESSAGES("hand_label"))
        self.village_title.setText(MESSAGES("village"))
        self.field_title.setText(MESSAGES("battlefield"))
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
        def chips(ids) -> tuple:
            return tuple((i, s.instances[i], i in s.injured, sum(s.coins.get(i, {}).values()), s.taken.get(i))
                         for i in ids)

        return {"stats": (player.counter, len(player.deck), len(player.hand), tuple(s.instances[i] for i in player.chakra),
                          tuple(s.instances[i] for i in player.discard), len(player.rewards)),
                "hand": chips(player.hand) if self._show_hand else len(player.hand),
                "village": (tuple(map(tuple, player.teams)), chips(player.village)),
                "field": tuple(chips(team) for team in player.sent)}

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
        self.hand.clear()
        if self._show_hand:
            for iid in player.hand:
                self.hand.add(self._chip(s, iid))
        else:
            self.hand.add(QLabel(counted(len(player.hand))))

    def _draw_field(self, s, player) -> None:
        self.field.clear()
        for i, team in enumerate(player.sent):
            self.field.add(self._team(s, team, MESSAGES("team", n=i + 1)))

    def _draw_village(self, s, player) -> None:
        self.village.clear()
        in_team = {m for team in player.teams for m in team}
        for i, team in enumerate(player.teams):
            members = [m for m in team if m in player.village]
            if members:
                self.village.add(self._team(s, members, MESSAGES("team", n=i + 1), leader=False))
        others = [iid for iid in player.village if iid not in in_team]
        if others:
            self.village.add(self._team(s, others, MESSAGES("standby"), leader=False))

    def _team(self, s, members: list[int], title: str, leader: bool = True) -> QWidget:
        """A team's chips under its name; on the battlefield its leader (first) is highlighted. (A
        plain frame: a styled group box per team costs more to paint than the rest of the area.)"""
        box = QFrame()
        box.setFrameShape(QFrame.Shape.Box)
        box.setFrameShadow(QFrame.Shadow.Plain)
        column = QVBoxLayout(box)
        column.setContentsMargins(4, 2, 4, 4)
        column.setSpacing(2)
        column.addWidget(QLabel(title))
        row = QHBoxLayout()
        row.setSpacing(4)
        for k, iid in enumerate(members):
            row.addWidget(self._chip(s, iid, lead=leader and k == 0 and len(members) > 1))
        column.addLayout(row)
        column.addStretch(1)  # the name stays on top of a frame taller than its chips
        return box

    def _chip(self, s, iid: int, lead: bool = False) -> CardChip:
        card = s.card(iid)
        if card is None:
            return CardChip("?", MESSAGES("unknown_card"))
        name = self.card_name(card.number)
        symbols = ", ".join(current().term("symbol", x) for x in card.symbols) or MESSAGES("empty")
        kind = current().term("card_type", card.type)
        if card.type == "Ninja":
            tip = MESSAGES("ninja_tip", name=name, type=kind, symbols=symbols, combat=card.healthy[0],
                           support=card.healthy[1], icombat=card.injured[0], isupport=card.injured[1])
        else:
            tip = MESSAGES("card_tip", name=name, type=kind, symbols=symbols)
        injured = iid in s.injured
        if injured:
            tip += "\n" + MESSAGES("injured")
        coins = sum(s.coins.get(iid, {}).values())
        if coins:
            tip += "\n" + current().plural("coins", coins)
        if iid in s.taken:
            tip += "\n" + MESSAGES("taken_from", owner=s.players[s.taken[iid]].name)
        return CardChip(name, tip, injured=injured, coins=coins, highlight=lead)


class Board(QWidget):
    """Both areas. ``display(state, hidden)``: the seats in ``hidden`` show their hand as a count."""

    def __init__(self, context):
        super().__init__()
        self.context = context
        self.areas = [PlayerArea(seat, self._card_name) for seat in (0, 1)]
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for area in self.areas:
            layout.addWidget(area)

    def _card_name(self, number: str) -> str:
        return self.context.card_name(number)

    def display(self, state, hidden=frozenset(), acting: int | None = None) -> None:
        for area in self.areas:
            known = state.mode == "guided" and area.seat not in hidden
            area.display(state, known, acting == area.seat)

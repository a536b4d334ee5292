"""Paying a cost by clicking cards, as at the table: the option says what is done ("Use Lightning
Blade by Kakashi Hatake"), and the cards that pay are chosen on their tiles.

The rules list one payment per way of doing something (the first cards that can pay), though any
other that pays is accepted. So an option whose actions carry a payment (``pay``) is shown once,
without it (`unpaid`); taken, it applies the listed payment at once when no other could be chosen
(`several`), and otherwise opens a `PaymentPicker` in place of its verb's options (Cancel brings them
back): the tiles of the cards that may pay (the actor's zone the game pays that verb from,
`GameView.pays`), the listed payment chosen already so that one more key or click confirms it, a
line saying what is chosen and whether it pays (the referee's verdict, `Match.explain`, its rule a
link to the rules reference), and Confirm, enabled only when the referee accepts, and Cancel.

A Jutsu's X is the number of cards paid beyond its printed cost: the action made takes the X of the
listed way that pays that many cards (`paid`). The picker is used with the keyboard alone: the number
keys choose the first nine tiles (the page's keys, through `OptionsPanel.take`), Tab and Space choose
any tile, Return confirms and Escape cancels.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from localization import Messages, current
from localization.text import caption
from referee.engine.action import Action

from ..faces import Face
from ..tile_paint import SMALL
from ..tiles import CardTile, Place
from .game import GameView

MESSAGES = Messages("gui.match.payment", {
    "title": "{action}: choose the cards that pay",
    "hint": "Click a card, or press its number, to choose it or put it back; Return confirms, Escape cancels.",
    "chosen": "Chosen: {cards}",
    "nothing": "Chosen: no card",
    "pays": "This pays: {action}",
    "confirm": "Confirm the payment",
    "confirm_tip": "Do it, paying with the chosen cards (Return)",
    "cancel": "Cancel",
    "cancel_tip": "Choose nothing and go back to the options (Escape)",
    "tile_chosen": "chosen to pay",
    "option_tip": "Click, or press its number, then choose the cards that pay",
})

#: the options naming what is paid: an option without them is what a player chooses first
PAYMENT = frozenset({"pay", "x"})


def unpaid(action: Action) -> Action:
    """``action`` without its payment: what its option says."""
    return Action(action.verb, action.args, tuple((k, v) for k, v in action.opts if k not in PAYMENT))


def paid(listed: list[Action], pay: tuple[str, ...]) -> Action:
    """The action of ``listed`` (one option's actions, differing only in their payment) paid with
    ``pay``: the listed way paying as many cards gives its X (and the order of the options), else the
    first."""
    template = next((a for a in listed if len(a.get("pay")) == len(pay)), listed[0])
    opts = [(k, pay if k == "pay" else v) for k, v in template.opts]
    if "pay" not in dict(opts):
        opts.append(("pay", pay))
    return Action(template.verb, template.args, tuple((k, v) for k, v in opts if v))


def several(match, listed: list[Action], payers: list[str]) -> bool:
    """Whether the cost may be paid otherwise than as listed, with the cards ``payers``: several ways
    listed, or one card of the listed payment that another card could take the place of."""
    if len({tuple(sorted(a.get("pay"))) for a in listed}) > 1:
        return True
    listed_pay = Counter(listed[0].get("pay"))
    spare = Counter(payers) - listed_pay
    return any(match.explain(paid(listed, tuple((listed_pay - Counter([out]) + Counter([card])).elements()))).legal
               for card in spare for out in listed_pay)


def payers(match, view: GameView, action: Action, seen: frozenset[int]) -> list[int]:
    """The actor's cards that may pay for ``action`` and that the viewer sees (``seen``): its
    verb's paying zone, less the card played when it is played from that zone (a Ninja is not paid
    for with itself)."""
    s, zone = match.state, view.pays[action.verb]
    cards = [i for i in getattr(s.players[match.actor], zone) if i in seen and s.instances[i] is not None]
    played_from = action.one("from") or ("hand" if action.verb in view.plays else None)
    if played_from == zone and action.args:
        own = next((i for i in cards if s.instances[i] == action.args[0]), None)
        if own is not None:
            cards.remove(own)
    return cards


class PayTile(CardTile):
    """A card that may pay: a click, or Space when it has the keyboard focus, chooses it or puts it
    back (``toggled``); a chosen tile is outlined and ticked, and the number key that takes it is
    written in its corner."""

    toggled = Signal()

    def __init__(self, face: Face, iid: int, key: int | None):
        super().__init__(face, SMALL)  # small: the options panel is narrow, and symbols are what pays
        self.iid, self.key, self.chosen = iid, key, False
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def toggle(self) -> None:
        self.set_chosen(not self.chosen)
        self.toggled.emit()

    def set_chosen(self, chosen: bool) -> None:
        self.chosen = chosen
        self.setAccessibleDescription(MESSAGES("tile_chosen") if chosen else "")
        self.update()

    def mousePressEvent(self, event) -> None:  # noqa: N802 (Qt's names): choosing, not previewing
        if event.button() == Qt.MouseButton.LeftButton:
            self.setFocus(Qt.FocusReason.MouseFocusReason)
            self.toggle()

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and event.key() == Qt.Key.Key_Space:
            event.accept()  # Space chooses this card: the page's Space (pass, go on) waits
            return True
        return super().event(event)

    def keyPressEvent(self, event) -> None:  # noqa: N802
        if event.key() == Qt.Key.Key_Space:
            self.toggle()
        else:
            super().keyPressEvent(event)

    def focusInEvent(self, event) -> None:  # noqa: N802
        self.update()

    def focusOutEvent(self, event) -> None:  # noqa: N802
        self.update()

    def paintEvent(self, event) -> None:  # noqa: N802
        super().paintEvent(event)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect()).adjusted(1.5, 1.5, -1.5, -1.5)
        mark = self.palette().color(QPalette.ColorRole.Highlight)
        d = 15.0
        if self.chosen:
            p.setPen(QPen(mark, 3))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(rect, 4, 4)
            tick = QRectF(rect.right() - d - 1, rect.bottom() - d - 1, d, d)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(mark)
            p.drawEllipse(tick)
            p.setPen(QPen(QColor("white"), 2))
            p.drawPolyline([QPointF(tick.x() + tick.width() * x, tick.y() + tick.height() * y)
                            for x, y in ((0.27, 0.52), (0.44, 0.7), (0.75, 0.32))])
        if self.key is not None:
            badge = QRectF(rect.x() + 1, rect.bottom() - d - 1, d, d)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(0, 0, 0, 170))
            p.drawEllipse(badge)
            p.setPen(QColor("white"))
            font = p.font()
            font.setPixelSize(10)
            font.setBold(True)
            p.setFont(font)
            p.drawText(badge, int(Qt.AlignmentFlag.AlignCenter), str(self.key))
        if self.hasFocus():
            p.setPen(QPen(self.palette().color(QPalette.ColorRole.Text), 1, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(rect.adjusted(3, 3, -3, -3), 3, 3)
        p.end()


class PaymentPicker(QWidget):
    """The payment of one option: the tiles of ``iids`` (the cards that may pay), those of
    ``chosen`` chosen (None: the listed payment's), what is chosen and the referee's verdict, and
    Confirm and Cancel. ``listed`` are the option's actions as the rules list them; ``say`` writes an
    action as a sentence, ``refusal`` a verdict's refusal as a line (rich text, its rule a link);
    ``face`` gives a card's face."""

    confirmed = Signal(object)  # the paid Action
    cancelled = Signal()
    rule_clicked = Signal(str)

    def __init__(self, match, listed: list[Action], iids: list[int], zone: str, chosen: set[int] | None, *,
                 face: Callable[[str], Face], say: Callable[[Action], str], card_name: Callable[[str], str],
                 refusal: Callable[[object], str]):
        super().__init__()
        self.match, self.listed, self.say, self.card_name, self.refusal = match, listed, say, card_name, refusal
        s = match.state
        self.tiles = [PayTile(face(s.instances[i]), i, k if k <= 9 else None) for k, i in enumerate(iids, 1)]
        if chosen is None:  # the listed payment, each card on the first tile of its number not taken yet
            chosen, todo = set(), Counter(listed[0].get("pay"))
            for i in iids:
                if todo[s.instances[i]] > 0:
                    todo[s.instances[i]] -= 1
                    chosen.add(i)
        for tile in self.tiles:
            tile.set_chosen(tile.iid in chosen)
            tile.toggled.connect(self.judge)
        self.title = QLabel(MESSAGES("title", action=say(unpaid(listed[0]))))
        self.title.setWordWrap(True)
        self.place = Place(kept=True)
        self.place.caption.setText(caption(current().term("zone", zone)))
        for label in (self.title, self.place.caption):  # how to choose, where the eye is, without a line of its own
            label.setToolTip(MESSAGES("hint"))
        self.chosen_line = QLabel()
        self.chosen_line.setWordWrap(True)
        self.verdict = QLabel()
        self.verdict.setObjectName("verdict")
        self.verdict.setWordWrap(True)
        self.verdict.setTextFormat(Qt.TextFormat.RichText)
        self.verdict.linkActivated.connect(self.rule_clicked.emit)
        self.confirm, self.cancel = QPushButton(MESSAGES("confirm")), QPushButton(MESSAGES("cancel"))
        self.confirm.setObjectName("pay_confirm")
        self.cancel.setObjectName("pay_cancel")
        for button, key in ((self.confirm, "confirm"), (self.cancel, "cancel")):
            button.setToolTip(MESSAGES(f"{key}_tip"))
            button.setAutoDefault(True)  # Return takes the one that has the keyboard focus
        self.confirm.clicked.connect(lambda: self.confirmed.emit(self.action()))
        self.cancel.clicked.connect(self.cancelled.emit)
        buttons = QHBoxLayout()
        buttons.addWidget(self.confirm)
        buttons.addWidget(self.cancel)
        buttons.addStretch(1)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 4, 0, 0)
        for widget in (self.title, self.place, self.chosen_line, self.verdict):
            column.addWidget(widget)
        column.addLayout(buttons)
        self.place.fill(self.tiles)  # once in the picker: filling shows it, which would make it a window alone
        self.judge()

    def chosen(self) -> set[int]:
        """The instances chosen to pay."""
        return {tile.iid for tile in self.tiles if tile.chosen}

    def action(self) -> Action:
        """The option paid with the cards chosen, in the order their tiles are shown."""
        numbers = self.match.state.instances
        return paid(self.listed, tuple(numbers[tile.iid] for tile in self.tiles if tile.chosen))

    def judge(self) -> None:
        """Say what is chosen and whether it pays; Confirm only when the referee accepts it."""
        action = self.action()
        cards = action.get("pay")
        self.chosen_line.setText(MESSAGES("chosen", cards=current().joined([self.card_name(n) for n in cards]))
                                 if cards else MESSAGES("nothing"))
        verdict = self.match.explain(action)
        self.verdict.setText(MESSAGES("pays", action=self.say(action)) if verdict.legal else self.refusal(verdict))
        self.confirm.setEnabled(verdict.legal)

    def toggle(self, key: int) -> bool:
        """Choose the tile of number key ``key``, or put it back; False when there is none."""
        tile = next((t for t in self.tiles if t.key == key), None)
        if tile is None:
            return False
        tile.setFocus(Qt.FocusReason.ShortcutFocusReason)
        tile.toggle()
        return True

    def start(self) -> None:
        """Give the keyboard to the picker: Confirm when the payment chosen pays (Return takes it at
        once), else the first tile."""
        target = self.confirm if self.confirm.isEnabled() or not self.tiles else self.tiles[0]
        target.setFocus(Qt.FocusReason.OtherFocusReason)

    def keyPressEvent(self, event) -> None:  # noqa: N802
        """Return confirms (from a tile too), Escape cancels."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.confirm.isEnabled():
            self.confirm.click()
        elif event.key() == Qt.Key.Key_Escape:
            self.cancel.click()
        else:
            super().keyPressEvent(event)

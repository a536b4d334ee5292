"""The manual toolbox (N-EFFECT-3): when a card whose effect the referee cannot apply settles, its
player applies it by hand, one logged and undoable `tool` action at a time, then says it is done.

The form builds the action from what the player picks (the tool, a card, and the values the tool
takes) and enables its button only when the referee accepts it (`Match.explain`), with the refusal on
hover otherwise. The cards it offers are those the seat holding the screen may see, as the rules say
(`Rules.visible`): it never decides that by itself.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QPushButton, QSpinBox, QWidget

from localization import Messages, current
from referee.engine.action import Action
from referee.engine.sight import seen_by
from referee.games.naruto.abilities import TOOLS

MESSAGES = Messages("gui.naruto.toolbox", {
    "tool": "What",
    "card": "Card",
    "zone": "To",
    "amount": "Amount",
    "coin": "Coin",
    "combat": "Combat",
    "support": "Support",
    "apply": "Apply",
    "apply_tip": "Apply this by hand; it is logged and can be undone",
    "refused_tip": "{rule}: {message}",
    "card_of": "{card} (player {seat})",
})

ZONES = ("discard", "chakra", "hand", "village", "deck", "rewards")
COINS = ("power", "combat", "tenketsu", "clone", "sharingan", "star")
#: the value widgets each tool shows
FIELDS = {"move": ("card", "zone"), "damage": ("card", "amount"), "injure": ("card",), "heal": ("card",),
          "coin": ("card", "coin", "amount"), "power": ("card", "combat", "support"), "mental": ()}


#: the default viewer of the toolbox: its own player, the seat the manual effect waits on
OWN_PLAYER = object()


class Toolbox(QWidget):
    chosen = Signal(object)  # a `tool` Action

    def __init__(self, match, card_name: Callable[[str], str], allowed: bool, viewer: int | None | object = OWN_PLAYER):
        """``viewer`` is the seat holding the screen, whose eyes the card list is for: the toolbox's
        own player unless given; None for no seat (only the cards every seat may see)."""
        super().__init__()
        self.match, self.card_name = match, card_name
        self.viewer = match.actor if viewer is OWN_PLAYER else viewer
        tr = current()
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        self.tool = self._combo([(tr.term("tool", t), t) for t in TOOLS])
        self.card = self._combo(self._cards())
        self.zone = self._combo([(tr.term("zone", z), z) for z in ZONES])
        self.coin = self._combo([(tr.term("coin", c), c) for c in COINS])
        self.amount = self._spin(-9, 9, 1)
        self.combat = self._spin(-20, 20, 0)
        self.support = self._spin(-20, 20, 0)
        self.rows: dict[str, tuple[QLabel, QWidget]] = {}
        for key, widget in (("tool", self.tool), ("card", self.card), ("zone", self.zone), ("coin", self.coin),
                            ("amount", self.amount), ("combat", self.combat), ("support", self.support)):
            label = QLabel(MESSAGES(key))
            form.addRow(label, widget)
            self.rows[key] = (label, widget)
        self.apply = QPushButton(MESSAGES("apply"))
        self.apply.setObjectName("tool_apply")
        form.addRow(self.apply)
        self.allowed = allowed
        for widget in (self.tool, self.card, self.zone, self.coin):
            widget.currentIndexChanged.connect(self._judge)
        for widget in (self.amount, self.combat, self.support):
            widget.valueChanged.connect(self._judge)
        self.apply.clicked.connect(lambda: self.chosen.emit(self.action()))
        self.confirm = self.apply
        self._judge()

    def _combo(self, items: list[tuple[str, str]]) -> QComboBox:
        combo = QComboBox()
        for text, data in items:
            combo.addItem(text, data)
        return combo

    def _spin(self, low: int, high: int, start: int) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(low, high)
        spin.setValue(start)
        return spin

    def _cards(self) -> list[tuple[str, str]]:
        """The cards a tool can name (in play, in a chakra area, a discard pile or a hand) that the
        viewer may see (`Rules.visible`: every face-up card and its own hand, never the other hand),
        as the toolbox writes them (``N-012@2``)."""
        s = self.match.state
        seen = seen_by(self.match.rules, s, self.viewer)
        out: dict[str, str] = {}
        for seat, player in enumerate(s.players):
            for zone in (player.village, player.battlefield, player.chakra, player.discard, player.hand):
                for iid in zone:
                    number = s.instances[iid]
                    if number is not None and iid in seen:
                        out.setdefault(f"{number}@{seat + 1}",
                                       MESSAGES("card_of", card=self.card_name(number), seat=seat + 1))
        return [(text, ref) for ref, text in out.items()]

    def action(self) -> Action:
        tool = self.tool.currentData()
        values = {"zone": lambda: [self.zone.currentData()], "coin": lambda: [self.coin.currentData()],
                  "amount": lambda: [str(self.amount.value())], "combat": lambda: [str(self.combat.value())],
                  "support": lambda: [str(self.support.value())]}
        values["card"] = lambda: [self.card.currentData() or ""]
        return Action("tool", (tool, *(v for field in FIELDS[tool] for v in values[field]())))

    def _judge(self) -> None:
        tool = self.tool.currentData()
        for key, (label, widget) in self.rows.items():
            shown = key == "tool" or key in FIELDS[tool]
            label.setVisible(shown)
            widget.setVisible(shown)
            widget.setEnabled(self.allowed)
        verdict = self.match.explain(self.action())
        self.apply.setEnabled(self.allowed and verdict.legal)
        self.apply.setToolTip(MESSAGES("apply_tip") if verdict.legal else MESSAGES(
            "refused_tip", rule=verdict.rule, message=current().refusal(verdict.rule, verdict.params, self.card_name)))

"""Naming physical cards (referee mode): the player says which real card they play, charge or pay
with, by searching the catalogue in any language or by number.

The dialog fills an option's ``?`` slots one by one. The cards found are tiles, so that the
printings of one name are told apart by their costs and stats as on the table, with the cards named
last at this table first (and alone before anything is typed: a deck's cards come back again and
again); the selected card is shown large with its effect beside them. Each card found is asked to
the referee as it would be played (`Match.explain`): only a card the rules allow can be confirmed;
the others are greyed with the reason. A cost can be paid with more named cards ("Add a paying
card"), a charge or a discard can name several. The action is applied only through the adapter,
when it is legal.
"""

from __future__ import annotations

from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QListWidget, QPushButton,
                               QVBoxLayout)

from localization import Messages, current
from referee.engine.action import UNNAMED, Action

from ..browser import CardSearch
from ..faces import face
from ..i18n import watch
from ..preview import CardView
from .describe import sentence
from .game import GameView

MESSAGES = Messages("gui.match.naming", {
    "title": "Name the physical card",
    "intro": "Search the card by its number or its name in any language, then confirm it.",
    "slot_card": "Card: {card}",
    "slot_pay": "Paid with: {card}",
    "to_name": "to name",
    "add_pay": "Add a paying card",
    "add_pay_tip": "Name one more card that pays the cost",
    "add_card": "Add a card",
    "add_card_tip": "Name one more card for this action",
    "remove": "Remove",
    "remove_tip": "Remove the selected card",
    "confirm_card": "Use this card",
    "legal": "Legal: {action}",
    "refused": "{rule}: {message}",
    "incomplete": "Name every card first.",
    "slots_tip": "The cards of this action; pick one to name or change it",
})

#: verbs that may name more cards than their template, and the option paying their cost
MANY_ARGS = frozenset({"charge", "discard"})
PAYS = frozenset({"deploy", "mission", "counter", "client", "jutsu"})


class Composer:
    """The action being named: its arguments and options as lists, ``?`` for each card to name."""

    def __init__(self, template: Action):
        self.verb = template.verb
        self.args = list(template.args)
        self.opts = {k: list(v) for k, v in template.opts}
        self.slots: list[tuple[str, int]] = [("arg", i) for i, v in enumerate(self.args) if v == UNNAMED]
        self.slots += [(k, i) for k, vs in self.opts.items() for i, v in enumerate(vs) if v == UNNAMED]

    def action(self) -> Action:
        return Action(self.verb, tuple(self.args), tuple((k, tuple(v)) for k, v in self.opts.items() if v))

    def get(self, slot: tuple[str, int]) -> str:
        where, i = slot
        return self.args[i] if where == "arg" else self.opts[where][i]

    def put(self, slot: tuple[str, int], number: str) -> None:
        where, i = slot
        (self.args if where == "arg" else self.opts[where])[i] = number

    def with_card(self, slot: tuple[str, int], number: str) -> Action:
        old = self.get(slot)
        self.put(slot, number)
        try:
            return self.action()
        finally:
            self.put(slot, old)

    def add(self, where: str) -> tuple[str, int]:
        values = self.args if where == "arg" else self.opts.setdefault(where, [])
        values.append(UNNAMED)
        slot = (where, len(values) - 1)
        self.slots.append(slot)
        return slot

    def remove(self, slot: tuple[str, int]) -> None:
        """Drop an added slot (the template's own slots stay: an action needs its card)."""
        where, i = slot
        values = self.args if where == "arg" else self.opts[where]
        del values[i]
        self.slots.remove(slot)
        self.slots = [(w, j - 1 if w == where and j > i else j) for w, j in self.slots]


def reason(match, action: Action, card_name) -> str | None:
    """None when ``action`` is legal, or when the only objection is a card still to name."""
    verdict = match.explain(action)
    if verdict.legal or verdict.params.get("reason") == "unnamed":
        return None
    return MESSAGES("refused", rule=verdict.rule, message=current().refusal(verdict.rule, verdict.params, card_name))


class NamingDialog(QDialog):
    def __init__(self, context, match, template: Action, apply, view: GameView, parent=None):
        """``apply(action) -> bool`` hands the named action to the adapter; ``view`` is the match's
        game, which names its verbs and fits an action to the card named (`GameView.fit`: a Magic
        goes into no field)."""
        super().__init__(parent)
        self.context, self.match, self.apply_action = context, match, apply
        self.view = view
        self.composer = Composer(template)
        self.fixed = len(self.composer.slots)
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        self.slot_list = QListWidget()
        self.slot_list.currentRowChanged.connect(lambda _: self.search.refresh())
        self.game = match.rules.game
        self.search = CardSearch(context, self._accept, confirm_text=lambda: MESSAGES("confirm_card"),
                                 game=self.game, recent=lambda: context.recent(self.game))
        self.search.chosen.connect(self._named)
        self.card = CardView()
        self.search.current.connect(lambda number: self.card.show_card(face(context, number) if number else None))
        self.add_pay, self.add_card, self.remove = QPushButton(), QPushButton(), QPushButton()
        self.add_pay.clicked.connect(lambda: self._add("pay"))
        self.add_card.clicked.connect(lambda: self._add("arg"))
        self.remove.clicked.connect(self._remove)
        self.add_pay.setVisible(template.verb in PAYS)
        self.add_card.setVisible(template.verb in MANY_ARGS)
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.verdict.setObjectName("verdict")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self._confirm)
        self.buttons.rejected.connect(self.reject)
        left = QVBoxLayout()
        left.addWidget(self.slot_list)
        for b in (self.add_pay, self.add_card, self.remove):
            left.addWidget(b)
        body = QHBoxLayout()
        body.addLayout(left, 1)
        body.addWidget(self.search, 3)
        body.addWidget(self.card)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addLayout(body)
        layout.addWidget(self.verdict)
        layout.addWidget(self.buttons)
        self.resize(1100, 640)
        watch(self)
        self.slot_list.setCurrentRow(0)
        self.search.search_now()  # the cards named last, before anything is typed

    # --- slots ----------------------------------------------------------------------------
    @property
    def slot(self) -> tuple[str, int] | None:
        row = self.slot_list.currentRow()
        return self.composer.slots[row] if 0 <= row < len(self.composer.slots) else None

    def _accept(self, number: str) -> str | None:
        slot = self.slot
        if slot is None:
            return MESSAGES("incomplete")
        return reason(self.match, self.fit(self.composer.with_card(slot, number)), self.context.card_name)

    def fit(self, action: Action) -> Action:
        return self.view.fit(action, self.match.state.cards)

    def _named(self, number: str) -> None:
        slot = self.slot
        if slot is None:
            return
        self.composer.put(slot, number)
        row = next((i for i, s in enumerate(self.composer.slots) if self.composer.get(s) == UNNAMED),
                   self.slot_list.currentRow())
        self._draw_slots(row)

    def _add(self, where: str) -> None:
        self.composer.add(where)
        self._draw_slots(len(self.composer.slots) - 1)

    def _remove(self) -> None:
        row = self.slot_list.currentRow()
        if row >= self.fixed:
            self.composer.remove(self.composer.slots[row])
            self._draw_slots(min(row, len(self.composer.slots) - 1))

    def _draw_slots(self, row: int) -> None:
        self.slot_list.blockSignals(True)
        self.slot_list.clear()
        for slot in self.composer.slots:
            value = self.composer.get(slot)
            card = MESSAGES("to_name") if value == UNNAMED else self.context.card_name(value)
            self.slot_list.addItem(MESSAGES("slot_pay" if slot[0] == "pay" else "slot_card", card=card))
        self.slot_list.setCurrentRow(row)
        self.slot_list.blockSignals(False)
        self.remove.setEnabled(row >= self.fixed)
        self.search.refresh()
        self._judge()

    # --- the verdict ----------------------------------------------------------------------
    def _judge(self) -> None:
        action = self.fit(self.composer.action())
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        if action.needs_naming:
            self.verdict.setText(MESSAGES("incomplete"))
            ok.setEnabled(False)
            return
        why = reason(self.match, action, self.context.card_name)
        self.verdict.setText(why or MESSAGES("legal", action=sentence(action, self.context.card_name, self.view.verb_kind)))
        ok.setEnabled(why is None)

    def _confirm(self) -> None:
        if self.apply_action(self.fit(self.composer.action())):
            self.context.remember(self.game, [self.composer.get(slot) for slot in self.composer.slots])
            self.accept()
        else:
            self._judge()

    def retranslate(self) -> None:
        self.setWindowTitle(MESSAGES("title"))
        self.intro.setText(MESSAGES("intro"))
        self.slot_list.setToolTip(MESSAGES("slots_tip"))
        for button, key in ((self.add_pay, "add_pay"), (self.add_card, "add_card"), (self.remove, "remove")):
            button.setText(MESSAGES(key))
            button.setToolTip(MESSAGES(f"{key}_tip"))
        self._draw_slots(max(self.slot_list.currentRow(), 0))

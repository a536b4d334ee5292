"""The Showdown panel: for each pair of teams of the last Showdown, the arithmetic (leader Combat +
rear Support = power, N-SHOW-1), the difference, the outcome with its rule and what followed
(damage, rewards), as the log recorded them."""

from __future__ import annotations

from typing import Callable

from PySide6.QtWidgets import QLabel, QScrollArea, QVBoxLayout, QWidget

from localization import Messages, current

from ..i18n import watch

MESSAGES = Messages("gui.naruto.showdown", {
    "none": "No Showdown yet.",
    "title": "Showdown of turn {turn}",
    "term_lead": "{card}: Combat {value}",
    "term_rear": "{card}: Support {value}",
    "term_mental": "{card}: Mental Power {value}",
    "sum": "{terms} = {power}",
    "unblocked": "{lead}'s team is not blocked: power {power}, {rewards} ({rule}).",
    "pair": "Difference {difference}: {result} ({rule}).",
    "versus": "against",
})

_AFTER = ("injured", "knocked_out")
#: the log events of a Showdown worked out
SHOWDOWN_EVENTS = frozenset({"showdown", "showdown_unblocked"})


def last_showdown(log) -> tuple[int | None, list]:
    """(turn, [(showdown event, [its consequences])]) of the latest Showdown in the log."""
    turn, pairs, closed, current_turn = None, [], True, None
    for entry in log:
        key = entry.key
        if key == "turn_started":
            current_turn = entry.params.get("turn")
        elif key in SHOWDOWN_EVENTS:
            if closed:
                turn, pairs, closed = current_turn, [], False
            pairs.append((entry, []))
        elif key in _AFTER and pairs and not closed:
            pairs[-1][1].append(entry)
        elif key == "teams_returned":
            closed = True
    return turn, pairs


class ShowdownPanel(QScrollArea):
    def __init__(self, card_name: Callable[[str], str], player_name: Callable[[int], str]):
        super().__init__()
        self.card_name, self.player_name = card_name, player_name
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setTextFormat(self.text.textFormat().PlainText)
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.addWidget(self.text)
        layout.addStretch(1)
        self.setWidget(box)
        self.setWidgetResizable(True)
        self._log = []
        watch(self)

    def display(self, log) -> None:
        self._log = log
        self.retranslate()

    def _sum(self, arithmetic, power) -> str:
        terms = " + ".join(MESSAGES(f"term_{role}", card=self.card_name(card), value=value)
                           for card, role, value in arithmetic)
        return MESSAGES("sum", terms=terms, power=power)

    def retranslate(self) -> None:
        turn, pairs = last_showdown(self._log)
        if not pairs:
            self.text.setText(MESSAGES("none"))
            return
        tr = current()
        lines = [MESSAGES("title", turn=turn)]
        for event, after in pairs:
            p = event.params
            lines.append("")
            lines.append(self._sum(p["arithmetic"], p["power"]))
            if event.key == "showdown_unblocked":
                lines.append(MESSAGES("unblocked", lead=self.card_name(p["lead"]), power=p["power"],
                                      rewards=tr.plural("rewards", p["rewards"]), rule=p["rule"]))
            else:
                lines.append(MESSAGES("versus"))
                lines.append(self._sum(p["against_arithmetic"], p["against_power"]))
                lines.append(MESSAGES("pair", difference=p["difference"], result=tr.term("outcome", p["result"]),
                                      rule=p["rule"]))
            for entry in after:
                lines.append("  " + tr.event(entry.key, entry.params, self.player_name, self.card_name))
        self.text.setText("\n".join(lines))

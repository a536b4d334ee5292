"""The match log in the active language: each action as its player chose it, then what the rules
did (the engine's log events), and every refusal with its rule id; activating a refusal opens the
rules reference at its rule. The match page and the replay page both show it.

The lines live in a list model (`LogModel`) that only turns the lines on screen into text, in the
language active when they are drawn; new actions append rows, an undo or a step back rebuilds.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QAbstractListModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QListView

from localization import Messages, current

from ..i18n import watch
from .describe import label

MESSAGES = Messages("gui.match.log_view", {
    "action": "{n}. {player}: {action}",
    "refusal": "Refused ({rule}): {message}",
    "rule_tip": "Double-click a refusal to read its rule",
    "refusal_tip": "Double-click to read rule {rule}",
    "nobody": "—",
})

EVENT_INDENT = "    "
_REFUSED = QColor("#b03030")


class LogModel(QAbstractListModel):
    """Lines ``("action", n, actor, Action)``, ``("event", Entry)``, ``("refusal", rule, message)``."""

    def __init__(self, card_name: Callable[[str], str], player_name: Callable[[int], str], parent=None):
        super().__init__(parent)
        self.card_name, self.player_name = card_name, player_name
        self.lines: list[tuple] = []
        self._texts: dict[int, str] = {}  # row -> its text in the active language (drawn often)
        self._bold = QFont()
        self._bold.setBold(True)
        self._match = None
        self._actions = -1  # the last action whose lines are shown (0: the set-up)
        self._events = 0  # log entries shown
        self._refusals = 0

    def show(self, match, actors: list[int | None], refusals: list[tuple[int, str, str]] = ()) -> None:
        """Show ``match``'s log; ``actors`` is who took each action, ``refusals`` are (actions applied
        when refused, rule, message). Lines are appended while the match only grew."""
        grew = (match is self._match and len(match.history) >= self._actions and len(match.log) >= self._events
                and len(refusals) >= self._refusals)
        if not grew:
            self.beginResetModel()
            self.lines, self._match, self._actions, self._events, self._refusals = [], match, -1, 0, 0
            self._texts = {}
            self.endResetModel()
        new = self._lines_after(match, actors, refusals)
        if new:
            self.beginInsertRows(QModelIndex(), len(self.lines), len(self.lines) + len(new) - 1)
            self.lines += new
            self.endInsertRows()

    def _lines_after(self, match, actors, refusals) -> list[tuple]:
        log, out = match.log, []
        events, done = self._events, self._refusals
        for n in range(self._actions, len(match.history) + 1):
            if n > self._actions and n > 0:
                out.append(("action", n, actors[n - 1] if n - 1 < len(actors) else None, match.history[n - 1]))
            while events < len(log) and log[events].index <= n:
                out.append(("event", log[events]))
                events += 1
            while done < len(refusals) and refusals[done][0] <= n:
                out.append(("refusal", *refusals[done][1:]))
                done += 1
        self._actions, self._events, self._refusals = len(match.history), events, done
        return out

    def text(self, line: tuple) -> str:
        kind = line[0]
        if kind == "action":
            _, n, actor, action = line
            who = MESSAGES("nobody") if actor is None else self.player_name(actor)
            return MESSAGES("action", n=n, player=who, action=label(action, self.card_name))
        if kind == "event":
            e = line[1]
            return EVENT_INDENT + current().event(e.key, e.params, self.player_name, self.card_name)
        return MESSAGES("refusal", rule=line[1], message=line[2])

    # --- Qt ---------------------------------------------------------------------------------
    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802 (Qt's names)
        return 0 if parent.isValid() else len(self.lines)

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        line = self.lines[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            row = index.row()
            if row not in self._texts:
                self._texts[row] = self.text(line)
            return self._texts[row]
        if role == Qt.ItemDataRole.FontRole and line[0] == "action":
            return self._bold
        if role == Qt.ItemDataRole.ForegroundRole and line[0] == "refusal":
            return QBrush(_REFUSED)
        if role == Qt.ItemDataRole.ToolTipRole:
            if line[0] == "refusal":
                return MESSAGES("refusal_tip", rule=line[1])
            if line[0] == "action":
                return str(line[3])
        if role == Qt.ItemDataRole.UserRole and line[0] == "refusal":
            return line[1]
        return None

    def retranslate(self) -> None:
        self._texts = {}
        if self.lines:
            self.dataChanged.emit(self.index(0), self.index(len(self.lines) - 1))


class LogView(QListView):
    """The log's list; ``rule_clicked`` carries the rule id of an activated refusal."""

    rule_clicked = Signal(str)

    def __init__(self, card_name: Callable[[str], str], player_name: Callable[[int], str]):
        super().__init__()
        self.log = LogModel(card_name, player_name, self)
        self.setModel(self.log)
        self.setUniformItemSizes(True)  # only the lines on screen are measured and drawn
        self.setWordWrap(False)
        self.activated.connect(self._activated)
        self.refusals: list[tuple[int, str, str]] = []
        self._match, self._actors = None, []
        watch(self)

    def display(self, match, actors: list[int | None]) -> None:
        self._match, self._actors = match, actors
        self.refusals = [r for r in self.refusals if r[0] <= len(match.history)]  # an undo drops later ones
        self.log.show(match, actors, self.refusals)
        self.scrollToBottom()

    def add_refusal(self, rule: str, message: str) -> None:
        if self._match is not None:
            self.refusals.append((len(self._match.history), rule, message))
            self.display(self._match, self._actors)

    def plain_text(self) -> str:
        return "\n".join(self.log.text(line) for line in self.log.lines)

    def _activated(self, index) -> None:
        rule = index.data(Qt.ItemDataRole.UserRole)
        if rule:
            self.rule_clicked.emit(rule)

    def retranslate(self) -> None:
        self.setToolTip(MESSAGES("rule_tip"))
        self.log.retranslate()

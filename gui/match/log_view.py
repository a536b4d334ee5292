"""The match log in the active language: each action as its player chose it, then what the rules
did (the engine's log events), and every refusal with its rule id; activating a refusal opens the
rules reference at its rule. The match page and the replay page both show it.

The lines live in a list model (`LogModel`): new actions append rows, an undo or a step back removes
the rows of the actions taken back, and a language switch retranslates every row.

The log shows the screen's seats only what they may read: an event the engine marks as seen by some
seats only (a look at the top of a deck, the card a search took: `referee.engine.sight.SEEN`) and
the action that caused it are written without the cards' names for anyone else ("CPU looks at 3
cards"), and rewritten when the screen changes hands (hot seat).
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QListView

from localization import Messages, current
from referee.engine.sight import HIDES, SEEN, action_readers, readable

from ..i18n import watch
from .describe import sentence
from .game import GameView

MESSAGES = Messages("gui.match.log_view", {
    "action": "{n}. {player}: {action}",
    "action_secret": "{n}. {player}: {verb} (hidden from you)",
    "refusal": "Refused ({rule}): {message}",
    "rule_tip": "Double-click a refusal to read its rule",
    "refusal_tip": "Double-click to read rule {rule}",
    "nobody": "—",
})

EVENT_INDENT = "    "
_REFUSED = QColor("#b03030")


class LogModel(QStandardItemModel):
    """Lines ``("action", n, actor, Action, readers)``, ``("event", Entry)``, ``("refusal", n, rule,
    message)`` (``n``: the number of actions applied; ``readers``: the seats that may read the cards
    the action names, None for all), each shown by an item made when the line is added. ``viewers``:
    the seats holding the screen (None: a replay, where every line is shown whole).

    A model of Qt's own, not one in Python: a list view asks its model about every row at every
    layout, after each action, and from Python those calls cost more than the rest of the log."""

    def __init__(self, card_name: Callable[[str], str], player_name: Callable[[int], str], view: GameView,
                 parent=None):
        super().__init__(parent)
        self.card_name, self.player_name = card_name, player_name
        self.view = view
        self.lines: list[tuple] = []
        self._bold = QFont()
        self._bold.setBold(True)
        self._match = None
        self._actions = -1  # the last action whose lines are shown (0: the set-up)
        self._events = 0  # log entries shown
        self._refusals = 0
        self.viewers: frozenset[int] | None = None

    def set_viewers(self, viewers: frozenset[int] | None) -> None:
        """The screen changed hands: every line is written again for the seats now holding it."""
        if viewers != self.viewers:
            self.viewers = viewers
            self.retranslate()

    def _readable(self, readers) -> bool:
        return readers is None or self.viewers is None or bool(self.viewers & set(readers))

    def show(self, match, actors: list[int | None], refusals: list[tuple[int, str, str]] = ()) -> None:
        """Show ``match``'s log; ``actors`` is who took each action, ``refusals`` are (actions applied
        when refused, rule, message). While the match only grows, lines are appended; after an undo
        or a step back, the lines of the actions taken back are removed."""
        if match is not self._match:
            self._match = match
            self._keep(0)
        else:
            self._keep_until(len(match.history))
        new = self._lines_after(match, actors, refusals)
        if new:
            self.lines += new
            self.invisibleRootItem().appendRows([self._item(line) for line in new])

    def _keep_until(self, done: int) -> None:
        """Keep the lines of the first ``done`` actions (the log before them is replayed exactly)."""
        rows = len(self.lines)
        while rows and _number(self.lines[rows - 1]) > done:
            rows -= 1
        if rows < len(self.lines):
            self._keep(rows)

    def _keep(self, rows: int) -> None:
        self.removeRows(rows, len(self.lines) - rows)
        del self.lines[rows:]
        self._actions = max((_number(line) for line in self.lines), default=-1)
        self._events = sum(line[0] == "event" for line in self.lines)
        self._refusals = sum(line[0] == "refusal" for line in self.lines)

    def _lines_after(self, match, actors, refusals) -> list[tuple]:
        log, out = match.log, []
        events, done = self._events, self._refusals
        for n in range(self._actions, len(match.history) + 1):
            first = events
            while events < len(log) and log[events].index <= n:
                events += 1
            if n > self._actions and n > 0:
                action = match.history[n - 1]
                out.append(("action", n, actors[n - 1] if n - 1 < len(actors) else None, action,
                            action_readers(action, log[first:events])))
            out += [("event", entry) for entry in log[first:events]]
            while done < len(refusals) and refusals[done][0] <= n:
                out.append(("refusal", *refusals[done]))
                done += 1
        self._actions, self._events, self._refusals = len(match.history), events, done
        return out

    def text(self, line: tuple) -> str:
        kind = line[0]
        if kind == "action":
            _, n, actor, action, readers = line
            who = MESSAGES("nobody") if actor is None else self.player_name(actor)
            if not self._readable(readers):
                return MESSAGES("action_secret", n=n, player=who, verb=self.view.verb(action.verb))
            said = sentence(action, self.card_name, self.view.verb_kind, self.player_name)
            return MESSAGES("action", n=n, player=who, action=said)
        if kind == "event":
            key, params = secret_form(line[1], self.viewers)
            return EVENT_INDENT + current().event(key, params, self.player_name, self.card_name,
                                                  game=self.view.game)
        return MESSAGES("refusal", rule=line[2], message=line[3])

    def _item(self, line: tuple) -> QStandardItem:
        item = QStandardItem()
        self._texts(item, line)
        if line[0] == "action":
            item.setFont(self._bold)
        elif line[0] == "refusal":
            item.setForeground(QBrush(_REFUSED))
            item.setData(line[2], Qt.ItemDataRole.UserRole)
        return item

    def _texts(self, item: QStandardItem, line: tuple) -> None:
        """The texts of a line's item in the active language."""
        item.setText(self.text(line))
        if line[0] == "refusal":
            item.setToolTip(MESSAGES("refusal_tip", rule=line[2]))

    def retranslate(self) -> None:
        for row, line in enumerate(self.lines):
            self._texts(self.item(row), line)


def secret_form(entry, viewers: frozenset[int] | None) -> tuple[str, dict]:
    """An event as the screen's seats may read it: whole when they may (`readable`; every event in a
    replay, ``viewers`` None), else its ``_secret`` sentence, the cards it names counted, not named."""
    if viewers is None or readable(entry.params, viewers):
        return entry.key, entry.params
    hides = entry.params[HIDES]
    shown = {k: v for k, v in entry.params.items() if k not in hides and k not in (SEEN, HIDES)}
    return f"{entry.key}_secret", {**shown, "count": current().plural("cards", max(hides.values(), default=0))}


def _number(line: tuple) -> int:
    """The number of actions applied when ``line`` was added."""
    return line[1].index if line[0] == "event" else line[1]


class LogView(QListView):
    """The log's list; ``rule_clicked`` carries the rule id of an activated refusal."""

    rule_clicked = Signal(str)

    def __init__(self, card_name: Callable[[str], str], player_name: Callable[[int], str], view: GameView):
        """``view`` is the match's game: its verbs and log sentences."""
        super().__init__()
        self.log = LogModel(card_name, player_name, view, self)
        self.setModel(self.log)
        # long lines wrap (no sideways scrolling); the lines are measured in batches, so a long log
        # does not hold up the page
        self.setWordWrap(True)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setLayoutMode(QListView.LayoutMode.Batched)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setEditTriggers(QListView.EditTrigger.NoEditTriggers)  # a double-click opens a refusal's rule
        self.activated.connect(self._activated)
        self.refusals: list[tuple[int, str, str]] = []
        self._match, self._actors = None, []
        # the lines are laid out in batches after `display` returns, each batch lengthening the scroll
        # range: the view follows them to the last line until the reader scrolls
        self._follow = False
        bar = self.verticalScrollBar()
        bar.rangeChanged.connect(lambda _low, high: self._follow and bar.setValue(high))
        bar.actionTriggered.connect(self._stop_following)
        watch(self)

    def _stop_following(self, _action: int) -> None:
        self._follow = False

    def display(self, match, actors: list[int | None], viewers: frozenset[int] | None = None) -> None:
        """Show ``match``'s log to a screen held by ``viewers`` (None: every line whole, a replay)."""
        self._match, self._actors = match, actors
        self.log.set_viewers(viewers)
        self.refusals = [r for r in self.refusals if r[0] <= len(match.history)]  # an undo drops later ones
        self.log.show(match, actors, self.refusals)
        self._follow = True
        self.scrollToBottom()

    def add_refusal(self, rule: str, message: str) -> None:
        if self._match is not None:
            self.refusals.append((len(self._match.history), rule, message))
            self.display(self._match, self._actors, self.log.viewers)

    def plain_text(self) -> str:
        return "\n".join(self.log.text(line) for line in self.log.lines)

    def _activated(self, index) -> None:
        rule = index.data(Qt.ItemDataRole.UserRole)
        if rule:
            self.rule_clicked.emit(rule)

    def retranslate(self) -> None:
        self.setToolTip(MESSAGES("rule_tip"))
        self.log.retranslate()

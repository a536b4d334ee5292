"""Replaying a recorded match step by step: the position after any number of its actions, the
match log up to there in the active language, and each action's notation.

`cards.records.replay` rebuilds the match from its initial position and recorded actions, then the
match's own undo and redo are the steps, so ``replay.match.log`` and its position are always the
current step's. The log is an item model rendered on demand: only the lines on screen are put into
words, so stepping through a long match stays quick, and a language switch only redraws.

The position is the match page's board with both hands shown (a replay hides nothing), under a line
saying where the turn stands.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractListModel, QModelIndex, Qt
from PySide6.QtGui import QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QListView, QPushButton, QScrollArea, QSlider, QSplitter,
                               QStyle, QVBoxLayout, QWidget)

from cards import records
from cards.db import StorageError
from cards.records import ActionInfo, RecordError
from localization import Messages, current

from .i18n import watch
from .match.board import Board
from .pages import Page
from .recorded import MESSAGES as RECORDED, players, rule, seat_name, when, winner

MESSAGES = Messages("gui.replay", {
    "title": "Replay: {players}",
    "heading": "{players} · {started} · {format}, {mode} · {result}",
    "result": "{winner} ({rule})",
    "first": "First",
    "first_tip": "The initial position, before any action (Home)",
    "back": "Back",
    "back_tip": "One action back (Left arrow)",
    "forward": "Forward",
    "forward_tip": "One action forward (Right arrow)",
    "last": "Last",
    "last_tip": "The position after the last recorded action (End)",
    "slider_tip": "Drag to any step of the match",
    "step": "Step {step} of {last}",
    "step_tip": "How many of the match's recorded actions are applied",
    "start": "The initial position, before any action.",
    "action": "Action {seq}: {player} — {notation}",
    "nobody": "the referee",
    "log_action": "{seq}. {player}: {notation}",
    "log_tip": "The match log up to this step: each action's notation, then what it did",
    "position_tip": "The position after the current step",
    "turn": "Turn {turn} · {step}",
    "roles": "Attacking: {attacker} · To act: {actor}",
    "over": "Game over: {result}",
    "chain": "Links in the chain: {links}",
})


class LogModel(QAbstractListModel):
    """The log up to the current step: each action's line (bold) followed by its events."""

    def __init__(self, page: "ReplayPage"):
        super().__init__(page)
        self.page = page
        self.lines: list = []  # ActionInfo or engine log Entry, in order

    def show_step(self, replay: records.Replay) -> None:
        entries, lines, i = replay.match.log, [], 0
        for action in replay.actions[:replay.step]:
            while i < len(entries) and entries[i].index < action.seq:  # set-up events come first
                lines.append(entries[i])
                i += 1
            lines.append(action)
        lines += entries[i:]
        self.beginResetModel()
        self.lines = lines
        self.endResetModel()

    def text(self, line) -> str:
        page = self.page
        if isinstance(line, ActionInfo):
            return MESSAGES("log_action", seq=line.seq, player=page.actor_name(line.actor), notation=line.notation)
        return current().event(line.key, line.params, page.player_name, page.card_name)

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802 (Qt's names)
        return 0 if parent.isValid() else len(self.lines)

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        line = self.lines[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self.text(line) if isinstance(line, ActionInfo) else "    " + self.text(line)
        if role == Qt.ItemDataRole.FontRole and isinstance(line, ActionInfo):
            font = QFont(self.page.font())
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole and isinstance(line, ActionInfo):
            return current().term("step", line.phase)
        return None

    def retranslate(self) -> None:
        if self.lines:
            self.dataChanged.emit(self.index(0), self.index(len(self.lines) - 1))


class ReplayPage(Page):
    #: button key -> (standard icon, keyboard shortcut)
    BUTTONS = {
        "first": (QStyle.StandardPixmap.SP_MediaSkipBackward, Qt.Key.Key_Home),
        "back": (QStyle.StandardPixmap.SP_MediaSeekBackward, Qt.Key.Key_Left),
        "forward": (QStyle.StandardPixmap.SP_MediaSeekForward, Qt.Key.Key_Right),
        "last": (QStyle.StandardPixmap.SP_MediaSkipForward, Qt.Key.Key_End),
    }

    def __init__(self, window, uid: str):
        super().__init__()
        self.window_ = window
        self.context = window.context
        self.uid = uid
        self.replay: records.Replay | None = None
        self.error = ""
        try:
            self.replay = records.replay(self.context.database(), uid, cards=self.context.cards())
        except (StorageError, RecordError) as err:
            self.error = current().error(err)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.buttons: dict[str, QPushButton] = {}
        controls = QHBoxLayout()
        moves = {"first": lambda: 0, "back": lambda: self.step - 1, "forward": lambda: self.step + 1,
                 "last": lambda: len(self.replay)}
        for key, (icon, key_code) in self.BUTTONS.items():
            button = self.buttons[key] = QPushButton(self.style().standardIcon(icon), "")
            button.setObjectName(key)
            button.clicked.connect(lambda _=False, to=moves[key]: self.go(to()))
            shortcut = QShortcut(QKeySequence(key_code), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(button.click)
            controls.addWidget(button)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, len(self.replay) if self.replay else 0)
        self.slider.valueChanged.connect(self.go)
        self.slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the arrow keys are the page's shortcuts
        controls.addWidget(self.slider, 1)
        self.step_label = QLabel()
        controls.addWidget(self.step_label)
        self.action_label = QLabel()
        self.action_label.setWordWrap(True)
        self.situation_label = QLabel()
        self.situation_label.setWordWrap(True)
        self.board = Board(self.context)
        board_scroll = QScrollArea()
        board_scroll.setWidgetResizable(True)
        board_scroll.setWidget(self.board)
        position = QWidget()
        column = QVBoxLayout(position)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.situation_label)
        column.addWidget(board_scroll, 1)
        self.log = LogModel(self)
        self.log_view = QListView()
        self.log_view.setModel(self.log)
        self.log_view.setUniformItemSizes(True)  # only the lines on screen are rendered
        self.log_view.setWordWrap(False)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(position)
        split.addWidget(self.log_view)
        split.setSizes([760, 520])
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addLayout(controls)
        layout.addWidget(self.action_label)
        layout.addWidget(split, 1)
        for widget in (*self.buttons.values(), self.slider):
            widget.setEnabled(self.replay is not None)
        watch(self)

    # --- names ----------------------------------------------------------------------------------
    def player_name(self, seat: int) -> str:
        return seat_name(self.replay.info, seat)

    def actor_name(self, seat: int | None) -> str:
        return MESSAGES("nobody") if seat is None else self.player_name(seat)

    def card_name(self, number: str) -> str:
        return self.context.card_name(number)

    # --- stepping -------------------------------------------------------------------------------
    @property
    def step(self) -> int:
        return self.replay.step if self.replay else 0

    def go(self, step: int) -> None:
        """Show the position after ``step`` actions (clamped to the match's)."""
        if self.replay is None:
            return
        self.replay.go(max(0, min(step, len(self.replay))))
        self.refresh()

    def refresh(self) -> None:
        replay = self.replay
        self.slider.blockSignals(True)
        self.slider.setValue(replay.step)
        self.slider.blockSignals(False)
        self.buttons["first"].setEnabled(replay.step > 0)
        self.buttons["back"].setEnabled(replay.step > 0)
        self.buttons["forward"].setEnabled(replay.step < len(replay))
        self.buttons["last"].setEnabled(replay.step < len(replay))
        self.step_label.setText(MESSAGES("step", step=replay.step, last=len(replay)))
        last = replay.last
        self.action_label.setText(MESSAGES("start") if last is None else MESSAGES(
            "action", seq=last.seq, player=self.actor_name(last.actor), notation=last.notation))
        self.log.show_step(replay)
        self.log_view.scrollToBottom()
        self.situation_label.setText(self.situation())
        self.board.display(replay.match.state, hidden=frozenset(), acting=replay.match.actor)

    def situation(self) -> str:
        """Where the turn stands at the current step (the board shows the cards)."""
        match, state, tr = self.replay.match, self.replay.match.state, current()
        outcome = match.outcome()
        if outcome is not None:
            step = MESSAGES("over", result=self.result(outcome.winner, outcome.rule))
            lines = [MESSAGES("turn", turn=state.turn, step=step)]
        else:
            lines = [MESSAGES("turn", turn=state.turn, step=tr.term("step", state.phase)),
                     MESSAGES("roles", attacker=self.player_name(state.attacker), actor=self.actor_name(match.actor))]
        if state.chain:
            lines.append(MESSAGES("chain", links=len(state.chain)))
        return "\n".join(lines)

    def result(self, seat: int | None, rule_id: str) -> str:
        name = RECORDED("no_winner") if seat is None else self.player_name(seat)
        return MESSAGES("result", winner=name, rule=rule(rule_id))

    # --- texts ----------------------------------------------------------------------------------
    def title(self) -> str:
        return MESSAGES("title", players=players(self.replay.info)) if self.replay else MESSAGES("title", players=self.uid)

    def retranslate(self) -> None:
        for key, button in self.buttons.items():
            button.setText(MESSAGES(key))
            button.setToolTip(MESSAGES(f"{key}_tip"))
        self.slider.setToolTip(MESSAGES("slider_tip"))
        self.step_label.setToolTip(MESSAGES("step_tip"))
        last = len(self.replay) if self.replay else 0
        widest = MESSAGES("step", step=last, last=last)  # the label keeps its width while stepping
        self.step_label.setMinimumWidth(self.step_label.fontMetrics().horizontalAdvance(widest) + 4)
        self.log_view.setToolTip(MESSAGES("log_tip"))
        self.board.setToolTip(MESSAGES("position_tip"))
        self.situation_label.setToolTip(MESSAGES("position_tip"))
        if self.replay is None:
            self.heading.setText(self.error)
            return
        info = self.replay.info
        result = self.result(info.winner, info.reason) if info.is_finished else winner(info)
        self.heading.setText(MESSAGES("heading", players=players(info), started=when(info.started),
                                      format=current().term("format", info.format),
                                      mode=current().term("mode", info.mode), result=result))
        self.log.retranslate()
        self.refresh()

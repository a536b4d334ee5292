"""The phase tracker: every phase and step of the turn, read from the state machine's own table
(the game's `GameView.states`, e.g. `referee.games.naruto.table.STATES`), with the current step
highlighted. Naruto's chain steps appear only while a chain is open, beside the step that opened it."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from localization import Messages

from ..i18n import watch
from .game import GameView, naruto_view

MESSAGES = Messages("gui.match.phases", {
    "step": "{letter} {name}",
    "step_tip": "{phase}: {step}",
    "current_tip": "{phase}: {step} (now)",
})


def leaves(states, prefix: str = "") -> list[str]:
    """The leaf states in table order: ``mission_main``, ``mission_chain_priority``..."""
    out = []
    for state in states:
        name = state if isinstance(state, str) else state["name"]
        full = f"{prefix}{name}"
        children = [] if isinstance(state, str) else state.get("children", [])
        out += leaves(children, f"{full}_") if children else [full]
    return out


def phases(states) -> list[tuple[str, list[str]]]:
    """(phase, its steps) in the order of the turn (the end of the game is no step of a turn: the
    status line and the game-over message say it)."""
    out: list[tuple[str, list[str]]] = []
    for leaf in leaves(states):
        if leaf == "over":
            continue
        phase = leaf.split("_")[0]
        if not out or out[-1][0] != phase:
            out.append((phase, []))
        out[-1][1].append(leaf)
    return out


def is_chain_step(step: str) -> bool:
    return "_chain_" in step


class PhaseTracker(QFrame):
    """The steps in a row; the current one is a rounded tag in the highlight colour, which the
    tracker paints under its label (a style sheet would do the same at several times the cost of
    every restyle, relayout and repaint of the tracker, after most clicks)."""

    def __init__(self, view: GameView | None = None):
        super().__init__()
        self.view = view or naruto_view()
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.labels: dict[str, QLabel] = {}
        self.headers: dict[str, QLabel] = {}
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 2, 6, 2)
        bold = self.font()
        bold.setBold(True)
        for phase, steps in phases(self.view.states):
            column = QVBoxLayout()
            column.setSpacing(2)
            header = QLabel()
            header.setWordWrap(True)  # a long phase name takes two lines rather than being cut
            header.setFont(bold)
            self.headers[phase] = header
            column.addWidget(header)
            line = QHBoxLayout()
            line.setSpacing(2)
            for step in steps:
                label = QLabel()
                label.setObjectName(step)
                label.setAlignment(Qt.AlignmentFlag.AlignCenter)
                label.setContentsMargins(6, 2, 6, 2)
                self.labels[step] = label
                line.addWidget(label)
            column.addLayout(line)
            box = QWidget()
            box.setLayout(column)
            row.addWidget(box, len(steps))
        self.current = ""
        watch(self)

    def display(self, step: str) -> None:
        if step != self.current:
            old, self.current = self.current, step
            for name in self.labels:  # the two steps, and the chain steps shown or hidden
                if name in (old, step) or is_chain_step(name):
                    self._label(name)

    def retranslate(self) -> None:
        for phase, header in self.headers.items():
            header.setText(self.view.phase(phase))
            words = header.text().split()  # wrapped, but no word cut
            header.setMinimumWidth(max(header.fontMetrics().horizontalAdvance(w) for w in words) + 4)
        for step in self.labels:
            self._label(step)

    def _label(self, step: str) -> None:
        label = self.labels[step]
        letter = self.view.letters.get(step, "·")
        name = self.view.step_name(step)
        now = step == self.current
        # the whole turn fits one line: steps show their letter, the current one its name too
        label.setText(MESSAGES("step", letter=letter, name=name) if now else letter)
        label.setForegroundRole(QPalette.ColorRole.HighlightedText if now else QPalette.ColorRole.WindowText)
        label.setToolTip(MESSAGES("current_tip" if now else "step_tip",
                                  phase=self.view.phase(step.split("_")[0]), step=name))
        chain_of = self.current.rsplit("_chain_", 1)[0] if is_chain_step(self.current) else None
        label.setVisible(not is_chain_step(step) or step.rsplit("_chain_", 1)[0] == chain_of)

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().paintEvent(event)
        label = self.labels.get(self.current)
        if label is None or not label.isVisible():
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(self.palette().color(QPalette.ColorRole.Highlight))
        p.drawRoundedRect(QRectF(label.rect().translated(label.mapTo(self, QPoint(0, 0)))), 4, 4)
        p.end()

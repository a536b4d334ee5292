"""The phase tracker: every phase and step of the turn, read from the state machine's own table
(the game's `GameView.states`, e.g. `referee.games.naruto.table.STATES`), in words. The phases stand
in a row, the current one stressed; under them, the steps of the current phase, the current step
stressed (each phase's steps are named in its tooltip too). Naruto's chain steps appear only while a
chain is open, beside the step that opened it.

"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from localization import Messages

from ..i18n import watch
from .game import GameView

MESSAGES = Messages("gui.match.phases", {
    "phase_tip": "{phase}: {steps}",
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
    """Two rows of words: the phases, then the current phase's steps. The current phase and step are
    rounded tags in the highlight colour, which the tracker paints under their labels (a style sheet
    would do the same at several times the cost of every restyle, relayout and repaint of the
    tracker, after most clicks)."""

    def __init__(self, view: GameView):
        super().__init__()
        self.view = view
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.labels: dict[str, QLabel] = {}
        self.headers: dict[str, QLabel] = {}
        self.rows: dict[str, QWidget] = {}  # each phase's row of steps, shown while it is current
        self.steps = dict(phases(self.view.states))
        column = QVBoxLayout(self)
        column.setContentsMargins(6, 2, 6, 2)
        column.setSpacing(2)
        top = QHBoxLayout()
        bold = self.font()
        bold.setBold(True)
        under = QHBoxLayout()
        for phase, steps in self.steps.items():
            header = QLabel()
            header.setObjectName(phase)
            header.setFont(bold)
            header.setContentsMargins(6, 1, 6, 1)
            self.headers[phase] = header
            top.addWidget(header)
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            line.setSpacing(4)
            for step in steps:
                label = QLabel()
                label.setObjectName(step)
                label.setContentsMargins(6, 1, 6, 1)
                self.labels[step] = label
                line.addWidget(label)
            line.addStretch(1)
            row.hide()
            self.rows[phase] = row
            under.addWidget(row)
        top.addStretch(1)
        column.addLayout(top)
        column.addLayout(under)
        self.current = ""
        watch(self)

    def display(self, step: str) -> None:
        if step != self.current:
            old, self.current = self.current, step
            for name in self.labels:  # the two steps, and the chain steps shown or hidden
                if name in (old, step) or is_chain_step(name):
                    self._label(name)
            for phase in {old.split("_")[0], step.split("_")[0]} & set(self.headers):
                self._header(phase)

    def retranslate(self) -> None:
        for phase in self.headers:
            self._header(phase)
        for step in self.labels:
            self._label(step)

    def _header(self, phase: str) -> None:
        header = self.headers[phase]
        now = phase == self.current.split("_")[0]
        header.setText(self.view.phase(phase))
        header.setForegroundRole(QPalette.ColorRole.HighlightedText if now else QPalette.ColorRole.WindowText)
        header.setToolTip(MESSAGES("phase_tip", phase=self.view.phase(phase), steps=", ".join(
            self.view.step_name(s) for s in self.steps[phase] if not is_chain_step(s))))
        self.rows[phase].setVisible(now)

    def _label(self, step: str) -> None:
        label = self.labels[step]
        name = self.view.step_name(step)
        now = step == self.current
        label.setText(name)
        label.setForegroundRole(QPalette.ColorRole.HighlightedText if now else QPalette.ColorRole.WindowText)
        label.setToolTip(MESSAGES("current_tip" if now else "step_tip",
                                  phase=self.view.phase(step.split("_")[0]), step=name))
        chain_of = self.current.rsplit("_chain_", 1)[0] if is_chain_step(self.current) else None
        label.setVisible(not is_chain_step(step) or step.rsplit("_chain_", 1)[0] == chain_of)

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().paintEvent(event)
        shown = [w for w in (self.headers.get(self.current.split("_")[0]), self.labels.get(self.current))
                 if w is not None and w.isVisible()]
        if not shown:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(self.palette().color(QPalette.ColorRole.Highlight))
        for widget in shown:
            p.drawRoundedRect(QRectF(widget.rect().translated(widget.mapTo(self, QPoint(0, 0)))), 4, 4)
        p.end()

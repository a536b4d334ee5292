"""A titled frame: what a QGroupBox shows, at a fraction of its painting cost (a styled group box
costs about 0.2 ms to paint, and the match page repaints a dozen of them after every click); and a
scroll area fitted to the wrapped lines of its widget."""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QLabel, QLayout, QScrollArea, QVBoxLayout


class FittingScroll(QScrollArea):
    """A scroll area whose widget keeps the height its wrapped lines need at this width, so that the
    area scrolls rather than squeezing them (a scroll area does not ask its widget the height for a
    width). Call `fit` after changing the widget's texts."""

    def __init__(self):
        super().__init__()
        self.setWidgetResizable(True)

    def fit(self) -> None:
        box = self.widget()
        if box is None or box.layout() is None:
            return
        height = box.layout().totalHeightForWidth(self.viewport().width())
        if height > 0:
            box.setMinimumHeight(height)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.fit()


class TitledFrame(QFrame):
    def __init__(self, body: QLayout):
        super().__init__()
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.heading = QLabel()
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        column = QVBoxLayout(self)
        column.setContentsMargins(6, 4, 6, 6)
        column.setSpacing(2)
        column.addWidget(self.heading)
        column.addLayout(body)

    def setTitle(self, text: str) -> None:  # noqa: N802 (as QGroupBox)
        self.heading.setText(text)

    def title(self) -> str:
        return self.heading.text()

"""Entry point of the desktop application (`referee-gui`).

A minimal window for now; the real main window replaces it with the GUI issue.
"""

from __future__ import annotations

import sys
from typing import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

from localization import Messages

MESSAGES = Messages("gui.app", {
    "window_title": "Referee",
    "welcome": "Naruto CCG referee",
})


def build_window() -> QMainWindow:
    """Build the main window without showing it or running the event loop.

    A QApplication must exist before this is called.
    """
    window = QMainWindow()
    window.setWindowTitle(MESSAGES("window_title"))
    label = QLabel(MESSAGES("welcome"))
    label.setObjectName("welcome")
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    window.setCentralWidget(label)
    window.resize(480, 320)
    return window


def main(argv: Sequence[str] | None = None) -> int:
    """Create the application, show the main window and run the event loop."""
    args = list(sys.argv if argv is None else argv)
    app = QApplication.instance() or QApplication(args)
    window = build_window()
    window.show()
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())

"""Entry point of the desktop application (`referee-gui`).

    referee-gui [--lang es|ru|fr|en] [--database-url URL]

The language is ``--lang``, else the one saved in the settings, else ``REFEREE_LANG`` or the system
locale (as for the command line); the database is ``--database-url``, else the saved one, else the
default SQLite file.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Sequence

from PySide6.QtWidgets import QApplication

import localization

from .context import AppContext
from .i18n import language
from .main_window import MainWindow


def prepare_qt() -> None:
    """What Qt reads from the environment when it starts: call before the QApplication is made.

    Qt's raster engine hands every fill of 96 lines or more (a scroll bar's groove, a panel's
    gradient) to a pool of threads and waits for them; for widgets the hand-over costs far more than
    the fill (on a 2-core machine a scroll bar repaints in 0.04 ms without it, 0.5 ms with it).
    ``QT_NO_GUI_THREADPOOL`` keeps painting on the GUI thread."""
    os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")


def build_window(context: AppContext | None = None, lang: str | None = None) -> MainWindow:
    """Build the main window without showing it or running the event loop.

    A QApplication must exist before this is called.
    """
    context = context or AppContext()
    chosen, _notice = localization.choose_language(lang or context.language)
    language().set(chosen)
    return MainWindow(context)


def main(argv: Sequence[str] | None = None) -> int:
    """Create the application, show the main window and run the event loop."""
    args = list(sys.argv if argv is None else argv)
    parser = argparse.ArgumentParser(prog="referee-gui", add_help=False)
    parser.add_argument("--lang", default=None)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--settings", type=Path, default=None)
    options, rest = parser.parse_known_args(args[1:])
    prepare_qt()
    app = QApplication.instance() or QApplication(args[:1] + rest)
    window = build_window(AppContext(options.settings, options.database_url), options.lang)
    window.show()
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())

"""Entry point of the desktop application (`referee-gui`).

    referee-gui [--lang es|ru|fr|en] [--database-url URL] [--settings FILE]

The language is ``--lang``, else the one saved in the settings, else ``REFEREE_LANG`` or the system
locale (as for the command line); the database is ``--database-url``, else the saved one, else the
default SQLite file. ``--help`` prints the options in that language, and a machine without the
system libraries a window needs is told which packages to install (`gui.display`) rather than
left with Qt's abort.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Sequence

from PySide6.QtWidgets import QApplication

import localization
from localization import Messages, choose_language, current, set_language
from localization.argparse_strings import use_for_argparse

from .context import AppContext
from .display import missing_packages
from .i18n import language
from .main_window import MainWindow

MESSAGES = Messages("gui.app", {
    "description": "The card game referee's window: matches refereed at a real table or played on "
                   "screen, the card catalogue, decks, match records and the rules.",
    "lang_help": "the language of the window (es, ru, fr, en); default: the saved one, else the system's",
    "database_help": "the database of cards and matches (a SQLite file or a PostgreSQL address); "
                     "default: the saved one",
    "settings_help": "the settings file; default: the user's",
    "arg_lang": "LANGUAGE",
    "arg_url": "URL",
    "arg_file": "FILE",
    "missing": "The window cannot open: this computer lacks system libraries it needs. On Debian or "
               "Ubuntu, install them with:\n    sudo apt install {packages}",
})


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


def parser() -> argparse.ArgumentParser:
    """The options, described in the active language."""
    m = MESSAGES
    top = argparse.ArgumentParser(prog="referee-gui", description=m("description"))
    top.add_argument("--lang", default=None, metavar=m("arg_lang"), help=m("lang_help"))
    top.add_argument("--database-url", default=None, metavar=m("arg_url"), help=m("database_help"))
    top.add_argument("--settings", type=Path, default=None, metavar=m("arg_file"), help=m("settings_help"))
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Read the options (``--help`` prints them), check that a window can open, then create the
    application, show the main window and run the event loop."""
    args = list(sys.argv if argv is None else argv)
    lang = next((a.split("=", 1)[1] for a in args if a.startswith("--lang=")), None)
    if "--lang" in args[1:-1]:
        lang = args[args.index("--lang") + 1]
    set_language(choose_language(lang)[0])
    use_for_argparse(current())
    options, rest = parser().parse_known_args(args[1:])
    missing = missing_packages()
    if missing:
        print(MESSAGES("missing", packages=" ".join(missing)), file=sys.stderr)
        return 1
    prepare_qt()
    app = QApplication.instance() or QApplication(args[:1] + rest)
    window = build_window(AppContext(options.settings, options.database_url), options.lang)
    window.show()
    window.start.warm_up()
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())

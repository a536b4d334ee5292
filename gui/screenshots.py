"""Screenshots of the match window in every language, for the README.

    python -m gui.screenshots [FOLDER]     (default: docs/screenshots)

Each showcase of each game (`gui.games.GameApp.showcases`, in the game registry's order) opens a
seeded match worth showing on its page, which is then saved once per language as
``<name>-<lang>.png`` with the window at 1280×720: the Naruto CCG's guided game played at random
until a Jutsu chain is open in a later turn, so that the board, the options, the chain and the log
all have something to show (``match-<lang>.png``), and until a Showdown between two teams with rear
Ninjas is worked out, its arithmetic shown (``showdown-<lang>.png``); a lesson in the Battle phase
with a hint asked and the Showdown of the hinted send foreseen (``teacher-<lang>.png``); a finished
game's replay with its turning points (``review-<lang>.png``); Llamas Unleashed's game of four (the heuristic on every seat) played until a
card is on the instant pile and the first seat may answer it, mid-game, with the pile shown
(``llamas-<lang>.png``). Runs offscreen.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

from localization import LANGUAGES
from referee.games import GAMES

ROOT = Path(__file__).resolve().parent.parent


def save_all(window, app, name: str, folder: Path) -> None:
    from .i18n import language

    for lang in LANGUAGES:
        language().set(lang)
        for _ in range(5):  # item views lay their rows out on a timer of their own
            app.processEvents()
            time.sleep(0.02)
        path = folder / f"{name}-{lang}.png"
        window.grab().save(str(path), "PNG")
        print(path)
    language().set("en")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0]) if args else ROOT / "docs" / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from .app import build_window, prepare_qt
    from .context import AppContext
    from .games import app as game_app

    prepare_qt()
    app = QApplication.instance() or QApplication([])
    work = tempfile.mkdtemp(prefix="referee-shots-")
    context = AppContext(Path(work) / "gui.ini", f"sqlite:///{work}/referee.sqlite")
    window = build_window(context, "en")
    window.resize(1280, 720)
    window.show()
    for game in GAMES:
        for name, showcase in game_app(game).showcases.items():
            showcase(window)
            save_all(window, app, name, folder)
            window.home()
    window.close()
    context.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

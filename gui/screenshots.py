"""Screenshots of the match window in every language, for the README.

    python -m gui.screenshots [FOLDER]     (default: docs/screenshots)

A seeded guided game is played at random until a Jutsu chain is open in a later turn, so that the
board, the options, the chain and the log all have something to show; the window (1280×720) is
then saved once per language as ``match-<lang>.png``. Then a seeded Llamas Unleashed game of four
(the heuristic on every seat) is played until a card is on the instant pile and the first seat may
answer it, mid-game, and saved as ``llamas-<lang>.png`` with the pile shown. Runs offscreen.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

from localization import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent


def interesting(match) -> bool:
    s = match.state
    return s.turn >= 7 and s.phase == "battle_exchange_chain_priority" and len(s.chain) >= 1


def llamas_interesting(match) -> bool:
    """Mid-game, another player's card on the pile, and seat 1 asked whether to answer it."""
    s = match.state
    return s.turn >= 9 and s.phase == "action_window" and match.actor == 0 and s.pile[-1]["player"] != 0


def save_all(window, app, name: str, folder: Path) -> None:
    from .i18n import language

    for lang in LANGUAGES:
        language().set(lang)
        app.processEvents()
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

    from referee.games.llamas.opponent import HeuristicPlayer
    from referee.games.naruto.decks import random_deck
    from referee.games.naruto.rules import new_match

    from .app import build_window, prepare_qt
    from .context import AppContext

    prepare_qt()
    app = QApplication.instance() or QApplication([])
    work = tempfile.mkdtemp(prefix="referee-shots-")
    context = AppContext(Path(work) / "gui.ini", f"sqlite:///{work}/referee.sqlite")
    window = build_window(context, "en")
    window.resize(1280, 720)
    window.show()
    cards = context.cards()
    for seed in range(1, 200):
        rng = random.Random(seed)
        match = new_match([random_deck(cards, "standard", rng), random_deck(cards, "standard", rng)], seed=seed,
                          cards=cards, names=("Sakura", "Zabuza"))
        while not match.is_over() and not interesting(match):
            match.apply(rng.choice(match.legal_actions()))
        if interesting(match):
            break
    page = window.open_match(match)
    page.tabs.setCurrentWidget(page.chain)
    save_all(window, app, "match", folder)
    window.home()
    llamas = llamas_game()
    computers = {k: HeuristicPlayer(k) for k in range(1, len(llamas.state.players))}
    page = window.open_match(llamas, computer=computers)
    page.delay_ms = 10**9  # the computers wait while the pictures are taken
    page.tabs.setCurrentWidget(page.pile)
    save_all(window, app, "llamas", folder)
    window.close()
    context.close()
    return 0


def llamas_game():
    """A seeded game of four, played by the heuristic until `llamas_interesting`."""
    from referee.games.llamas.opponent import HeuristicPlayer
    from referee.games.llamas.rules import new_match

    for seed in range(1, 200):
        match = new_match(4, seed=seed, names=("Ana", "Boris", "Chloé", "Dmitri"))
        players = {k: HeuristicPlayer(seed + k) for k in range(4)}
        while not match.is_over() and not llamas_interesting(match):
            match.apply(players[match.actor].choose(match))
        if llamas_interesting(match):
            return match
    raise RuntimeError("no seed reaches an open instant pile")


if __name__ == "__main__":
    raise SystemExit(main())

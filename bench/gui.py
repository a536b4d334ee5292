"""GUI speed: from an option click to the repainted match window, and the cold start.

    python bench/gui.py [--game ID] [--clicks N] [--seed S]

*Click to repaint*: on a mid-game guided position (a seeded random game of the default game unless
``--game``, played to turn 6: random legal decks of the catalogue's cards for a game played with
deck lists, else the game's own `random_match`), with Qt
set up as the application sets it up (`gui.app.prepare_qt`), one of the enabled options is clicked
and the event loop runs until it has painted what changed and deleted the widgets replaced
(`processEvents`, then the deferred deletions, as after a real click), timed together with
`time.perf_counter_ns`; the same is printed with a forced repaint of the whole window
(`QWidget.repaint`), an upper bound; each also by this process's CPU time, steadier than the wall
clock on a busy machine; then the action is undone through the page (not timed) so that every click
starts from a comparable position. *Cold start*: a fresh Python process imports the application,
opens the catalogue and shows the first window; its own clock stops when the window is exposed.
Runs offscreen (QT_QPA_PLATFORM=offscreen).

Goals: click to repaint p50 <= 16 ms, p99 <= 50 ms; cold start <= 1.5 s.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from referee.games import DEFAULT, GAMES  # noqa: E402 (the registry: light)

_COLD = """
import time; t0 = time.perf_counter()
import sys; sys.path.insert(0, {root!r})
from PySide6.QtWidgets import QApplication
from gui.app import build_window, prepare_qt
from gui.context import AppContext
prepare_qt()
app = QApplication([])
window = build_window(AppContext({ini!r}, {url!r}), "en")
window.show()
app.processEvents()
print(time.perf_counter() - t0)
"""


def cold_start(folder: str) -> float:
    """Seconds to the first shown window in a new process (the catalogue already exists, as after
    the first run)."""
    code = _COLD.format(root=str(ROOT), ini=f"{folder}/gui.ini", url=f"sqlite:///{folder}/referee.sqlite")
    return float(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True,
                                env=os.environ).stdout.strip().splitlines()[-1])


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=tuple(GAMES), default=DEFAULT)
    parser.add_argument("--clicks", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    from gui.app import build_window, prepare_qt
    from gui.context import AppContext

    prepare_qt()  # as the application does
    app = QApplication.instance() or QApplication([])
    folder = tempfile.mkdtemp(prefix="referee-bench-")
    context = AppContext(Path(folder) / "gui.ini", f"sqlite:///{folder}/referee.sqlite")
    window = build_window(context, "en")
    window.show()
    rng = random.Random(args.seed)
    entry, play = GAMES[args.game], GAMES[args.game].part("play")
    fmt, seats = entry.default_format, min(entry.seats)
    if entry.deck_lists:  # as the application sets it up: random legal decks of the catalogue's cards
        cards, random_deck = context.cards(args.game), entry.part("decks").random
        match = play.from_decks([random_deck(cards, fmt, rng) for _ in range(seats)], fmt=fmt, seed=args.seed,
                                cards=cards)
    else:
        match = play.random_match(rng, fmt, seats)
    page = window.open_match(match)
    while match.state.turn < 6 and not match.is_over():  # a mid-game position
        page.adapter.apply(rng.choice(match.legal_actions()))
    app.processEvents()

    def settle() -> None:
        """Run the posted events, as the event loop does after a click: a click made here comes from no
        event, so Qt would never delete the widgets it replaced (``deleteLater``) in processEvents."""
        app.processEvents()
        app.sendPostedEvents(None, QEvent.Type.DeferredDelete)

    times: dict[str, list[float]] = {"events": [], "full": []}
    cpu: dict[str, list[float]] = {"events": [], "full": []}  # this process's CPU time: steadier on a busy machine
    for i in range(args.clicks):
        buttons = [b for b in page.options.buttons if b.isEnabled()] + \
                  [b for b in page.controls.values() if b.isEnabled()]
        kind = "full" if i % 2 else "events"
        start, start_cpu = time.perf_counter_ns(), time.process_time_ns()
        rng.choice(buttons).click()
        if kind == "full":
            window.repaint()
            app.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        else:
            settle()
        times[kind].append((time.perf_counter_ns() - start) / 1e6)
        cpu[kind].append((time.process_time_ns() - start_cpu) / 1e6)
        page.adapter.undo()
        settle()
    cold = [cold_start(folder) for _ in range(3)]
    for kind, label in (("events", "click to repaint"), ("full", "click to full-window repaint")):
        t, c = times[kind], cpu[kind]
        print(f"{label}: p50 {percentile(t, 0.5):.1f} ms, p99 {percentile(t, 0.99):.1f} ms, "
              f"mean {statistics.mean(t):.1f} ms over {len(t)} clicks (goals: p50 <= 16, p99 <= 50); "
              f"CPU time p50 {percentile(c, 0.5):.1f} ms, p99 {percentile(c, 0.99):.1f} ms")
    print(f"cold start to the first window: median {statistics.median(cold):.2f} s of {len(cold)} runs "
          f"(goal: <= 1.5)")
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

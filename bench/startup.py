"""Command-line start-up: the wall-clock time of the `referee` commands that need no catalogue nor
database, each run whole in a new process, against the time of a Python that does nothing.

    python bench/startup.py [--runs N]

Each command is run ``N`` times as ``sys.executable -m referee.cli ...`` (the interpreter running
this script, so the project's virtual environment), timed with `time.perf_counter` from the start
of the child process to its end, output discarded: that is what a user waits for when typing it.
The commands:

- ``referee --help``: importing the command line and building every parser, the plugins' ones
  included (the catalogue's `cards`, `deck`, `matches` and `rules`);
- ``referee selfplay --games 1``: the same, then the Naruto engine and one random game (about a
  tenth of a second of it is the game itself);
- ``referee rules list`` and ``referee rules show N-SETUP-3``: the rules reference;
- ``referee diagram``: the Naruto CCG's turn machine drawn as mermaid.

The yardstick is ``python -c pass`` with the same interpreter, in the same run: a new process that
imports nothing of the project, the floor of any command's time on this machine. The runs go round
the commands in turn (after one run of each that is not counted, which also writes the bytecode
caches), so that each sees the same load on a shared machine.

The children get a ``REFEREE_DATABASE_URL`` of their own, a SQLite file in a temporary folder, so
that nothing touches the user's data; none of these commands should open it, and the bench says so
if one created it.

Goal: each command in at most 0.3 s (its median); before the plugins deferred the database layer
(SQLModel, SQLAlchemy, Alembic) to the commands that use it, they took about 0.8 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

GOAL = 0.3  # seconds, wall clock, the median of each command
COMMANDS = (
    ("referee --help", ["--help"]),
    ("referee selfplay --games 1", ["selfplay", "--games", "1"]),
    ("referee rules list", ["rules", "list"]),
    ("referee rules show N-SETUP-3", ["rules", "show", "N-SETUP-3"]),
    ("referee diagram", ["diagram"]),
)
YARDSTICK = "python -c pass"


def timed(argv: list[str], env: dict[str, str]) -> float:
    """Seconds of one run of ``argv``, from starting the process to its end; a failing command
    stops the bench with its error output."""
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(argv)} failed ({done.returncode}):\n{done.stderr}")
    return seconds


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=15, help="timed runs of each command (default: 15)")
    args = ap.parse_args(argv)

    runs = {YARDSTICK: [sys.executable, "-c", "pass"]}
    runs.update({label: [sys.executable, "-m", "referee.cli", *command] for label, command in COMMANDS})
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "referee.db"
        env = {**os.environ, "REFEREE_DATABASE_URL": f"sqlite:///{database}"}
        for command in runs.values():  # not counted: bytecode caches, the disk cache
            timed(command, env)
        seconds: dict[str, list[float]] = {label: [] for label in runs}
        for _ in range(max(1, args.runs)):
            for label, command in runs.items():
                seconds[label].append(timed(command, env))
        opened = database.exists()

    width = max(len(label) for label in runs)
    print(f"python {sys.version.split()[0]}, {args.runs} runs of each command (wall clock, seconds)")
    print(f"{'':<{width}}  median    max")
    floor = statistics.median(seconds[YARDSTICK])
    for label, times in seconds.items():
        median = statistics.median(times)
        line = f"{label:<{width}}  {median:6.3f} {max(times):6.3f}"
        if label != YARDSTICK:
            line += f"  ({median - floor:+.3f} over the yardstick)  {'ok' if median <= GOAL else 'SLOW'}"
        print(line)
    slow = [label for label in seconds if label != YARDSTICK and statistics.median(seconds[label]) > GOAL]
    print(f"goal: every command <= {GOAL:g} s (median): {'met' if not slow else 'missed by ' + ', '.join(slow)}")
    if opened:
        print("note: a command created the throwaway database: it opened the catalogue")
    return 0 if not slow else 1


if __name__ == "__main__":
    sys.exit(main())

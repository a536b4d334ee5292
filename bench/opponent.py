"""The computer opponent: win rate of a game's heuristic player against random players and the time
each takes per decision.

    python bench/opponent.py [--game ID] [--games N] [--seed S] [--format F] [--players P]

Game k is the same every run: set up by the game's own `random_match` (the Naruto CCG: two random
legal decks) with the rng seeded from ``S * 1_000_003 + k``, the heuristic in seat ``k % P`` (each
seat in turn), every player seeded with k; the game's computer players are its registry entry's
(``random``, ``heuristic``). A *decision* is one
``choose(match)`` call, timed with `time.perf_counter_ns` (wall clock) and `time.thread_time_ns` (CPU);
applying the action is not counted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from anywhere in the checkout

from referee.engine.playout import MAX_ACTIONS  # noqa: E402
from referee.games import DEFAULT, GAMES  # noqa: E402


def percentile(values: list[int], q: float) -> float:
    ordered = sorted(values)
    return float(ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=tuple(GAMES), default=DEFAULT)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--format", default=None, help="the deck format (default: the game's first)")
    ap.add_argument("--players", type=int, default=2, help="players, if the game may have that many (else its fewest)")
    args = ap.parse_args(argv)
    entry = GAMES[args.game]
    play = entry.part("play")
    fmt = args.format if args.format in entry.formats else entry.default_format
    seats = args.players if args.players in entry.seats else min(entry.seats)

    wall: dict[str, list[int]] = {"heuristic": [], "random": []}
    cpu: dict[str, list[int]] = {"heuristic": [], "random": []}
    wins, rules, turns, unfinished = 0, Counter(), [], 0
    clock, cpu_clock = time.perf_counter_ns, time.thread_time_ns
    start = clock()
    for k in range(args.games):
        rng = random.Random(args.seed * 1_000_003 + k)
        match = play.random_match(rng, fmt, seats)
        seat = k % seats
        players = {s: ("random", play.computers["random"](k)) for s in range(seats)}
        players[seat] = ("heuristic", play.computers["heuristic"](k))
        for _ in range(MAX_ACTIONS):
            if match.is_over():
                break
            name, player = players[match.actor]
            c0, t0 = cpu_clock(), clock()
            action = player.choose(match)
            wall[name].append(clock() - t0)
            cpu[name].append(cpu_clock() - c0)
            match.apply(action)
        outcome = match.outcome()
        if outcome is None:
            unfinished += 1
            continue
        wins += outcome.winner == seat
        rules[("heuristic" if outcome.winner == seat else "random", outcome.rule)] += 1
        turns.append(match.state.turn)
    seconds = (clock() - start) / 1e9

    print(f"python {sys.version.split()[0]}, {args.game}, format {fmt}, {seats} players, seed {args.seed}, one process")
    print(f"games: {args.games} in {seconds:.1f} s, unfinished {unfinished}, "
          f"turns per game: mean {statistics.fmean(turns):.1f}")
    print(f"heuristic wins: {wins} of {args.games} ({100 * wins / args.games:.1f}%)")
    print("wins by rule: " + ", ".join(f"{who} {rule} {n}" for (who, rule), n in sorted(rules.items())))
    for name in ("heuristic", "random"):
        w, c = wall[name], cpu[name]
        print(f"{name} decision (choose): {len(w)} decisions, median {statistics.median(w) / 1000:.0f} us, "
              f"mean {statistics.fmean(w) / 1000:.0f} us, p99 {percentile(w, 0.99) / 1000:.0f} us, "
              f"max {max(w) / 1e6:.1f} ms; by CPU time: median {statistics.median(c) / 1000:.0f} us, "
              f"mean {statistics.fmean(c) / 1000:.0f} us")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

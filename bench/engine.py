"""Engine speed: random whole games per second and the cost of one decision, against the cost of one
bare `transitions` trigger.

    python bench/engine.py [--games N] [--seed S] [--format standard|french] [--profile [N]]

A *decision* is what a player (or a program playing for one) does once: ask `legal_actions()` and
`apply()` one of them; both are timed together with `time.perf_counter_ns` (wall clock) and
`time.thread_time_ns` (CPU). Applying includes every trigger the action fires, the automatic steps
that follow it (a draw, a Showdown, the end of a turn...) and the undo snapshot.

The yardstick, the *bare trigger*, is one `HierarchicalMachine.trigger_event` of the stock
`transitions` class (not the engine's memoizing subclass, `referee/engine/hsm.py`) on a plain object,
in a machine of one parent with two children (states two levels deep, as most of the engine's steps;
its chain steps are three and four deep), built with the engine's settings
(`referee/engine/machine.py`: model=None, auto_transitions=False, send_event=True) and one trivial
condition per transition. Its samples are taken in batches between the games rather than all after
them, so that decisions and triggers are timed under the same load on a shared machine; the ratio is
given by wall clock (the goal) and by CPU time. For reference the bench also times the same trigger
on the engine's `SharedMachine`. Everything runs in this one process, on one core.

Goals: a decision costs at most 2 bare triggers; at least 50 random games per second.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from anywhere in the checkout

from transitions.extensions import HierarchicalMachine  # noqa: E402

from referee.engine.hsm import SharedMachine  # noqa: E402
from referee.games.naruto.cards import bundled  # noqa: E402
from referee.games.naruto.decks import random_deck  # noqa: E402
from referee.games.naruto.rules import new_match  # noqa: E402

DECISION_GOAL = 2.0  # a decision costs at most this many bare triggers
GAMES_GOAL = 50.0  # random whole games per second, one core
BARE_SAMPLES = 20_000


def percentile(values: list[int], q: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return float(ordered[k])


def matches(games: int, seed: int, fmt: str):
    """The same matches every run: decks and shuffles from ``seed``, one rng per game for the choices."""
    cards = bundled()
    for g in range(games):
        rng = random.Random(seed * 1_000_003 + g)
        decks = [random_deck(cards, fmt, rng), random_deck(cards, fmt, rng)]
        yield new_match(decks, fmt=fmt, seed=rng.randrange(2**32)), rng


def bare_machine(cls: type = HierarchicalMachine):
    """The yardstick's machine (one parent, two children, the engine's settings, a trivial condition
    on each transition), warmed up. Returns (its trigger function, the model)."""

    class Model:
        state = "top_a"

    machine = cls(
        model=None,
        states=[{"name": "top", "children": ["a", "b"]}],
        transitions=[
            {"trigger": "go", "source": "top_a", "dest": "top_b", "conditions": [lambda event: True]},
            {"trigger": "back", "source": "top_b", "dest": "top_a", "conditions": [lambda event: True]},
        ],
        initial="top_a",
        auto_transitions=False,
        send_event=True,
    )
    model = Model()
    trigger = machine.trigger_event
    for _ in range(1000):
        trigger(model, "go")
        trigger(model, "back")
    return trigger, model


def bare_triggers(trigger, model, samples: int, wall: list[int], cpu: list[int]) -> None:
    """``samples`` single triggers (go and back in turn, an even number), each timed by wall clock and
    by CPU time."""
    clock, cpu_clock = time.perf_counter_ns, time.thread_time_ns
    for k in range(samples + samples % 2):
        name = "go" if k % 2 == 0 else "back"
        c0 = cpu_clock()
        t0 = clock()
        ok = trigger(model, name)
        t1 = clock()
        cpu.append(cpu_clock() - c0)
        wall.append(t1 - t0)
        assert ok
    assert model.state == "top_a"


def play_timed(games: int, seed: int, fmt: str, bare_samples: int = 0):
    """Whole random games: (seconds of wall clock and of CPU for the playing alone, wall-clock ns per
    decision, CPU ns per decision, games finished, bare trigger wall ns, bare trigger CPU ns). On a
    shared machine the wall clock also counts the time other processes hold the core; the CPU clock
    (`time.thread_time_ns`) does not. About ``bare_samples`` bare triggers are timed in all, a batch
    after each game (outside the games' time)."""
    wall: list[int] = []
    cpu: list[int] = []
    bare_wall: list[int] = []
    bare_cpu: list[int] = []
    total_wall = total_cpu = 0
    finished = 0
    clock, cpu_clock = time.perf_counter_ns, time.thread_time_ns
    per_game = -(-bare_samples // games) if bare_samples else 0
    trigger, model = bare_machine() if per_game else (None, None)
    for match, rng in matches(games, seed, fmt):
        game_wall, game_cpu = clock(), cpu_clock()
        while not match.is_over():
            c0 = cpu_clock()
            t0 = clock()
            actions = match.legal_actions()
            match.apply(rng.choice(actions))
            t1 = clock()
            cpu.append(cpu_clock() - c0)
            wall.append(t1 - t0)
        total_wall += clock() - game_wall
        total_cpu += cpu_clock() - game_cpu
        finished += match.is_over()
        if per_game:
            bare_triggers(trigger, model, per_game, bare_wall, bare_cpu)
    return total_wall / 1e9, total_cpu / 1e9, wall, cpu, finished, bare_wall, bare_cpu


def shared_trigger_ns(samples: int = BARE_SAMPLES) -> list[int]:
    """The yardstick's trigger on the engine's machine class, for reference."""
    trigger, model = bare_machine(SharedMachine)
    wall: list[int] = []
    bare_triggers(trigger, model, samples, wall, [])
    return wall


def profile(games: int, seed: int, fmt: str, top: int) -> str:
    """cProfile of the decision loop (legal_actions + apply) over ``games`` games."""
    prepared = list(matches(games, seed, fmt))

    def loop() -> None:
        for match, rng in prepared:
            while not match.is_over():
                match.apply(rng.choice(match.legal_actions()))

    prof = cProfile.Profile()
    prof.runcall(loop)
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--format", choices=("standard", "french"), default="standard")
    ap.add_argument("--profile", type=int, nargs="?", const=30, default=0, metavar="N",
                    help="also print the N top functions of a cProfile run of the decision loop")
    args = ap.parse_args(argv)

    play_timed(3, args.seed + 999, args.format)  # warm up caches (card table, machines)
    seconds, cpu_seconds, per_decision, cpu_decision, finished, bare, bare_cpu = play_timed(
        args.games, args.seed, args.format, bare_samples=BARE_SAMPLES)
    shared = shared_trigger_ns()

    games_per_s = args.games / seconds
    decision_median = statistics.median(per_decision) / 1000
    decision_p99 = percentile(per_decision, 0.99) / 1000
    bare_median = statistics.median(bare) / 1000
    ratio = decision_median / bare_median
    cpu_ratio = statistics.median(cpu_decision) / statistics.median(bare_cpu)

    print(f"python {sys.version.split()[0]}, format {args.format}, seed {args.seed}, one process")
    print(f"games: {args.games} finished {finished}, decisions: {len(per_decision)} "
          f"({len(per_decision) / args.games:.0f} per game)")
    print(f"random games per second: {games_per_s:.1f} (by CPU time: {args.games / cpu_seconds:.1f}; "
          f"wall {seconds:.2f} s, CPU {cpu_seconds:.2f} s)")
    print(f"decision (legal_actions + apply): median {decision_median:.1f} us, p99 {decision_p99:.1f} us, "
          f"mean {statistics.fmean(per_decision) / 1000:.1f} us")
    print(f"decision by CPU time: median {statistics.median(cpu_decision) / 1000:.1f} us, "
          f"p99 {percentile(cpu_decision, 0.99) / 1000:.1f} us")
    print(f"bare transitions trigger (stock HierarchicalMachine, {len(bare)} samples between the games): "
          f"median {bare_median:.2f} us, p99 {percentile(bare, 0.99) / 1000:.2f} us, "
          f"by CPU time median {statistics.median(bare_cpu) / 1000:.2f} us")
    print(f"the same trigger on the engine's SharedMachine: median {statistics.median(shared) / 1000:.2f} us")
    print(f"decision / bare trigger (medians): {ratio:.2f}x (by CPU time: {cpu_ratio:.2f}x)")
    print(f"goal: decision <= {DECISION_GOAL:g}x one bare trigger: {'met' if ratio <= DECISION_GOAL else 'NOT met'} "
          f"({ratio:.2f}x)")
    print(f"goal: >= {GAMES_GOAL:g} games/s on one core: {'met' if games_per_s >= GAMES_GOAL else 'NOT met'} "
          f"({games_per_s:.1f})")
    if args.profile:
        print()
        print(profile(max(1, min(args.games, 50)), args.seed, args.format, args.profile))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

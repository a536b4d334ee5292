"""Engine speed: random whole games per second and the cost of one decision, against two yardsticks:
one bare `transitions` trigger, and one decision of python-chess.

    python bench/engine.py [--game ID|all] [--games N] [--seed S] [--format F] [--players P]
                           [--profile [N]] [--bytecodes [N]]

A *decision* is what a player (or a program playing for one) does once: ask `legal_actions()` and
`apply()` one of them; both are timed together with `time.perf_counter_ns` (wall clock) and
`time.thread_time_ns` (CPU). Applying includes every trigger the action fires, the automatic steps
that follow it (a draw, a Showdown, the end of a turn...) and the undo snapshot. Every game of the
registry (`referee.games`) is measured by default, its matches set up by its own `random_match`
(as `referee selfplay`): the Naruto CCG with two players and random legal decks of the format, Llamas
Unleashed with ``--players`` (four by default); a game takes ``--format`` and ``--players`` where
it has them, else its default format and its most players.

The first yardstick, the *bare trigger*, is one `HierarchicalMachine.trigger_event` of the stock
`transitions` class (not the engine's memoizing subclass, `referee/engine/hsm.py`) on a plain object,
in a machine of one parent with two children (states two levels deep, as most of the engine's steps;
its chain steps are three and four deep), built with the engine's settings
(`referee/engine/machine.py`: model=None, auto_transitions=False, send_event=True) and one trivial
condition per transition. For reference the bench also times the same trigger on the engine's
`SharedMachine`.

The second yardstick, a *chess decision*, is the same thing for python-chess (the `chess` package,
in the optional dependency group ``bench``: ``pip install -e '.[bench]'``): ``list(board.legal_moves)``,
one of them picked at random, ``board.push(move)``; a finished game (`Board.is_game_over`, not timed)
starts again from the initial position. Without the package the bench says so and leaves it out.

Samples of both yardsticks are taken in batches between the games rather than all after them, so
that decisions and yardsticks are timed under the same load on a shared machine; each game's
decisions are compared with the chess decisions timed between its own games (a shared machine's
speed drifts over a run). Everything runs in this one process, on one core.

Goals: a Naruto decision costs at most 2 bare triggers (medians, wall clock); at least 50 random
Naruto games per second; a Naruto decision costs at most 1.2 chess decisions and a Llamas decision
(four players) at most 1.5, by their means in CPU time (a mean on the wall clock also counts every
time another process held the core, which on a shared machine is most of its spread; both are
printed).
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import io
import pstats
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from anywhere in the checkout

from transitions.extensions import HierarchicalMachine  # noqa: E402

from referee.engine.hsm import SharedMachine  # noqa: E402
from referee.games import GAMES  # noqa: E402

try:
    import chess  # noqa: E402
except ImportError:  # the optional group `bench`
    chess = None

@dataclass(frozen=True)
class Goals:
    """What a game's decisions must meet: at most ``chess`` chess decisions (means, CPU time), and
    where given at most ``bare`` bare triggers (medians) and at least ``games`` random games a second."""

    chess: float
    bare: float | None = None
    games: float | None = None


#: each game's goals, by its registry id (a game without goals is measured and printed only)
GOALS = {"naruto": Goals(chess=1.2, bare=2.0, games=50.0), "llamas": Goals(chess=1.5)}
BARE_SAMPLES = 20_000
CHESS_SAMPLES = 20_000
NO_CHESS = ("python-chess is not installed, so the chess yardstick is left out: "
            "pip install -e '.[bench]' (or pip install chess)")


def percentile(values: list[int], q: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return float(ordered[k])


@dataclass
class Samples:
    """Timings in ns of one kind of step, by wall clock and by CPU time."""

    wall: list[int] = field(default_factory=list)
    cpu: list[int] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.wall)

    def mean(self, cpu: bool = False) -> float:
        return statistics.fmean(self.cpu if cpu else self.wall) / 1000

    def median(self, cpu: bool = False) -> float:
        return statistics.median(self.cpu if cpu else self.wall) / 1000

    def p99(self, cpu: bool = False) -> float:
        return percentile(self.cpu if cpu else self.wall, 0.99) / 1000

    def line(self) -> str:
        return (f"mean {self.mean():.1f} us, p99 {self.p99():.1f} us, median {self.median():.1f} us; "
                f"by CPU time mean {self.mean(True):.1f} us, p99 {self.p99(True):.1f} us")


def settings(game: str, fmt: str | None, players: int) -> tuple[str, int]:
    """The format and the seats ``game`` is measured with: those asked for where it has them, else
    its default format and its most seats."""
    entry = GAMES[game]
    return (fmt if fmt in entry.formats else entry.default_format,
            players if players in entry.seats else max(entry.seats))


def matches(game: str, games: int, seed: int, fmt: str | None = None, players: int = 4):
    """The same matches every run: set-ups and shuffles from ``seed`` (random legal decks where
    the game has decks), one rng per game for the choices."""
    fmt, seats = settings(game, fmt, players)
    random_match = GAMES[game].part("play").random_match
    for g in range(games):
        rng = random.Random(seed * 1_000_003 + g)
        yield random_match(rng, fmt, seats), rng


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


def bare_triggers(trigger, model, samples: int, out: Samples) -> None:
    """``samples`` single triggers (go and back in turn, an even number), each timed by wall clock and
    by CPU time."""
    clock, cpu_clock = time.perf_counter_ns, time.thread_time_ns
    wall, cpu = out.wall, out.cpu
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


class ChessGames:
    """Random python-chess games, one decision at a time, started again whenever one is over."""

    def __init__(self, seed: int):
        self.board = chess.Board()
        self.rng = random.Random(seed)
        for _ in range(200):  # warm up
            self._decide()

    def _decide(self) -> None:
        if self.board.is_game_over():
            self.board.reset()
        moves = list(self.board.legal_moves)
        self.board.push(self.rng.choice(moves))

    def decisions(self, samples: int, out: Samples) -> None:
        clock, cpu_clock = time.perf_counter_ns, time.thread_time_ns
        board, choice, wall, cpu = self.board, self.rng.choice, out.wall, out.cpu
        for _ in range(samples):
            if board.is_game_over():
                board.reset()
            c0 = cpu_clock()
            t0 = clock()
            moves = list(board.legal_moves)
            board.push(choice(moves))
            t1 = clock()
            cpu.append(cpu_clock() - c0)
            wall.append(t1 - t0)


class Yardsticks:
    """The bare trigger and the chess decision, timed in batches between the games: ``bare_samples``
    and ``chess_samples`` in all, spread over ``batches`` batches."""

    def __init__(self, batches: int, seed: int, bare_samples: int = BARE_SAMPLES,
                 chess_samples: int = CHESS_SAMPLES):
        self.trigger, self.model = bare_machine()
        self.chess = ChessGames(seed) if chess is not None else None
        self.bare_batch = -(-bare_samples // batches)
        self.chess_batch = -(-chess_samples // batches) if self.chess is not None else 0
        self.bare = Samples()

    def batch(self, chess_decisions: Samples) -> None:
        """One batch of each: the bare triggers into `bare`, the chess decisions into ``chess_decisions``."""
        bare_triggers(self.trigger, self.model, self.bare_batch, self.bare)
        if self.chess is not None:
            self.chess.decisions(self.chess_batch, chess_decisions)


@dataclass
class Run:
    """What `play_timed` measured for one game."""

    game: str
    games: int
    seconds: float = 0.0  # wall clock of the playing alone
    cpu_seconds: float = 0.0
    finished: int = 0
    decisions: Samples = field(default_factory=Samples)
    #: the chess decisions timed between this game's games
    chess: Samples = field(default_factory=Samples)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds


def play_timed(game: str, games: int, seed: int, *, fmt: str | None = None, players: int = 4,
               yardsticks: Yardsticks | None = None) -> Run:
    """Whole random games of ``game``, each decision timed, and after each game (outside the games'
    time) a batch of ``yardsticks``. On a shared machine the wall clock also counts the time other
    processes hold the core; the CPU clock (`time.thread_time_ns`) does not."""
    run = Run(game, games)
    clock, cpu_clock = time.perf_counter_ns, time.thread_time_ns
    wall, cpu = run.decisions.wall, run.decisions.cpu
    total_wall = total_cpu = 0
    for match, rng in matches(game, games, seed, fmt, players):
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
        run.finished += match.is_over()
        if yardsticks is not None:
            yardsticks.batch(run.chess)
    run.seconds, run.cpu_seconds = total_wall / 1e9, total_cpu / 1e9
    return run


def shared_trigger_ns(samples: int = BARE_SAMPLES) -> Samples:
    """The yardstick's trigger on the engine's machine class, for reference."""
    trigger, model = bare_machine(SharedMachine)
    out = Samples()
    bare_triggers(trigger, model, samples, out)
    return out


def decision_loop(game: str, games: int, seed: int, fmt: str, players: int):
    """The decision loop (legal_actions + apply) over ``games`` games set up beforehand, as a
    function to run under a profiler, and the count of its decisions once it has run."""
    prepared = list(matches(game, games, seed, fmt, players))
    done = [0]

    def loop() -> None:
        for match, rng in prepared:
            while not match.is_over():
                match.apply(rng.choice(match.legal_actions()))
                done[0] += 1

    return loop, done


def profile(game: str, games: int, seed: int, fmt: str, players: int, top: int) -> str:
    """cProfile of the decision loop over ``games`` games."""
    loop, _ = decision_loop(game, games, seed, fmt, players)
    prof = cProfile.Profile()
    prof.runcall(loop)
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)
    return out.getvalue()


def bytecodes(game: str, games: int, seed: int, fmt: str, players: int, top: int) -> str:
    """Where a decision's bytecodes go: the bytecodes the decision loop runs over ``games`` games,
    counted one by one (`sys.settrace` with opcode events, exact and the same on any machine, unlike
    times), per decision, by file and by the ``top`` functions."""
    loop, done = decision_loop(game, games, seed, fmt, players)
    counts: collections.Counter = collections.Counter()

    def trace(frame, event, arg):
        frame.f_trace_opcodes, frame.f_trace_lines = True, False
        if event == "opcode":
            counts[frame.f_code] += 1
        return trace

    sys.settrace(trace)
    try:
        loop()
    finally:
        sys.settrace(None)
    total, n = sum(counts.values()), max(1, done[0])
    by_file: collections.Counter = collections.Counter()
    for code, k in counts.items():
        by_file[Path(code.co_filename).name] += k
    lines = [f"{total / n:.0f} bytecodes a decision ({done[0]} decisions); by file:"]
    lines += [f"  {k / n:8.1f} {100 * k / total:5.1f}%  {name}" for name, k in by_file.most_common(top)]
    lines.append("by function:")
    lines += [f"  {k / n:8.1f} {100 * k / total:5.1f}%  {code.co_qualname} ({Path(code.co_filename).name}:"
              f"{code.co_firstlineno})" for code, k in counts.most_common(top)]
    return "\n".join(lines)


def met(ok: bool) -> str:
    return "met" if ok else "NOT met"


def report(runs: list[Run], yardsticks: Yardsticks, shared: Samples, args) -> None:
    bare = yardsticks.bare
    label = {run.game: label_of(run.game, args) for run in runs}
    print(f"python {sys.version.split()[0]}, seed {args.seed}, one process"
          + (f", python-chess {chess.__version__}" if chess is not None else ""))
    for run in runs:
        d = run.decisions
        print(f"{label[run.game]}: games {run.games} finished {run.finished}, decisions {len(d)} "
              f"({len(d) / run.games:.0f} per game), {run.games_per_second:.1f} random games per second "
              f"(by CPU time {run.games / run.cpu_seconds:.1f}; wall {run.seconds:.2f} s, CPU {run.cpu_seconds:.2f} s)")
        print(f"  decision (legal_actions + apply): {d.line()}")
        if yardsticks.chess is not None:
            print(f"  chess decision (list(board.legal_moves) + push, {len(run.chess)} samples between these "
                  f"games): {run.chess.line()}")
    if yardsticks.chess is None:
        print(NO_CHESS)
    print(f"bare transitions trigger (stock HierarchicalMachine, {len(bare)} samples between the games): "
          f"median {bare.median():.2f} us, mean {bare.mean():.2f} us, p99 {bare.p99():.2f} us, "
          f"by CPU time median {bare.median(True):.2f} us")
    print(f"the same trigger on the engine's SharedMachine: median {shared.median():.2f} us")
    for run in runs:
        d, goals, name = run.decisions, GOALS.get(run.game), label[run.game]
        if yardsticks.chess is not None:
            c = run.chess
            ratio = d.mean(True) / c.mean(True)
            print(f"{name} decision / chess decision: mean by CPU time {ratio:.2f}x (wall clock "
                  f"{d.mean() / c.mean():.2f}x), p99 by CPU time {d.p99(True) / c.p99(True):.2f}x (wall clock "
                  f"{d.p99() / c.p99():.2f}x)"
                  + (f"; goal <= {goals.chess:g}x (mean, CPU time): {met(ratio <= goals.chess)}" if goals else ""))
        if goals is not None and goals.bare is not None:
            ratio = d.median() / bare.median()
            print(f"{name} decision / bare trigger (medians): {ratio:.2f}x (by CPU time "
                  f"{d.median(True) / bare.median(True):.2f}x); goal <= {goals.bare:g}x: {met(ratio <= goals.bare)}")
        if goals is not None and goals.games is not None:
            print(f"{name} random games per second: {run.games_per_second:.1f}; goal >= {goals.games:g} on one core: "
                  f"{met(run.games_per_second >= goals.games)}")


def label_of(game: str, args) -> str:
    """``naruto (standard, 2 players)``: the game as measured."""
    fmt, seats = settings(game, args.format, args.players)
    return f"{game} ({fmt}, {seats} players)"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=(*GAMES, "all"), default="all", help="a game of the registry, or all of them")
    ap.add_argument("--games", type=int, default=100, help="games of each game measured")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--format", choices=sorted({f for g in GAMES.values() for f in g.formats}), default=None,
                    help="the deck format, for a game that has it (default: each game's first)")
    ap.add_argument("--players", type=int, default=4, help="players, for a game that may have that many "
                    "(default 4; else the game's most)")
    ap.add_argument("--profile", type=int, nargs="?", const=30, default=0, metavar="N",
                    help="also print the N top functions of a cProfile run of each game's decision loop")
    ap.add_argument("--bytecodes", type=int, nargs="?", const=30, default=0, metavar="N",
                    help="also count the bytecodes of each game's decision loop: per decision, by file and the "
                         "N top functions (slow: use few games)")
    args = ap.parse_args(argv)
    if chess is None:
        print(NO_CHESS, file=sys.stderr)
    games = tuple(GAMES) if args.game == "all" else (args.game,)
    for game in games:  # warm up caches (card tables, machines)
        play_timed(game, 3, args.seed + 999, fmt=args.format, players=args.players)
    yardsticks = Yardsticks(len(games) * args.games, args.seed)
    runs = [play_timed(game, args.games, args.seed, fmt=args.format, players=args.players, yardsticks=yardsticks)
            for game in games]
    report(runs, yardsticks, shared_trigger_ns(), args)
    if args.profile:
        for game in games:
            print(f"\n--- {game} ---")
            print(profile(game, max(1, min(args.games, 50)), args.seed, args.format, args.players, args.profile))
    if args.bytecodes:
        for game in games:
            print(f"\n--- {game}: bytecodes ---")
            print(bytecodes(game, max(1, min(args.games, 10)), args.seed, args.format, args.players, args.bytecodes))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

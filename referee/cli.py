"""The `referee` command: self-play, replaying scenario files, checking decks.

Other packages add their own commands (the catalogue's `cards`, `deck export`, `matches`) through the
``referee.commands`` entry points, so the engine itself never imports them: each entry point is a
function given the sub-command tables ``{"top": ..., "deck": ...}`` to add its parsers to.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from importlib.metadata import entry_points
from pathlib import Path
from typing import Sequence

from referee.engine.errors import IllegalAction
from referee.engine.playout import play_random
from referee.games.naruto import decks
from referee.games.naruto.cards import bundled
from referee.games.naruto.invariants import violations
from referee.games.naruto.rules import load_match, new_match
from referee.games.naruto.scenario import scenario


def _selfplay(args: argparse.Namespace) -> int:
    """Whole guided-mode games of random legal actions between two generated legal decks."""
    cards = bundled()
    reasons: Counter[str] = Counter()
    seats: Counter[int] = Counter()
    turns = actions = 0
    problems: list[str] = []
    for game in range(args.games):
        rng = random.Random(args.seed * 1_000_003 + game)
        deck_a, deck_b = (decks.random_deck(cards, args.format, rng) for _ in range(2))
        match = new_match([deck_a, deck_b], fmt=args.format, seed=rng.randrange(2**32))
        result = play_random(match, rng, invariants=violations, deep=args.deep)
        turns += result.turns
        actions += result.actions
        if result.outcome is not None:
            reasons[result.outcome.rule] += 1
            seats[result.outcome.winner] += 1
        problems += [f"game {game + 1}: {v}" for v in result.violations]
    print(f"games: {args.games}")
    print(f"format: {args.format}")
    print(f"turns: {turns} (average {turns / max(1, args.games):.1f})")
    print(f"actions: {actions}")
    print("winners by reason: " + (", ".join(f"{r}: {n}" for r, n in sorted(reasons.items())) or "none"))
    print("wins by seat: " + ", ".join(f"{s + 1}: {seats[s]}" for s in (0, 1)))
    print(f"invariant violations: {len(problems)}")
    for p in problems[:20]:
        print(f"  {p}")
    return 1 if problems else 0


def _start(spec: dict):
    if "setup" in spec:
        setup = dict(spec["setup"])
        return new_match(setup.pop("decks", [None, None]), fmt=setup.pop("format", "standard"), **setup)
    if "scenario" in spec:
        return scenario(**spec["scenario"])
    return load_match(spec)


def _play(args: argparse.Namespace) -> int:
    """Apply a file's actions to its position (or set-up) and print each result, then the position."""
    try:
        spec = json.loads(Path(args.file).read_text(encoding="utf-8"))
        match = _start(spec)
    except (OSError, ValueError, KeyError, TypeError) as err:
        print(f"error: {args.file}: {err}", file=sys.stderr)
        return 2
    for notation in spec.get("actions", []):
        try:
            match.apply(notation)
            print(f"{notation}: ok")
        except IllegalAction as err:
            params = " ".join(f"{k}={v}" for k, v in err.params.items())
            print(f"{notation}: refused {err.rule} {params}".rstrip())
    print(json.dumps(match.to_json()["position"], ensure_ascii=False, sort_keys=True))
    return 0


def _deck_check(args: argparse.Namespace) -> int:
    try:
        numbers = decks.parse_deck_list(Path(args.file).read_text(encoding="utf-8"))
    except decks.DeckListError as err:
        print(f"error: {args.file}:{err.line}: {err.text}", file=sys.stderr)
        return 2
    except OSError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    found = decks.check_deck(numbers, bundled(), args.format)
    for v in found:
        print(f"{v.rule} " + " ".join(f"{k}={val}" for k, val in v.params.items()))
    if not found:
        print(f"legal ({args.format}, {len(numbers)} cards)")
    return 1 if found else 0


def _diagram(args: argparse.Namespace) -> int:
    """The turn's state machine as a mermaid diagram, drawn from the same table the engine runs."""
    from referee.games.naruto.rules import rules_for

    print(rules_for(args.format).table.mermaid())
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="referee", description="Rules-enforcing referee for the Naruto CCG.")
    sub = top.add_subparsers(dest="command", required=True)

    sp = sub.add_parser("selfplay", help="play whole random games and check every invariant")
    sp.add_argument("--games", type=int, default=20)
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--format", choices=decks.FORMATS, default="standard")
    sp.add_argument("--deep", action="store_true", help="also check JSON round trip, undo and replay")
    sp.set_defaults(run=_selfplay)

    pl = sub.add_parser("play", help="apply the actions of a JSON file to its position")
    pl.add_argument("file")
    pl.set_defaults(run=_play)

    dg = sub.add_parser("diagram", help="print the turn's state machine as a mermaid diagram")
    dg.add_argument("--format", choices=decks.FORMATS, default="standard")
    dg.set_defaults(run=_diagram)

    dk = sub.add_parser("deck", help="deck lists")
    dsub = dk.add_subparsers(dest="deck_command", required=True)
    ck = dsub.add_parser("check", help="list every construction rule a deck breaks")
    ck.add_argument("file")
    ck.add_argument("--format", choices=decks.FORMATS, default="standard")
    ck.set_defaults(run=_deck_check)
    for plugin in entry_points(group="referee.commands"):
        plugin.load()({"top": sub, "deck": dsub})
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())

"""Llamas Unleashed as the kernel's callers see it (`referee.engine.game.GamePlay`): one format (the
base game), two to eight seats, random matches for selfplay, play files, saved matches, computer
players."""

from __future__ import annotations

import random

from referee.engine.game import GamePlay, SeatTable, TableView
from referee.engine.match import Match

from .cards import bundled
from .coach import COACH
from .invariants import violations
from .opponent import HeuristicPlayer, RandomPlayer
from .rules import load_match, new_match, rules_for
from .scenario import scenario


def _random_match(rng: random.Random, fmt: str, seats: int, expansions: tuple[str, ...] = ()) -> Match:
    return new_match(seats, seed=rng.randrange(2**32), expansions=expansions)


def _from_setup(setup: dict) -> Match:
    return new_match(setup.pop("players", 2), **setup)


def _rematch(match: Match, seed: int) -> Match | None:
    """The same players, mode and expansions, a new shuffle."""
    initial = match.to_json()["initial"]
    if not initial["phase"].startswith("setup"):
        return None
    return new_match(len(initial["players"]), mode=initial["mode"], seed=seed,
                     names=[p["name"] for p in initial["players"]], cards=match.state.cards,
                     expansions=initial.get("sets", ()))


def _table(s) -> TableView:
    """Each player's hand and field (the field's cards listed); the shared deck, discard pile and
    nursery."""
    seats = tuple(SeatTable(counts=(("hand", len(p.hand)), ("field", len(p.field))), listed=(("field", tuple(p.field)),))
                  for p in s.players)
    return TableView(seats, shared=(("deck", len(s.deck)), ("discard", len(s.discard)), ("nursery", len(s.nursery))))


PLAY = GamePlay(
    rules=lambda fmt: rules_for(),
    cards=bundled,
    random_match=_random_match,
    invariants=violations,
    from_setup=_from_setup,
    from_scenario=lambda spec: scenario(**spec),
    setup_keys=frozenset({"players", "mode", "seed", "names", "expansions"}),
    scenario_keys=frozenset({"players", "phase", "current", "turn", "hands", "fields", "deck", "discard", "nursery",
                             "seed", "sets"}),
    load_match=load_match,
    table=_table,
    computers={"random": RandomPlayer, "heuristic": HeuristicPlayer},
    coach=COACH,
    rematch=_rematch,
)

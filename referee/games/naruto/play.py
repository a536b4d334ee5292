"""The Naruto CCG as the kernel's callers see it (`referee.engine.game.GamePlay`): its rules by
format, random matches for selfplay, play files, saved matches, computer players, older records."""

from __future__ import annotations

import random

from referee.engine.errors import PositionError
from referee.engine.game import GamePlay, SeatTable, TableView
from referee.engine.match import Match

from .cards import bundled
from .coach import COACH
from .decks import FORMATS, random_deck
from .invariants import violations
from .opponent import HeuristicPlayer, RandomPlayer
from .rules import load_match, new_match, rules_for
from .scenario import STATE_FIELDS, scenario
from .turn import chosen_after_flip


def _random_match(rng: random.Random, fmt: str, seats: int) -> Match:
    """Two generated legal decks of ``fmt`` (the game has two seats)."""
    deck_a, deck_b = (random_deck(bundled(), fmt, rng) for _ in range(2))
    return new_match([deck_a, deck_b], fmt=fmt, seed=rng.randrange(2**32))


def _from_setup(setup: dict) -> Match:
    decks = setup.pop("decks", [None, None])
    if not isinstance(decks, list) or len(decks) != 2 or not all(
            d is None or (isinstance(d, list) and all(isinstance(n, str) for n in d)) for d in decks):
        raise PositionError("bad_value", place="setup", key="decks", value="")
    if setup.get("format", FORMATS[0]) not in FORMATS:
        raise PositionError("bad_value", place="setup", key="format", value=str(setup["format"])[:40])
    return new_match(decks, fmt=setup.pop("format", FORMATS[0]), **setup)


def _from_scenario(spec: dict) -> Match:
    if "p1" not in spec or "p2" not in spec:
        raise PositionError("needs_players")
    return scenario(**spec)


def _rematch(match: Match, seed: int) -> Match | None:
    """The same players, decks (or physical decks of the same sizes), format and mode, shuffled anew."""
    initial = match.to_json()["initial"]
    if not initial["phase"].startswith("setup"):
        return None
    numbers = initial["instances"]
    decks, sizes = [], []
    for player in initial["players"]:
        cards = [numbers[i] for zone in ("deck", "hand") for i in player[zone]]
        known = None not in cards
        decks.append(sorted(cards) if known else None)
        sizes.append(None if known else len(cards))
    return new_match(decks, fmt=initial["format"], mode=initial["mode"], seed=seed, cards=match.state.cards,
                     names=[p["name"] for p in initial["players"]], deck_sizes=sizes)


def _table(s) -> TableView:
    """Each player's zones (their face-up Ninjas listed), the attacker, the chain's links."""
    seats = tuple(SeatTable(counts=(("deck", len(p.deck)), ("hand", len(p.hand)), ("chakra", len(p.chakra)),
                                    ("discard", len(p.discard)), ("rewards", len(p.rewards))),
                            listed=(("village", tuple(p.village)), ("battlefield", tuple(p.battlefield))))
                  for p in s.players)
    roles = (("attacker", s.attacker),) if s.attacker is not None else ()
    return TableView(seats, roles, shared=(("chain", len(s.chain)),), injured=frozenset(s.injured))


PLAY = GamePlay(
    rules=rules_for,
    cards=bundled,
    random_match=_random_match,
    invariants=violations,
    from_setup=_from_setup,
    from_scenario=_from_scenario,
    setup_keys=frozenset({"decks", "format", "mode", "seed", "names", "deck_sizes"}),
    scenario_keys=frozenset({"phase", "turn", "attacker", "first", "p1", "p2", "counters", "seed"} | STATE_FIELDS),
    load_match=load_match,
    table=_table,
    computers={"random": RandomPlayer, "heuristic": HeuristicPlayer},
    coach=COACH,
    from_decks=new_match,
    older=chosen_after_flip,
    rematch=_rematch,
)

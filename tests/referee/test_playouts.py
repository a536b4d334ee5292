"""Random playouts (N-TURN-1, N-WIN-1, N-WIN-2 and every invariant of `invariants.py`): whole
guided-mode games of uniformly random legal actions between two random legal decks of each format.

Every game must end by N-WIN-1 or N-WIN-2 with no invariant broken after any action; a sample of
games also checks, after every action, the exact JSON round trip, undo and redo, and at the end that
replaying the history from the seed gives the same position. Thousands more games run with --soak.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import cache

import pytest

from referee.engine.playout import Playout, play_random
from referee.games.naruto.cards import bundled
from referee.games.naruto.decks import FORMATS, check_deck, random_deck
from referee.games.naruto.invariants import violations
from referee.games.naruto.rules import load_match, new_match

CARDS = bundled()
WIN_RULES = {"N-WIN-1", "N-WIN-2", "N-WIN-3"}
GAMES_PER_FORMAT = 150  # 300 whole games in the normal suite
DEEP_GAMES_PER_FORMAT = 15  # 30 games with the deep checks
SOAK_GAMES_PER_FORMAT = 2500
SOAK_DEEP_GAMES_PER_FORMAT = 150


@dataclass
class Game:
    seed: int
    fmt: str
    result: Playout
    history: list[str]
    log_keys: Counter
    showdowns: Counter
    longest_chain: int
    position: dict


def play(seed: int, fmt: str, *, deep: bool = False) -> Game:
    """One whole random game; everything about it follows from ``seed``."""
    rng = random.Random(seed)
    deck_a, deck_b = random_deck(CARDS, fmt, rng), random_deck(CARDS, fmt, rng)
    match = new_match([deck_a, deck_b], fmt=fmt, seed=rng.randrange(2**32))
    result = play_random(match, rng, invariants=violations, deep=deep)
    links = [e.params["link"] for e in match.log if e.key in ("link_applied", "card_failed")]
    return Game(
        seed=seed,
        fmt=fmt,
        result=result,
        history=[str(a) for a in match.history],
        log_keys=Counter(e.key for e in match.log),
        showdowns=Counter(e.params["result"] for e in match.log if e.key == "showdown"),
        longest_chain=max(links, default=0),
        position=match.state.to_dict(),
    )


def problems(games: list[Game]) -> list[str]:
    """Everything wrong with a batch of games, each line naming the game's seed and format."""
    out = []
    for g in games:
        tag = f"{g.fmt} seed {g.seed}"
        out += [f"{tag}: {v}" for v in g.result.violations]
        if g.result.outcome is None:
            out.append(f"{tag}: no outcome after {g.result.actions} actions")
            continue
        if g.result.outcome.rule not in WIN_RULES:
            out.append(f"{tag}: won by {g.result.outcome.rule}")
        if g.result.outcome.winner not in (0, 1):
            out.append(f"{tag}: winner {g.result.outcome.winner}")
        if not g.position["over"] or g.position["phase"] != "over":
            out.append(f"{tag}: outcome set but the position is at {g.position['phase']}")
    return out


@cache
def batch(fmt: str, count: int, offset: int = 0) -> tuple[Game, ...]:
    return tuple(play(offset + k, fmt) for k in range(count))


def test_random_decks_are_legal_for_both_formats():
    for fmt in FORMATS:
        for seed in range(5):
            rng = random.Random(seed)
            assert check_deck(random_deck(CARDS, fmt, rng), CARDS, fmt) == []


@pytest.mark.parametrize("fmt", FORMATS)
def test_N_TURN_1_random_games_end_by_N_WIN_with_no_invariant_broken(fmt):
    games = batch(fmt, GAMES_PER_FORMAT)
    assert problems(list(games)) == []
    reasons = Counter(g.result.outcome.rule for g in games)
    assert set(reasons) <= WIN_RULES
    assert sum(reasons.values()) == GAMES_PER_FORMAT
    # each seat wins some games: random play does not favour one seat absolutely
    assert {g.result.outcome.winner for g in games} == {0, 1}
    # the end is checked in step L of a real turn: a whole game takes many turns
    assert min(g.result.turns for g in games) >= 3


def test_random_games_reach_the_rules_they_are_meant_to_test():
    """The random games are only worth their time if they exercise the battle and the chain: over both
    formats they must use Jutsu, Missions and Counter missions, build two-link chains, block, and reach
    every Showdown result, damage and knock-outs, mulligans and the hand limit."""
    games = [g for fmt in FORMATS for g in batch(fmt, GAMES_PER_FORMAT)]
    keys = sum((g.log_keys for g in games), Counter())
    for key in ("jutsu_used", "mission_played", "chain_opened", "link_applied", "team_sent", "team_blocks",
                "showdown", "showdown_unblocked", "injured", "knocked_out", "mulligan", "discarded",
                "charged", "deployed", "joined", "coin_flip"):
        assert keys[key] > 0, key
    verbs = Counter(a.split()[0] for g in games for a in g.history)
    assert verbs["counter"] > 0 and verbs["first"] > 0 and verbs["flip"] > 0
    results = sum((g.showdowns for g in games), Counter())
    assert set(results) == {"victory", "outstanding", "draw"}
    assert max(g.longest_chain for g in games) >= 2
    # N-WIN-1 ends most games; N-WIN-2 (an empty deck) happens too with 40-card decks
    reasons = Counter(g.result.outcome.rule for g in games)
    assert reasons["N-WIN-1"] > reasons["N-WIN-2"] > 0


@pytest.mark.parametrize("fmt", FORMATS)
def test_deep_random_games_round_trip_undo_redo_and_replay(fmt):
    """After every action: JSON round trip exact, undo restores the previous position, redo gives the
    same one again; at the end replaying the history from the initial position gives the final one."""
    games = [play(10_000 + k, fmt, deep=True) for k in range(DEEP_GAMES_PER_FORMAT)]
    assert problems(games) == []
    assert all(g.result.actions > 0 for g in games)


def test_saved_game_replays_through_load_match():
    """A finished game saved with `to_json` loads back (replayed from its initial position) to the same
    final position and the same outcome."""
    rng = random.Random(77)
    decks = [random_deck(CARDS, "french", rng) for _ in range(2)]
    match = new_match(decks, fmt="french", seed=5)
    result = play_random(match, rng, invariants=violations)
    assert result.violations == []
    loaded = load_match(match.to_json())
    assert loaded.state.to_dict() == match.state.to_dict()
    assert [str(a) for a in loaded.history] == [str(a) for a in match.history]
    assert loaded.outcome() == match.outcome() == result.outcome


@pytest.mark.parametrize("fmt", FORMATS)
def test_same_seed_same_game_other_seed_other_game(fmt):
    a, b, c = play(424242, fmt), play(424242, fmt), play(424243, fmt)
    assert a.history == b.history
    assert a.position == b.position
    assert a.log_keys == b.log_keys
    assert a.result.outcome == b.result.outcome
    assert a.history != c.history
    assert a.position != c.position


def test_same_decks_and_match_seed_but_other_choices_give_other_game():
    """The match seed fixes the shuffles; the playout's choices come from its own rng."""
    rng = random.Random(3)
    decks = [random_deck(CARDS, "standard", rng) for _ in range(2)]
    histories = []
    for choice_seed in (1, 1, 2):
        match = new_match(decks, fmt="standard", seed=99)
        play_random(match, random.Random(choice_seed), invariants=violations)
        histories.append([str(a) for a in match.history])
    assert histories[0] == histories[1]
    assert histories[0] != histories[2]


# --- soak: thousands of games, run with --soak -------------------------------------------------------
@pytest.mark.soak
@pytest.mark.timeout(0)  # thousands of games: as long as they take
@pytest.mark.parametrize("fmt", FORMATS)
def test_soak_random_games(fmt):
    games = [play(1_000_000 + k, fmt) for k in range(SOAK_GAMES_PER_FORMAT)]
    assert problems(games) == []


@pytest.mark.soak
@pytest.mark.timeout(0)  # thousands of games: as long as they take
@pytest.mark.parametrize("fmt", FORMATS)
def test_soak_deep_random_games(fmt):
    games = [play(2_000_000 + k, fmt, deep=True) for k in range(SOAK_DEEP_GAMES_PER_FORMAT)]
    assert problems(games) == []

"""Random playouts of Llamas Unleashed (L-WIN-1, L-WIN-3, L-WIN-4 and every invariant of
`invariants.py`): whole guided games of uniformly random legal actions for 2, 3, 5 and 8 players.

Every game must end by a rule of L-WIN with no invariant broken after any action, and each turn must
end within its hand limit; a sample of games also checks, after every action, the exact JSON round
trip, undo and redo, and at the end that replaying the history from the initial position gives the
same position. Referee-mode games name a physical card whenever a template asks for one. Games
with the "Farmed and Dangerous" expansion shuffled in are held to the same for 2, 5 and 8 players.
Many more games run with --soak.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest

from referee.engine.action import UNNAMED, Action
from referee.engine.errors import IllegalAction
from referee.engine.playout import play_random
from referee.games.llamas.invariants import violations
from referee.games.llamas.rules import load_match, new_match

COUNTS = (2, 3, 5, 8)
GAMES = 25  # per player count: 100 whole games in the normal suite
DEEP_GAMES = 3
SOAK_GAMES = 1000
SOAK_DEEP_GAMES = 50
WIN_RULES = {"L-WIN-1", "L-WIN-3", "L-WIN-4"}
FARMED = ("farmed-and-dangerous",)
FARMED_COUNTS = (2, 5, 8)


def play(players: int, seed: int, deep: bool = False, expansions: tuple[str, ...] = ()):
    match = new_match(players, seed=seed, expansions=expansions)
    return match, play_random(match, random.Random(seed), invariants=violations, deep=deep)


def problems(games: list) -> list[str]:
    out = []
    for match, result in games:
        tag = f"{match.state.seats} players, seed {match.state.seed}"
        out += [f"{tag}: {v}" for v in result.violations]
        if result.outcome is None or result.outcome.rule not in WIN_RULES:
            out.append(f"{tag}: ended by {result.outcome}")
        for e in match.log:
            if e.key == "turn_ended" and e.params["hand"] > e.params["limit"]:
                out.append(f"{tag}: a turn ended above the hand limit (L-TURN-4)")
    return out


@cache
def batch(players: int, count: int = GAMES, expansions: tuple[str, ...] = ()) -> tuple:
    return tuple(play(players, 100 * players + k, expansions=expansions) for k in range(count))


@pytest.mark.parametrize("players", COUNTS)
def test_random_games_end_by_L_WIN_with_no_invariant_broken(players):
    games = batch(players)
    assert problems(list(games)) == []
    assert len({result.outcome.winner for _, result in games}) >= 2  # no seat always wins
    assert min(result.turns for _, result in games) >= players  # everyone had a turn


def test_random_games_reach_the_rules_they_are_meant_to_test():
    """The games are worth their time only if they answer cards with Instants, build links of several
    effects and chains of several links, block, destroy, steal, bring cards directly, skip turns and
    end by each rule of L-WIN."""
    games = [g for n in COUNTS for g in batch(n)]
    keys = Counter(e.key for match, _ in games for e in match.log)
    for key in ("answered", "blocked", "destroyed", "sacrificed", "returned", "pulled", "shown", "given",
                "turn_missed", "impossible", "effect_dropped", "discarded", "kept_in_field", "shuffled_in"):
        assert keys[key] > 0, key
    how = Counter(e.params["how"] for match, _ in games for e in match.log if e.key == "entered")
    assert set(how) == {"played", "brought", "stolen", "given"}
    links = [len(e.params["cards"]) for match, _ in games for e in match.log if e.key == "link_added"]
    assert max(links) >= 2
    assert max(e.params["link"] for match, _ in games for e in match.log if e.key == "link_added") >= 2
    assert {result.outcome.rule for _, result in games} == WIN_RULES


@pytest.mark.parametrize("players", COUNTS)
def test_deep_random_games_round_trip_undo_redo_and_replay(players):
    games = [play(players, 9000 + k, deep=True) for k in range(DEEP_GAMES)]
    assert problems(games) == []


def test_saved_game_replays_through_load_match():
    match, result = play(4, 77)
    loaded = load_match(match.to_json())
    assert loaded.state.to_dict() == match.state.to_dict()
    assert loaded.outcome() == match.outcome() == result.outcome


def test_same_seed_same_game_other_seed_other_game():
    (a, _), (b, _), (c, _) = play(3, 5), play(3, 5), play(3, 6)
    assert [str(x) for x in a.history] == [str(x) for x in b.history]
    assert a.state.to_dict() == b.state.to_dict()
    assert [str(x) for x in a.history] != [str(x) for x in c.history]


# --- referee mode ---------------------------------------------------------------------------------
def named(match, action: Action, rng: random.Random) -> Action:
    """A template's ``?`` named as a physical card with a copy left (``play`` gets a field too)."""
    pool = sorted(n for n, k in match.state.pool.items() if k > 0)
    args = tuple(rng.choice(pool) if a == UNNAMED else a for a in action.args)
    opts = (("into", (str(rng.randrange(match.state.seats) + 1),)),) if action.verb == "play" else action.opts
    return Action(action.verb, args, opts)


def play_referee(players: int, seed: int, expansions: tuple[str, ...] = ()) -> tuple:
    """A referee-mode game: the deck and the hands are physical cards, named when they are played,
    discarded or chosen. A named card the rules refuse is simply named again."""
    match, rng = new_match(players, seed=seed, mode="referee", expansions=expansions), random.Random(seed)
    bad, refused = [], Counter()
    while not match.is_over() and len(match.history) < 5000:
        action = rng.choice(match.legal_actions())
        if action.needs_naming:
            try:
                match.apply(named(match, action, rng))
            except IllegalAction as err:
                refused[err.rule] += 1
                continue
        else:
            match.apply(action)
        bad += violations(match.state)
    return match, bad, refused


@pytest.mark.parametrize("players", (2, 4, 7))
def test_referee_mode_games_name_physical_cards_and_end(players):
    for seed in range(4):
        match, bad, refused = play_referee(players, seed)
        assert bad == [] and match.is_over(), (seed, bad[:3])
        assert set(refused) <= {"L-ZONE-1", "L-CARD-1", "L-IMPOSSIBLE-1", "L-EFFECT-3", "L-CARD-4", "L-CHAIN-2",
                                "L-SEARCH-1", "L-PULL-1", "L-EFFECT-2", "L-TURN-4", "NOTATION"}, refused
        assert "named" in {e.key for e in match.log}


# --- with the "Farmed and Dangerous" expansion ------------------------------------------------------
@pytest.mark.parametrize("players", FARMED_COUNTS)
def test_random_games_with_the_expansion_end_by_L_WIN_with_no_invariant_broken(players):
    games = batch(players, GAMES, FARMED)
    assert problems(list(games)) == []
    deck = Counter(games[0][0].state.instances)
    assert deck["LU-101"] == 2 and deck["LU-083"] == 1 and len(games[0][0].state.instances) == 116 + 12 + 53


def test_random_games_with_the_expansion_play_its_cards_and_reach_its_words():
    """The expansion's cards are played and its new operations happen: a look at a hand, hands
    swapped, extra turns, the top of the deck reordered and split, a card moved between fields."""
    games = [g for n in FARMED_COUNTS for g in batch(n, GAMES, FARMED)]
    keys = Counter(e.key for match, _ in games for e in match.log)
    for key in ("looked", "hands_swapped", "extra_turn", "reordered", "split_top", "blocked", "pulled"):
        assert keys[key] > 0, key
    played = {e.params["card"] for match, _ in games for e in match.log if e.key in ("played", "answered")}
    assert len({n for n in played if n >= "LU-079"}) >= 25
    how = Counter(e.params["how"] for match, _ in games for e in match.log if e.key == "entered")
    assert how["moved"] > 0


@pytest.mark.parametrize("players", FARMED_COUNTS)
def test_deep_random_games_with_the_expansion_round_trip_undo_redo_and_replay(players):
    games = [play(players, 9100 + k, deep=True, expansions=FARMED) for k in range(DEEP_GAMES)]
    assert problems(games) == []


def test_a_saved_game_with_the_expansion_records_it_and_replays():
    match, result = play(5, 78, expansions=FARMED)
    data = match.to_json()
    assert data["initial"]["sets"] == list(FARMED)
    loaded = load_match(data)
    assert loaded.state.sets == list(FARMED) and loaded.state.to_dict() == match.state.to_dict()
    assert loaded.outcome() == match.outcome() == result.outcome


def test_referee_mode_games_with_the_expansion_name_its_physical_cards():
    for seed in range(3):
        match, bad, _ = play_referee(5, seed, FARMED)
        assert bad == [] and match.is_over(), (seed, bad[:3])
        assert match.state.pool.keys() >= {"LU-079", "LU-112"}  # the expansion's copies may be named
        assert any(number is not None and number >= "LU-079" for number in match.state.instances), seed


# --- soak: many more games, run with --soak ---------------------------------------------------------
@pytest.mark.soak
@pytest.mark.timeout(0)
@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("expansions,first_seed", [((), 1_000_000), (FARMED, 3_000_000)], ids=["base", "farmed"])
def test_soak_random_games(players, expansions, first_seed):
    games = [play(players, first_seed + k, expansions=expansions) for k in range(SOAK_GAMES)]
    assert problems(games) == []


@pytest.mark.soak
@pytest.mark.timeout(0)
@pytest.mark.parametrize("players", range(2, 9))
def test_soak_deep_random_games(players):
    games = [play(players, 2_000_000 + k, deep=True) for k in range(SOAK_DEEP_GAMES)]
    assert problems(games) == []

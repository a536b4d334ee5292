"""Scenario tests for part N of docs/rules.en.md from the Organization phase to the end of the turn: teams
(N-ORG), sending attackers and blockers (N-ATTACK, N-BLOCK), the Jutsu exchange and the chain
(N-JUTSU, N-CHAIN), the Showdown and damage (N-SHOW, N-DMG), Return, the End phase (N-WIN, N-HAND,
N-COUNT) and the keyword mechanics met there (N-KEY-...).

Every test is named after the rule it checks. A refusal is checked for its exact rule id and for a
position left exactly as it was; a legal action for its exact effect.
"""

from __future__ import annotations

import random

import pytest

from referee.engine.errors import IllegalAction
from referee.engine.match import Match
from referee.games.naruto.cards import Card, bundled
from referee.games.naruto.decks import random_deck
from referee.games.naruto.invariants import violations
from referee.games.naruto.power import stats
from referee.games.naruto.rules import load_match, new_match, rules_for
from referee.games.naruto.scenario import scenario, scenario_state

# =================================================================================================
# helpers
# =================================================================================================

#: a deck of effect-free cards, long enough that nobody runs out during one or two turns
DECK = ["N-003"] * 6


def make_ninja(number: str, name: str, **fields) -> Card:
    """A Ninja Set 1 lacks (test cards are numbered from 900)."""
    base = dict(type="Ninja", symbols=("Fire",), entrance_cost=0, hand_cost=0, healthy=(1, 0),
                injured=(0, 0), characteristics=("Leaf", "Genin", "Male"))
    base.update(fields)
    return Card(number=number, name=name, **base)


#: Mental Power Ninjas (N-SHOW-2): their Combat and Support are chosen so that an ordinary battle
#: would come out the other way round
SCHOLAR = make_ninja("N-931", "Test Scholar", healthy=(1, 0), characteristics=("Leaf", "Genin", "Mental Power: 3"))
SAGE = make_ninja("N-932", "Test Sage", healthy=(0, 0), characteristics=("Leaf", "Chunin", "Mental Power: 2"))
BRUTE = make_ninja("N-933", "Test Brute", healthy=(9, 9), characteristics=("Mist", "Jonin", "Mental Power: 1"))
#: Valid effects beside their timing (N-KEY-VALID-1), and a Client (N-CLIENT-6)
VALID_ELDER = make_ninja("N-941", "Test Valid Elder", healthy=(2, 2), injured=(1, 1), keywords=("Valid",),
                        effect_kind="start_of_turn", effect="Valid. At your turn's start, look at your top card.")
VALID_RUNNER = make_ninja("N-942", "Test Valid Runner", healthy=(2, 0), injured=(1, 0), keywords=("Valid",),
                         effect_kind="on_attack", effect="Valid. Gains +1/+0 when sent out to Attack.")
CLIENT = Card(number="C-901", name="Test Client", type="Client", symbols=("Fire",), entrance_cost=0, hand_cost=0)
#: a Jutsu with two X in its cost (N-JUTSU-4)
DOUBLE_X = Card(number="J-901", name="Test Double Clone", type="Jutsu", symbols=("Water",),
                jutsu_cost=("W", "X", "X"), effect_kind="jutsu", effect="Target: the user. +X/+X.", target="user")
#: Jutsu whose printed cost has alternatives ("W1 or 3", "N or L": the player pays one of them)
EITHER = Card(number="J-902", name="Test Either Way", type="Jutsu", symbols=("Water",), jutsu_cost=("W", "1"),
              jutsu_alternatives=(("3",),), effect_kind="jutsu", effect="Target: the user. +1/+0.", target="user")
WIND_OR_LIGHTNING = Card(number="J-903", name="Test Storm Call", type="Jutsu", symbols=("Wind",), jutsu_cost=("N",),
                         jutsu_alternatives=(("L",),), effect_kind="jutsu", effect="Target: the user. +1/+0.",
                         target="user")
#: a mental battle started by an effect (N-SHOW-2): one the vocabulary holds, one applied by hand
#: with the toolbox (N-EFFECT-3), and a Ninja whose mental power is written as in the French edition
MIND_DUEL = Card(number="J-991", name="Test Mind Duel", type="Jutsu", symbols=("Fire",), jutsu_cost=("1",),
                 effect_kind="jutsu", effect="This turn's battles are mental battles.", target="user",
                 script='{"do":[{"op":"mental"}]}')
RIDDLE = Card(number="J-992", name="Test Riddle", type="Jutsu", symbols=("Fire",), jutsu_cost=("1",),
              effect_kind="jutsu", effect="Something the vocabulary does not hold.", target="user")
ERUDITE = make_ninja("N-934", "Test Erudite", healthy=(0, 0), characteristics=("Leaf", "Chunin", "Connaissance: 4"))
CARDS = bundled().with_cards([SCHOLAR, SAGE, BRUTE, VALID_ELDER, VALID_RUNNER, CLIENT, DOUBLE_X, EITHER,
                              WIND_OR_LIGHTNING, MIND_DUEL, RIDDLE, ERUDITE])


def player(**zones) -> dict:
    """A scenario player spec with a default deck."""
    zones.setdefault("deck", list(DECK))
    return zones


def numbers(m: Match, seat: int, zone: str) -> list[str]:
    """The card numbers of one zone of seat 0 or 1, in order."""
    return [m.state.instances[i] for i in getattr(m.state.players[seat], zone)]


def iid(m: Match, seat: int, zone: str, number: str) -> int:
    """The instance id of card ``number`` in a zone of a seat (the first copy)."""
    return next(i for i in getattr(m.state.players[seat], zone) if m.state.instances[i] == number)


def in_play(m: Match, seat: int, number: str) -> int:
    """The instance id of seat's card ``number`` in play (battlefield first, then village)."""
    s = m.state
    for zone in ("battlefield", "village"):
        for i in getattr(s.players[seat], zone):
            if s.instances[i] == number:
                return i
    raise AssertionError(f"{number} not in play for seat {seat + 1}")


def stat(m: Match, seat: int, number: str) -> tuple[int, int]:
    """Combat/Support now of seat's card ``number`` in play."""
    return stats(m.state, in_play(m, seat, number))


def applied(m: Match, start: int = 0) -> list[str]:
    """The cards whose chain links took effect since log entry ``start``."""
    return [e["card"] for e in events(m, "link_applied", start)]


def team_numbers(m: Match, seat: int, what: str = "teams") -> list[list[str]]:
    return [[m.state.instances[i] for i in t] for t in getattr(m.state.players[seat], what)]


def events(m: Match, key: str, since: int = 0) -> list[dict]:
    """The parameters of the log entries ``key``, from log position ``since`` on."""
    return [e.params for e in m.log[since:] if e.key == key]


def keys(m: Match, since: int = 0) -> list[str]:
    return [e.key for e in m.log[since:]]


def legal(m: Match) -> list[str]:
    return [str(a) for a in m.legal_actions()]


def refused(m: Match, action: str, rule: str) -> IllegalAction:
    """``action`` is refused for ``rule``; the position, log and history are unchanged, and
    `explain` gives the same answer."""
    before, log_len, history = m.state.to_dict(), len(m.log), list(m.history)
    with pytest.raises(IllegalAction) as err:
        m.apply(action)
    assert err.value.rule == rule, f"{action}: {err.value}"
    assert m.state.to_dict() == before
    assert len(m.log) == log_len and m.history == history
    verdict = m.explain(action)
    assert not verdict.legal and verdict.rule == rule
    assert action not in legal(m)
    return err.value


def play(m: Match, *actions: str) -> Match:
    for a in actions:
        m.apply(a)
        assert violations(m.state) == [], a
    return m


def organizing(**kw) -> Match:
    """Step F of turn 3, seat 1 attacking."""
    kw.setdefault("p2", {})
    return scenario(phase="organization_organize", turn=kw.pop("turn", 3), cards=CARDS,
                    p1=player(**kw.pop("p1")), p2=player(**kw.pop("p2")), **kw)


def attacking(p1: dict, p2: dict | None = None, **kw) -> Match:
    """Step G of turn 3, seat 1 attacking, teams as organized in the specs."""
    return scenario(phase="battle_attack", turn=kw.pop("turn", 3), cards=CARDS,
                    p1=player(**p1), p2=player(**(p2 or {})), **kw)


def exchange(p1: dict, p2: dict | None, sends: list[str], blocks: list[str] = (), **kw) -> Match:
    """Sends and blocks done: the Jutsu exchange is open with the attacker to act."""
    m = attacking(p1, p2, **kw)
    play(m, *sends, "next", *blocks, "next")
    assert m.phase == "battle_exchange_open" and m.actor == 0
    return m


def showdown(m: Match) -> Match:
    """Both players pass in the open exchange: Showdown, Return, End phase, next turn."""
    assert m.phase == "battle_exchange_open"
    return play(m, "pass", "pass")


def fight(p1: dict, p2: dict | None, sends: list[str], blocks: list[str] = (), **kw) -> Match:
    return showdown(exchange(p1, p2, sends, blocks, **kw))


def results(m: Match) -> list[dict]:
    """The Showdown entries, blocked and unblocked, in log order."""
    return [e.params for e in m.log if e.key in ("showdown", "showdown_unblocked")]


def jutsu_position() -> Match:
    """The exchange used by the N-JUTSU, N-CHAIN and N-KEY tests.

    Seat 1 sent Kakashi (T1) and Naruto (T2) and kept Sakura home (standby); seat 2 blocks Kakashi with
    Zabuza and keeps Gouzu home. Seat 1's chakra: two Fire, one Lightning, one Wind card."""
    return exchange(
        {"village": ["N-011", "N-001", "N-003"], "chakra": ["M-006", "M-009", "J-002", "N-009"],
         "hand": ["J-030", "J-001", "J-005", "J-006", "J-007", "J-008", "J-003"]},
        {"village": ["N-018", "N-014"], "chakra": ["J-001", "J-002", "N-016"], "hand": ["J-001", "J-002"]},
        ["send T1", "send T2"], ["block T1 on N-011"])


def leave_battlefield(position: dict, card: int, to: str = "discard") -> None:
    """Edit a saved position as if ``card`` had left the battlefield for its owner's ``to`` zone."""
    owner = position["players"][position["owner"][card]]
    for p in position["players"]:
        if card in p["battlefield"]:
            p["battlefield"].remove(card)
    owner[to].append(card)
    owner["teams"] = [t for t in ([m for m in team if m != card] for team in owner["teams"]) if t]
    for team in owner["sent"]:
        if card in team:
            team.remove(card)
    position["injured"] = [i for i in position["injured"] if i != card]


def with_chain(links: list[tuple[int, str, list[tuple[int, str]]]], **kw) -> Match:
    """A Mission-phase position mid-chain, written as ``scenario(chain=[...])`` writes it: each link
    is (seat, number of the card, taken out of that seat's hand, [(seat, number) of the cards it
    targets: a card already in the chain, else one in play, chakra or discard]). Priority is with the
    player who did not add the last link (N-CHAIN-2)."""
    state = scenario_state(phase="mission_chain_priority", cards=CARDS, priority=1 - links[-1][0],
                           chain_starter=links[0][0], **kw)
    for seat, number, targets in links:
        hand = state.players[seat].hand
        card = next(i for i in hand if state.instances[i] == number)
        hand.remove(card)
        aimed = []
        for t_seat, t_number in targets:
            in_chain = [link["card"] for link in state.chain if state.instances[link["card"]] == t_number]
            elsewhere = [i for z in ("village", "battlefield", "chakra", "discard")
                         for i in getattr(state.players[t_seat], z) if state.instances[i] == t_number]
            aimed.append((in_chain or elsewhere)[0])
        state.chain.append({"card": card, "player": seat, "user": None, "targets": aimed, "paid": [], "x": 0})
    assert violations(state) == []
    return Match(rules_for(state.format), state)


def test_helpers_describe_the_cards_they_rely_on():
    c = bundled()
    assert (c.get("N-011").name, c.get("N-011").healthy, c.get("N-011").injured) == ("Kakashi Hatake", (5, 3), (3, 2))
    assert (c.get("N-001").healthy, c.get("N-001").injured) == ((1, 0), (3, 1))
    assert c.get("N-002").healthy == (3, 1) and c.get("N-002").injured == (0, 0)
    assert c.get("N-003").healthy == (1, 1) and c.get("N-009").healthy == (3, 1)
    assert c.get("N-010").healthy == (4, 2) and c.get("N-010").injured == (2, 2)
    assert c.get("N-018").healthy == (5, 1) and c.get("N-014").healthy == (3, 2) and c.get("N-016").healthy == (1, 1)
    assert c.get("J-030").jutsu_cost == ("F", "1") and c.get("J-030").requirement == "name:Kakashi Hatake"
    assert c.get("J-005").jutsu_cost == ("L", "X") and c.get("J-001").jutsu_cost == ("1",)
    assert c.get("J-006").jutsu_cost == ("F", "F") and c.get("J-006").target == "ninja"
    assert c.get("J-007").target == "jutsu" and c.get("M-009").target == "mission"
    assert [c.get(n).symbols for n in ("M-006", "M-009", "J-002", "N-009")] == [
        ("Fire",), ("Fire",), ("Lightning",), ("Wind",)]
    assert c.get("N-006").effect_kind == "on_attack" and c.get("N-013").effect_kind == "start_of_turn"
    assert SCHOLAR.mental_power == 3 and SAGE.mental_power == 2 and c.get("N-001").mental_power == 0


# =================================================================================================
# N-ORG: organizing teams (step F)
# =================================================================================================

ORG_VILLAGE = ["N-001", "N-002", "N-003", "N-009"]


def test_N_ORG_1_a_team_of_three_is_formed():
    m = organizing(p1={"village": ORG_VILLAGE})
    play(m, "team N-001 N-002 N-003")
    assert team_numbers(m, 0) == [["N-009"], ["N-001", "N-002", "N-003"]]
    assert events(m, "team_formed") == [{"player": 0, "cards": ["N-001", "N-002", "N-003"], "team": 2}]


def test_N_ORG_1_joining_a_full_team_is_refused():
    m = organizing(p1={"village": ORG_VILLAGE, "teams": [["N-001", "N-002", "N-003"]]})
    err = refused(m, "join N-009 T1", "N-ORG-1")
    assert err.params["size"] == 3 and err.params["maximum"] == 3


def test_N_ORG_1_a_team_of_four_is_refused():
    m = organizing(p1={"village": ORG_VILLAGE})
    refused(m, "team N-001 N-002 N-003 N-009", "N-ORG-1")


def test_N_ORG_1_joining_makes_teams_of_two_then_three():
    m = organizing(p1={"village": ORG_VILLAGE})
    play(m, "join N-002 T1", "join N-003 T1")
    assert team_numbers(m, 0) == [["N-001", "N-002", "N-003"], ["N-009"]]
    assert "join N-009 T1" not in legal(m) and "join N-001 T2" in legal(m)


def test_N_ORG_2_no_limit_on_the_number_of_teams():
    village = ["N-001", "N-002", "N-003", "N-009", "N-010", "N-014"]
    m = organizing(p1={"village": village, "teams": [village[:3], village[3:]]})
    play(m, "join N-002 new", "join N-003 new", "join N-010 new", "join N-014 new")
    assert team_numbers(m, 0) == [["N-001"], ["N-009"], ["N-002"], ["N-003"], ["N-010"], ["N-014"]]
    play(m, "next")
    play(m, "send T1", "send T2", "send T3")  # six teams organized; three may be sent (N-ATTACK-1)
    assert len(m.state.players[0].sent) == 3


def test_N_ORG_3_a_ninja_joining_leaves_its_old_team():
    m = organizing(p1={"village": ORG_VILLAGE, "teams": [["N-001", "N-002"]]})
    play(m, "join N-002 T2")
    assert team_numbers(m, 0) == [["N-001"], ["N-003", "N-002"], ["N-009"]]
    assert events(m, "joined") == [{"player": 0, "card": "N-002", "team": 2}]


def test_N_ORG_3_a_new_team_takes_its_members_out_of_their_teams():
    m = organizing(p1={"village": ORG_VILLAGE, "teams": [["N-001", "N-002"], ["N-003", "N-009"]]})
    play(m, "team N-002 N-009")
    assert team_numbers(m, 0) == [["N-001"], ["N-003"], ["N-002", "N-009"]]
    members = [i for t in m.state.players[0].teams for i in t]
    assert sorted(members) == sorted(m.state.players[0].village)


@pytest.mark.parametrize("action,rule", [
    ("join N-001 T1", "N-ORG-3"),        # already in that team
    ("join N-009 new", "N-ORG-3"),       # already alone
    ("join N-001 T9", "N-ORG-3"),        # no such team
    ("team N-001 N-001", "N-ORG-3"),     # one Ninja twice
    ("join M-022 T1", "N-ORG-3"),        # a Permanent mission in the village belongs to no team
    ("join C-901 T1", "N-CLIENT-6"),     # nor does a Client, which is never sent to battle
])
def test_N_ORG_3_refusals(action, rule):
    m = organizing(p1={"village": ORG_VILLAGE + ["C-901", "M-022"], "teams": [["N-001", "N-002"]]})
    refused(m, action, rule)


def test_N_ORG_3_a_deployed_ninja_gets_a_team_of_its_own():
    m = scenario(phase="mission_main", turn=3, p1=player(village=["N-001", "N-002"], hand=["N-003"],
                                                        teams=[["N-001", "N-002"]]), p2=player())
    play(m, "deploy N-003")
    assert team_numbers(m, 0) == [["N-001", "N-002"], ["N-003"]]


def test_N_ORG_4_teams_stay_as_organized_through_battle_and_the_next_turn():
    m = organizing(p1={"village": ["N-011", "N-002", "N-003"]}, p2={"village": ["N-018"]})
    play(m, "team N-011 N-002", "next", "send T2 lead N-011")
    refused(m, "join N-003 T2", "N-TURN")  # no reorganizing outside step F
    play(m, "next", "next", "pass", "pass")
    assert (m.state.turn, m.state.attacker, m.phase) == (4, 1, "mission_main")
    assert team_numbers(m, 0) == [["N-003"], ["N-011", "N-002"]]
    # seat 2 attacks now; seat 1 blocks with the team it organized last turn
    play(m, "next", "pass", "next", "send T1", "next")
    play(m, "block T2 on N-018 lead N-002")
    assert team_numbers(m, 0, "sent") == [["N-002", "N-011"]]


def test_N_ORG_5_first_turn_of_the_first_player_skips_the_battle_phase():
    m = organizing(turn=1, p1={"village": ["N-001"]}, p2={"village": ["N-002"]})
    assert legal(m)[-1] == "next"
    start = len(m.log)
    play(m, "next")
    assert events(m, "step_done", start)[0]["trigger"] == "skip_battle"
    assert not {"team_sent", "showdown", "showdown_unblocked", "teams_returned"} & set(keys(m, start))
    assert events(m, "marker_moved", start) == [{"player": 0, "counter": 1}]
    assert (m.state.turn, m.state.attacker, m.phase) == (2, 1, "mission_main")


def test_N_ORG_5_the_second_players_first_turn_has_a_battle_phase():
    m = organizing(turn=2, attacker=1, first=0, p1={"village": ["N-001"]}, p2={"village": ["N-002"]})
    play(m, "next")
    assert m.phase == "battle_attack" and m.actor == 1


# =================================================================================================
# N-ATTACK: sending the attacker's teams (step G)
# =================================================================================================

FOUR_TEAMS = {"village": ["N-001", "N-002", "N-003", "N-009"]}


def test_N_ATTACK_1_up_to_three_teams_then_no_more():
    m = attacking(FOUR_TEAMS)
    play(m, "send T1", "send T2", "send T3")
    assert team_numbers(m, 0, "sent") == [["N-001"], ["N-002"], ["N-003"]]
    assert numbers(m, 0, "village") == ["N-009"] and not [a for a in legal(m) if a.startswith("send")]
    refused(m, "send T4", "N-ATTACK-1")


def test_N_ATTACK_1_sending_no_team_skips_blocking_exchange_and_showdown():
    m = attacking(FOUR_TEAMS, {"village": ["N-018"]})
    start = len(m.log)
    play(m, "next")
    assert events(m, "step_done", start)[0]["trigger"] == "no_attack"
    assert not {"team_blocks", "chain_opened", "showdown", "showdown_unblocked"} & set(keys(m, start))
    assert m.state.players[0].rewards == [] and m.state.injured == set()
    assert (m.state.turn, m.state.attacker) == (4, 1)


def test_N_ATTACK_2_leader_first_then_rear_ninjas():
    m = attacking({"village": ["N-002", "N-011", "N-003"], "teams": [["N-002", "N-011", "N-003"]]})
    play(m, "send T1 lead N-011")
    assert team_numbers(m, 0, "sent") == [["N-011", "N-002", "N-003"]]
    assert events(m, "team_sent") == [{"player": 0, "lead": "N-011", "rear": ["N-002", "N-003"]}]
    assert sorted(numbers(m, 0, "battlefield")) == ["N-002", "N-003", "N-011"]


def test_N_ATTACK_2_a_one_ninja_team_is_its_own_leader():
    m = attacking({"village": ["N-002"]})
    play(m, "send T1")
    assert events(m, "team_sent") == [{"player": 0, "lead": "N-002", "rear": []}]


@pytest.mark.parametrize("action", ["send T1", "send T1 lead N-009", "send T1 T2"])
def test_N_ATTACK_2_a_team_of_several_needs_one_of_its_own_as_leader(action):
    m = attacking({"village": ["N-002", "N-011", "N-009"], "teams": [["N-002", "N-011"]]})
    refused(m, action, "N-ATTACK-2")


def test_N_ATTACK_2_every_member_may_lead():
    m = attacking({"village": ["N-002", "N-011"], "teams": [["N-002", "N-011"]]})
    assert [a for a in legal(m) if a.startswith("send")] == ["send T1 lead N-002", "send T1 lead N-011"]


def test_N_ATTACK_3_a_sent_team_cannot_be_sent_again_with_another_leader():
    m = attacking({"village": ["N-002", "N-011"], "teams": [["N-002", "N-011"]]})
    play(m, "send T1 lead N-011")
    refused(m, "send T1 lead N-002", "N-ATTACK-3")


def test_N_ATTACK_3_the_configuration_holds_until_the_showdown():
    m = exchange({"village": ["N-002", "N-011"], "teams": [["N-002", "N-011"]]}, {"village": ["N-018"]},
                 ["send T1 lead N-011"], ["block T1 on N-011"])
    refused(m, "join N-002 new", "N-TURN")
    refused(m, "send T1 lead N-002", "N-TURN")
    showdown(m)
    (r,) = results(m)
    assert r["lead"] == "N-011" and r["arithmetic"] == [["N-011", "lead", 5], ["N-002", "rear", 1]]


# =================================================================================================
# N-BLOCK: sending the blocker's teams (step H)
# =================================================================================================

def test_N_BLOCK_1_no_more_blocking_teams_than_attacking_teams():
    m = attacking({"village": ["N-011", "N-002"]}, {"village": ["N-018", "N-014"]})
    play(m, "send T1", "next")
    assert m.phase == "battle_block" and m.actor == 1
    play(m, "block T1 on N-011")
    refused(m, "block T2 on N-011", "N-BLOCK-1")
    assert [a for a in legal(m) if a.startswith("block")] == []


def test_N_BLOCK_1_the_blocker_may_send_no_team():
    m = attacking({"village": ["N-011"]}, {"village": ["N-018"]})
    play(m, "send T1", "next", "next")
    assert m.phase == "battle_exchange_open" and m.state.players[1].sent == []
    assert numbers(m, 1, "village") == ["N-018"]


def test_N_BLOCK_2_each_attacking_team_is_blocked_by_at_most_one_team():
    m = attacking({"village": ["N-011", "N-002"]}, {"village": ["N-018", "N-014"]})
    play(m, "send T1", "send T2", "next", "block T1 on N-011")
    err = refused(m, "block T2 on N-011", "N-BLOCK-2")
    assert err.params["reason"] == "blocked"
    play(m, "block T2 on N-002")
    assert m.state.players[1].against == [0, 1]
    assert events(m, "team_blocks") == [{"player": 1, "lead": "N-018", "rear": [], "on": "N-011"},
                                        {"player": 1, "lead": "N-014", "rear": [], "on": "N-002"}]


@pytest.mark.parametrize("action", [
    "block T1",              # blocks nothing
    "block T1 on N-003",     # a rear Ninja is not a team's leader
    "block T1 on N-014",     # a Ninja of the blocker
])
def test_N_BLOCK_2_a_blocking_team_blocks_one_attacking_team_named_by_its_leader(action):
    m = attacking({"village": ["N-011", "N-003"], "teams": [["N-011", "N-003"]]}, {"village": ["N-018", "N-014"]})
    play(m, "send T1 lead N-011", "next")
    refused(m, action, "N-BLOCK-2")


def test_N_BLOCK_2_a_blocking_team_cannot_block_a_second_team():
    m = attacking({"village": ["N-011", "N-002"]}, {"village": ["N-018", "N-014"]})
    play(m, "send T1", "send T2", "next", "block T1 on N-011")
    refused(m, "block T1 on N-002", "N-BLOCK-2")


@pytest.mark.parametrize("action", ["block T1 on N-011", "block T1 on N-011 lead N-001"])
def test_N_BLOCK_3_a_blocking_team_of_several_needs_a_leader_of_its_own(action):
    m = attacking({"village": ["N-011", "N-001"]}, {"village": ["N-018", "N-014"], "teams": [["N-018", "N-014"]]})
    play(m, "send T1", "next")
    refused(m, action, "N-BLOCK-3")


def test_N_BLOCK_3_the_blocking_leader_heads_its_rear_ninjas():
    m = attacking({"village": ["N-011"]}, {"village": ["N-018", "N-014"], "teams": [["N-018", "N-014"]]})
    play(m, "send T1", "next", "block T1 on N-011 lead N-014")
    assert team_numbers(m, 1, "sent") == [["N-014", "N-018"]]
    assert events(m, "team_blocks")[0] == {"player": 1, "lead": "N-014", "rear": ["N-018"], "on": "N-011"}


def test_N_BLOCK_4_battling_non_battling_and_standby_ninjas():
    m = exchange({"village": ["N-011", "N-002", "N-003"], "hand": ["J-003"], "chakra": ["J-002", "J-002"]},
                 {"village": ["N-018", "N-014"]}, ["send T1", "send T2"], ["block T1 on N-011"])
    # only the blocked team has opponents to fight: Sexy Jutsu (target: a Ninja fighting the user)
    assert "jutsu J-003 by N-011 target N-018@2 pay J-002 J-002" in legal(m)
    refused(m, "jutsu J-003 by N-002 target N-018@2 pay J-002 J-002", "N-KEY-TARGET-1")
    showdown(m)
    fought, unblocked = results(m)
    assert fought["lead"] == "N-011" and fought["against"] == "N-018" and fought["rule"] == "N-SHOW-6"
    assert unblocked["lead"] == "N-002" and unblocked["rule"] == "N-SHOW-3"
    # the standby Ninjas took no part: still home, healthy
    assert "N-003" in numbers(m, 0, "village") and "N-014" in numbers(m, 1, "village")
    assert iid(m, 0, "village", "N-003") not in m.state.injured
    assert iid(m, 1, "village", "N-014") not in m.state.injured


# =================================================================================================
# N-JUTSU: using a Jutsu (step I)
# =================================================================================================

@pytest.mark.parametrize("action", [
    "jutsu J-001 by N-003 pay N-009",   # standby Ninja
    "jutsu J-001 pay N-009",            # no user
    "jutsu J-001 by N-018 pay N-009",   # the opponent's Ninja
    "jutsu J-001 by N-010 pay N-009",   # a Ninja that is nowhere
])
def test_N_JUTSU_1_the_user_is_one_of_your_ninjas_on_the_battlefield(action):
    refused(jutsu_position(), action, "N-JUTSU-1")


def test_N_JUTSU_1_a_client_cannot_use_a_jutsu():
    m = exchange({"village": ["N-011", "C-901"], "chakra": ["N-009"], "hand": ["J-001"]}, {}, ["send T1"])
    refused(m, "jutsu J-001 by C-901 pay N-009", "N-CLIENT-6")


def test_N_JUTSU_1_a_rear_ninja_may_use_a_jutsu():
    m = exchange({"village": ["N-011", "N-001"], "teams": [["N-011", "N-001"]], "chakra": ["N-009"],
                  "hand": ["J-001"]}, {}, ["send T1 lead N-011"])
    play(m, "jutsu J-001 by N-001 pay N-009")
    assert m.state.chain[0]["user"] == iid(m, 0, "battlefield", "N-001")


def test_N_JUTSU_1_a_requirement_J030_needs_kakashi_hatake():
    m = jutsu_position()
    refused(m, "jutsu J-030 by N-001 pay M-006 J-002", "N-KEY-COND-1")
    assert [a for a in legal(m) if a.startswith("jutsu J-030")] == ["jutsu J-030 by N-011 pay M-006 M-009"]
    play(m, "jutsu J-030 by N-011 pay M-006 J-002")
    assert m.state.chain[0]["user"] == iid(m, 0, "battlefield", "N-011")


def test_N_JUTSU_2_a_jutsu_with_a_target_is_used_with_it():
    m = jutsu_position()
    zabuza = iid(m, 1, "battlefield", "N-018")
    play(m, "jutsu J-006 by N-011 target N-018@2 pay M-006 M-009")
    assert m.state.chain[0]["targets"] == [zabuza]
    assert events(m, "jutsu_used")[0]["targets"] == ["N-018@2"]


@pytest.mark.parametrize("action", [
    "jutsu J-006 by N-011 pay M-006 M-009",                          # no target chosen
    "jutsu J-006 by N-011 target N-018@2 N-014@2 pay M-006 M-009",   # two targets for one
    "jutsu J-008 by N-011 target N-018@2 pay M-006 J-002",           # a Jutsu without target
    "jutsu J-001 by N-011 target N-011@1 pay N-009",                 # the user is its implicit target
])
def test_N_JUTSU_2_targets_as_the_card_asks(action):
    refused(jutsu_position(), action, "N-JUTSU-2")


def test_N_JUTSU_2_a_jutsu_without_target_has_none():
    m = play(jutsu_position(), "jutsu J-008 by N-001 pay M-006 N-009")
    assert m.state.chain[0]["targets"] == [] and events(m, "jutsu_used")[0]["targets"] == []


def test_N_JUTSU_3_symbol_and_number_paid_from_chakra_to_the_discard_pile():
    m = jutsu_position()
    hand_before = numbers(m, 0, "hand")
    play(m, "jutsu J-030 by N-011 pay M-006 J-002")
    assert numbers(m, 0, "chakra") == ["M-009", "N-009"]
    assert numbers(m, 0, "discard") == ["M-006", "J-002"]
    assert numbers(m, 0, "hand") == [n for n in hand_before if n != "J-030"]
    assert m.state.chain[0]["paid"] == ["M-006", "J-002"]


def test_N_JUTSU_3_a_number_is_paid_with_cards_of_any_symbol():
    m = play(jutsu_position(), "jutsu J-001 by N-001 pay N-009")
    assert numbers(m, 0, "discard") == ["N-009"]


@pytest.mark.parametrize("pay", [
    "pay J-002 N-009",           # no Fire card for F
    "pay M-006",                 # one card short
    "pay M-006 J-002 N-009",     # more than the cost asks
    "",                          # nothing
])
def test_N_JUTSU_3_the_cost_exactly(pay):
    refused(jutsu_position(), f"jutsu J-030 by N-011 {pay}".strip(), "N-JUTSU-3")


def test_N_JUTSU_3_a_cost_with_alternatives_is_paid_either_way():
    """"W1 or 3": no Water card in the Chakra area, so 3 cards of any symbol pay it; "N or L": a
    Wind card or a Lightning card."""
    def position_with(card: str) -> Match:
        m = jutsu_position()
        hand = m.state.players[0].hand
        m.state.instances[hand[0]] = card  # J-030 in hand becomes the test Jutsu
        return m

    m = position_with("J-902")
    assert "jutsu J-902 by N-011 pay M-006 M-009 J-002" in [str(a) for a in m.legal_actions()]
    play(m, "jutsu J-902 by N-011 pay M-006 J-002 N-009")
    assert numbers(m, 0, "discard") == ["M-006", "J-002", "N-009"]
    refused(position_with("J-902"), "jutsu J-902 by N-011 pay M-006 J-002", "N-JUTSU-3")
    play(position_with("J-903"), "jutsu J-903 by N-011 pay N-009")  # Wind
    play(position_with("J-903"), "jutsu J-903 by N-011 pay J-002")  # Lightning
    err = refused(position_with("J-903"), "jutsu J-903 by N-011 pay M-006", "N-JUTSU-3")  # Fire pays neither
    assert err.params["cost"] == "N or L"


def test_N_JUTSU_5_a_jutsu_nothing_in_the_chakra_area_can_pay_cannot_be_used():
    m = jutsu_position()
    hand = m.state.players[0].hand
    m.state.instances[hand[0]] = "J-902"  # "W1 or 3": no Water card, and 4 cards pay 3 ...
    m.state.players[0].chakra = m.state.players[0].chakra[:2]  # ... but only 2 are left
    err = refused(m, "jutsu J-902 by N-011 pay M-006 M-009", "N-JUTSU-5")
    assert err.params["cost"] == "W 1 or 3"


def test_N_JUTSU_3_the_cost_is_paid_from_the_chakra_area_only():
    # J-001 is in the hand, not in the Chakra area
    refused(jutsu_position(), "jutsu J-030 by N-011 pay M-006 J-001", "N-ZONE-2")


def test_N_JUTSU_4_x_is_chosen_and_paid_as_x_more_chakra():
    m = play(jutsu_position(), "jutsu J-005 by N-001 pay J-002 M-006 N-009 x 2")
    assert m.state.chain[0]["x"] == 2 and events(m, "jutsu_used")[0]["x"] == 2
    assert numbers(m, 0, "discard") == ["J-002", "M-006", "N-009"] and numbers(m, 0, "chakra") == ["M-009"]


def test_N_JUTSU_4_x_may_be_zero():
    m = play(jutsu_position(), "jutsu J-005 by N-001 pay J-002 x 0")
    assert m.state.chain[0]["x"] == 0 and numbers(m, 0, "discard") == ["J-002"]


@pytest.mark.parametrize("action,rule", [
    ("jutsu J-005 by N-001 pay J-002 M-006", "N-JUTSU-4"),            # X not chosen
    ("jutsu J-005 by N-001 pay J-002 M-006 x two", "N-JUTSU-4"),      # X is a number
    ("jutsu J-005 by N-001 pay J-002 M-006 x 2", "N-JUTSU-3"),        # X = 2 asks for 3 cards
    ("jutsu J-005 by N-001 pay M-006 N-009 x 1", "N-JUTSU-3"),        # L paid without Lightning
])
def test_N_JUTSU_4_x_refusals(action, rule):
    refused(jutsu_position(), action, rule)


def test_N_JUTSU_4_the_legal_x_values_are_what_the_chakra_can_pay():
    options = [a for a in legal(jutsu_position()) if a.startswith("jutsu J-005 by N-001")]
    assert [a.split(" x ")[1] for a in options] == ["0", "1", "2", "3"]


def test_N_JUTSU_4_two_x_in_one_cost_take_the_same_value():
    m = exchange({"village": ["N-011"], "chakra": ["N-016", "N-009", "N-003", "N-002", "N-010"],
                  "hand": ["J-901"]}, {}, ["send T1"])
    refused(m, "jutsu J-901 by N-011 pay N-016 N-009 N-003 x 2", "N-JUTSU-3")  # W + 2 + 2 = 5
    play(m, "jutsu J-901 by N-011 pay N-016 N-009 N-003 N-002 N-010 x 2")
    assert m.state.chain[0]["x"] == 2 and len(m.state.players[0].discard) == 5


def test_N_JUTSU_5_a_used_jutsu_joins_the_chain_in_use():
    m = jutsu_position()
    kakashi = iid(m, 0, "battlefield", "N-011")
    card = iid(m, 0, "hand", "J-030")
    play(m, "jutsu J-030 by N-011 pay M-006 J-002")
    assert m.state.chain == [{"card": card, "player": 0, "user": kakashi, "targets": [kakashi],
                              "paid": ["M-006", "J-002"], "x": 0}]
    assert m.phase == "battle_exchange_chain_priority"
    assert events(m, "jutsu_used") == [{"player": 0, "card": "J-030", "user": "N-011", "targets": ["N-011@1"],
                                        "paid": ["M-006", "J-002"], "x": 0}]


@pytest.mark.parametrize("action,rule", [
    ("jutsu J-030 by N-001 pay M-006 J-002", "N-KEY-COND-1"),                 # the user
    ("jutsu J-006 by N-011 target M-006@1 pay M-006 M-009", "N-KEY-TARGET-1"),  # the target
    ("jutsu J-030 by N-011 pay J-002 N-009", "N-JUTSU-3"),                    # the payment
])
def test_N_JUTSU_5_a_jutsu_that_cannot_be_used_costs_nothing_and_stays_in_hand(action, rule):
    m = jutsu_position()
    refused(m, action, rule)
    assert "J-030" in numbers(m, 0, "hand") and "J-006" in numbers(m, 0, "hand")
    assert numbers(m, 0, "chakra") == ["M-006", "M-009", "J-002", "N-009"] and m.state.players[0].discard == []
    assert m.state.chain == [] and m.phase == "battle_exchange_open"


def test_N_JUTSU_6_the_user_stays_the_user_until_the_effect_applies():
    m = jutsu_position()
    kakashi = iid(m, 0, "battlefield", "N-011")
    play(m, "jutsu J-030 by N-011 pay M-006 J-002", "jutsu J-001 by N-018 pay J-001",
         "jutsu J-001 by N-001 pay N-009")
    assert m.state.chain[0]["user"] == kakashi  # other links, other users: the first keeps its own
    start = len(m.log)
    play(m, "pass", "pass")
    assert [e["card"] for e in events(m, "link_applied", start)] == ["J-001", "J-001", "J-030"]
    assert events(m, "card_failed", start) == []


# =================================================================================================
# N-CHAIN: the chain
# =================================================================================================

def test_N_CHAIN_1_a_single_jutsu_is_a_chain():
    m = jutsu_position()
    start = len(m.log)
    play(m, "jutsu J-030 by N-011 pay M-006 J-002", "pass", "pass")
    assert keys(m, start) == ["jutsu_used", "chain_opened", "passed", "passed", "chain_settles",
                              "link_applied", "boosted", "chain_closed"]
    assert events(m, "link_applied", start) == [{"link": 1, "player": 0, "card": "J-030"}]
    assert m.phase == "battle_exchange_open" and m.state.chain == []


def test_N_CHAIN_1_a_mission_starts_a_chain():
    m = scenario(phase="mission_main", turn=3, counters=(3, 3), p1=player(hand=["M-006", "N-002"]), p2=player())
    play(m, "mission M-006 pay N-002")
    assert m.phase == "mission_chain_priority" and len(m.state.chain) == 1
    assert events(m, "chain_opened") == [{"player": 0}] and m.actor == 1


def test_N_CHAIN_2_priority_goes_to_the_player_who_did_not_add_the_last_card():
    m = jutsu_position()
    play(m, "jutsu J-030 by N-011 pay M-006 J-002")
    assert m.actor == 1
    assert all(" by N-018" in a for a in legal(m) if a.startswith("jutsu"))
    refused(m, "jutsu J-001 by N-001 pay N-009", "N-JUTSU-1")  # seat 2 acts: N-001 is not its Ninja
    play(m, "jutsu J-001 by N-018 pay J-001")
    assert m.actor == 0
    play(m, "jutsu J-001 by N-001 pay N-009")
    assert m.actor == 1 and [link["player"] for link in m.state.chain] == [0, 1, 0]


def test_N_CHAIN_2_any_of_your_battlefield_ninjas_may_use_the_inserted_jutsu():
    m = jutsu_position()
    play(m, "jutsu J-030 by N-011 pay M-006 J-002", "pass")
    assert m.actor == 0  # seat 2 passed; seat 1 may still insert, with another user
    play(m, "jutsu J-001 by N-001 pay N-009")
    assert m.state.chain[1]["user"] == iid(m, 0, "battlefield", "N-001")


def test_N_CHAIN_2_a_counter_mission_is_inserted_in_a_mission_chain():
    m = scenario(phase="mission_main", turn=3, counters=(3, 3),
                 p1=player(hand=["M-006", "N-002"]), p2=player(hand=["M-009", "J-008"]))
    play(m, "mission M-006 pay N-002")
    assert "counter M-009 pay J-008 target M-006@1" in legal(m)
    play(m, "counter M-009 pay J-008 target M-006@1")
    assert [m.state.instances[link["card"]] for link in m.state.chain] == ["M-006", "M-009"] and m.actor == 0


def test_N_CHAIN_3_one_pass_does_not_settle_and_an_insertion_starts_the_passing_again():
    m = jutsu_position()
    play(m, "jutsu J-030 by N-011 pay M-006 J-002", "pass")
    assert m.phase == "battle_exchange_chain_priority" and m.state.passes == 1
    play(m, "jutsu J-001 by N-001 pay N-009")
    assert m.state.passes == 0 and m.actor == 1
    play(m, "pass")
    assert m.phase == "battle_exchange_chain_priority" and len(m.state.chain) == 2
    start = len(m.log)
    play(m, "pass")
    assert events(m, "chain_settles", start) == [{}] and m.state.chain == []


def test_N_CHAIN_4_settles_last_in_first_out():
    m = jutsu_position()
    play(m, "jutsu J-030 by N-011 pay M-006 J-002", "jutsu J-001 by N-018 pay J-001",
         "jutsu J-001 by N-001 pay N-009")
    start = len(m.log)
    play(m, "pass", "pass")
    assert events(m, "link_applied", start) == [
        {"link": 3, "player": 0, "card": "J-001"},
        {"link": 2, "player": 1, "card": "J-001"},
        {"link": 1, "player": 0, "card": "J-030"},
    ]


def test_N_CHAIN_4_a_mission_chain_settles_last_in_first_out():
    m = scenario(phase="mission_main", turn=3, counters=(3, 3),
                 p1=player(hand=["M-006", "N-002"]), p2=player(hand=["M-009", "J-008"]))
    play(m, "mission M-006 pay N-002", "counter M-009 pay J-008 target M-006@1", "pass", "pass")
    # the Counter mission, added last, settles first and negates the Mission (N-KEY-COUNTER-1)
    assert [(e["link"], e["card"]) for e in events(m, "link_applied")] == [(2, "M-009")]
    assert events(m, "negated") == [{"player": 0, "card": "M-006", "zone": "discard"}]
    assert m.phase == "mission_main"


def test_N_CHAIN_5_a_settled_jutsu_goes_to_its_owners_chakra_area():
    m = jutsu_position()
    play(m, "jutsu J-030 by N-011 pay M-006 J-002", "jutsu J-002 by N-018 pay J-001 J-002", "pass", "pass")
    assert numbers(m, 0, "chakra") == ["M-009", "N-009", "J-030"]
    assert numbers(m, 1, "chakra") == ["N-016", "J-002"]
    assert numbers(m, 0, "discard") == ["M-006", "J-002"] and numbers(m, 1, "discard") == ["J-001", "J-002"]
    assert "J-030" not in numbers(m, 0, "hand") and "J-002" not in numbers(m, 1, "hand")


def test_N_CHAIN_6_a_jutsu_whose_user_left_the_battlefield_fails_without_refund():
    m = play(jutsu_position(), "jutsu J-001 by N-001 pay N-009", "jutsu J-001 by N-018 pay J-001",
             "jutsu J-030 by N-011 pay M-006 J-002")
    position = m.to_json()["position"]
    kakashi = iid(m, 0, "battlefield", "N-011")
    leave_battlefield(position, kakashi)  # say an effect knocked Kakashi out meanwhile
    m = load_match({"position": position})
    assert violations(m.state) == []
    start = len(m.log)
    play(m, "pass", "pass")
    assert events(m, "card_failed", start) == [{"link": 3, "player": 0, "card": "J-030", "rule": "N-CHAIN-6"}]
    assert [e["card"] for e in events(m, "link_applied", start)] == ["J-001", "J-001"]
    assert [e["card"] for e in events(m, "boosted", start)] == ["N-018", "N-001"]
    assert numbers(m, 0, "chakra") == ["M-009", "J-030", "J-001"]  # failed, yet to the Chakra area
    assert numbers(m, 0, "discard") == ["N-009", "M-006", "J-002", "N-011"]  # the cost stays paid


def test_N_CHAIN_6_a_jutsu_whose_target_left_the_battlefield_fails():
    m = play(jutsu_position(), "jutsu J-001 by N-001 pay N-009", "pass",
             "jutsu J-006 by N-011 target N-018@2 pay M-006 M-009")
    position = m.to_json()["position"]
    leave_battlefield(position, iid(m, 1, "battlefield", "N-018"))
    m = load_match({"position": position})
    start = len(m.log)
    play(m, "pass", "pass")
    assert keys(m, start) == ["passed", "passed", "chain_settles", "card_failed", "link_applied", "boosted",
                              "chain_closed"]
    assert events(m, "card_failed", start)[0]["card"] == "J-006"
    assert numbers(m, 0, "chakra") == ["J-002", "J-006", "J-001"]
    assert numbers(m, 0, "discard") == ["N-009", "M-006", "M-009"]
    assert numbers(m, 1, "discard") == ["N-018"]


def test_N_CHAIN_6_the_same_chain_with_its_target_still_there_applies():
    m = play(jutsu_position(), "jutsu J-006 by N-011 target N-018@2 pay M-006 M-009", "pass", "pass")
    assert events(m, "card_failed") == [] and events(m, "link_applied")[0]["card"] == "J-006"


def test_N_CHAIN_6_a_counter_mission_whose_mission_left_the_chain_fails():
    # built with scenario(chain=...): Lone Avenger aims at the Missing Pet mission, which is gone
    # from the chain (it lies in the discard pile) when Lone Avenger is to apply
    m = with_chain([(1, "M-009", [(0, "M-006")])], turn=3, counters=(3, 3),
                   p1=player(discard=["M-006"]), p2=player(hand=["M-009"], chakra=["J-008"]))
    assert m.actor == 0
    play(m, "pass", "pass")
    assert events(m, "card_failed") == [{"link": 1, "player": 1, "card": "M-009", "rule": "N-CHAIN-6"}]
    assert events(m, "link_applied") == [] and events(m, "effect_left") == []
    assert numbers(m, 1, "chakra") == ["J-008", "M-009"] and m.phase == "mission_main"


def test_N_CHAIN_6_a_counter_mission_whose_mission_is_still_in_the_chain_applies():
    m = with_chain([(0, "M-006", []), (1, "M-009", [(0, "M-006")])], turn=3, counters=(3, 3),
                   p1=player(hand=["M-006"]), p2=player(hand=["M-009"]))
    play(m, "pass", "pass")
    assert [e["card"] for e in events(m, "link_applied")] == ["M-009"]
    assert [e["card"] for e in events(m, "negated")] == ["M-006"] and events(m, "card_failed") == []


def test_N_CHAIN_7_several_chains_in_one_exchange():
    m = jutsu_position()
    play(m, "jutsu J-030 by N-011 pay M-006 J-002", "pass", "pass")
    assert m.phase == "battle_exchange_open" and m.actor == 1  # seat 2 did not start the last chain
    play(m, "jutsu J-001 by N-018 pay J-001", "pass", "pass")
    assert m.phase == "battle_exchange_open" and m.actor == 0  # now seat 1 did not
    play(m, "jutsu J-001 by N-001 pay N-009", "pass", "pass")
    assert len(events(m, "chain_opened")) == 3 and len(events(m, "chain_closed")) == 3
    assert m.actor == 1
    start = len(m.log)
    play(m, "pass", "pass")
    assert keys(m, start)[:3] == ["passed", "passed", "exchange_over"] and len(results(m)) == 2


def test_N_CHAIN_7_the_exchange_ends_when_both_pass_with_no_chain_open():
    m = jutsu_position()
    play(m, "pass")
    assert m.phase == "battle_exchange_open" and m.actor == 1
    start = len(m.log)
    play(m, "pass")
    assert "exchange_over" in keys(m, start) and len(results(m)) == 2


def test_N_CHAIN_7_after_a_pass_the_other_player_may_start_a_chain():
    m = jutsu_position()
    play(m, "pass", "jutsu J-001 by N-018 pay J-001", "pass", "pass")
    assert m.phase == "battle_exchange_open" and m.actor == 0 and m.state.passes == 0
    play(m, "pass")
    assert m.phase == "battle_exchange_open"  # one pass after the chain does not end the exchange
    play(m, "pass")
    assert len(results(m)) == 2


# =================================================================================================
# N-SHOW: the Showdown (step J)
# =================================================================================================

def test_N_SHOW_1_team_power_is_leader_combat_plus_rear_support():
    m = fight({"village": ["N-011", "N-002", "N-003"], "teams": [["N-011", "N-002", "N-003"]]}, {},
              ["send T1 lead N-011"])
    (r,) = results(m)
    assert r["power"] == 5 + 1 + 1
    assert r["arithmetic"] == [["N-011", "lead", 5], ["N-002", "rear", 1], ["N-003", "rear", 1]]


def test_N_SHOW_1_the_leaders_support_and_the_rears_combat_do_not_count():
    m = fight({"village": ["N-003", "N-011"], "teams": [["N-003", "N-011"]]}, {}, ["send T1 lead N-003"])
    assert results(m)[0]["power"] == 1 + 3 and results(m)[0]["rewards"] == 1


def test_N_SHOW_1_both_battling_teams_are_counted_the_same_way():
    m = fight({"village": ["N-010", "N-003"], "teams": [["N-010", "N-003"]]},
              {"village": ["N-009", "N-014"], "teams": [["N-009", "N-014"]]},
              ["send T1 lead N-010"], ["block T1 on N-010 lead N-009"])
    (r,) = results(m)
    assert (r["power"], r["against_power"], r["difference"]) == (4 + 1, 3 + 2, 0)
    assert r["against_arithmetic"] == [["N-009", "lead", 3], ["N-014", "rear", 2]]


def test_N_SHOW_2_a_mental_battle_counts_every_members_mental_power():
    # ordinary power: Scholar 1 + Sage 0 = 1 against the Brute's 9; mental power 3 + 2 + 0 = 5 against 1
    m = fight({"village": ["N-931", "N-932", "N-001"], "teams": [["N-931", "N-932", "N-001"]]},
              {"village": ["N-933"]}, ["send T1 lead N-931"], ["block T1 on N-931"], mental=True)
    (r,) = results(m)
    assert (r["power"], r["against_power"], r["difference"]) == (5, 1, 4)
    assert r["arithmetic"] == [["N-931", "mental", 3], ["N-932", "mental", 2], ["N-001", "mental", 0]]
    assert (r["result"], r["rule"]) == ("victory", "N-SHOW-4")
    assert numbers(m, 1, "village") == ["N-933"] and iid(m, 1, "village", "N-933") in m.state.injured


def test_N_SHOW_2_the_same_battle_without_mental_power():
    m = fight({"village": ["N-931", "N-932", "N-001"], "teams": [["N-931", "N-932", "N-001"]]},
              {"village": ["N-933"]}, ["send T1 lead N-931"], ["block T1 on N-931"])
    (r,) = results(m)
    assert (r["power"], r["against_power"], r["result"]) == (1, 9, "outstanding")
    assert "N-931" in numbers(m, 0, "discard")


def test_N_SHOW_2_connaissance_counts_as_mental_power():
    """Seed 002: « Connaissance: X » is the French edition's Mental Power."""
    assert ERUDITE.mental_power == 4
    m = fight({"village": ["N-934"], "teams": [["N-934"]]}, {"village": ["N-933"]}, ["send T1 lead N-934"],
              ["block T1 on N-934"], mental=True)
    (r,) = results(m)
    assert (r["power"], r["against_power"], r["result"]) == (4, 1, "victory")


def mind_battle(jutsu: str) -> Match:
    """The Scholar's team blocked by the Brute, seat 1 holding ``jutsu`` and a Fire card to pay it."""
    return exchange({"village": ["N-931", "N-932", "N-001"], "teams": [["N-931", "N-932", "N-001"]],
                     "chakra": ["M-006"], "hand": [jutsu]},
                    {"village": ["N-933"]}, ["send T1 lead N-931"], ["block T1 on N-931"])


def test_N_SHOW_2_an_effect_starts_the_mental_battle():
    m = mind_battle("J-991")
    assert not m.state.mental
    play(m, "jutsu J-991 by N-931 pay M-006", "pass", "pass")
    assert m.state.mental
    assert [e.params for e in m.log if e.key == "mental_battle"] == [{"player": 0, "card": "J-991"}]
    showdown(m)
    (r,) = results(m)
    assert (r["power"], r["against_power"], r["result"]) == (5, 1, "victory")  # as the mental test above
    assert not m.state.mental  # for this turn only


def test_N_SHOW_2_the_toolbox_starts_the_mental_battle_of_an_effect_applied_by_hand():
    m = mind_battle("J-992")
    play(m, "jutsu J-992 by N-931 pay M-006", "pass", "pass")
    assert m.state.pending[0]["kind"] == "manual"
    refused(m, "tool mental now", "N-EFFECT-3")
    play(m, "tool mental")
    assert m.state.mental and [e.params for e in m.log if e.key == "mental_battle"] == \
        [{"player": 0, "card": "J-992"}]
    play(m, "choose done")
    showdown(m)
    (r,) = results(m)
    assert (r["power"], r["against_power"], r["result"]) == (5, 1, "victory")


def test_N_SHOW_2_the_toolbox_is_only_for_an_effect_applied_by_hand():
    m = mind_battle("J-991")
    refused(m, "tool mental", "N-EFFECT-3")  # no effect is being applied by hand
    assert not m.state.mental


@pytest.mark.parametrize("team,expected", [(["N-931"], 1), (["N-931", "N-932"], 2), (["N-001", "N-002"], 1)])
def test_N_SHOW_2_unblocked_mental_power_earns_rewards(team, expected):
    m = fight({"village": team, "teams": [team]}, {}, [f"send T1 lead {team[0]}"], mental=True)
    assert results(m)[0]["rewards"] == expected and len(m.state.players[0].rewards) == expected


@pytest.mark.parametrize("village,power,earned", [
    (["N-001"], 1, 1),
    (["N-010"], 4, 1),
    (["N-011"], 5, 2),
    (["N-011", "N-010"], 7, 2),
])
def test_N_SHOW_3_unblocked_team_rewards_one_card_up_to_4_two_from_5(village, power, earned):
    m = exchange({"village": village, "teams": [village]}, {"deck": [f"N-00{k}" for k in range(1, 7)]},
                 [f"send T1 lead {village[0]}"])
    top = list(m.state.players[1].deck[:earned])
    showdown(m)
    (r,) = results(m)
    assert (r["power"], r["rewards"], r["rule"]) == (power, earned, "N-SHOW-3")
    assert m.state.players[0].rewards == top  # from the top of the opponent's deck
    assert m.state.players[1].rewards == []


def test_N_SHOW_3_rewards_cannot_take_more_than_the_deck_holds():
    m = fight({"village": ["N-011"]}, {"deck": ["N-002"]}, ["send T1"])
    assert results(m)[0]["rewards"] == 1 and len(m.state.players[0].rewards) == 1
    assert m.state.players[1].deck == []


@pytest.mark.parametrize("attacker,blocker,difference,loser", [
    (["N-011"], ["N-010"], 1, (1, "N-010")),   # 5 - 4
    (["N-011"], ["N-001"], 4, (1, "N-001")),   # 5 - 1
    (["N-001"], ["N-011"], -4, (0, "N-001")),  # the attacker may lose too
])
def test_N_SHOW_4_a_difference_of_1_to_4_damages_the_losing_leader_once(attacker, blocker, difference, loser):
    m = fight({"village": attacker}, {"village": blocker}, ["send T1"], [f"block T1 on {attacker[0]}"])
    (r,) = results(m)
    assert (r["difference"], r["result"], r["rule"]) == (difference, "victory", "N-SHOW-4")
    assert events(m, "injured") == [{"player": loser[0], "card": loser[1]}] and events(m, "knocked_out") == []


def test_N_SHOW_4_the_losing_rear_ninjas_take_no_damage():
    m = fight({"village": ["N-011"]}, {"village": ["N-009", "N-016"], "teams": [["N-009", "N-016"]]},
              ["send T1"], ["block T1 on N-011 lead N-009"])
    assert results(m)[0]["difference"] == 5 - (3 + 1)
    assert events(m, "injured") == [{"player": 1, "card": "N-009"}]
    assert iid(m, 1, "village", "N-016") not in m.state.injured


@pytest.mark.parametrize("attacker,blocker,difference", [
    (["N-011", "N-010"], ["N-001", "N-016"], 5),   # 7 - 2
    (["N-011", "N-010"], ["N-003", "N-001"], 6),   # 7 - 1
])
def test_N_SHOW_5_a_difference_of_5_or_more_is_a_complete_defeat(attacker, blocker, difference):
    m = fight({"village": attacker, "teams": [attacker]}, {"village": blocker, "teams": [blocker]},
              [f"send T1 lead {attacker[0]}"], [f"block T1 on {attacker[0]} lead {blocker[0]}"])
    (r,) = results(m)
    assert (r["difference"], r["result"], r["rule"]) == (difference, "outstanding", "N-SHOW-5")
    assert events(m, "knocked_out") == [{"player": 1, "card": blocker[0], "damage": 2}]
    assert events(m, "injured") == [{"player": 1, "card": blocker[1]}]
    assert numbers(m, 1, "discard") == [blocker[0]] and numbers(m, 1, "village") == [blocker[1]]


def test_N_SHOW_5_the_attacker_can_be_completely_defeated():
    m = fight({"village": ["N-001"]}, {"village": ["N-011", "N-010"], "teams": [["N-011", "N-010"]]},
              ["send T1"], ["block T1 on N-001 lead N-011"])
    assert results(m)[0]["difference"] == 1 - 7
    assert events(m, "knocked_out") == [{"player": 0, "card": "N-001", "damage": 2}]
    assert m.state.injured == set()


def test_N_SHOW_6_equal_power_damages_both_leaders():
    m = fight({"village": ["N-009", "N-003"], "teams": [["N-009", "N-003"]]}, {"village": ["N-010"]},
              ["send T1 lead N-009"], ["block T1 on N-009"])
    (r,) = results(m)
    assert (r["power"], r["against_power"], r["difference"], r["result"], r["rule"]) == (4, 4, 0, "draw", "N-SHOW-6")
    assert events(m, "injured") == [{"player": 0, "card": "N-009"}, {"player": 1, "card": "N-010"}]
    assert iid(m, 0, "village", "N-003") not in m.state.injured


def test_N_SHOW_7_every_sent_team_in_the_order_the_attacker_sent_them():
    m = fight({"village": ["N-001", "N-002", "N-011"]}, {"village": ["N-010"]},
              ["send T3", "send T1", "send T2"], ["block T1 on N-001"])
    assert [(r["lead"], r["rule"]) for r in results(m)] == [
        ("N-011", "N-SHOW-3"), ("N-001", "N-SHOW-4"), ("N-002", "N-SHOW-3")]
    assert len(m.state.players[0].rewards) == 2 + 1


# =================================================================================================
# N-DMG: damage and injured Ninjas
# =================================================================================================

def test_N_DMG_1_one_damage_injures_a_healthy_ninja():
    m = fight({"village": ["N-011"]}, {"village": ["N-010"]}, ["send T1"], ["block T1 on N-011"])
    ebisu = iid(m, 1, "village", "N-010")
    assert m.state.injured == {ebisu} and events(m, "injured") == [{"player": 1, "card": "N-010"}]


def test_N_DMG_2_an_injured_ninja_taking_one_damage_is_knocked_out():
    m = fight({"village": ["N-011"]}, {"village": ["N-010"], "injured": ["N-010"]}, ["send T1"],
              ["block T1 on N-011"])
    assert results(m)[0]["against_power"] == 2 and results(m)[0]["result"] == "victory"
    assert events(m, "knocked_out") == [{"player": 1, "card": "N-010", "damage": 1}]
    assert numbers(m, 1, "discard") == ["N-010"] and m.state.players[1].teams == [] and m.state.injured == set()


def test_N_DMG_3_two_damage_at_once_discard_a_healthy_ninja():
    m = fight({"village": ["N-011", "N-010"], "teams": [["N-011", "N-010"]]}, {"village": ["N-016"]},
              ["send T1 lead N-011"], ["block T1 on N-011"])
    assert events(m, "injured") == [] and events(m, "knocked_out") == [{"player": 1, "card": "N-016", "damage": 2}]
    assert numbers(m, 1, "discard") == ["N-016"]


def test_N_DMG_4_an_injured_ninja_uses_its_injured_combat_and_support():
    m = fight({"village": ["N-001"], "injured": ["N-001"]}, {}, ["send T1"])
    assert results(m)[0]["arithmetic"] == [["N-001", "lead", 3]]  # Naruto: 1 healthy, 3 injured
    m = fight({"village": ["N-011", "N-002"], "teams": [["N-011", "N-002"]], "injured": ["N-002"]}, {},
              ["send T1 lead N-011"])
    assert results(m)[0]["arithmetic"] == [["N-011", "lead", 5], ["N-002", "rear", 0]]
    assert results(m)[0]["rewards"] == 2


def test_N_DMG_5_an_injured_ninjas_effect_does_not_apply_when_sent():
    # Choji gains +1/+0 when sent to attack, unless injured
    healthy = play(attacking({"village": ["N-006"]}), "send T1")
    assert events(healthy, "boosted") == [{"player": 0, "card": "N-006", "combat": 1, "support": 0}]
    injured = play(attacking({"village": ["N-006"], "injured": ["N-006"]}), "send T1")
    assert events(injured, "boosted") == []


def test_N_DMG_5_an_injured_ninjas_start_of_turn_effect_does_not_apply():
    # The Third Hokage's heal is offered at its owner's turn start, unless it is injured itself
    healthy = play(attacking({}, {"village": ["N-013", "N-010"], "injured": ["N-010"], "chakra": ["J-001"]}), "next")
    assert events(healthy, "ability_offered") == [{"player": 1, "card": "N-013"}]
    injured = play(attacking({}, {"village": ["N-013", "N-010"], "injured": ["N-013", "N-010"], "chakra": ["J-001"]}),
                   "next")
    assert events(injured, "ability_offered") == [] and events(injured, "turn_started")[0]["attacker"] == 1


def test_N_DMG_6_a_healed_ninja_is_healthy_again():
    # The Third Hokage heals Ebisu at its owner's turn start, for one Chakra card (N-013)...
    m = play(attacking({"village": ["N-011"]}, {"village": ["N-013", "N-010"], "injured": ["N-010"],
                                                "chakra": ["J-001"]}), "next")
    assert events(m, "ability_offered") == [{"player": 1, "card": "N-013"}]
    play(m, "use N-013 pay J-001 target N-010@2")
    assert events(m, "healed") == [{"player": 1, "card": "N-010"}] and numbers(m, 1, "discard") == ["J-001"]
    # ...so from then on it fights with its healthy values and a single damage only injures it
    play(m, "next", "pass", "next", "send T2", "next", "block T1 on N-010", "next")
    showdown(m)
    (r,) = results(m)
    assert r["arithmetic"] == [["N-010", "lead", 4]] and r["result"] == "victory"
    assert events(m, "knocked_out") == [] and "N-010" in numbers(m, 1, "village")


# =================================================================================================
# N-RETURN: step K
# =================================================================================================

def test_N_RETURN_1_sent_teams_return_home_keeping_their_state():
    m = fight({"village": ["N-011", "N-001", "N-003"], "teams": [["N-011"], ["N-001"], ["N-003"]]},
              {"village": ["N-010", "N-016", "N-014"], "injured": ["N-016"]},
              ["send T1", "send T2"], ["block T1 on N-011", "block T2 on N-001"])
    # Kakashi 5 beats Ebisu 4 (Ebisu injured); the injured Haku 1 (injured Combat 1) draws Naruto 1
    assert [r["rule"] for r in results(m)] == ["N-SHOW-4", "N-SHOW-6"]
    assert events(m, "teams_returned") == [{}]
    for seat in (0, 1):
        assert m.state.players[seat].battlefield == [] and m.state.players[seat].sent == []
        assert m.state.players[seat].against == []
    assert sorted(numbers(m, 0, "village")) == ["N-001", "N-003", "N-011"]
    assert sorted(numbers(m, 1, "village")) == ["N-010", "N-014"] and numbers(m, 1, "discard") == ["N-016"]
    assert m.state.injured == {iid(m, 0, "village", "N-001"), iid(m, 1, "village", "N-010")}
    assert team_numbers(m, 0) == [["N-011"], ["N-001"], ["N-003"]]
    assert sorted(map(tuple, team_numbers(m, 1))) == [("N-010",), ("N-014",)]


def test_N_RETURN_1_returned_ninjas_are_standby_and_may_be_sent_again_next_turn():
    m = fight({"village": ["N-011"]}, {"village": ["N-010"]}, ["send T1"], ["block T1 on N-011"])
    play(m, "next", "pass", "next")  # seat 2 attacks with the injured Ebisu
    play(m, "send T1", "next", "block T1 on N-010", "next")
    assert team_numbers(m, 1, "sent") == [["N-010"]] and team_numbers(m, 0, "sent") == [["N-011"]]


# =================================================================================================
# N-WIN, N-HAND, N-COUNT: the End phase
# =================================================================================================

def rewards(k: int) -> list[str]:
    return ["N-002"] * k


def test_N_WIN_1_ten_battle_rewards_win():
    m = fight({"village": ["N-001"], "rewards": rewards(9)}, {}, ["send T1"])
    assert m.outcome().winner == 0 and m.outcome().rule == "N-WIN-1" and m.phase == "over"
    assert events(m, "game_over") == [{"winner": 0, "rule": "N-WIN-1"}]
    assert m.actor is None and m.legal_actions() == []
    refused(m, "pass", "N-TURN-1")


def test_N_WIN_1_more_than_ten_also_win():
    m = fight({"village": ["N-011"], "rewards": rewards(9)}, {}, ["send T1"])
    assert len(m.state.players[0].rewards) == 11 and m.outcome().winner == 0


def test_N_WIN_1_nine_rewards_do_not():
    m = fight({"village": ["N-001"], "rewards": rewards(8)}, {}, ["send T1"])
    assert m.outcome() is None and m.state.turn == 4


def test_N_WIN_1_the_blocker_with_ten_rewards_wins_too():
    m = play(attacking({"village": ["N-001"], "rewards": rewards(3)}, {"rewards": rewards(10)}), "next")
    assert (m.outcome().winner, m.outcome().rule) == (1, "N-WIN-1")


def test_N_WIN_1_both_with_ten_the_attacker_wins():
    m = fight({"village": ["N-001"], "rewards": rewards(9)}, {"rewards": rewards(10)}, ["send T1"])
    assert (m.outcome().winner, m.outcome().rule) == (0, "N-WIN-1")
    m = play(attacking({"rewards": rewards(10)}, {"rewards": rewards(10)}, attacker=1), "next")
    assert (m.outcome().winner, m.outcome().rule) == (1, "N-WIN-1")


def test_N_WIN_2_a_player_with_an_empty_deck_loses():
    m = play(attacking({}, {"deck": []}), "next")
    assert (m.outcome().winner, m.outcome().rule) == (0, "N-WIN-2")
    m = play(attacking({"deck": []}, {}), "next")
    assert (m.outcome().winner, m.outcome().rule) == (1, "N-WIN-2")


def test_N_WIN_2_rewards_that_empty_the_opponents_deck_win():
    m = fight({"village": ["N-011"]}, {"deck": ["N-002", "N-002"]}, ["send T1"])
    assert (m.outcome().winner, m.outcome().rule) == (0, "N-WIN-2")


def test_N_WIN_2_both_decks_empty_the_attacker_loses():
    m = play(attacking({"deck": []}, {"deck": []}), "next")
    assert (m.outcome().winner, m.outcome().rule) == (1, "N-WIN-2")
    m = play(attacking({"deck": []}, {"deck": []}, attacker=1), "next")
    assert (m.outcome().winner, m.outcome().rule) == (0, "N-WIN-2")


def test_N_WIN_3_ten_rewards_win_even_with_an_empty_deck():
    """The rewards decide before the empty deck, and the outcome cites the rule that says so."""
    m = fight({"village": ["N-001"], "rewards": rewards(9), "deck": []}, {}, ["send T1"])
    assert (m.outcome().winner, m.outcome().rule) == (0, "N-WIN-3")
    m = play(attacking({}, {"deck": [], "rewards": rewards(10)}), "next")
    assert (m.outcome().winner, m.outcome().rule) == (1, "N-WIN-3")
    m = play(attacking({"deck": []}, {"rewards": rewards(10)}), "next")  # the other player's deck is empty
    assert (m.outcome().winner, m.outcome().rule) == (1, "N-WIN-3")


def test_N_HAND_1_the_attacker_discards_down_to_six():
    hand = ["N-001", "N-002", "N-003", "N-009", "N-010", "N-014", "N-016", "N-018"]
    m = play(attacking({"hand": hand}), "next")
    assert m.phase == "end_hand" and m.actor == 0
    refused(m, "discard N-001 N-002 N-003", "N-HAND-1")  # one more than needed
    refused(m, "next", "N-HAND-1")  # the hand limit, not merely the turn's order
    refused(m, "discard N-011", "N-ZONE-2")
    play(m, "discard N-018")
    assert m.phase == "end_hand" and len(m.state.players[0].hand) == 7
    play(m, "discard N-001")
    assert numbers(m, 0, "discard") == ["N-018", "N-001"] and len(m.state.players[0].hand) == 6
    assert events(m, "discarded") == [{"player": 0, "cards": ["N-018"], "rule": "N-HAND-1"},
                                      {"player": 0, "cards": ["N-001"], "rule": "N-HAND-1"}]
    assert (m.state.turn, m.state.attacker, m.phase) == (4, 1, "mission_main")


def test_N_HAND_1_several_cards_in_one_discard():
    m = play(attacking({"hand": ["N-002"] * 9}), "next", "discard N-002 N-002 N-002")
    assert len(m.state.players[0].hand) == 6 and m.state.turn == 4


def test_N_HAND_1_six_cards_need_no_discard_and_the_blocker_never_discards():
    m = play(attacking({"hand": ["N-002"] * 6}, {"hand": ["N-003"] * 9}), "next")
    assert m.state.turn == 4 and events(m, "discarded") == []
    assert len(m.state.players[0].hand) == 6 and len(m.state.players[1].hand) == 9 + 1  # + its draw


def test_N_COUNT_1_the_attackers_turn_marker_moves_up_by_one():
    m = play(attacking({}, {}, counters=(2, 5)), "next")
    assert (m.state.players[0].counter, m.state.players[1].counter) == (3, 5)
    assert events(m, "marker_moved") == [{"player": 0, "counter": 3}]
    start = keys(m).index("marker_moved")
    assert keys(m)[start + 1] == "turn_started"


def test_N_COUNT_2_a_new_turn_starts_with_the_roles_swapped():
    m = play(attacking({}, {"deck": ["N-001", "N-002", "N-003"]}), "next")
    assert (m.state.turn, m.state.attacker, m.phase, m.actor) == (4, 1, "mission_main", 1)
    assert events(m, "turn_started") == [{"turn": 4, "attacker": 1}]
    assert events(m, "drew") == [{"player": 1, "cards": 1}] and numbers(m, 1, "hand") == ["N-001"]
    play(m, "next", "pass", "next", "next")  # seat 2's turn, no battle
    assert (m.state.turn, m.state.attacker, m.actor) == (5, 0, 0)
    assert (m.state.players[0].counter, m.state.players[1].counter) == (2, 2)


# =================================================================================================
# N-KEY: keyword mechanics
# =================================================================================================

def test_N_KEY_COUNTER_1_a_counter_mission_negates_the_mission_being_played_without_refund():
    m = scenario(phase="mission_main", turn=3, counters=(3, 3),
                 p1=player(hand=["M-006", "N-002"]), p2=player(hand=["M-009", "J-008"]))
    play(m, "mission M-006 pay N-002", "counter M-009 pay J-008 target M-006@1")
    assert m.state.chain[1]["targets"] == [m.state.chain[0]["card"]]
    play(m, "pass", "pass")
    assert [e["card"] for e in events(m, "link_applied")][0] == "M-009"  # the negation comes first
    # the costs stay paid: Missing Pet's hand cost is still in seat 1's Chakra area, Lone Avenger's in seat 2's
    assert numbers(m, 0, "chakra")[0] == "N-002" and numbers(m, 1, "chakra")[0] == "J-008"
    assert "N-002" not in numbers(m, 0, "hand") and "M-006" not in numbers(m, 0, "hand")


def test_N_KEY_COUNTER_1_a_counter_mission_needs_a_mission_being_played():
    m = scenario(phase="mission_main", turn=3, counters=(3, 3), p1=player(hand=["N-001"]),
                 p2=player(hand=["M-009", "J-008"]))
    play(m, "deploy N-001")
    assert m.phase == "mission_window"
    refused(m, "counter M-009 pay J-008", "N-KEY-TARGET-1")
    refused(m, "counter M-009 pay J-008 target N-001@1", "N-KEY-TARGET-1")


def test_N_KEY_COUNTER_1_a_permanent_mission_cannot_be_negated_by_lone_avenger():
    m = scenario(phase="mission_main", turn=3, counters=(3, 3),
                 p1=player(hand=["M-022", "N-012"]), p2=player(hand=["M-009", "J-008"]))
    play(m, "mission M-022 pay N-012")
    refused(m, "counter M-009 pay J-008 target M-022@1", "N-KEY-TARGET-1")


def test_N_KEY_COUNTER_1_sharingan_eye_negates_a_jutsu_in_use_whose_cost_stays_paid():
    m = play(jutsu_position(), "pass", "jutsu J-002 by N-018 pay J-001 J-002",
             "jutsu J-007 by N-011 target J-002@2 pay M-006 N-009")
    assert m.state.chain[1]["targets"] == [m.state.chain[0]["card"]]
    play(m, "pass", "pass")
    assert [e["card"] for e in events(m, "link_applied")] == ["J-007"]  # J-002 never applies
    assert events(m, "negated") == [{"player": 1, "card": "J-002", "zone": "discard"}]
    assert numbers(m, 1, "discard") == ["J-001", "J-002", "J-002"]  # its cost is not refunded


def test_N_KEY_COIN_1_the_program_flips_a_coin_from_the_seeded_generator():
    rng = random.Random(1)
    decks = [random_deck(bundled(), "standard", rng) for _ in range(2)]

    def flipped(seed: int) -> tuple[str, int, list]:
        m = new_match(decks, seed=seed)
        play(m, "flip")
        (coin,) = events(m, "coin_flip")
        winner = m.state.coin_winner
        play(m, f"first {winner + 1}")
        return coin["result"], winner, m.state.players[0].hand

    results_by_seed = {seed: flipped(seed) for seed in range(12)}
    for seed, result in results_by_seed.items():
        assert flipped(seed) == result  # same seed, same flip (and same shuffle)
        assert result[1] == (0 if result[0] == "heads" else 1)
    assert {r[0] for r in results_by_seed.values()} == {"heads", "tails"}  # a real flip


def test_N_KEY_COIN_1_a_recorded_match_replays_its_flip():
    rng = random.Random(2)
    decks = [random_deck(bundled(), "standard", rng) for _ in range(2)]
    m = play(new_match(decks, seed=7), "flip")
    winner = m.state.coin_winner
    play(m, f"first {2 - winner}", "keep", "keep")  # the winner lets the other seat start
    replayed = Match.from_json(rules_for("standard"), m.to_json(), bundled())
    assert replayed.state.to_dict() == m.state.to_dict()
    for _ in range(4):
        m.undo()
    play(m, "flip")
    assert m.state.coin_winner == winner


def test_N_KEY_X_1_x_is_set_by_the_cost_its_user_pays():
    m = play(jutsu_position(), "jutsu J-005 by N-001 pay J-002 M-006 M-009 N-009 x 3")
    assert m.state.chain[0]["x"] == 3 and len(m.state.players[0].discard) == 1 + 3


def test_N_KEY_X_1_no_x_for_a_cost_without_x():
    refused(jutsu_position(), "jutsu J-030 by N-011 pay M-006 J-002 x 1", "N-KEY-X-1")


def test_N_KEY_TARGET_1_a_card_whose_target_does_not_exist_cannot_be_used():
    m = jutsu_position()
    # Sharingan Eye targets a Jutsu being played: there is none yet
    refused(m, "jutsu J-007 by N-011 pay M-006 N-009", "N-KEY-TARGET-1")
    refused(m, "jutsu J-007 by N-011 target J-030@1 pay M-006 N-009", "N-KEY-TARGET-1")
    assert not [a for a in legal(m) if a.startswith("jutsu J-007")]
    # Sexy Jutsu targets a Ninja fighting the user: Naruto's team is not blocked
    refused(m, "jutsu J-003 by N-001 target N-018@2 pay J-002 N-009", "N-KEY-TARGET-1")


def test_N_KEY_TARGET_1_a_target_outside_the_cards_choices_is_refused():
    m = jutsu_position()
    err = refused(m, "jutsu J-006 by N-011 target N-018@1 pay M-006 M-009", "N-KEY-TARGET-1")
    assert err.params["target"] == "N-018@1"


def test_N_KEY_TARGET_1_some_cards_have_several_targets():
    # Harem Jutsu (requires Male + Clone Status) targets every Ninja fighting the user
    m = exchange({"village": ["N-019"], "chakra": ["J-002", "N-009"], "hand": ["J-004"]},
                 {"village": ["N-018", "N-014", "N-016"], "teams": [["N-018", "N-014"]]},
                 ["send T1"], ["block T1 on N-019 lead N-018"])
    play(m, "jutsu J-004 by N-019 pay J-002 N-009")
    assert m.state.chain[0]["targets"] == [iid(m, 1, "battlefield", "N-018"), iid(m, 1, "battlefield", "N-014")]
    assert events(m, "jutsu_used")[0]["targets"] == ["N-018@2", "N-014@2"]


@pytest.mark.parametrize("action", [
    "jutsu J-006 by N-001 target N-018@2 pay M-006 M-009",   # needs Jonin or higher: Naruto is a Genin
    "jutsu J-030 by N-001 pay M-006 J-002",                  # needs Kakashi Hatake
])
def test_N_KEY_COND_1_a_card_whose_requirement_is_not_met_cannot_be_used(action):
    err = refused(jutsu_position(), action, "N-KEY-COND-1")
    assert err.params["user"] == "N-001"


def test_N_KEY_COND_1_a_rank_in_parentheses_meets_the_requirement():
    # Zabuza is a "Rogue Ninja (Jonin)": he may use the 8 Trigram seal
    m = exchange({"village": ["N-011"]}, {"village": ["N-018"], "chakra": ["M-006", "M-009"], "hand": ["J-006"]},
                 ["send T1"], ["block T1 on N-011"])
    play(m, "pass", "jutsu J-006 by N-018 target N-011@1 pay M-006 M-009")
    assert m.state.chain[0]["user"] == iid(m, 1, "battlefield", "N-018")


def test_N_KEY_VALID_1_a_valid_effect_applies_while_injured():
    m = play(attacking({}, {"village": ["N-941", "N-013"], "injured": ["N-941", "N-013"]}), "next")
    assert events(m, "effect_left") == [{"player": 1, "card": "N-941"}]  # not the Third Hokage's
    m = play(attacking({"village": ["N-942", "N-006"], "injured": ["N-942", "N-006"]}), "send T1", "send T2")
    assert events(m, "effect_left") == [{"player": 0, "card": "N-942"}]  # not Choji's


def test_N_KEY_VALID_1_a_valid_ninja_still_fights_with_injured_values():
    m = fight({"village": ["N-942"], "injured": ["N-942"]}, {}, ["send T1"])
    assert results(m)[0]["arithmetic"] == [["N-942", "lead", 1]]

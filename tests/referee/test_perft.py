"""Legal-action counts from fixed positions, as chess engines' perft: every count and every notation
below was worked out by hand from part N of docs/rules.en.md (the reasoning is in each test) before the engine
was asked, so a change in what `legal_actions()` lists shows up here.

`legal_actions()` lists one action per choice that matters: a hand cost is listed with one canonical
payment (the first matching cards of the hand, in hand order), a jutsu cost with one canonical chakra
payment (single-symbol cards first for the symbols, then the first remaining cards), a charge or a
discard one card at a time; other payments and several cards at once are accepted by `apply` but not
listed.
"""

from __future__ import annotations

import random

import pytest

from referee.engine.errors import IllegalAction
from referee.engine.match import Match
from referee.engine.playout import perft
from referee.games.naruto.cards import Card, bundled
from referee.games.naruto.decks import random_deck
from referee.games.naruto.rules import new_match
from referee.games.naruto.scenario import scenario

#: Set 1 plus one test card with Ambush (Set 1 has none): Fire, entrance 0, hand cost 0
AMBUSHER = Card(number="N-901", name="Test Ambusher", type="Ninja", symbols=("Fire",), entrance_cost=0,
                hand_cost=0, healthy=(2, 1), injured=(1, 0), keywords=("Ambush",), characteristics=("Leaf", "Genin"))
CARDS = bundled().with_cards([AMBUSHER])


def listed(m: Match) -> list[str]:
    actions = [str(a) for a in m.legal_actions()]
    assert len(actions) == len(set(actions)), "an action is listed twice"
    return sorted(actions)


def snapshot(m: Match) -> tuple:
    return m.state.to_dict(), [str(a) for a in m.history], len(m.log), m.to_json()


# --- 1. the Mission phase ----------------------------------------------------------------------------
def mission_position() -> Match:
    """Turn 9, attacker's turn counter 5, blocker's 3. The attacker holds four deployable Ninjas and
    three that are not, two Missions of hand cost 1, a Counter mission and a Jutsu; Naruto Uzumaki
    (N-025) and Shikamaru (N-005) are in the village; the Ambusher is in the Chakra area."""
    return scenario(
        phase="mission_main", turn=9, counters=(5, 3), cards=CARDS,
        p1={"hand": ["N-008", "N-023", "N-002", "N-013", "M-006", "M-007", "J-001", "N-001", "M-009"],
            "village": ["N-025", "N-005"], "chakra": ["N-028", "N-901"], "deck": ["N-003"] * 5},
        p2={"hand": ["M-009", "N-020"], "deck": ["N-003"] * 5},
    )


MISSION_MAIN = sorted([
    # B. deploy (N-DEPLOY-1..5): Iruka entrance 2 <= 5, Sasuke entrance 0, Kakashi N-023 entrance 5 <= 5
    # with hand cost 1 paid by the first other Fire card of the hand (Sasuke N-002), the Ambusher from
    # the Chakra area (N-DEPLOY-2). Not the Third Hokage (entrance 6 > 5, N-DEPLOY-4) nor Naruto N-001
    # (the name is in the village, N-DEPLOY-3); N-028 in chakra has no Ambush.
    "deploy N-008",
    "deploy N-023 pay N-002",
    "deploy N-002",
    "deploy N-901 from chakra",
    # C1. one Mission (N-MISSION-1): M-006 Fire entrance 1 hand cost 1 paid by the first other Fire card
    # (N-023); M-007 the same, with a target among the attacker's two Ninjas in play (N-MISSION-4).
    # The Counter mission M-009 is the blocker's kind (N-MISSION-2).
    "mission M-006 pay N-023",
    "mission M-007 pay N-023 target N-025@1",
    "mission M-007 pay N-023 target N-005@1",
    # D. charge (N-CHARGE-1): one action per distinct card of the hand
    *[f"charge {n}" for n in ("N-008", "N-023", "N-002", "N-013", "M-006", "M-007", "J-001", "N-001", "M-009")],
    "next",
])


def test_perft_mission_phase_deployable_cards_and_cost_1_cards():
    m = mission_position()
    assert m.phase == "mission_main" and m.actor == 0
    assert len(m.legal_actions()) == 17
    assert listed(m) == MISSION_MAIN


@pytest.mark.parametrize("notation, rule", [
    ("deploy N-013 pay N-023", "N-DEPLOY-4"),  # entrance 6 > counter 5
    ("deploy N-001", "N-DEPLOY-3"),  # Naruto Uzumaki is already in the village (N-025)
    ("deploy N-028 from chakra", "N-DEPLOY-2"),  # no Ambush
    ("deploy N-023 pay N-008", "N-DEPLOY-5"),  # Iruka is Lightning, Kakashi Fire
    ("deploy N-023", "N-DEPLOY-5"),  # hand cost 1 unpaid
    ("mission M-009 pay N-023", "N-MISSION-2"),  # a Counter mission is the blocker's
    ("mission M-007 pay N-023", "N-MISSION-4"),  # needs its target
    ("mission M-007 pay N-023 target N-020@2", "N-KEY-TARGET-1"),  # not one of the attacker's Ninjas
])
def test_perft_mission_phase_unlisted_actions_are_refused(notation, rule):
    m = mission_position()
    before = snapshot(m)
    with pytest.raises(IllegalAction) as e:
        m.apply(notation)
    assert e.value.rule == rule
    assert snapshot(m) == before


def test_perft_mission_phase_walk_deploy_window_mission_counter_chain():
    m = mission_position()
    m.apply("deploy N-008")
    # N-DEPLOY-7: the blocker may answer; its Counter mission M-009 targets a Mission being played and
    # there is none (N-MISSION-4, N-KEY-TARGET-1), so passing is all it can do
    assert (m.phase, m.actor, listed(m)) == ("mission_window", 1, ["pass"])
    assert m.explain("counter M-009 pay N-020").rule == "N-KEY-TARGET-1"
    m.apply("pass")
    # the one deployment is used (N-DEPLOY-1), Ambush included; M-007 may now target Iruka too
    assert m.phase == "mission_main"
    assert listed(m) == sorted([
        "mission M-006 pay N-023",
        "mission M-007 pay N-023 target N-025@1",
        "mission M-007 pay N-023 target N-005@1",
        "mission M-007 pay N-023 target N-008@1",
        *[f"charge {n}" for n in ("N-023", "N-002", "N-013", "M-006", "M-007", "J-001", "N-001", "M-009")],
        "next",
    ])
    assert m.explain("deploy N-901 from chakra").rule == "N-DEPLOY-1"
    m.apply("mission M-006 pay N-023")
    # N-MISSION-6: a chain; priority to the blocker, who may counter (entrance 3 <= 3, Fire N-020 pays)
    assert (m.phase, m.actor) == ("mission_chain_priority", 1)
    assert listed(m) == ["counter M-009 pay N-020 target M-006@1", "pass"]
    m.apply("counter M-009 pay N-020 target M-006@1")
    assert (m.actor, listed(m)) == (0, ["pass"])  # only the blocker plays Counter missions
    m.apply("pass")
    assert (m.actor, listed(m)) == (1, ["pass"])  # one Counter mission per turn (N-MISSION-2)
    m.apply("pass")  # two passes in a row: the chain settles, last in first out (N-CHAIN-3, N-CHAIN-4)
    settled = [e.params["card"] for e in m.log if e.key == "link_applied"]
    assert settled == ["M-009"]  # Lone Avenger negates the Mission: it never applies (N-KEY-COUNTER-1)
    assert [e.params["card"] for e in m.log if e.key == "negated"] == ["M-006"]
    # back in the Mission phase with the Mission spent (N-MISSION-1): only charges and next
    assert m.phase == "mission_main"
    assert listed(m) == sorted([*[f"charge {n}" for n in ("N-002", "N-013", "M-007", "J-001", "N-001", "M-009")],
                                "next"])


# --- 2. the Organization phase -----------------------------------------------------------------------
def organization_position(turn: int = 5) -> Match:
    """Four Ninjas in the village: T1 = Naruto + Sasuke, T2 = Sakura, T3 = Ino (and a Permanent
    mission, which is not a Ninja and belongs to no team)."""
    return scenario(
        phase="organization_organize", turn=turn,
        p1={"village": ["N-001", "N-002", "N-003", "N-004", "M-022"], "teams": [["N-001", "N-002"]],
            "deck": ["N-010"] * 5},
        p2={"village": ["N-016"], "deck": ["N-003"] * 5},
    )


ORGANIZE = sorted([
    # a member of a two-Ninja team may join each other team (sizes 1 < 3) or leave alone (N-ORG-1/3)
    "join N-001 T2", "join N-001 T3", "join N-001 new",
    "join N-002 T2", "join N-002 T3", "join N-002 new",
    # a Ninja alone may join either other team, but not leave "alone" again
    "join N-003 T1", "join N-003 T3",
    "join N-004 T1", "join N-004 T2",
    "next",
])


@pytest.mark.parametrize("turn", [1, 5])
def test_perft_organization_four_ninjas(turn):
    m = organization_position(turn)
    assert m.actor == 0
    assert len(m.legal_actions()) == 11
    assert listed(m) == ORGANIZE
    m.apply("next")
    if turn == 1:  # the first turn skips the Battle phase (N-ORG-5): End phase, then the next turn
        assert (m.phase, m.state.turn, m.actor) == ("mission_main", 2, 1)
        assert not {"exchange_over", "teams_returned"} & {e.key for e in m.log}
    else:
        assert (m.phase, m.actor) == ("battle_attack", 0)


def test_perft_organization_after_a_three_ninja_team():
    m = organization_position()
    m.apply("team N-003 N-004 N-001")  # T1 = Sasuke (left alone), T2 = Sakura, Ino, Naruto
    # the full team takes nobody (N-ORG-1); Sasuke alone can go nowhere; each member of T2 may join
    # Sasuke or leave alone
    assert listed(m) == sorted(["join N-003 T1", "join N-003 new", "join N-004 T1", "join N-004 new",
                                "join N-001 T1", "join N-001 new", "next"])
    with pytest.raises(IllegalAction) as e:
        m.apply("join N-002 T2")
    assert e.value.rule == "N-ORG-1"


# --- 3. the attack: three teams ---------------------------------------------------------------------
def battle_position() -> Match:
    """Attacker: T1 = Kakashi + Naruto, T2 = Sasuke, T3 = Sakura + Ino + Shikamaru. Blocker:
    T1 = Zabuza + Haku, T2 = Gouzu."""
    return scenario(
        phase="battle_attack", turn=5,
        p1={"village": ["N-011", "N-001", "N-002", "N-003", "N-004", "N-005"],
            "teams": [["N-011", "N-001"], ["N-002"], ["N-003", "N-004", "N-005"]], "deck": ["N-010"] * 5},
        p2={"village": ["N-018", "N-016", "N-014"], "teams": [["N-018", "N-016"]], "deck": ["N-003"] * 5},
    )


def test_perft_attack_three_teams():
    m = battle_position()
    # each team once, with each of its Ninjas as possible leader (N-ATTACK-2); a one-Ninja team needs no
    # leader named; `next` with nothing sent skips to the Return (N-ATTACK-1)
    assert len(m.legal_actions()) == 7
    assert listed(m) == sorted(["send T1 lead N-011", "send T1 lead N-001", "send T2",
                                "send T3 lead N-003", "send T3 lead N-004", "send T3 lead N-005", "next"])
    m.apply("send T1 lead N-011")
    # a sent team stays as sent (N-ATTACK-3)
    assert listed(m) == sorted(["send T2", "send T3 lead N-003", "send T3 lead N-004", "send T3 lead N-005",
                                "next"])
    m.apply("send T3 lead N-004")
    assert listed(m) == ["next", "send T2"]
    m.apply("send T2")
    assert listed(m) == ["next"]
    with pytest.raises(IllegalAction) as e:
        m.apply("send T1 lead N-001")
    assert e.value.rule == "N-ATTACK-1"  # three teams sent: no more


# --- 4. the block step -------------------------------------------------------------------------------
def block_position() -> Match:
    m = battle_position()
    for notation in ("send T1 lead N-011", "send T3 lead N-004", "send T2", "next"):
        m.apply(notation)
    return m


BLOCK = sorted([
    # each blocking team on each unblocked attacking team, named by its leader (N-BLOCK-2), with each
    # leader for the two-Ninja team (N-BLOCK-3); `next` blocks nothing more (N-BLOCK-1)
    *[f"block T1 on {on} lead {lead}" for on in ("N-011", "N-004", "N-002") for lead in ("N-018", "N-016")],
    *[f"block T2 on {on}" for on in ("N-011", "N-004", "N-002")],
    "next",
])


def test_perft_block_step():
    m = block_position()
    assert (m.phase, m.actor) == ("battle_block", 1)
    assert len(m.legal_actions()) == 10
    assert listed(m) == BLOCK
    m.apply("block T2 on N-011")
    assert listed(m) == sorted([f"block T1 on {on} lead {lead}" for on in ("N-004", "N-002")
                                for lead in ("N-018", "N-016")] + ["next"])
    with pytest.raises(IllegalAction) as e:
        m.apply("block T1 on N-011 lead N-018")
    assert e.value.rule == "N-BLOCK-2"  # that attacking team is already blocked


def test_perft_block_step_depth_2():
    # after one of the 6 blocks by T1: T2 on one of the 2 other attackers, or next = 3 each;
    # after one of the 3 blocks by T2: T1 (2 leaders) on one of 2 attackers, or next = 5 each;
    # after next: the attacker, holding no Jutsu, can only pass the exchange = 1
    assert perft(block_position(), 2) == 6 * 3 + 3 * 5 + 1


# --- 5. the Jutsu exchange, with an X cost ------------------------------------------------------------
def exchange_position() -> Match:
    """Kakashi (leader) and Naruto attack, blocked by Zabuza (leader) and Haku. The attacker holds J-005
    Multi Shadow Clone (L X, user), J-030 Lightning Blade (F 1, Kakashi Hatake only, user), J-001 Kunai
    (1, user), J-019 Death Mirage (2, a Ninja of the battling opposing team) and a Ninja; chakra:
    N-019 Lightning, N-020 Fire, M-024 Lightning. The blocker holds J-013 Hidden Mist (W W, a Jutsu in
    the chain) with two Water cards in chakra."""
    m = scenario(
        phase="battle_attack", turn=5,
        p1={"village": ["N-011", "N-001"], "teams": [["N-011", "N-001"]], "deck": ["N-010"] * 5,
            "hand": ["J-005", "J-030", "J-001", "J-019", "N-002"], "chakra": ["N-019", "N-020", "M-024"]},
        p2={"village": ["N-018", "N-016"], "teams": [["N-018", "N-016"]], "deck": ["N-003"] * 5,
            "hand": ["J-013"], "chakra": ["N-014", "N-015"]},
    )
    for notation in ("send T1 lead N-011", "next", "block T1 on N-011 lead N-018", "next"):
        m.apply(notation)
    return m


EXCHANGE = sorted([
    # J-005 L X: X from 0 to 2 (3 chakra cards, one for L; N-JUTSU-4), L paid by N-019, X by the next
    # cards; either battlefield Ninja is the user (N-JUTSU-1); target: the user itself (implicit)
    *[f"jutsu J-005 by {u} pay {pay} x {x}" for u in ("N-011", "N-001")
      for x, pay in ((0, "N-019"), (1, "N-019 N-020"), (2, "N-019 N-020 M-024"))],
    # J-030 F 1: only Kakashi Hatake may use it (N-KEY-COND-1); F by N-020, 1 by N-019
    "jutsu J-030 by N-011 pay N-020 N-019",
    # J-001 cost 1
    "jutsu J-001 by N-011 pay N-019", "jutsu J-001 by N-001 pay N-019",
    # J-019 cost 2, one target among the battling opposing team (N-JUTSU-2)
    *[f"jutsu J-019 by {u} target {t} pay N-019 N-020" for u in ("N-011", "N-001") for t in ("N-018@2", "N-016@2")],
    # pass: the first pass of the exchange (N-CHAIN-7)
    "pass",
])


def test_perft_jutsu_exchange_with_an_x_cost():
    m = exchange_position()
    assert (m.phase, m.actor) == ("battle_exchange_open", 0)
    assert len(m.legal_actions()) == 14
    assert listed(m) == EXCHANGE


@pytest.mark.parametrize("notation, rule", [
    ("jutsu J-005 by N-011 pay N-019 N-020 N-020 x 2", "N-ZONE-2"),  # only one N-020 in chakra
    ("jutsu J-005 by N-011 pay N-019 N-020 M-024 x 3", "N-JUTSU-5"),  # X = 3 needs 4 cards: 3 cannot pay it
    ("jutsu J-005 by N-011 pay N-019 N-020 M-024", "N-JUTSU-4"),  # X not chosen
    ("jutsu J-005 by N-011 pay N-020 x 0", "N-JUTSU-3"),  # L paid with a Fire card
    ("jutsu J-001 by N-011 pay N-019 x 1", "N-KEY-X-1"),  # no X in the cost
    ("jutsu J-030 by N-001 pay N-020 N-019", "N-KEY-COND-1"),  # Naruto is not Kakashi Hatake
    ("jutsu J-001 by N-002 pay N-019", "N-JUTSU-1"),  # the user must be on the battlefield
    ("jutsu J-019 by N-011 pay N-019 N-020", "N-JUTSU-2"),  # needs a target
    ("jutsu J-019 by N-011 target N-001@1 pay N-019 N-020", "N-KEY-TARGET-1"),  # not an opponent
])
def test_perft_jutsu_exchange_unlisted_actions_are_refused(notation, rule):
    m = exchange_position()
    before = snapshot(m)
    with pytest.raises(IllegalAction) as e:
        m.apply(notation)
    assert e.value.rule == rule
    assert snapshot(m) == before


def test_perft_jutsu_exchange_chain_answer():
    m = exchange_position()
    m.apply("jutsu J-005 by N-001 pay N-019 N-020 x 1")
    # the blocker may insert Hidden Mist on the Jutsu in the chain, used by either of its battlefield
    # Ninjas (N-CHAIN-2), or pass
    assert (m.phase, m.actor) == ("battle_exchange_chain_priority", 1)
    assert listed(m) == sorted(["jutsu J-013 by N-018 target J-005@1 pay N-014 N-015",
                                "jutsu J-013 by N-016 target J-005@1 pay N-014 N-015", "pass"])
    # the attacker has one chakra card left (M-024): J-001 by either Ninja, or pass
    m.apply("jutsu J-013 by N-016 target J-005@1 pay N-014 N-015")
    assert (m.actor, listed(m)) == (0, sorted(["jutsu J-001 by N-011 pay M-024",
                                               "jutsu J-001 by N-001 pay M-024", "pass"]))


# --- perft from the opening --------------------------------------------------------------------------
def opening() -> Match:
    rng = random.Random(2024)
    decks = [random_deck(bundled(), "standard", rng) for _ in range(2)]
    return new_match(decks, seed=7)


def test_perft_opening_depth_1_to_3():
    """Ply 1: first 1, first 2, flip (N-SETUP-3). Ply 2: the first player keeps or mulligans (N-MULL-1),
    or the coin's winner chooses first 1 or first 2 (N-SETUP-3). Ply 3: after a keep the other player
    decides, after a mulligan the same player decides again (a second mulligan is still allowed,
    N-MULL-2), after the winner's choice the first player keeps or mulligans: 2 each."""
    m = opening()
    start = snapshot(m)
    assert listed(m) == ["first 1", "first 2", "flip"]
    assert [perft(m, d) for d in (1, 2, 3)] == [3, 6, 12]
    assert snapshot(m) == start


def test_perft_opening_depth_4_and_5():
    """Ply 4, per opening: keep+keep starts turn 1 in the Mission phase (no draw, N-START-3; turn
    counter 0: only entrance-0 cards, N-DEPLOY-4); keep+mulligan and mulligan+keep leave a decision with
    keep or mulligan (2 + 2); mulligan+mulligan leaves the first player with keep only (N-MULL-2): 5.

    Seat 1 opens with N-004 N-024 M-011 N-016 M-001 N-041: deploy N-004 and N-016, 6 charges, next = 9.
    Seat 2 opens with J-023 M-003 N-005 N-029 N-030 N-034: 4 deploys, 6 charges, next = 11. So
    "first 1" gives 9+5 = 14 and "first 2" 11+5 = 16. After "flip" the winner chooses (ply 2) and ply 4
    is a mulligan decision: 2 choices x (2 + 2) = 8. In all 14 + 16 + 8 = 38.

    Ply 5: the flip's branch holds each choice's three plies, 14 + 16 = 30; the two others (70 and 84)
    are pinned as the engine computes them (before the winner chose, the flip's branch was the
    "first 2" branch again: 70 + 84 + 84 = 238)."""
    m = opening()
    start = snapshot(m)
    for opening_actions, seat, expected in ((["first 1"], 0, 9), (["first 2"], 1, 11), (["flip", "first 2"], 1, 11)):
        for notation in (*opening_actions, "keep", "keep"):
            m.apply(notation)
        assert (m.phase, m.actor, m.state.turn) == ("mission_main", seat, 1)
        assert len(m.legal_actions()) == expected
        while m.can_undo:
            m.undo()
    assert snapshot(m) == start
    for notation in ("first 1", "keep", "keep"):
        m.apply(notation)
    hand = [m.state.instances[i] for i in m.state.players[0].hand]
    assert hand == ["N-004", "N-024", "M-011", "N-016", "M-001", "N-041"]
    # Ino and Haku have entrance cost 0; Zabuza (5), Rock Lee (1) and both Missions (1, 3) cost more
    assert listed(m) == sorted(["deploy N-004", "deploy N-016", "next"] + [f"charge {n}" for n in hand])
    for _ in range(3):
        m.undo()
    assert [perft(m, d) for d in (4, 5)] == [38, 70 + 84 + 30]
    assert snapshot(m) == start
    assert not m.can_undo

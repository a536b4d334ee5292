"""The Showdown a decision would produce, foreseen before it is taken (issue 19, "before you
commit"): worked out on a copy of the position against the answers the acting seat can see, and
equal to the Showdown the engine then plays; the match itself is never touched."""

from __future__ import annotations

from referee.games.naruto.foresight import Foresight, foresee
from referee.games.naruto.scenario import scenario

from test_rules_battle_end import events, play, player


def attack(p1: dict, p2: dict):
    return scenario(phase="battle_attack", turn=3, p1=player(**p1), p2=player(**p2))


def test_sending_a_team_foresees_no_block_and_each_block_the_blocker_could_make():
    # Kakashi (5/3) against Mizuki (3/1) or Ebisu (4/2)
    m = attack({"village": ["N-011"]}, {"village": ["N-009", "N-010"]})
    before, log = m.state.to_dict(), len(m.log)
    seen = foresee(m, "send T1")
    assert m.state.to_dict() == before and len(m.log) == log and not m.history  # nothing touched
    assert seen[0] == Foresight("N-011", 5, None, None, 5, "unblocked", "N-SHOW-3", 2, True)
    assert sorted((f.against, f.against_power, f.difference, f.result, f.rule) for f in seen[1:]) == [
        ("N-009", 3, 2, "victory", "N-SHOW-4"), ("N-010", 4, 1, "victory", "N-SHOW-4")]


def test_a_foreseen_block_is_the_showdown_the_engine_then_plays():
    m = attack({"village": ["N-009"]}, {"village": ["N-011"]})
    play(m, "send T1", "next")
    (seen,) = foresee(m, "block T1 on N-009")
    assert (seen.power, seen.against_power, seen.difference, seen.result, seen.attacker_wins) == (3, 5, -2, "victory",
                                                                                                   False)
    play(m, "block T1 on N-009", "next", "pass", "pass")
    (shown,) = events(m, "showdown")
    assert (shown["power"], shown["against_power"], shown["difference"], shown["result"], shown["rule"]) == (
        seen.power, seen.against_power, seen.difference, seen.result, seen.rule)


def test_a_draw_and_an_outstanding_victory():
    m = attack({"village": ["N-009"]}, {"village": ["N-009"]})  # 3 against 3
    play(m, "send T1", "next")
    assert [(f.result, f.rule, f.attacker_wins) for f in foresee(m, "block T1 on N-009")] == [("draw", "N-SHOW-6", None)]
    m = attack({"village": ["N-024"]}, {"village": ["N-001"]})
    assert [f.result for f in foresee(m, "send T1")] == ["unblocked", "outstanding"]


def test_a_jutsu_foresees_its_users_showdown_after_it():
    m = attack({"village": ["N-001"], "hand": ["J-001"], "chakra": ["N-009"]}, {"village": ["N-009"]})
    play(m, "send T1", "next", "block T1 on N-001", "next")
    (seen,) = foresee(m, "jutsu J-001 by N-001 pay N-009")
    assert seen.lead == "N-001" and seen.against == "N-009"
    play(m, "jutsu J-001 by N-001 pay N-009", "pass", "pass", "pass", "pass")
    (shown,) = events(m, "showdown")
    assert (shown["power"], shown["difference"], shown["result"]) == (seen.power, seen.difference, seen.result)


def test_other_actions_foresee_nothing():
    m = attack({"village": ["N-011"]}, {"village": ["N-009"]})
    assert foresee(m, "next") == [] and foresee(m, "send T9") == []


def test_in_referee_mode_too():
    m = scenario(phase="battle_attack", turn=3, mode="referee", p1=player(village=["N-011"]),
                 p2=player(village=["N-009"]))
    assert [(f.result, f.against) for f in foresee(m, "send T1")] == [("unblocked", None), ("victory", "N-009")]


def test_organizing_a_team_foresees_it_sent_at_once_led_by_its_strongest_leader():
    m = scenario(phase="organization_organize", turn=3, p1=player(village=["N-011", "N-010"]),
                 p2=player(village=["N-009"]))
    seen = foresee(m, "join N-010 T1")  # Kakashi 5 leading, Ebisu's Support 2 behind him: 7
    assert [(f.lead, f.power, f.result) for f in seen] == [("N-011", 7, "unblocked"), ("N-011", 7, "victory")]  # 7 - 3
    assert m.history == [] and m.phase == "organization_organize"

"""One scenario test per Set 1 Jutsu (J-001 ... J-042): each card's effect, as written in
data/effects.toml, used through the public Match API in a real Jutsu exchange and checked against
its summary in set01.csv: Combat/Support (`power.stats`) and the Showdown arithmetic, zones, injured
state, log events.

Where a card's target or requirement can stop holding before its link settles, a second test builds
that chain for real (the opponent answers with a Jutsu that moves the target away, or the user is
moved) and checks that the card fails (N-CHAIN-6): ``card_failed``, no effect, the card still goes
to the Chakra area, its cost stays paid.

Chakra cards are picked for their symbol: Lightning J-001/N-001, Fire J-006/N-002, Water J-011/N-014,
Wind J-015/N-003/N-009, Earth J-020/N-004.
"""

from __future__ import annotations

import pytest

from referee.games.naruto.traits import attribute, chars

from test_rules_battle_end import (applied, events, exchange, iid, in_play, legal, numbers, play, refused,
                                   results, showdown, stat, team_numbers)


# =================================================================================================
# helpers
# =================================================================================================





def traits(m, seat: int, number: str) -> tuple[str, ...]:
    return chars(m.state, in_play(m, seat, number))


def duel(p1: dict, p2: dict, lead1: str | None = None, lead2: str | None = None, **kw):
    """Seat 1's first team attacks, seat 2's first team blocks it; the Jutsu exchange is open."""
    send = "send T1" + (f" lead {lead1}" if lead1 else "")
    lead1 = lead1 or (p1.get("teams") or [p1["village"]])[0][0]
    block = f"block T1 on {lead1}" + (f" lead {lead2}" if lead2 else "")
    return exchange(p1, p2, [send], [block], **kw)


def settle(m, *actions: str):
    """Add the actions to the chain (alternating seats as written), then both players pass."""
    return play(m, *actions, "pass", "pass")


def failed(m, start: int = 0) -> list[str]:
    return [e["card"] for e in events(m, "card_failed", start)]




# =================================================================================================
# J-001 ... J-010
# =================================================================================================

def test_J_001_kunai_gives_the_user_2_2():
    # Naruto (1/0) against Mizuki (3/1): with Kunai 3/2, the Showdown is a draw 3 to 3
    m = duel({"village": ["N-001"], "hand": ["J-001"], "chakra": ["N-009"]}, {"village": ["N-009"]})
    settle(m, "jutsu J-001 by N-001 pay N-009")
    assert applied(m) == ["J-001"] and stat(m, 0, "N-001") == (3, 2)
    assert events(m, "boosted") == [{"player": 0, "card": "N-001", "combat": 2, "support": 2}]
    assert numbers(m, 0, "chakra") == ["J-001"] and numbers(m, 0, "discard") == ["N-009"]
    showdown(m)
    (r,) = results(m)
    assert (r["power"], r["against_power"], r["result"]) == (3, 3, "draw")


def test_J_001_the_boost_lasts_the_turn_only():
    m = duel({"village": ["N-001"], "hand": ["J-001"], "chakra": ["N-009"]}, {"village": ["N-009"]})
    settle(m, "jutsu J-001 by N-001 pay N-009")
    showdown(m)
    assert m.state.lasting == [] and stat(m, 0, "N-001") == (3, 1)  # injured values, no boost


def test_J_001_fails_when_headhunter_pulled_its_user_out_of_the_team():
    # Naruto, a rear Ninja, uses Kunai; Gouzu (a Chunin) answers with Headhunter (J-021)
    m = duel({"village": ["N-011", "N-001"], "teams": [["N-011", "N-001"]], "hand": ["J-001"], "chakra": ["N-009"]},
             {"village": ["N-014"], "hand": ["J-021"], "chakra": ["J-020", "N-009"]}, lead1="N-011")
    start = len(m.log)
    settle(m, "jutsu J-001 by N-001 pay N-009", "jutsu J-021 by N-014 pay J-020 N-009")
    assert applied(m, start) == ["J-021"] and failed(m, start) == ["J-001"] and events(m, "boosted") == []
    assert numbers(m, 0, "village") == ["N-001"] and stat(m, 0, "N-001") == (1, 0)
    assert numbers(m, 0, "chakra") == ["J-001"] and numbers(m, 0, "discard") == ["N-009"]


def test_J_002_cross_shaped_shuriken_gives_the_user_3_0():
    m = duel({"village": ["N-001"], "hand": ["J-002"], "chakra": ["N-009", "N-003"]}, {"village": ["N-009"]})
    settle(m, "jutsu J-002 by N-001 pay N-009 N-003")
    assert stat(m, 0, "N-001") == (4, 0)
    showdown(m)
    (r,) = results(m)
    assert (r["power"], r["against_power"], r["difference"], r["result"]) == (4, 3, 1, "victory")
    assert events(m, "injured") == [{"player": 1, "card": "N-009"}]


def test_J_003_sexy_jutsu_turns_the_user_female_and_zeroes_a_male_opponents_combat():
    # Naruto (1/0) against Zabuza (5/1)
    m = duel({"village": ["N-001"], "hand": ["J-003"], "chakra": ["J-001", "N-001"]}, {"village": ["N-018"]})
    assert "Male" in traits(m, 0, "N-001")
    settle(m, "jutsu J-003 by N-001 target N-018@2 pay J-001 N-001")
    assert stat(m, 1, "N-018") == (0, 1)
    assert "Female" in traits(m, 0, "N-001") and "Male" not in traits(m, 0, "N-001")
    showdown(m)
    (r,) = results(m)
    assert (r["power"], r["against_power"], r["result"]) == (1, 0, "victory")
    assert events(m, "injured") == [{"player": 1, "card": "N-018"}]


def test_J_003_needs_a_male_user_and_a_male_target():
    m = duel({"village": ["N-003"], "hand": ["J-003"], "chakra": ["J-001", "N-001"]}, {"village": ["N-018"]})
    refused(m, "jutsu J-003 by N-003 target N-018@2 pay J-001 N-001", "N-KEY-COND-1")  # Sakura is Female
    m = duel({"village": ["N-001"], "hand": ["J-003"], "chakra": ["J-001", "N-001"]}, {"village": ["N-003"]})
    refused(m, "jutsu J-003 by N-001 target N-003@2 pay J-001 N-001", "N-KEY-TARGET-1")  # not Male


def test_J_003_fails_when_its_target_is_pulled_out_of_the_battle():
    # Zabuza's player answers with Sprinting in the Mist (J-038): Zabuza goes home as a standby Ninja
    m = duel({"village": ["N-001"], "hand": ["J-003"], "chakra": ["J-001", "N-001"]},
             {"village": ["N-018", "N-014"], "teams": [["N-018", "N-014"]], "hand": ["J-038"], "chakra": ["J-015"]},
             lead2="N-018")
    start = len(m.log)
    settle(m, "jutsu J-003 by N-001 target N-018@2 pay J-001 N-001", "jutsu J-038 by N-014 target N-018@2 pay J-015")
    assert applied(m, start) == ["J-038"] and failed(m, start) == ["J-003"]
    assert events(m, "card_failed", start)[0]["rule"] == "N-CHAIN-6"
    assert stat(m, 1, "N-018") == (5, 1) and "Male" in traits(m, 0, "N-001")  # no effect at all
    assert numbers(m, 0, "chakra") == ["J-003"] and numbers(m, 0, "discard") == ["J-001", "N-001"]  # no refund
    assert "N-018" in numbers(m, 1, "village")


def test_J_004_harem_jutsu_zeroes_every_male_ninja_fighting_the_user():
    # Naruto with Clone Status (N-019) against Zabuza (Male) leading Sakura (Female)
    m = duel({"village": ["N-019"], "hand": ["J-004"], "chakra": ["J-001", "N-009"]},
             {"village": ["N-018", "N-003"], "teams": [["N-018", "N-003"]]}, lead2="N-018")
    settle(m, "jutsu J-004 by N-019 pay J-001 N-009")
    assert m.state.chain == [] and events(m, "jutsu_used")[0]["targets"] == ["N-018@2", "N-003@2"]
    assert stat(m, 1, "N-018") == (0, 0) and stat(m, 1, "N-003") == (1, 1)  # the Female one keeps hers
    assert "Female" in traits(m, 0, "N-019")
    showdown(m)
    (r,) = results(m)
    assert (r["power"], r["against_power"], r["result"]) == (1, 1, "draw")


def test_J_004_needs_a_male_user_with_clone_status():
    m = duel({"village": ["N-001"], "hand": ["J-004"], "chakra": ["J-001", "N-009"]}, {"village": ["N-018"]})
    refused(m, "jutsu J-004 by N-001 pay J-001 N-009", "N-KEY-COND-1")


def test_J_004_usable_once_clone_jutsu_gave_the_clone_status():
    # Clone Jutsu (J-015) settles first; in the next chain Naruto meets Harem Jutsu's requirement
    m = duel({"village": ["N-001"], "hand": ["J-004", "J-015"], "chakra": ["J-001", "N-009", "N-003"]},
             {"village": ["N-018"]})
    settle(m, "jutsu J-015 by N-001 pay N-003")
    play(m, "pass")  # seat 2 does not start a chain
    settle(m, "jutsu J-004 by N-001 pay J-001 N-009")
    assert applied(m) == ["J-015", "J-004"] and stat(m, 1, "N-018") == (0, 0)


def test_J_005_multi_shadow_clone_gives_2x_combat_and_clone_status():
    m = duel({"village": ["N-001"], "hand": ["J-005"], "chakra": ["J-001", "N-009", "N-003"]},
             {"village": ["N-018"]})
    settle(m, "jutsu J-005 by N-001 pay J-001 N-009 N-003 x 2")
    assert stat(m, 0, "N-001") == (1 + 4, 0) and "Clone Status" in traits(m, 0, "N-001")
    assert events(m, "boosted") == [{"player": 0, "card": "N-001", "combat": 4, "support": 0}]
    showdown(m)
    assert results(m)[0]["result"] == "draw" and results(m)[0]["power"] == 5


def test_J_005_x_zero_gives_only_the_clone_status():
    m = duel({"village": ["N-001"], "hand": ["J-005"], "chakra": ["J-001"]}, {"village": ["N-018"]})
    settle(m, "jutsu J-005 by N-001 pay J-001 x 0")
    assert stat(m, 0, "N-001") == (1, 0) and "Clone Status" in traits(m, 0, "N-001")


def test_J_006_divination_seal_puts_a_ninja_on_top_of_its_owners_deck():
    m = duel({"village": ["N-011"], "hand": ["J-006"], "chakra": ["J-006", "N-002"]},
             {"village": ["N-018"], "deck": ["N-001"] * 3})
    zabuza = iid(m, 1, "battlefield", "N-018")
    settle(m, "jutsu J-006 by N-011 target N-018@2 pay J-006 N-002")
    assert m.state.players[1].deck[0] == zabuza and numbers(m, 1, "deck") == ["N-018", "N-001", "N-001", "N-001"]
    assert m.state.players[1].battlefield == [] and team_numbers(m, 1, "teams") == []
    showdown(m)
    assert results(m)[0]["rule"] == "N-SHOW-3"  # Kakashi's blocker is gone: unblocked, rewards


def test_J_006_needs_a_jonin_user():
    m = duel({"village": ["N-001"], "hand": ["J-006"], "chakra": ["J-006", "N-002"]}, {"village": ["N-018"]})
    refused(m, "jutsu J-006 by N-001 target N-018@2 pay J-006 N-002", "N-KEY-COND-1")


def test_J_006_fails_when_its_user_was_put_back_in_the_deck_first():
    # Zabuza answers with his own Divination Seal on Kakashi, who is then no user any more
    m = duel({"village": ["N-011"], "hand": ["J-006"], "chakra": ["J-006", "N-002"]},
             {"village": ["N-018"], "hand": ["J-006"], "chakra": ["J-006", "N-002"]})
    start = len(m.log)
    settle(m, "jutsu J-006 by N-011 target N-018@2 pay J-006 N-002", "jutsu J-006 by N-018 target N-011@1 pay J-006 N-002")
    assert applied(m, start) == ["J-006"] and failed(m, start) == ["J-006"]
    assert events(m, "card_failed", start)[0]["player"] == 0
    assert numbers(m, 0, "deck")[0] == "N-011" and "N-018" in numbers(m, 1, "battlefield")
    assert numbers(m, 0, "chakra") == ["J-006"] and numbers(m, 0, "discard") == ["J-006", "N-002"]


def test_J_007_sharingan_eye_negates_a_jutsu_in_the_chain_and_discards_it():
    # Naruto's Kunai is answered by the blocking Kakashi's Sharingan Eye
    m = duel({"village": ["N-001"], "hand": ["J-001"], "chakra": ["N-009"]},
             {"village": ["N-011"], "hand": ["J-007"], "chakra": ["J-006", "N-002"]})
    start = len(m.log)
    settle(m, "jutsu J-001 by N-001 pay N-009", "jutsu J-007 by N-011 target J-001@1 pay J-006 N-002")
    assert applied(m, start) == ["J-007"] and failed(m, start) == []  # the Kunai never applies
    assert events(m, "negated") == [{"player": 0, "card": "J-001", "zone": "discard"}]
    assert stat(m, 0, "N-001") == (1, 0) and events(m, "boosted") == []
    assert numbers(m, 0, "discard") == ["N-009", "J-001"] and numbers(m, 0, "chakra") == []
    assert numbers(m, 1, "chakra") == ["J-007"]


def test_J_007_needs_a_sharingan_eye_user_and_a_jutsu_in_the_chain():
    m = duel({"village": ["N-001"], "hand": ["J-001"], "chakra": ["N-009"]},
             {"village": ["N-018"], "hand": ["J-007"], "chakra": ["J-006", "N-002"]})
    play(m, "jutsu J-001 by N-001 pay N-009")
    refused(m, "jutsu J-007 by N-018 target J-001@1 pay J-006 N-002", "N-KEY-COND-1")
    m = duel({"village": ["N-001"]}, {"village": ["N-011"], "hand": ["J-007"], "chakra": ["J-006", "N-002"]})
    play(m, "pass")
    refused(m, "jutsu J-007 by N-011 pay J-006 N-002", "N-KEY-TARGET-1")  # an empty chain


def test_J_007_cannot_target_a_jutsu_used_by_haku_N043():
    m = duel({"village": ["N-043"], "hand": ["J-001"], "chakra": ["N-009"]},
             {"village": ["N-011"], "hand": ["J-007"], "chakra": ["J-006", "N-002"]})
    play(m, "jutsu J-001 by N-043 pay N-009")
    refused(m, "jutsu J-007 by N-011 target J-001@1 pay J-006 N-002", "N-KEY-TARGET-1")
    assert not [a for a in legal(m) if a.startswith("jutsu J-007")]
    play(m, "pass", "pass")
    assert stat(m, 0, "N-043") == (4 + 2, 3 + 2)


def test_J_008_crystal_ball_shows_the_opponents_hand_and_draws_when_it_holds_a_ninja():
    m = duel({"village": ["N-001"], "hand": ["J-008"], "chakra": ["J-006", "N-009"], "deck": ["N-010", "N-003"]},
             {"village": ["N-018"], "hand": ["J-001", "N-014"]})
    settle(m, "jutsu J-008 by N-001 pay J-006 N-009")
    assert events(m, "looked") == [{"player": 0, "owner": 1, "zone": "hand", "cards": ["J-001", "N-014"]}]
    assert numbers(m, 0, "hand") == ["N-010"] and numbers(m, 0, "deck") == ["N-003"]


def test_J_008_draws_nothing_when_the_opponents_hand_holds_no_ninja():
    m = duel({"village": ["N-001"], "hand": ["J-008"], "chakra": ["J-006", "N-009"], "deck": ["N-010", "N-003"]},
             {"village": ["N-018"], "hand": ["J-001", "M-006"]})
    settle(m, "jutsu J-008 by N-001 pay J-006 N-009")
    assert events(m, "looked")[0]["cards"] == ["J-001", "M-006"] and events(m, "drew") == []
    assert numbers(m, 0, "hand") == [] and numbers(m, 0, "deck") == ["N-010", "N-003"]


def test_J_009_a_thousand_years_of_death_moves_a_battle_reward_to_its_owners_chakra():
    m = duel({"village": ["N-001"], "hand": ["J-009"], "chakra": ["J-006", "J-001"], "deck": ["N-010"] * 3},
             {"village": ["N-018"], "rewards": ["N-002", "N-003"]})
    # the rewards seat 2 took came from seat 1's deck: they are seat 1's cards
    for card in m.state.players[1].rewards:
        m.state.owner[card] = 0
    second = m.state.players[1].rewards[1]
    settle(m, "jutsu J-009 by N-001 target R2@2 pay J-006 J-001")
    assert numbers(m, 1, "rewards") == ["N-002"] and m.state.players[0].chakra == [second, iid(m, 0, "chakra", "J-009")]
    assert numbers(m, 0, "chakra") == ["N-003", "J-009"]


def test_J_009_needs_a_battle_reward_to_target():
    m = duel({"village": ["N-001"], "hand": ["J-009"], "chakra": ["J-006", "J-001"]}, {"village": ["N-018"]})
    refused(m, "jutsu J-009 by N-001 target R1@2 pay J-006 J-001", "N-KEY-TARGET-1")


def test_J_010_fire_ball_deals_1_damage():
    m = duel({"village": ["N-002"], "hand": ["J-010"], "chakra": ["J-006", "N-002", "N-009"]},
             {"village": ["N-018", "N-014"], "injured": ["N-014"]})
    settle(m, "jutsu J-010 by N-002 target N-018@2 pay J-006 N-002 N-009")
    assert in_play(m, 1, "N-018") in m.state.injured and stat(m, 1, "N-018") == (4, 0)
    assert events(m, "injured") == [{"player": 1, "card": "N-018"}]


def test_J_010_knocks_out_an_injured_ninja_and_spares_a_flame_one():
    # a standby injured Ninja may be the target too: it is knocked out
    m = duel({"village": ["N-002"], "hand": ["J-010"], "chakra": ["J-006", "N-002", "N-009"]},
             {"village": ["N-018", "N-014"], "injured": ["N-014"]})
    settle(m, "jutsu J-010 by N-002 target N-014@2 pay J-006 N-002 N-009")
    assert numbers(m, 1, "discard") == ["N-014"]
    # Sasuke (Flame) takes no damage
    m = duel({"village": ["N-001"], "hand": ["J-010"], "chakra": ["J-006", "N-002", "N-009"]},
             {"village": ["N-002"]})
    settle(m, "jutsu J-010 by N-001 target N-002@2 pay J-006 N-002 N-009")
    assert applied(m) == ["J-010"] and events(m, "injured") == [] and in_play(m, 1, "N-002") not in m.state.injured


# =================================================================================================
# J-011 ... J-020
# =================================================================================================

def test_J_010_fails_when_its_target_was_returned_to_the_hand():
    # Fire Ball on Ebisu, standing by; Gouzu saves him with Shared-instinct Assassination (J-011)
    m = duel({"village": ["N-002"], "hand": ["J-010"], "chakra": ["J-006", "N-002", "N-009"]},
             {"village": ["N-014", "N-010"], "hand": ["J-011"], "chakra": ["J-011", "N-014"]})
    start = len(m.log)
    settle(m, "jutsu J-010 by N-002 target N-010@2 pay J-006 N-002 N-009",
           "jutsu J-011 by N-014 target N-010@2 pay J-011 N-014")
    assert applied(m, start) == ["J-011"] and failed(m, start) == ["J-010"] and events(m, "injured") == []
    assert numbers(m, 1, "hand") == ["N-010"]
    assert numbers(m, 0, "chakra") == ["J-010"] and numbers(m, 0, "discard") == ["J-006", "N-002", "N-009"]


def test_J_011_shared_instinct_assassination_returns_a_standby_ninja_to_its_owners_hand():
    # Gouzu (a Chunin) sends Ebisu, standing by in seat 2's village, back to its owner's hand
    m = duel({"village": ["N-014"], "hand": ["J-011"], "chakra": ["J-011", "N-014"]},
             {"village": ["N-018", "N-010"], "hand": ["J-001"]})
    settle(m, "jutsu J-011 by N-014 target N-010@2 pay J-011 N-014")
    assert numbers(m, 1, "hand") == ["J-001", "N-010"] and numbers(m, 1, "village") == []
    assert team_numbers(m, 1) == [["N-018"]]
    assert numbers(m, 0, "chakra") == ["J-011"] and numbers(m, 0, "discard") == ["J-011", "N-014"]


def test_J_011_needs_a_chunin_user_and_a_standby_target():
    m = duel({"village": ["N-016", "N-014"], "hand": ["J-011"], "chakra": ["J-011", "N-014"]},
             {"village": ["N-018", "N-010"]})
    refused(m, "jutsu J-011 by N-016 target N-010@2 pay J-011 N-014", "N-KEY-COND-1")  # Haku has no rank
    m = duel({"village": ["N-014"], "hand": ["J-011"], "chakra": ["J-011", "N-014"]}, {"village": ["N-018", "N-010"]})
    refused(m, "jutsu J-011 by N-014 target N-018@2 pay J-011 N-014", "N-KEY-TARGET-1")  # Zabuza is battling


def test_J_011_fails_when_its_user_was_sent_back_to_the_hand_by_giant_vortex():
    # Zabuza answers with Giant Vortex (J-034): Gouzu goes back to the hand before his Jutsu settles
    m = duel({"village": ["N-014"], "hand": ["J-011"], "chakra": ["J-011", "N-014"]},
             {"village": ["N-018", "N-010"], "hand": ["J-034"], "chakra": ["J-011", "N-014", "N-016"]})
    start = len(m.log)
    settle(m, "jutsu J-011 by N-014 target N-010@2 pay J-011 N-014", "jutsu J-034 by N-018 pay J-011 N-014 N-016")
    assert applied(m, start) == ["J-034"] and failed(m, start) == ["J-011"]
    assert numbers(m, 0, "hand") == ["N-014"] and "N-010" in numbers(m, 1, "village")
    assert numbers(m, 0, "chakra") == ["J-011"] and numbers(m, 0, "discard") == ["J-011", "N-014"]


def test_J_012_water_clone_gives_x_x_and_clone_status_paid_with_water():
    m = duel({"village": ["N-001"], "hand": ["J-012"], "chakra": ["J-011", "N-014", "N-009"]},
             {"village": ["N-018"]})
    settle(m, "jutsu J-012 by N-001 pay J-011 N-014 x 2")
    assert stat(m, 0, "N-001") == (3, 2) and "Clone Status" in traits(m, 0, "N-001")
    assert numbers(m, 0, "chakra") == ["N-009", "J-012"]


def test_J_012_x_must_be_paid_with_water_chakra():
    m = duel({"village": ["N-001"], "hand": ["J-012"], "chakra": ["J-011", "N-009"]}, {"village": ["N-018"]})
    refused(m, "jutsu J-012 by N-001 pay J-011 N-009 x 2", "N-JUTSU-3")
    refused(m, "jutsu J-012 by N-001 pay N-009 x 1", "N-JUTSU-3")
    assert [a for a in legal(m) if a.startswith("jutsu J-012")] == ["jutsu J-012 by N-001 x 0",
                                                                    "jutsu J-012 by N-001 pay J-011 x 1"]


def test_J_013_hidden_mist_negates_a_jutsu_and_returns_it_to_its_owners_hand():
    m = duel({"village": ["N-001"], "hand": ["J-002"], "chakra": ["N-009", "N-003"]},
             {"village": ["N-018"], "hand": ["J-013"], "chakra": ["J-011", "N-014"]})
    start = len(m.log)
    settle(m, "jutsu J-002 by N-001 pay N-009 N-003", "jutsu J-013 by N-018 target J-002@1 pay J-011 N-014")
    assert applied(m, start) == ["J-013"] and events(m, "negated") == [{"player": 0, "card": "J-002", "zone": "hand"}]
    assert numbers(m, 0, "hand") == ["J-002"] and numbers(m, 0, "chakra") == []
    assert numbers(m, 0, "discard") == ["N-009", "N-003"]  # not refunded
    assert stat(m, 0, "N-001") == (1, 0)


def test_J_013_cannot_target_a_jutsu_whose_user_used_shadow_shuriken_J037():
    m = duel({"village": ["N-001"], "hand": ["J-037", "J-002"], "chakra": ["N-009", "N-003", "N-001"]},
             {"village": ["N-018"], "hand": ["J-013"], "chakra": ["J-011", "N-014"]})
    settle(m, "jutsu J-037 by N-001 pay N-001")
    assert events(m, "restriction")[0]["restriction"] == "unnegatable"
    play(m, "pass", "jutsu J-002 by N-001 pay N-009 N-003")
    refused(m, "jutsu J-013 by N-018 target J-002@1 pay J-011 N-014", "N-KEY-TARGET-1")
    play(m, "pass", "pass")
    assert stat(m, 0, "N-001") == (4, 0)


def test_J_013_cannot_target_a_jutsu_used_by_haku_N043():
    m = duel({"village": ["N-043"], "hand": ["J-002"], "chakra": ["N-009", "N-003"]},
             {"village": ["N-018"], "hand": ["J-013"], "chakra": ["J-011", "N-014"]})
    play(m, "jutsu J-002 by N-043 pay N-009 N-003")
    refused(m, "jutsu J-013 by N-018 target J-002@1 pay J-011 N-014", "N-KEY-TARGET-1")
    play(m, "pass", "pass")
    assert stat(m, 0, "N-043") == (4 + 3, 3) and numbers(m, 0, "chakra") == ["J-002"]


def test_J_014_silent_killing_injures_every_ninja_fighting_the_user():
    m = duel({"village": ["N-018"], "hand": ["J-014"], "chakra": ["J-011", "N-014", "N-016", "N-009"]},
             {"village": ["N-010", "N-003", "N-009"], "teams": [["N-010", "N-003", "N-009"]], "injured": ["N-003"]},
             lead2="N-010")
    settle(m, "jutsu J-014 by N-018 pay J-011 N-014 N-016 N-009")
    hurt = {in_play(m, 1, n) for n in ("N-010", "N-003", "N-009")}
    assert hurt <= m.state.injured
    assert events(m, "injured") == [{"player": 1, "card": "N-010"}, {"player": 1, "card": "N-009"}]
    assert numbers(m, 1, "discard") == []  # injuring an injured Ninja is no damage
    showdown(m)
    (r,) = results(m)
    assert (r["power"], r["against_power"]) == (5, 2 + 1 + 1)


def test_J_014_needs_a_jonin_user():
    m = duel({"village": ["N-014"], "hand": ["J-014"], "chakra": ["J-011", "N-014", "N-016", "N-009"]},
             {"village": ["N-010"]})
    refused(m, "jutsu J-014 by N-014 pay J-011 N-014 N-016 N-009", "N-KEY-COND-1")


def test_J_015_clone_jutsu_gives_1_1_and_clone_status():
    m = duel({"village": ["N-001"], "hand": ["J-015"], "chakra": ["N-009"]}, {"village": ["N-003"]})
    assert "Clone Status" not in traits(m, 0, "N-001")
    settle(m, "jutsu J-015 by N-001 pay N-009")
    assert stat(m, 0, "N-001") == (2, 1) and "Clone Status" in traits(m, 0, "N-001")
    assert events(m, "gained") == [{"player": 0, "card": "N-001", "characteristic": "Clone Status"}]
    showdown(m)
    assert results(m)[0]["result"] == "victory" and "Clone Status" not in traits(m, 0, "N-001")


def test_J_016_transform_swaps_combat_and_support_and_sets_the_chosen_attribute():
    # Kakashi 5/3 Genjutsu becomes 3/5 Taijutsu; then Leaf Hurricane (Taijutsu only) is his to use
    m = duel({"village": ["N-011"], "hand": ["J-016", "J-026"], "chakra": ["J-015", "N-009"]},
             {"village": ["N-018"]})
    refused(m, "jutsu J-026 by N-011 pay N-009", "N-KEY-COND-1")
    play(m, "jutsu J-016 by N-011 pay J-015", "pass", "pass")
    assert m.actor == 0 and m.state.pending[0]["kind"] == "attribute"
    assert sorted(legal(m)) == ["choose Flame", "choose Genjutsu", "choose Ninjutsu", "choose Taijutsu"]
    refused(m, "choose Ice", "N-EFFECT-2")
    refused(m, "pass", "N-EFFECT-1")
    play(m, "choose Taijutsu")
    assert m.state.pending == [] and m.state.chain == [] and numbers(m, 0, "chakra") == ["N-009", "J-016"]
    assert attribute(m.state, in_play(m, 0, "N-011")) == "Taijutsu" and stat(m, 0, "N-011") == (3, 5)
    play(m, "pass")
    settle(m, "jutsu J-026 by N-011 pay N-009")
    assert stat(m, 0, "N-011") == (3 + 3, 5)


def test_J_017_substitution_swaps_a_teams_head_ninja_with_its_back_ninjas():
    # Zabuza (5) leading Sakura (support 1): after the swap Sakura leads, 1 + Zabuza's support 1
    m = duel({"village": ["N-010"], "hand": ["J-017"], "chakra": ["J-015", "N-009", "N-003"]},
             {"village": ["N-018", "N-003"], "teams": [["N-018", "N-003"]]}, lead2="N-018")
    settle(m, "jutsu J-017 by N-010 target N-018@2 pay J-015 N-009 N-003")
    assert team_numbers(m, 1, "sent") == [["N-003", "N-018"]]
    assert events(m, "leader_swapped") == [{"player": 1, "lead": "N-003"}]
    showdown(m)
    (r,) = results(m)
    assert (r["power"], r["against_power"], r["against"], r["result"]) == (4, 2, "N-003", "victory")


def test_J_017_targets_a_team_by_its_head_ninja():
    m = duel({"village": ["N-010"], "hand": ["J-017"], "chakra": ["J-015", "N-009", "N-003"]},
             {"village": ["N-018", "N-003"], "teams": [["N-018", "N-003"]]}, lead2="N-018")
    refused(m, "jutsu J-017 by N-010 target N-003@2 pay J-015 N-009 N-003", "N-KEY-TARGET-1")


def test_J_018_disguise_lets_both_teams_skip_the_showdown():
    m = duel({"village": ["N-001"], "hand": ["J-018"], "chakra": ["J-015", "N-003"]}, {"village": ["N-018"]})
    settle(m, "jutsu J-018 by N-001 pay J-015 N-003")
    assert events(m, "restriction") == [{"player": 0, "card": "J-018", "restriction": "no_showdown",
                                         "targets": ["N-001", "N-018"]}]
    showdown(m)
    assert events(m, "showdown_skipped") == [{"player": 0, "lead": "N-001"}] and results(m) == []
    assert events(m, "injured") == [] and m.state.players[0].rewards == []


def test_J_018_needs_an_opposing_team_and_fails_once_it_is_gone():
    m = exchange({"village": ["N-001"], "hand": ["J-018"], "chakra": ["J-015", "N-003"]}, {"village": ["N-018"]},
                 ["send T1"])
    refused(m, "jutsu J-018 by N-001 pay J-015 N-003", "N-KEY-TARGET-1")  # not battling
    # Zabuza pulls himself out (J-038): Disguise fails and the Showdown happens, unblocked
    m = duel({"village": ["N-001"], "hand": ["J-018"], "chakra": ["J-015", "N-003"]},
             {"village": ["N-018"], "hand": ["J-038"], "chakra": ["J-015"]})
    start = len(m.log)
    settle(m, "jutsu J-018 by N-001 pay J-015 N-003", "jutsu J-038 by N-018 target N-018@2 pay J-015")
    assert applied(m, start) == ["J-038"] and failed(m, start) == ["J-018"]
    assert events(m, "restriction") == [] and numbers(m, 0, "chakra") == ["J-018"]
    showdown(m)
    assert results(m)[0]["rule"] == "N-SHOW-3" and len(m.state.players[0].rewards) == 1


def test_J_019_death_mirage_gives_minus_2_or_minus_3_to_a_genjutsu_users_foe():
    m = duel({"village": ["N-001"], "hand": ["J-019"], "chakra": ["J-015", "N-003"]}, {"village": ["N-018"]})
    settle(m, "jutsu J-019 by N-001 target N-018@2 pay J-015 N-003")
    assert stat(m, 1, "N-018") == (3, -1)
    m = duel({"village": ["N-011"], "hand": ["J-019"], "chakra": ["J-015", "N-003"]}, {"village": ["N-018"]})
    settle(m, "jutsu J-019 by N-011 target N-018@2 pay J-015 N-003")  # Kakashi is Genjutsu
    assert stat(m, 1, "N-018") == (2, -2)
    showdown(m)
    assert results(m)[0]["against_power"] == 2 and results(m)[0]["difference"] == 3


def test_J_019_targets_only_an_opposing_ninja_fighting_the_user():
    m = duel({"village": ["N-001", "N-003"], "teams": [["N-001", "N-003"]], "hand": ["J-019"],
              "chakra": ["J-015", "N-003"]}, {"village": ["N-018", "N-010"]}, lead1="N-001")
    refused(m, "jutsu J-019 by N-001 target N-003@1 pay J-015 N-003", "N-KEY-TARGET-1")  # its own teammate
    refused(m, "jutsu J-019 by N-001 target N-010@2 pay J-015 N-003", "N-KEY-TARGET-1")  # standby


def test_J_020_escape_resets_a_ninja_to_its_printed_values_for_the_turn():
    # Zabuza got +3/+0 (J-002); Escape Jutsu puts him back at 5/1, and a later Kunai cannot change that
    m = duel({"village": ["N-001"], "hand": ["J-020"], "chakra": ["J-020"]},
             {"village": ["N-018"], "hand": ["J-002", "J-001"], "chakra": ["J-011", "N-014", "N-016"]})
    play(m, "pass")
    settle(m, "jutsu J-002 by N-018 pay J-011 N-014")
    assert stat(m, 1, "N-018") == (8, 1)
    settle(m, "jutsu J-020 by N-001 target N-018@2 pay J-020")
    assert stat(m, 1, "N-018") == (5, 1) and events(m, "power_reset")[0]["card"] == "N-018"
    settle(m, "jutsu J-001 by N-018 pay N-016")
    assert applied(m)[-1] == "J-001" and stat(m, 1, "N-018") == (5, 1)


# =================================================================================================
# J-021 ... J-030
# =================================================================================================

def test_J_021_headhunter_pulls_the_opposing_back_ninjas_out_as_standby():
    m = duel({"village": ["N-014"], "hand": ["J-021"], "chakra": ["J-020", "N-009"]},
             {"village": ["N-018", "N-003", "N-001"], "teams": [["N-018", "N-003", "N-001"]]}, lead2="N-018")
    settle(m, "jutsu J-021 by N-014 pay J-020 N-009")
    assert events(m, "jutsu_used")[0]["targets"] == ["N-003@2", "N-001@2"]
    assert team_numbers(m, 1, "sent") == [["N-018"]] and numbers(m, 1, "battlefield") == ["N-018"]
    assert sorted(numbers(m, 1, "village")) == ["N-001", "N-003"]
    assert team_numbers(m, 1) == [["N-018"], ["N-003"], ["N-001"]]
    showdown(m)
    (r,) = results(m)
    assert (r["power"], r["against_power"], r["against_arithmetic"]) == (3, 5, [["N-018", "lead", 5]])


def test_J_021_needs_a_chunin_user_and_back_ninjas_to_pull():
    m = duel({"village": ["N-016"], "hand": ["J-021"], "chakra": ["J-020", "N-009"]},
             {"village": ["N-018", "N-003"], "teams": [["N-018", "N-003"]]}, lead2="N-018")
    refused(m, "jutsu J-021 by N-016 pay J-020 N-009", "N-KEY-COND-1")
    m = duel({"village": ["N-014"], "hand": ["J-021"], "chakra": ["J-020", "N-009"]}, {"village": ["N-018"]})
    refused(m, "jutsu J-021 by N-014 pay J-020 N-009", "N-KEY-TARGET-1")


def test_J_021_fails_when_the_back_ninja_was_already_pulled_out():
    m = duel({"village": ["N-014"], "hand": ["J-021"], "chakra": ["J-020", "N-009"]},
             {"village": ["N-018", "N-003"], "teams": [["N-018", "N-003"]], "hand": ["J-038"], "chakra": ["J-015"]},
             lead2="N-018")
    start = len(m.log)
    settle(m, "jutsu J-021 by N-014 pay J-020 N-009", "jutsu J-038 by N-003 target N-003@2 pay J-015")
    assert applied(m, start) == ["J-038"] and failed(m, start) == ["J-021"]
    assert numbers(m, 0, "chakra") == ["J-021"] and numbers(m, 0, "discard") == ["J-020", "N-009"]


def test_J_022_mind_transfer_takes_a_weak_opposing_fighter_into_its_users_village():
    # Ino (Mind) against Sakura (1/1) leading Zabuza
    m = duel({"village": ["N-004"], "hand": ["J-022"], "chakra": ["J-020", "N-004", "N-003"]},
             {"village": ["N-003", "N-018"], "teams": [["N-003", "N-018"]]}, lead2="N-003")
    sakura = in_play(m, 1, "N-003")
    before = m.state.to_dict()
    play(m, "jutsu J-022 by N-004 target N-003@2 pay J-020 N-004 N-003", "pass", "pass")
    assert numbers(m, 1, "village") == [] and team_numbers(m, 1, "sent") == [["N-018"]]
    assert numbers(m, 0, "village") == ["N-003"] and team_numbers(m, 0, "teams")[-1] == ["N-003"]
    assert m.state.taken == {sakura: 1} and m.state.owner[sakura] == 0
    assert events(m, "taken") == [{"player": 0, "owner": 1, "card": "N-003"}]
    assert m.state.pending == [] and numbers(m, 0, "chakra") == ["J-022"]
    # the control is part of the position: saved, loaded and undone with it
    saved = m.state.to_dict()
    assert saved["taken"] == {str(sakura): 1}
    assert type(m.state).from_dict(saved, m.state.cards).taken == {sakura: 1}
    m.undo(), m.undo(), m.undo()
    assert m.state.to_dict() == before and m.state.taken == {}


def test_J_022_a_taken_ninja_goes_back_to_its_owner_when_it_leaves_play():
    from referee.games.naruto.invariants import violations
    from referee.games.naruto.zones import damage

    m = duel({"village": ["N-004"], "hand": ["J-022"], "chakra": ["J-020", "N-004", "N-003"]},
             {"village": ["N-003", "N-018"], "teams": [["N-003", "N-018"]]}, lead2="N-003")
    play(m, "jutsu J-022 by N-004 target N-003@2 pay J-020 N-004 N-003", "pass", "pass")
    sakura = in_play(m, 0, "N-003")
    damage(m.state, sakura, 2)  # knocked out in its new village: to its owner's discard pile (N-ZONE-2)
    assert numbers(m, 1, "discard") == ["N-003"] and numbers(m, 0, "discard") == ["J-020", "N-004", "N-003"]  # paid
    assert m.state.taken == {} and m.state.owner[sakura] == 1 and violations(m.state) == []


def test_J_022_does_not_take_a_ninja_whose_name_its_player_already_has_in_play():
    m = duel({"village": ["N-004", "N-003"], "teams": [["N-004", "N-003"]], "hand": ["J-022"],
              "chakra": ["J-020", "N-004", "N-003"]},
             {"village": ["N-003", "N-018"], "teams": [["N-003", "N-018"]]}, lead1="N-004", lead2="N-003")
    play(m, "jutsu J-022 by N-004 target N-003@2 pay J-020 N-004 N-003", "pass", "pass")
    # pulled out of its team (Stand-By), but it stays in its player's village (N-DEPLOY-3)
    assert numbers(m, 1, "village") == ["N-003"] and team_numbers(m, 1, "sent") == [["N-018"]]
    assert m.state.taken == {} and events(m, "not_taken") == [{"player": 0, "card": "N-003"}]


def test_J_022_needs_a_mind_user_and_a_target_with_combat_2_or_less():
    m = duel({"village": ["N-004"], "hand": ["J-022"], "chakra": ["J-020", "N-004", "N-003"]},
             {"village": ["N-018", "N-003"], "teams": [["N-018", "N-003"]]}, lead2="N-018")
    refused(m, "jutsu J-022 by N-004 target N-018@2 pay J-020 N-004 N-003", "N-KEY-TARGET-1")  # Combat 5
    assert [a for a in legal(m) if a.startswith("jutsu J-022")] == [
        "jutsu J-022 by N-004 target N-003@2 pay J-020 N-004 N-003"]
    m = duel({"village": ["N-001"], "hand": ["J-022"], "chakra": ["J-020", "N-004", "N-003"]}, {"village": ["N-003"]})
    refused(m, "jutsu J-022 by N-001 target N-003@2 pay J-020 N-004 N-003", "N-KEY-COND-1")


def test_J_022_fails_when_its_target_grew_too_strong():
    # Sakura's player answers with Kunai (+2/+2): Combat 3 is out of Mind Transfer's reach when it settles
    m = duel({"village": ["N-004"], "hand": ["J-022"], "chakra": ["J-020", "N-004", "N-003"]},
             {"village": ["N-003"], "hand": ["J-001"], "chakra": ["N-009"]})
    start = len(m.log)
    settle(m, "jutsu J-022 by N-004 target N-003@2 pay J-020 N-004 N-003", "jutsu J-001 by N-003 pay N-009")
    assert applied(m, start) == ["J-001"] and failed(m, start) == ["J-022"]
    assert numbers(m, 1, "battlefield") == ["N-003"] and m.state.pending == []
    assert numbers(m, 0, "chakra") == ["J-022"]


def test_J_023_shadow_possession_makes_a_fighters_power_count_as_0_0():
    m = duel({"village": ["N-001", "N-005"], "teams": [["N-001", "N-005"]], "hand": ["J-023"], "chakra": ["J-020"]},
             {"village": ["N-018"], "hand": ["J-002"], "chakra": ["J-011", "N-014"]}, lead1="N-001")
    settle(m, "jutsu J-023 by N-005 target N-018@2 pay J-020")
    assert stat(m, 1, "N-018") == (0, 0)
    settle(m, "jutsu J-002 by N-018 pay J-011 N-014")  # a later boost does not change it
    assert applied(m)[-1] == "J-002" and stat(m, 1, "N-018") == (0, 0)
    showdown(m)
    (r,) = results(m)
    assert (r["power"], r["against_power"], r["result"]) == (1 + 2, 0, "victory")


def test_J_023_needs_a_shadow_user():
    m = duel({"village": ["N-001", "N-005"], "teams": [["N-001", "N-005"]], "hand": ["J-023"], "chakra": ["J-020"]},
             {"village": ["N-018"]}, lead1="N-001")
    refused(m, "jutsu J-023 by N-001 target N-018@2 pay J-020", "N-KEY-COND-1")


def test_J_024_expansion_gives_2_0_and_immunity_to_the_opponents_jutsu():
    # Choji attacking: 2 + 1 (N-006) + 2
    m = duel({"village": ["N-006"], "hand": ["J-024", "J-001"], "chakra": ["J-020", "N-009"]},
             {"village": ["N-018"], "hand": ["J-032"], "chakra": ["J-011", "N-014"]})
    settle(m, "jutsu J-024 by N-006 pay J-020")
    assert stat(m, 0, "N-006") == (5, 0)
    refused(m, "jutsu J-032 by N-018 target N-006@1 pay J-011 N-014", "N-KEY-TARGET-1")
    play(m, "pass")
    settle(m, "jutsu J-001 by N-006 pay N-009")  # its own player's Jutsu still reach it
    assert stat(m, 0, "N-006") == (7, 2)


def test_J_024_the_immune_user_is_left_out_of_the_opponents_jutsu_on_every_fighter():
    # Giant Vortex (J-034) returns every Ninja fighting Zabuza, but not the immune Choji
    m = duel({"village": ["N-006", "N-001"], "teams": [["N-006", "N-001"]], "hand": ["J-024"], "chakra": ["J-020"]},
             {"village": ["N-018"], "hand": ["J-034"], "chakra": ["J-011", "N-014", "N-016"]}, lead1="N-006")
    settle(m, "jutsu J-024 by N-006 pay J-020")
    settle(m, "jutsu J-034 by N-018 pay J-011 N-014 N-016")
    assert events(m, "jutsu_used")[1]["targets"] == ["N-001@1"]
    assert numbers(m, 0, "hand") == ["N-001"] and numbers(m, 0, "battlefield") == ["N-006"]


def test_J_024_needs_a_food_user():
    m = duel({"village": ["N-001"], "hand": ["J-024"], "chakra": ["J-020"]}, {"village": ["N-018"]})
    refused(m, "jutsu J-024 by N-001 pay J-020", "N-KEY-COND-1")


def test_J_024_used_in_answer_makes_the_opponents_jutsu_on_the_user_fail():
    m = duel({"village": ["N-006"], "hand": ["J-024"], "chakra": ["J-020"]},
             {"village": ["N-018"], "hand": ["J-032"], "chakra": ["J-011", "N-014"]})
    play(m, "pass")
    start = len(m.log)
    settle(m, "jutsu J-032 by N-018 target N-006@1 pay J-011 N-014", "jutsu J-024 by N-006 pay J-020")
    assert applied(m, start) == ["J-024"] and failed(m, start) == ["J-032"]
    assert stat(m, 0, "N-006") == (5, 0)
    assert numbers(m, 1, "chakra") == ["J-032"] and numbers(m, 1, "discard") == ["J-011", "N-014"]


@pytest.mark.parametrize("seed", range(12))
def test_J_025_shadow_clone_flips_a_coin_4_0_on_heads_2_0_on_tails(seed):
    m = duel({"village": ["N-001"], "hand": ["J-025"], "chakra": ["J-001", "N-009"]}, {"village": ["N-018"]},
             seed=seed)
    settle(m, "jutsu J-025 by N-001 pay J-001 N-009")
    (flip,) = events(m, "coin_flip")
    boost = 4 if flip["result"] == "heads" else 2
    assert stat(m, 0, "N-001") == (1 + boost, 0) and "Clone Status" in traits(m, 0, "N-001")
    assert [e["combat"] for e in events(m, "boosted")] == [boost]


def test_J_025_both_sides_of_the_coin_come_up_over_seeds():
    results_ = set()
    for seed in range(12):
        m = duel({"village": ["N-001"], "hand": ["J-025"], "chakra": ["J-001", "N-009"]}, {"village": ["N-018"]},
                 seed=seed)
        settle(m, "jutsu J-025 by N-001 pay J-001 N-009")
        results_.add((events(m, "coin_flip")[0]["result"], stat(m, 0, "N-001")))
    assert results_ == {("heads", (5, 0)), ("tails", (3, 0))}


def test_J_026_leaf_hurricane_gives_a_taijutsu_user_3_0():
    m = duel({"village": ["N-033"], "hand": ["J-026"], "chakra": ["N-009"]}, {"village": ["N-018"]})
    settle(m, "jutsu J-026 by N-033 pay N-009")
    assert stat(m, 0, "N-033") == (6, 1)
    showdown(m)
    assert (results(m)[0]["power"], results(m)[0]["result"]) == (6, "victory")
    m = duel({"village": ["N-001"], "hand": ["J-026"], "chakra": ["N-009"]}, {"village": ["N-018"]})
    refused(m, "jutsu J-026 by N-001 pay N-009", "N-KEY-COND-1")


def test_J_027_leaf_whirlwind_gives_a_taijutsu_user_0_3():
    m = duel({"village": ["N-001", "N-033"], "teams": [["N-001", "N-033"]], "hand": ["J-027"], "chakra": ["N-009"]},
             {"village": ["N-018"]}, lead1="N-001")
    settle(m, "jutsu J-027 by N-033 pay N-009")
    assert stat(m, 0, "N-033") == (3, 4)
    showdown(m)
    assert results(m)[0]["arithmetic"] == [["N-001", "lead", 1], ["N-033", "rear", 4]]
    m = duel({"village": ["N-001"], "hand": ["J-027"], "chakra": ["N-009"]}, {"village": ["N-018"]})
    refused(m, "jutsu J-027 by N-001 pay N-009", "N-KEY-COND-1")


def test_J_028_all_four_gives_the_animal_characteristic_and_doubles_combat():
    m = duel({"village": ["N-028"], "hand": ["J-028"], "chakra": ["J-006"]}, {"village": ["N-018"]})
    settle(m, "jutsu J-028 by N-028 pay J-006")
    assert stat(m, 0, "N-028") == (4, 0) and "Animal" in traits(m, 0, "N-028")
    # after Kunai (4/2) it doubles the Combat it has then
    m = duel({"village": ["N-028"], "hand": ["J-028", "J-001"], "chakra": ["J-006", "N-009"]}, {"village": ["N-018"]})
    settle(m, "jutsu J-001 by N-028 pay N-009")
    play(m, "pass")
    settle(m, "jutsu J-028 by N-028 pay J-006")
    assert stat(m, 0, "N-028") == (8, 2)
    m = duel({"village": ["N-001"], "hand": ["J-028"], "chakra": ["J-006"]}, {"village": ["N-018"]})
    refused(m, "jutsu J-028 by N-001 pay J-006", "N-KEY-COND-1")


def test_J_029_demon_wind_shuriken_gives_2_0_or_3_0_to_a_weapon_user():
    m = duel({"village": ["N-001"], "hand": ["J-029"], "chakra": ["J-006", "N-009"]}, {"village": ["N-018"]})
    settle(m, "jutsu J-029 by N-001 pay J-006 N-009")
    assert stat(m, 0, "N-001") == (3, 0)
    m = duel({"village": ["N-003"], "hand": ["J-029"], "chakra": ["J-006", "N-009"]}, {"village": ["N-018"]})
    settle(m, "jutsu J-029 by N-003 pay J-006 N-009")  # Sakura is Weapon
    assert stat(m, 0, "N-003") == (4, 1)


def test_J_030_lightning_blade_gives_kakashi_7_0():
    m = duel({"village": ["N-011"], "hand": ["J-030"], "chakra": ["J-006", "N-009"]}, {"village": ["N-018"]})
    settle(m, "jutsu J-030 by N-011 pay J-006 N-009")
    assert stat(m, 0, "N-011") == (12, 3)
    showdown(m)
    (r,) = results(m)
    assert (r["difference"], r["result"]) == (7, "outstanding") and numbers(m, 1, "discard") == ["N-018"]
    m = duel({"village": ["N-001"], "hand": ["J-030"], "chakra": ["J-006", "N-009"]}, {"village": ["N-018"]})
    refused(m, "jutsu J-030 by N-001 pay J-006 N-009", "N-KEY-COND-1")


def test_J_030_fails_when_kakashi_was_sent_back_to_the_hand():
    m = duel({"village": ["N-011"], "hand": ["J-030"], "chakra": ["J-006", "N-009"]},
             {"village": ["N-018"], "hand": ["J-034"], "chakra": ["J-011", "N-014", "N-016"]})
    start = len(m.log)
    settle(m, "jutsu J-030 by N-011 pay J-006 N-009", "jutsu J-034 by N-018 pay J-011 N-014 N-016")
    assert applied(m, start) == ["J-034"] and failed(m, start) == ["J-030"] and events(m, "boosted") == []
    assert numbers(m, 0, "hand") == ["N-011"] and numbers(m, 0, "chakra") == ["J-030"]


# =================================================================================================
# J-031 ... J-042
# =================================================================================================

def test_J_031_guillotine_sword_discards_the_ninja_its_team_damages():
    # Zabuza (5) beats Ebisu (4) by 1: Ebisu would only be injured; with the sword he is discarded
    m = duel({"village": ["N-018"], "hand": ["J-031"], "chakra": ["J-011", "N-009"]}, {"village": ["N-010"]})
    settle(m, "jutsu J-031 by N-018 pay J-011 N-009")
    assert events(m, "restriction") == [{"player": 0, "card": "J-031", "restriction": "lethal", "targets": ["N-018"]}]
    showdown(m)
    (r,) = results(m)
    assert (r["difference"], r["result"]) == (1, "victory")
    assert events(m, "knocked_out") == [{"player": 1, "card": "N-010", "damage": 1}]
    assert numbers(m, 1, "discard") == ["N-010"] and events(m, "injured") == []


def test_J_031_without_the_sword_the_same_battle_only_injures():
    m = duel({"village": ["N-018"]}, {"village": ["N-010"]})
    showdown(m)
    assert events(m, "injured") == [{"player": 1, "card": "N-010"}] and numbers(m, 1, "discard") == []


@pytest.mark.parametrize("seed", range(6))
def test_J_031_discards_even_when_the_damage_was_lowered_to_0(seed):
    # Naruto N-019 lowers damage by 1 on heads: 0 damage, yet the sword still discards him
    m = duel({"village": ["N-018"], "hand": ["J-031"], "chakra": ["J-011", "N-009"]}, {"village": ["N-019"]},
             seed=seed)
    settle(m, "jutsu J-031 by N-018 pay J-011 N-009")
    showdown(m)
    (flip,) = events(m, "coin_flip")
    damage = 0 if flip["result"] == "heads" else 1
    assert events(m, "knocked_out") == [{"player": 1, "card": "N-019", "damage": damage}]
    assert numbers(m, 1, "discard") == ["N-019"] and events(m, "injured") == []


def test_J_031_needs_a_head_ninja_user():
    m = duel({"village": ["N-018", "N-014"], "teams": [["N-018", "N-014"]], "hand": ["J-031"],
              "chakra": ["J-011", "N-009"]}, {"village": ["N-010"]}, lead1="N-018")
    refused(m, "jutsu J-031 by N-014 pay J-011 N-009", "N-KEY-COND-1")


def test_J_031_fails_when_substitution_made_its_user_a_back_ninja():
    m = duel({"village": ["N-018", "N-014"], "teams": [["N-018", "N-014"]], "hand": ["J-031"],
              "chakra": ["J-011", "N-009"]},
             {"village": ["N-010"], "hand": ["J-017"], "chakra": ["J-015", "N-009", "N-003"]}, lead1="N-018")
    start = len(m.log)
    settle(m, "jutsu J-031 by N-018 pay J-011 N-009", "jutsu J-017 by N-010 target N-018@1 pay J-015 N-009 N-003")
    assert applied(m, start) == ["J-017"] and failed(m, start) == ["J-031"] and events(m, "restriction") == []
    assert team_numbers(m, 0, "sent") == [["N-014", "N-018"]] and numbers(m, 0, "chakra") == ["J-031"]


def test_J_031_negated_it_discards_nothing():
    m = duel({"village": ["N-018"], "hand": ["J-031"], "chakra": ["J-011", "N-009"]},
             {"village": ["N-010"], "hand": ["J-013"], "chakra": ["J-011", "N-014"]})
    settle(m, "jutsu J-031 by N-018 pay J-011 N-009", "jutsu J-013 by N-010 target J-031@1 pay J-011 N-014")
    assert events(m, "negated")[0]["card"] == "J-031" and numbers(m, 0, "hand") == ["J-031"]
    showdown(m)
    assert events(m, "injured") == [{"player": 1, "card": "N-010"}] and numbers(m, 1, "discard") == ["J-011", "N-014"]


def test_J_032_water_prison_makes_a_fighters_combat_0():
    m = duel({"village": ["N-018"], "hand": ["J-032"], "chakra": ["J-011", "N-014"]}, {"village": ["N-011"]})
    settle(m, "jutsu J-032 by N-018 target N-011@2 pay J-011 N-014")
    assert stat(m, 1, "N-011") == (0, 3)
    showdown(m)
    (r,) = results(m)
    assert (r["power"], r["against_power"], r["result"]) == (5, 0, "outstanding")
    assert numbers(m, 1, "discard") == ["N-011"]


def test_J_032_fails_when_its_target_left_the_battle():
    m = duel({"village": ["N-018"], "hand": ["J-032"], "chakra": ["J-011", "N-014"]},
             {"village": ["N-011"], "hand": ["J-038"], "chakra": ["J-015"]})
    start = len(m.log)
    settle(m, "jutsu J-032 by N-018 target N-011@2 pay J-011 N-014", "jutsu J-038 by N-011 target N-011@2 pay J-015")
    assert applied(m, start) == ["J-038"] and failed(m, start) == ["J-032"]
    assert stat(m, 1, "N-011") == (5, 3) and events(m, "power_set") == []


def test_J_033_water_dragon_deals_1_damage_to_a_ninja_sent_to_battle():
    # any Ninja on the battlefield, here the blocking team's rear Ninja
    m = duel({"village": ["N-018"], "hand": ["J-033"], "chakra": ["J-011", "N-014", "N-009"]},
             {"village": ["N-011", "N-001"], "teams": [["N-011", "N-001"]]}, lead2="N-011")
    settle(m, "jutsu J-033 by N-018 target N-001@2 pay J-011 N-014 N-009")
    assert events(m, "injured") == [{"player": 1, "card": "N-001"}] and stat(m, 1, "N-001") == (3, 1)
    showdown(m)
    assert results(m)[0]["against_arithmetic"] == [["N-011", "lead", 5], ["N-001", "rear", 1]]


def test_J_033_needs_a_jonin_user_and_a_target_on_the_battlefield():
    m = duel({"village": ["N-018"], "hand": ["J-033"], "chakra": ["J-011", "N-014", "N-009"]},
             {"village": ["N-011", "N-001"]})
    refused(m, "jutsu J-033 by N-018 target N-001@2 pay J-011 N-014 N-009", "N-KEY-TARGET-1")  # standby
    m = duel({"village": ["N-014"], "hand": ["J-033"], "chakra": ["J-011", "N-014", "N-009"]}, {"village": ["N-011"]})
    refused(m, "jutsu J-033 by N-014 target N-011@2 pay J-011 N-014 N-009", "N-KEY-COND-1")


def test_J_033_fails_when_its_target_was_pulled_back_to_standby():
    m = duel({"village": ["N-018"], "hand": ["J-033"], "chakra": ["J-011", "N-014", "N-009"]},
             {"village": ["N-011"], "hand": ["J-038"], "chakra": ["J-015"]})
    start = len(m.log)
    settle(m, "jutsu J-033 by N-018 target N-011@2 pay J-011 N-014 N-009",
           "jutsu J-038 by N-011 target N-011@2 pay J-015")
    assert failed(m, start) == ["J-033"] and events(m, "injured") == []
    assert numbers(m, 1, "village") == ["N-011"] and numbers(m, 0, "discard") == ["J-011", "N-014", "N-009"]


def test_J_034_giant_vortex_returns_every_fighter_to_its_owners_hand():
    m = duel({"village": ["N-018"], "hand": ["J-034"], "chakra": ["J-011", "N-014", "N-016"]},
             {"village": ["N-001", "N-003", "N-010"], "teams": [["N-001", "N-003"]], "hand": ["J-001"]},
             lead2="N-001")
    settle(m, "jutsu J-034 by N-018 pay J-011 N-014 N-016")
    assert numbers(m, 1, "hand") == ["J-001", "N-001", "N-003"]
    assert numbers(m, 1, "battlefield") == [] and numbers(m, 1, "village") == ["N-010"]  # standby stays
    showdown(m)
    (r,) = results(m)
    assert (r["rule"], r["rewards"]) == ("N-SHOW-3", 2)  # Zabuza is unblocked now: 5, two rewards
    m = duel({"village": ["N-014"], "hand": ["J-034"], "chakra": ["J-011", "N-014", "N-016"]}, {"village": ["N-001"]})
    refused(m, "jutsu J-034 by N-014 pay J-011 N-014 N-016", "N-KEY-COND-1")


def test_J_035_thousand_needles_injures_one_ninja_fighting_haku():
    m = duel({"village": ["N-016"], "hand": ["J-035"], "chakra": ["J-011", "N-014"]}, {"village": ["N-018"]})
    settle(m, "jutsu J-035 by N-016 target N-018@2 pay J-011 N-014")
    assert events(m, "injured") == [{"player": 1, "card": "N-018"}] and stat(m, 1, "N-018") == (4, 0)
    # an injured target stays injured: injuring is not damage
    m = duel({"village": ["N-043"], "hand": ["J-035"], "chakra": ["J-011", "N-014"]},
             {"village": ["N-018"], "injured": ["N-018"]})
    settle(m, "jutsu J-035 by N-043 target N-018@2 pay J-011 N-014")
    assert events(m, "injured") == [] and numbers(m, 1, "battlefield") == ["N-018"]
    m = duel({"village": ["N-014"], "hand": ["J-035"], "chakra": ["J-011", "N-014"]}, {"village": ["N-018"]})
    refused(m, "jutsu J-035 by N-014 target N-018@2 pay J-011 N-014", "N-KEY-COND-1")


def test_J_035_fails_when_its_target_left_the_battle():
    m = duel({"village": ["N-016"], "hand": ["J-035"], "chakra": ["J-011", "N-014"]},
             {"village": ["N-018"], "hand": ["J-038"], "chakra": ["J-015"]})
    start = len(m.log)
    settle(m, "jutsu J-035 by N-016 target N-018@2 pay J-011 N-014", "jutsu J-038 by N-018 target N-018@2 pay J-015")
    assert failed(m, start) == ["J-035"] and in_play(m, 1, "N-018") not in m.state.injured


def test_J_036_crystal_ice_mirror_gives_minus_x_x_with_x_the_cards_in_both_hands():
    # when it settles: seat 1 holds 2 cards, seat 2 holds 3
    m = duel({"village": ["N-017"], "hand": ["J-036", "N-001", "N-002"], "chakra": ["J-011", "N-014", "N-009"]},
             {"village": ["N-018"], "hand": ["N-001", "N-002", "N-003"]})
    settle(m, "jutsu J-036 by N-017 target N-018@2 pay J-011 N-014 N-009")
    assert events(m, "boosted") == [{"player": 1, "card": "N-018", "combat": -5, "support": -5}]
    assert stat(m, 1, "N-018") == (0, -4)


def test_J_036_counts_the_hands_when_it_settles():
    # Zabuza answers with Kunai from a hand of 3: 2 + 2 cards left, so -4/-4 after +2/+2
    m = duel({"village": ["N-017"], "hand": ["J-036", "N-001", "N-002"], "chakra": ["J-011", "N-014", "N-009"]},
             {"village": ["N-018"], "hand": ["J-001", "N-002", "N-003"], "chakra": ["N-009"]})
    settle(m, "jutsu J-036 by N-017 target N-018@2 pay J-011 N-014 N-009", "jutsu J-001 by N-018 pay N-009")
    assert stat(m, 1, "N-018") == (5 + 2 - 4, 1 + 2 - 4)
    m = duel({"village": ["N-014"], "hand": ["J-036"], "chakra": ["J-011", "N-014", "N-009"]}, {"village": ["N-018"]})
    refused(m, "jutsu J-036 by N-014 target N-018@2 pay J-011 N-014 N-009", "N-KEY-COND-1")


def test_J_037_shadow_shuriken_makes_the_users_later_jutsu_unnegatable():
    m = duel({"village": ["N-001"], "hand": ["J-037", "J-001"], "chakra": ["N-009", "N-003"]},
             {"village": ["N-011"], "hand": ["J-007"], "chakra": ["J-006", "N-002"]})
    settle(m, "jutsu J-037 by N-001 pay N-009")
    assert stat(m, 0, "N-001") == (1, 0)  # no Combat/Support of its own
    play(m, "pass", "jutsu J-001 by N-001 pay N-003")
    refused(m, "jutsu J-007 by N-011 target J-001@1 pay J-006 N-002", "N-KEY-TARGET-1")
    play(m, "pass", "pass")
    assert stat(m, 0, "N-001") == (3, 2)


def test_J_037_only_the_users_jutsu():
    # Sakura used Shadow Shuriken; Naruto's Kunai can still be negated
    m = duel({"village": ["N-001", "N-003"], "teams": [["N-001", "N-003"]], "hand": ["J-037", "J-001"],
              "chakra": ["N-009", "N-003"]},
             {"village": ["N-011"], "hand": ["J-007"], "chakra": ["J-006", "N-002"]}, lead1="N-001")
    settle(m, "jutsu J-037 by N-003 pay N-009")
    play(m, "pass", "jutsu J-001 by N-001 pay N-003")
    settle(m, "jutsu J-007 by N-011 target J-001@1 pay J-006 N-002")
    assert events(m, "negated")[0]["card"] == "J-001"


def test_J_038_sprinting_in_the_mist_pulls_your_own_ninja_out_as_standby():
    m = duel({"village": ["N-011", "N-001"], "teams": [["N-011", "N-001"]], "hand": ["J-038"], "chakra": ["J-015"]},
             {"village": ["N-018"]}, lead1="N-011")
    settle(m, "jutsu J-038 by N-011 target N-001@1 pay J-015")
    assert team_numbers(m, 0, "sent") == [["N-011"]] and numbers(m, 0, "village") == ["N-001"]
    assert team_numbers(m, 0) == [["N-011"], ["N-001"]]
    showdown(m)
    assert results(m)[0]["arithmetic"] == [["N-011", "lead", 5]]
    assert in_play(m, 0, "N-001") not in m.state.injured
    m = duel({"village": ["N-011"], "hand": ["J-038"], "chakra": ["J-015"]}, {"village": ["N-018"]})
    refused(m, "jutsu J-038 by N-011 target N-018@2 pay J-015", "N-KEY-TARGET-1")  # not your own


def test_J_038_fails_when_its_target_was_put_in_the_deck_first():
    m = duel({"village": ["N-018"], "hand": ["J-038"], "chakra": ["J-015"]},
             {"village": ["N-011"], "hand": ["J-006"], "chakra": ["J-006", "N-002"]})
    start = len(m.log)
    settle(m, "jutsu J-038 by N-018 target N-018@1 pay J-015", "jutsu J-006 by N-011 target N-018@1 pay J-006 N-002")
    assert applied(m, start) == ["J-006"] and failed(m, start) == ["J-038"]
    assert numbers(m, 0, "deck")[0] == "N-018" and numbers(m, 0, "chakra") == ["J-038"]


def test_J_039_parasitic_insects_discard_3_cards_of_the_opponents_deck():
    m = duel({"village": ["N-029"], "hand": ["J-039"], "chakra": ["J-015", "N-003"]},
             {"village": ["N-018"], "deck": ["N-001", "N-002", "N-003", "N-010"]})
    settle(m, "jutsu J-039 by N-029 pay J-015 N-003")
    assert events(m, "milled") == [{"player": 1, "cards": 3}]
    assert numbers(m, 1, "discard") == ["N-001", "N-002", "N-003"] and numbers(m, 1, "deck") == ["N-010"]
    m = duel({"village": ["N-001"], "hand": ["J-039"], "chakra": ["J-015", "N-003"]}, {"village": ["N-018"]})
    refused(m, "jutsu J-039 by N-001 pay J-015 N-003", "N-KEY-COND-1")


def test_J_040_tree_climbing_moves_the_top_2_deck_cards_to_the_chakra_area():
    m = duel({"village": ["N-001"], "hand": ["J-040"], "chakra": ["N-009"], "deck": ["N-010", "N-002", "N-003"]},
             {"village": ["N-018"]})
    settle(m, "jutsu J-040 by N-001 pay N-009")
    assert numbers(m, 0, "chakra") == ["N-010", "N-002", "J-040"] and numbers(m, 0, "deck") == ["N-003"]
    assert events(m, "deck_to_chakra") == [{"player": 0, "cards": 2}]


def test_J_041_fanged_pursuit_brings_a_ninja_dog_from_the_discard_pile_into_the_users_team():
    m = duel({"village": ["N-028"], "hand": ["J-041"], "chakra": ["J-020", "N-009"], "discard": ["N-036", "N-003"]},
             {"village": ["N-018"]})
    play(m, "jutsu J-041 by N-028 pay J-020 N-009", "pass", "pass")
    assert m.state.pending[0]["kind"] == "pick" and m.actor == 0
    assert sorted(legal(m)) == ["choose N-036@1", "choose none"]  # Sakura is no Ninja Dog
    refused(m, "choose N-003@1", "N-EFFECT-2")
    play(m, "choose N-036@1")
    assert team_numbers(m, 0, "sent") == [["N-028", "N-036"]] and numbers(m, 0, "discard") == ["N-003", "J-020", "N-009"]
    assert events(m, "joined_battle") == [{"player": 0, "card": "N-036", "lead": "N-028"}]
    assert stat(m, 0, "N-028") == (3, 1)  # Kiba with an Animal on his Team (N-028)
    showdown(m)
    assert results(m)[0]["arithmetic"] == [["N-028", "lead", 3], ["N-036", "rear", 1]]


def test_J_041_brings_no_more_dogs_than_the_team_has_room_for():
    m = duel({"village": ["N-028", "N-003"], "teams": [["N-028", "N-003"]], "hand": ["J-041"],
              "chakra": ["J-020", "N-009"], "discard": ["N-036", "N-036"]}, {"village": ["N-018"]}, lead1="N-028")
    play(m, "jutsu J-041 by N-028 pay J-020 N-009", "pass", "pass")
    assert m.state.pending[0]["count"] == 1
    refused(m, "choose N-036@1 N-036@1", "N-EFFECT-2")
    play(m, "choose none")
    assert team_numbers(m, 0, "sent") == [["N-028", "N-003"]] and numbers(m, 0, "discard")[:2] == ["N-036", "N-036"]


def test_J_041_needs_a_ninja_dog_in_the_discard_pile_and_room_in_the_team():
    # its target is 1-2 Ninja Dogs of the discard pile: with none there, or no room, it cannot be used
    m = duel({"village": ["N-028"], "hand": ["J-041"], "chakra": ["J-020", "N-009"], "discard": ["N-003"]},
             {"village": ["N-018"]})
    refused(m, "jutsu J-041 by N-028 pay J-020 N-009", "N-KEY-TARGET-1")
    m = duel({"village": ["N-028", "N-003", "N-001"], "teams": [["N-028", "N-003", "N-001"]], "hand": ["J-041"],
              "chakra": ["J-020", "N-009"], "discard": ["N-036"]}, {"village": ["N-018"]}, lead1="N-028")
    refused(m, "jutsu J-041 by N-028 pay J-020 N-009", "N-KEY-TARGET-1")
    assert "jutsu J-041 by N-028 pay J-020 N-009" in legal(
        duel({"village": ["N-028"], "hand": ["J-041"], "chakra": ["J-020", "N-009"], "discard": ["N-036"]},
             {"village": ["N-018"]}))


def test_J_041_fails_when_the_team_was_filled_before_it_settles():
    # the second Fanged Pursuit, added last, fills Kiba's team with the only dog: the first one fails
    m = duel({"village": ["N-028", "N-003"], "teams": [["N-028", "N-003"]], "hand": ["J-041", "J-041"],
              "chakra": ["J-020", "N-009", "J-020", "N-004"], "discard": ["N-036"]}, {"village": ["N-018"]},
             lead1="N-028")
    play(m, "jutsu J-041 by N-028 pay J-020 N-009", "pass", "jutsu J-041 by N-003 pay J-020 N-004", "pass", "pass")
    play(m, "choose N-036@1")
    assert failed(m) == ["J-041"] and events(m, "card_failed")[0]["link"] == 1
    assert team_numbers(m, 0, "sent") == [["N-028", "N-003", "N-036"]]
    assert numbers(m, 0, "chakra") == ["J-041", "J-041"] and m.state.pending == []


def test_J_042_byakugan_shows_the_opponents_hand_and_discards_a_jutsu_or_mission_from_it():
    m = duel({"village": ["N-033"], "hand": ["J-042"], "chakra": ["J-020", "N-009"]},
             {"village": ["N-018"], "hand": ["J-001", "N-014", "M-006"]})
    play(m, "jutsu J-042 by N-033 pay J-020 N-009", "pass", "pass")
    assert events(m, "looked") == [{"player": 0, "owner": 1, "zone": "hand", "cards": ["J-001", "N-014", "M-006"]}]
    assert m.state.pending[0]["kind"] == "pick" and m.actor == 0
    assert sorted(legal(m)) == ["choose J-001@2", "choose M-006@2"]  # not the Ninja, and not "none"
    refused(m, "choose N-014@2", "N-EFFECT-2")
    refused(m, "choose none", "N-EFFECT-2")
    play(m, "choose M-006@2")
    assert numbers(m, 1, "hand") == ["J-001", "N-014"] and numbers(m, 1, "discard") == ["M-006"]


def test_J_042_with_no_jutsu_or_mission_in_that_hand_nothing_is_discarded():
    m = duel({"village": ["N-033"], "hand": ["J-042"], "chakra": ["J-020", "N-009"]},
             {"village": ["N-018"], "hand": ["N-014"]})
    settle(m, "jutsu J-042 by N-033 pay J-020 N-009")
    assert m.state.pending == [] and events(m, "nothing_to_choose") == [{"player": 0, "card": "J-042"}]
    assert numbers(m, 1, "hand") == ["N-014"] and numbers(m, 1, "discard") == []
    m = duel({"village": ["N-001"], "hand": ["J-042"], "chakra": ["J-020", "N-009"]}, {"village": ["N-018"]})
    refused(m, "jutsu J-042 by N-001 pay J-020 N-009", "N-KEY-COND-1")


# =================================================================================================
# referee mode: the coin and the hidden hand are the players' to tell
# =================================================================================================

@pytest.mark.parametrize("side,combat", [("heads", 5), ("tails", 3)])
def test_J_025_in_referee_mode_the_user_says_how_the_physical_coin_fell(side, combat):
    m = duel({"village": ["N-001"], "hand": ["J-025"], "chakra": ["J-001", "N-009"]}, {"village": ["N-018"]},
             mode="referee")
    play(m, "jutsu J-025 by N-001 pay J-001 N-009", "pass", "pass")
    assert m.state.pending[0]["kind"] == "coin" and m.actor == 0
    assert sorted(legal(m)) == ["choose heads", "choose tails"]
    play(m, f"choose {side}")
    assert events(m, "coin_flip") == [{"result": side}] and stat(m, 0, "N-001") == (combat, 0)
    assert numbers(m, 0, "chakra") == ["J-025"]


@pytest.mark.parametrize("answer,hand", [("yes", ["N-010"]), ("no", [])])
def test_J_008_in_referee_mode_the_opponent_says_whether_the_hidden_hand_holds_a_ninja(answer, hand):
    m = duel({"village": ["N-001"], "hand": ["J-008"], "chakra": ["J-006", "N-009"], "deck": ["N-010"]},
             {"village": ["N-018"], "hand": ["N-014", "J-001"]}, mode="referee")
    for card in m.state.players[1].hand:  # a physical hand: the program does not know its cards
        m.state.instances[card] = None
    m.state.players[1].pool = {"N-014": 1, "J-001": 1}
    play(m, "jutsu J-008 by N-001 pay J-006 N-009", "pass", "pass")
    assert m.state.pending[0]["kind"] == "confirm" and m.actor == 1
    play(m, f"choose {answer}")
    assert numbers(m, 0, "hand") == hand and m.state.pending == []

"""One scenario test per Set 1 Mission (M-001 ... M-042): each card's effect, as written in
data/effects.toml, checked through the public Match API against its summary in set01.csv.

Every Mission is played from a hand-written position, its chain settled (both players pass) and any
choice answered with ``choose``; the test then checks the zones, the hand and deck sizes, injuries,
coins, Combat/Support and the log, and for a restriction or an obligation the action refused later in
the turn with its rule id (N-EFFECT-4, N-EFFECT-5). Missions with a target are also shown failing when
the target is gone as the link settles (N-CHAIN-6).

Payers of the hand cost (1 for every Set 1 Mission) are Jutsu of the Mission's symbol, so that they
never count as Ninjas: J-001 Lightning, J-006 Fire, J-011 Water, J-015 Wind, J-020 Earth.
"""

from __future__ import annotations

from referee.engine.match import Match
from referee.games.naruto.cards import bundled
from referee.games.naruto.invariants import violations
from referee.games.naruto.rules import new_match
from referee.games.naruto.scenario import scenario
from referee.games.naruto.targets import meets
from referee.games.naruto.traits import chars, names

from test_rules_battle_end import applied, player, stat, with_chain
from test_rules_setup_mission import (events, finish_turn, iid, legal, play, position, refused, settle_chain,
                                      zone)

SET1 = bundled()
PAY = {"Lightning": "J-001", "Fire": "J-006", "Water": "J-011", "Wind": "J-015", "Earth": "J-020"}


# =================================================================================================
# helpers
# =================================================================================================

def payer(number: str) -> str:
    """The Jutsu these tests pay a Mission's hand cost with."""
    return PAY[SET1.get(number).symbols[0]]


def missions(p1=None, p2=None, counters=(5, 5), **kw) -> Match:
    """Turn 3, seat 1 in its Mission phase, both turn counters at 5 (every Set 1 Mission affordable)."""
    return position(phase="mission_main", turn=3, counters=counters, p1=p1 or {}, p2=p2 or {}, **kw)


def played(p1: dict, p2: dict | None = None, action: str = "", **kw) -> Match:
    """Seat 1 plays the Mission of ``action`` (its payer added to the hand) and the chain settles."""
    number = action.split()[1]
    p1 = dict(p1)
    p1["hand"] = [number, payer(number)] + list(p1.get("hand", []))
    m = missions(p1, p2, **kw)
    m.apply(action)
    settle_chain(m)
    sound(m)
    return m


def sound(m: Match) -> None:
    assert violations(m.state) == []






def injured(m: Match, seat: int) -> list[str]:
    s = m.state
    return sorted(s.instances[i] for i in s.players[seat].village + s.players[seat].battlefield if i in s.injured)


def to_attack(m: Match) -> Match:
    """From the Mission phase to the attacker's step G, doing nothing more."""
    while m.phase != "battle_attack":
        m.apply("pass" if m.phase in ("mission_window", "mission_chain_priority") else "next")
    return m


def to_exchange(m: Match, sends=(), blocks=()) -> Match:
    to_attack(m)
    play(m, *sends, "next", *blocks, "next")
    assert m.phase == "battle_exchange_open"
    return m


def showdown(m: Match) -> Match:
    play(m, "pass", "pass")
    return m


def fails(links, target_gone: str, **kw) -> Match:
    """A Mission-phase chain written directly (`with_chain`) whose Mission targets a card that is no
    longer a legal target; both pass and the Mission fails (N-CHAIN-6)."""
    m = with_chain(links, **kw)
    settle_chain(m)
    failed = events(m, "card_failed")
    assert [f["card"] for f in failed] == [links[-1][1]] and failed[0]["rule"] == "N-CHAIN-6", target_gone
    assert applied(m) == []
    assert m.state.instances[m.state.players[links[-1][0]].chakra[-1]] == links[-1][1]  # to the Chakra area
    sound(m)
    return m


def hand_size(m: Match, seat: int) -> int:
    return len(m.state.players[seat].hand)


def deck_size(m: Match, seat: int) -> int:
    return len(m.state.players[seat].deck)


# =================================================================================================
# M-001 ... M-010
# =================================================================================================

def test_M_001_ichiraku_heals_one_of_your_injured_ninjas():
    p1 = {"village": ["N-002", "N-003"], "injured": ["N-002", "N-003"]}
    m = missions(dict(p1, hand=["M-001", "J-001"]))
    refused(m, "mission M-001 pay J-001", "N-MISSION-4")  # needs its target
    m.apply("mission M-001 pay J-001 target N-002@1")
    settle_chain(m)
    assert injured(m, 0) == ["N-003"] and stat(m, 0, "N-002") == (3, 1)
    assert events(m, "healed") == [{"player": 0, "card": "N-002"}]
    assert zone(m, 0, "chakra") == ["J-001", "M-001"] and zone(m, 0, "hand") == []
    # no injured Ninja of yours: it cannot be played (N-MISSION-4, N-KEY-TARGET-1)
    m = missions({"hand": ["M-001", "J-001"], "village": ["N-002"]}, {"village": ["N-003"], "injured": ["N-003"]})
    refused(m, "mission M-001 pay J-001 target N-003@2", "N-KEY-TARGET-1")
    assert not [a for a in legal(m) if a.startswith("mission M-001")]


def test_M_001_fails_when_its_target_is_healthy_again():
    m = fails([(0, "M-001", [(0, "N-002")])], "healed",
              p1={"hand": ["M-001"], "village": ["N-002"], "deck": ["N-001"] * 5}, p2={"deck": ["N-001"] * 5})
    assert events(m, "healed") == [] and zone(m, 0, "village") == ["N-002"]


def test_M_002_an_outcasts_dream_gives_naruto_a_coin_when_he_damages():
    p1 = {"village": ["N-001", "N-010"], "teams": [["N-001", "N-010"]]}
    m = played(p1, {"village": ["N-003"]}, "mission M-002 pay J-001")
    assert zone(m, 0, "village") == ["N-001", "N-010", "M-002"] and zone(m, 0, "chakra") == ["J-001"]
    to_exchange(m, ["send T1 lead N-001"], ["block T1 on N-001"])
    showdown(m)  # 1 + 2 against 1: Sakura injured by Naruto's team
    assert injured(m, 1) == ["N-003"]
    assert events(m, "coin_placed") == [{"player": 0, "card": "N-001", "coin": "power"}]
    assert stat(m, 0, "N-001") == (2, 1)  # +1/+1
    assert "M-002" in zone(m, 0, "village")  # still there, its text still applies
    # without the Mission, no coin
    m = missions({"village": ["N-001", "N-010"], "teams": [["N-001", "N-010"]]}, {"village": ["N-003"]})
    showdown(to_exchange(m, ["send T1 lead N-001"], ["block T1 on N-001"]))
    assert injured(m, 1) == ["N-003"] and events(m, "coin_placed") == []


def test_M_003_leaf_headband_puts_a_genin_from_chakra_into_play_as_the_deployment():
    m = played({"chakra": ["N-002", "N-011"], "hand": ["N-003"]}, None, "mission M-003 pay J-001")
    assert m.state.pending[0]["kind"] == "pick" and legal(m) == ["choose N-002@1"]  # Kakashi is a Jonin
    m.apply("choose N-002@1")
    assert zone(m, 0, "village") == ["N-002"] and zone(m, 0, "chakra") == ["N-011", "J-001", "M-003"]
    assert m.state.players[0].teams == [[iid(m, 0, "village", "N-002")]]
    assert events(m, "entered_play") == [{"player": 0, "card": "N-002"}]
    refused(m, "deploy N-003", "N-DEPLOY-1")  # it was the turn's one Ninja
    # with a Ninja already deployed this turn it cannot be played (N-KEY-COND-1)
    m = missions({"hand": ["N-003", "M-003", "J-001"], "chakra": ["N-002"]})
    play(m, "deploy N-003", "pass")
    refused(m, "mission M-003 pay J-001", "N-KEY-COND-1")


def test_M_004_a_kind_teacher_shuffles_both_discard_piles_into_the_decks():
    m = played({"discard": ["N-002", "N-003", "J-030"], "deck": ["N-001"] * 4},
               {"discard": ["N-009"], "deck": ["N-001"] * 2}, "mission M-004 pay J-001")
    assert zone(m, 0, "discard") == [] and zone(m, 1, "discard") == []
    assert sorted(zone(m, 0, "deck")) == sorted(["N-001"] * 4 + ["N-002", "N-003", "J-030"])
    assert sorted(zone(m, 1, "deck")) == ["N-001", "N-001", "N-009"]
    assert zone(m, 0, "chakra") == ["J-001", "M-004"]  # the Mission itself is not in the discard pile


def test_M_005_the_nine_tailed_fox_deals_1_damage_to_every_ninja():
    m = played({"village": ["N-002", "N-003"], "injured": ["N-003"]},
               {"village": ["N-011", "N-009"], "injured": ["N-009"]}, "mission M-005 pay J-001")
    assert zone(m, 0, "village") == ["N-002"] and injured(m, 0) == ["N-002"]
    assert zone(m, 1, "village") == ["N-011"] and injured(m, 1) == ["N-011"]
    assert zone(m, 0, "discard") == ["N-003"] and zone(m, 1, "discard") == ["N-009"]
    assert stat(m, 1, "N-011") == (3, 2)


def test_M_006_capturing_the_missing_pet_draws_a_card():
    m = played({"deck": ["N-009", "N-001", "N-001"]}, None, "mission M-006 pay J-006")
    assert zone(m, 0, "hand") == ["N-009"] and deck_size(m, 0) == 2
    assert zone(m, 0, "chakra") == ["J-006", "M-006"]
    assert events(m, "drew") == [{"player": 0, "cards": 1}]
    assert hand_size(m, 1) == 0 and deck_size(m, 1) == 10


def test_M_007_make_out_paradise_gives_one_extra_reward():
    p1 = {"village": ["N-010", "N-009", "N-002"], "teams": [["N-010", "N-009"]]}
    m = played(p1, None, "mission M-007 pay J-006 target N-010@1")
    assert events(m, "restriction")[0]["restriction"] == "extra_reward"
    showdown(to_exchange(m, ["send T1 lead N-010", "send T2"]))
    # Ebisu 4 + Mizuki 1 = 5: outstanding, 2 + 1; Sasuke 3 alone: 1, no extra
    rewards = [e["rewards"] for e in events(m, "showdown_unblocked")]
    assert rewards == [3, 1] and len(m.state.players[0].rewards) == 4
    # an Outstanding Victory over a blocking team: one more reward
    m = played({"village": ["N-013"]}, {"village": ["N-003"]}, "mission M-007 pay J-006 target N-013@1")
    showdown(to_exchange(m, ["send T1"], ["block T1 on N-013"]))  # 6 against 1
    assert events(m, "showdown")[0]["result"] == "outstanding" and len(m.state.players[0].rewards) == 1
    # a mere Victory: nothing
    m = played({"village": ["N-009"]}, {"village": ["N-003"]}, "mission M-007 pay J-006 target N-009@1")
    showdown(to_exchange(m, ["send T1"], ["block T1 on N-009"]))
    assert events(m, "showdown")[0]["result"] == "victory" and len(m.state.players[0].rewards) == 0


def test_M_007_fails_when_its_ninja_has_left_play():
    m = fails([(0, "M-007", [(0, "N-002")])], "discarded",
              p1={"hand": ["M-007"], "discard": ["N-002"], "deck": ["N-001"] * 5}, p2={"deck": ["N-001"] * 5})
    assert events(m, "restriction") == [] and m.state.lasting == []


def test_M_008_an_accident_forbids_jutsu_this_turn():
    p1 = {"village": ["N-002"], "chakra": ["N-001"], "hand": ["J-001"]}
    p2 = {"village": ["N-003"], "chakra": ["N-009"], "hand": ["J-015"]}
    m = played(p1, p2, "mission M-008 pay J-006")
    to_exchange(m, ["send T1"], ["block T1 on N-002"])
    err = refused(m, "jutsu J-001 by N-002 pay N-001", "N-EFFECT-4")
    assert err.params["restriction"] == "no_jutsu"
    m.apply("pass")
    refused(m, "jutsu J-015 by N-003 pay N-009", "N-EFFECT-4")  # nor the opponent
    # next turn the Jutsu may be used again
    m = played(p1, p2, "mission M-008 pay J-006")
    finish_turn(m)
    assert m.state.lasting == []


def test_M_009_lone_avenger_negates_a_mission_as_it_is_played():
    m = missions({"hand": ["M-006", "J-006"]}, {"hand": ["M-009", "J-006"]})
    m.apply("mission M-006 pay J-006")
    assert legal(m) == ["counter M-009 pay J-006 target M-006@1", "pass"]
    m.apply("counter M-009 pay J-006 target M-006@1")
    settle_chain(m)
    assert applied(m) == ["M-009"] and events(m, "negated") == [{"player": 0, "card": "M-006", "zone": "discard"}]
    assert zone(m, 0, "discard") == ["M-006"] and zone(m, 0, "chakra") == ["J-006"]  # cost not refunded
    assert zone(m, 0, "hand") == [] and events(m, "drew") == []  # M-006 drew nothing
    assert zone(m, 1, "chakra") == ["J-006", "M-009"]
    # a Permanent mission cannot be its target
    m = missions({"hand": ["M-022", "J-020"]}, {"hand": ["M-009", "J-006"]})
    m.apply("mission M-022 pay J-020")
    refused(m, "counter M-009 pay J-006 target M-022@1", "N-KEY-TARGET-1")
    # nor can it be played without a Mission being played
    m = missions({}, {"hand": ["M-009", "J-006"]})
    assert not [a for a in legal(m) if "M-009" in a]


def test_M_010_exhaustion_of_stamina_discards_both_chakra_areas():
    m = played({"chakra": ["N-002", "N-003"]}, {"chakra": ["N-009", "J-001", "N-011"]}, "mission M-010 pay J-006")
    assert zone(m, 0, "chakra") == ["M-010"]  # the payer was discarded too; the Mission comes after
    assert zone(m, 0, "discard") == ["N-002", "N-003", "J-006"]
    assert zone(m, 1, "chakra") == [] and zone(m, 1, "discard") == ["N-009", "J-001", "N-011"]
    assert events(m, "chakra_discarded") == [{"player": 0, "cards": 3}, {"player": 1, "cards": 3}]


# =================================================================================================
# M-011 ... M-020
# =================================================================================================

def test_M_011_bingo_book_takes_a_ninja_from_the_top_3_then_shuffles():
    deck = ["J-001", "N-009", "N-002", "N-003"] + ["N-001"] * 6
    m = played({"deck": deck}, None, "mission M-011 pay J-011")
    # the top of a deck is seen by its looker only: the log says so (the other seat reads no names)
    assert events(m, "looked") == [{"player": 0, "owner": 0, "zone": "deck", "cards": ["J-001", "N-009", "N-002"],
                                    "seen": [0], "hides": {"cards": 3}}]
    assert sorted(legal(m)) == ["choose N-002@1", "choose N-009@1", "choose none"]  # not Sakura, 4th
    m.apply("choose N-009@1")
    assert zone(m, 0, "hand") == ["N-009"] and deck_size(m, 0) == 9
    assert sorted(zone(m, 0, "deck")) == sorted(["J-001", "N-002", "N-003"] + ["N-001"] * 6)
    assert zone(m, 0, "chakra") == ["J-011", "M-011"] and m.state.pending == []
    # taking nothing is allowed
    m = played({"deck": deck}, None, "mission M-011 pay J-011")
    m.apply("choose none")
    assert zone(m, 0, "hand") == [] and deck_size(m, 0) == 10


def test_M_011_in_referee_mode_the_pick_names_the_hidden_card():
    m = new_match([None, None], mode="referee")
    play(m, "first 1", "keep", "keep")
    finish_turn(m)
    play(m, "charge N-003", "next", "pass", "next", "next")  # seat 2 keeps 6 cards, sends nobody
    assert m.phase == "mission_main" and m.state.turn == 3  # seat 1's counter is 1
    assert m.state.players[0].counter == 1
    m.apply("mission M-011 pay N-016")
    settle_chain(m)
    c = m.state.pending[0]
    assert (c["kind"], c["optional"], c["options"]) == ("pick", True, [])
    assert "choose ?" in legal(m) and "choose none" in legal(m)
    refused(m, "choose J-001", "N-EFFECT-2")  # not a Ninja
    m.apply("choose N-017")
    assert events(m, "named")[-1] == {"player": 0, "card": "N-017"}
    assert "N-017" in zone(m, 0, "hand") and len(m.state.players[0].hand) == 6  # 6 + 1 - 2 + 1
    assert deck_size(m, 0) == 50 - 6 - 1 - 1 and m.state.pending == []
    sound(m)


def test_M_012_the_worst_client_makes_the_opponent_block_that_team():
    p1 = {"village": ["N-002", "N-009"]}
    p2 = {"village": ["N-003"]}
    m = played(p1, p2, "mission M-012 pay J-011 target N-002@1")
    to_attack(m)
    play(m, "send T1", "send T2", "next")
    err = refused(m, "next", "N-EFFECT-5")
    assert (err.params["restriction"], err.params["card"]) == ("must_block", "N-002")
    err = refused(m, "block T1 on N-009", "N-EFFECT-5")  # she may not block Mizuki instead
    assert (err.params["restriction"], err.params["card"]) == ("must_block", "N-002")
    play(m, "block T1 on N-002", "next")  # once Sakura blocks Sasuke, the step may end
    assert m.phase == "battle_exchange_open" and events(m, "team_blocks")[0]["on"] == "N-002"
    # a blocker with nobody to send is not obliged
    m = played(p1, {}, "mission M-012 pay J-011 target N-002@1")
    to_attack(m)
    play(m, "send T1", "next", "next")
    assert m.phase == "battle_exchange_open"


def test_M_012_fails_when_its_ninja_has_left_play():
    m = fails([(0, "M-012", [(0, "N-002")])], "discarded",
              p1={"hand": ["M-012"], "discard": ["N-002"], "deck": ["N-001"] * 5}, p2={"deck": ["N-001"] * 5})
    assert events(m, "restriction") == [] and m.state.lasting == []


def test_M_013_gato_transport_taxes_every_team_sent_to_battle():
    p1 = {"village": ["N-002", "N-009"], "chakra": ["N-010", "N-011"]}
    p2 = {"village": ["N-003"], "chakra": ["N-018"]}
    m = played(p1, p2, "mission M-013 pay J-011")
    assert "M-013" in zone(m, 0, "village") and zone(m, 0, "chakra") == ["N-010", "N-011", "J-011"]
    to_attack(m)
    err = refused(m, "send T1", "N-EFFECT-5")
    assert (err.params["card"], err.params["owed"], err.params["paid"]) == ("M-013", 1, 0)
    refused(m, "send T1 pay N-010 N-011", "N-EFFECT-5")  # exactly one
    assert "send T1 pay N-010" in legal(m)
    play(m, "send T1 pay N-011", "send T2 pay N-010", "next")
    assert zone(m, 0, "discard") == ["N-011", "N-010"] and zone(m, 0, "chakra") == ["J-011"]
    assert events(m, "tax_paid") == [{"player": 0, "cards": ["N-011"], "card": "M-013"},
                                     {"player": 0, "cards": ["N-010"], "card": "M-013"}]
    refused(m, "block T1 on N-002", "N-EFFECT-5")  # the blocker pays too
    play(m, "block T1 on N-002 pay N-018")
    assert zone(m, 1, "discard") == ["N-018"] and zone(m, 1, "chakra") == []
    # with an empty Chakra area nothing is owed
    m = to_attack(missions({"village": ["N-002", "M-013"]}))
    assert refused(m, "send T1 pay J-011", "N-EFFECT-5").params["owed"] == 0
    play(m, "send T1")
    assert events(m, "tax_paid") == [] and zone(m, 0, "battlefield") == ["N-002"]


def test_M_013_no_more_tax_once_gato_transport_leaves_the_village():
    m = played({"village": ["N-002", "M-013"], "chakra": ["N-009"]}, None, "mission M-019 pay J-020 target M-013@1")
    assert zone(m, 0, "discard") == ["M-013"]
    to_attack(m)
    assert refused(m, "send T1 pay N-009", "N-EFFECT-5").params["owed"] == 0
    play(m, "send T1")
    assert zone(m, 0, "chakra") == ["N-009", "J-020", "M-019"] and events(m, "tax_paid") == []


def test_M_014_intent_to_kill_keeps_teams_of_genin_at_home():
    p1 = {"village": ["N-002", "N-003", "N-009", "N-001"], "teams": [["N-002", "N-003"], ["N-009", "N-001"]]}
    p2 = {"village": ["N-029", "N-010"]}
    m = played(p1, p2, "mission M-014 pay J-011")
    to_attack(m)
    err = refused(m, "send T1 lead N-002", "N-EFFECT-4")
    assert err.params["restriction"] == "no_low_teams"
    play(m, "send T2 lead N-009", "next")  # a Chunin in the team: it may go
    refused(m, "block T1 on N-009", "N-EFFECT-4")  # Shino alone is a Genin team
    play(m, "block T2 on N-009", "next")
    assert m.phase == "battle_exchange_open"
    # without the Mission the Genin team goes
    m = to_attack(missions(p1, p2))
    play(m, "send T1 lead N-002")


def test_M_015_inner_sakura_reorders_the_top_4_and_draws_with_sakura():
    deck = ["N-009", "N-002", "N-003", "J-001", "N-010", "N-001"]
    m = played({"deck": deck, "village": ["N-003"]}, None, "mission M-015 pay J-015")
    c = m.state.pending[0]
    assert (c["kind"], c["options"]) == ("order", ["N-009", "N-002", "N-003", "J-001"])
    refused(m, "choose N-009 N-002 N-003", "N-EFFECT-2")
    m.apply("choose J-001 N-003 N-009 N-002")
    assert zone(m, 0, "hand") == ["J-001"]  # Sakura Haruno is in play: draw the new top card
    assert zone(m, 0, "deck") == ["N-003", "N-009", "N-002", "N-010", "N-001"]
    # without Sakura in play: no draw
    m = played({"deck": deck, "village": ["N-002"]}, None, "mission M-015 pay J-015")
    m.apply("choose J-001 N-003 N-009 N-002")
    assert zone(m, 0, "hand") == [] and zone(m, 0, "deck") == ["J-001", "N-003", "N-009", "N-002", "N-010", "N-001"]
    assert events(m, "drew") == []


def test_M_016_browsing_in_a_bookstore_looks_at_the_opponents_hand():
    m = played({}, {"hand": ["J-030", "N-011", "M-009"]}, "mission M-016 pay J-015")
    assert events(m, "looked") == [{"player": 0, "owner": 1, "zone": "hand", "cards": ["J-030", "N-011", "M-009"]}]
    assert zone(m, 1, "hand") == ["J-030", "N-011", "M-009"] and zone(m, 0, "chakra") == ["J-015", "M-016"]


def test_M_017_three_man_squads_only_a_three_ninja_team_blocks_one():
    p1 = {"village": ["N-002", "N-003", "N-009", "N-010", "N-001"], "teams": [["N-002", "N-003", "N-009"]]}
    p2 = {"village": ["N-029", "N-014", "N-015", "N-016"], "teams": [["N-014", "N-015", "N-016"]]}
    m = played(p1, p2, "mission M-017 pay J-015")
    to_attack(m)
    play(m, "send T1 lead N-002", "send T2", "next")
    err = refused(m, "block T2 on N-002", "N-EFFECT-4")  # Shino alone
    assert err.params["restriction"] == "three_by_three"
    play(m, "block T1 on N-002 lead N-014", "block T2 on N-010", "next")  # a lone Ninja blocks a lone one
    assert m.phase == "battle_exchange_open"
    # without the Mission Shino may block the three
    m = to_attack(missions(p1, p2))
    play(m, "send T1 lead N-002", "next", "block T2 on N-002")


def test_M_018_one_morning_draws_two_cards():
    m = played({"deck": ["N-009", "J-030", "N-001"]}, None, "mission M-018 pay J-015")
    assert zone(m, 0, "hand") == ["N-009", "J-030"] and zone(m, 0, "deck") == ["N-001"]
    assert events(m, "drew") == [{"player": 0, "cards": 2}]


def test_M_019_failure_discards_a_permanent_mission():
    m = played({}, {"village": ["N-003", "M-022"]}, "mission M-019 pay J-020 target M-022@2")
    assert zone(m, 1, "discard") == ["M-022"] and zone(m, 1, "village") == ["N-003"]
    assert zone(m, 0, "chakra") == ["J-020", "M-019"]
    finish_turn(m)  # Leaf Ninja Forces is gone: seat 2 draws one card only
    assert events(m, "drew")[-1] == {"player": 1, "cards": 1}
    # no Permanent mission in play: it cannot be played (N-KEY-TARGET-1)
    m = missions({"hand": ["M-019", "J-020"]}, {"village": ["N-003"]})
    assert not [a for a in legal(m) if a.startswith("mission M-019")]
    refused(m, "mission M-019 pay J-020 target N-003@2", "N-KEY-TARGET-1")


def test_M_019_fails_when_the_permanent_mission_is_already_gone():
    m = fails([(0, "M-019", [(1, "M-022")])], "discarded",
              p1={"hand": ["M-019"], "deck": ["N-001"] * 5}, p2={"discard": ["M-022"], "deck": ["N-001"] * 5})
    assert zone(m, 1, "discard") == ["M-022"]


def test_M_020_ninja_academy_puts_a_genin_from_hand_into_play():
    hand = ["N-002", "N-011", "N-003", "N-029"]
    m = played({"hand": hand, "village": ["N-003"]}, None, "mission M-020 pay J-020")
    assert legal(m) == ["choose N-002@1", "choose N-029@1"]  # not the Jonin, not a second Sakura
    m.apply("choose N-002@1")
    assert zone(m, 0, "village") == ["N-003", "N-002"] and zone(m, 0, "hand") == ["N-011", "N-003", "N-029"]
    assert injured(m, 0) == [] and m.state.players[0].deployed is False
    play(m, "deploy N-029")  # not the turn's deployment
    assert zone(m, 0, "village") == ["N-003", "N-002", "N-029"]


# =================================================================================================
# M-021 ... M-030
# =================================================================================================

def test_M_021_after_the_battle_heals_all_your_injured_ninjas():
    m = played({"village": ["N-002", "N-003", "N-009"], "injured": ["N-002", "N-003"]},
               {"village": ["N-010"], "injured": ["N-010"]}, "mission M-021 pay J-020")
    assert injured(m, 0) == [] and injured(m, 1) == ["N-010"]
    assert [e["card"] for e in events(m, "healed")] == ["N-002", "N-003"]
    assert stat(m, 0, "N-002") == (3, 1)


def test_M_022_leaf_ninja_forces_gives_each_player_an_extra_draw():
    m = played({}, {}, "mission M-022 pay J-020")
    assert zone(m, 0, "village") == ["M-022"] and zone(m, 0, "chakra") == ["J-020"]
    finish_turn(m)
    assert events(m, "drew")[-1] == {"player": 1, "cards": 2} and hand_size(m, 1) == 2
    finish_turn(m)
    assert events(m, "drew")[-1] == {"player": 0, "cards": 2} and hand_size(m, 0) == 2
    # two in play: two extra cards
    m = missions({"village": ["M-022"]}, {"village": ["M-022"]})
    finish_turn(m)
    assert events(m, "drew")[-1] == {"player": 1, "cards": 3}


def test_M_023_battle_of_clones_gives_clone_status_while_it_stays():
    p1 = {"village": ["N-002"], "chakra": ["N-001", "N-003"], "hand": ["J-004"]}
    p2 = {"village": ["N-009"], "hand": ["M-019", "J-020"]}
    m = played(p1, p2, "mission M-023 pay J-001 target N-002@1")
    sasuke = iid(m, 0, "village", "N-002")
    assert zone(m, 0, "village") == ["N-002", "M-023"] and m.state.coins[sasuke] == {"clone": 1}
    assert "Clone Status" in chars(m.state, sasuke)
    to_exchange(m, ["send T1"], ["block T1 on N-002"])
    # Harem Jutsu requires Male + Clone Status: Sasuke meets it now
    m.apply("jutsu J-004 by N-002 pay N-001 N-003")
    play(m, "pass", "pass")  # the chain settles
    assert stat(m, 1, "N-009") == (0, 0) and m.phase == "battle_exchange_open"
    # once the Mission leaves the village, the coin gives nothing
    showdown(m)
    m.apply("mission M-019 pay J-020 target M-023@1")
    settle_chain(m)
    assert zone(m, 0, "discard") == ["N-001", "N-003", "M-023"] and m.state.coins[sasuke] == {"clone": 1}
    assert "Clone Status" not in chars(m.state, sasuke)
    # without it Sasuke may not use Harem Jutsu (N-KEY-COND-1)
    m = to_exchange(missions(p1, p2), ["send T1"], ["block T1 on N-002"])
    refused(m, "jutsu J-004 by N-002 pay N-001 N-003", "N-KEY-COND-1")


def test_M_023_fails_when_its_ninja_has_left_play():
    m = fails([(0, "M-023", [(0, "N-002")])], "discarded",
              p1={"hand": ["M-023"], "discard": ["N-002"], "deck": ["N-001"] * 5}, p2={"deck": ["N-001"] * 5})
    assert zone(m, 0, "village") == [] and m.state.coins == {}  # a failed Permanent goes to chakra


def test_M_024_oath_of_pain_puts_the_hand_under_the_deck_and_draws_as_many():
    m = played({"hand": ["N-009", "J-030"], "deck": ["N-001", "N-002", "N-003"]}, None, "mission M-024 pay J-001")
    c = m.state.pending[0]
    assert (c["kind"], c["player"], c["options"]) == ("order", 0, ["N-009", "J-030"])
    assert zone(m, 0, "hand") == [] and zone(m, 0, "deck") == ["N-001", "N-002", "N-003", "N-009", "J-030"]
    refused(m, "choose N-009", "N-EFFECT-2")  # every card of the hand
    m.apply("choose J-030 N-009")  # in any order, under the deck
    assert zone(m, 0, "hand") == ["N-001", "N-002"]
    assert zone(m, 0, "deck") == ["N-003", "J-030", "N-009"]
    assert events(m, "drew") == [{"player": 0, "cards": 2}] and m.state.pending == []
    # a single card needs no order
    m = played({"hand": ["N-009"], "deck": ["N-001", "N-002"]}, None, "mission M-024 pay J-001")
    assert zone(m, 0, "hand") == ["N-001"] and zone(m, 0, "deck") == ["N-002", "N-009"]


def test_M_025_the_hero_appears_makes_ninjas_cost_1_more_to_enter():
    p1 = {"hand": ["N-009", "N-010", "N-002"]}
    m = played(p1, {"hand": ["N-010"]}, "mission M-025 pay J-001", counters=(3, 3))
    err = refused(m, "deploy N-010", "N-DEPLOY-4")  # 3 + 1 > 3
    assert (err.params["cost"], err.params["counter"]) == (4, 3)
    play(m, "deploy N-009")  # 2 + 1 = 3
    assert zone(m, 0, "village") == ["M-025", "N-009"]
    # for the opponent too, next turn; an entrance cost of 0 stays 0
    m = missions({"village": ["M-025", "M-025"]}, {"hand": ["N-010", "N-002"]}, counters=(3, 3))
    finish_turn(m)
    assert refused(m, "deploy N-010", "N-DEPLOY-4").params["cost"] == 4  # two copies: still +1
    play(m, "deploy N-002")


def test_M_026_the_most_unpredictable_ninja_forces_a_ninja_into_battle():
    p1 = {"hand": ["N-003"], "village": ["N-002", "N-009"]}
    p2 = {"hand": ["M-026", "J-001"]}
    m = missions(p1, p2)
    m.apply("deploy N-003")
    assert "counter M-026 pay J-001 target N-002@1" in legal(m)
    m.apply("counter M-026 pay J-001 target N-002@1")
    settle_chain(m)
    assert zone(m, 1, "chakra") == ["J-001", "M-026"]
    to_attack(m)
    err = refused(m, "next", "N-EFFECT-5")
    assert (err.params["restriction"], err.params["card"]) == ("must_attack", "N-002")
    play(m, "send T2")  # Mizuki: not enough
    refused(m, "next", "N-EFFECT-5")
    play(m, "send T1", "next")
    assert m.phase == "battle_block"
    # the three places cannot be filled with other teams first
    m = missions({"village": ["N-002", "N-009", "N-010", "N-011"]}, {"hand": ["M-026", "J-001"]})
    play(m, "next", "counter M-026 pay J-001 target N-011@1")
    settle_chain(m)
    to_attack(m)
    play(m, "send T1", "send T2")
    assert refused(m, "send T3", "N-EFFECT-5").params["card"] == "N-011"
    play(m, "send T4", "next")
    assert [m.state.instances[t[0]] for t in m.state.players[0].sent] == ["N-002", "N-009", "N-011"]


def test_M_026_fails_when_its_ninja_has_left_play():
    m = fails([(1, "M-026", [(0, "N-002")])], "discarded",
              p1={"discard": ["N-002"], "deck": ["N-001"] * 5}, p2={"hand": ["M-026"], "deck": ["N-001"] * 5})
    assert m.state.lasting == []


def test_M_027_blood_of_the_uchiha_clan_gives_the_sharingan_eye():
    p1 = {"village": ["N-003"], "chakra": ["N-002", "N-010"], "hand": ["J-007"]}
    p2 = {"village": ["N-009"], "chakra": ["N-019"], "hand": ["J-001"]}
    m = played(p1, p2, "mission M-027 pay J-006 target N-003@1")
    sakura = iid(m, 0, "village", "N-003")
    assert m.state.coins[sakura] == {"sharingan": 1} and "Sharingan Eye" in chars(m.state, sakura)
    assert zone(m, 0, "village") == ["N-003", "M-027"]
    # Sakura may now use Sharingan Eye (requires Sharingan Eye) to negate the opponent's Kunai
    to_exchange(m, ["send T1"], ["block T1 on N-003"])
    play(m, "pass", "jutsu J-001 by N-009 pay N-019", "jutsu J-007 by N-003 pay N-002 N-010 target J-001@2",
         "pass", "pass")
    assert events(m, "negated") == [{"player": 1, "card": "J-001", "zone": "discard"}]
    assert stat(m, 1, "N-009") == (3, 1) and zone(m, 1, "discard") == ["N-019", "J-001"]
    # without the Mission she does not meet the requirement (N-KEY-COND-1)
    m = to_exchange(missions(p1, p2), ["send T1"], ["block T1 on N-003"])
    play(m, "pass", "jutsu J-001 by N-009 pay N-019")
    refused(m, "jutsu J-007 by N-003 pay N-002 N-010 target J-001@2", "N-KEY-COND-1")


def test_M_027_fails_when_its_ninja_has_left_play():
    m = fails([(0, "M-027", [(0, "N-003")])], "discarded",
              p1={"hand": ["M-027"], "discard": ["N-003"], "deck": ["N-001"] * 5}, p2={"deck": ["N-001"] * 5})
    assert m.state.coins == {}


def test_M_028_coward_single_ninjas_cannot_block_6_power():
    p1 = {"village": ["N-013", "N-018"]}
    p2 = {"village": ["N-003", "N-009", "N-010"], "teams": [["N-009", "N-010"]]}
    m = played(p1, p2, "mission M-028 pay J-006")
    to_attack(m)
    play(m, "send T1", "send T2", "next")
    err = refused(m, "block T2 on N-013", "N-EFFECT-4")
    assert (err.params["restriction"], err.params["power"]) == ("coward", 6)
    play(m, "block T2 on N-018", "block T1 on N-013 lead N-009", "next")  # Zabuza has 5
    assert m.phase == "battle_exchange_open"


def test_M_029_seesaw_battle_discards_a_reward_of_each_player():
    m = played({"rewards": ["N-009", "N-010"]}, {"rewards": ["N-011"]}, "mission M-029 pay J-006")
    assert sorted(legal(m)) == ["choose R1@1", "choose R2@1"]
    m.apply("choose R2@1")
    assert legal(m) == ["choose R1@2"] and m.state.pending[0]["player"] == 0
    m.apply("choose R1@2")
    assert zone(m, 0, "rewards") == ["N-009"] and zone(m, 1, "rewards") == []
    assert zone(m, 0, "discard") == ["N-010"] and zone(m, 1, "discard") == ["N-011"]


def test_M_030_kakashis_foresight_allows_two_missions_a_turn():
    m = played({"hand": ["M-006", "J-006", "M-018", "J-015"]}, None, "mission M-030 pay J-006")
    assert "M-030" in zone(m, 0, "village")
    play(m, "mission M-006 pay J-006")  # the second Mission of the turn
    settle_chain(m)
    assert refused(m, "mission M-018 pay J-015", "N-MISSION-1")
    # without it, one only
    m = played({"hand": ["M-018", "J-015"]}, None, "mission M-006 pay J-006")
    refused(m, "mission M-018 pay J-015", "N-MISSION-1")


# =================================================================================================
# M-031 ... M-042
# =================================================================================================

def test_M_031_gathering_herbs_each_player_draws_a_card():
    m = played({"deck": ["N-009", "N-001"]}, {"deck": ["N-011", "N-001"]}, "mission M-031 pay J-011")
    assert zone(m, 0, "hand") == ["N-009"] and zone(m, 1, "hand") == ["N-011"]
    assert events(m, "drew") == [{"player": 0, "cards": 1}, {"player": 1, "cards": 1}]
    assert deck_size(m, 0) == deck_size(m, 1) == 1


def test_M_032_the_worst_for_last_puts_a_jonin_or_lower_into_play():
    hand = ["N-011", "N-013", "N-002"]
    m = played({"hand": hand}, {"village": ["N-012"]}, "mission M-032 pay J-011", counters=(2, 2))
    assert sorted(legal(m)) == ["choose N-002@1", "choose N-011@1"]  # not the Village Leader
    m.apply("choose N-011@1")  # its entrance cost 4 does not matter
    assert zone(m, 0, "village") == ["N-011"] and zone(m, 0, "hand") == ["N-013", "N-002"]
    refused(m, "deploy N-002", "N-DEPLOY-1")  # it was the turn's one Ninja
    # no Jonin in the opponent's play: it cannot be played (N-KEY-COND-1)
    m = missions({"hand": ["M-032", "J-011"] + hand}, {"village": ["N-009"]}, counters=(2, 2))
    err = refused(m, "mission M-032 pay J-011", "N-KEY-COND-1")
    assert err.params["card"] == "M-032"
    # nor after a Ninja was deployed
    m = missions({"hand": ["M-032", "J-011"] + hand}, {"village": ["N-012"]}, counters=(2, 2))
    play(m, "deploy N-002", "pass")
    refused(m, "mission M-032 pay J-011", "N-KEY-COND-1")


def test_M_033_public_execution_each_player_discards_a_card_from_hand_or_play():
    m = played({"village": ["N-009"], "hand": ["N-003"]}, {"village": ["N-011"], "hand": ["J-030"]},
               "mission M-033 pay J-011")
    assert m.state.pending[0]["player"] == 0 and sorted(legal(m)) == ["choose N-003@1", "choose N-009@1"]
    m.apply("choose N-009@1")
    assert m.actor == 1 and sorted(legal(m)) == ["choose J-030@2", "choose N-011@2"]
    m.apply("choose J-030@2")
    assert zone(m, 0, "village") == [] and zone(m, 0, "discard") == ["N-009"] and zone(m, 0, "hand") == ["N-003"]
    assert zone(m, 1, "village") == ["N-011"] and zone(m, 1, "discard") == ["J-030"] and zone(m, 1, "hand") == []
    assert m.state.players[0].teams == []


def _rewards_of_seat_1(s):
    """Seat 2's battle rewards came from seat 1's deck: seat 1 owns them."""
    for i in s.players[1].rewards:
        s.owner[i] = 0


def test_M_034_unwanted_child_takes_a_rogue_ninja_from_the_opponents_rewards():
    m = played({}, {"rewards": ["N-009", "N-014"]}, "mission M-034 pay J-011", prepare=_rewards_of_seat_1)
    assert events(m, "looked") == [{"player": 0, "owner": 1, "zone": "rewards", "cards": ["N-009", "N-014"],
                                    "seen": [0], "hides": {"cards": 2}}]  # face-down rewards: only the looker reads them
    assert sorted(legal(m)) == ["choose R2@2", "choose none"]  # Gouzu is a Rogue Ninja, Mizuki is not
    m.apply("choose R2@2")
    assert zone(m, 0, "hand") == ["N-014"] and zone(m, 1, "rewards") == ["N-009"]
    sound(m)


def test_M_035_look_for_the_red_clover_puts_a_mission_on_top_of_the_deck():
    deck = ["N-001", "N-002", "M-006", "N-003", "J-030"]
    m = played({"deck": deck}, None, "mission M-035 pay J-015")
    assert legal(m) == ["choose M-006@1"]
    m.apply("choose M-006@1")
    assert zone(m, 0, "deck")[0] == "M-006" and sorted(zone(m, 0, "deck")[1:]) == ["J-030", "N-001", "N-002", "N-003"]
    assert zone(m, 0, "hand") == [] and events(m, "chose")[0]["cards"] == ["M-006@1"]


def test_M_036_left_behind_removes_an_opposing_ninja_from_its_team():
    p2 = {"village": ["N-009", "N-010", "N-003"], "teams": [["N-009", "N-010", "N-003"]]}
    m = played({"village": ["N-002"]}, p2, "mission M-036 pay J-015 target N-010@2")
    assert [[m.state.instances[i] for i in t] for t in m.state.players[1].teams] == [["N-009", "N-003"], ["N-010"]]
    assert events(m, "left_team") == [{"player": 1, "card": "N-010"}]
    assert zone(m, 1, "village") == ["N-009", "N-010", "N-003"]


def test_M_036_fails_when_its_target_has_left_play():
    m = fails([(0, "M-036", [(1, "N-010")])], "discarded",
              p1={"hand": ["M-036"], "deck": ["N-001"] * 5},
              p2={"village": ["N-009", "N-003"], "teams": [["N-009", "N-003"]], "discard": ["N-010"],
                  "deck": ["N-001"] * 5})
    assert [len(t) for t in m.state.players[1].teams] == [2] and events(m, "left_team") == []


def test_M_037_specific_instruction_reorganizes_the_blockers_teams():
    p2 = {"village": ["N-009", "N-010", "N-003"], "hand": ["M-037", "J-015"]}
    m = missions({"hand": ["M-006", "J-006"]}, p2)
    m.apply("mission M-006 pay J-006")
    m.apply("counter M-037 pay J-015")
    settle_chain(m)
    assert m.state.pending[0]["kind"] == "organize" and m.actor == 1
    refused(m, "choose N-009:N-010", "N-ORG-2")  # every Ninja
    m.apply("choose N-009:N-010 N-003")
    assert [[m.state.instances[i] for i in t] for t in m.state.players[1].teams] == [["N-009", "N-010"], ["N-003"]]
    assert applied(m) == ["M-037", "M-006"] and zone(m, 0, "hand") == ["N-001"]
    assert zone(m, 1, "chakra") == ["J-015", "M-037"]
    to_attack(m)
    play(m, "next")  # nobody attacks; the blocker keeps its new teams for its own turn


def test_M_038_teachings_of_the_previous_hokage_every_team_must_battle():
    p1 = {"village": ["N-002", "N-009"]}
    p2 = {"village": ["N-003", "N-010"]}
    m = played(p1, p2, "mission M-038 pay J-015")
    to_attack(m)
    assert refused(m, "next", "N-EFFECT-5").params["restriction"] == "all_battle"
    play(m, "send T1")
    refused(m, "next", "N-EFFECT-5")
    play(m, "send T2", "next", "block T1 on N-002")
    assert refused(m, "next", "N-EFFECT-5").params["restriction"] == "all_battle"
    play(m, "block T2 on N-009", "next")
    assert m.phase == "battle_exchange_open"


def test_M_039_small_act_of_courage_cheaper_ninjas_costing_2_or_less():
    m = played({"hand": ["N-009", "N-010"]}, {"hand": ["N-009"]}, "mission M-039 pay J-020", counters=(1, 1))
    assert refused(m, "deploy N-010", "N-DEPLOY-4").params["cost"] == 3  # costs 3: not cheaper
    play(m, "deploy N-009")  # 2 - 1 = 1
    assert zone(m, 0, "village") == ["N-009"]
    finish_turn(m)  # the opponent's Ninjas were never cheaper, and the effect is over
    assert refused(m, "deploy N-009", "N-DEPLOY-4").params["cost"] == 2


def test_M_040_shooting_star_its_genin_is_discarded_when_it_leaves():
    p1 = {"village": ["N-002", "N-011"]}
    m = missions({"hand": ["M-040", "J-020", "N-026"], **p1}, {"hand": ["M-019", "J-020"]})
    refused(m, "mission M-040 pay J-020 target N-011@1", "N-KEY-TARGET-1")  # not a Genin
    refused(m, "deploy N-026", "N-DEPLOY-3")  # one Sasuke Uchiha already in the village
    m.apply("mission M-040 pay J-020 target N-002@1")
    settle_chain(m)
    sasuke = iid(m, 0, "village", "N-002")
    assert m.state.coins[sasuke] == {"star": 1} and zone(m, 0, "village") == ["N-002", "N-011", "M-040"]
    assert names(m.state, sasuke) == {"Shooting Star"} and not meets(m.state, sasuke, "name:Sasuke Uchiha")
    play(m, "deploy N-026")  # renamed: another Sasuke Uchiha may enter (N-DEPLOY-3)
    finish_turn(m)
    m.apply("mission M-019 pay J-020 target M-040@1")
    settle_chain(m)
    assert zone(m, 0, "discard") == ["N-002", "M-040"] and zone(m, 0, "village") == ["N-011", "N-026"]
    assert events(m, "knocked_out") == [{"player": 0, "card": "N-002", "damage": 0}]
    sound(m)


def test_M_040_fails_when_its_genin_has_left_play():
    m = fails([(0, "M-040", [(0, "N-002")])], "discarded",
              p1={"hand": ["M-040"], "village": ["N-011"], "discard": ["N-002"], "deck": ["N-001"] * 5},
              p2={"deck": ["N-001"] * 5})
    assert m.state.coins == {} and zone(m, 0, "village") == ["N-011"]


def test_M_041_manji_battle_formation_one_ninja_takes_no_damage():
    m = played({"village": ["N-003"]}, {"village": ["N-011"]}, "mission M-041 pay J-020 target N-003@1")
    showdown(to_exchange(m, ["send T1"], ["block T1 on N-003"]))
    assert events(m, "showdown")[0]["result"] == "victory" and events(m, "showdown")[0]["difference"] == -4
    assert events(m, "damage_prevented") == [{"player": 0, "card": "N-003"}]
    assert injured(m, 0) == [] and zone(m, 0, "village") == ["N-003"]
    # without it, Sakura is injured
    m = missions({"village": ["N-003"]}, {"village": ["N-011"]})
    showdown(to_exchange(m, ["send T1"], ["block T1 on N-003"]))
    assert injured(m, 0) == ["N-003"]


def test_M_041_fails_when_its_ninja_has_left_play():
    m = fails([(0, "M-041", [(0, "N-003")])], "discarded",
              p1={"hand": ["M-041"], "discard": ["N-003"], "deck": ["N-001"] * 5}, p2={"deck": ["N-001"] * 5})
    assert m.state.lasting == []


def test_M_042_revival_puts_a_ninja_from_the_discard_pile_on_top_of_the_deck():
    m = played({"discard": ["J-030", "N-009", "N-002"], "deck": ["N-001"]}, None, "mission M-042 pay J-020")
    assert sorted(legal(m)) == ["choose N-002@1", "choose N-009@1"]
    m.apply("choose N-002@1")
    assert zone(m, 0, "deck") == ["N-002", "N-001"] and zone(m, 0, "discard") == ["J-030", "N-009"]


def test_M_040_two_copies_in_play_every_listed_join_is_accepted():
    """A Ninja renamed by the Shooting Star lets a second copy of it into play (N-DEPLOY-3): actions
    name Ninjas by number, which names the first copy, so only its joins are listed, and each listed
    one is accepted."""
    m = scenario(phase="organization_organize", turn=3, p1=player(village=["N-001", "N-002", "N-001"]), p2=player())
    joins = [a for a in legal(m) if a.startswith("join")]
    assert joins == ["join N-001 T2", "join N-001 T3", "join N-002 T1", "join N-002 T3"]
    for action in joins:
        m.apply(action)
        m.undo()

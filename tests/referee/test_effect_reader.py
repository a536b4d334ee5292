"""The effect-text reader (issue 17): each phrasing of data/effects.lark, with texts written here in
the catalogue's style (never a card's real text), read into the definition effects.toml would give;
a text with one sentence the grammar does not hold is not read at all; and read definitions played
in a real position through the engine, resolving as their text says."""

from __future__ import annotations

import json

import pytest

from referee.games.naruto.cards import Card, bundled, bundled_scripts, script_text
from referee.games.naruto.reader import Lexicon, read, read_card
from referee.games.naruto.scenario import scenario

from test_rules_battle_end import applied, events, in_play, legal, numbers, play, player, refused, stat

BOOST = {"op": "boost", "to": "self"}

# =================================================================================================
# each phrasing
# =================================================================================================

NINJA_LINES = [
    ("Valid: This Ninja gets +2/+1.", {"while": [{**BOOST, "combat": 2, "support": 1}]}),
    ("This Ninja gets +0/+2.", {"while": [{**BOOST, "support": 2}]}),
    ("Valid: If this Ninja is in the same Team as “Test Friend”, this Ninja gets +1/+0.",
     {"while": [{**BOOST, "combat": 1, "if": ["sent", "team_has:name:Test Friend"]}]}),
    ("When this Ninja is put in play, draw 2 cards.", {"deployed": [{"op": "draw", "who": "self", "n": 2}]}),
    ("When this Ninja is put in play, draw a card.", {"deployed": [{"op": "draw", "who": "self", "n": 1}]}),
    ("When this Ninja is sent out to Attack, it gets +3/+0 during the turn.",
     {"sent": [{**BOOST, "combat": 3, "if": ["attacking"]}]}),
    ("When this Ninja is sent out to Battle, it gets +1/+1 for the turn.",
     {"sent": [{**BOOST, "combat": 1, "support": 1}]}),
    ("If this Ninja’s Team wins a Victory or an Outstanding Victory, draw 1 card.",
     {"won": [{"op": "draw", "who": "self", "n": 1}]}),
    ("Valid: When this Ninja's Team wins a Victory or an Outstanding Victory, draw 2 cards.",
     {"won": [{"op": "draw", "who": "self", "n": 2}]}),
    ("This Ninja cannot be sent out to Attack.", {"rules": ["no_attack"]}),
    ("Valid: This Ninja cannot Block.", {"rules": ["no_block"]}),
]


@pytest.mark.parametrize("text, definition", NINJA_LINES)
def test_ninja_phrasings(text, definition):
    assert read(text) == definition


T = {"op": "move", "to": "targets"}
EFFECTS = [
    ("The target gets -2/-2 during this turn.", {"op": "boost", "to": "targets", "combat": -2, "support": -2}),
    ("The user gets +3/+0 during this turn.", {"op": "boost", "to": "user", "combat": 3}),
    ("Give 2 Damage to the target.", {"op": "damage", "to": "targets", "n": 2}),
    ("Injure the target.", {"op": "injure", "to": "targets"}),
    ("Heal the target.", {"op": "heal", "to": "targets"}),
    ("Return the target to its owner's hand.", {**T, "zone": "hand"}),
    ("Move the target to its owner’s Chakra area.", {**T, "zone": "chakra"}),
    ("Discard the target.", {**T, "zone": "discard"}),
    ("The target becomes a Stand-By Ninja.", {**T, "zone": "standby"}),
    ("Negate the target.", {"op": "negate", "to": "targets", "zone": "discard"}),
    ("The target's Power becomes 0/0 during this turn.", {"op": "zero", "to": "targets"}),
]


@pytest.mark.parametrize("sentence, op", EFFECTS)
def test_operations_on_the_target(sentence, op):
    assert read(f"Target: 1 Ninja\nEffect: {sentence}") == {"do": [op]}


@pytest.mark.parametrize("sentence, op", [
    ("Draw 3 cards.", {"op": "draw", "who": "self", "n": 3}),
    ("Discard 4 cards from the top of your opponent's Deck.", {"op": "mill", "who": "opponent", "n": 4}),
    ("Move the top 2 cards of your Deck to your Chakra area.", {"op": "deck_to_chakra", "n": 2}),
])
def test_operations_without_a_target(sentence, op):
    assert read_card(f"Effect: {sentence}").target == "none" and read(f"Effect: {sentence}") == {"do": [op]}


@pytest.mark.parametrize("line, kind", [
    ("User", "user"), ("1 Ninja Battling against the user", "fighting"), ("1 Ninja opposing the user", "fighting"),
    ("Every Ninja Battling against the user", "every_fighting"), ("Every Ninja in the user's Team", "own_team"), ("1 Ninja", "ninja"),
    ("1 Ninja on the Battlefield", "battlefield"), ("1 Stand-By Ninja", "standby"), ("1 of your Ninjas", "own_ninja"),
    ("1 of your injured Ninjas", "own_injured"), ("1 of your opponent's Ninjas", "opposing_ninja"),
    ("1 Jutsu", "jutsu"), ("1 Jutsu card", "jutsu"),
])
def test_target_lines(line, kind):
    assert read_card(f"Target: {line}\nEffect: Injure the target.").target == kind


def test_the_target_of_a_card_targeting_its_user_is_the_user():
    assert read("Target: User\nEffect: The target gets +2/+2 during this turn.") == {
        "do": [{"op": "boost", "to": "user", "combat": 2, "support": 2}]}


@pytest.mark.parametrize("line, requirement", [
    ("Requirements: “Chunin”", "rank:Chunin"), ("Requirement: \"Jonin\"", "rank:Jonin"),
    ("Requirements: “Sand” Combat Attribute", "attr:Sand"),
])
def test_requirement_lines(line, requirement):
    reading = read_card(f"{line}\nTarget: User\nEffect: The user gets +1/+0 during this turn.")
    assert reading.requirement == requirement and reading.effect == {"do": [{"op": "boost", "to": "user", "combat": 1}]}


def test_several_sentences_and_lines_are_kept_in_order():
    text = "Target: 1 Ninja opposing the user\nEffect: Give 1 Damage to the target. Draw a card."
    assert read(text) == {"do": [{"op": "damage", "to": "targets", "n": 1}, {"op": "draw", "who": "self", "n": 1}]}
    text = "Valid: This Ninja gets +1/+0.\nValid: When this Ninja is put in play, draw 1 card."
    assert read(text) == {"while": [{**BOOST, "combat": 1}], "deployed": [{"op": "draw", "who": "self", "n": 1}]}


def test_spacing_and_case_do_not_matter():
    assert read("  valid:   THIS NINJA GETS +1/+1. \n\n") == {"while": [{**BOOST, "combat": 1, "support": 1}]}


# --- the second slice: coins, start-of-turn offers, immunity, entrance costs, names -----------------
HEADS_DRAW = {"op": "flip", "heads": [{"op": "draw", "who": "self", "n": 1}]}
SECOND_SLICE = [
    ("This Ninja gets +1/+2 during the turn it is put in play.", {"deployed": [{**BOOST, "combat": 1, "support": 2}]}),
    ("When this Ninja is put in play, flip a coin. If it's heads, draw 1 card.", {"deployed": [HEADS_DRAW]}),
    ("Effect: Flip a Ninja Blade coin. If it’s heads, draw 1 card.", {"do": [HEADS_DRAW]}),
    ("Target: 1 Ninja opposing the user\nEffect: Flip a coin; If it's heads, discard the target. If it's tails, the "
     "target gets -1/-1 during this turn.",
     {"do": [{"op": "flip", "heads": [{**T, "zone": "discard"}],
              "tails": [{"op": "boost", "to": "targets", "combat": -1, "support": -1}]}]}),
    ("Target: 1 Ninja\nEffect: Injure the target. Then, draw 2 cards.",
     {"do": [{"op": "injure", "to": "targets"}, {"op": "draw", "who": "self", "n": 2}]}),
    ("Target: 1 of your Ninjas\nEffect: The target gets “Animal” during this turn.",
     {"do": [{"op": "gain", "to": "targets", "char": "Animal"}]}),
    ("Target: 1 of your Ninjas\nEffect: The target cannot be the target of your opponent's Jutsu cards for the turn.",
     {"do": [{"op": "restrict", "rule": "immune", "to": "targets"}]}),
    ("Valid: At the beginning of your turn, you can discard 2 of your Chakras to heal 1 of your injured Ninjas.",
     {"offer": {"when": "start", "chakra": 2, "target": "own_injured", "do": [{"op": "heal", "to": "targets"}]}}),
    ("Valid: Any Ninja(s) with “Byakugan” in your hand get -1 Entrance cost.",
     {"while": [{"op": "cost", "owner": "self", "filter": "char:Byakugan", "delta": -1}]}),
]


@pytest.mark.parametrize("text, definition", SECOND_SLICE)
def test_second_slice_phrasings(text, definition):
    assert read(text) == definition


# --- the effect kind a text implies (set01.csv's effect_kind) --------------------------------------
@pytest.mark.parametrize("text, card_type, kind", [
    ("Valid: This Ninja gets +1/+1.", "Ninja", "valid"),
    ("Valid: At the beginning of your turn, you can discard 2 of your Chakras to heal 1 of your injured Ninjas.",
     "Ninja", "valid"),
    ("This Ninja gets +1/+1.", "Ninja", "continuous"),
    ("When this Ninja is put in play, draw 1 card.", "Ninja", "continuous"),
    ("When this Ninja is sent out to Attack, it gets +3/+0 during the turn.", "Ninja", "on_attack"),  # N-006
    ("When this Ninja is sent out to Battle, it gets +1/+1 for the turn.", "Ninja", "on_battle"),  # N-041
    ("If this Ninja is in the same Team as “Rock Lee”, this Ninja gets +1/+0.", "Ninja", "on_battle"),  # N-021
    ("At the beginning of your turn, you can discard 1 of your Chakras to heal 1 of your injured Ninjas.", "Ninja",
     "start_of_turn"),  # N-013
    ("When this Ninja is sent out to Attack, it gets +1/+0 during the turn.\nThis Ninja gets +0/+1.", "Ninja",
     "on_attack"),  # several lines: the first's
    ("Target: User\nEffect: The target gets +1/+0 during this turn.", "Jutsu", "jutsu"),
    ("Effect: Draw 1 card.", "Mission", "mission"),
    ("Effect: Draw 1 card.", "", "none"),  # a played card of no given type
])
def test_a_reading_gives_the_effect_kind_its_text_implies(text, card_type, kind):
    assert read_card(text, card_type).kind == kind


@pytest.mark.parametrize("text, card_type", [("Effect: Draw 1 card.", "Ninja"),
                                             ("Valid: This Ninja gets +1/+1.", "Jutsu"),
                                             ("This Ninja gets +1/+1.", "Mission")])
def test_a_text_that_does_not_fit_its_card_type_is_not_read(text, card_type):
    assert read_card(text) is not None and read_card(text, card_type) is None


@pytest.mark.parametrize("word, requirement", [("Rock Lee", "name:Rock Lee"), ("Ninja Dog", "char:Ninja Dog"),
                                               ("Genin", "rank:Genin")])
def test_a_quoted_requirement_is_a_rank_a_name_or_a_characteristic_of_the_card_list(word, requirement):
    assert read_card(f"Requirements: “{word}”\nTarget: User\nEffect: Draw 1 card.").requirement == requirement


#: our own texts for Set 1 cards, in the catalogue's style: the reader must give their hand-written definition
SET1_PARAPHRASES = {
    "N-013": "At the beginning of your turn, you can discard 1 of your Chakras to heal 1 of your injured Ninjas.",
    "N-030": "At the beginning of your turn, you can discard 3 of your Chakras to heal 1 of your injured "
             "“Genin” Ninjas.",
    "N-034": "Valid: If this Ninja's Team wins a Victory or an Outstanding Victory, draw 1 card.",
    "J-001": "Target: User\nEffect: The target gets +2/+2 during this turn.",
    "J-024": "Requirements: “Food” Combat Attribute\nTarget: User\nEffect: The target gets +2/+0 during this turn. "
             "The target cannot be the target of your opponent's Jutsu cards during this turn.",
    "J-025": "Target: User\nEffect: The target gets “Clone Status” during this turn. Flip a coin. If it's heads, the "
             "target gets +4/+0 during this turn. If it's tails, the target gets +2/+0 during this turn.",
}


@pytest.mark.parametrize("number", sorted(SET1_PARAPHRASES))
def test_set1_paraphrases_agree_with_the_hand_written_definitions(number):
    card = bundled().get(number)
    reading = read_card(SET1_PARAPHRASES[number], card.type)
    assert script_text(reading.effect) == bundled_scripts()[number]
    assert (reading.requirement, reading.target, reading.kind) == (card.requirement, card.target, card.effect_kind)


# =================================================================================================
# conservative: one unknown sentence and nothing is read
# =================================================================================================

@pytest.mark.parametrize("text", [
    "",
    "Valid: This Ninja gets +1/+1. This Ninja cannot be sent out to Attack.",
    "Valid: This Ninja gets +1/+1.\nValid: This Ninja cannot be the target of Jutsu cards.",
    "Target: 1 Ninja\nEffect: Injure the target. Then, flip a coin.",
    "Permanent (2)\nEffect: Draw 1 card.",
    "Effect: Injure the target.",  # no Target line: the target is unknown
    "Requirements: “Test Hero”\nTarget: User\nEffect: The user gets +1/+0 during this turn.",  # a name or trait?
    "Target: User\nEffect: The target gets “Taijutsu” during this turn.",  # an attribute, not a characteristic
    "Target: User\nEffect: The target gets “Rock Lee” during this turn.",  # a name
    "When this Ninja is put in play, flip a coin. If it's heads, injure the target.",  # a Ninja has no target
    "Target: 1 Ninja\nEffect: Flip a coin twice. If it's heads, injure the target.",
    "Valid: This Ninja cannot be the target of your opponent's Jutsu cards.",  # for good, not for the turn
    "Valid: This Ninja cannot be affected by the effects of your opponent's Jutsu cards.",
    "Valid: This Ninja cannot be sent out to Attack alone.",  # alone: not the rule word read
    "Valid: Any Ninja(s) with “Test Clan” in your hand get -1 Entrance cost.",  # unknown characteristic
    "Valid: Any Ninja(s) with “Byakugan” in your hand get +0 Entrance cost.",
    "At the beginning of your turn, you can discard 1 of your Chakras to heal 1 of your injured Ninjas.\n"
    "At the beginning of your turn, you can discard 2 of your Chakras to heal 1 of your injured Ninjas.",
    "Permanent (3)\nEffect: Draw 1 card.",
    "Valid: This Ninja gets +0/+0.",
    "Effect: Draw 1 card.\nValid: This Ninja gets +1/+1.",  # a played card's effect and a Ninja's
    "When this Ninja is put in play, draw 1 card",  # no full stop: not the sentence the grammar holds
    "Valid: This Ninja gets +1/+0.\nWhen this Ninja is put in play, draw 1 card.",  # Valid is the whole card's
])
def test_a_text_with_an_unknown_sentence_is_not_read(text):
    assert read(text) is None and read_card(text) is None


# =================================================================================================
# read definitions played through the engine
# =================================================================================================

def card_read(text: str, **fields) -> Card:
    """A test card whose effect (definition, requirement, target, kind) is what the reader makes of
    ``text``, as the catalogue import stores it."""
    reading = read_card(text, fields["type"])
    assert reading is not None
    return Card(effect=text, script=json.dumps(reading.effect), requirement=reading.requirement,
                target=reading.target, effect_kind=reading.kind, **fields)


def jutsu(number: str, text: str) -> Card:
    return card_read(text, number=number, name=f"Test {number}", type="Jutsu", symbols=("Fire",),
                     jutsu_cost=("1",))


STRIKE = jutsu("J-981", "Target: 1 Ninja Battling against the user\nEffect: Give 1 Damage to the target.")
FOCUS = jutsu("J-982", "Target: User\nEffect: The target gets +2/+1 during this turn.")
CHAMPION = card_read("Valid: This Ninja gets +1/+2.", number="N-981", name="Test Champion", type="Ninja",
                     symbols=("Fire",), entrance_cost=0, hand_cost=0, healthy=(1, 0), injured=(0, 0),
                     characteristics=("Leaf", "Genin", "Male"))
CARDS = bundled().with_cards([STRIKE, FOCUS, CHAMPION])


def exchange(p1: dict, p2: dict):
    """Seat 1's first Ninja attacks alone, seat 2's first Ninja blocks it: the Jutsu exchange is open."""
    m = scenario(phase="battle_attack", turn=3, cards=CARDS, p1=player(**p1), p2=player(**p2))
    play(m, "send T1", "next", f"block T1 on {p1['village'][0]}", "next")
    assert m.phase == "battle_exchange_open" and m.actor == 0
    return m


def test_a_read_jutsu_boosts_its_user():
    m = exchange({"village": ["N-001"], "hand": ["J-982"], "chakra": ["N-009"]}, {"village": ["N-009"]})
    play(m, "jutsu J-982 by N-001 pay N-009", "pass", "pass")
    assert applied(m) == ["J-982"] and stat(m, 0, "N-001") == (3, 1)


def test_a_read_jutsu_damages_the_ninja_fighting_its_user():
    m = exchange({"village": ["N-001"], "hand": ["J-981"], "chakra": ["N-009"]}, {"village": ["N-009"]})
    play(m, "jutsu J-981 by N-001 pay N-009 target N-009@2", "pass", "pass")
    assert applied(m) == ["J-981"] and in_play(m, 1, "N-009") in m.state.injured


def test_a_read_valid_effect_holds_while_the_ninja_is_in_play():
    m = scenario(phase="battle_attack", turn=3, cards=CARDS, p1=player(village=["N-981"]), p2=player(village=[]))
    assert stat(m, 0, "N-981") == (2, 2)



FLIP = jutsu("J-983", "Target: User\nEffect: Flip a coin. If it's heads, the target gets +3/+0 during this turn. "
                      "If it's tails, the target gets +1/+0 during this turn.")
SHOWY = card_read("This Ninja gets +2/+1 during the turn it is put in play.", number="N-982", name="Test Showy",
                  type="Ninja", symbols=("Fire",), entrance_cost=0, hand_cost=0, healthy=(1, 0), injured=(0, 0),
                  characteristics=("Leaf", "Genin", "Male"))
MEDIC = card_read("At the beginning of your turn, you can discard 1 of your Chakras to heal 1 of your injured Ninjas.",
                  number="N-983", name="Test Medic", type="Ninja", symbols=("Fire",), entrance_cost=0, hand_cost=0,
                  healthy=(1, 0), injured=(0, 0), characteristics=("Leaf", "Genin", "Female"))
MORE = bundled().with_cards([STRIKE, FOCUS, CHAMPION, FLIP, SHOWY, MEDIC])


def test_a_read_coin_flip_gives_each_side_its_effect_over_seeds():
    seen = set()
    for seed in range(12):
        m = scenario(phase="battle_attack", turn=3, cards=MORE, seed=seed,
                     p1=player(village=["N-001"], hand=["J-983"], chakra=["N-009"]), p2=player(village=["N-009"]))
        play(m, "send T1", "next", "block T1 on N-001", "next", "jutsu J-983 by N-001 pay N-009", "pass", "pass")
        (flip,) = events(m, "coin_flip")
        seen.add((flip["result"], stat(m, 0, "N-001")))
    assert seen == {("heads", (4, 0)), ("tails", (2, 0))}


def test_a_read_boost_lasts_the_turn_the_ninja_is_put_in_play():
    m = scenario(phase="mission_main", turn=3, cards=MORE, p1=player(hand=["N-982"]), p2=player())
    play(m, "deploy N-982")
    assert stat(m, 0, "N-982") == (3, 1)


def test_a_read_start_of_turn_offer_heals_for_one_chakra():
    m = scenario(phase="battle_attack", turn=3, cards=MORE, p1=player(village=["N-001"]),
                 p2=player(village=["N-983", "N-010"], injured=["N-010"], chakra=["J-001", "J-002"]))
    play(m, "next")  # seat 1 does not attack; seat 2's turn starts
    assert events(m, "ability_offered") == [{"player": 1, "card": "N-983"}]
    play(m, "use N-983 pay J-001 target N-010@2")
    assert events(m, "healed") == [{"player": 1, "card": "N-010"}] and numbers(m, 1, "discard") == ["J-001"]


RALLY = jutsu("J-984", "Target: Every Ninja in the user's Team\nEffect: The target gets +1/+0 during this turn.")


def test_a_read_jutsu_boosts_every_ninja_of_its_users_team_and_no_other():
    cards = bundled().with_cards([RALLY])
    m = scenario(phase="battle_attack", turn=3, cards=cards, p2=player(village=["N-010"]),
                 p1=player(village=["N-001", "N-009", "N-002"], teams=[["N-001", "N-009"], ["N-002"]], hand=["J-984"],
                           chakra=["N-011"]))
    play(m, "send T1 lead N-001", "send T2", "next", "block T1 on N-001", "next")
    assert "jutsu J-984 by N-001 pay N-011" in legal(m)  # designates by itself: no target named
    play(m, "jutsu J-984 by N-001 pay N-011", "pass", "pass")
    assert applied(m) == ["J-984"]
    assert [stat(m, 0, n) for n in ("N-001", "N-009", "N-002")] == [(2, 0), (4, 1), (3, 1)]
    assert stat(m, 1, "N-010") == bundled().get("N-010").healthy


# --- a side of the Battle a read Ninja forbids its team (N-EFFECT-4) --------------------------------

def read_ninja(number: str, text: str) -> Card:
    return card_read(text, number=number, name=f"Test {number}", type="Ninja", symbols=("Fire",), entrance_cost=0,
                     hand_cost=0, healthy=(2, 1), injured=(1, 0), characteristics=("Leaf", "Genin", "Male"))


SENTRY = read_ninja("N-986", "This Ninja cannot be sent out to Attack.")
SCOUT = read_ninja("N-987", "Valid: This Ninja cannot Block.")
SIDES = bundled().with_cards([SENTRY, SCOUT])


def battle(p1: dict, p2: dict):
    return scenario(phase="battle_attack", turn=3, cards=SIDES, p1=player(**p1), p2=player(**p2))


def test_a_read_ninja_that_cannot_attack_keeps_its_team_home_but_blocks():
    m = battle({"village": ["N-986", "N-001", "N-009"], "teams": [["N-986", "N-001"], ["N-009"]]},
               {"village": ["N-986"]})
    assert [a for a in legal(m) if a.startswith("send")] == ["send T2"]
    err = refused(m, "send T1 lead N-001", "N-EFFECT-4")
    assert err.params["restriction"] == "no_attack" and err.params["card"] == "N-986"
    play(m, "send T2", "next")
    assert "block T1 on N-009" in legal(m)  # it still blocks
    play(m, "block T1 on N-009")
    # not Valid: injured, its text no longer forbids anything
    m = battle({"village": ["N-986"], "injured": ["N-986"]}, {})
    assert "send T1" in legal(m)


def test_a_read_ninja_that_cannot_block_keeps_its_team_home_but_attacks():
    m = battle({"village": ["N-001"]}, {"village": ["N-987", "N-009"], "teams": [["N-987"], ["N-009"]]})
    play(m, "send T1", "next")
    assert [a for a in legal(m) if a.startswith("block")] == ["block T2 on N-001"]
    err = refused(m, "block T1 on N-001", "N-EFFECT-4")
    assert err.params["restriction"] == "no_block"
    # Valid: injured, it still cannot block; on its own turn it attacks
    m = battle({"village": ["N-001"]}, {"village": ["N-987"], "injured": ["N-987"]})
    play(m, "send T1", "next")
    refused(m, "block T1 on N-001", "N-EFFECT-4")
    assert "send T1" in legal(battle({"village": ["N-987"]}, {}))


# --- the effect kind in play: an injured read Ninja keeps or loses its effect as Set 1's does --------

def read_twin(number: str, twin: str, text: str) -> Card:
    """A read card ``twin`` with the stats of Set 1's ``number``, whose effect is ``text``."""
    c = bundled().get(number)
    return card_read(text, number=twin, name=f"Test {twin}", type="Ninja", symbols=c.symbols,
                     entrance_cost=c.entrance_cost, hand_cost=c.hand_cost, healthy=c.healthy, injured=c.injured,
                     characteristics=c.characteristics)


#: N-028 (valid: +1/+1 when sent with an Animal) and N-021 (on_battle: +0/+1 when sent with a Male
#: Genin), each beside a read card of the same kind, with the same stats, sent in the same Team
TWINS = [("N-028", read_twin("N-028", "N-984", "Valid: If this Ninja is in the same Team as “Akamaru”, this Ninja "
                                                "gets +1/+1."), "N-036", "valid"),
         ("N-021", read_twin("N-021", "N-985", "If this Ninja is in the same Team as “Naruto Uzumaki”, this Ninja "
                                                "gets +0/+1."), "N-001", "on_battle")]
TWIN_CARDS = bundled().with_cards([twin for _, twin, _, _ in TWINS])


@pytest.mark.parametrize("number, twin, mate, kind", TWINS, ids=["valid", "on_battle"])
@pytest.mark.parametrize("hurt", [False, True], ids=["healthy", "injured"])
def test_an_injured_read_ninja_keeps_or_loses_its_boost_as_set1s_card_of_its_kind(number, twin, mate, kind, hurt):
    assert bundled().get(number).effect_kind == twin.effect_kind == kind
    seen = []
    for ninja in (number, twin.number):
        m = scenario(phase="battle_attack", turn=3, cards=TWIN_CARDS,
                     p1=player(village=[ninja, mate], teams=[[ninja, mate]], injured=[ninja] if hurt else []),
                     p2=player(village=[]))
        play(m, f"send T1 lead {mate}")
        seen.append(stat(m, 0, ninja))
    base = twin.injured if hurt else twin.healthy
    boosted = hurt is False or kind == "valid"
    assert seen[0] == seen[1] and (seen[1] != base) == boosted


def test_a_mission_aiming_from_a_user_stays_manual_a_jutsu_does_not():
    text = "Target: Every Ninja Battling against the user\nEffect: The target gets +1/+0 during this turn."
    assert read_card(text, "Jutsu") is not None
    assert read_card(text, "Mission") is None  # a Mission has no user: nothing to aim from


# --- the third slice: Set 1's own wordings of the vocabulary's operations, targets and ranks --------
#: (our text, the Set 1 card whose hand-written definition it must give, or None, the definition)
THIRD_SLICE = [
    ("Requirements: “Genin” or higher Rank\nTarget: 1 Stand-By Ninja\nEffect: Change the target to injured status.",
     "J-035", {"do": [{"op": "injure", "to": "targets"}]}),
    ("Target: 1 Ninja on the Battlefield\nEffect: Move the target back to its original owner's hand.",
     "J-011", {"do": [{**T, "zone": "hand"}]}),
    ("Target: 1 Stand-By Ninja\nEffect: Move the target to its original owner's Chakra area.",
     "J-009", {"do": [{**T, "zone": "chakra"}]}),
    ("Target: 1 Jutsu card being played\nEffect: Negate the target and discard it. Draw 1 card.",
     "J-007", {"do": [{"op": "negate", "to": "targets", "zone": "discard"}, {"op": "draw", "who": "self", "n": 1}]}),
    ("Target: 1 Jutsu\nEffect: Negate the target and move it back to its original owner's hand.",
     "J-013", {"do": [{"op": "negate", "to": "targets", "zone": "hand"}]}),
    ("Target: 1 Ninja\nEffect: Remove the target from the Team. The target is considered to be a Stand-By Ninja. "
     "Then, draw 1 card.", "J-038", {"do": [{**T, "zone": "standby"}, {"op": "draw", "who": "self", "n": 1}]}),
    ("Target: 1 Ninja opposing the user\nEffect: The target must be sent out to Battle during this turn, if possible.",
     "M-026", {"do": [{"op": "restrict", "rule": "must_attack", "to": "targets"}]}),
    ("Target: Every Ninja\nEffect: Give 1 Damage to the target. Then, draw 2 cards.", "M-005",
     {"do": [{"op": "damage", "to": "all", "n": 1}, {"op": "draw", "who": "self", "n": 2}]}),
    ("Target: All of your injured Ninjas\nEffect: Heal the target. Then, draw 1 card.", "M-021",
     {"do": [{"op": "heal", "to": "own_injured"}, {"op": "draw", "who": "self", "n": 1}]}),
]


@pytest.mark.parametrize("text, number, definition", THIRD_SLICE)
def test_third_slice_phrasings_give_the_operation_of_set1s_card(text, number, definition):
    assert read(text) == definition
    first = [op for op in definition["do"] if op["op"] != "draw"]  # our texts add a draw to some
    assert script_text({"do": first}) == bundled_scripts()[number]


@pytest.mark.parametrize("line, kind, number", [
    ("1 Jutsu card being played", "jutsu", "J-007"),
    ("1 Ninja that is being sent out to Battle", "battlefield", "J-033"),
    ("1 of your Ninjas that is being sent out to Battle", "own_battlefield", "J-038"),
    ("The Back Ninja(s) of the Team Battling against the user", "opposing_rear", "J-021"),
    ("1 card in the Battle Reward area", "reward", "J-009"),
    ("1 “Permanent” Mission card", "permanent", "M-019"),
])
def test_third_slice_target_lines(line, kind, number):
    assert read_card(f"Target: {line}\nEffect: Discard the target.").target == kind == bundled().get(number).target


@pytest.mark.parametrize("rank, number", [("Jonin", "J-014"), ("Chunin", "J-021")])
def test_a_rank_or_higher_requirement_is_the_rank(rank, number):
    reading = read_card(f"Requirements: “{rank}” or higher Rank\nTarget: User\nEffect: Draw 2 cards.", "Jutsu")
    assert reading.requirement == f"rank:{rank}" == bundled().get(number).requirement


@pytest.mark.parametrize("text", [
    "Requirements: “Haku” or higher Rank\nTarget: User\nEffect: Draw 1 card.",  # a name is no rank
    "Target: Every Ninja\nEffect: Draw 1 card.",  # nothing done to them: the line would be lost
    "Target: Every Ninja\nTarget: 1 Ninja\nEffect: Injure the target.",
    "Target: 1 Ninja\nEffect: The target is considered to be a Stand-By Ninja.",
])
def test_third_slice_near_misses_are_not_read(text):
    assert read_card(text) is None


# =================================================================================================
# the fourth slice: the words of the imported catalogue, requirements of several clauses, teammates
# =================================================================================================

#: two Ninjas of another set, as an import knows them: a name and a characteristic Set 1 does not have
OUTSIDER = Card(number="N-985", name="Test Wanderer", type="Ninja", symbols=("Water",), entrance_cost=3, hand_cost=0,
                healthy=(3, 1), injured=(1, 0), characteristics=("Mist", "Chunin", "Male", "Test Clan"))
LEXICON = Lexicon.of([*bundled(), OUTSIDER])


def test_the_catalogues_own_names_and_characteristics_are_read_only_with_its_lexicon():
    for word, requirement in (("Test Wanderer", "name:Test Wanderer"), ("Test Clan", "char:Test Clan"),
                              ("test clan", "char:Test Clan")):  # texts write a characteristic in another case
        text = f"Requirements: “{word}”\nTarget: User\nEffect: The target gets +1/+0 during this turn."
        assert read_card(text, "Jutsu") is None
        assert read_card(text, "Jutsu", LEXICON).requirement == requirement


@pytest.mark.parametrize("line, requirement", [
    ("“Kakashi Hatake” + “Sharingan Eye”", "name:Kakashi Hatake+char:Sharingan Eye"),
    ("“Jonin” + “An Entrance cost of 4 or more”", "rank:Jonin+cost_min:4"),
    ("“Fang” Combat Attribute + “An Entrance cost of 2 or higher”", "attr:Fang+cost_min:2"),
])
def test_requirements_of_several_clauses_must_all_be_met(line, requirement):
    text = f"Requirements: {line}\nTarget: User\nEffect: The target gets +1/+0 during this turn."
    assert read_card(text, "Jutsu").requirement == requirement


@pytest.mark.parametrize("line, conditions", [
    ("If the user is in the same Team as “Sakura Haruno,” give 1 Damage to the target.",
     ["user_team_has:name:Sakura Haruno"]),
    ("If the user is in the same Team as both “Sakura Haruno” and “Sasuke Uchiha”, give 1 Damage to the target.",
     ["user_team_has:name:Sakura Haruno", "user_team_has:name:Sasuke Uchiha"]),
])
def test_an_action_done_only_with_a_teammate(line, conditions):
    text = f"Target: 1 Ninja Battling against the user\nEffect: {line}"
    assert read(text) == {"do": [{"op": "damage", "to": "targets", "n": 1, "if": conditions}]}


@pytest.mark.parametrize("text", [
    "Requirements: “Jonin” + “Test Hero”\nTarget: User\nEffect: The user gets +1/+0 during this turn.",
    "Requirements: “An Entrance cost of 4 or less”\nTarget: User\nEffect: The user gets +1/+0 during this turn.",
    "Target: 1 Ninja\nEffect: If the user is in the same Team as “Sharingan Eye”, injure the target.",  # a trait
    "Target: 1 Ninja\nEffect: If the user is in the same Team as “Test Hero”, injure the target.",
])
def test_fourth_slice_near_misses_are_not_read(text):
    assert read_card(text, "Jutsu") is None


PROUD = jutsu("J-985", "Requirements: “Chunin” + “An Entrance cost of 3 or more”\nTarget: User\n"
                       "Effect: The target gets +2/+0 during this turn.")
PAIRED = jutsu("J-986", "Target: 1 Ninja Battling against the user\n"
                        "Effect: If the user is in the same Team as “Sasuke Uchiha,” give 1 Damage to the target.")
FOURTH = bundled().with_cards([PROUD, PAIRED])


def test_a_read_requirement_of_two_clauses_refuses_a_user_missing_one():
    def at_exchange(user: str):
        m = scenario(phase="battle_attack", turn=3, cards=FOURTH, p2=player(village=["N-001"]),
                     p1=player(village=[user], hand=["J-985"], chakra=["N-002"]))
        play(m, "send T1", "next", f"block T1 on {user}", "next")
        return m

    m = at_exchange("N-011")  # Jonin, Entrance cost 4
    play(m, "jutsu J-985 by N-011 pay N-002", "pass", "pass")
    assert applied(m) == ["J-985"] and stat(m, 0, "N-011") == (7, 3)
    m = at_exchange("N-009")  # Chunin, Entrance cost 2
    refused(m, "jutsu J-985 by N-009 pay N-002", "N-KEY-COND-1")


@pytest.mark.parametrize("team, injured", [(["N-001", "N-002"], True), (["N-001", "N-009"], False)])
def test_a_read_action_with_a_teammate_is_done_only_when_the_user_has_that_teammate(team, injured):
    m = scenario(phase="battle_attack", turn=3, cards=FOURTH, p2=player(village=["N-010"]),
                 p1=player(village=team, teams=[team], hand=["J-986"], chakra=["N-011"]))
    play(m, "send T1 lead N-001", "next", "block T1 on N-001", "next",
         "jutsu J-986 by N-001 pay N-011 target N-010@2", "pass", "pass")
    assert applied(m) == ["J-986"] and (in_play(m, 1, "N-010") in m.state.injured) is injured



# =================================================================================================
# the fifth slice: Set 1's sentences for battles, rule words, Counter and Permanent Missions
# =================================================================================================

def agrees_with(number: str, text: str) -> None:
    """Our text, in the catalogue's style, reads as Set 1's card ``number`` is written by hand: its
    definition (played by that card's own tests), requirement, target and effect kind."""
    card = bundled().get(number)
    reading = read_card(text, card.type)
    assert reading is not None, text
    assert script_text(reading.effect) == bundled_scripts()[number]
    assert (reading.requirement, reading.target, reading.kind) == (card.requirement, card.target, card.effect_kind)


#: our own texts for Set 1 cards, each in the wording its phrasing has in the catalogue
FIFTH_SLICE = {
    "N-004": "When this Ninja is Battling against your opponent's “Female” Ninja, this Ninja gets +1/+1 during the "
             "turn.",
    "N-005": "Valid: This Ninja cannot be sent out to Battle by itself.",
    "N-007": "Valid: All the Ninjas in your hand which are “Jonin” or higher Rank get -1 Entrance cost.",
    "N-008": "Valid: When the Head Ninja of this Ninja's Team is “Genin” and is sent out to Battle, this Ninja gets "
             "+0/+1 during the turn.",
    "N-012": "When you have more Battle Rewards than your opponent, a Team which includes this Ninja cannot be sent "
             "out to Battle.",
    "N-013": "At the beginning of your turn, you may discard 1 card in your Chakra area to heal 1 of your injured "
             "Ninjas.",
    "N-019": "Valid: When this Ninja receives any Damage, flip a coin; if it's heads, reduce the Damage by 1.",
    "N-020": "This Ninja cannot be sent out to Battle in the same Team as “Genin” or lower Rank Ninjas.",
    "N-021": "When this Ninja is sent out to Battle in the same Team as a Ninja with both “Genin” and “Male”, this "
             "Ninja gets +0/+1 during the turn.",
    "N-027": "When this Ninja is sent out to Battle while you have 1 or less cards in your Chakra area, you can send "
             "1 card from the top of your Deck to your Chakra area.",
    "N-030": "At the beginning of your turn, you may discard 3 cards in your Chakra area. Then, heal 1 of your "
             "injured “Genin” Ninjas.",
    "N-031": "Valid: This Ninja cannot be the user of a Jutsu card that requires specific symbols in its Jutsu cost.",
    "N-034": "Valid: When this Ninja's Team wins a Victory or Outstanding Victory in Battle, draw 1 card.",
    "N-037": "All Ninjas with both “Leaf” and “Genin” in this Ninja's Team get +0/+1 during the turn they are sent "
             "out to Battle.",
    "N-039": "When the Head Ninja of this Ninja's Team is a “Genin” with a “Taijutsu” Combat Attribute, this Ninja "
             "gets +0/+4 during the turn.",
    "N-043": "Valid: Jutsu cards used by this Ninja cannot be negated.",
    "J-006": "Requirements: “Jonin” or higher Rank\nTarget: 1 Ninja\nEffect: Move the target back to the top of its "
             "original owner's Deck.",
    "J-008": "Effect: Look at all the cards in your opponent's hand. If they have 1 or more Ninjas in their hand, draw "
             "1 card.",
    "J-010": "Target: 1 Ninja\nEffect: Give 1 Damage to the target. It cannot give any Damage to Ninjas with a "
             "“Flame” Combat Attribute.",
    "J-015": "Target: User\nEffect: The target gets +1/+1 and “Clone status” during this turn.",
    "J-017": "Target: 1 Team\nEffect: Switch the position of the target's Head Ninja and Back Ninja(s).",
    "J-018": "Target: The Team including the user and the Team Battling against the user\nEffect: The target skips "
             "the Showdown. No Damage is received by either Team.",
    "J-019": "Target: 1 of your opponent's Ninjas Battling against the user\nEffect: The target gets -2/-2 during this "
             "turn. If the user has a “Genjutsu” Combat Attribute, the target gets an additional -1/-1.",
    "J-020": "Target: 1 Ninja\nEffect: The target's Power is changed to its printed value and cannot be changed "
             "during this turn.",
    "J-023": "Requirements: “Shadow” Combat Attribute\nTarget: 1 Ninja Battling against the user\nEffect: The Power "
             "of the target is considered to be 0/0 during this turn.",
    "J-024": "Requirements: “Food” Combat Attribute\nTarget: User\nEffect: The target gets +2/+0 during this turn "
             "and cannot be the target of your opponent's Jutsu cards.",
    "J-029": "Target: User\nEffect: The target gets +2/+0 during this turn. If the target has a “Weapon” Combat "
             "Attribute, the target gets an additional +1/+0.",
    "J-032": "Target: 1 Ninja Battling against the user\nEffect: The Combat of the target becomes 0 during this turn.",
    "J-036": "Requirements: “Haku”\nTarget: 1 Ninja Battling against the user\nEffect: The target gets -X/-X during "
             "this turn. X = the number of cards in both players' hands.",
    "J-037": "Target: User\nEffect: The target gets the following text during this turn: “The Jutsu cards used by "
             "this card cannot be negated.”",
    "J-039": "Requirements: “Insect” Combat Attribute\nEffect: Select 3 cards at random from your opponent's Deck and "
             "discard them.",
    "J-040": "Effect: Send 2 cards from the top of your Deck to your Chakra area.",
    "M-009": "Counter\nTarget: 1 non-“Permanent” Mission card being played\nEffect: Negate the target and discard it.",
    "M-012": "Target: 1 of your Ninjas\nEffect: When the target is sent out to Battle during this turn, your "
             "opponent must send out a Team to block the target's Team, if possible.",
    "M-016": "Effect: Look at all the cards in your opponent's hand.",
    "M-022": "Permanent\nEffect: Both Players draw 1 extra card during their Start Phase.",
    "M-025": "Permanent\nEffect: All Ninja cards in both players' hands with an Entrance cost of 1 or more get +1 "
             "Entrance cost. This effect cannot be duplicated.",
    "M-026": "Counter\nTarget: 1 of your opponent's Ninjas\nEffect: The target must be sent out to Battle during "
             "this turn, if possible.",
    "M-030": "Permanent\nEffect: You can play up to 2 Mission cards per turn.",
    "M-031": "Effect: Both players draw 1 card.",
    "M-036": "Target: 1 of your opponent's Ninjas\nEffect: Remove the target from the Team.",
    "M-039": "Effect: Every Ninja in your hand that has an Entrance cost of 2 or less gets -1 Entrance cost.",
    "M-041": "Target: 1 of your Ninjas\nEffect: The target cannot receive any Damage during this turn, even if you "
             "lose the Battle (including both a Defeat and a Complete Defeat).",
}


@pytest.mark.parametrize("number", sorted(FIFTH_SLICE))
def test_fifth_slice_phrasings_agree_with_set1s_hand_written_cards(number):
    agrees_with(number, FIFTH_SLICE[number])


@pytest.mark.parametrize("text, definition", [
    # the same phrasings with other words and numbers than Set 1's
    ("When this Ninja is Battling against your opponent's “Jonin” Ninja, this Ninja gets +0/+2 during the turn.",
     {"while": [{**BOOST, "support": 2, "if": ["fighting:char:Jonin"]}]}),
    ("When the Head Ninja of this Ninja's Team is a “Chunin” with a “Weapon” Combat Attribute, this Ninja gets "
     "+1/+0 during the turn.",
     {"while": [{**BOOST, "combat": 1, "if": ["sent", "leader_is:char:Chunin", "leader_is:attr:Weapon"]}]}),
    ("All Ninjas with both “Leaf” and “Female” in this Ninja's Team get +1/+0 during the turn they are sent out to "
     "Battle.", {"while": [{"op": "boost", "to": "team", "filter": "char:Leaf+Female", "combat": 1, "if": ["sent"]}]}),
    ("Valid: When this Ninja receives any Damage, flip a coin. If it's heads, reduce the Damage by 2.",
     {"damaged": [{"op": "flip", "heads": [{"op": "lower_damage", "n": 2}]}]}),
    ("When this Ninja is sent out to Battle while you have 3 or less cards in your Chakra area, you can send 2 cards "
     "from the top of your Deck to your Chakra area.",
     {"offer": {"when": "sent", "if": ["chakra_max:3"], "do": [{"op": "deck_to_chakra", "n": 2}]}}),
    ("Target: User\nEffect: The target gets +X/+X during this turn. X = the number of cards in both players' hands.",
     {"do": [{"op": "boost", "to": "user", "combat": "hands", "support": "hands"}]}),
    ("Target: 1 Ninja\nEffect: The target gets +1/+0 during this turn. If the target has an “Oil” Combat Attribute, "
     "the target gets an additional +1/+1.",
     {"do": [{"op": "boost", "to": "targets", "combat": 1, "unless": ["target:attr:Oil"]},
             {"op": "boost", "to": "targets", "combat": 2, "support": 1, "if": ["target:attr:Oil"]}]}),
    ("Target: 1 of your Ninjas\nEffect: The target gets +0/+2 and “Animal” during this turn.",
     {"do": [{"op": "boost", "to": "targets", "support": 2}, {"op": "gain", "to": "targets", "char": "Animal"}]}),
    ("Target: 1 of your Ninjas\nEffect: The target cannot receive any Damage for the turn.",
     {"do": [{"op": "restrict", "rule": "no_damage", "to": "targets"}]}),
    ("Effect: Every Ninja in your hand that has an Entrance cost of 3 or less gets -2 Entrance cost.",
     {"do": [{"op": "restrict", "rule": "cost:-2:3"}]}),
])
def test_fifth_slice_phrasings_with_other_words(text, definition):
    assert read(text) == definition


@pytest.mark.parametrize("text, card_type", [
    ("Permanent\nEffect: Draw 1 card.", "Mission"),  # a Permanent Mission's effect that is no standing rule
    ("Effect: You can play up to 2 Mission cards per turn.", "Mission"),  # a standing rule, not Permanent
    ("Counter\nEffect: Draw 1 card.", "Jutsu"),  # a Mission's keyword on a Jutsu
    ("Counter\nValid: This Ninja gets +1/+1.", "Ninja"),
    ("Counter\nPermanent\nEffect: You can play up to 2 Mission cards per turn.", "Mission"),
    ("Target: User\nEffect: The target gets -X/-X during this turn. X = the number of cards in your hand.", "Jutsu"),
    ("Valid: All the Ninjas in your hand which are “Haku” or higher Rank get -1 Entrance cost.", "Ninja"),
    ("This Ninja cannot be sent out to Battle in the same Team as “Chunin” or lower Rank Ninjas.", "Ninja"),
    ("Target: User\nEffect: The target gets +1/+0 and “Rock Lee” during this turn.", "Jutsu"),  # a name gained
])
def test_fifth_slice_near_misses_are_not_read(text, card_type):
    assert read_card(text, card_type) is None


WARD = card_read("Counter\nTarget: 1 of your opponent's Ninjas\nEffect: The target cannot receive any Damage "
                 "during this turn.", number="M-981", name="Test Ward", type="Mission", symbols=(),
                 keywords=("Counter",))  # the import finds the keyword in the text too
FIFTH = bundled().with_cards([WARD])


def test_a_read_counter_mission_is_a_counter_and_resolves():
    assert WARD.effect_kind == "counter" and WARD.is_counter
    m = scenario(phase="mission_main", turn=3, cards=FIFTH, p1=player(hand=["N-003"], village=["N-002"]),
                 p2=player(hand=["M-981", "J-001"]))
    play(m, "deploy N-003")
    assert "counter M-981 target N-002@1" in legal(m)
    play(m, "counter M-981 target N-002@1", "pass", "pass")
    assert applied(m) == ["M-981"]
    assert [(e["rule"], e["card"]) for e in m.state.lasting] == [("no_damage", in_play(m, 0, "N-002"))]


# =================================================================================================
# the sixth slice: facts (counts, Ninjas in play, symbols, the user) and removal from play
# =================================================================================================

@pytest.mark.parametrize("text, definition", [
    ("Valid: While you have 4 or more Chakras, this Ninja gets +1/+1.",
     {"while": [{**BOOST, "combat": 1, "support": 1, "if": ["chakra_min:4"]}]}),
    ("While your opponent has 1 or more Ninjas with a “Fire” Symbol in play, this Ninja gets +0/+2.",
     {"while": [{**BOOST, "support": 2, "if": ["opponent_in_play:symbol:Fire"]}]}),
    ("When you have 2 or less cards in your hand, this Ninja gets +2/+0.",
     {"while": [{**BOOST, "combat": 2, "if": ["hand_max:2"]}]}),
    ("When this Ninja is put in play, if you have “Naruto Uzumaki” in play, draw 1 card.",
     {"deployed": [{"op": "draw", "who": "self", "n": 1, "if": ["own_in_play:name:Naruto Uzumaki"]}]}),
    ("Effect: If your opponent has 1 or more “Chunin” Ninjas in play, draw 2 cards.",
     {"do": [{"op": "draw", "who": "self", "n": 2, "if": ["opponent_in_play:rank:Chunin"]}]}),
    ("Effect: If your opponent has 6 or more cards in their hand, discard 2 cards from the top of your opponent's "
     "Deck.", {"do": [{"op": "mill", "who": "opponent", "n": 2, "if": ["opponent_hand_min:6"]}]}),
    ("Target: 1 Ninja Battling against the user\nEffect: Give 1 Damage to the target. Then, if the user has a Wind "
     "Symbol, draw 1 card.", {"do": [{"op": "damage", "to": "targets", "n": 1},
                                     {"op": "draw", "who": "self", "n": 1, "if": ["user:symbol:Wind"]}]}),
    ("Target: 1 Ninja Battling against the user\nEffect: If the user is “Kakashi Hatake”, injure the target.",
     {"do": [{"op": "injure", "to": "targets", "if": ["user:name:Kakashi Hatake"]}]}),
    ("Target: 1 Ninja\nEffect: If the target has a “Water” Symbol, discard the target.",
     {"do": [{"op": "move", "to": "targets", "zone": "discard", "if": ["target:symbol:Water"]}]}),
    ("Valid: This Ninja cannot be removed from play by the effects of your opponent's Jutsu cards.",
     {"rules": ["unremovable_by_jutsu"]}),
])
def test_sixth_slice_phrasings(text, definition):
    assert read(text) == definition


@pytest.mark.parametrize("text", [
    "Valid: While you have 1 or more Ninjas with a “Rain” Symbol in play, this Ninja gets +1/+0.",  # no symbol
    "Valid: While you have “Test Hero” in play, this Ninja gets +1/+0.",  # neither a name nor a trait known
    "Valid: While your opponent has 2 or more Ninjas with a Fire Symbol in play, this Ninja gets +1/+0.",  # a count
    "Effect: If you have 5 or more Battle Rewards, draw 1 card.",
    "Valid: This Ninja cannot be removed from play by the effects of your opponent's Mission cards.",
])
def test_sixth_slice_near_misses_are_not_read(text):
    assert read_card(text) is None


def ninja_read(number: str, text: str, symbols=("Fire",), characteristics=("Leaf", "Genin", "Male")) -> Card:
    return card_read(text, number=number, name=f"Test {number}", type="Ninja", symbols=symbols, entrance_cost=0,
                     hand_cost=0, healthy=(1, 1), injured=(0, 0), characteristics=characteristics)


RICH = ninja_read("N-986", "Valid: While you have 2 or more Chakras, this Ninja gets +2/+0.")
WARY = ninja_read("N-987", "While your opponent has 1 or more Ninjas with a Water Symbol in play, this Ninja gets "
                           "+0/+2.")
FRIEND = ninja_read("N-988", "When this Ninja is put in play, if you have “Sakura Haruno” in play, draw 1 card.")
STEADY = ninja_read("N-989", "Valid: This Ninja cannot be removed from play by the effects of your opponent's Jutsu "
                             "cards.")
BLAZE = jutsu("J-987", "Target: 1 Ninja Battling against the user\nEffect: Give 1 Damage to the target. Then, if the "
                       "user has a Fire Symbol, draw 1 card.")
BOUNCE = jutsu("J-988", "Target: 1 Ninja Battling against the user\nEffect: Return the target to its owner's hand.")
SIXTH = bundled().with_cards([RICH, WARY, FRIEND, STEADY, BLAZE, BOUNCE])


@pytest.mark.parametrize("chakra, combat", [(["J-001"], 1), (["J-001", "J-002"], 3)])
def test_a_read_count_of_chakras_holds_while_it_is_met(chakra, combat):
    m = scenario(phase="battle_attack", turn=3, cards=SIXTH, p1=player(village=["N-986"], chakra=chakra), p2=player())
    assert stat(m, 0, "N-986") == (combat, 1)


@pytest.mark.parametrize("opposing, support", [(["N-016"], 3), (["N-009"], 1)])
def test_a_read_symbol_in_the_opponents_play_holds_while_it_is_there(opposing, support):
    m = scenario(phase="battle_attack", turn=3, cards=SIXTH, p1=player(village=["N-987"]), p2=player(village=opposing))
    assert stat(m, 0, "N-987") == (1, support)


@pytest.mark.parametrize("village, drawn", [(["N-003"], 1), (["N-001"], 0)])
def test_a_read_draw_when_put_in_play_needs_the_named_ninja(village, drawn):
    m = scenario(phase="mission_main", turn=3, cards=SIXTH, p1=player(hand=["N-988"], village=village, deck=["J-001"]),
                 p2=player())
    play(m, "deploy N-988")
    assert len(m.state.players[0].hand) == drawn


@pytest.mark.parametrize("user, drawn", [("N-002", 1), ("N-001", 0)])  # Sasuke is Fire, Naruto Lightning
def test_a_read_then_if_the_user_has_a_symbol(user, drawn):
    m = scenario(phase="battle_attack", turn=3, cards=SIXTH, p2=player(village=["N-009"]),
                 p1=player(village=[user], hand=["J-987"], chakra=["N-011"], deck=["J-001"]))
    play(m, "send T1", "next", f"block T1 on {user}", "next", f"jutsu J-987 by {user} pay N-011 target N-009@2",
         "pass", "pass")
    assert applied(m) == ["J-987"] and len(m.state.players[0].hand) == drawn


def test_a_read_ninja_that_opposing_jutsu_cannot_remove_from_play_stays():
    m = scenario(phase="battle_attack", turn=3, cards=SIXTH, p2=player(village=["N-989"]),
                 p1=player(village=["N-001"], hand=["J-988"], chakra=["N-011"]))
    play(m, "send T1", "next", "block T1 on N-001", "next", "jutsu J-988 by N-001 pay N-011 target N-989@2",
         "pass", "pass")
    assert applied(m) == ["J-988"] and events(m, "stays_in_play") == [{"player": 1, "card": "N-989"}]
    assert in_play(m, 1, "N-989") in m.state.players[1].battlefield
    # Damage an opposing Jutsu gives is no removal: it counts as Damage does
    m = scenario(phase="battle_attack", turn=3, cards=SIXTH, p2=player(village=["N-989"]),
                 p1=player(village=["N-002"], hand=["J-987"], chakra=["N-011"], deck=["J-001"]))
    play(m, "send T1", "next", "block T1 on N-002", "next", "jutsu J-987 by N-002 pay N-011 target N-989@2",
         "pass", "pass")
    assert in_play(m, 1, "N-989") in m.state.injured and not events(m, "stays_in_play")


# --- a Ninja becoming the user of a Jutsu ----------------------------------------------------------
@pytest.mark.parametrize("text, definition, kind", [
    ("When this Ninja becomes the user of a Jutsu card, it gets +1/+1 during the turn.",
     {"used": [{**BOOST, "combat": 1, "support": 1}]}, "continuous"),
    ("Valid: Each time this Ninja becomes the user of a Jutsu card, draw 1 card.",
     {"used": [{"op": "draw", "who": "self", "n": 1}]}, "valid"),
])
def test_a_ninja_becoming_the_user_of_a_jutsu(text, definition, kind):
    reading = read_card(text, "Ninja")
    assert (reading.effect, reading.kind) == (definition, kind)


def test_a_ninja_becoming_the_user_of_a_jutsu_near_misses_are_not_read():
    assert read_card("When this Ninja becomes the user of a Jutsu card with no specific Symbols, it gets +1/+1 "
                     "during the turn.", "Ninja") is None
    assert read_card("When this Ninja becomes the user of a Jutsu card, injure the target.", "Ninja") is None


EAGER = ninja_read("N-990", "When this Ninja becomes the user of a Jutsu card, it gets +2/+0 during the turn.")
USED = bundled().with_cards([EAGER, FOCUS])


def test_a_read_ninja_is_boosted_as_it_becomes_the_user_of_a_jutsu_and_for_the_turn():
    m = scenario(phase="battle_attack", turn=3, cards=USED, p2=player(village=["N-009"]),
                 p1=player(village=["N-990"], hand=["J-982"], chakra=["N-011"]))
    play(m, "send T1", "next", "block T1 on N-990", "next")
    assert stat(m, 0, "N-990") == (1, 1)
    play(m, "jutsu J-982 by N-990 pay N-011")
    assert stat(m, 0, "N-990") == (3, 1)  # at once, before the Jutsu settles
    play(m, "pass", "pass")
    assert applied(m) == ["J-982"] and stat(m, 0, "N-990") == (5, 2)  # and the Jutsu's own +2/+1


# --- the start of the Battle Phase -----------------------------------------------------------------
EVERY = ninja_read("N-991", "At the beginning of the Battle Phase, draw 1 card.")
MINE = ninja_read("N-992", "At the start of your Battle Phase, draw 1 card.")
BATTLES = bundled().with_cards([EVERY, MINE])


@pytest.mark.parametrize("number, attacker_draws, blocker_draws", [("N-991", 1, 1), ("N-992", 1, 0)])
def test_a_read_draw_at_the_start_of_the_battle_phase(number, attacker_draws, blocker_draws):
    m = scenario(phase="organization_organize", turn=3, cards=BATTLES,
                 p1=player(village=[number], deck=["J-001", "J-002"]), p2=player(village=[number], deck=["J-003"]))
    play(m, "next")
    assert m.phase == "battle_attack"
    assert [len(m.state.players[p].hand) for p in (0, 1)] == [attacker_draws, blocker_draws]


def test_the_start_of_the_battle_phase_near_misses_are_not_read():
    assert read_card("At the beginning of the Battle Phase, injure the target.", "Ninja") is None
    assert read_card("At the beginning of the Mission Phase, draw 1 card.", "Ninja") is None


# --- targets narrowed to a kind of Ninja -----------------------------------------------------------
@pytest.mark.parametrize("line, kind, wanted", [
    ("1 of your “Genin” Ninjas", "own_ninja", "char:Genin"),
    ("1 “Female” Ninja Battling against the user", "fighting", "char:Female"),
    ("1 “Jonin” Ninja opposing the user", "fighting", "char:Jonin"),
    ("Every “Male” Ninja Battling against the user", "every_fighting", "char:Male"),
    ("1 “Animal” Ninja", "ninja", "char:Animal"),
])
def test_a_target_of_a_kind_of_ninja_is_the_cards_target_filter(line, kind, wanted):
    reading = read_card(f"Target: {line}\nEffect: Injure the target.", "Jutsu")
    assert (reading.target, reading.effect) == (kind, {"filter": wanted, "do": [{"op": "injure", "to": "targets"}]})


def test_every_ninja_opposing_the_user_is_every_ninja_battling_against_it():
    assert read_card("Target: Every Ninja opposing the user\nEffect: Injure the target.", "Jutsu").target == \
        "every_fighting"


NARROW = jutsu("J-989", "Target: 1 “Female” Ninja Battling against the user\nEffect: Injure the target.")


@pytest.mark.parametrize("blocker, allowed", [("N-003", True), ("N-009", False)])  # Sakura is Female, Mizuki Male
def test_a_read_target_filter_keeps_the_other_ninjas_out_of_reach(blocker, allowed):
    m = scenario(phase="battle_attack", turn=3, cards=bundled().with_cards([NARROW]), p2=player(village=[blocker]),
                 p1=player(village=["N-001"], hand=["J-989"], chakra=["N-011"]))
    play(m, "send T1", "next", "block T1 on N-001", "next")
    action = f"jutsu J-989 by N-001 pay N-011 target {blocker}@2"
    if allowed:
        play(m, action, "pass", "pass")
        assert applied(m) == ["J-989"] and in_play(m, 1, blocker) in m.state.injured
    else:
        refused(m, action, "N-KEY-TARGET-1")

"""Deck lists (referee.games.naruto.decklists): the referee's text, the N-CCG-DB deck builder's text
export and its Tabletop Simulator JSON, read into one DeckList (sections and counts) and written
back; cards found by number, N-CCG-DB id (older ids too) or English name; rule DECKLIST."""

from __future__ import annotations

import json
import random

import pytest

from referee.engine.errors import Violation
from referee.games.naruto.cards import Card, bundled
from referee.games.naruto.decklists import (CCGDB_IMAGES, MAX_COUNT, DeckList, DeckListError, read_deck_list, write_ccgdb,
                                            write_text, write_tts)
from referee.games.naruto.decks import check_deck, random_deck
from referee.engine.numbers import canonical_number, is_card_number

SET1 = bundled()


def promo(number: str, ccgdb_id: str, name: str = "The First Hokage", combat: int = 6) -> Card:
    return Card(number=number, name=name, type="Ninja", symbols=("Earth",), entrance_cost=6, hand_cost=1,
                healthy=(combat, 3), injured=(5, 2), ccgdb_id=ccgdb_id)


#: Set 1 plus a few later cards with the N-CCG-DB's kinds of ids
TABLE = SET1.with_cards([
    promo("PR-018B", "pr018b"),
    promo("PR-018", "pr018", combat=5),  # another card with the same name, other stats
    promo("N-US093", "nus093", "Test Sound Ninja"),
    promo("NUS-006B", "nus006b", "Test Sound Ninja"),  # a reprint: same facts, another number
    promo("N-1272B", "n1272b", "Test Giant Toad"),
])


# --- card numbers and ids --------------------------------------------------------------------------


@pytest.mark.parametrize("text, number", [
    ("pr018b", "PR-018B"), ("PR-018B", "PR-018B"), ("nUS093", "N-US093"), ("N-US093", "N-US093"),
    ("nus006b", "NUS-006B"), ("NUS-006B", "NUS-006B"), ("N-1272b", "N-1272B"), ("n1272b", "N-1272B"),
    ("ex001", "EX-001"), ("j731", "J-731"), ("cUS001", "C-US001"), ("ni008", "N-008"), ("TE-006", "J-006"),
    ("n 008".replace(" ", ""), "N-008"),
])
def test_N_CARD_4_numbers_and_ids_are_one_card_number(text, number):
    assert is_card_number(text)
    assert canonical_number(text) == number


@pytest.mark.parametrize("text", ["Iruka", "A", "3", "Team", "N-"])
def test_N_CARD_4_words_are_not_numbers(text):
    assert not is_card_number(text)


# --- our text --------------------------------------------------------------------------------------


def test_our_text_forms():
    text = """# name: Test deck
# format: french
3 N-008 Iruka Umino

2 n-001
N-002
3x TE-006
  2X TA-010 Some mission
1 x J-020
"""
    deck = read_deck_list(text, SET1)
    assert (deck.name, deck.format) == ("Test deck", "french")
    assert deck.main == {"N-008": 3, "N-001": 2, "N-002": 1, "J-006": 3, "M-010": 2, "J-020": 1}
    assert deck.copies() == ["N-008"] * 3 + ["N-001"] * 2 + ["N-002"] + ["J-006"] * 3 + ["M-010"] * 2 + ["J-020"]
    assert read_deck_list("", SET1).main == {}


@pytest.mark.parametrize("text, line, reason", [
    ("3 N-008\nIruka Umino\n", 2, "entry"),   # a name needs a count before it
    ("# c\n\n3\n", 3, "entry"),
    ("0 N-008", 1, "count"),
    (f"{MAX_COUNT + 1} N-008", 1, "count"),
    ("1000000000 N-008", 1, "count"),          # a count, never a list of copies
    ("N-008\nthree N-001", 2, "entry"),
    ("3x Iruka Umino []", 1, "entry"),
])
def test_DECKLIST_lines_that_are_not_entries(text, line, reason):
    with pytest.raises(DeckListError) as err:
        read_deck_list(text, SET1)
    assert isinstance(err.value, ValueError)
    assert (err.value.rule, err.value.params["reason"], err.value.line) == ("DECKLIST", reason, line)
    assert err.value.text == text.splitlines()[line - 1]


def test_unknown_numbers_stay_for_the_rules_to_name():
    deck = read_deck_list("3 N-999\n", SET1)
    assert deck.main == {"N-999": 3} and deck.problems == []
    assert Violation("N-CARD-4", {"number": "N-999"}) in check_deck(deck.main, SET1, "standard")


def test_write_text_round_trip_and_order():
    d = ["N-008", "J-010", "N-008", "M-006", "N-001", "N-008"]
    text = write_text(DeckList.of(d), SET1)
    assert text.splitlines() == [
        f"1 J-010 {SET1.get('J-010').name}",
        f"1 M-006 {SET1.get('M-006').name}",
        "1 N-001 Naruto Uzumaki",
        "3 N-008 Iruka Umino",
    ]
    assert sorted(read_deck_list(text, SET1).copies()) == sorted(d)
    full = random_deck(SET1, "standard", random.Random(7))
    assert sorted(read_deck_list(write_text(DeckList.of(full), SET1), SET1).copies()) == sorted(full)


def test_write_text_sorts_numbers_numerically():
    text = write_text(DeckList.of(["N-US093", "N-100", "N-009", "TE-006"]), TABLE)
    assert [line.split()[1] for line in text.splitlines()] == ["J-006", "N-009", "N-100", "N-US093"]


# --- the N-CCG-DB deck builder's text --------------------------------------------------------------


CCGDB_TEXT = """// Mainboard
3x Iruka Umino [n008]
2x The First Hokage [pr018b]
1X Naruto Uzumaki [N-001]
2 Test Giant Toad [n1272b]
1x Kunai
1x Test Sound Ninja

// Reinforcements
2x Sakura Haruno [n003]

// Sideboard
1x The First Hokage [pr018]
"""


def test_ccgdb_text_sections_ids_and_names():
    deck = read_deck_list(CCGDB_TEXT, TABLE)
    assert deck.main == {"N-008": 3, "PR-018B": 2, "N-001": 1, "N-1272B": 2, "J-001": 1, "N-US093": 1}
    assert deck.sections["reinforcements"] == {"N-003": 2}
    assert deck.sections["sideboard"] == {"PR-018": 1}
    assert deck.problems == []
    assert TABLE.get("J-001").name == "Kunai"


def test_ccgdb_text_a_name_of_reprints_is_one_card_but_of_different_cards_is_refused():
    # the two Test Sound Ninjas differ only in number: they are one card, the first by number taken
    assert read_deck_list("1x Test Sound Ninja\n", TABLE).main == {"N-US093": 1}
    # two First Hokages with other stats: the list must say which
    deck = read_deck_list("// Mainboard\n2x The First Hokage\n", TABLE)
    assert deck.main == {}
    assert deck.problems == [Violation("DECKLIST", {"reason": "ambiguous", "line": 2, "name": "The First Hokage",
                                                    "count": 2, "examples": ["pr018", "pr018b"]})]


def test_ccgdb_text_unknown_entries_are_named_by_what_the_line_gives():
    deck = read_deck_list("3x Nobody [zz999]\n1x Nobody Either\n2x [zz998]\n", TABLE)
    reasons = [(v.params["reason"], v.params["line"], v.params["name"], v.params["id"]) for v in deck.problems]
    assert reasons == [("unknown_card", 1, "Nobody", "zz999"), ("unknown_name", 2, "Nobody Either", ""),
                       ("unknown_id", 3, "", "zz998")]


def test_ccgdb_text_an_id_falls_back_on_the_name_and_older_ids_are_found():
    # a wrong id with a right name, as the deck builder itself accepts
    assert read_deck_list("1x Kunai [zz001]\n", TABLE).main == {"J-001": 1}
    # the deck builder's older ids carry the scan's suffix: e (errata), a, r, ra...
    assert read_deck_list("1x Whatever [pr018be]\n2x W [n008ra]\n", TABLE).main == {"PR-018B": 1, "N-008": 2}


def test_write_ccgdb_is_the_deck_builders_export():
    deck = read_deck_list(CCGDB_TEXT, TABLE)
    text = write_ccgdb(deck, TABLE)
    assert text.startswith("// Mainboard\n1x Kunai [j001]\n1x Naruto Uzumaki [n001]\n3x Iruka Umino [n008]\n")
    assert "\n\n// Reinforcements\n2x Sakura Haruno [n003]\n\n// Sideboard\n1x The First Hokage [pr018]\n" in text
    assert "2x Test Giant Toad [n1272b]\n" in text
    again = read_deck_list(text, TABLE)
    assert again.sections == deck.sections
    assert write_ccgdb(DeckList(), TABLE) == "// Mainboard\n"


# --- Tabletop Simulator ----------------------------------------------------------------------------


def tts_card(description: str | None, nickname: str = "Some Card") -> dict:
    out = {"Name": "Card", "Transform": {}, "Nickname": nickname, "CardID": 100, "CustomDeck": {}}
    if description is not None:
        out["Description"] = description
    return out


def test_tts_deck_sections_one_copy_per_card():
    data = {"SaveName": "", "GameMode": "", "Date": "", "ObjectStates": [
        {"Name": "DeckCustom", "Nickname": "Mainboard", "DeckIDs": [100, 200, 300],
         "ContainedObjects": [tts_card("n008"), tts_card("n008"), tts_card("pr018b")]},
        {"Name": "DeckCustom", "Nickname": "Sideboard", "ContainedObjects": [tts_card(None, "Kunai")]},
        {"Name": "Custom_Token", "Nickname": "a token on the table"},
    ]}
    deck = read_deck_list(json.dumps(data), TABLE)
    assert deck.main == {"N-008": 2, "PR-018B": 1}
    assert deck.sections["sideboard"] == {"J-001": 1}


def test_write_tts_reads_back_and_has_the_deck_builders_keys():
    deck = read_deck_list(CCGDB_TEXT, TABLE)
    text = write_tts(deck, TABLE, {"PR-018B": "promos/pr018b.webp"})
    data = json.loads(text)
    assert [o["Nickname"] for o in data["ObjectStates"]] == ["Mainboard", "Reinforcements", "Sideboard"]
    main = data["ObjectStates"][0]
    assert len(main["ContainedObjects"]) == deck.count() and main["DeckIDs"][:2] == [100, 200]
    hokage = next(c for c in main["ContainedObjects"] if c["Description"] == "pr018b")
    assert hokage["Nickname"] == "The First Hokage"
    assert [face["FaceURL"] for face in hokage["CustomDeck"].values()] == [CCGDB_IMAGES + "promos/pr018b.webp"]
    assert read_deck_list(text, TABLE).sections == deck.sections


@pytest.mark.parametrize("text, reason", [
    ("{", "json"),
    ('{"ObjectStates": 3}', "tts"),
    ('{"ObjectStates": [{"Name": "DeckCustom", "ContainedObjects": 7}]}', "tts"),
    ('{"ObjectStates": [{"Name": "DeckCustom", "ContainedObjects": [{"Name": "Card"}]}]}', "tts"),
    ("[" * 100_000, "json"),
])
def test_DECKLIST_files_that_are_not_tabletop_simulator_decks(text, reason):
    if text.startswith("["):
        text = "{" + text  # deeply nested JSON
    with pytest.raises(DeckListError) as err:
        read_deck_list(text, TABLE)
    assert err.value.params["reason"] == reason


def test_N_CARD_4_positions_and_actions_name_cards_by_id_or_french_number():
    from referee.games.naruto.scenario import scenario

    m = scenario(p1={"hand": ["n008", "ni-002"], "village": ["n001"], "injured": ["N-001"], "deck": ["N-001"] * 5},
                 p2={"deck": ["N-001"] * 5})
    assert [m.state.instances[i] for i in m.state.players[0].hand] == ["N-008", "N-002"]
    assert [m.state.instances[i] for i in m.state.injured] == ["N-001"]
    assert m.explain("deploy n002").legal and m.explain("deploy ni-002").legal
    m.apply("deploy n002")
    assert [m.state.instances[i] for i in m.state.players[0].village] == ["N-001", "N-002"]

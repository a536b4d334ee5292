"""Deck construction rules N-DECK-* / N-DECK-FR-*, N-CARD-4 numbers, deck lists, random decks."""

from __future__ import annotations

import random

import pytest

from referee.engine.errors import Violation
from referee.games.naruto.cards import Card, bundled
from referee.games.naruto.decklists import DeckList, read_deck_list, write_text
from referee.games.naruto.decks import FORMATS, RESTRICTED, check_deck, random_deck
from referee.engine.numbers import canonical_number

SET1 = bundled()

# Ninjas with names that appear on one card only in Set 1 (so 3 copies never break N-DECK-3)
UNIQUE_NINJAS = ["N-004", "N-005", "N-006", "N-009", "N-010", "N-012", "N-013", "N-028",
                 "N-029", "N-030", "N-032", "N-035", "N-036", "N-038", "N-039"]
# Jutsu and Missions with distinct names, none restricted
JUTSU = [f"J-{i:03d}" for i in range(7, 40)]
MISSIONS = [f"M-{i:03d}" for i in range(6, 40)]


def copies(numbers: list[str], k: int) -> list[str]:
    return [n for n in numbers for _ in range(k)]


def deck(ninjas: int, others: int) -> list[str]:
    """`ninjas` distinct-name Ninja copies (3 each) plus `others` Jutsu/Mission cards (1..3 each)."""
    n = copies(UNIQUE_NINJAS, 3)[:ninjas]
    o = (JUTSU + MISSIONS + JUTSU + MISSIONS)[:others]
    assert len(n) == ninjas and len(o) == others
    return n + o


def group_card(number: str = "N-900") -> Card:
    return Card(
        number=number,
        name="Naruto & Sasuke",
        type="Ninja",
        symbols=("Lightning", "Fire"),
        entrance_cost=3,
        hand_cost=5,
        healthy=(6, 2),
        injured=(3, 1),
        characteristics=("Group",),
    )


def test_fixture_cards_are_what_the_helpers_assume():
    for n in UNIQUE_NINJAS:
        card = SET1.get(n)
        assert card is not None and card.type == "Ninja" and not card.is_group
        assert sum(1 for c in SET1 if c.name == card.name) == 1
    for n in JUTSU + MISSIONS:
        assert SET1.get(n) is not None and n not in RESTRICTED
    assert len({SET1.get(n).name for n in JUTSU + MISSIONS}) == len(JUTSU + MISSIONS)


# --- formats ------------------------------------------------------------------------------------


def test_formats_and_unknown_format():
    assert FORMATS == ("standard", "french")
    with pytest.raises(ValueError):
        check_deck(deck(20, 30), SET1, "extended")
    with pytest.raises(ValueError):
        random_deck(SET1, "extended", random.Random(1))


def test_legal_decks_have_no_violations():
    assert check_deck(deck(30, 20), SET1, "standard") == []
    assert check_deck(deck(20, 60), SET1, "standard") == []  # no maximum size
    assert check_deck(deck(25, 15), SET1, "french") == []


# --- standard ------------------------------------------------------------------------------------


def test_N_DECK_1_fewer_than_50_cards():
    assert check_deck(deck(20, 29), SET1, "standard") == [
        Violation("N-DECK-1", {"count": 49, "minimum": 50})
    ]
    assert check_deck([], SET1, "standard") == [Violation("N-DECK-1", {"count": 0, "minimum": 50})]


def test_N_DECK_1_exactly_50_is_enough():
    assert check_deck(deck(20, 30), SET1, "standard") == []


def test_N_DECK_2_more_than_30_ninjas():
    assert check_deck(deck(31, 19), SET1, "standard") == [
        Violation("N-DECK-2", {"count": 31, "maximum": 30})
    ]


def test_N_DECK_2_group_ninjas_do_not_count():
    table = SET1.with_cards([group_card()])
    assert table.get("N-900").is_group
    legal = deck(30, 20) + ["N-900"] * 3
    assert check_deck(legal, table, "standard") == []
    # the same deck with a plain Ninja in place of the Groups is refused
    plain = deck(30, 20) + ["N-001"] * 3
    assert check_deck(plain, table, "standard") == [
        Violation("N-DECK-2", {"count": 33, "maximum": 30})
    ]


def test_N_DECK_3_more_than_3_cards_with_same_name():
    # N-001, N-019 and N-025 are all "Naruto Uzumaki"
    d = deck(26, 20) + ["N-001", "N-019", "N-025", "N-025"]
    assert check_deck(d, SET1, "standard") == [
        Violation("N-DECK-3", {"name": "Naruto Uzumaki", "card": "N-001", "count": 4, "maximum": 3})
    ]


def test_N_DECK_3_one_violation_per_name_in_order():
    d = deck(20, 30) + ["N-002"] * 4 + ["N-016", "N-017", "N-043", "N-043", "N-016"]
    assert check_deck(d, SET1, "standard") == [
        Violation("N-DECK-3", {"name": "Haku", "card": "N-016", "count": 5, "maximum": 3}),
        Violation("N-DECK-3", {"name": "Sasuke Uchiha", "card": "N-002", "count": 4, "maximum": 3}),
    ]


def test_N_DECK_3_group_uses_printed_name():
    table = SET1.with_cards([group_card("N-900"), group_card("N-901")])
    d = deck(27, 23) + ["N-900", "N-900", "N-901", "N-901"]
    assert check_deck(d, table, "standard") == [
        Violation("N-DECK-3", {"name": "Naruto & Sasuke", "card": "N-900", "count": 4, "maximum": 3})
    ]
    # the Group's names do not add to "Naruto Uzumaki"
    d = deck(27, 20) + ["N-001", "N-019", "N-025", "N-900", "N-900", "N-900"]
    assert check_deck(d, table, "standard") == []


def test_standard_several_violations_ordered_by_rule():
    d = copies(UNIQUE_NINJAS, 3)[:31] + ["N-001"] * 4
    assert check_deck(d, SET1, "standard") == [
        Violation("N-DECK-1", {"count": 35, "minimum": 50}),
        Violation("N-DECK-2", {"count": 35, "maximum": 30}),
        Violation("N-DECK-3", {"name": "Naruto Uzumaki", "card": "N-001", "count": 4, "maximum": 3}),
    ]


def test_standard_has_no_restricted_list():
    d = deck(20, 28) + ["J-006", "J-006"]
    assert check_deck(d, SET1, "standard") == []


# --- french --------------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [39, 41, 50])
def test_N_DECK_FR_1_not_exactly_40(count):
    d = deck(20, count - 20)
    assert check_deck(d, SET1, "french") == [
        Violation("N-DECK-FR-1", {"count": count, "required": 40})
    ]


def test_N_DECK_FR_2_more_than_25_ninjas():
    assert check_deck(deck(26, 14), SET1, "french") == [
        Violation("N-DECK-FR-2", {"count": 26, "maximum": 25})
    ]


def test_N_DECK_FR_2_group_ninjas_do_not_count():
    table = SET1.with_cards([group_card()])
    assert check_deck(deck(25, 12) + ["N-900"] * 3, table, "french") == []
    assert check_deck(deck(25, 12) + ["N-001"] * 3, table, "french") == [
        Violation("N-DECK-FR-2", {"count": 28, "maximum": 25})
    ]


def test_N_DECK_FR_3_more_than_3_cards_with_same_name():
    d = deck(20, 16) + ["N-011", "N-023", "N-037", "N-037"]
    assert check_deck(d, SET1, "french") == [
        Violation("N-DECK-FR-3", {"name": "Kakashi Hatake", "card": "N-011", "count": 4, "maximum": 3})
    ]


def test_N_DECK_FR_4_restricted_card_french_numbers():
    listed = write_text(DeckList.of(deck(20, 18)), SET1) + "2 TE-006 Méthode du Hakke\n"
    d = read_deck_list(listed, SET1).copies()
    assert d.count("J-006") == 2
    assert check_deck(d, SET1, "french") == [
        Violation("N-DECK-FR-4", {"number": "J-006", "count": 2, "maximum": 1})
    ]
    # the French number given straight to check_deck works too
    d = deck(20, 18) + ["TE-006", "J-006"]
    assert check_deck(d, SET1, "french") == [
        Violation("N-DECK-FR-4", {"number": "J-006", "count": 2, "maximum": 1})
    ]
    # one copy is fine
    assert check_deck(deck(20, 19) + ["TE-006"], SET1, "french") == []


def test_N_DECK_FR_4_the_restricted_list():
    assert RESTRICTED == {"N-138", "J-006", "J-076", "M-005", "M-051", "M-144", "M-150"}
    d = deck(20, 16) + ["TA-005", "M-005", "TA-005", "J-006"]
    assert check_deck(d, SET1, "french") == [
        Violation("N-DECK-FR-4", {"number": "M-005", "count": 3, "maximum": 1})
    ]


def test_N_DECK_FR_4_cards_outside_set_1():
    # NI-138 Shikamaru Nara is in a later set: with a card table that has it, two copies break FR-4
    shika = Card(number="N-138", name="Shikamaru Nara (138)", type="Ninja", symbols=("Fire",),
                 entrance_cost=2, hand_cost=3)
    table = SET1.with_cards([shika])
    d = deck(20, 18) + ["NI-138", "ni-138"]
    assert check_deck(d, table, "french") == [
        Violation("N-DECK-FR-4", {"number": "N-138", "count": 2, "maximum": 1})
    ]


# --- card numbers --------------------------------------------------------------------------------


def test_N_CARD_4_unknown_number():
    d = deck(20, 29) + ["N-999"]
    assert check_deck(d, SET1, "standard") == [Violation("N-CARD-4", {"number": "N-999"})]
    d = deck(20, 18) + ["X-1", "TA-777"]
    assert check_deck(d, SET1, "french") == [
        Violation("N-CARD-4", {"number": "M-777"}),
        Violation("N-CARD-4", {"number": "X-1"}),
    ]


def test_N_CARD_4_french_numbers_canonical():
    assert canonical_number("NI-138") == "N-138"
    assert canonical_number("te-006") == "J-006"
    assert canonical_number(" TA-150 ") == "M-150"
    assert canonical_number("CL-003") == "C-003"
    assert canonical_number("n-008") == "N-008"
    assert canonical_number("PR-001") == "PR-001"
    assert canonical_number("J-006") == "J-006"
    # the French deck is checked like its standard numbers
    fr = [n.replace("N-", "NI-").replace("J-", "TE-").replace("M-", "TA-") for n in deck(25, 15)]
    assert check_deck(fr, SET1, "french") == []


# --- random decks --------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt, size, ninja_max", [("standard", 50, 30), ("french", 40, 25)])
def test_random_deck_is_legal(fmt, size, ninja_max):
    seen = set()
    for seed in range(50):
        d = random_deck(SET1, fmt, random.Random(seed))
        assert check_deck(d, SET1, fmt) == [], seed
        assert len(d) == size
        cards = [SET1.get(n) for n in d]
        ninjas = [c for c in cards if c.type == "Ninja" and not c.is_group]
        assert len(ninjas) <= ninja_max
        assert sum(1 for c in ninjas if c.entrance_cost == 0) >= 8
        assert sum(1 for c in ninjas if c.entrance_cost <= 1) * 3 >= len(ninjas)
        assert sum(1 for n in d if n in RESTRICTED) <= len({n for n in d if n in RESTRICTED})
        seen.add(tuple(d))
    assert len(seen) > 40  # really random


def test_random_deck_deterministic():
    a = random_deck(SET1, "french", random.Random(123))
    b = random_deck(SET1, "french", random.Random(123))
    assert a == b
    assert a != random_deck(SET1, "french", random.Random(124))


def test_random_deck_with_group_cards():
    table = SET1.with_cards([group_card()])
    for seed in range(20):
        for fmt in FORMATS:
            assert check_deck(random_deck(table, fmt, random.Random(seed)), table, fmt) == []

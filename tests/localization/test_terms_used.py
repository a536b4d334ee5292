"""Words printed on cards read in the player's language: a Jutsu cost's symbol letters (each
language's own, no two alike), a choice's answers in the log, the ready decks' names."""

from __future__ import annotations

import pytest

from localization import LANGUAGES, translator

LETTERS = ("F", "W", "N", "L", "E", "V")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_writes_the_six_symbols_with_letters_of_its_own(lang):
    tr = translator(lang)
    letters = [tr.term("symbol_letter", letter) for letter in LETTERS]
    assert len(set(letters)) == 6 and all(1 <= len(x) <= 2 for x in letters)


def test_a_jutsu_cost_is_written_with_the_readers_letters_and_word_for_or():
    assert translator("en").cost((("W", "1"), ("3",))) == "W 1 or 3"
    assert translator("ru").cost((("W", "1"), ("3",))) == "Вд 1 или 3"
    assert translator("es").cost((("L", "L", "2"),)) == "R R 2"


def test_answers_and_ready_decks_are_named_in_the_readers_language():
    ru = translator("ru")
    assert ru.event("chose", {"player": 0, "card": "M-011", "choice": "confirm", "answer": "yes", "cards": []},
                    lambda k: "Ана", lambda n: n).count("да") == 1
    assert ru.deck_name("Leaf Genin") == "Генины Листа" and ru.deck_name("My deck") == "My deck"

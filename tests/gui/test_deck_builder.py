"""The deck builder: live legality with rule ids and sentences, +/− counts, save and load, text
import and export, and a question before unsaved changes are lost."""

import json

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from cards.decks import DeckError, load_deck, load_deck_list, parse_text
from referee.games.naruto.decklists import DeckListError
from gui.deck_builder import MESSAGES
from localization import current

from test_browser import key_clicks

Button = QMessageBox.StandardButton


@pytest.fixture
def answers(monkeypatch):
    """The answers the player gives to the builder's questions, in order (Discard once none is
    left, as when the test's window closes); each question asked is kept."""
    given, asked = [], []

    def question(parent, title, text, *args, **kwargs):
        asked.append(text)
        return given.pop(0) if given else Button.Discard
    monkeypatch.setattr(QMessageBox, "question", question)
    return given, asked


@pytest.fixture
def builder(window, answers):
    return window.start.open("decks")


def test_an_empty_deck_lists_the_rules_it_breaks_with_their_sentences(builder):
    assert builder.violation_rules() == ["N-DECK-1"]
    item = builder.violations.item(0)
    assert item.text().startswith("N-DECK-1")
    assert current().refusal("N-DECK-1", {"count": 0, "minimum": 50}) in item.text()
    assert item.toolTip()
    assert builder.verdict.text() == MESSAGES("illegal", format=current().term("format", "standard"))


def test_the_bundled_leaf_genin_deck_is_legal_and_a_fourth_copy_is_not(builder):
    assert builder.load("Leaf Genin")
    assert builder.violation_rules() == []
    assert builder.verdict.text() == MESSAGES("legal", format=current().term("format", "standard"))
    assert not builder.dirty()
    assert builder.model.counts["J-001"] == 3
    builder.change("J-001", 1)
    assert builder.violation_rules() == ["N-DECK-3"]
    assert builder.dirty()
    builder.table.selectRow(builder.model.numbers.index("J-001"))
    builder.minus_button.click()
    assert builder.violation_rules() == []
    builder.format_combo.setCurrentIndex(builder.format_combo.findData("french"))
    assert "N-DECK-FR-1" in builder.violation_rules()  # exactly 40 cards in the French format


def test_cards_are_added_from_the_search_and_counted_with_plus_and_minus(builder, qtbot):
    key_clicks(builder.search.edit, "N-008")
    qtbot.waitUntil(lambda: builder.search.current_number() == "N-008")
    assert builder.search.confirm.text() == MESSAGES["add"]
    builder.search.confirm.click()
    builder.search.confirm.click()
    assert builder.model.counts == {"N-008": 2}
    assert builder.plus_button.isEnabled()
    builder.plus_button.click()
    assert builder.model.deck() == ["N-008"] * 3
    assert builder.total.text() == MESSAGES("total", cards=current().plural("cards", 3))
    for _ in range(3):
        builder.minus_button.click()
    assert builder.model.deck() == [] and builder.model.rowCount() == 0


def test_save_and_load_round_trip(builder, window):
    builder.load("Leaf Genin")
    builder.name_edit.setText("My Leaf deck")
    builder.change("N-008", 1)
    deck = sorted(builder.deck())
    assert builder.save()
    assert "My Leaf deck" in builder.saved_names()
    assert sorted(load_deck(window.context.database(), "My Leaf deck")) == deck
    assert builder.new()  # saved: nothing to ask
    assert builder.deck() == [] and builder.name_edit.text() == ""
    assert builder.load("My Leaf deck")
    assert sorted(builder.deck()) == deck and builder.format == "standard"
    assert builder.message.text() == MESSAGES("loaded", name="My Leaf deck")


def test_saving_without_a_name_explains_why_in_the_users_language(builder):
    builder.change("N-008", 1)
    assert not builder.save()
    assert builder.message.text() == current().error(DeckError("bad_name", maximum=200))


def test_importing_a_bad_deck_list_shows_the_error_and_changes_nothing(builder, tmp_path, monkeypatch):
    text = "# name: Broken\n3 N-008 Iruka Umino\nthree copies of Naruto\n"
    path = tmp_path / "broken.txt"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))
    builder.import_button.click()
    with pytest.raises(DeckListError) as err:
        parse_text(text, builder.context.cards())
    assert builder.message.text() == current().error(err.value)
    assert "three copies of Naruto" in builder.message.text()  # the line it could not read
    assert builder.deck() == [] and builder.name_edit.text() == ""


def test_a_deck_builder_list_with_a_sideboard_keeps_it_through_save_and_export(builder, window, tmp_path):
    path = tmp_path / "naruto_decklist.txt"
    path.write_text("// Mainboard\n3x Iruka Umino [n008]\n2x Kunai [j001]\n\n// Sideboard\n1x Kunai [j001]\n"
                    "1x Nobody Here\n", encoding="utf-8")
    assert builder.import_file(path)
    assert builder.model.counts == {"N-008": 3, "J-001": 2} and builder.name_edit.text() == "naruto_decklist"
    assert "Nobody Here" in builder.message.text()  # a line naming no card is said
    assert builder.others_label.isVisibleTo(builder) and "Sideboard" in builder.others_label.text()
    assert builder.save()
    stored = load_deck_list(window.context.database(), "naruto_decklist")
    assert (stored.main, stored.sections["sideboard"]) == ({"J-001": 2, "N-008": 3}, {"J-001": 1})
    out = tmp_path / "out.json"
    assert builder.export_file(out, "tts")
    assert [o["Nickname"] for o in json.loads(out.read_text())["ObjectStates"]] == ["Mainboard", "Sideboard"]
    assert builder.export_file(tmp_path / "out.txt", "ccgdb")
    assert (tmp_path / "out.txt").read_text().startswith("// Mainboard\n2x Kunai [j001]\n3x Iruka Umino [n008]\n")


def test_export_then_import_gives_the_same_deck(builder, tmp_path, monkeypatch, answers):
    builder.load("Leaf Genin")
    path = tmp_path / "leaf.txt"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))
    builder.export_button.click()
    assert path.read_text(encoding="utf-8").startswith("# name: Leaf Genin\n# format: standard\n")
    deck = sorted(builder.deck())
    builder.change("N-008", 1)  # an unsaved change: importing asks first
    answers[0].append(Button.Discard)
    assert builder.import_file(path)
    assert len(answers[1]) == 1
    assert sorted(builder.deck()) == deck and builder.name_edit.text() == "Leaf Genin"
    assert builder.dirty()  # read, not saved yet


def test_leaving_with_unsaved_changes_asks_first(builder, window, answers):
    given, asked = answers
    builder.change("N-008", 1)
    given.append(Button.Cancel)
    assert not window.back()
    assert window.page is builder and len(asked) == 1
    given.append(Button.Discard)
    assert window.back()
    assert window.page is window.start


def test_leaving_after_saving_asks_nothing(builder, window, answers):
    builder.name_edit.setText("Quick")
    builder.change("N-008", 1)
    assert builder.save()
    assert window.back()
    assert answers[1] == []


def test_a_broken_rule_opens_the_rules_reference_there(builder, window):
    builder._read_rule(builder.violations.item(0))
    assert window.page.current_rule == "N-DECK-1"


def test_deck_builder_layout_at_1280_by_720(builder, qtbot, screenshot):
    builder.load("Leaf Genin")
    key_clicks(builder.search.edit, "Naruto")
    qtbot.waitUntil(lambda: builder.search.model.rowCount() > 0)
    for control in (builder.name_edit, builder.format_combo, builder.save_button, builder.import_button,
                    builder.export_button, builder.plus_button, builder.minus_button, builder.table,
                    builder.violations, builder.saved_list, builder.load_button, builder.delete_button,
                    builder.search.edit, builder.search.confirm):
        assert control.toolTip(), control
    screenshot("deck_builder")

"""The card browser: search as you type in any language and by number, filters, the card's facts;
and the card search other windows embed, which greys a card it may not confirm."""

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication

from cards.source import SOURCES, effect_texts
from gui.browser import MESSAGES, CardSearch, game_columns
from gui.i18n import language
from localization import translator
from tests.ccgdb_shape import jutsu, ninja

ROLE_TIP, ROLE_FG = Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.ForegroundRole


def key_clicks(widget, text):
    """Key presses for each character, any alphabet (QTest's keyClicks knows only ASCII)."""
    for char in text:
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(widget, QKeyEvent(kind, Qt.Key.Key_unknown, Qt.KeyboardModifier.NoModifier, char))


def typed(qtbot, page, text):
    """Type as a player does and wait for the search that runs once typing pauses."""
    page.edit.clear()
    key_clicks(page.edit, text)
    assert page.timer.isActive()  # not one search per key
    qtbot.waitUntil(lambda: not page.timer.isActive())
    return page.model.numbers


def test_search_as_you_type_by_number(window, qtbot):
    page = window.start.open("browser")
    assert page.model.rowCount() == len(window.context.cards())  # nothing typed: the whole catalogue
    assert typed(qtbot, page, "N-008")[0] == "N-008"
    assert page.selected_number() == "N-008"
    assert typed(qtbot, page, "ni-8")[0] == "N-008"  # French edition number, unpadded


def test_search_by_russian_name_shows_the_name_in_the_active_language(window, qtbot):
    page = window.start.open("browser")
    found = typed(qtbot, page, "Ирука")
    assert found[:2] == ["N-008", "N-022"]
    assert page.model.index(0, page.model.columns.index("name")).data() == "Iruka Umino"


def test_search_by_accentless_spanish_and_french_names(window, qtbot):
    page = window.start.open("browser")
    assert typed(qtbot, page, "formula del sello")[0] == "J-006"  # Fórmula del Sello...
    assert typed(qtbot, page, "freres demons")[:2] == ["N-014", "N-015"]  # Les Frères Démons...


def test_filters_by_type_symbol_and_entrance_cost(window, qtbot):
    page = window.start.open("browser")
    cards = list(window.context.cards())

    def choose(combo, key):
        combo.setCurrentIndex(combo.findData(key))
        return set(page.model.numbers)

    def expected(test):
        found = {c.number for c in cards if test(c)}
        assert found  # the filter is not trivially empty
        return found

    assert choose(page.filters["type"][1], "Jutsu") == expected(lambda c: c.type == "Jutsu")
    assert choose(page.filters["symbol"][1], "Fire") == expected(lambda c: c.type == "Jutsu" and "Fire" in c.symbols)
    page.filters["type"][1].setCurrentIndex(0)  # any type
    page.filters["symbol"][1].setCurrentIndex(page.filters["symbol"][1].findData("Lightning"))
    assert choose(page.filters["cost"][1], 2) == expected(lambda c: "Lightning" in c.symbols and c.entrance_cost == 2)
    assert set(typed(qtbot, page, "Iruka")) == {"N-008", "N-022"}  # text and filters together
    assert typed(qtbot, page, "Sasuke") == []  # Sasuke is Fire
    assert page.status.text() == MESSAGES["nothing"]


def test_detail_pane_shows_the_facts_and_every_name(window, qtbot):
    page = window.start.open("browser")
    typed(qtbot, page, "N-008")
    text = page.detail.toPlainText()
    card = window.context.cards().get("N-008")
    for expected in ("Iruka Umino", "Ирука Умино", "Русский", card.effect, card.attribute,
                     MESSAGES["fact_entrance_cost"], MESSAGES["fact_names"], MESSAGES["fact_effect_source"],
                     SOURCES["hand"]):
        assert expected in text
    for control in (page.edit, page.filters["type"][1], page.filters["symbol"][1], page.filters["cost"][1], page.table, page.detail):
        assert control.toolTip()


def test_card_search_greys_a_refused_card_and_confirms_only_a_legal_one(context, qtbot):
    reason = "not in your hand"
    search = CardSearch(context, lambda number: None if number == "N-008" else reason)
    qtbot.addWidget(search)
    search.show()
    key_clicks(search.edit, "Iruka")
    qtbot.waitUntil(lambda: search.model.rowCount() == 2)
    legal, refused = (search.model.index(search.model.rows.index((n, r))) for n, r in search.model.rows)
    assert search.model.rows == [("N-008", None), ("N-022", reason)]
    assert reason in refused.data(ROLE_TIP) and refused.data(ROLE_FG) is not None
    assert legal.data(ROLE_FG) is None

    search.results.setCurrentIndex(refused)
    assert not search.confirm.isEnabled() and reason in search.confirm.toolTip()
    with qtbot.assertNotEmitted(search.chosen):
        qtbot.keyClick(search.edit, Qt.Key.Key_Return)

    search.results.setCurrentIndex(legal)
    assert search.confirm.isEnabled()
    with qtbot.waitSignal(search.chosen) as chosen:
        qtbot.mouseClick(search.confirm, Qt.MouseButton.LeftButton)
    assert chosen.args == ["N-008"]


def test_card_search_enter_right_after_typing_confirms_the_best_match(context, qtbot):
    search = CardSearch(context)
    qtbot.addWidget(search)
    key_clicks(search.edit, "J-006")
    with qtbot.waitSignal(search.chosen) as chosen:
        qtbot.keyClick(search.edit, Qt.Key.Key_Return)
    assert chosen.args == ["J-006"]


def test_browser_layout_at_1280_by_720(window, qtbot, screenshot):
    page = window.start.open("browser")
    typed(qtbot, page, "Naruto")
    assert window.size().width() == 1280 and window.size().height() == 720
    assert page.table.isVisible() and page.detail.isVisible()
    assert screenshot("browser").stat().st_size > 0


def test_llamas_cards_are_browsed_with_their_own_filters_names_and_descriptions(window, qtbot, screenshot):
    page = window.start.open("browser")
    page.game_choice.setCurrentIndex(page.game_choice.findData("llamas"))
    llamas = list(window.context.cards("llamas"))
    # the base game's 78 cards and the expansion's 34 (a set of its own)
    assert page.model.rowCount() == len(llamas) == 78 + 34 and page.model.columns == game_columns("llamas")
    assert page.filters["subtype"][1].isVisible() and page.filters["variation"][1].isVisible()
    assert not page.filters["symbol"][1].isVisible() and not page.filters["cost"][1].isVisible()

    page.filters["type"][1].setCurrentIndex(page.filters["type"][1].findData("animal"))
    page.filters["variation"][1].setCurrentIndex(page.filters["variation"][1].findData("goat"))
    goats = {c.number for c in llamas if c.type == "animal" and "goat" in c.variations}
    assert set(page.model.numbers) == goats and "LU-015" in goats
    assert typed(qtbot, page, "Козферату") == ["LU-015"]  # its Russian name finds it
    assert page.model.index(0, page.model.columns.index("name")).data() == "Goatsferatu"
    assert "Goatsferatu" in page.detail.toPlainText()
    assert screenshot("browser-llamas-en").stat().st_size > 0

    language().set("ru")
    name = page.model.index(0, page.model.columns.index("name")).data()
    kind = page.model.index(0, page.model.columns.index("llamas_type")).data()
    variation = page.model.index(0, page.model.columns.index("variations")).data()
    assert (name, kind, variation) == ("Козферату", "Животное", "коза")
    text = page.detail.toPlainText()
    assert effect_texts(window.context.database(), "LU-015", "llamas")["ru"] in text and "Козферату" in text
    assert page.game_choice.currentText() == translator("ru").term("game", "llamas")
    assert page.filters["variation"][1].currentText() == "коза"
    labels = [label for label, _ in page.filters.values() if label.isVisible()] + [page.game_label]
    qtbot.waitUntil(lambda: all(label.width() >= label.sizeHint().width() for label in labels))  # none cut
    assert screenshot("browser-llamas-ru").stat().st_size > 0

    page.edit.clear()
    page.game_choice.setCurrentIndex(page.game_choice.findData("naruto"))  # back: the Naruto cards again
    assert page.model.rowCount() == len(window.context.cards()) and page.filters["symbol"][1].isVisible()


def test_importing_a_catalogue_shows_progress_and_the_records_left_out(window, qtbot, tmp_path, monkeypatch):
    """The N-CCG-DB file imported from the browser: a progress dialog while it runs (the window
    keeps painting), then what was imported and each record left out, and the new cards listed."""
    import json

    from PySide6.QtWidgets import QFileDialog, QMessageBox, QProgressDialog

    from tests.ccgdb_shape import catalogue

    data = catalogue()
    data["Promo Cards"][1]["Healthy Combat"] = 2.5  # a record that cannot be read
    path = tmp_path / "narutoccgdatabase.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    shown, progress = [], []
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))
    monkeypatch.setattr(QMessageBox, "exec", lambda box: shown.append((box.text(), box.detailedText())) or 0)
    original = QProgressDialog.setValue
    monkeypatch.setattr(QProgressDialog, "setValue", lambda d, v: progress.append(v) or original(d, v))
    page = window.start.open("browser")
    before = page.model.rowCount()
    page.import_button.click()
    assert progress and progress[-1] == 1000 and progress == sorted(progress)
    (text, details), = shown
    assert text.splitlines()[0] == "narutoccgdatabase.json: 40 new, 0 updated, 0 unchanged."
    assert "Left out: 1 record that cannot be read (details below)." in text
    assert details == "Promo Cards, record 2 (pr918b): Healthy Combat is 2.5, not a whole number"
    assert page.model.rowCount() == before + 40
    assert typed(qtbot, page, "nUS920")[0] == "N-US920"
    assert typed(qtbot, page, "EX-901")[0] == "EX-901"  # its effect text is read on import
    assert SOURCES["read"] in page.detail.toPlainText()


#: imported records in the real catalogue's shape (tests/ccgdb_shape.py), texts of our own: a Jutsu
#: the effect-text reader understands whole, a Ninja it does not, and a Ninja with no effect
READ_JUTSU = jutsu("j971", "J-971", "Test Lift", "1", text="Target: User\nEffect: The target gets +1/+2 during this turn.")
ODD_NINJA = ninja("n971", "N-971", "Test Riddle", text="Valid: This Ninja gets +1/+1 while it rains.")
QUIET_NINJA = ninja("n972", "N-972", "Test Quiet")


def catalogue_file(tmp_path, *records):
    import json

    path = tmp_path / "narutoccgdatabase.json"
    path.write_text(json.dumps({"09 Test Legacy": list(records)}), encoding="utf-8")
    return path


def test_the_browser_sets_a_card_back_to_manual_as_the_cli_does_and_undoes_it(window, qtbot, tmp_path):
    """The toggle stores the choice in the database (`cards.source.set_manual`, the code path of
    `referee cards manual`), shows it in the facts, says it as the command does, and the engine's
    cards are read again with it; a card with no effect has nothing to set."""
    from cards.cli_catalogue import MESSAGES as CLI
    from cards.games.naruto.importers import import_ccgdb_json
    from cards.source import catalogue_facts

    context = window.context
    import_ccgdb_json(context.database(), catalogue_file(tmp_path, READ_JUTSU, QUIET_NINJA))
    context.close()
    page = window.start.open("browser")
    assert typed(qtbot, page, "J-971")[0] == "J-971"
    assert SOURCES["read"] in page.detail.toPlainText() and context.cards().get("J-971").abilities
    assert page.manual_button.isEnabled() and page.manual_button.text() == MESSAGES["by_hand"]
    page.manual_button.click()
    assert catalogue_facts(context.database(), "J-971")["effect_override"] is True
    assert SOURCES["manual"] in page.detail.toPlainText() and SOURCES["read"] not in page.detail.toPlainText()
    assert page.status.text() == CLI["now_manual"].format(number="J-971")
    assert not context.cards().get("J-971").abilities  # the next match is played with the choice
    assert page.manual_button.text() == MESSAGES["by_referee"]
    page.manual_button.click()
    assert catalogue_facts(context.database(), "J-971")["effect_override"] is False
    assert SOURCES["read"] in page.detail.toPlainText() and context.cards().get("J-971").abilities
    assert page.status.text() == CLI["now_source"].format(number="J-971", source=SOURCES["read"])
    assert typed(qtbot, page, "N-972")[0] == "N-972"
    assert not page.manual_button.isEnabled()  # no effect: nothing to apply by hand
    assert typed(qtbot, page, "N-008")[0] == "N-008"
    assert page.manual_button.isEnabled()  # a hand-written card too, as `referee cards manual` takes it


def test_the_import_dialog_shows_the_coverage_the_cli_prints_in_the_users_language(window, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    from cards.cli_catalogue import MESSAGES as CLI
    from cards.search import TYPE_TERMS
    from localization import current

    path = catalogue_file(tmp_path, READ_JUTSU, ODD_NINJA, QUIET_NINJA)
    shown = []
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))
    monkeypatch.setattr(QMessageBox, "exec", lambda box: shown.append(box.text()) or 0)
    page = window.start.open("browser")
    language().set("ru")
    page.import_button.click()
    (text,) = shown
    assert text.splitlines()[1:] == [
        CLI("coverage", automated=1, total=2, share=50, hand=0, read=1, manual=1),
        CLI("coverage_by_set"), CLI("coverage_row", name="Test Legacy", automated=1, total=2, share=50),
        CLI("coverage_by_type"),
        *(CLI("coverage_row", name=current().term(TYPE_TERMS["naruto"], kind), automated=done, total=1, share=share)
          for kind, done, share in (("Jutsu", 1, 100), ("Ninja", 0, 0)))]
    assert "эффект" in text.splitlines()[1]  # said in Russian


def test_an_expansion_card_shows_its_set_by_its_name_in_the_readers_language(context):
    from gui.browser import card_details

    language().set("ru")
    details = card_details(context, "LU-105", "llamas")
    language().set("en")
    assert "Фермерские и опасные" in details and "Farmed and Dangerous" not in details
    assert "Смена поля" in details
    assert "Llamas Unleashed" in card_details(context, "LU-062", "llamas")  # the base game's set as named
